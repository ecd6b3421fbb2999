"""Getting back to a good point: host backups of the training state, and noticing
when training has gone wrong without a NaN.

A backup is everything a run needs to continue exactly from a step: weights,
optimizer state, step count and the data order (which fixes the schedule
position too). It lives in host memory, so it survives a GPU that lost its
memory (a "sticky" CUDA error) and a divergence that poisoned the weights.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .data_order import DataOrderState


@dataclass(frozen=True)
class Backup:
    step: int
    weights: dict[str, np.ndarray]
    optimizer_arrays: dict[str, np.ndarray]
    optimizer_t: int
    data: DataOrderState
    lr_used: float


MIN_ACCURACY_SAMPLES = 100
"""Test images an accuracy needs to be judged on: at 100, chance (10 %) and 50 % are eight
standard errors apart, so a fall from one to the other is no accident of sampling."""


class CollapseWatch:
    """Notices a run whose loss sits at chance level (ln 10 for ten classes) after
    having been clearly lower, or after blowing up: the slow kind of divergence
    (e.g. SGD with a far too high learning rate kills every ReLU and the loss
    stays at 2.30 for ever, with no NaN to give it away)."""

    def __init__(self, classes: int = 10, patience: int = 150):
        self.chance = math.log(classes)
        self.patience = patience
        self.reset()

    def reset(self) -> None:
        self.ema: float | None = None
        self.lowest = math.inf
        self.highest = -math.inf
        self.steps_at_chance = 0
        self.best_accuracy = 0.0

    def _learned_or_exploded(self) -> bool:
        return self.lowest < 0.6 * self.chance or self.highest > 2.0 * self.chance

    def add_loss(self, loss: float) -> bool:
        """One training step's loss; True when the run has collapsed."""
        self.ema = loss if self.ema is None else 0.95 * self.ema + 0.05 * loss
        self.lowest = min(self.lowest, self.ema)
        self.highest = max(self.highest, loss)
        at_chance = 0.9 * self.chance <= self.ema <= 1.3 * self.chance
        self.steps_at_chance = self.steps_at_chance + 1 if at_chance and self._learned_or_exploded() else 0
        return self.steps_at_chance >= self.patience

    def add_accuracy(self, accuracy: float, samples: int, classes: int = 10) -> bool:
        """A test accuracy on ``samples`` images; True when it fell to chance after having been
        well above it. Only evaluations on at least ``MIN_ACCURACY_SAMPLES`` images count: on one
        test image the accuracy is 0 % or 100 % by chance, and that drop means nothing."""
        if samples < MIN_ACCURACY_SAMPLES:
            return False
        self.best_accuracy = max(self.best_accuracy, accuracy)
        return self.best_accuracy >= 0.5 and accuracy <= 1.5 / classes

    @property
    def healthy(self) -> bool:
        """Whether now is a good point to keep a backup of."""
        return self.ema is None or (math.isfinite(self.ema) and self.steps_at_chance == 0
                                    and self.ema < 2.0 * self.chance)

    def describe(self) -> str:
        return (f"the loss has stayed at chance level ({self.chance:.2f} = ln 10, a guess among ten classes) "
                f"for {self.steps_at_chance} steps after having been "
                + ("much lower" if self.lowest < 0.6 * self.chance else "far higher"))

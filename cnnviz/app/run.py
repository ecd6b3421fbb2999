"""One training run as the app sees it: what it was started with, what it recorded, the model it has.

:class:`Run` adds to :class:`~.run_state.RunState` (the phase and the bounded history of steps,
evaluations and timings) the run's config, the NumPy copy of its model (:class:`~.inference.LocalModel`:
what the view panels and the drawing pad compute with), the weights it starts from, a label
("Fine-tuning on our drawings"), the test accuracy a loaded file gives its weights, and where it was
last saved. No Qt.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..train.trainer import TrainConfig
from .inference import LocalModel
from .run_state import RunState


@dataclass
class Run(RunState):
    config: TrainConfig | None = None
    """The settings the run was started with (None: not started yet)."""
    label: str = ""
    """What the run is for, said when it finishes (empty: an ordinary run)."""
    local: LocalModel = field(default_factory=LocalModel)
    """The NumPy copy of the run's weights (random ones before it starts, the final ones after)."""
    initial_weights: dict | None = None
    """The weights Start trains from: a loaded checkpoint's (None: fresh random ones)."""
    known_accuracy: float | None = None
    """The test accuracy a loaded checkpoint says its weights have (None: not known; cleared with the history)."""
    saved_to: Path | None = None
    """Where the weights were last saved (None: never)."""

    def clear(self) -> None:
        super().clear()
        self.known_accuracy = None

    def figures(self) -> dict:
        """What a save of the run's model says about it: its step and, when known, its epoch and test accuracy."""
        local = self.local
        figures = {"step": int(local.step)}
        if self.last_step is not None and self.last_step.step == local.step:
            figures["epoch"] = round(float(self.last_step.epoch), 4)
        if self.last_eval is not None and self.last_eval.step == local.step:
            figures["test_accuracy"] = float(self.last_eval.test_accuracy)
        elif self.known_accuracy is not None:
            figures["test_accuracy"] = float(self.known_accuracy)  # a loaded model, not trained since
        return figures

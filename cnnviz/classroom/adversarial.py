"""Fool the network: a targeted attack on its 28x28 input, in whole 1/255 steps.

* ``"bim"`` -- the basic iterative method (targeted, projected onto an L-infinity
  ball): every step moves each pixel by ``step`` grey levels in the direction
  that raises log p(target), then clips to ``epsilon`` around the original and
  to [0, 1]. No pixel changes by more than ``epsilon``; many pixels change a little.
* ``"pixels"`` -- the fewest pixels (greedy, JSMA-like): every step picks the one
  pixel not yet changed whose change, as far as ``epsilon`` allows, raises
  log p(target) most by the gradient's first-order estimate, and changes it all
  the way. Few pixels change, each a lot.

Every iterate is a whole number of grey levels (k/255), so the 8-bit PNG
written from the result is exactly the input that was tested: what fooled the
network here fools it again from the file (``cnnviz predict --raw``). Input
gradients come from the model's own backward passes
(:func:`~cnnviz.classroom.saliency.layer_input_gradients`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import numpy as np

from ..data.file_writing import atomic_write_bytes
from ..nn.model import NUM_CLASSES, Sequential
from .render import png_bytes
from .saliency import IMAGE_SIZE, layer_input_gradients

__all__ = [
    "MODES",
    "MAX_STEPS",
    "DEFAULT_EPSILON",
    "DEFAULT_STEPS",
    "FoolResult",
    "fool",
    "save_png",
    "to_levels",
    "log_probability_seed",
]

MODES = ("bim", "pixels")
MAX_STEPS = 10_000
"""The most gradient steps one attack may take (each is one forward and backward of one image)."""
DEFAULT_EPSILON = {"bim": 0.25, "pixels": 1.0}
"""The budget ``cnnviz fool`` uses when none is given: a quarter of full white everywhere, or any change to few
pixels."""
DEFAULT_STEPS = {"bim": 200, "pixels": 100}
"""The most steps ``cnnviz fool`` and the Fool tab take (in ``"pixels"`` mode: the most pixels changed)."""
LEVELS = 255


def to_levels(image: np.ndarray) -> np.ndarray:
    """A [0, 1] image as whole grey levels 0..255 (int16: room for the +-step arithmetic)."""
    image = np.asarray(image, dtype=np.float64)
    if image.shape != (IMAGE_SIZE, IMAGE_SIZE):
        raise ValueError(f"expected one 28x28 image, got shape {image.shape}")
    if not np.all(np.isfinite(image)):
        raise ValueError("the image contains NaN or infinite values")
    return np.rint(np.clip(image, 0.0, 1.0) * LEVELS).astype(np.int16)


def _from_levels(levels: np.ndarray) -> np.ndarray:
    # Exactly what reading the 8-bit PNG back gives (cnnviz.data.drawing.load_image: uint8 / 255 in float32).
    return levels.astype(np.uint8).astype(np.float32) / np.float32(LEVELS)


def log_probability_seed(target: int):
    """d log p(target) / d logits, row by row: the seed that turns logits' gradients into the attack's."""

    def seed(logits: np.ndarray) -> np.ndarray:
        shifted = logits - logits.max(axis=1, keepdims=True)
        probs = np.exp(shifted)
        probs /= probs.sum(axis=1, keepdims=True)
        grad = -probs
        grad[:, target] += 1.0
        return grad

    return seed


@dataclass(frozen=True)
class FoolResult:
    original: np.ndarray  # (28, 28) float32, whole grey levels
    adversarial: np.ndarray  # (28, 28) float32, whole grey levels: the input that was tested
    label: int  # the network's answer for the original
    target: int
    fooled: bool  # the network answers ``target`` for ``adversarial``
    probabilities: np.ndarray  # (10,) for ``adversarial``
    original_probabilities: np.ndarray  # (10,)
    mode: str
    epsilon: float
    steps: int  # gradient steps taken

    @property
    def change(self) -> np.ndarray:
        """Adversarial minus original, in [0, 1] units (whole grey levels / 255, exactly)."""
        return (to_levels(self.adversarial) - to_levels(self.original)) / LEVELS

    @property
    def linf(self) -> float:
        return float(np.abs(self.change).max())

    @property
    def l2(self) -> float:
        return float(np.sqrt((self.change**2).sum()))

    @property
    def pixels_changed(self) -> int:
        return int(np.count_nonzero(self.change))

    def png_array(self) -> np.ndarray:
        """The adversarial input as (28, 28) uint8, as the PNG stores it."""
        return to_levels(self.adversarial).astype(np.uint8)

    def as_dict(self) -> dict:
        return {
            "label": self.label,
            "target": self.target,
            "fooled": self.fooled,
            "linf": round(self.linf, 6),
            "l2": round(self.l2, 6),
            "pixels_changed": self.pixels_changed,
            "probabilities": [round(float(p), 6) for p in self.probabilities],
            "mode": self.mode,
            "epsilon": round(self.epsilon, 6),
            "steps": self.steps,
        }


def _probabilities(model: Sequential, levels: np.ndarray) -> np.ndarray:
    # The same call `cnnviz predict` makes, so "fooled" here is what it will say.
    return model.predict_proba(_from_levels(levels)[None, None], batch_size=1)[0].astype(np.float64)


MIN_EPSILON = 1 / LEVELS
"""The smallest budget that can change a pixel: one grey level (epsilon is rounded down to whole levels)."""


def check_epsilon(epsilon) -> None:
    """Raise ``ValueError`` unless ``epsilon`` is a budget of at least one whole grey level and at most 1."""
    if not (isinstance(epsilon, (int, float)) and np.isfinite(epsilon) and 0 < epsilon <= 1):
        raise ValueError(f"epsilon must be more than 0 and at most 1 (a fraction of full white), got {epsilon!r}")
    if int(np.floor(epsilon * LEVELS + 1e-9)) < 1:
        raise ValueError(
            f"epsilon {epsilon:g} is less than one grey level (1/{LEVELS} = {MIN_EPSILON:.4f}); it is "
            "rounded down to whole grey levels, so it would change no pixel"
        )


def fool(
    model: Sequential,
    image28: np.ndarray,
    target: int,
    epsilon: float = 0.25,
    mode: str = "bim",
    steps: int = 100,
    step_levels: int | None = None,
) -> FoolResult:
    """Make the network answer ``target`` for a copy of ``image28`` changed by at most ``epsilon`` per pixel.

    ``image28`` is the network's (28, 28) input in [0, 1]; it is first rounded
    to whole grey levels. ``epsilon`` is in [0, 1] units and is rounded down to
    whole grey levels; one below a grey level (:data:`MIN_EPSILON`) is refused: it would change no pixel. ``steps``
    bounds the gradient steps; in
    ``"pixels"`` mode it is also the most pixels that may change. ``step_levels``
    (``"bim"`` only) is how many grey levels a step moves a pixel: by default
    a tenth of the budget, at least 1. The attack stops as soon as the network
    answers ``target``. ``fooled`` says whether it did.
    """
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}, got {mode!r}")
    if isinstance(target, bool) or not isinstance(target, (int, np.integer)) or not 0 <= target < NUM_CLASSES:
        raise ValueError(f"target must be a digit from 0 to {NUM_CLASSES - 1}, got {target!r}")
    check_epsilon(epsilon)
    if not 1 <= steps <= MAX_STEPS:
        raise ValueError(f"steps must be from 1 to {MAX_STEPS}, got {steps}")
    budget = int(np.floor(epsilon * LEVELS + 1e-9))
    if step_levels is None:
        step_levels = max(1, int(round(budget / 10)))
    if not 1 <= step_levels <= LEVELS:
        raise ValueError(f"step_levels must be from 1 to {LEVELS}, got {step_levels}")
    target = int(target)

    start = to_levels(image28)
    low, high = np.maximum(start - budget, 0), np.minimum(start + budget, LEVELS)
    original_probs = _probabilities(model, start)
    seed = log_probability_seed(target)
    levels = start.copy()
    probs = original_probs
    untouched = np.ones(start.shape, dtype=bool)
    taken = 0
    while int(probs.argmax()) != target and taken < steps:
        _, grad = layer_input_gradients(model, _from_levels(levels), len(model.layers) - 1, seed)
        grad = grad[0].astype(np.float64)
        if mode == "bim":
            moved = np.clip(levels + step_levels * np.sign(grad).astype(np.int16), low, high)
        else:
            room = np.where(grad > 0, high - levels, levels - low)  # how far the helpful direction can go
            gain = np.where(untouched, np.abs(grad) * room, 0.0)
            pick = np.unravel_index(int(gain.argmax()), gain.shape)
            if gain[pick] <= 0:
                break  # no pixel left whose change would help
            moved = levels.copy()
            moved[pick] = high[pick] if grad[pick] > 0 else low[pick]
            untouched[pick] = False
        taken += 1
        if np.array_equal(moved, levels):
            break  # every helpful pixel is at its bound: the budget is spent
        levels = moved
        probs = _probabilities(model, levels)

    return FoolResult(
        original=_from_levels(start),
        adversarial=_from_levels(levels),
        label=int(original_probs.argmax()),
        target=target,
        fooled=int(probs.argmax()) == target,
        probabilities=probs,
        original_probabilities=original_probs,
        mode=mode,
        epsilon=budget / LEVELS,
        steps=taken,
    )


def save_png(result: FoolResult, path: str | os.PathLike[str]):
    """Write the fooling input as the 28x28 8-bit grey PNG that ``cnnviz predict --raw`` reads back exactly
    (atomically: a failed write leaves no half file). Returns the path written."""
    return atomic_write_bytes(path, png_bytes(result.png_array()))

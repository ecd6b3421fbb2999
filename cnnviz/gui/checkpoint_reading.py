"""Reading a checkpoint off the GUI thread (a background job runs :func:`read_checkpoint`): the model on the
NumPy backend, its weights, its run's curves and where it was, and the optimiser settings its metadata names
validly (:func:`settings_from_meta`: a file from outside may say anything). :mod:`.checkpoints` applies it."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..app import comparison
from ..backends import registry
from ..nn import checkpoint
from ..nn.model import Sequential
from ..nn.optim import OPTIMIZERS, SCHEDULES
from ..train.config import MAX_EPOCHS
from ..train.resume import Resume
from ..train.resume import from_meta as resume_from_meta


@dataclass(frozen=True)
class Loaded:
    """A checkpoint read and checked off the GUI thread, ready to replace the model."""

    path: Path
    model: Sequential
    """On the NumPy backend."""
    spec: str
    weights: dict
    step: int
    note: str = ""
    """What was wrong with the metadata and how it was read instead (empty when nothing)."""
    test_accuracy: float | None = None
    """The test accuracy the file says its weights had (None: it does not say)."""
    epoch: float | None = None
    settings: dict = field(default_factory=dict)
    """The optimiser settings it was trained with, those it names validly (:func:`settings_from_meta`)."""
    resume: Resume | None = None
    """Where the run that trained it was (an autosave's, a save's made during a run): Start goes on from there."""
    history: comparison.Curves = field(default_factory=comparison.Curves)
    """The curves of the run that trained it, as its file carries them (empty: none)."""
    class_names: tuple[str, ...] | None = None
    """A net of the class's own classes: their names (checked when read); None: the data set's."""


def settings_from_meta(meta: dict) -> dict:
    """The optimiser settings a checkpoint's metadata names, each only when valid here (a file from
    outside may say anything): optimizer, schedule, lr, momentum, batch_size."""
    settings = {}

    def number(value) -> bool:
        return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)

    if meta.get("optimizer") in OPTIMIZERS:
        settings["optimizer"] = meta["optimizer"]
    if meta.get("schedule") in SCHEDULES:
        settings["schedule"] = meta["schedule"]
    if number(meta.get("lr")) and 0 < meta["lr"] <= MAX_LR:
        settings["lr"] = float(meta["lr"])
    if number(meta.get("momentum")) and 0 <= meta["momentum"] < 1:
        settings["momentum"] = float(meta["momentum"])
    if (
        isinstance(meta.get("batch_size"), int)
        and not isinstance(meta["batch_size"], bool)
        and 1 <= meta["batch_size"] <= MAX_BATCH
    ):
        settings["batch_size"] = meta["batch_size"]
    if number(meta.get("epochs")) and 0 < meta["epochs"] <= MAX_EPOCHS:
        settings["epochs"] = float(meta["epochs"])  # the schedule's length
    return settings


def read_checkpoint(path: str | Path) -> Loaded:
    """Read, check and build everything a load needs (no Qt: a background job runs it)."""
    model, ckpt = checkpoint.load_model(path)
    model.to(registry.get("numpy"))
    weights = {name: np.array(array) for name, array in ckpt.weights.items()}
    return Loaded(
        Path(path),
        model,
        model.spec,
        weights,
        ckpt.step,
        "; ".join(ckpt.notes),
        ckpt.meta.get("test_accuracy"),
        ckpt.meta.get("epoch"),
        settings_from_meta(ckpt.meta),
        resume_from_meta(ckpt.meta, ckpt.optimizer_state),
        comparison.curves_from_meta(ckpt.meta),
        class_names=tuple(checkpoint.class_names(ckpt) or ()) or None,
    )


MAX_LR = 1.0
"""The learning-rate box's top (a larger stored rate is not put in it)."""
MAX_BATCH = 8192
"""The batch-size box's top."""

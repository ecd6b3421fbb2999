"""Where a saved run was, so that a restored run continues instead of starting over. No Qt.

A checkpoint holds the weights and the optimizer arrays; :func:`to_meta` adds the
rest of the run's position (:class:`~.recovery.HostState`) as flat metadata
fields: the step, the optimizer's step count, the learning rate last used, and
the data order as its seed, epoch and position (the permutation itself is drawn
again from the seed, :meth:`~.data_order.DataOrder.resumed`; the images seen
fix the learning-rate schedule's position). :func:`from_meta` reads them back,
each checked (a file may say anything), and ``Trainer(..., resume=...)`` goes on
from there: the same steps as a run that never stopped.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..nn.optim import STATE_SLOTS
from .config import MAX_EPOCHS
from .data_order import DataOrder

PREFIX = "run_"
"""The metadata fields this module writes begin with it."""


@dataclass(frozen=True)
class Resume:
    """A run's position: what ``Trainer(..., resume=...)`` continues from (with the checkpoint's weights)."""

    step: int
    optimizer_arrays: dict
    """``optim.<param>.<slot>`` host arrays (empty: the optimizer starts afresh, e.g. plain SGD)."""
    optimizer_t: int
    lr_used: float
    seed: int
    """The run's seed: its data order and dropout keys."""
    train_count: int
    """Training images the order was over (another count: the order starts afresh, the rest still holds)."""
    epoch_index: int
    position: int
    images_seen: int


def data_order(resume: Resume, count: int) -> DataOrder:
    """The data order the saved run goes on with over ``count`` training images: its own, from its seed,
    where it was; over other training data a fresh one, but the schedule goes on where it was."""
    if resume.train_count == count:
        return DataOrder.resumed(count, resume.seed, resume.epoch_index, resume.position, resume.images_seen)
    order = DataOrder(count, resume.seed)
    order.images_seen = resume.images_seen
    return order


def restore_optimizer(resume: Resume, optimizer, backend, layout) -> None:
    """The saved optimizer state into ``optimizer`` (on ``backend``); the arrays of another optimizer
    (e.g. saved with momentum, now Adam) or of another network leave its state starting afresh."""
    try:
        optimizer.load_state_arrays(resume.optimizer_arrays, resume.optimizer_t, layout)
        if set(optimizer.state) != set(STATE_SLOTS[optimizer.kind]):
            raise ValueError("the arrays of another optimizer")
    except (KeyError, ValueError):
        optimizer.replace_state(backend, {}, 0, layout)


def to_meta(state) -> dict:
    """A HostState's position as flat checkpoint metadata (empty when its data order has no seed)."""
    data = state.data
    if data is None or data.seed is None:
        return {}
    return {
        f"{PREFIX}optimizer_t": int(state.optimizer_t),
        f"{PREFIX}lr_used": float(state.lr_used),
        f"{PREFIX}seed": int(data.seed),
        f"{PREFIX}train_count": int(len(data.order)),
        f"{PREFIX}epoch_index": int(data.epoch_index),
        f"{PREFIX}position": int(data.position),
        f"{PREFIX}images_seen": int(data.images_seen),
    }


def _whole(value, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def from_meta(meta: dict, optimizer_arrays: dict | None = None) -> Resume | None:
    """The run position a checkpoint's metadata gives, or None when it gives none that is valid (a file
    from before, or from ``cnnviz train``: its weights then start a new run as before)."""
    get = {
        key: meta.get(PREFIX + key)
        for key in ("optimizer_t", "lr_used", "seed", "train_count", "epoch_index", "position", "images_seen")
    }
    step = meta.get("step")
    big = 2**62
    if not (
        _whole(step, 1, big)
        and _whole(get["optimizer_t"], 0, big)
        and _whole(get["seed"], 0, 2**63 - 1)
        and _whole(get["train_count"], 1, big)
        and _whole(get["epoch_index"], 0, MAX_EPOCHS)
        and _whole(get["position"], 0, get["train_count"] - 1)
        and _whole(get["images_seen"], 0, big)
    ):
        return None
    lr_used = get["lr_used"]
    if not (
        isinstance(lr_used, (int, float)) and not isinstance(lr_used, bool) and math.isfinite(lr_used) and lr_used >= 0
    ):
        return None
    arrays = {name: np.asarray(array) for name, array in (optimizer_arrays or {}).items()}
    return Resume(
        int(step),
        arrays,
        get["optimizer_t"],
        float(lr_used),
        get["seed"],
        get["train_count"],
        get["epoch_index"],
        get["position"],
        get["images_seen"],
    )

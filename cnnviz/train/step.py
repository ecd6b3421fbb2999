"""One training step on a backend: the step the trainer runs, and that ``bench`` and
``devices --check`` time and check."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def training_step(
    be,
    model,
    optimizer,
    data,
    indices,
    stats,
    slot: int,
    step_key: int,
    lr: float,
    marks=None,
    before_update: Callable[[], T] | None = None,
) -> T | None:
    """Gather the batch ``indices`` of the device dataset ``data``, forward, loss into ``stats[slot]``,
    backward into the flat gradient buffer, one optimizer call; inside the backend's workspace, so that
    a step's temporaries are reused by the next.

    ``before_update`` runs between the backward pass and the update (the gradients are ready and the
    weights not yet changed: the trainer copies the weights there for its parameter statistics); its
    result is returned."""
    with be.workspace():
        x, y = be.gather_batch(data, indices, model.dtype)
        logits = model.forward(x, True, step_key, marks)
        dlogits = be.softmax_cross_entropy_into(logits, y, stats, slot)
        model.backward(dlogits, marks)
        kept = before_update() if before_update is not None else None
        optimizer.step(model.named_parameters(), lr)
    return kept

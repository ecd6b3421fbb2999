"""One training step on a backend, as the trainer runs it (``bench`` and ``devices --check`` time and
check exactly this)."""

from __future__ import annotations


def training_step(be, model, optimizer, data, indices, stats, slot: int, step_key: int, lr: float,
                  marks=None) -> None:
    """Gather the batch ``indices`` of the device dataset ``data``, forward, loss into ``stats[slot]``,
    backward into the flat gradient buffer, one optimizer call; inside the backend's workspace, so that
    a step's temporaries are reused by the next."""
    with be.workspace():
        x, y = be.gather_batch(data, indices, model.dtype)
        logits = model.forward(x, True, step_key, marks)
        dlogits = be.softmax_cross_entropy_into(logits, y, stats, slot)
        model.backward(dlogits, marks)
        optimizer.step(model.named_parameters(), lr)

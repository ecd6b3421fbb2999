"""Test-set evaluation: class probabilities in chunks, then loss and accuracy."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..data.batches import to_float_nchw
from . import events as ev

EVAL_CHUNK = 1000
"""Test images per forward pass; a stop request is honoured between chunks."""


def predict_probabilities(
    model, images: np.ndarray, stopped: Callable[[], bool] = lambda: False, chunk: int = EVAL_CHUNK
) -> np.ndarray | None:
    """Probabilities (N, classes) for uint8 images (N, H, W) on the model's backend;
    None when ``stopped()`` turned true before the last chunk."""
    parts = []
    for start in range(0, len(images), chunk):
        if stopped():
            return None
        parts.append(model.predict_proba(to_float_nchw(images[start : start + chunk]), batch_size=chunk))
    return np.concatenate(parts) if parts else np.zeros((0, 10), np.float32)


def device_probabilities(
    model, data, count: int, stopped: Callable[[], bool] = lambda: False, chunk: int = EVAL_CHUNK
) -> np.ndarray | None:
    """Probabilities (count, classes) for the first ``count`` images of ``data``, a data set already on the
    model's backend (``upload_dataset``: the trainer uploads its test set once); None when ``stopped()``
    turned true before the last chunk.

    As a training step: each chunk is gathered on the device from its indices and run in the backend's
    workspace, so after the first chunk nothing is allocated and only the indices go up and the
    probabilities come down (``predict_probabilities`` uploads every chunk's float images, 3 MB, and
    allocates its input afresh)."""
    be = model.backend
    parts = []
    for start in range(0, count, chunk):
        if stopped():
            return None
        indices = np.arange(start, min(start + chunk, count), dtype=np.int32)
        with be.workspace():
            x, _ = be.gather_batch(data, indices, model.dtype)
            parts.append(model.device_proba(x))
    model.clear_caches()
    return np.concatenate(parts) if parts else np.zeros((0, model.shapes[-1][0]), np.float32)


class DeviceTestSet:
    """A run's test set on its backend, uploaded at its first evaluation there (as the training set is)
    and forgotten when the run moves to another backend."""

    def __init__(self):
        self._data = None

    def forget(self) -> None:
        self._data = None

    def probabilities(self, model, dataset, n: int, stopped: Callable[[], bool]) -> np.ndarray | None:
        """The probabilities for the first ``n`` test images: gathered from the test set on the device, or
        uploaded chunk by chunk where the test images are not uint8 or there are none."""
        images = dataset.test_images
        if not len(images) or np.asarray(images).dtype != np.uint8:
            return predict_probabilities(model, images[:n], stopped)
        if self._data is None:
            self._data = model.backend.upload_dataset(images, dataset.test_labels)
        return device_probabilities(model, self._data, n, stopped)


def evaluation_event(step: int, epoch: float, probs: np.ndarray, labels: np.ndarray) -> ev.EvaluationFinished:
    n = len(labels)
    picked = probs[np.arange(n), labels]
    loss = float(-np.log(np.maximum(picked, 1e-12)).mean())
    predictions = probs.argmax(axis=1)
    return ev.EvaluationFinished(
        step,
        epoch,
        loss,
        float((predictions == labels).mean()),
        n,
        labels.astype(np.int64),
        predictions.astype(np.int64),
        probs.max(axis=1).astype(np.float32),
    )

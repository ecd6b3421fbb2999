"""Which digits the network mixes up, and its most confident mistakes.

Everything here takes the three arrays of an
:class:`~cnnviz.train.events.EvaluationFinished` event (``labels``,
``predictions``, ``confidences``, one entry per test image) and returns
indices into them, so the GUI can show the matching test images.
"""

from __future__ import annotations

import numpy as np

__all__ = [
    "confusion_matrix",
    "per_class_accuracy",
    "cell_examples",
    "worst_mistakes",
    "most_confused_pairs",
]


def _class_arrays(labels, predictions, num_classes: int) -> tuple[np.ndarray, np.ndarray]:
    labels = np.asarray(labels)
    predictions = np.asarray(predictions)
    if labels.ndim != 1 or predictions.ndim != 1:
        raise ValueError(f"labels and predictions must be 1-D, got shapes {labels.shape} and {predictions.shape}")
    if labels.shape != predictions.shape:
        raise ValueError(f"{len(labels)} labels but {len(predictions)} predictions")
    if num_classes < 1:
        raise ValueError(f"num_classes must be at least 1, got {num_classes}")
    for name, values in (("labels", labels), ("predictions", predictions)):
        if values.size and not np.issubdtype(values.dtype, np.integer):
            raise ValueError(f"{name} must be whole class numbers, got dtype {values.dtype}")
        if values.size and (values.min() < 0 or values.max() >= num_classes):
            raise ValueError(
                f"{name} must be class numbers from 0 to {num_classes - 1}, "
                f"got values from {values.min()} to {values.max()}"
            )
    return labels.astype(np.int64, copy=False), predictions.astype(np.int64, copy=False)


def _confidences(confidences, n: int) -> np.ndarray:
    confidences = np.asarray(confidences, dtype=np.float64)
    if confidences.shape != (n,):
        raise ValueError(f"expected {n} confidences (one per image), got shape {confidences.shape}")
    return confidences


def confusion_matrix(labels, predictions, num_classes: int = 10) -> np.ndarray:
    """``(num_classes, num_classes)`` int64 counts: row = true class, column = predicted."""
    labels, predictions = _class_arrays(labels, predictions, num_classes)
    flat = np.bincount(labels * num_classes + predictions, minlength=num_classes * num_classes)
    return flat.reshape(num_classes, num_classes).astype(np.int64, copy=False)


def per_class_accuracy(labels, predictions, num_classes: int = 10) -> np.ndarray:
    """Fraction of each true class predicted correctly (recall); NaN for a class with no images."""
    matrix = confusion_matrix(labels, predictions, num_classes)
    totals = matrix.sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(totals > 0, np.diag(matrix) / np.maximum(totals, 1), np.nan)


def _ranked_inputs(labels, predictions, confidences) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    labels = np.asarray(labels)
    predictions = np.asarray(predictions)
    if labels.ndim != 1 or labels.shape != predictions.shape:
        raise ValueError(
            f"labels and predictions must be 1-D and the same length, got shapes {labels.shape} and {predictions.shape}"
        )
    return labels, predictions, _confidences(confidences, len(labels))


def _by_confidence(indices: np.ndarray, confidences: np.ndarray, limit: int | None) -> np.ndarray:
    if limit is not None and limit < 0:
        raise ValueError(f"limit must be 0 or more, got {limit}")
    # Stable sort of the negated confidences: most confident first, ties in test-set order,
    # so the gallery does not reshuffle between two identical evaluations.
    order = np.argsort(-confidences[indices], kind="stable")
    ranked = indices[order]
    return ranked if limit is None else ranked[:limit]


def cell_examples(labels, predictions, confidences, true: int, pred: int, limit: int | None = 24) -> np.ndarray:
    """Indices of the images of class ``true`` predicted as ``pred``, most confident first.

    Clicking the diagonal cell ``(d, d)`` lists the surest correct answers;
    an off-diagonal cell lists the mistakes of that kind.
    """
    labels, predictions, confidences = _ranked_inputs(labels, predictions, confidences)
    indices = np.flatnonzero((labels == true) & (predictions == pred))
    return _by_confidence(indices, confidences, limit)


def worst_mistakes(labels, predictions, confidences, limit: int | None = 24) -> np.ndarray:
    """Indices of the wrong predictions the network was surest about, most confident first."""
    labels, predictions, confidences = _ranked_inputs(labels, predictions, confidences)
    indices = np.flatnonzero(labels != predictions)
    return _by_confidence(indices, confidences, limit)


def most_confused_pairs(matrix: np.ndarray, limit: int = 5) -> list[tuple[int, int, int]]:
    """The largest off-diagonal cells as ``(true, predicted, count)``, biggest first.

    A one-line answer to "which digits does it mix up?" (e.g. ``4 -> 9: 12``).
    """
    matrix = np.asarray(matrix)
    if matrix.ndim != 2 or matrix.shape[0] != matrix.shape[1]:
        raise ValueError(f"expected a square confusion matrix, got shape {matrix.shape}")
    off = matrix.astype(np.int64, copy=True)
    np.fill_diagonal(off, 0)
    flat = np.argsort(-off, axis=None, kind="stable")[: max(limit, 0)]
    pairs = [(int(i // off.shape[1]), int(i % off.shape[1]), int(off.flat[i])) for i in flat]
    return [p for p in pairs if p[2] > 0]

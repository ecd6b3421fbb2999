"""A map of what the network learned: its last hidden layer's activations, flattened onto a page.

The classifier (the last Dense layer) sees each image as one long list of numbers, the activations of the
layer before it (784 for ``tiny``, 512 for ``seed``): :func:`.uncertainty.logits_and_features` gives them,
found the same way. For ``SUBSET`` test images those lists are points in a space of hundreds of
dimensions; principal component analysis (PCA) keeps the two directions along which the points spread
most (the top two eigenvectors of their covariance, by NumPy's ``eigh`` of the centred points' (F, F)
scatter matrix) and places each image on that flat page.

PCA's answer is only defined up to a sign (and, where the two spreads are equal, a turn), so two maps
of the same network could come out mirrored or rotated. Each new map is therefore aligned to the one
before by orthogonal Procrustes: the rotation or reflection, times one uniform scale, that moves the new
points of the same images closest to the old ones (least squares). The map then changes only as much
as the network did. :meth:`Embedding.place` puts any other image (a student's drawing) on the same
page with the same projection.

No Qt: the app runs :func:`map_of` as a background job.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .uncertainty import logits_and_features

__all__ = [
    "SUBSET",
    "Embedding",
    "map_images",
    "principal_axes",
    "procrustes",
    "project",
    "embed",
    "map_of",
    "features_of",
]

SUBSET = 2000
"""How many test images the map shows: the first ones of the test set, always the same (about 200 of
each digit in MNIST's first 2,000), so that two maps show the same images and can be aligned."""


@dataclass(frozen=True)
class Embedding:
    """Where each image lands on the map, and the projection that put it there."""

    points: np.ndarray
    """(N, 2) the images' places."""
    labels: np.ndarray
    """(N,) their true labels."""
    predictions: np.ndarray
    """(N,) what the network said."""
    indices: np.ndarray
    """(N,) their indices in the test set."""
    mean: np.ndarray
    """(F,) the features' mean (the page's origin)."""
    matrix: np.ndarray
    """(F, 2) centred features -> page: the two principal axes, turned and scaled by the alignment."""
    explained: float
    """The share of the features' variance the two axes keep (0..1)."""
    step: int = 0

    def place(self, features: np.ndarray) -> np.ndarray:
        """(F,) features of one image -> its (2,) place; (M, F) -> (M, 2): the same projection as the map."""
        features = np.asarray(features, dtype=np.float64)
        width = self.mean.shape[0]
        if features.ndim not in (1, 2) or features.shape[-1] != width:
            raise ValueError(f"expected features of {width} numbers (the map's layer), got shape {features.shape}")
        if not np.isfinite(features).all():
            raise ValueError("the features are not all finite numbers")
        return (features - self.mean) @ self.matrix

    def class_centres(self) -> dict[int, np.ndarray]:
        """The mean place of each true label's images (where the map writes the digit)."""
        return {int(c): self.points[self.labels == c].mean(axis=0) for c in np.unique(self.labels)}


def _check_features(features: np.ndarray) -> np.ndarray:
    features = np.asarray(features, dtype=np.float64)
    if features.ndim != 2:
        raise ValueError(f"expected features as an (images, numbers) table, got shape {features.shape}")
    if features.shape[0] < 3:
        raise ValueError(f"a map needs at least 3 images, got {features.shape[0]}")
    if features.shape[1] < 2:
        raise ValueError(f"a map needs at least 2 numbers per image, got {features.shape[1]}")
    if not np.isfinite(features).all():
        raise ValueError("the features are not all finite numbers (did the training diverge?)")
    return features


def principal_axes(features: np.ndarray, k: int = 2) -> tuple[np.ndarray, np.ndarray, float]:
    """``(mean (F,), axes (F, k), explained)``: the ``k`` directions of largest variance of the rows of
    ``features`` (N, F), from the centred rows; ``explained`` is the share of the variance they keep.
    Each axis's sign is fixed (its largest-magnitude entry positive) so that a map with no predecessor is
    reproducible.

    With no more numbers per image than images (the map's 2,000 images of 784 or 512 numbers), the axes are the
    top eigenvectors of the (F, F) matrix ``centred.T @ centred``: an SVD of the (N, F) table itself also works out
    its (N, F) left factor, which the map never uses. On a busy 2-core machine that SVD took 19 s for the tiny net's
    2,000 x 784 (the Map's line sat at "2,000 of 2,000 read" meanwhile, issue 31), the eigenvectors 3 s (single
    BLAS thread: 1.9 s and 0.5 s)."""
    features = _check_features(features)
    mean = features.mean(axis=0)
    centred = features - mean
    total = float((centred**2).sum())  # the sum of all the squared singular values
    if centred.shape[1] <= centred.shape[0]:
        values, vectors = np.linalg.eigh(centred.T @ centred)  # ascending
        top = np.argsort(values)[::-1][:k]
        axes = vectors[:, top].copy()
        kept = float(np.clip(values[top], 0.0, None).sum())
    else:  # more numbers than images: the SVD is the cheaper (N, N) work
        _u, singular, vt = np.linalg.svd(centred, full_matrices=False)
        axes = vt[:k].T.copy()
        kept = float((singular[:k] ** 2).sum())
    signs = np.sign(axes[np.abs(axes).argmax(axis=0), np.arange(axes.shape[1])])
    axes *= np.where(signs == 0, 1.0, signs)
    explained = min(kept / total, 1.0) if total > 0 else 0.0
    return mean, axes, explained


def procrustes(source: np.ndarray, target: np.ndarray) -> tuple[np.ndarray, float]:
    """``(rotation (2, 2), scale)`` with ``scale * source @ rotation`` closest to ``target`` in least
    squares (orthogonal Procrustes: ``rotation`` may turn and mirror; no translation, both are centred maps
    of the same images, row for row)."""
    source, target = np.asarray(source, dtype=np.float64), np.asarray(target, dtype=np.float64)
    if source.shape != target.shape or source.ndim != 2:
        raise ValueError(f"aligning needs the same points in both maps, got shapes {source.shape} and {target.shape}")
    u, singular, vt = np.linalg.svd(source.T @ target)
    rotation = u @ vt
    norm = float((source**2).sum())
    scale = float(singular.sum() / norm) if norm > 0 else 1.0
    return rotation, scale


def project(
    features: np.ndarray,
    labels: np.ndarray,
    predictions: np.ndarray,
    indices: np.ndarray,
    previous: Embedding | None = None,
    step: int = 0,
) -> Embedding:
    """The map of these images' ``features`` (N, F): PCA to 2-D, aligned to ``previous`` (the map of the
    same images before) when it is given and comparable."""
    features = _check_features(features)
    labels, predictions, indices = (np.asarray(a).reshape(-1) for a in (labels, predictions, indices))
    if not len(labels) == len(predictions) == len(indices) == len(features):
        raise ValueError(
            f"{len(features)} images' features but {len(labels)} labels, {len(predictions)} "
            f"predictions and {len(indices)} indices"
        )
    mean, axes, explained = principal_axes(features)
    matrix = axes
    points = (features - mean) @ matrix
    if previous is not None and np.array_equal(previous.indices, indices):
        rotation, scale = procrustes(points, previous.points)
        matrix = matrix @ (scale * rotation)
        points = (features - mean) @ matrix
    return Embedding(points, labels, predictions, indices, mean, matrix, explained, step)


def map_images(dataset, count: int = SUBSET) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(images (n, 28, 28) float32 in [0, 1], labels, indices)``: the first ``count`` test images."""
    if dataset is None or len(dataset.test_labels) == 0:
        raise ValueError("there are no test images to make a map of")
    n = min(int(count), len(dataset.test_labels))
    images = np.asarray(dataset.test_images[:n], dtype=np.float32) / np.float32(255)
    return images, np.asarray(dataset.test_labels[:n], dtype=np.int64), np.arange(n)


def embed(
    model,
    images: np.ndarray,
    labels: np.ndarray,
    indices: np.ndarray | None = None,
    previous: Embedding | None = None,
    step: int = 0,
    progress=None,
) -> Embedding:
    """The map of (N, 28, 28) ``images`` in ``model``'s penultimate layer (its own forward pass;
    ``progress`` as :func:`logits_and_features` takes it)."""
    images = np.asarray(images)
    if images.ndim != 3 or images.shape[1:] != (28, 28) or len(images) == 0:
        raise ValueError(f"expected (N, 28, 28) images, N > 0, got shape {images.shape}")
    logits, features = logits_and_features(model, images, progress=progress)
    indices = np.arange(len(images)) if indices is None else indices
    return project(features, labels, logits.argmax(axis=1), indices, previous, step)


def map_of(
    spec: str,
    weights: dict,
    step: int,
    images: np.ndarray,
    labels: np.ndarray,
    indices: np.ndarray,
    previous: Embedding | None = None,
    progress=None,
) -> tuple[Embedding, object]:
    """``(map, model)`` for the network ``spec`` with ``weights`` on a private NumPy copy (for a background
    job); the model is returned to place drawings with the same weights. ``progress(count)`` after each batch
    of images (it may raise to stop)."""
    from .saliency import model_from_weights

    model = model_from_weights(spec, weights)
    return embed(model, images, labels, indices, previous, step, progress), model


def features_of(model, image: np.ndarray) -> np.ndarray:
    """(F,) penultimate features of one (28, 28) image (one forward pass)."""
    image = np.asarray(image, dtype=np.float32)
    if image.shape != (28, 28):
        raise ValueError(f"expected a 28x28 image, got shape {image.shape}")
    return logits_and_features(model, image[None])[1][0]

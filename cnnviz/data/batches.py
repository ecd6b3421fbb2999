"""Turning uint8 image arrays into shuffled float32 NCHW mini-batches.

The data set stays uint8 in memory (47 MB for MNIST's training split instead
of 188 MB as float32); each batch is gathered and converted on its own, so an
epoch costs one conversion of the data in batch-sized pieces and nothing more.
"""

from __future__ import annotations

import operator
from collections.abc import Iterator

import numpy as np

__all__ = ["BatchIterator", "batches_per_epoch", "iterate_batches", "to_float_nchw"]

Batch = tuple[np.ndarray, np.ndarray]
"""``(x, y)``: float32 images (B, 1, H, W) in [0, 1] and int64 labels (B,)."""

_INV_255 = np.float32(1.0 / 255.0)


def to_float_nchw(images: np.ndarray) -> np.ndarray:
    """(N, H, W) images -> float32 (N, 1, H, W) in [0, 1].

    uint8 images are scaled by 1/255; floating-point images are taken to be
    in [0, 1] already (a preprocessed drawing) and only reshaped and cast.
    """
    images = np.asarray(images)
    if images.ndim != 3:
        raise ValueError(f"expected images of shape (N, H, W), got shape {images.shape}")
    if images.dtype == np.uint8:
        x = images.astype(np.float32)
        x *= _INV_255
    elif np.issubdtype(images.dtype, np.floating):
        x = images.astype(np.float32, copy=False)
    else:
        raise ValueError(f"expected uint8 or floating-point images, got dtype {images.dtype}")
    return x.reshape(x.shape[0], 1, x.shape[1], x.shape[2])  # canonical strides, unlike x[:, None]


def batches_per_epoch(n: int, batch_size: int) -> int:
    """Number of batches in one pass over ``n`` examples, the last one partial."""
    batch_size = _check_batch_size(batch_size)
    if n < 0:
        raise ValueError(f"number of examples must be 0 or more, got {n}")
    return -(-n // batch_size)


def iterate_batches(
    images: np.ndarray,
    labels: np.ndarray,
    batch_size: int,
    rng: np.random.Generator | None,
    shuffle: bool = True,
) -> Iterator[Batch]:
    """One epoch of ``(x, y)`` batches; every example appears exactly once.

    With ``shuffle`` the order is a permutation drawn from ``rng`` when this
    function is called (so the same seed gives the same order); without it the
    data's own order is kept and ``rng`` may be None. The last batch holds
    the remainder when ``batch_size`` does not divide the number of examples.
    Arguments are checked here, not when the first batch is asked for.
    """
    batch_size = _check_batch_size(batch_size)
    images, labels = np.asarray(images), np.asarray(labels)
    if images.ndim != 3:
        raise ValueError(f"expected images of shape (N, H, W), got shape {images.shape}")
    if labels.shape != (images.shape[0],):
        raise ValueError(f"expected one label per image: {images.shape[0]} images but labels of shape {labels.shape}")
    n = images.shape[0]
    if shuffle:
        if rng is None:
            raise ValueError("shuffling needs a random generator: pass rng=np.random.default_rng(seed)")
        order: np.ndarray | None = rng.permutation(n)
    else:
        order = None
    return _generate_batches(images, labels, batch_size, order)


def _generate_batches(
    images: np.ndarray, labels: np.ndarray, batch_size: int, order: np.ndarray | None
) -> Iterator[Batch]:
    for start in range(0, images.shape[0], batch_size):
        if order is None:
            picked: slice | np.ndarray = slice(start, start + batch_size)
        else:
            picked = order[start : start + batch_size]
        yield to_float_nchw(images[picked]), labels[picked].astype(np.int64)


class BatchIterator:
    """Re-iterable epochs: each ``iter()`` is a new epoch in a new order.

    The generator advances from one epoch to the next, so a seeded generator
    makes a whole training run's sequence of batches reproducible.
    """

    def __init__(
        self,
        images: np.ndarray,
        labels: np.ndarray,
        batch_size: int,
        rng: np.random.Generator | None,
        shuffle: bool = True,
    ) -> None:
        # Check once up front so a bad argument fails at construction.
        iterate_batches(images, labels, batch_size, rng=None, shuffle=False)
        if shuffle and rng is None:
            raise ValueError("shuffling needs a random generator: pass rng=np.random.default_rng(seed)")
        self.images = images
        self.labels = labels
        self.batch_size = operator.index(batch_size)
        self.rng = rng
        self.shuffle = shuffle

    def __len__(self) -> int:
        return batches_per_epoch(len(self.labels), self.batch_size)

    def __iter__(self) -> Iterator[Batch]:
        return iterate_batches(self.images, self.labels, self.batch_size, self.rng, self.shuffle)


def _check_batch_size(batch_size: int) -> int:
    if isinstance(batch_size, bool):
        raise ValueError(f"batch size must be a whole number, got {batch_size!r}")
    try:
        size = operator.index(batch_size)
    except TypeError:
        raise ValueError(f"batch size must be a whole number, got {batch_size!r}") from None
    if size < 1:
        raise ValueError(f"batch size must be at least 1, got {size}")
    return size

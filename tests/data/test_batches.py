"""Mini-batches: shapes, dtypes, every example once per epoch, reproducible order."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cnnviz.data.batches import BatchIterator, batches_per_epoch, iterate_batches, to_float_nchw


def _numbered(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Images whose first two pixels spell their index, and labels = index."""
    images = np.zeros((n, 28, 28), dtype=np.uint8)
    index = np.arange(n)
    images[:, 0, 0] = index % 256
    images[:, 0, 1] = index // 256
    images[:, 27, 27] = 255
    return images, index.astype(np.int64)


def _indices_of(x: np.ndarray) -> np.ndarray:
    pixels = np.rint(x[:, 0, 0, :2] * 255).astype(np.int64)
    return pixels[:, 0] + 256 * pixels[:, 1]


# --- conversion --------------------------------------------------------------


def test_to_float_nchw_shape_dtype_and_range():
    images = np.array([[[0, 255], [128, 1]]], dtype=np.uint8)
    x = to_float_nchw(images)
    assert x.shape == (1, 1, 2, 2) and x.dtype == np.float32
    assert x.flags.c_contiguous
    assert x[0, 0, 0, 0] == 0.0 and x[0, 0, 0, 1] == 1.0
    np.testing.assert_allclose(x[0, 0, 1], [128 / 255, 1 / 255], rtol=1e-6)


def test_to_float_nchw_passes_float_images_through():
    drawn = np.full((1, 28, 28), 0.5)
    x = to_float_nchw(drawn)
    assert x.dtype == np.float32 and x.shape == (1, 1, 28, 28)
    assert np.all(x == 0.5)


@pytest.mark.parametrize("bad", [np.zeros((28, 28), np.uint8), np.zeros((1, 1, 28, 28), np.uint8)])
def test_to_float_nchw_rejects_other_shapes(bad):
    with pytest.raises(ValueError, match=r"expected images of shape \(N, H, W\)"):
        to_float_nchw(bad)


def test_to_float_nchw_rejects_signed_integers():
    with pytest.raises(ValueError, match="uint8 or floating-point"):
        to_float_nchw(np.zeros((1, 2, 2), np.int32))


# --- epochs --------------------------------------------------------------------


def test_batches_have_the_training_shapes_and_dtypes(mnist):
    rng = np.random.default_rng(0)
    x, y = next(iterate_batches(mnist.train_images, mnist.train_labels, 64, rng))
    assert x.shape == (64, 1, 28, 28) and x.dtype == np.float32
    assert y.shape == (64,) and y.dtype == np.int64
    assert x.min() >= 0.0 and x.max() <= 1.0
    assert x.max() == 1.0  # some pixel of 64 digits is full white


def test_every_example_exactly_once_with_images_and_labels_paired():
    images, labels = _numbered(1000)
    batches = list(iterate_batches(images, labels, 64, np.random.default_rng(1)))

    assert [len(y) for _, y in batches] == [64] * 15 + [40]  # partial last batch kept
    seen_labels = np.concatenate([y for _, y in batches])
    seen_images = np.concatenate([_indices_of(x) for x, _ in batches])
    np.testing.assert_array_equal(seen_images, seen_labels)
    np.testing.assert_array_equal(np.sort(seen_labels), np.arange(1000))
    assert not np.array_equal(seen_labels, np.arange(1000)), "the order should be shuffled"


def test_same_seed_gives_the_same_order_and_another_seed_another():
    images, labels = _numbered(300)

    def order(seed: int) -> np.ndarray:
        return np.concatenate([y for _, y in iterate_batches(images, labels, 32, np.random.default_rng(seed))])

    np.testing.assert_array_equal(order(42), order(42))
    assert not np.array_equal(order(42), order(43))


def test_without_shuffle_the_data_order_is_kept_and_rng_is_optional():
    images, labels = _numbered(10)
    batches = list(iterate_batches(images, labels, 4, rng=None, shuffle=False))
    assert [y.tolist() for _, y in batches] == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]]


def test_batch_iterator_gives_a_new_order_each_epoch_reproducibly():
    images, labels = _numbered(200)

    def two_epochs(seed: int) -> list[np.ndarray]:
        epochs = BatchIterator(images, labels, 50, np.random.default_rng(seed))
        assert len(epochs) == 4
        return [np.concatenate([y for _, y in epochs]) for _ in range(2)]

    first, second = two_epochs(7)
    assert not np.array_equal(first, second)
    np.testing.assert_array_equal(np.sort(first), np.sort(second))
    for a, b in zip(two_epochs(7), (first, second), strict=True):
        np.testing.assert_array_equal(a, b)


def test_labels_are_converted_to_int64_per_batch():
    images, labels = _numbered(5)
    _, y = next(iterate_batches(images, labels.astype(np.uint8), 5, np.random.default_rng(0)))
    assert y.dtype == np.int64


def test_empty_data_gives_no_batches():
    images, labels = _numbered(0)
    assert list(iterate_batches(images, labels, 8, np.random.default_rng(0))) == []


# --- arguments are checked when called, with clear messages ---------------------


@pytest.mark.parametrize("size", [0, -3])
def test_batch_size_below_one(size):
    images, labels = _numbered(4)
    with pytest.raises(ValueError, match=f"batch size must be at least 1, got {size}"):
        iterate_batches(images, labels, size, np.random.default_rng(0))  # no next() needed
    with pytest.raises(ValueError, match="batch size must be at least 1"):
        batches_per_epoch(10, size)
    with pytest.raises(ValueError, match="batch size must be at least 1"):
        BatchIterator(images, labels, size, np.random.default_rng(0))


@pytest.mark.parametrize("size", [2.5, "32", True])
def test_batch_size_not_a_whole_number(size):
    images, labels = _numbered(4)
    with pytest.raises(ValueError, match="batch size must be a whole number"):
        iterate_batches(images, labels, size, np.random.default_rng(0))


def test_shuffle_without_a_generator():
    images, labels = _numbered(4)
    with pytest.raises(ValueError, match="shuffling needs a random generator"):
        iterate_batches(images, labels, 2, rng=None)
    with pytest.raises(ValueError, match="shuffling needs a random generator"):
        BatchIterator(images, labels, 2, rng=None)


def test_label_count_must_match():
    images, labels = _numbered(4)
    with pytest.raises(ValueError, match="4 images but labels of shape \\(3,\\)"):
        iterate_batches(images, labels[:3], 2, np.random.default_rng(0))


@pytest.mark.parametrize(
    ("n", "batch_size", "expected"),
    [(0, 1, 0), (1, 1, 1), (60000, 64, 938), (60000, 100, 600), (10000, 128, 79), (5, 10, 1)],
)
def test_batches_per_epoch_rounds_up(n, batch_size, expected):
    assert batches_per_epoch(n, batch_size) == expected


@settings(max_examples=60, deadline=None)
@given(n=st.integers(0, 300), batch_size=st.integers(1, 400), seed=st.integers(0, 2**32 - 1))
def test_any_size_covers_every_example_once(n, batch_size, seed):
    images, labels = _numbered(n)
    sizes, seen = [], []
    for x, y in iterate_batches(images, labels, batch_size, np.random.default_rng(seed)):
        sizes.append(len(y))
        seen.append(y)
        assert x.shape == (len(y), 1, 28, 28)
    assert len(sizes) == batches_per_epoch(n, batch_size)
    assert all(size == batch_size for size in sizes[:-1])
    assert sorted(np.concatenate(seen).tolist() if seen else []) == list(range(n))

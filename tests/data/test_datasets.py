"""Finding and loading data sets: bundled MNIST, --data DIR, Fashion-MNIST."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from cnnviz.data import datasets
from cnnviz.data.datasets import (
    DIGIT_CLASS_NAMES,
    FASHION_CLASS_NAMES,
    IDX_FILE_NAMES,
    Dataset,
    DatasetError,
    bundled_mnist_dir,
    load_dataset,
)

MNIST_TRAIN_CLASS_COUNTS = [5923, 6742, 5958, 6131, 5842, 5421, 5918, 6265, 5851, 5949]
MNIST_TEST_CLASS_COUNTS = [980, 1135, 1032, 1010, 982, 892, 958, 1028, 974, 1009]


def _write_split_folder(write_idx, folder: Path, *, n_train=6, n_test=4, compress=False, seed=0) -> dict:
    """Four small IDX files in ``folder``; returns the arrays written."""
    rng = np.random.default_rng(seed)
    arrays = {
        "train_images": rng.integers(0, 256, (n_train, 28, 28), dtype=np.uint8),
        "train_labels": rng.integers(0, 10, n_train, dtype=np.uint8),
        "test_images": rng.integers(0, 256, (n_test, 28, 28), dtype=np.uint8),
        "test_labels": rng.integers(0, 10, n_test, dtype=np.uint8),
    }
    for role, array in arrays.items():
        name = IDX_FILE_NAMES[role] + (".gz" if compress else "")
        write_idx(name, array, compress=compress, folder=folder)
    return arrays


# --- the bundled MNIST ------------------------------------------------------


def test_bundled_mnist_has_the_published_shapes_and_class_counts(mnist):
    assert mnist.name == "mnist"
    assert mnist.train_images.shape == (60000, 28, 28) and mnist.train_images.dtype == np.uint8
    assert mnist.test_images.shape == (10000, 28, 28) and mnist.test_images.dtype == np.uint8
    assert mnist.train_labels.shape == (60000,) and mnist.train_labels.dtype == np.int64
    assert mnist.test_labels.shape == (10000,) and mnist.test_labels.dtype == np.int64
    assert np.bincount(mnist.train_labels).tolist() == MNIST_TRAIN_CLASS_COUNTS
    assert np.bincount(mnist.test_labels).tolist() == MNIST_TEST_CLASS_COUNTS
    assert mnist.class_names == DIGIT_CLASS_NAMES == tuple("0123456789")
    assert mnist.num_classes == 10
    assert Path(mnist.source) == bundled_mnist_dir()


def test_bundled_mnist_pixels_span_the_full_byte_range(mnist):
    assert mnist.train_images.min() == 0 and mnist.train_images.max() == 255
    # Background dominates: MNIST digits are white ink on black.
    assert np.median(mnist.test_images) == 0


def test_bundled_mnist_dir_holds_the_four_gz_files():
    folder = bundled_mnist_dir()
    assert sorted(p.name for p in folder.glob("*.gz")) == sorted(n + ".gz" for n in IDX_FILE_NAMES.values())


def test_loaded_arrays_are_read_only_because_they_are_shared(mnist):
    with pytest.raises(ValueError, match="read-only"):
        mnist.train_images[0, 0, 0] = 1
    with pytest.raises(ValueError, match="read-only"):
        mnist.test_labels[0] = 1


def test_repeated_loads_come_from_the_cache(mnist, monkeypatch):
    def read_again(*paths):
        raise AssertionError(f"the files were read again: {paths}")

    monkeypatch.setattr(datasets, "read_idx_pair", read_again)
    assert load_dataset("mnist") is mnist


def test_repr_is_short(mnist):
    assert repr(mnist) == f"Dataset(name='mnist', train=60000, test=10000, source={mnist.source!r})"


def test_dataset_is_frozen(mnist):
    with pytest.raises(AttributeError):
        mnist.name = "other"  # type: ignore[misc]


# --- --data DIR ---------------------------------------------------------------


def test_data_dir_with_uncompressed_files(write_idx, tmp_path):
    written = _write_split_folder(write_idx, tmp_path / "digits", compress=False)

    data = load_dataset("mnist", data_dir=tmp_path / "digits")

    assert isinstance(data, Dataset)
    assert data.source == str(tmp_path / "digits")
    np.testing.assert_array_equal(data.train_images, written["train_images"])
    np.testing.assert_array_equal(data.test_images, written["test_images"])
    np.testing.assert_array_equal(data.train_labels, written["train_labels"])
    assert data.train_labels.dtype == np.int64 and data.test_labels.dtype == np.int64
    assert data.class_names == DIGIT_CLASS_NAMES


def test_data_dir_with_a_real_mnist_subset_uncompressed(write_idx, tmp_path, mnist):
    folder = tmp_path / "subset"
    write_idx(IDX_FILE_NAMES["train_images"], mnist.train_images[:100], folder=folder)
    write_idx(IDX_FILE_NAMES["train_labels"], mnist.train_labels[:100].astype(np.uint8), folder=folder)
    write_idx(IDX_FILE_NAMES["test_images"], mnist.test_images[:50], folder=folder, compress=True)
    write_idx(IDX_FILE_NAMES["test_labels"], mnist.test_labels[:50].astype(np.uint8), folder=folder)

    data = load_dataset("mnist", data_dir=str(folder))

    np.testing.assert_array_equal(data.train_images, mnist.train_images[:100])
    np.testing.assert_array_equal(data.test_labels, mnist.test_labels[:50])


def test_data_dir_with_gz_files_and_fashion_class_names(write_idx, tmp_path):
    _write_split_folder(write_idx, tmp_path, compress=True)
    data = load_dataset("fashion", data_dir=tmp_path)
    assert data.name == "fashion"
    assert data.class_names == FASHION_CLASS_NAMES
    assert data.class_names[0] == "T-shirt/top" and data.class_names[9] == "Ankle boot"


def test_data_dir_accepts_the_dotted_file_names_some_mirrors_use(write_idx, tmp_path):
    for role, stem in IDX_FILE_NAMES.items():
        count = 3
        array = np.zeros((count, 28, 28), np.uint8) if "images" in role else np.zeros(count, np.uint8)
        write_idx(stem.replace("-idx", ".idx"), array)
    assert len(load_dataset(data_dir=tmp_path).train_labels) == 3


def test_missing_data_folder(tmp_path):
    folder = tmp_path / "no-such-folder"
    with pytest.raises(DatasetError, match=f"data folder {folder} does not exist"):
        load_dataset(data_dir=folder)


def test_data_dir_that_is_a_file(tmp_path):
    path = tmp_path / "train-images-idx3-ubyte"
    path.write_bytes(b"")
    with pytest.raises(DatasetError, match="is not a folder"):
        load_dataset(data_dir=path)


def test_missing_files_are_listed(write_idx, tmp_path):
    _write_split_folder(write_idx, tmp_path)
    (tmp_path / "t10k-labels-idx1-ubyte").unlink()
    (tmp_path / "train-images-idx3-ubyte").unlink()

    with pytest.raises(DatasetError) as caught:
        load_dataset(data_dir=tmp_path)

    message = str(caught.value)
    assert f"{tmp_path} is missing train-images-idx3-ubyte and t10k-labels-idx1-ubyte" in message
    assert "NAME.gz" in message
    assert "train-labels" not in message


def test_empty_folder_lists_all_four_files(tmp_path):
    with pytest.raises(DatasetError) as caught:
        load_dataset(data_dir=tmp_path)
    message = str(caught.value)
    assert "holds none of the four" in message
    for stem in IDX_FILE_NAMES.values():
        assert stem in message


def test_a_broken_file_in_the_folder_is_named(write_idx, tmp_path):
    _write_split_folder(write_idx, tmp_path)
    broken = tmp_path / "train-labels-idx1-ubyte"
    broken.write_bytes(broken.read_bytes()[:-2])
    with pytest.raises(DatasetError, match=f"{broken}: truncated IDX file"):
        load_dataset(data_dir=tmp_path)


def test_a_data_dir_is_read_afresh_each_time(write_idx, tmp_path):
    _write_split_folder(write_idx, tmp_path, seed=1)
    first = load_dataset(data_dir=tmp_path)
    labels = np.full(6, 7, dtype=np.uint8)
    write_idx(IDX_FILE_NAMES["train_labels"], labels, folder=tmp_path)

    second = load_dataset(data_dir=tmp_path)

    assert second is not first
    np.testing.assert_array_equal(second.train_labels, labels)


def test_a_default_data_set_replaced_on_disk_is_read_again(write_idx, tmp_path, monkeypatch):
    _write_split_folder(write_idx, tmp_path, seed=1, compress=True)
    monkeypatch.setattr(datasets, "FASHION_MNIST_DIR", tmp_path)
    first = load_dataset("fashion")
    assert load_dataset("fashion") is first
    labels = np.full(6, 7, dtype=np.uint8)
    path = write_idx(IDX_FILE_NAMES["train_labels"] + ".gz", labels, folder=tmp_path, compress=True)
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))  # a clearly newer mtime

    second = load_dataset("fashion")

    assert second is not first
    np.testing.assert_array_equal(second.train_labels, labels)


# --- names and Fashion-MNIST ------------------------------------------------


def test_unknown_name():
    with pytest.raises(DatasetError, match=r"unknown data set 'cifar10': choose one of mnist, fashion"):
        load_dataset("cifar10")


def test_names_ignore_case_and_spaces(mnist):
    assert load_dataset(" MNIST ") is mnist


def test_fashion_absent_gives_the_install_hint(tmp_path, monkeypatch):
    absent = tmp_path / "fashion-mnist"
    monkeypatch.setattr(datasets, "FASHION_MNIST_DIR", absent)

    with pytest.raises(DatasetError) as caught:
        load_dataset("fashion")

    assert str(caught.value) == (
        f"Fashion-MNIST not found in {absent}: install Debian's dataset-fashion-mnist package "
        "(sudo apt install dataset-fashion-mnist) or pass --data DIR with the four IDX files"
    )


def test_fashion_default_folder_is_debians():
    assert Path("/usr/share/datasets/fashion-mnist") == datasets.FASHION_MNIST_DIR


def test_fashion_from_the_debian_layout(write_idx, tmp_path, monkeypatch):
    # dataset-fashion-mnist installs the four .gz files directly in its folder.
    folder = tmp_path / "usr/share/datasets/fashion-mnist"
    _write_split_folder(write_idx, folder, compress=True)
    monkeypatch.setattr(datasets, "FASHION_MNIST_DIR", folder)

    data = load_dataset("fashion")

    assert data.class_names == FASHION_CLASS_NAMES
    assert data.source == str(folder)


def test_fashion_incomplete_install(write_idx, tmp_path, monkeypatch):
    _write_split_folder(write_idx, tmp_path, compress=True)
    (tmp_path / "t10k-images-idx3-ubyte.gz").unlink()
    monkeypatch.setattr(datasets, "FASHION_MNIST_DIR", tmp_path)
    with pytest.raises(DatasetError, match="Fashion-MNIST in .* is incomplete: .*missing t10k-images-idx3-ubyte"):
        load_dataset("fashion")


@pytest.mark.skipif(
    not datasets.FASHION_MNIST_DIR.is_dir(),
    reason="Debian's dataset-fashion-mnist is not installed",
)
def test_installed_fashion_mnist_has_6000_and_1000_per_class():
    data = load_dataset("fashion")
    assert data.train_images.shape == (60000, 28, 28)
    assert np.bincount(data.train_labels).tolist() == [6000] * 10
    assert np.bincount(data.test_labels).tolist() == [1000] * 10


def test_a_folder_in_place_of_a_data_file_is_named_as_one(write_idx, tmp_path):
    _write_split_folder(write_idx, tmp_path)
    (tmp_path / IDX_FILE_NAMES["train_labels"]).unlink()
    (tmp_path / IDX_FILE_NAMES["train_labels"]).mkdir()
    with pytest.raises(DatasetError, match=f"{tmp_path / IDX_FILE_NAMES['train_labels']}: is a folder, not a file"):
        load_dataset(data_dir=tmp_path)

"""Finding and loading the MNIST-format data sets cnnviz trains on.

* ``mnist`` with no folder: the four original files bundled in
  ``cnnviz.assets/mnist`` (``assets/mnist`` in a source checkout);
* ``fashion`` with no folder: Debian's ``dataset-fashion-mnist`` package,
  which installs the four ``.gz`` files directly in
  ``/usr/share/datasets/fashion-mnist``;
* either name with ``data_dir`` (``--data DIR``): the four files in that folder.

The default data sets (bundled MNIST, system Fashion-MNIST) are cached per
process, keyed on the files' paths, sizes and modification times, because the
GUI and the tests ask for them again and again. The arrays of every loaded
data set are read-only so that no caller can change a shared copy under
another.
"""

from __future__ import annotations

import functools
import importlib.resources
import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from cnnviz.data.idx import DatasetError, read_idx_pair

__all__ = [
    "Dataset",
    "DatasetError",
    "DATASET_NAMES",
    "DIGIT_CLASS_NAMES",
    "FASHION_CLASS_NAMES",
    "FASHION_MNIST_DIR",
    "IDX_FILE_NAMES",
    "bundled_mnist_dir",
    "find_idx_files",
    "load_dataset",
]

DIGIT_CLASS_NAMES: tuple[str, ...] = tuple(str(digit) for digit in range(10))
FASHION_CLASS_NAMES: tuple[str, ...] = (
    "T-shirt/top",
    "Trouser",
    "Pullover",
    "Dress",
    "Coat",
    "Sandal",
    "Shirt",
    "Sneaker",
    "Bag",
    "Ankle boot",
)
_CLASS_NAMES = {"mnist": DIGIT_CLASS_NAMES, "fashion": FASHION_CLASS_NAMES}
DATASET_NAMES: tuple[str, ...] = tuple(_CLASS_NAMES)

FASHION_MNIST_DIR = Path("/usr/share/datasets/fashion-mnist")
"""Where Debian's ``dataset-fashion-mnist`` package puts the four .gz files."""

IDX_FILE_NAMES: dict[str, str] = {
    "train_images": "train-images-idx3-ubyte",
    "train_labels": "train-labels-idx1-ubyte",
    "test_images": "t10k-images-idx3-ubyte",
    "test_labels": "t10k-labels-idx1-ubyte",
}
"""The standard names of the four files; each may also end in ``.gz``."""


@dataclass(frozen=True, repr=False)
class Dataset:
    """A training and a test split of 28x28 grey images with labels 0..9.

    The arrays are read-only (they may be shared through the load cache):
    copy before changing them.
    """

    name: str
    train_images: np.ndarray  # (N, 28, 28) uint8, 0 = background, 255 = ink
    train_labels: np.ndarray  # (N,) int64
    test_images: np.ndarray  # (M, 28, 28) uint8
    test_labels: np.ndarray  # (M,) int64
    class_names: tuple[str, ...]
    source: str  # the folder the files came from

    @property
    def num_classes(self) -> int:
        return len(self.class_names)

    def __repr__(self) -> str:
        return (
            f"Dataset(name={self.name!r}, train={len(self.train_labels)}, "
            f"test={len(self.test_labels)}, source={self.source!r})"
        )


def bundled_mnist_dir() -> Path:
    """The folder holding the four bundled MNIST .gz files.

    From an installed package that is ``cnnviz.assets/mnist``; from a source
    checkout that was never installed, the repository's ``assets/mnist``.
    """
    candidates: list[Path] = []
    try:
        resource = importlib.resources.files("cnnviz.assets") / "mnist"
        candidates.append(Path(os.fspath(resource)))  # type: ignore[arg-type]
    except (ModuleNotFoundError, TypeError, NotADirectoryError, FileNotFoundError):
        # Not installed, or installed somewhere that is not a plain folder.
        pass
    candidates.append(Path(__file__).resolve().parents[2] / "assets" / "mnist")
    for folder in candidates:
        if folder.is_dir():
            return folder
    raise DatasetError(
        "the bundled MNIST files are missing from this installation "
        f"(looked in {', '.join(str(c) for c in candidates)}); reinstall cnnviz "
        "or pass --data DIR with the four MNIST IDX files"
    )


def find_idx_files(folder: Path) -> dict[str, Path]:
    """Map each of the four roles to its file in ``folder``.

    Accepts each standard name as is or with ``.gz``, and the variant with a
    dot before ``idx`` that some mirrors use (``train-images.idx3-ubyte``).
    Raises :class:`DatasetError` listing the files that are missing.
    """
    if not folder.exists():
        raise DatasetError(f"data folder {folder} does not exist")
    if not folder.is_dir():
        raise DatasetError(f"{folder} is not a folder; pass the folder holding the four IDX files")
    found: dict[str, Path] = {}
    missing: list[str] = []
    for role, stem in IDX_FILE_NAMES.items():
        dotted = stem.replace("-idx", ".idx")
        # Uncompressed first: it is what a student unpacked on purpose, and faster.
        for candidate in (stem, stem + ".gz", dotted, dotted + ".gz"):
            # exists(), not is_file(): a folder or FIFO of that name is reported as what it
            # is when read, instead of as a missing file.
            if (folder / candidate).exists():
                found[role] = folder / candidate
                break
        else:
            missing.append(stem)
    if len(missing) == len(IDX_FILE_NAMES):
        raise DatasetError(
            f"{folder} holds none of the four MNIST-format IDX files a data folder needs: "
            f"{_join_names(missing)} (each may be gzipped as NAME.gz)"
        )
    if missing:
        raise DatasetError(f"{folder} is missing {_join_names(missing)} (each may be gzipped as NAME.gz)")
    return found


def load_dataset(name: str = "mnist", data_dir: str | os.PathLike[str] | None = None) -> Dataset:
    """Load a data set by name, from ``data_dir`` when given.

    ``name`` is ``"mnist"`` (bundled) or ``"fashion"`` (Debian's
    ``dataset-fashion-mnist``); it also picks the class names shown.
    Raises :class:`DatasetError` with a message fit for a student.
    """
    requested = name
    name = name.strip().lower()
    if name not in _CLASS_NAMES:
        raise DatasetError(f"unknown data set {requested!r}: choose one of {', '.join(DATASET_NAMES)}")
    if data_dir is not None:
        folder = Path(data_dir).expanduser()
    elif name == "mnist":
        folder = bundled_mnist_dir()
    else:
        folder = FASHION_MNIST_DIR
        if not folder.is_dir():
            raise DatasetError(
                f"Fashion-MNIST not found in {folder}: install Debian's dataset-fashion-mnist "
                "package (sudo apt install dataset-fashion-mnist) or pass --data DIR with "
                "the four IDX files"
            )
    try:
        files = find_idx_files(folder)
    except DatasetError as error:
        if data_dir is None and name == "fashion":
            raise DatasetError(
                f"Fashion-MNIST in {folder} is incomplete: {error}; reinstall Debian's "
                "dataset-fashion-mnist package or pass --data DIR with the four IDX files"
            ) from None
        raise
    resolved = tuple(files[role].resolve() for role in IDX_FILE_NAMES)
    if data_dir is not None:
        # A --data folder is read afresh: it is loaded once per run, and
        # caching it could keep a large set alive or evict the bundled one.
        return _load(name, str(folder), resolved)
    # Size and mtime in the key: a file replaced on disk is read again.
    fingerprint = tuple((stat.st_size, stat.st_mtime_ns) for stat in map(os.stat, resolved))
    return _DEFAULT_CACHES[name](name, str(folder), resolved, fingerprint)


def _load_fingerprinted(
    name: str, source: str, files: tuple[Path, ...], fingerprint: tuple[tuple[int, int], ...]
) -> Dataset:
    del fingerprint  # only part of the cache key
    return _load(name, source, files)


# One slot per default data set, so that loading Fashion-MNIST never evicts
# the bundled MNIST (about 55 MB each).
_DEFAULT_CACHES = {name: functools.lru_cache(maxsize=1)(_load_fingerprinted) for name in DATASET_NAMES}


def _load(name: str, source: str, files: tuple[Path, ...]) -> Dataset:
    train_images_path, train_labels_path, test_images_path, test_labels_path = files
    train_images, train_labels = read_idx_pair(train_images_path, train_labels_path)
    test_images, test_labels = read_idx_pair(test_images_path, test_labels_path)
    return Dataset(
        name=name,
        train_images=_read_only(train_images),
        train_labels=_read_only(train_labels.astype(np.int64)),
        test_images=_read_only(test_images),
        test_labels=_read_only(test_labels.astype(np.int64)),
        class_names=_CLASS_NAMES[name],
        source=source,
    )


def _read_only(array: np.ndarray) -> np.ndarray:
    array.flags.writeable = False
    return array


def _join_names(names: list[str]) -> str:
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]

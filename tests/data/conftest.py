"""Fixtures shared by the data tests: writing IDX files, the bundled MNIST."""

from __future__ import annotations

import gzip
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from cnnviz.data.datasets import Dataset, load_dataset

IDX_TYPE_CODES = {
    np.dtype(np.uint8): 0x08,
    np.dtype(np.int8): 0x09,
    np.dtype(np.int16): 0x0B,
    np.dtype(np.int32): 0x0C,
    np.dtype(np.float32): 0x0D,
    np.dtype(np.float64): 0x0E,
}


def idx_bytes(array: np.ndarray) -> bytes:
    """The IDX encoding of ``array``: magic, big-endian sizes, big-endian values."""
    array = np.asarray(array)
    code = IDX_TYPE_CODES[array.dtype]
    header = bytes([0, 0, code, array.ndim]) + np.asarray(array.shape, dtype=">u4").tobytes()
    return header + array.astype(array.dtype.newbyteorder(">")).tobytes()


WriteIdx = Callable[..., Path]


@pytest.fixture(scope="session")
def encode_idx() -> Callable[[np.ndarray], bytes]:
    """:func:`idx_bytes`, as a fixture: test modules cannot import conftest safely."""
    return idx_bytes


@pytest.fixture
def write_idx(tmp_path: Path) -> WriteIdx:
    """Write an array (or raw bytes) as an IDX file in tmp_path; gzip on request."""

    def write(name: str, content: np.ndarray | bytes, *, compress: bool = False, folder: Path | None = None) -> Path:
        data = content if isinstance(content, bytes) else idx_bytes(content)
        if compress:
            data = gzip.compress(data, mtime=0)
        path = (folder or tmp_path) / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        return path

    return write


@pytest.fixture(scope="session")
def mnist() -> Dataset:
    return load_dataset("mnist")

"""Reading IDX files, the format MNIST and Fashion-MNIST ship in.

An IDX file is a 4-byte magic number -- two zero bytes, a data-type code and
the number of dimensions -- then one big-endian 32-bit size per dimension,
then the values, big-endian, in C order. The files are often gzipped; we
detect that from the gzip magic bytes rather than the ``.gz`` suffix, because
students rename and re-compress files by hand.

Every error is a :class:`DatasetError` whose message names the file and says
what is wrong in words a student can act on; the command line prints it as
``cnnviz: error: <message>``.
"""

from __future__ import annotations

import gzip
import math
import os
import zlib
from pathlib import Path
from typing import BinaryIO

import numpy as np

from . import limits
from .files import describe_file_error, open_regular, show_path
from .limits import megabytes, shorten

__all__ = ["DatasetError", "read_idx", "read_idx_pair", "IMAGE_MAGIC", "LABEL_MAGIC"]


class DatasetError(ValueError):
    """A data set cannot be found or read; the message says which file and why."""


IMAGE_MAGIC = 0x00000803
"""Magic number of an MNIST image file: unsigned bytes, 3 dimensions."""
LABEL_MAGIC = 0x00000801
"""Magic number of an MNIST label file: unsigned bytes, 1 dimension."""

IMAGE_SIZE = 28
NUM_CLASSES = 10

GZIP_MAGIC = b"\x1f\x8b"

# IDX data-type codes (from the format's description on the MNIST page);
# values are stored big-endian.
_IDX_DTYPES: dict[int, np.dtype] = {
    0x08: np.dtype(">u1"),
    0x09: np.dtype(">i1"),
    0x0B: np.dtype(">i2"),
    0x0C: np.dtype(">i4"),
    0x0D: np.dtype(">f4"),
    0x0E: np.dtype(">f8"),
}
_IDX_TYPE_NAMES = {
    0x08: "unsigned byte",
    0x09: "signed byte",
    0x0B: "16-bit integer",
    0x0C: "32-bit integer",
    0x0D: "32-bit float",
    0x0E: "64-bit float",
}

_CHUNK_BYTES = 1 << 20  # 1 MB: Python 3.12's gzip allocates about two chunks beside the data
MAX_DIMENSIONS = 16
"""IDX allows 255 dimensions; MNIST-style files have 1 (labels) or 3 (images)."""
_TRAILING_COUNT_LIMIT = 64 << 20
"""Extra bytes after the data are counted up to this many, then reported as "more than"."""


def read_idx(path: str | os.PathLike[str]) -> np.ndarray:
    """Read one IDX file, gzipped or not, into a native-endian NumPy array.

    The array's shape is the one the header gives, its dtype the header's
    data type. Raises :class:`DatasetError` naming the file when it is
    missing, not a regular file, not IDX, not valid gzip, truncated, followed
    by extra bytes, or declares more data than cnnviz reads from a file of its
    size (``cnnviz.data.limits.allowed_bytes``: a gzip bomb is refused before
    anything is decompressed beyond its header).
    """
    path = Path(path)
    try:
        with open_regular(path) as raw:
            file_size = os.fstat(raw.fileno()).st_size
            compressed = raw.read(2) == GZIP_MAGIC
            raw.seek(0)
            if compressed:
                with gzip.GzipFile(fileobj=raw, mode="rb") as stream:
                    array = _read_idx_stream(stream, path, compressed=True, file_size=file_size)
            else:
                array = _read_idx_stream(raw, path, compressed=False, file_size=file_size)
    except EOFError:
        # Raised by gzip when the compressed stream stops before its end marker.
        raise DatasetError(
            f"{show_path(path)}: the gzip stream is truncated (the file was cut off, "
            "perhaps by an interrupted download or copy)"
        ) from None
    except (gzip.BadGzipFile, zlib.error) as error:
        if str(error).startswith("Not a gzipped file"):
            # The first member's magic was checked above, so this is gzip's
            # complaint about bytes after the end of the compressed data.
            raise DatasetError(
                f"{show_path(path)}: unexpected bytes after the end of the gzip data; the file is corrupt"
            ) from None
        raise DatasetError(f"{show_path(path)}: not a valid gzip file ({shorten(str(error), 100)})") from None
    except OSError as error:
        raise DatasetError(describe_file_error(error, path)) from None
    return array


def _read_idx_stream(stream: BinaryIO, path: Path, *, compressed: bool, file_size: int) -> np.ndarray:
    where = show_path(path)
    magic = _read_exactly(stream, 4)
    if len(magic) < 4 or magic[0] != 0 or magic[1] != 0:
        raise DatasetError(_not_idx_message(path, magic, compressed))
    type_code, ndim = magic[2], magic[3]
    if type_code not in _IDX_DTYPES:
        supported = ", ".join(f"0x{code:02X} ({name})" for code, name in _IDX_TYPE_NAMES.items())
        raise DatasetError(
            f"{where}: unsupported IDX data type code 0x{type_code:02X} "
            f"(magic number 0x{int.from_bytes(magic, 'big'):08X}); supported codes: {supported}"
        )
    if ndim == 0:
        raise DatasetError(f"{where}: IDX header declares 0 dimensions; expected at least 1")
    if ndim > MAX_DIMENSIONS:
        raise DatasetError(
            f"{where}: IDX header declares {ndim} dimensions; cnnviz reads at most "
            f"{MAX_DIMENSIONS} (MNIST files have 1 or 3)"
        )

    header_bytes = 4 + 4 * ndim
    dims_raw = _read_exactly(stream, 4 * ndim)
    if len(dims_raw) < 4 * ndim:
        raise DatasetError(
            f"{where}: truncated IDX header: {ndim} dimensions need a {header_bytes}-byte "
            f"header but the file ends after {4 + len(dims_raw)} bytes"
        )
    shape = tuple(int(d) for d in np.frombuffer(dims_raw, dtype=">u4"))
    dtype = _IDX_DTYPES[type_code]
    expected = math.prod(shape) * dtype.itemsize
    shape_text = " x ".join(str(d) for d in shape)
    allowed = limits.allowed_bytes(file_size)

    if not compressed:  # the sizes are known without reading
        present = file_size - header_bytes
        if present < expected:
            raise DatasetError(
                f"{where}: truncated IDX file: the header announces {shape_text} "
                f"{_IDX_TYPE_NAMES[type_code]} values, {expected} bytes after the "
                f"{header_bytes}-byte header, but only {present} bytes follow"
            )
        if present > expected:
            raise DatasetError(_extra_bytes_message(where, present - expected, expected, shape_text))
    elif expected > allowed:
        raise DatasetError(
            f"{where}: the IDX header announces {shape_text} {_IDX_TYPE_NAMES[type_code]} values "
            f"({megabytes(expected)} once decompressed) in a {megabytes(file_size)} file; cnnviz "
            f"decompresses at most {megabytes(allowed)} from it (a corrupt or hostile file?)"
        )

    # One buffer of exactly the announced size, filled in place: no copies,
    # and never more than the header announced (checked against the budget).
    data = bytearray(expected)
    view = memoryview(data)
    filled = 0
    while filled < expected:
        n = stream.readinto(view[filled : filled + _CHUNK_BYTES])
        if not n:
            break
        filled += n
    view.release()
    if filled < expected:
        raise DatasetError(
            f"{where}: truncated IDX file: the header announces {shape_text} "
            f"{_IDX_TYPE_NAMES[type_code]} values, {expected} bytes after the "
            f"{header_bytes}-byte header, but only {filled} bytes follow"
        )
    if compressed:
        extra = _count_remaining_bytes(stream, _TRAILING_COUNT_LIMIT + 1)
        if extra:
            raise DatasetError(_extra_bytes_message(where, extra, expected, shape_text))

    # A bytearray keeps the array writeable; single bytes need no byte swap,
    # so an MNIST file is never copied after it was read.
    array = np.frombuffer(data, dtype=dtype).reshape(shape)
    return array.astype(dtype.newbyteorder("="), copy=False)


def _extra_bytes_message(where: str, extra: int, expected: int, shape_text: str) -> str:
    amount = f"more than {megabytes(_TRAILING_COUNT_LIMIT)} of" if extra > _TRAILING_COUNT_LIMIT else f"{extra}"
    return (
        f"{where}: {amount} unexpected extra bytes after the {expected} bytes of data "
        f"the IDX header announces ({shape_text}); the file is corrupt or not an IDX file"
    )


def _read_exactly(stream: BinaryIO, size: int) -> bytes:
    """Read ``size`` bytes, fewer only at end of file (gzip may return short reads)."""
    parts, remaining = [], size
    while remaining > 0:
        chunk = stream.read(remaining)
        if not chunk:
            break
        parts.append(chunk)
        remaining -= len(chunk)
    return b"".join(parts)


def _count_remaining_bytes(stream: BinaryIO, limit: int) -> int:
    """Bytes left in ``stream``, counted up to ``limit`` (8 GB of trailing zeros are not worth a minute)."""
    count = 0
    while count < limit and (chunk := stream.read(min(_CHUNK_BYTES, limit - count))):
        count += len(chunk)
    return count


def _not_idx_message(path: Path, magic: bytes, compressed: bool) -> str:
    if len(magic) < 4:
        what = "is empty" if not magic else f"is only {len(magic)} bytes long"
        inside = " once decompressed" if compressed else ""
        return f"{show_path(path)}: not an IDX file: it {what}{inside}, too short for an IDX header"
    found = f"starts with bytes {magic.hex(' ')}"
    hint = ""
    if not compressed and path.suffix.lower() == ".gz":
        hint = " (its name ends in .gz but it is not gzip-compressed either)"
    return (
        f"{show_path(path)}: not an IDX file: it {found}{hint}; an IDX file starts with two zero bytes, "
        f"a type code and a dimension count, e.g. 0x{IMAGE_MAGIC:08X} for images "
        f"or 0x{LABEL_MAGIC:08X} for labels"
    )


def read_idx_pair(
    images_path: str | os.PathLike[str], labels_path: str | os.PathLike[str]
) -> tuple[np.ndarray, np.ndarray]:
    """Read a matching MNIST-style image file and label file.

    Returns ``(images, labels)``: uint8 arrays of shape (N, 28, 28) and (N,).
    Raises :class:`DatasetError` when either file is not the expected kind,
    the images are not 28x28, the counts differ, or a label is outside 0..9.
    """
    images_path, labels_path = Path(images_path), Path(labels_path)
    images = read_idx(images_path)
    labels = read_idx(labels_path)

    if images.ndim == 1:
        raise DatasetError(
            f"{show_path(images_path)}: holds labels (1 dimension of {images.shape[0]}), not images; "
            "are the image and label files swapped?"
        )
    if images.ndim != 3 or images.dtype != np.uint8:
        raise DatasetError(
            f"{show_path(images_path)}: not an MNIST image file: expected unsigned bytes of shape "
            f"(count, {IMAGE_SIZE}, {IMAGE_SIZE}) (magic 0x{IMAGE_MAGIC:08X}), "
            f"found {images.dtype} values of shape {images.shape}"
        )
    if images.shape[1:] != (IMAGE_SIZE, IMAGE_SIZE):
        raise DatasetError(
            f"{show_path(images_path)}: holds {images.shape[1]}x{images.shape[2]} images; "
            f"cnnviz needs {IMAGE_SIZE}x{IMAGE_SIZE} like MNIST"
        )
    if labels.ndim != 1 or labels.dtype != np.uint8:
        raise DatasetError(
            f"{show_path(labels_path)}: not an MNIST label file: expected a 1-dimensional list of "
            f"unsigned bytes (magic 0x{LABEL_MAGIC:08X}), found {labels.dtype} values "
            f"of shape {labels.shape}"
        )
    if images.shape[0] == 0:
        raise DatasetError(
            f"{show_path(images_path)}: holds no images (its header says 0); there is nothing to train or test on"
        )
    if images.shape[0] != labels.shape[0]:
        raise DatasetError(
            f"{show_path(images_path)} holds {images.shape[0]} images but {show_path(labels_path)} holds "
            f"{labels.shape[0]} labels; the counts must match"
        )
    bad = np.flatnonzero(labels >= NUM_CLASSES)
    if bad.size:
        first = int(bad[0])
        others = f" (and {bad.size - 1} more)" if bad.size > 1 else ""
        raise DatasetError(
            f"{show_path(labels_path)}: label {int(labels[first])} at index {first} is outside "
            f"0..{NUM_CLASSES - 1}{others}"
        )
    return images, labels

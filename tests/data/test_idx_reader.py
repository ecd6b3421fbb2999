"""The IDX reader: round trips, and a clear message for each way a file goes wrong."""

from __future__ import annotations

import gzip

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import array_shapes, arrays

from cnnviz.data.idx import DatasetError, read_idx, read_idx_pair
from peak_memory import least_peak


def _images(count: int, size: int = 28) -> np.ndarray:
    return np.arange(count * size * size, dtype=np.uint8).reshape(count, size, size)


# --- reading valid files ---------------------------------------------------


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int16, np.int32, np.float32, np.float64])
@pytest.mark.parametrize("compress", [False, True], ids=["raw", "gzip"])
def test_every_standard_type_code_round_trips_to_native_byte_order(write_idx, dtype, compress):
    # Negative and multi-byte values catch a wrong sign or byte order.
    low = 0 if dtype == np.uint8 else -300 if np.dtype(dtype).itemsize > 1 else -100
    values = np.linspace(low, 250, 24).astype(dtype).reshape(2, 3, 4)
    path = write_idx("values", values, compress=compress)

    result = read_idx(path)

    assert result.dtype == np.dtype(dtype) and result.dtype.isnative
    np.testing.assert_array_equal(result, values)


def test_returned_array_is_writeable(write_idx):
    result = read_idx(write_idx("labels", np.arange(5, dtype=np.uint8)))
    result[0] = 9
    assert result[0] == 9


def test_gzip_is_detected_by_content_not_by_name(write_idx):
    labels = np.array([3, 1, 4], dtype=np.uint8)
    gzipped_without_suffix = write_idx("labels-idx1-ubyte", labels, compress=True)
    raw_with_gz_suffix = write_idx("labels-idx1-ubyte.gz", labels, compress=False)

    np.testing.assert_array_equal(read_idx(gzipped_without_suffix), labels)
    np.testing.assert_array_equal(read_idx(raw_with_gz_suffix), labels)


def test_empty_dimension_reads_as_empty_array(write_idx):
    result = read_idx(write_idx("none", np.zeros((0, 28, 28), dtype=np.uint8)))
    assert result.shape == (0, 28, 28)


@settings(max_examples=40, deadline=None)
@given(
    values=arrays(np.uint8, array_shapes(min_dims=1, max_dims=4, min_side=0, max_side=6)),
    compress=st.booleans(),
)
def test_any_uint8_array_round_trips(tmp_path_factory, encode_idx, values, compress):
    path = tmp_path_factory.mktemp("idx") / "values"
    data = encode_idx(values)
    path.write_bytes(gzip.compress(data) if compress else data)

    result = read_idx(path)

    assert result.shape == values.shape
    np.testing.assert_array_equal(result, values)


# --- broken files: each message names the file and the problem --------------


def test_missing_file(tmp_path):
    path = tmp_path / "train-images-idx3-ubyte"
    with pytest.raises(DatasetError, match="file not found") as caught:
        read_idx(path)
    assert str(path) in str(caught.value)


def test_folder_instead_of_file(tmp_path):
    with pytest.raises(DatasetError, match="is a folder"):
        read_idx(tmp_path)


@pytest.mark.parametrize("compress", [False, True], ids=["raw", "gzip"])
def test_truncated_data_reports_expected_and_actual_bytes(write_idx, encode_idx, compress):
    cut = encode_idx(_images(10))[: 16 + 100]
    path = write_idx("train-images-idx3-ubyte", cut, compress=compress)

    with pytest.raises(DatasetError) as caught:
        read_idx(path)

    message = str(caught.value)
    assert str(path) in message
    assert "truncated" in message
    assert "7840 bytes" in message  # 10 * 28 * 28 expected
    assert "only 100 bytes" in message
    assert "10 x 28 x 28" in message


def test_truncated_header(write_idx):
    path = write_idx("short", bytes([0, 0, 8, 3, 0, 0, 0, 10]))
    with pytest.raises(DatasetError, match=r"truncated IDX header: 3 dimensions need a 16-byte header") as caught:
        read_idx(path)
    assert str(path) in str(caught.value)


def test_trailing_bytes_are_an_error(write_idx, encode_idx):
    path = write_idx("labels", encode_idx(np.arange(10, dtype=np.uint8)) + b"abc")
    with pytest.raises(DatasetError, match=r"3 unexpected extra bytes after the 10 bytes of data") as caught:
        read_idx(path)
    assert str(path) in str(caught.value)


def test_trailing_bytes_inside_gzip_are_counted(write_idx, encode_idx):
    path = write_idx("labels.gz", encode_idx(np.arange(10, dtype=np.uint8)) + bytes(5000), compress=True)
    with pytest.raises(DatasetError, match="5000 unexpected extra bytes"):
        read_idx(path)


@pytest.mark.parametrize(
    "start",
    [b"\x12\x34\x08\x03", b"P5\n2", b"\x00\x01\x08\x03"],
    ids=["random", "pgm", "second-byte-nonzero"],
)
def test_wrong_magic_number(write_idx, start):
    path = write_idx("train-images-idx3-ubyte", start + bytes(16))
    with pytest.raises(DatasetError) as caught:
        read_idx(path)
    message = str(caught.value)
    assert str(path) in message
    assert "not an IDX file" in message
    assert start.hex(" ") in message
    assert "0x00000803" in message and "0x00000801" in message


def test_unsupported_type_code(write_idx):
    path = write_idx("odd", bytes([0, 0, 0x0A, 1, 0, 0, 0, 1, 0]))
    expected = r"unsupported IDX data type code 0x0A \(magic number 0x00000A01\)"
    with pytest.raises(DatasetError, match=expected) as caught:
        read_idx(path)
    assert "0x08 (unsigned byte)" in str(caught.value)


def test_zero_dimensions(write_idx):
    with pytest.raises(DatasetError, match="0 dimensions"):
        read_idx(write_idx("scalar", bytes([0, 0, 8, 0, 7])))


@pytest.mark.parametrize("content", [b"", b"\x00\x00"], ids=["empty", "two-bytes"])
def test_too_short_for_a_header(write_idx, content):
    with pytest.raises(DatasetError, match="too short for an IDX header"):
        read_idx(write_idx("tiny", content))


def test_text_file_named_gz(write_idx):
    path = write_idx("train-labels-idx1-ubyte.gz", b"<html>404 Not Found</html>\n")
    with pytest.raises(DatasetError) as caught:
        read_idx(path)
    message = str(caught.value)
    assert str(path) in message
    assert "not an IDX file" in message
    assert "ends in .gz but it is not gzip-compressed" in message


def test_garbage_after_the_gzip_data(write_idx, encode_idx):
    compressed = gzip.compress(encode_idx(np.arange(3, dtype=np.uint8)), mtime=0)
    path = write_idx("labels.gz", compressed + b"garbage")
    with pytest.raises(DatasetError, match="unexpected bytes after the end of the gzip data") as caught:
        read_idx(path)
    assert str(path) in str(caught.value)


def test_corrupt_gzip_header(write_idx):
    # Gzip magic, then a compression method (0x00) gzip does not know.
    path = write_idx("train-labels-idx1-ubyte.gz", b"\x1f\x8b\x00\x00" + bytes(40))
    with pytest.raises(DatasetError, match="not a valid gzip file") as caught:
        read_idx(path)
    assert str(path) in str(caught.value)


def test_corrupt_gzip_data(write_idx, encode_idx):
    compressed = bytearray(gzip.compress(encode_idx(_images(50)), mtime=0))
    middle = len(compressed) // 2
    compressed[middle : middle + 64] = bytes(range(64))  # scribble over deflate data
    path = write_idx("images.gz", bytes(compressed))
    with pytest.raises(DatasetError, match="not a valid gzip file") as caught:
        read_idx(path)
    assert str(path) in str(caught.value)


def test_truncated_gzip_stream(write_idx, encode_idx):
    compressed = gzip.compress(encode_idx(_images(50)), mtime=0)
    path = write_idx("images.gz", compressed[: len(compressed) // 2])
    with pytest.raises(DatasetError, match="gzip stream is truncated") as caught:
        read_idx(path)
    assert str(path) in str(caught.value)


# --- image/label pairs ------------------------------------------------------


def test_pair_reads_images_and_labels(write_idx):
    images = _images(4)
    labels = np.array([0, 9, 5, 1], dtype=np.uint8)
    got_images, got_labels = read_idx_pair(write_idx("i", images), write_idx("l", labels, compress=True))
    assert got_images.dtype == np.uint8 and got_images.shape == (4, 28, 28)
    assert got_labels.dtype == np.uint8 and got_labels.shape == (4,)
    np.testing.assert_array_equal(got_images, images)
    np.testing.assert_array_equal(got_labels, labels)


def test_pair_label_count_mismatch(write_idx):
    images_path = write_idx("t10k-images-idx3-ubyte", _images(5))
    labels_path = write_idx("t10k-labels-idx1-ubyte", np.zeros(4, dtype=np.uint8))
    with pytest.raises(DatasetError) as caught:
        read_idx_pair(images_path, labels_path)
    message = str(caught.value)
    assert f"{images_path} holds 5 images but {labels_path} holds 4 labels" in message


def test_pair_label_out_of_range_names_value_and_index(write_idx):
    labels_path = write_idx("labels", np.array([1, 2, 11, 3, 200], dtype=np.uint8))
    with pytest.raises(DatasetError) as caught:
        read_idx_pair(write_idx("images", _images(5)), labels_path)
    message = str(caught.value)
    assert f"{labels_path}: label 11 at index 2 is outside 0..9" in message
    assert "and 1 more" in message


def test_pair_wrong_image_size(write_idx):
    images_path = write_idx("images", _images(3, size=32))
    with pytest.raises(DatasetError) as caught:
        read_idx_pair(images_path, write_idx("labels", np.zeros(3, dtype=np.uint8)))
    message = str(caught.value)
    assert str(images_path) in message
    assert "32x32" in message and "28x28" in message


def test_pair_swapped_files(write_idx):
    images_path, labels_path = write_idx("images", _images(3)), write_idx("labels", np.zeros(3, dtype=np.uint8))
    with pytest.raises(DatasetError, match="swapped"):
        read_idx_pair(labels_path, images_path)


def test_pair_images_must_be_unsigned_bytes(write_idx):
    images_path = write_idx("images", np.zeros((2, 28, 28), dtype=np.float32))
    with pytest.raises(DatasetError, match="not an MNIST image file.*float32"):
        read_idx_pair(images_path, write_idx("labels", np.zeros(2, dtype=np.uint8)))


def test_pair_labels_must_be_one_dimensional(write_idx):
    labels_path = write_idx("labels", np.zeros((2, 1), dtype=np.uint8))
    with pytest.raises(DatasetError, match="not an MNIST label file"):
        read_idx_pair(write_idx("images", _images(2)), labels_path)


def test_dataset_error_is_a_value_error():
    assert issubclass(DatasetError, ValueError)


# --- hostile files: bounded memory and time, the file always named --------------------------


def test_gzip_bomb_is_refused_before_it_is_decompressed(write_idx, monkeypatch):
    """A small gzip declaring (and holding) far more data than its size allows is refused from
    its header: nothing beyond the header is decompressed."""

    from cnnviz.data import limits

    count = 40_000  # 31 MB of zeros, ~31 KB compressed
    data = bytes([0, 0, 8, 3]) + np.array([count, 28, 28], ">u4").tobytes() + bytes(count * 784)
    path = write_idx("train-images-idx3-ubyte.gz", data, compress=True)
    monkeypatch.setattr(limits, "FIXED_BUDGET_BYTES", 2 * 2**20)  # the 512 MB budget, scaled down

    def refused():
        with pytest.raises(DatasetError) as caught:
            read_idx(path)
        return caught.value

    error, peak = least_peak(refused, 2 * 2**20)
    message = str(error)
    assert str(path) in message and "40000 x 28 x 28" in message and "decompresses at most" in message
    assert peak < 2 * 2**20, f"read {peak / 2**20:.1f} MB before refusing"


def test_gzip_within_the_budget_is_read_without_copies(write_idx):

    images = np.random.default_rng(0).integers(0, 256, (20_000, 28, 28), dtype=np.uint8)
    path = write_idx("imgs.gz", images, compress=True)  # 15.7 MB
    result, peak = least_peak(lambda: read_idx(path), 1.5 * images.nbytes)
    np.testing.assert_array_equal(result, images)
    assert peak < 1.5 * images.nbytes  # the data once, plus a few 4 MB reading chunks


def test_trailing_zeros_inside_gzip_are_not_counted_forever(write_idx, encode_idx, monkeypatch):
    from cnnviz.data import idx

    monkeypatch.setattr(idx, "_TRAILING_COUNT_LIMIT", 1 << 20)  # 64 MB in use; 8 GB used to take 37 s
    path = write_idx("labels.gz", encode_idx(np.arange(10, dtype=np.uint8)) + bytes(20 << 20), compress=True)
    with pytest.raises(DatasetError, match=r"more than 1.0 MB of unexpected extra bytes after the 10 bytes"):
        read_idx(path)


def test_extra_bytes_of_a_raw_file_are_counted_without_reading_them(write_idx, encode_idx, monkeypatch):
    path = write_idx("labels", encode_idx(np.arange(10, dtype=np.uint8)) + bytes(3_000_000))
    with pytest.raises(DatasetError, match="3000000 unexpected extra bytes"):
        read_idx(path)


def test_255_dimensions_names_the_file(write_idx):
    path = write_idx("many-dims", bytes([0, 0, 8, 255]) + bytes(4 * 255))
    with pytest.raises(DatasetError, match=r"declares 255 dimensions; cnnviz reads at most 16") as caught:
        read_idx(path)
    assert str(caught.value).startswith(f"{path}: ")


def test_a_fifo_is_named_not_waited_on(tmp_path):
    import os

    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    fifo = tmp_path / "train-images-idx3-ubyte"
    os.mkfifo(fifo)
    with pytest.raises(DatasetError, match=r"is a named pipe \(FIFO\), not a file"):
        read_idx(fifo)


def test_pair_with_no_images_says_so(write_idx):
    images = write_idx("imgs", np.zeros((0, 28, 28), np.uint8))
    labels = write_idx("labels", np.zeros(0, np.uint8))
    with pytest.raises(DatasetError, match="holds no images") as caught:
        read_idx_pair(images, labels)
    assert str(images) in str(caught.value)

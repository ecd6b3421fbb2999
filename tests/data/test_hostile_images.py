"""Huge, odd and hostile pictures: shrunk early, refused before decoding when too big, never
full-size float copies, every error naming the file."""

from __future__ import annotations

import os

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFile

from cnnviz.data import drawing, limits
from cnnviz.data.drawing import ImageError, load_digit_image, load_image
from peak_memory import least_peak


def _big_seven(tmp_path, side: int, mode: str = "L", suffix: str = ".png", **save) -> tuple:
    image = Image.new(mode, (side, side), "white")
    ImageDraw.Draw(image).line(
        [(side * 0.2, side * 0.2), (side * 0.8, side * 0.2), (side * 0.4, side * 0.9)],
        fill="black",
        width=max(1, side // 25),
    )
    path = tmp_path / f"seven-{side}-{mode}{suffix}"
    image.save(path, **save)
    return path, image


def test_a_big_picture_is_shrunk_before_any_float_copy(tmp_path):
    """6000x6000 grey: the old reader made float32 and float64 copies of all 36 M pixels (~430 MB)."""
    path, small_version = _big_seven(tmp_path, 6000)
    # tracemalloc sees NumPy's allocations (Pillow's own buffer is not Python memory)
    gray, peak = least_peak(lambda: load_image(path), 30 * 2**20)
    assert max(gray.shape) <= drawing.MAX_WORKING_SIDE and gray.dtype == np.float32
    assert peak < 30 * 2**20, f"{peak / 2**20:.0f} MB of NumPy arrays for a picture shrunk to {gray.shape}"
    # and it is still the same digit as the picture at a sensible size
    reference = tmp_path / "seven-small.png"
    small_version.resize((600, 600), Image.Resampling.BOX).save(reference)
    np.testing.assert_allclose(load_digit_image(path), load_digit_image(reference), atol=0.2)


def test_a_picture_whose_decoding_exceeds_the_budget_is_refused_before_decoding(tmp_path, monkeypatch):
    path, _ = _big_seven(tmp_path, 3000, "RGB")  # 36 MB once decoded, a few KB on disk

    def no_decoding(self, *args):
        raise AssertionError("the pixels were decoded")

    monkeypatch.setattr(limits, "FIXED_BUDGET_BYTES", 8 * 2**20)
    monkeypatch.setattr(Image.Image, "load", no_decoding)
    monkeypatch.setattr(ImageFile.ImageFile, "load", no_decoding)
    with pytest.raises(ImageError) as caught:
        load_image(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: the picture is 3000x3000 pixels (RGB); decoding it needs 36.0 MB")
    assert "scale it down first" in message


def test_a_huge_jpeg_is_decoded_at_reduced_size(tmp_path):
    path, _ = _big_seven(tmp_path, 4096, "RGB", ".jpg", quality=70)
    with Image.open(path) as probe:
        probe.draft("RGB", (drawing.MAX_WORKING_SIDE,) * 2)
        assert probe.size == (1024, 1024)  # what JPEG's scaled decoding gives
    gray = load_image(path)
    assert gray.shape == (1024, 1024)
    assert load_digit_image(path).max() > 0.5


def test_exif_orientation_survives_the_shrinking(tmp_path):
    image = Image.new("L", (3000, 1500), 255)
    ImageDraw.Draw(image).rectangle([100, 600, 2900, 900], fill=0)  # a wide bar
    exif = Image.Exif()
    exif[0x0112] = 6  # rotate 90 degrees clockwise to show
    path = tmp_path / "photo.jpg"
    image.save(path, exif=exif)
    gray = load_image(path)
    assert gray.shape[0] > gray.shape[1]  # shown upright: tall
    assert max(gray.shape) <= drawing.MAX_WORKING_SIDE


@pytest.mark.parametrize("mode", ["P", "I;16", "1", "RGBA"])
def test_big_pictures_of_modes_reduce_cannot_average(tmp_path, mode):
    base = Image.new("L", (2500, 2500), 255)
    ImageDraw.Draw(base).rectangle([1100, 400, 1400, 2100], fill=0)
    image = base.convert(mode) if mode != "I;16" else Image.fromarray(np.asarray(base, np.uint16) * 257)
    path = tmp_path / f"bar-{mode.replace(';', '')}.png"
    image.save(path)
    digit = load_digit_image(path)
    assert digit.shape == (28, 28) and digit.max() > 0.5
    cols = np.flatnonzero(digit.max(axis=0) > 0.5)
    assert 10 <= cols.mean() <= 18  # the bar, centred


def test_preprocess_digit_makes_no_float64_copy_of_a_big_canvas():
    canvas = np.zeros((3000, 3000), np.float32)
    canvas[500:2500, 1400:1600] = 1.0
    _, peak = least_peak(lambda: drawing.preprocess_digit(canvas), 5 * canvas.nbytes)
    assert peak < 5 * canvas.nbytes, f"{peak / canvas.nbytes:.1f}x the canvas (float64 copies are 2x each)"


def test_device_and_fifo_are_named(tmp_path):
    with pytest.raises(ImageError, match="is a device"):
        load_image(os.devnull)
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "pipe.png")
        with pytest.raises(ImageError, match=r"pipe.png: is a named pipe"):
            load_image(tmp_path / "pipe.png")

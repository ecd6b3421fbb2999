"""MNIST-style preprocessing of pictures and drawings, and reading image files."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from cnnviz.data.drawing import ImageError, load_digit_image, load_image, preprocess_digit

SAMPLE_DIGITS = range(0, 40, 3)  # a spread of MNIST test digits, every class


def _centre_of_mass(image: np.ndarray) -> tuple[float, float]:
    total = image.sum()
    rows, cols = np.indices(image.shape)
    return float((rows * image).sum() / total), float((cols * image).sum() / total)


def _cosine(a: np.ndarray, b: np.ndarray) -> float:
    return float((a * b).sum() / (np.linalg.norm(a) * np.linalg.norm(b)))


def _ink_box(image: np.ndarray, threshold: float = 0.0) -> tuple[int, int]:
    rows = np.flatnonzero((image > threshold).any(axis=1))
    cols = np.flatnonzero((image > threshold).any(axis=0))
    return int(rows[-1] - rows[0] + 1), int(cols[-1] - cols[0] + 1)


def _test_digit(mnist, index: int) -> np.ndarray:
    return mnist.test_images[index].astype(np.float32) / 255.0


def _on_canvas(digit: np.ndarray, scale: int, size: tuple[int, int], at: tuple[int, int]) -> np.ndarray:
    """``digit`` enlarged ``scale`` times (pixel blocks) on a black canvas, top-left at ``at``."""
    big = np.kron(digit, np.ones((scale, scale), dtype=np.float32))
    canvas = np.zeros(size, dtype=np.float32)
    canvas[at[0] : at[0] + big.shape[0], at[1] : at[1] + big.shape[1]] = big
    return canvas


def _drawn_seven(size: int = 280, width: int = 22) -> np.ndarray:
    """A thick "7" as the GUI canvas holds it: 1 = ink on 0, float."""
    image = Image.new("L", (size, size), 0)
    draw = ImageDraw.Draw(image)
    s = size / 280
    draw.line([(70 * s, 60 * s), (200 * s, 60 * s), (120 * s, 230 * s)], fill=255, width=width, joint="curve")
    return np.asarray(image, dtype=np.float32) / 255.0


# --- preprocess_digit ----------------------------------------------------------


@pytest.mark.parametrize("index", SAMPLE_DIGITS)
def test_output_is_a_28x28_float_field_with_a_20_pixel_digit_at_the_centre(mnist, index):
    result = preprocess_digit(_test_digit(mnist, index))
    assert result.shape == (28, 28) and result.dtype == np.float32
    assert result.min() >= 0.0 and 0.9 <= result.max() <= 1.0
    row, col = _centre_of_mass(result)
    assert abs(row - 14) < 0.1 and abs(col - 14) < 0.1
    # The longer side is 20 px; the sub-pixel shift may smear it over a 21st.
    assert max(_ink_box(result)) in (20, 21)


@pytest.mark.parametrize("index", SAMPLE_DIGITS)
def test_an_mnist_digit_comes_back_close_to_itself(mnist, index):
    digit = _test_digit(mnist, index)
    assert _cosine(preprocess_digit(digit), digit) > 0.8


@pytest.mark.parametrize("index", SAMPLE_DIGITS)
def test_a_digit_moved_to_a_corner_and_scaled_5x_comes_back_centred(mnist, index):
    digit = _test_digit(mnist, index)
    canvas = _on_canvas(digit, scale=5, size=(200, 200), at=(200 - 140, 200 - 140))

    result = preprocess_digit(canvas)

    row, col = _centre_of_mass(result)
    assert abs(row - 14) < 1.5 and abs(col - 14) < 1.5
    assert _cosine(result, preprocess_digit(digit)) > 0.8


@pytest.mark.parametrize("index", SAMPLE_DIGITS)
def test_dark_on_light_gives_the_same_as_light_on_dark(mnist, index):
    canvas = _on_canvas(_test_digit(mnist, index), scale=3, size=(120, 100), at=(10, 5))
    np.testing.assert_allclose(preprocess_digit(1.0 - canvas), preprocess_digit(canvas), atol=1e-5)


def test_grey_paper_with_a_dark_pen_gives_the_same_as_a_clean_drawing():
    ink = _drawn_seven()
    photo = 0.6 - 0.5 * ink  # grey background, pen darker still
    np.testing.assert_allclose(preprocess_digit(photo), preprocess_digit(ink), atol=1e-5)


def test_uint8_input_is_scaled_by_its_range(mnist):
    digit = mnist.test_images[0]
    np.testing.assert_allclose(preprocess_digit(digit), preprocess_digit(digit / 255.0), atol=1e-6)


def test_the_gui_canvas_case(mnist):
    seven = _drawn_seven(280)
    result = preprocess_digit(seven)
    row, col = _centre_of_mass(result)
    assert abs(row - 14) < 0.1 and abs(col - 14) < 0.1
    assert result.max() > 0.9
    assert max(_ink_box(result, threshold=0.05)) in (20, 21)


def test_the_aspect_ratio_is_kept():
    tall = np.zeros((200, 200), np.float32)
    tall[50:150, 95:105] = 1.0  # a "1": 100 x 10
    height, width = _ink_box(preprocess_digit(tall), threshold=0.05)
    assert height in (20, 21) and width in (2, 3)

    wide_height, wide_width = _ink_box(preprocess_digit(tall.T), threshold=0.05)
    assert (wide_height, wide_width) == (width, height)


def test_a_tiny_scribble_is_enlarged_to_20_pixels():
    tiny = np.zeros((100, 100), np.float32)
    tiny[40:45, 40:44] = 1.0
    assert max(_ink_box(preprocess_digit(tiny), threshold=0.05)) in (20, 21)


def test_faint_noise_does_not_move_the_crop(mnist):
    clean = _on_canvas(_test_digit(mnist, 0), scale=4, size=(160, 160), at=(20, 20))
    noisy = clean.copy()
    noisy[0:3, 0:3] = 0.1  # a smudge far away, under the noise threshold
    noisy[-2:, -5:] = 0.05
    np.testing.assert_allclose(preprocess_digit(noisy), preprocess_digit(clean), atol=1e-6)


@pytest.mark.parametrize(
    "blank",
    [
        np.zeros((280, 280), np.float32),
        np.ones((50, 80)),
        np.full((28, 28), 0.5),
        np.random.default_rng(0).uniform(0.47, 0.53, (100, 100)),  # paper grain
    ],
    ids=["black", "white", "grey", "grain"],
)
def test_a_blank_picture(blank):
    with pytest.raises(ImageError, match="no ink found"):
        preprocess_digit(blank)
    empty = preprocess_digit(blank, allow_blank=True)
    assert empty.shape == (28, 28) and empty.dtype == np.float32 and not empty.any()


def test_nan_is_an_image_error():
    picture = np.zeros((30, 30))
    picture[3, 3] = np.nan
    with pytest.raises(ImageError, match="NaN"):
        preprocess_digit(picture)


@pytest.mark.parametrize("shape", [(28,), (3, 28, 28), (0, 5)])
def test_not_a_2d_picture(shape):
    with pytest.raises(ValueError, match="expected a 2-D grey image"):
        preprocess_digit(np.zeros(shape))


def test_image_error_is_a_value_error():
    assert issubclass(ImageError, ValueError)


@settings(max_examples=50, deadline=None)
@given(
    index=st.integers(0, 199),
    scale=st.floats(1.0, 6.0),
    margins=st.tuples(*[st.integers(0, 120)] * 4),
    dark_on_light=st.booleans(),
)
def test_any_shift_and_scale_keeps_the_digit_centred_and_recognisable(mnist, index, scale, margins, dark_on_light):
    digit = _test_digit(mnist, index)
    size = round(28 * scale)
    enlarged = np.asarray(Image.fromarray(digit).resize((size, size), Image.Resampling.BILINEAR))
    top, bottom, left, right = margins
    canvas = np.pad(enlarged, ((top, bottom), (left, right)))
    if dark_on_light:
        canvas = 1.0 - canvas

    result = preprocess_digit(canvas)

    row, col = _centre_of_mass(result)
    assert abs(row - 14) < 1.5 and abs(col - 14) < 1.5
    assert _cosine(result, preprocess_digit(digit)) > 0.8


# --- load_image ------------------------------------------------------------------


def _save(image: Image.Image, path, **options):
    image.save(path, **options)
    return path


def test_rgb_png_with_a_coloured_pen_on_white(tmp_path):
    ink = _drawn_seven(140, width=12)
    rgb = np.empty(ink.shape + (3,), np.uint8)
    rgb[...] = (255, 255, 255)
    rgb[ink > 0.5] = (20, 30, 160)  # dark blue pen
    path = _save(Image.fromarray(rgb, "RGB"), tmp_path / "seven.png")

    gray = load_image(path)

    assert gray.shape == (140, 140) and gray.dtype == np.float32
    assert gray.max() == pytest.approx(1.0) and gray.min() < 0.3
    assert _cosine(preprocess_digit(gray), preprocess_digit(ink)) > 0.95


@pytest.mark.parametrize("stroke", [0, 255], ids=["black-strokes", "white-strokes"])
def test_rgba_png_strokes_on_transparent(tmp_path, stroke):
    # Drawing programs store the colour of transparent pixels as black (or
    # anything); only alpha says where the strokes are.
    ink = _drawn_seven(140, width=12)
    rgba = np.zeros(ink.shape + (4,), np.uint8)
    rgba[..., :3] = stroke
    rgba[..., 3] = np.rint(ink * 255).astype(np.uint8)
    path = _save(Image.fromarray(rgba, "RGBA"), tmp_path / "seven.png")

    result = preprocess_digit(load_image(path))

    assert _cosine(result, preprocess_digit(ink)) > 0.99


def test_rgba_png_fully_opaque_is_just_its_colours(tmp_path):
    ink = _drawn_seven(56, width=6)
    rgba = np.full(ink.shape + (4,), 255, np.uint8)
    rgba[..., :3] = np.rint((1 - ink) * 255).astype(np.uint8)[..., None]
    path = _save(Image.fromarray(rgba, "RGBA"), tmp_path / "opaque.png")
    np.testing.assert_allclose(load_image(path), 1 - ink, atol=1 / 255 + 1e-6)


@pytest.mark.parametrize(
    ("mode", "suffix"),
    [("L", ".png"), ("1", ".png"), ("P", ".gif"), ("LA", ".png"), ("I;16", ".png"), ("RGB", ".jpg"), ("CMYK", ".tif")],
)
def test_other_modes_and_formats(tmp_path, mode, suffix):
    ink = _drawn_seven(84, width=10)
    light = Image.fromarray(np.rint((1 - ink) * 255).astype(np.uint8), "L")  # dark digit on white
    if mode == "I;16":
        image = Image.fromarray(np.rint((1 - ink) * 65535).astype(np.uint16))
    elif mode == "CMYK":
        image = light.convert("RGB").convert("CMYK")
    else:
        image = light.convert(mode)
    path = _save(image, tmp_path / f"digit{suffix}")

    gray = load_image(path)

    assert gray.shape == (84, 84) and gray.dtype == np.float32
    assert gray.min() >= 0.0 and gray.max() <= 1.0
    assert _cosine(preprocess_digit(gray), preprocess_digit(ink)) > 0.95


def test_exif_orientation_is_applied(tmp_path):
    image = Image.new("L", (60, 30), 255)  # 30 rows, 60 columns
    exif = Image.Exif()
    exif[0x0112] = 6  # "rotate 90 degrees clockwise to display"
    path = _save(image, tmp_path / "photo.jpg", exif=exif)
    assert load_image(path).shape == (60, 30)


def test_missing_file(tmp_path):
    path = tmp_path / "nothing.png"
    with pytest.raises(ImageError, match="file not found") as caught:
        load_image(path)
    assert str(path) in str(caught.value)


def test_folder_instead_of_image(tmp_path):
    with pytest.raises(ImageError, match="is a folder"):
        load_image(tmp_path)


def test_text_file_named_png(tmp_path):
    path = tmp_path / "digit.png"
    path.write_text("this is not a picture\n")
    with pytest.raises(ImageError, match="not an image file") as caught:
        load_image(path)
    assert str(path) in str(caught.value)


def test_truncated_png(tmp_path):
    noise = np.random.default_rng(0).integers(0, 256, (200, 200), dtype=np.uint8)
    whole = _save(Image.fromarray(noise), tmp_path / "whole.png")
    path = tmp_path / "cut.png"
    path.write_bytes(whole.read_bytes()[:2000])
    with pytest.raises(ImageError, match="truncated or corrupt") as caught:
        load_image(path)
    assert str(path) in str(caught.value)


def test_load_digit_image_names_the_file_when_it_is_blank(tmp_path):
    path = _save(Image.new("RGB", (64, 64), "white"), tmp_path / "blank.png")
    with pytest.raises(ImageError) as caught:
        load_digit_image(path)
    assert str(caught.value).startswith(f"{path}: no ink found")


def test_load_digit_image_reads_and_prepares(tmp_path):
    ink = _drawn_seven(112, width=10)
    path = _save(Image.fromarray(np.rint(ink * 255).astype(np.uint8)), tmp_path / "seven.png")
    result = load_digit_image(path)
    assert result.shape == (28, 28)
    assert _cosine(result, preprocess_digit(ink)) > 0.99

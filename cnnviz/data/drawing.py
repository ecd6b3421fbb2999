"""Making any picture of a digit look like an MNIST digit.

A network trained on MNIST only recognises digits prepared the way MNIST's
were: white ink on black, the digit scaled so its longer side is 20 pixels
(keeping its aspect ratio, anti-aliased), then placed in a 28x28 field so that
its centre of mass sits at the field's centre. ``cnnviz predict`` (image
files) and the GUI's drawing canvas (float arrays) both go through
:func:`preprocess_digit`, so what the network sees is the same either way.
"""

from __future__ import annotations

import os
import warnings
from pathlib import Path

import numpy as np
from PIL import Image, UnidentifiedImageError

from . import limits
from .files import describe_file_error, open_regular, show_path
from .limits import megabytes, shorten
from .photo import PHOTO_SIDE, drop_edge_clutter, even_out_lighting, ink_extent, looks_like_photo

__all__ = [
    "ImageError",
    "load_image",
    "load_digit_image",
    "load_digit_picture",
    "load_network_input",
    "preprocess_digit",
]


class ImageError(ValueError):
    """A picture cannot be read, or holds no digit; the message says why."""


FIELD_SIZE = 28
"""Side of the MNIST input field, in pixels."""
DIGIT_BOX = 20
"""MNIST scales each digit so that its longer side fills this many pixels."""
FIELD_CENTRE = 14.0
"""Where MNIST put the centre of mass, in array index coordinates (row, col).
Measured on MNIST's test set the mean centre of mass is (13.99, 14.01)
(spread +-0.5: MNIST rounded its shifts to whole pixels)."""

MIN_CONTRAST = 0.1
"""Less difference than this (on a 0..1 scale) between background and the
strongest ink counts as a blank picture: it is paper grain, not a stroke."""
NOISE_THRESHOLD = 0.15
"""Ink weaker than this, relative to the strongest ink, is noise (paper
texture, JPEG artefacts, faint smudges) and is removed before cropping."""


MAX_WORKING_SIDE = 1024
"""A bigger picture is shrunk (box filter, right after decoding) until its longer side is at
most this: the digit ends up 20 pixels tall anyway, and full-size float copies of a 13000x13000
photo would cost gigabytes."""

_BYTES_PER_PIXEL = {"1": 1, "L": 1, "P": 1, "I;16": 2, "I;16B": 2, "I;16L": 2, "I;16N": 2}
"""Pillow's memory per pixel for a mode (4 for every mode not listed)."""
_CONVERT_BEFORE_REDUCE = {"1": 1, "P": 4, "PA": 4, "I;16": 4, "I;16B": 4, "I;16L": 4, "I;16N": 4}
"""Modes Image.reduce cannot average (bits, palette indices, 16-bit), with the bytes per
pixel of the full-size copy converting them costs."""
_ORIENTATION = 0x0112
_TRANSPOSE = {
    2: Image.Transpose.FLIP_LEFT_RIGHT,
    3: Image.Transpose.ROTATE_180,
    4: Image.Transpose.FLIP_TOP_BOTTOM,
    5: Image.Transpose.TRANSPOSE,
    6: Image.Transpose.ROTATE_270,
    7: Image.Transpose.TRANSVERSE,
    8: Image.Transpose.ROTATE_90,
}


def load_image(path: str | os.PathLike[str]) -> np.ndarray:
    """Read an image file as float32 greys (H, W) in [0, 1], 1 = white.

    Any size and any mode Pillow reads (L, RGB, P, CMYK, 16-bit, ...);
    a camera photo is turned upright by its EXIF orientation. A picture
    larger than ``MAX_WORKING_SIDE`` is shrunk while it is decoded (JPEG) or
    right after, and one whose decoding alone would need more memory than
    cnnviz spends on a file of its size (``cnnviz.data.limits``) is refused
    before it is decoded.

    Transparency: transparent pixels count as background. A digit drawn on a
    transparent canvas usually stores black in its transparent pixels, so
    simply dropping alpha would leave black strokes on black. Instead the
    picture is composited onto white when its opaque pixels are mostly dark
    and onto black when they are mostly light, so the strokes always stand
    out against what was transparent.
    """
    path = Path(path)
    where = show_path(path)
    try:
        fh = open_regular(path)
    except OSError as error:
        raise ImageError(describe_file_error(error, path)) from None
    try:
        with fh, warnings.catch_warnings():
            # A huge image is refused below as DecompressionBombError; the
            # warning Pillow gives for merely big ones would only be noise.
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(fh) as image:
                small, orientation = _decode_small(image, os.fstat(fh.fileno()).st_size, where)
            return _to_gray(_upright(small, orientation), path)
    except UnidentifiedImageError:
        raise ImageError(f"{where}: not an image file Pillow can read (use PNG, JPEG, BMP, GIF or TIFF)") from None
    except Image.DecompressionBombError as error:
        raise ImageError(f"{where}: image is too large to open safely ({shorten(str(error), 120)})") from None
    except MemoryError:
        raise ImageError(f"{where}: not enough memory to decode this image; scale it down first") from None
    except (OSError, SyntaxError, ValueError) as error:
        if isinstance(error, ImageError):
            raise
        if isinstance(error, OSError) and error.errno is not None:
            raise ImageError(describe_file_error(error, path)) from None
        # Pillow reports truncated or corrupt pixel data as OSError (and a
        # few plugins as SyntaxError/ValueError) only once it decodes.
        raise ImageError(f"{where}: the image is truncated or corrupt ({shorten(str(error), 120)})") from None


def _decode_small(image: Image.Image, file_size: int, where: str) -> tuple[Image.Image, int | None]:
    """Decode ``image`` shrunk to at most MAX_WORKING_SIDE, and its EXIF orientation."""
    if image.format == "JPEG" and max(image.size) > MAX_WORKING_SIDE:
        # JPEG decodes at 1/2, 1/4 or 1/8 size directly (never smaller than asked).
        image.draft(image.mode if image.mode in ("L", "RGB") else None, (MAX_WORKING_SIDE, MAX_WORKING_SIDE))
    width, height = image.size
    per_pixel = _BYTES_PER_PIXEL.get(image.mode, 4) + _CONVERT_BEFORE_REDUCE.get(image.mode, 0)
    needed, allowed = width * height * per_pixel, limits.allowed_bytes(file_size)
    if needed > allowed:
        raise ImageError(
            f"{where}: the picture is {width}x{height} pixels ({image.mode}); decoding it needs "
            f"{megabytes(needed)}, more than cnnviz spends on a {megabytes(file_size)} file "
            f"({megabytes(allowed)}): scale it down first"
        )
    image.load()
    try:  # after load: PNG reads the whole image to look for EXIF after the pixels
        orientation = image.getexif().get(_ORIENTATION)
    except Exception:  # noqa: BLE001 -- EXIF parsing fails in many ways
        orientation = None  # a damaged EXIF block should not make a readable picture unreadable
    factor = -(-max(width, height) // MAX_WORKING_SIDE)
    if factor <= 1:
        return image, orientation
    if image.mode in _CONVERT_BEFORE_REDUCE:
        if image.mode in ("P", "PA"):
            image = image.convert("LA" if _has_transparency(image) else "L")
        else:
            image = image.convert("I" if image.mode.startswith("I;16") else "L")
    return image.reduce(factor), orientation


def _upright(image: Image.Image, orientation: int | None) -> Image.Image:
    method = _TRANSPOSE.get(orientation) if isinstance(orientation, int) else None
    return image.transpose(method) if method is not None else image


def _to_gray(image: Image.Image, path: Path) -> np.ndarray:
    if _has_transparency(image):
        rgba = np.asarray(image.convert("RGBA"), dtype=np.float32) / 255.0
        lum = _luminance(rgba[..., :3])
        alpha = rgba[..., 3]
        opaque_weight = float(alpha.sum())
        if opaque_weight == 0.0:
            return np.zeros(alpha.shape, dtype=np.float32)
        opaque_mean = float((lum * alpha).sum()) / opaque_weight
        background = 1.0 if opaque_mean < 0.5 else 0.0
        gray = alpha * lum + (1.0 - alpha) * background
        return gray.astype(np.float32)

    if image.mode.startswith("I;16"):
        return (np.asarray(image, dtype=np.float32) / 65535.0).astype(np.float32)
    if image.mode in ("I", "F"):
        # 32-bit int or float pixels have no fixed range (16-bit PNGs open as
        # "I" in some Pillow versions): stretch what is there to [0, 1].
        values = np.asarray(image, dtype=np.float64)
        if not np.all(np.isfinite(values)):
            raise ImageError(f"{path}: image contains NaN or infinite pixel values")
        low, high = values.min(), values.max()
        if high == low:
            return np.zeros(values.shape, dtype=np.float32)
        return ((values - low) / (high - low)).astype(np.float32)

    try:
        gray_image = image.convert("L")
    except ValueError:
        try:
            gray_image = image.convert("RGB").convert("L")
        except ValueError:
            raise ImageError(f"{path}: unsupported image mode {image.mode!r}") from None
    return np.asarray(gray_image, dtype=np.float32) / np.float32(255.0)


def _has_transparency(image: Image.Image) -> bool:
    return image.mode in ("RGBA", "LA", "PA", "RGBa", "La") or "transparency" in image.info


def _luminance(rgb: np.ndarray) -> np.ndarray:
    # ITU-R 601-2 luma, the weights Pillow's own RGB -> L conversion uses.
    return rgb @ np.array([0.299, 0.587, 0.114], dtype=np.float32)


def preprocess_digit(gray: np.ndarray, allow_blank: bool = False) -> np.ndarray:
    """Any 2-D picture of one digit -> float32 (28, 28) in [0, 1], ink = 1.

    ``gray`` is a float array in [0, 1] (or uint8/uint16, scaled by its
    range) of any size, in either polarity: the background is taken from
    the median of the border pixels, so dark-on-light and light-on-dark
    pictures give the same result. The digit is cropped to its ink, scaled so
    its longer side is 20 pixels, and placed so that its centre of mass is at
    (14, 14), as MNIST's digits were.

    A blank picture raises :class:`ImageError`, or returns zeros when
    ``allow_blank`` (the GUI's empty canvas).
    """
    ink, photo = _ink_from_gray(gray)
    if ink is None:
        if allow_blank:
            return np.zeros((FIELD_SIZE, FIELD_SIZE), dtype=np.float32)
        raise ImageError(
            "no ink found: the picture is blank or too faint to hold a digit "
            "(draw or write one digit with a clear contrast to the background)"
        )
    digit = _fit_in_box(_crop_to_ink(ink, photo), DIGIT_BOX)
    return _place_by_centre_of_mass(digit)


def load_digit_image(path: str | os.PathLike[str]) -> np.ndarray:
    """Read an image file and prepare it as an MNIST-style (28, 28) input."""
    return load_digit_picture(path)[0]


def load_digit_picture(path: str | os.PathLike[str]) -> tuple[np.ndarray, np.ndarray]:
    """``(the MNIST-style (28, 28) input, the picture as read: greys (H, W) in [0, 1], 1 = white, at most
    MAX_WORKING_SIDE a side)`` of an image file: :func:`load_digit_image` keeping what it read (the GUI
    shows the photo and what the network gets of it)."""
    try:
        gray = load_image(path)
        return preprocess_digit(gray), gray
    except ImageError as error:
        if str(path) in str(error):
            raise
        raise ImageError(f"{path}: {error}") from None


def load_network_input(path: str | os.PathLike[str]) -> np.ndarray:
    """Read a 28x28 image file as the network's input itself, without the MNIST preprocessing.

    White (1) is ink, as in MNIST; an 8-bit grey PNG comes back exactly (k/255),
    so what ``cnnviz fool`` wrote is what the network is shown again.
    """
    gray = load_image(path)
    if gray.shape != (FIELD_SIZE, FIELD_SIZE):
        raise ImageError(
            f"{show_path(Path(path))}: the network's input is {FIELD_SIZE}x{FIELD_SIZE} pixels, this "
            f"image is {gray.shape[1]}x{gray.shape[0]} (without --raw it is preprocessed to fit)"
        )
    return gray


def _ink_from_gray(gray: np.ndarray) -> tuple[np.ndarray | None, bool]:
    """Ink strength in [0, 1] (1 = strongest stroke), or None when blank."""
    values = np.asarray(gray)
    if values.ndim != 2 or values.shape[0] < 1 or values.shape[1] < 1:
        raise ValueError(f"expected a 2-D grey image, got an array of shape {values.shape}")
    # float32, never float64: a big canvas or picture must not cost 8 bytes a pixel.
    if np.issubdtype(values.dtype, np.unsignedinteger):
        values = values.astype(np.float32) / np.float32(np.iinfo(values.dtype).max)
    else:
        values = values.astype(np.float32, copy=False)
    if not np.all(np.isfinite(values)):
        raise ImageError("the picture contains NaN or infinite values")
    photo = looks_like_photo(values)
    if photo:
        values = even_out_lighting(values)

    border = np.concatenate([values[0], values[-1], values[1:-1, 0], values[1:-1, -1]])
    background = float(np.median(border))
    low, high = float(values.min()), float(values.max())
    # The ink is whichever extreme lies farther from the background, so a grey
    # sheet of paper works with both a dark pen and white chalk.
    if background - low > high - background:
        ink, contrast = background - values, background - low
    else:
        ink, contrast = values - background, high - background
    if contrast < MIN_CONTRAST:
        return None, photo
    ink = np.clip(ink / contrast, 0.0, 1.0)
    # Soft threshold: noise goes to 0 and the rest is stretched back to
    # [0, 1], leaving no step at the edge of a stroke.
    ink = np.clip((ink - NOISE_THRESHOLD) / (1.0 - NOISE_THRESHOLD), 0.0, 1.0)
    if not ink.any():
        return None, photo
    return ink, photo


def _crop_to_ink(ink: np.ndarray, photo: bool = False) -> np.ndarray:
    if photo:
        ink = drop_edge_clutter(ink)
    rows = np.flatnonzero(ink.any(axis=1))
    cols = np.flatnonzero(ink.any(axis=0))
    at_edge = rows[0] == 0 or cols[0] == 0 or rows[-1] == ink.shape[0] - 1 or cols[-1] == ink.shape[1] - 1
    ink = ink[rows[0] : rows[-1] + 1, cols[0] : cols[-1] + 1]
    if not photo or min(ink.shape) < PHOTO_SIDE // 2 or at_edge:
        # A drawing or a small picture: every stroke counts. So in a photo whose digit touches the edge
        # (a tightly cropped scan): the clutter was left there, and the tails of its strokes are the digit's.
        return ink
    top, bottom = ink_extent(ink.sum(axis=1))
    left, right = ink_extent(ink.sum(axis=0))
    return ink[top : bottom + 1, left : right + 1]


def _fit_in_box(ink: np.ndarray, box: int) -> np.ndarray:
    """Scale so the longer side is ``box`` pixels, keeping the aspect ratio."""
    height, width = ink.shape
    scale = box / max(height, width)
    new_height = max(1, min(box, round(height * scale)))
    new_width = max(1, min(box, round(width * scale)))
    # LANCZOS when shrinking: Pillow widens the kernel with the scale, which
    # is the anti-aliasing MNIST's digits had. BILINEAR when enlarging a tiny
    # scribble: LANCZOS would ring around its edges.
    resample = Image.Resampling.LANCZOS if scale < 1 else Image.Resampling.BILINEAR
    image = Image.fromarray(ink.astype(np.float32))  # mode "F"
    scaled = np.asarray(image.resize((new_width, new_height), resample), dtype=np.float32)
    scaled = np.clip(scaled, 0.0, 1.0)
    peak = scaled.max()
    # Thin strokes shrunk from a big canvas come out faint; MNIST's strokes
    # reach full white, so stretch the strongest pixel back to 1.
    if peak > 0:
        scaled /= peak
    return scaled


def _place_by_centre_of_mass(digit: np.ndarray) -> np.ndarray:
    """Put ``digit`` in the 28x28 field with its centre of mass at (14, 14).

    The shift keeps its fraction (linear interpolation between neighbouring
    pixels) instead of being rounded to whole pixels: a rounded shift jumps a
    whole pixel when the centre of mass crosses .5, which on the GUI canvas
    would make the input, and the prediction, flicker while a stroke grows.
    Ink that would fall outside the field is clipped, as in MNIST.
    """
    height, width = digit.shape
    total = float(digit.sum())
    top = FIELD_CENTRE - float(digit.sum(axis=1) @ np.arange(height)) / total
    left = FIELD_CENTRE - float(digit.sum(axis=0) @ np.arange(width)) / total
    shifted = _shift_by_fraction(_shift_by_fraction(digit, top % 1.0, axis=0), left % 1.0, axis=1)
    top_row, left_col = int(np.floor(top)), int(np.floor(left))

    field = np.zeros((FIELD_SIZE, FIELD_SIZE), dtype=np.float32)
    rows, cols = shifted.shape
    field_rows = slice(max(top_row, 0), min(top_row + rows, FIELD_SIZE))
    field_cols = slice(max(left_col, 0), min(left_col + cols, FIELD_SIZE))
    if field_rows.start < field_rows.stop and field_cols.start < field_cols.stop:
        field[field_rows, field_cols] = shifted[
            field_rows.start - top_row : field_rows.stop - top_row,
            field_cols.start - left_col : field_cols.stop - left_col,
        ]
    return field


def _shift_by_fraction(image: np.ndarray, fraction: float, axis: int) -> np.ndarray:
    """Move ``image`` by ``fraction`` (0 <= fraction < 1) of a pixel along ``axis``.

    The result is one pixel longer along ``axis``; ink is neither lost nor
    created, so the centre of mass moves by exactly ``fraction``.
    """
    pad = [(0, 0), (0, 0)]
    pad[axis] = (1, 1)
    padded = np.pad(image, pad)
    before = np.take(padded, np.arange(0, padded.shape[axis] - 1), axis=axis)
    after = np.take(padded, np.arange(1, padded.shape[axis]), axis=axis)
    return (1.0 - fraction) * after + fraction * before

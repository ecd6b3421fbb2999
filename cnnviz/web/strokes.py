"""A phone's drawing, checked by hand and turned into the network's 28x28 input.

A body is JSON, a few hundred bytes to a few kilobytes::

    {"phone": "k3J9x_Qa", "w": 360, "h": 420, "strokes": [[x0, y0, x1, y1, ...], ...],
     "label": 7, "pseudonym": "seat 12"}

or, instead of ``w``/``h``/``strokes``, ``"image": [784 integers 0..255]`` (a 28x28 picture, row by row,
ink bright). Strokes are drawn the way the app's own canvas draws (a round pen 22/280 of the drawing's
shorter side) and both go through :func:`cnnviz.data.drawing.preprocess_digit`, so what the network sees
of a phone's digit is what it would see of the same digit drawn on the teacher's canvas.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
from PIL import Image, ImageDraw

from ..data.drawing import FIELD_SIZE, ImageError, preprocess_digit

MAX_SIDE = 4096
"""A canvas's width or height in CSS pixels at most."""
MAX_STROKES = 64
MAX_POINTS = 2000
"""Points in all strokes together (a digit drawn slowly on a phone is a few hundred)."""
MAX_PSEUDONYM = 24
RASTER_SHORT_SIDE = 280
"""The strokes are drawn so that the canvas's shorter side is 280 pixels: the app canvas's resolution."""
PEN = 22.0
"""The app canvas's pen (:mod:`cnnviz.gui.canvas`: 22 of its 280 pixels)."""
MAX_RASTER_SIDE = 840
"""A very tall or wide canvas is drawn no more than 840 pixels long (3x the short side)."""
_PHONE = re.compile(r"^[A-Za-z0-9_-]{6,32}$")
_KEYS = {"phone", "w", "h", "strokes", "image", "label", "pseudonym"}


class BadDrawing(ValueError):
    """The body is not a drawing we take; the message says why (sent back to the phone)."""


@dataclass(frozen=True)
class PhoneDrawing:
    phone: str
    image: np.ndarray
    """The network's input: float32 (28, 28) in [0, 1], ink 1."""
    label: int | None
    pseudonym: str


def _integer(value, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadDrawing(f"{what} must be a whole number from {low} to {high}")
    return value


def parse(body, classes: int = 10) -> PhoneDrawing:
    """Check a decoded JSON body field by field; :class:`BadDrawing` says the first thing wrong."""
    if not isinstance(body, dict):
        raise BadDrawing("the body must be a JSON object")
    unknown = set(body) - _KEYS
    if unknown:
        raise BadDrawing(f"unknown field {sorted(unknown)[0][:20]!r}")
    phone = body.get("phone")
    if not isinstance(phone, str) or not _PHONE.match(phone):
        raise BadDrawing("phone must be 6 to 32 letters, digits, '-' or '_'")
    label = body.get("label")
    if label is not None:
        label = _integer(label, "label", 0, classes - 1)
    pseudonym = body.get("pseudonym", "")
    if not isinstance(pseudonym, str) or len(pseudonym) > MAX_PSEUDONYM:
        raise BadDrawing(f"pseudonym must be text of at most {MAX_PSEUDONYM} characters")
    pseudonym = "".join(c for c in pseudonym if c.isprintable()).strip()
    if "image" in body:
        if "strokes" in body:
            raise BadDrawing("send strokes or an image, not both")
        gray = _image(body["image"])
    elif "strokes" in body:
        gray = _raster(
            _integer(body.get("w"), "w", 1, MAX_SIDE), _integer(body.get("h"), "h", 1, MAX_SIDE), body["strokes"]
        )
    else:
        raise BadDrawing("no drawing: send strokes or an image")
    try:
        image = preprocess_digit(gray)
    except ImageError:
        raise BadDrawing("the drawing is empty") from None
    return PhoneDrawing(phone, image, label, pseudonym)


def _image(values) -> np.ndarray:
    if not isinstance(values, list) or len(values) != FIELD_SIZE * FIELD_SIZE:
        raise BadDrawing(f"image must be a list of {FIELD_SIZE * FIELD_SIZE} numbers")
    if not all(type(v) is int and 0 <= v <= 255 for v in values):
        raise BadDrawing("image values must be whole numbers from 0 to 255")
    return np.array(values, dtype=np.uint8).reshape(FIELD_SIZE, FIELD_SIZE)


def _raster(width: int, height: int, strokes) -> np.ndarray:
    if not isinstance(strokes, list) or not 1 <= len(strokes) <= MAX_STROKES:
        raise BadDrawing(f"strokes must be a list of 1 to {MAX_STROKES} strokes")
    total = 0
    for stroke in strokes:
        if not isinstance(stroke, list) or len(stroke) % 2 or not stroke:
            raise BadDrawing("a stroke is a flat list of x, y pairs")
        total += len(stroke) // 2
        if total > MAX_POINTS:
            raise BadDrawing(f"at most {MAX_POINTS} points in all")
        for i, v in enumerate(stroke):
            if type(v) is not int or not 0 <= v <= (width if i % 2 == 0 else height):
                raise BadDrawing("a point must be whole numbers inside the canvas")
    scale = min(RASTER_SHORT_SIDE / min(width, height), MAX_RASTER_SIDE / max(width, height))
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    picture = Image.new("L", size, 0)
    draw = ImageDraw.Draw(picture)
    pen = max(1.0, PEN * min(width, height) * scale / RASTER_SHORT_SIDE)  # 22/280 of the short side
    radius = pen / 2
    for stroke in strokes:
        points = [(stroke[i] * scale, stroke[i + 1] * scale) for i in range(0, len(stroke), 2)]
        if len(points) > 1:
            draw.line(points, fill=255, width=max(1, round(pen)), joint="curve")
        for x, y in points[:: max(1, len(points) - 1)]:  # round caps at both ends (and a dot for a tap)
            draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=255)
    return np.asarray(picture, dtype=np.uint8)

"""Made-up inputs for the lessons and the tests: things that are not digits, and phone photos of digits.

* :func:`non_digits` -- 28x28 network inputs that are no digit: noise, a few
  random strokes, letters drawn with a font; each prepared through the MNIST
  preprocessing (as a drawing would be), so only what they show differs
  from a digit, not how they were prepared.
* :func:`hand_drawn_shapes` -- circles, triangles and stars as a class draws them on phones (the class
  canvas's own classes: the lesson "Teach it our shapes", its tests and screenshots).
* :func:`phone_photo` -- an MNIST digit as a phone would photograph it on
  paper: bigger, off-centre, a pen colour on off-white paper with its grain,
  light falling off across the sheet, a tilted camera (perspective).

Everything is seeded: the same arguments give the same pictures.
"""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from ..data.drawing import ImageError, preprocess_digit

__all__ = ["NON_DIGIT_KINDS", "LETTERS", "PEN_COLOURS", "SHAPES", "hand_drawn_shapes", "non_digits", "phone_photo"]

SHAPES = ("circle", "triangle", "star")

NON_DIGIT_KINDS = ("noise", "blobs", "strokes", "letters")
LETTERS = "ACEFHKMNPRTUVWXYaefhkmnrtwy"
"""Letters that do not look like a digit in most hands (no O/o, I/l, S/s, Z/z, B, G/g, q)."""
PEN_COLOURS = {
    "black": (25, 25, 30),
    "blue": (20, 40, 160),
    "red": (170, 25, 30),
    "green": (20, 110, 40),
    "pencil": (90, 90, 95),
}


def _prepared(picture: np.ndarray) -> np.ndarray | None:
    try:
        return preprocess_digit(picture)
    except ImageError:
        return None


def _strokes(rng: np.random.Generator, size: int = 112) -> np.ndarray:
    image = Image.new("L", (size, size), 0)
    draw = ImageDraw.Draw(image)
    for _ in range(int(rng.integers(1, 4))):
        points = [tuple(rng.uniform(0.1, 0.9, 2) * size) for _ in range(int(rng.integers(2, 4)))]
        draw.line(points, fill=255, width=int(rng.integers(6, 12)), joint="curve")
    return np.asarray(image, np.float32) / 255


def _letter(rng: np.random.Generator, font: ImageFont.FreeTypeFont, size: int = 112) -> np.ndarray:
    image = Image.new("L", (size, size), 0)
    ImageDraw.Draw(image).text((size / 2, size / 2), str(rng.choice(list(LETTERS))), fill=255, font=font, anchor="mm")
    return np.asarray(image.rotate(float(rng.uniform(-12, 12)), resample=Image.Resampling.BILINEAR), np.float32) / 255


def non_digits(kind: str, count: int, seed: int = 0) -> np.ndarray:
    """``count`` (28, 28) float32 inputs of ``kind`` (see ``NON_DIGIT_KINDS``), ink = 1."""
    if kind not in NON_DIGIT_KINDS:
        raise ValueError(f"kind must be one of {', '.join(NON_DIGIT_KINDS)}, got {kind!r}")
    rng = np.random.default_rng(seed)
    font = ImageFont.load_default(size=80) if kind == "letters" else None
    out = []
    while len(out) < count:
        if kind == "noise":  # uniform noise, as the network's input itself
            out.append(rng.random((28, 28), dtype=np.float32))
            continue
        if kind == "blobs":  # smooth random clouds
            raw = Image.fromarray((rng.random((56, 56)) * 255).astype(np.uint8)).filter(ImageFilter.GaussianBlur(3))
            picture = np.asarray(raw, np.float32) / 255
            picture = np.clip((picture - picture.mean()) * 6 + 0.5, 0, 1)
        elif kind == "strokes":
            picture = _strokes(rng)
        else:
            picture = _letter(rng, font)
        prepared = _prepared(picture)
        if prepared is not None:
            out.append(prepared)
    return np.stack(out).astype(np.float32)


def _perspective_coefficients(source: list[tuple[float, float]], target: list[tuple[float, float]]) -> list[float]:
    """Pillow's PERSPECTIVE coefficients mapping output points ``target`` to input points ``source``."""
    rows = []
    for (x, y), (u, v) in zip(target, source):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
    return list(np.linalg.solve(np.asarray(rows, np.float64), np.asarray(source, np.float64).ravel()))


def phone_photo(
    digit28: np.ndarray,
    seed: int = 0,
    pen: str | None = None,
    size: tuple[int, int] = (480, 360),
    light: float = 0.45,
    grain: float = 0.04,
    tilt: float = 0.08,
) -> Image.Image:
    """An RGB photo of ``digit28`` (MNIST style, ink = 1) written on paper.

    The digit is about a third of the picture's height, away from the centre; ``light``
    is how much darker the dimmest corner is than the brightest (0 = even light),
    ``grain`` the paper texture's standard deviation, ``tilt`` how far (as a fraction
    of the side) the corners move in the perspective warp. ``pen`` names a colour in
    ``PEN_COLOURS`` (random when None).
    """
    rng = np.random.default_rng(seed)
    width, height = size
    if not (0 <= light < 1 and 0 <= grain < 1 and 0 <= tilt < 0.3):
        raise ValueError("light must be in [0, 1), grain in [0, 1) and tilt in [0, 0.3)")
    pen_rgb = np.asarray(PEN_COLOURS[pen if pen is not None else str(rng.choice(list(PEN_COLOURS)))], np.float64)

    side = int(height * rng.uniform(0.3, 0.45))
    ink = Image.fromarray((np.clip(digit28, 0, 1) * 255).astype(np.uint8)).resize(
        (side, side), Image.Resampling.BICUBIC
    )
    coverage = np.zeros((height, width))
    top = int(rng.uniform(0.05, 0.95) * (height - side))
    left = int(rng.uniform(0.05, 0.95) * (width - side))
    coverage[top : top + side, left : left + side] = np.asarray(ink, np.float64) / 255

    paper = np.asarray([rng.uniform(225, 250), rng.uniform(220, 245), rng.uniform(200, 235)])
    # Paper grain: noise at a third of the resolution, enlarged smoothly (fibres a few pixels wide).
    grain_image = Image.fromarray(rng.normal(0, 1, (height // 3 + 1, width // 3 + 1)).astype(np.float32))
    texture = np.asarray(grain_image.resize((width, height), Image.Resampling.BILINEAR), np.float64)
    texture *= grain * 255 / max(texture.std(), 1e-9)
    colour = paper * (1 - coverage[..., None]) + pen_rgb * coverage[..., None] + texture[..., None]

    angle = rng.uniform(0, 2 * np.pi)  # the light falls off along a random direction, plus a vignette
    ys, xs = np.mgrid[0:height, 0:width]
    along = (np.cos(angle) * (xs / width - 0.5) + np.sin(angle) * (ys / height - 0.5)) + 0.5
    vignette = ((xs / width - 0.5) ** 2 + (ys / height - 0.5) ** 2) * 0.6
    shade = np.clip(1 - light * np.clip(along, 0, 1) - light * vignette, 0.2, 1)
    photo = Image.fromarray(np.clip(colour * shade[..., None], 0, 255).astype(np.uint8), "RGB")

    corners = [(0.0, 0.0), (width, 0.0), (width, height), (0.0, height)]
    moved = [(x + rng.uniform(-tilt, tilt) * width, y + rng.uniform(-tilt, tilt) * height) for x, y in corners]
    coefficients = _perspective_coefficients(moved, corners)
    paper_fill = tuple(int(v) for v in (paper * shade.mean()))
    return photo.transform(
        size, Image.Transform.PERSPECTIVE, coefficients, Image.Resampling.BILINEAR, fillcolor=paper_fill
    )


def _shape_points(kind: str, rng: np.random.Generator, size: int) -> list[tuple[float, float]]:
    cx, cy = size / 2 + rng.normal(0, size / 20, 2)
    r = size * rng.uniform(0.28, 0.4)
    turn = rng.uniform(-0.3, 0.3)
    if kind == "circle":
        angles = np.linspace(0, 2 * np.pi, 40) + turn
        squash = rng.uniform(0.8, 1.2)
        return [(cx + r * squash * np.cos(a), cy + r / squash * np.sin(a)) for a in angles]
    corners = 3 if kind == "triangle" else 5
    step = 1 if kind == "triangle" else 2  # a star joins every second of five points
    angles = [turn - np.pi / 2 + 2 * np.pi * (i * step % corners) / corners for i in range(corners + 1)]
    return [
        (cx + r * np.cos(a) + rng.normal(0, size / 40), cy + r * np.sin(a) + rng.normal(0, size / 40)) for a in angles
    ]


def hand_drawn_shapes(count: int, seed: int = 0, kinds=SHAPES) -> tuple[np.ndarray, np.ndarray]:
    """``count`` network inputs (count, 28, 28) of ``kinds`` in turn, each drawn with a wobbly line of its own
    width and prepared as a phone's drawing is, and their labels (the index in ``kinds``)."""
    rng = np.random.default_rng(seed)
    size = 112
    images, labels = [], []
    i = 0
    while len(images) < count:
        label = i % len(kinds)
        i += 1
        picture = Image.new("L", (size, size), 0)
        ImageDraw.Draw(picture).line(
            _shape_points(kinds[label], rng, size), fill=255, width=int(rng.integers(5, 11)), joint="curve"
        )
        prepared = _prepared(np.asarray(picture, np.float32) / 255.0)
        if prepared is not None:
            images.append(prepared)
            labels.append(label)
    return np.stack(images).astype(np.float32), np.array(labels, np.int64)

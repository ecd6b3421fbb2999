"""Draw cnnviz's icon: a handwritten-looking 7 as lit cells of a 7x7 grid (an MNIST digit seen
as a network sees it), on a rounded blue square.

Writes assets/icons/cnnviz.svg, cnnviz-<size>.png for 16..256, cnnviz.ico (Windows: the
bundle's executable) and cnnviz.icns (macOS). Run from anywhere:

    python packaging/make_icons.py

The output is committed; rerun only to change the picture.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parents[1] / "assets" / "icons"
SIZES = (16, 24, 32, 48, 64, 128, 256)
BACKGROUND = (31, 79, 191)  # the app's dark accent (theme.LOSS_SMOOTH)
CELL_OFF = (52, 104, 214)
# Brightness of each cell, 0..9 (a 7 with a slanted stroke and a softer edge), row by row.
DIGIT = [
    "0000000",
    "0899980",
    "0000790",
    "0000940",
    "0007800",
    "0009400",
    "0006000",
]
GRID = len(DIGIT)
MARGIN = 0.11  # of the side, around the grid
GAP = 0.10  # of a cell, between cells
RADIUS = 0.18  # of the side, the background's corners


def _cell_colour(level: int) -> tuple[int, int, int]:
    if level == 0:
        return CELL_OFF
    t = level / 9.0  # towards a warm yellow, like the app's activation colour map
    low, high = (232, 113, 10), (252, 240, 120)
    return tuple(round(a + (b - a) * t) for a, b in zip(low, high))


def _cells(side: float):
    """(x, y, width, level) of every cell for a square of ``side``."""
    inner = side * (1 - 2 * MARGIN)
    pitch = inner / GRID
    width = pitch * (1 - GAP)
    for row, line in enumerate(DIGIT):
        for col, char in enumerate(line):
            yield side * MARGIN + col * pitch, side * MARGIN + row * pitch, width, int(char)


def svg() -> str:
    side = 256
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{side}" height="{side}" viewBox="0 0 {side} {side}">',
        "<title>cnnviz</title>",
        f'<rect width="{side}" height="{side}" rx="{side * RADIUS:.1f}" fill="rgb{BACKGROUND}"/>',
    ]
    for x, y, width, level in _cells(side):
        parts.append(
            f'<rect x="{x:.2f}" y="{y:.2f}" width="{width:.2f}" height="{width:.2f}" rx="{width * 0.15:.2f}" '
            f'fill="rgb{_cell_colour(level)}"/>'
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def png(size: int) -> Image.Image:
    scale = 4  # drawn large, then shrunk: smooth edges
    side = size * scale
    image = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, side - 1, side - 1), radius=side * RADIUS, fill=BACKGROUND + (255,))
    for x, y, width, level in _cells(side):
        draw.rounded_rectangle(
            (x, y, x + width, y + width), radius=width * 0.15 if size >= 48 else 0, fill=_cell_colour(level) + (255,)
        )
    return image.resize((size, size), Image.LANCZOS)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "cnnviz.svg").write_text(svg(), encoding="utf-8")
    images = {size: png(size) for size in SIZES}
    for size, image in images.items():
        image.save(OUT / f"cnnviz-{size}.png", optimize=True)
    images[256].save(OUT / "cnnviz.ico", sizes=[(s, s) for s in SIZES])
    png(512).save(OUT / "cnnviz.icns")
    print(f"wrote {len(SIZES) + 3} files to {OUT}")


if __name__ == "__main__":
    main()

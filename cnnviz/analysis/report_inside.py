"""The report's "see inside" sections: what the filters want, the map of what it learned, a fooled input,
and the "not sure" threshold, each as one self-contained HTML ``<section>`` (PNG as base64, SVG inline).

The app passes what its tabs last computed (so the handout shows what the class saw); a tab never
opened adds no section. Every text from outside is escaped. No Qt.
"""

from __future__ import annotations

import base64
from html import escape
from typing import Sequence

import numpy as np

from .render import png_bytes

__all__ = ["filters_section", "map_section", "fool_section", "not_sure_section"]

MAP_SIZE = 420
"""The map's side in the report, in CSS pixels."""
MAX_MAP_POINTS = 5000


def _image(png: bytes, alt: str, width: int | None = None) -> str:
    size = f' width="{int(width)}"' if width else ""
    return (f'<img alt="{escape(alt)}"{size} style="image-rendering: pixelated" '
            f'src="data:image/png;base64,{base64.b64encode(png).decode("ascii")}">')


def filters_section(grid: np.ndarray, layer: str, step: int) -> str:
    """``grid``: :func:`cnnviz.analysis.filters.filter_grid`'s picture (one row per unit: its top test
    images, then its optimised input)."""
    grid = np.asarray(grid, dtype=np.uint8)
    return (f"<section><h2>What each filter of {escape(layer)} wants to see</h2>"
            f"<p>Each row: the test images that excite the unit most, then the input optimised to excite it "
            f"(weights of step {int(step):,}).</p>{_image(png_bytes(grid), f'{layer} filters', grid.shape[1] * 2)}"
            "</section>")


def map_section(points: np.ndarray, labels: np.ndarray, colours: Sequence[str], explained: float, step: int,
                names: Sequence[str] | None = None) -> str:
    """The map (PCA of the layer before the answer) as an inline SVG scatter, one colour per class."""
    points = np.asarray(points, dtype=np.float64).reshape(-1, 2)[:MAX_MAP_POINTS]
    labels = np.asarray(labels).reshape(-1)[:len(points)]
    finite = np.isfinite(points).all(axis=1)
    points, labels = points[finite], labels[finite]
    if not len(points):
        return ""
    low, high = points.min(axis=0), points.max(axis=0)
    span = np.where(high - low > 0, high - low, 1.0)
    pad = 12
    xy = pad + (points - low) / span * (MAP_SIZE - 2 * pad)
    xy[:, 1] = MAP_SIZE - xy[:, 1]  # up is up
    dots = "".join(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.2" fill="{escape(colours[int(c) % len(colours)])}"/>'
                   for (x, y), c in zip(xy, labels))
    legend = []
    for c in sorted({int(c) for c in labels}):
        where = xy[labels == c].mean(axis=0)
        text = escape(str(names[c]) if names is not None and c < len(names) else str(c))
        legend.append(f'<text x="{where[0]:.1f}" y="{where[1]:.1f}" font-size="16" font-weight="700" '
                      f'text-anchor="middle" dominant-baseline="middle" stroke="white" stroke-width="3" '
                      f'paint-order="stroke" fill="{escape(colours[c % len(colours)])}">{text}</text>')
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{MAP_SIZE}" height="{MAP_SIZE}" '
           f'role="img" aria-label="map of {len(points)} test images">'
           f'<rect width="100%" height="100%" fill="white" stroke="#ccc"/>{dots}{"".join(legend)}</svg>')
    return (f"<section><h2>A map of what it learned</h2><p>{len(points):,} test images placed by the layer "
            f"before the answer (PCA: the two directions it spreads most along, {100 * explained:.0f}% of "
            f"the spread; weights of step {int(step):,}). Close dots: images the network sees as alike.</p>"
            f"{svg}</section>")


def fool_section(original: np.ndarray, change: np.ndarray, fooled: np.ndarray, verdict: str, measures: str) -> str:
    """A fooled input: the original, the change (signed: orange brighter, blue darker, as RGB (28, 28, 3)
    uint8) and the fooled input, with the verdict and how small the change is (plain text)."""
    def grey(image):
        return np.rint(np.clip(np.asarray(image, dtype=np.float64), 0, 1) * 255).astype(np.uint8)

    scale = 6
    pictures = [(grey(original), "the original"), (np.asarray(change, dtype=np.uint8), "the change"),
                (grey(fooled), "the fooled input")]
    tiles = "".join(f"<figure style='display:inline-block;margin:0 12px 0 0'>"
                    f"{_image(png_bytes(np.kron(p, np.ones((scale, scale) + (1,) * (p.ndim - 2), np.uint8))), alt)}"
                    f"<figcaption>{escape(alt)}</figcaption></figure>" for p, alt in pictures)
    return (f"<section><h2>Fooling the network</h2><p><b>{escape(verdict)}</b></p>{tiles}"
            f"<p>{escape(measures)}</p></section>")


def not_sure_section(method: str, threshold: float, accepted: float, images: int) -> str:
    return (f"<section><h2>\"Not sure\"</h2><p>The Draw panel says \"not sure\" when an input's {escape(method)} "
            f"score is above {threshold:.3g}: calibrated on {int(images):,} held-out test images, of which "
            f"{100 * accepted:.1f}% are at or under it (accepted).</p></section>")

"""The report's "see inside" sections: what the filters want, the map of what it learned, a fooled input,
and the "not sure" threshold, each as one self-contained HTML ``<section>`` (PNG as base64, SVG inline).

The app passes what its tabs last computed (so the handout shows what the class saw); a tab never
opened adds no section. Every text from outside is escaped. ``translate`` (the GUI's ``tr``; English by
default) gives the reader's language: each text here is an ``N_``-marked whole sentence. No Qt.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from html import escape

import numpy as np

from ..number_format import localized
from ..translatable import N_
from .render import png_bytes

__all__ = ["filters_section", "map_section", "fool_section", "not_sure_section"]

MAP_SIZE = 420
"""The map's side in the report, in CSS pixels."""
MAX_MAP_POINTS = 5000


def _same(text: str) -> str:
    return text


def _image(png: bytes, alt: str, width: int | None = None) -> str:
    size = f' width="{int(width)}"' if width else ""
    return (
        f'<img alt="{escape(alt)}"{size} style="image-rendering: pixelated" '
        f'src="data:image/png;base64,{base64.b64encode(png).decode("ascii")}">'
    )


def filters_section(grid: np.ndarray, layer: str, step: int, translate=None, classes: bool = False) -> str:
    """``grid``: :func:`cnnviz.classroom.filters.filter_grid`'s picture (one row per unit: its top test
    images, then its optimised input); ``classes``: the units are the classes (the last layer)."""
    _ = translate or _same
    grid = np.asarray(grid, dtype=np.uint8)
    heading = (
        _(N_("What each filter of the classes wants to see"))
        if classes
        else _(N_("What each filter of {layer} wants to see")).format(layer=layer)
    )
    text = _(
        N_(
            "Each row: the test images that excite the unit most, then the input optimised to excite it "
            "(weights of step {step:,})."
        )
    ).format(step=localized(int(step)))
    alt = _(N_("the classes' filters")) if classes else _(N_("{layer} filters")).format(layer=layer)
    return (
        f"<section><h2>{escape(heading, quote=False)}</h2><p>{escape(text, quote=False)}</p>"
        f"{_image(png_bytes(grid), alt, grid.shape[1] * 2)}</section>"
    )


def map_section(
    points: np.ndarray,
    labels: np.ndarray,
    colours: Sequence[str],
    explained: float,
    step: int,
    names: Sequence[str] | None = None,
    translate=None,
) -> str:
    """The map (PCA of the layer before the answer) as an inline SVG scatter, one colour per class."""
    _ = translate or _same
    points = np.asarray(points, dtype=np.float64).reshape(-1, 2)[:MAX_MAP_POINTS]
    labels = np.asarray(labels).reshape(-1)[: len(points)]
    finite = np.isfinite(points).all(axis=1)
    points, labels = points[finite], labels[finite]
    if not len(points):
        return ""
    low, high = points.min(axis=0), points.max(axis=0)
    span = np.where(high - low > 0, high - low, 1.0)
    pad = 12
    xy = pad + (points - low) / span * (MAP_SIZE - 2 * pad)
    xy[:, 1] = MAP_SIZE - xy[:, 1]  # up is up
    dots = "".join(
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.2" fill="{escape(colours[int(c) % len(colours)])}"/>'
        for (x, y), c in zip(xy, labels)
    )
    legend = []
    for c in sorted({int(c) for c in labels}):
        where = xy[labels == c].mean(axis=0)
        text = escape(str(names[c]) if names is not None and c < len(names) else str(c))
        legend.append(
            f'<text x="{where[0]:.1f}" y="{where[1]:.1f}" font-size="16" font-weight="700" '
            f'text-anchor="middle" dominant-baseline="middle" stroke="white" stroke-width="3" '
            f'paint-order="stroke" fill="{escape(colours[c % len(colours)])}">{text}</text>'
        )
    label = _(N_("map of {count} test images")).format(count=len(points))
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{MAP_SIZE}" height="{MAP_SIZE}" '
        f'role="img" aria-label="{escape(label)}">'
        f'<rect width="100%" height="100%" fill="white" stroke="#ccc"/>{dots}{"".join(legend)}</svg>'
    )
    text = _(
        N_(
            "{count:,} test images placed by the layer before the answer (PCA: the two directions it spreads "
            "most along, {percent:.0f}% of the spread; weights of step {step:,}). Close dots: images the "
            "network sees as alike."
        )
    ).format(count=localized(len(points)), percent=localized(100 * explained), step=localized(int(step)))
    return (
        f"<section><h2>{escape(_(N_('A map of what it learned')))}</h2><p>{escape(text, quote=False)}</p>"
        f"{svg}</section>"
    )


def fool_section(
    original: np.ndarray, change: np.ndarray, fooled: np.ndarray, verdict: str, measures: str, translate=None
) -> str:
    """A fooled input: the original, the change (signed: orange brighter, blue darker, as RGB (28, 28, 3)
    uint8) and the fooled input, with the verdict and how small the change is (plain text, already in
    the reader's language)."""
    _ = translate or _same

    def grey(image):
        return np.rint(np.clip(np.asarray(image, dtype=np.float64), 0, 1) * 255).astype(np.uint8)

    scale = 6
    pictures = [
        (grey(original), _(N_("the original"))),
        (np.asarray(change, dtype=np.uint8), _(N_("the change"))),
        (grey(fooled), _(N_("the fooled input"))),
    ]
    tiles = "".join(
        f"<figure style='display:inline-block;margin:0 12px 0 0'>"
        f"{_image(png_bytes(np.kron(p, np.ones((scale, scale) + (1,) * (p.ndim - 2), np.uint8))), alt)}"
        f"<figcaption>{escape(alt)}</figcaption></figure>"
        for p, alt in pictures
    )
    return (
        f"<section><h2>{escape(_(N_('Fooling the network')))}</h2><p><b>{escape(verdict)}</b></p>{tiles}"
        f"<p>{escape(measures)}</p></section>"
    )


def not_sure_section(method: str, threshold: float, accepted: float, images: int, translate=None) -> str:
    _ = translate or _same
    text = _(
        N_(
            'The Draw panel says "not sure" when an input\'s {method} score is above {threshold:.3g}: '
            "calibrated on {images:,} held-out test images, of which {percent:.1f}% are at or under it "
            "(accepted)."
        )
    ).format(
        method=method, threshold=localized(threshold), images=localized(int(images)), percent=localized(100 * accepted)
    )
    heading = _(N_('"Not sure"'))
    return f"<section><h2>{escape(heading, quote=False)}</h2><p>{escape(text, quote=False)}</p></section>"

"""Small, dependency-free SVG line charts for the printable HTML report.

Inline SVG prints sharply at any size and needs no JavaScript or external
files, so the report stays one self-contained page.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

import numpy as np

from ..number_format import format_number, format_rate, localized

__all__ = ["Series", "line_chart", "nice_ticks"]

MAX_POINTS = 1500
"""Longer series are thinned to about this many points (min and max of each
bucket are kept, so spikes survive): a 50,000-step run stays a small file."""


@dataclass(frozen=True)
class Series:
    label: str
    x: Sequence[float]
    y: Sequence[float]
    colour: str = "#1f77b4"
    markers: bool = False
    """Draw dots (for sparse series such as test evaluations) as well as the line."""


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values (1, 2, 2.5, 5 x 10^k steps) covering [low, high]."""
    if not (math.isfinite(low) and math.isfinite(high)):
        return []
    if high <= low:
        return [low]
    raw = (high - low) / max(1, count)
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    start = math.ceil(low / step - 1e-9) * step
    ticks = []
    value = start
    while value <= high + step * 1e-9:
        ticks.append(round(value, 12))
        value += step
    return ticks


def _thin(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    if len(x) <= MAX_POINTS:
        return x, y
    buckets = np.array_split(np.arange(len(x)), MAX_POINTS // 2)
    keep = []
    for bucket in buckets:
        values = y[bucket]
        if np.all(np.isnan(values)):
            keep.append(bucket[0])
            continue
        keep.extend(sorted({bucket[np.nanargmin(values)], bucket[np.nanargmax(values)]}))
    keep = np.asarray(keep)
    return x[keep], y[keep]


def _format(value: float) -> str:
    if value == 0:
        return "0"
    if abs(value) >= 10000:
        return format_number(value, ",.0f")  # ("12.000" in German, never "1e4")
    if abs(value) < 0.01:
        return format_rate(value, 2)  # ("0,005" as a rate is written, never "5e-3")
    return f"{localized(value):g}"  # (a tick's text: in the language the chart is drawn for)


def line_chart(
    series: Sequence[Series],
    *,
    title: str,
    x_label: str,
    y_label: str,
    y_range: tuple[float, float] | None = None,
    width: int = 640,
    height: int = 300,
    y_format=None,
) -> str:
    """An ``<svg>`` element with axes, round ticks, one polyline per series and a legend.

    Non-finite values break the line instead of dragging it to infinity.
    """
    y_format = y_format or _format
    left, right, top, bottom = 64, 16, 46, 46
    plot_w, plot_h = width - left - right, height - top - bottom
    prepared = []
    for s in series:
        x = np.asarray(s.x, dtype=np.float64)
        y = np.asarray(s.y, dtype=np.float64)
        if x.shape != y.shape:
            raise ValueError(f"series {s.label!r}: {len(x)} x values but {len(y)} y values")
        y = np.where(np.isfinite(y), y, np.nan)
        prepared.append((s, *_thin(x, y)))

    xs = np.concatenate([x for _, x, _ in prepared]) if prepared else np.zeros(0)
    ys = np.concatenate([y for _, _, y in prepared]) if prepared else np.zeros(0)
    ys = ys[np.isfinite(ys)]
    x_lo, x_hi = (float(xs.min()), float(xs.max())) if xs.size else (0.0, 1.0)
    if y_range is not None:
        y_lo, y_hi = y_range
    else:
        y_lo, y_hi = (float(ys.min()), float(ys.max())) if ys.size else (0.0, 1.0)
        y_lo = min(y_lo, 0.0) if y_lo >= 0 and y_lo < 0.25 * y_hi else y_lo
    if x_hi <= x_lo:
        x_hi = x_lo + 1
    if y_hi <= y_lo:
        y_hi = y_lo + 1

    def px(x):
        return left + (x - x_lo) / (x_hi - x_lo) * plot_w

    def py(y):
        return top + (1 - (y - y_lo) / (y_hi - y_lo)) * plot_h

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}">',
        f'<text x="{width / 2:.0f}" y="18" text-anchor="middle" font-size="14" font-weight="bold">'
        f"{escape(title)}</text>",
        f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#888"/>',
    ]
    for tick in nice_ticks(y_lo, y_hi):
        y = py(tick)
        out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{left + plot_w}" y2="{y:.1f}" stroke="#ddd"/>')
        out.append(
            f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end" font-size="11">{escape(y_format(tick))}</text>'
        )
    for tick in nice_ticks(x_lo, x_hi):
        x = px(tick)
        out.append(f'<line x1="{x:.1f}" y1="{top + plot_h}" x2="{x:.1f}" y2="{top + plot_h + 4}" stroke="#888"/>')
        out.append(
            f'<text x="{x:.1f}" y="{top + plot_h + 17}" text-anchor="middle" font-size="11">'
            f"{escape(_format(tick))}</text>"
        )
    out.append(
        f'<text x="{left + plot_w / 2:.0f}" y="{height - 8}" text-anchor="middle" font-size="12">'
        f"{escape(x_label)}</text>"
    )
    out.append(
        f'<text x="14" y="{top + plot_h / 2:.0f}" text-anchor="middle" font-size="12" '
        f'transform="rotate(-90 14 {top + plot_h / 2:.0f})">{escape(y_label)}</text>'
    )

    for s, x, y in prepared:
        clipped = np.clip(y, y_lo, y_hi)
        segment: list[str] = []
        segments = []
        for xi, yi in zip(x, clipped):
            if np.isnan(yi):
                if segment:
                    segments.append(segment)
                segment = []
                continue
            segment.append(f"{px(xi):.1f},{py(yi):.1f}")
        if segment:
            segments.append(segment)
        for points in segments:
            if len(points) > 1:
                out.append(
                    f'<polyline fill="none" stroke="{escape(s.colour)}" stroke-width="1.5" '
                    f'points="{" ".join(points)}"/>'
                )
            if s.markers or len(points) == 1:
                out.extend(
                    f'<circle cx="{p.split(",")[0]}" cy="{p.split(",")[1]}" r="3" fill="{escape(s.colour)}"/>'
                    for p in points
                )
    # The legend sits in one row above the plot, where it can never hide a curve.
    legend_x, y = left, top - 10
    for s, _, _ in prepared:
        out.append(
            f'<line x1="{legend_x}" y1="{y - 4}" x2="{legend_x + 18}" y2="{y - 4}" '
            f'stroke="{escape(s.colour)}" stroke-width="3"/>'
        )
        out.append(f'<text x="{legend_x + 24}" y="{y}" font-size="11">{escape(s.label)}</text>')
        legend_x += 24 + 7 * len(s.label) + 18  # about 7 px per character at 11 px
    out.append("</svg>")
    return "\n".join(out)

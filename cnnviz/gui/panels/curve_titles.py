"""The curves' legends (one shared line above the plots, or each plot's own as its title side by side), and,
side by side, each plot's legend as its title: on one line where both plots fit the panel's width
that way, else broken between its entries (never within one: their words are joined by no-break spaces).

pyqtgraph makes a title's one line its plot's minimum width; German's "━ je Schritt ━ Trend ● Test" beside
"━ Training ●━ Test" needed more than presenter mode leaves the curves at 1024x768 with the class canvas
open, and the accuracy plot ran past the panel's edge: its "Test" was cut."""

from __future__ import annotations

import math

import pyqtgraph as pg
from PySide6.QtCore import Qt

from .. import palette
from ..language import tr
from .pictures import wrap_label


def _words(text: str) -> str:
    return text.replace(" ", "&nbsp;")


def loss_legend() -> str:
    return (
        f"<span style='color:{palette.SKY_BLUE}'>━</span>&nbsp;{_words(tr('per step'))} "
        f"<span style='color:{palette.LOSS_SMOOTH}'><b>━</b></span>&nbsp;{_words(tr('smoothed'))} "
        f"<span style='color:{palette.TEST_ACC}'>●</span>&nbsp;{_words(tr('test'))}"
    )


def acc_legend() -> str:
    return (
        f"<span style='color:{palette.TRAIN_ACC}'><b>━</b></span>&nbsp;{_words(tr('train'))} "
        f"<span style='color:{palette.TEST_ACC}'>●━</span>&nbsp;{_words(tr('test'))}"
    )


def legend() -> str:
    """The shared legend (one above the other): what each line and dot is."""
    return f"<b>{tr('loss')}:</b> {loss_legend()} &nbsp;&nbsp; <b>{tr('accuracy')}:</b> {acc_legend()}"


ONE_LINE_PX = 30
"""The height pyqtgraph gives a plot's title row (``PlotItem.setTitle``)."""


def _title_width(plot: pg.PlotItem, width: float) -> None:
    wrap_label(plot.titleLabel, width)


SMALLEST_TITLE_SHARE = 0.8
"""A title too wide for its plot's share is set in smaller type first, down to this share of its size (not
below :data:`SMALLEST_TITLE_PT`), and only then broken onto a second line (which takes the plot's height)."""
SMALLEST_TITLE_PT = 9.0
TITLE_MARGIN_PX = 1
"""Around a title's text (Qt's 4 px made two lines 1 px too high for presenter mode's 80 px plots beside a
kept run at 1024x768)."""


def title_point_size(plot: pg.PlotItem) -> float | None:
    """The point size ``plot``'s title is drawn at (its ``size`` option, which presenter mode sets), or None."""
    size = str(plot.titleLabel.opts.get("size", ""))
    try:
        return float(size[:-2]) if size.endswith("pt") else None
    except ValueError:
        return None


def _set_point_size(plot: pg.PlotItem, points: float) -> None:
    plot.titleLabel.setText(plot.titleLabel.text, size=f"{points:g}pt")


def _needed(plot: pg.PlotItem) -> float:
    """The width ``plot`` needs with its title as it is now: its axes beside the title (a plot's own minimum
    width is a cached hint that a title's new size or wrap does not update at once)."""
    left, _top, right, _bottom = plot.layout.getContentsMargins()
    axes = sum(plot.getAxis(side).width() for side in ("left", "right") if plot.getAxis(side).isVisible())
    title = left + right + axes + plot.layout.horizontalSpacing() * 2 + plot.titleLabel.minimumWidth()
    return max(title, plot.effectiveSizeHint(Qt.SizeHint.MinimumSize).width())


def fit_titles(plots: tuple[pg.PlotItem, ...], room: float, points: float | None = None) -> None:
    """Fit the shown titles of ``plots`` (side by side, sharing ``room`` px equally): a title that would make its
    plot wider than its share is set smaller (from ``points``, its full size, down to
    :data:`SMALLEST_TITLE_SHARE` of it), and broken between its entries only where that is not enough; every
    shown title row as high as the tallest (the plots stay level).

    Each plot is held to its own share: the layout gives the two plots the same width whatever their
    minimums, so a one-line title wider than its share ran the loss plot's view 70 px over the accuracy
    plot's axis (issue 31, even where both minimums together fitted the room)."""
    for plot in plots:
        document = plot.titleLabel.item.document()
        if document.documentMargin() != TITLE_MARGIN_PX:
            document.setDocumentMargin(TITLE_MARGIN_PX)
            plot.titleLabel.updateMin()
        if plot.titleLabel.item.textWidth() >= 0:
            _title_width(plot, -1)
        if points is not None and plot.titleLabel.text and title_point_size(plot) != points:
            _set_point_size(plot, points)
    shown = [plot for plot in plots if plot.isVisible() and plot.titleLabel.isVisible()]
    if not shown:
        return
    share = room / len(shown)
    smallest = None if points is None else max(SMALLEST_TITLE_PT, points * SMALLEST_TITLE_SHARE)

    def over(plot: pg.PlotItem) -> float:
        return _needed(plot) - share

    for plot in shown:
        if over(plot) <= 0:
            continue
        size = points
        while smallest is not None and size > smallest and over(plot) > 0:
            size = max(smallest, size - 0.5)
            _set_point_size(plot, size)
        excess = over(plot)
        if excess > 0:
            title = plot.titleLabel.item.boundingRect().width()
            _title_width(plot, max(1.0, title - excess))
    sizes = [size for size in map(title_point_size, shown) if size is not None]
    if sizes and min(sizes) != max(sizes):
        for plot in shown:  # (both legends in one size: they read as one, and a smaller one still fits)
            if title_point_size(plot) != min(sizes):
                _set_point_size(plot, min(sizes))
    height = max(ONE_LINE_PX, *(math.ceil(plot.titleLabel.itemRect().height()) for plot in shown))
    for plot in shown:
        plot.titleLabel.setMaximumHeight(height)
        plot.layout.setRowFixedHeight(0, height)

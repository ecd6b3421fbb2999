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


def fit_titles(plots: tuple[pg.PlotItem, ...], room: float) -> None:
    """Break the shown titles of ``plots`` (side by side, sharing ``room`` px equally) where one line would
    make a plot wider than its share; every shown title row as high as the tallest (the plots stay level)."""
    for plot in plots:
        if plot.titleLabel.item.textWidth() >= 0:
            _title_width(plot, -1)
    shown = [plot for plot in plots if plot.isVisible() and plot.titleLabel.isVisible()]
    if not shown:
        return
    need = [plot.effectiveSizeHint(Qt.SizeHint.MinimumSize).width() for plot in shown]
    share = room / len(shown)
    if sum(need) > room:
        for plot, needed in zip(shown, need):
            if needed > share:
                title = plot.titleLabel.item.boundingRect().width()
                _title_width(plot, max(1.0, title - (needed - share)))
    height = max(ONE_LINE_PX, *(math.ceil(plot.titleLabel.itemRect().height()) for plot in shown))
    for plot in shown:
        plot.titleLabel.setMaximumHeight(height)
        plot.layout.setRowFixedHeight(0, height)

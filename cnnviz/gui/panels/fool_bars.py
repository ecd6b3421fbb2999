"""The Fool tab's probability bars before and after the change, and how they and the pictures share a narrow,
short panel (125 % on a 1280x720 laptop, presenter mode at 1024x768, a run kept beside): :class:`BarsArrangement`."""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtGui import QFont, QFontMetrics

from ...number_format import percent_sign
from .. import accessibility, theme
from ..language import tr
from ..wrapped_label import WrappedLabel
from .classify_bars import least_bars_px
from .curve_titles import title_point_size
from .pictures import MIN_PICTURE_PX

PLOT_PX = 80
"""The bars' plot this high where there is room: what ``cnnviz gui --check-layout`` asks of a curve
(fit_plots.MIN_PLOT_PX). On a short panel (125 % on a 1280x720 laptop) they give way, down to the Draw panel's
least bars (classify_bars.MIN_BARS_PX: ten bars are read at a glance), before the pictures go under MIN_PICTURE_PX."""
BAR = "#b9c8e6"
"""The probability bars (the answer's bar: theme.ACCENT), as the Draw panel draws them."""
QWIDGETSIZE_MAX = (1 << 24) - 1
"""Qt's "no maximum" for a widget's size."""


def _title_points(plot) -> float:
    """The point size of ``plot``'s title in the mode in force (presenter mode sets its titles' ``size``; a title
    set again at the normal size went back to it, measured so too)."""
    return title_point_size(plot) or float(theme.AXIS_POINT_SIZE)


class SourceLabel(WrappedLabel):
    """The line that says what was attacked (or what went wrong), telling ``said`` its words too."""

    def __init__(self, said):
        super().__init__("")
        self.said = said

    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        super().setText(text)
        self.said(text)


class BarsArrangement:
    """The Fool panel's bars and their arrangement (a part of :class:`~.fool.FoolPanel`: it uses the panel's
    graphics, titles, measures and source labels, ``under`` row and header hint)."""

    def title(self, when: str, narrow: bool) -> str:
        """A plot's title: before/after and its answer; narrow, the answer alone (its place, under the original or
        the fooled input, says which)."""
        answer = self.answers[when]
        if answer is None:
            return "" if narrow else tr("before") if when == "before" else tr("after")
        if narrow:
            return f"{answer[0]} ({percent_sign(answer[1])})"
        words = tr("before: {answer} ({percent}%)") if when == "before" else tr("after: {answer} ({percent}%)")
        return words.format(answer=answer[0], percent=answer[1])

    def bars_width(self, narrow: bool) -> int:
        """What a bars plot needs across: its percentage axis (not when narrow) and beside it the wider of its title
        and ten bars each a digit wide and 4 px apart (2 px apart, the digits under them ran together at 125 %). (The
        title stands over the bars only, not over the axis, in the mode's type: German presenter mode at 1280x720
        had 240 px for a plot of 246.)"""
        axis = self.before_plot.getAxis("bottom")
        digits = QFontMetrics(axis.style.get("tickFont") or self.before_widget.font())
        left = self.before_plot.getAxis("left")
        percent = (
            0
            if narrow
            else max(
                QFontMetrics(left.style.get("tickFont") or self.font()).horizontalAdvance(percent_sign("100")) + 12,
                math.ceil(left.minimumWidth()),  # (pyqtgraph's own width for its tick labels, once it drew them)
            )
        )
        font = QFont(self.before_plot.titleLabel.item.font())  # (what the title's size= makes it)
        font.setPointSizeF(_title_points(self.before_plot))
        titles = max(QFontMetrics(font).horizontalAdvance(self.title(when, narrow)) for when in ("before", "after"))
        return int(percent + max(titles + 16, 10 * (digits.horizontalAdvance("8") + 4) + 8))

    def arrange(self) -> None:
        """The bars as wide as they need: beside the measures, three in a row, each titled in words with a
        percentage axis where the row has room, the answer alone without the axis where not (German at 125 %
        cut the bars: 225 px of plot in 190); and as high as leaves the pictures :data:`MIN_PICTURE_PX`
        (down to the Draw panel's least bars): at 125 % on a 1280x720 laptop the pictures were 23 px."""
        room = self.graphics.width() - 2 * self.under.spacing()
        narrow = self.isVisible() and 3 * self.bars_width(False) > room
        self.narrow = narrow
        need = self.bars_width(True)  # (the least, in either arrangement: the panel's column is no wider for them)
        for when, plot, widget in (
            ("before", self.before_plot, self.before_widget),
            ("after", self.after_plot, self.after_widget),
        ):
            text = self.title(when, narrow)
            if plot.titleLabel.text != text:
                plot.setTitle(text, color=theme.TEXT, size=f"{_title_points(plot):g}pt")
            if plot.getAxis("left").isVisible() == narrow:
                plot.showAxis("left", not narrow)
            plot.setToolTip(self.title(when, False))
            if widget.minimumWidth() != need:
                widget.setMinimumWidth(need)
            # narrow, the measures take what the bars leave: fewer lines, a lower row
            self.under.setStretchFactor(widget, 0 if narrow else 1)
            widget.setMaximumWidth(need if narrow else QWIDGETSIZE_MAX)
        # Heights: the pictures, the source line, the bars and the measures share what the toolbar leaves.
        # The bars give way first (to the Draw panel's least bars), then the source line (to the header's hint),
        # then the original's and the fooled input's second caption lines and the measures' last (steps, time).
        bars_px, short, terse, bare, empty = PLOT_PX, False, False, False, False
        if self.isVisible():
            spacing = self.body.spacing()
            # (the row as it is now: bare, the measures alone, across the row; empty, nothing)
            row = (
                0
                if self.empty
                else self.measures_label.height() + spacing
                if self.bare
                else max(self.before_widget.height(), self.measures_label.height()) + spacing
            )
            source = self.source_label.heightForWidth(self.graphics.width()) + spacing
            pool = self.graphics.height() + row + (source if self.source_label.isVisible() else 0)
            measures_width = room - 2 * need if narrow else room / 3
            words = self.measures_label.heightForWidth(int(measures_width)) if self.measures_label.text() else 0
            words_now = words
            if self.terse:
                words = max(words, self.full_words_px)  # (the whole measures: no flip-flop)
            _left, top, _right, bottom = self.graphics.ci.layout.getContentsMargins()
            captions_now = max(title.boundingRect().height() for title in self.titles)
            captions = self.full_captions_px if self.terse else captions_now  # (the whole captions: no flip-flop)
            fixed = self.graphics.ci.layout.verticalSpacing() + top + bottom + 4
            pictures = pool - source - max(self.bars_height(PLOT_PX), words) - spacing - captions - fixed
            if pictures < MIN_PICTURE_PX:
                bars_px = max(least_bars_px(), PLOT_PX - round(MIN_PICTURE_PX - pictures))
                pictures = pool - source - max(self.bars_height(bars_px), words) - spacing - captions - fixed
            short = pictures < MIN_PICTURE_PX
            terse = pictures + source < MIN_PICTURE_PX
            # Terse still too little (presenter mode beside a kept run at 1024x768: 19 px): the bars go (the verdict
            # says the answers before and after), the measures across the row; then the measures too (their words
            # the pictures' tooltip). Measured with the terse captions (the change's may be the tallest still).
            line = self.fontMetrics().lineSpacing()
            terse_captions = captions_now if self.terse else captions - line
            base = pool - terse_captions - fixed  # (no source line, no row)
            bare = terse and base - max(self.bars_height(bars_px), words) - spacing < MIN_PICTURE_PX
            if self.bare and not self.empty:
                self.bare_row_px = self.measures_label.height() + spacing
            empty = bare and base - (self.bare_row_px or 2 * line + spacing) < MIN_PICTURE_PX
            height = max(self.bars_height(bars_px), words_now)  # (as high as the measures beside them: no cost)
        else:
            height = self.bars_height(bars_px)
        self.bars_px = bars_px
        for widget in (self.before_widget, self.after_widget):
            if widget.minimumHeight() != height or widget.maximumHeight() != height:
                widget.setFixedHeight(height)
        for widget in (self.before_widget, self.after_widget):
            # A plot keeps the width its longer title forced while its view was not resized since (normal mode's
            # words, then presenter mode's narrow bars: 225 px of plot in 168): as wide as its view again.
            widget.ci.layout.activate()
            if abs(widget.ci.width() - widget.viewport().width()) > 1:
                widget.setRange(widget.range, padding=0, disableAutoPixel=False)
        if short != self.short:
            self.short = short
            self.source_label.setVisible(not short)
            self.source_said(self.source_label.text())
        if terse != self.terse or bare != self.bare or empty != self.empty:
            if terse and not self.terse:
                self.full_captions_px = max(title.boundingRect().height() for title in self.titles)
                self.full_words_px = words
            self.terse, self.bare, self.empty = terse, bare, empty
            for widget in (self.before_widget, self.after_widget):
                widget.setVisible(not bare)
            self.measures_label.setVisible(not empty)
            self.show_captions()

    def source_said(self, text: str) -> None:
        """Short, the source line's words are the header's hint (as the Draw panel's "weights of step"); a
        message (saved, could not...) is said whole under the verdict instead (``show_verdict``)."""
        if not hasattr(self, "message_text"):
            return  # (being made)
        message = bool(text) and text == self.message_text
        if self.short and not message:
            self.hint_label.setText(text or self.subtitle)
        else:
            self.hint_label.setText(self.subtitle)
        self.show_verdict()

    def bars_height(self, bars_px: int) -> int:
        """A bars widget's height: the plot, its title above (pyqtgraph's 30 px), the digits under it."""
        axis = self.before_plot.getAxis("bottom")
        return bars_px + 30 + QFontMetrics(axis.style.get("tickFont") or self.before_widget.font()).height() + 4

    def make_bars(self, when: str) -> tuple[pg.GraphicsLayoutWidget, pg.PlotItem, pg.BarGraphItem]:
        """Ten probability bars (in percent, one per digit) titled ``when``, as the Draw panel shows them."""
        widget = pg.GraphicsLayoutWidget()
        accessibility.set_name(
            widget,
            tr("Probabilities before the change") if when == "before" else tr("Probabilities after the change"),
            tr("One bar per digit: how sure the network is"),
        )
        widget.ci.setContentsMargins(0, 0, 0, 0)
        plot = theme.style_plot(widget.addPlot(enableMenu=False))
        plot.showGrid(x=False, y=True, alpha=theme.GRID_ALPHA)
        plot.setMouseEnabled(x=False, y=False)
        plot.hideButtons()
        plot.setMenuEnabled(False)
        plot.setYRange(0, 100, padding=0.02)
        plot.setXRange(-0.6, 9.6, padding=0)
        plot.getAxis("bottom").setTicks([[(i, str(i)) for i in range(10)]])
        plot.getAxis("left").setTicks([[(n, percent_sign(str(n))) for n in (0, 50, 100)]])  # ("50 %" in German)
        widget.setMinimumWidth(150)  # (arrange: as wide as the plot's title and axis need)
        bars = pg.BarGraphItem(
            x=np.arange(10), y0=np.zeros(10), width=0.75, height=np.zeros(10), brushes=[BAR] * 10, pen=None
        )
        plot.addItem(bars)
        return widget, plot, bars

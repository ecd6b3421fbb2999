"""The Draw panel's probability bars: one bar per class, the classes' digits under them, the percentage axis
beside them, and the width and height they need to be read."""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QSize
from PySide6.QtGui import QFont, QFontInfo, QFontMetrics
from PySide6.QtWidgets import QSizePolicy

from ...app.classify_layout import LEAST_BARS_PX
from ...number_format import percent_sign
from .. import accessibility, theme
from ..language import tr

MIN_BARS_PX = 50
"""The probability bars' plot is at least this high (ten bars are read at a glance: lower than a curve)."""


def least_bars_px() -> int:
    """:data:`MIN_BARS_PX` at the zoom, never fewer (zoomed out to 80 %, the Draw panel's bars were 35-42 px)."""
    return max(MIN_BARS_PX, theme.zoomed_px(MIN_BARS_PX))


AXIS_PX = 44
DIGIT_GAP_PX = 8
"""The bars' digit labels need their width and this gap each (and the percentage axis its own)."""
DIGIT_SPACE_PX = 4
"""At least this much space between two digits under the bars (the layout check's measure of "crowded")."""
X_RANGE = (-0.6, 9.6)
MARGINS_PX = 6
"""The bars' plot's margins left and right together (little: every pixel of the width goes to the digits)."""
PLAIN = "#b9c8e6"
"""A bar's colour (the answer's is the accent)."""


class DigitAxis(pg.AxisItem):
    """The digits under the bars, in the type of the mode (presenter mode's is bigger) where ten fit side by side,
    else in the biggest that fits, never below normal mode's: beside a kept run in German presenter mode at
    1280x720 the bars had 14 px each for 12 px digits, and the digits ran together."""

    def __init__(self, *args, **kwargs):
        self.mode_font: QFont | None = None
        super().__init__(*args, **kwargs)

    def setTickFont(self, font: QFont | None) -> None:  # (presenter mode sets its type here)
        self.mode_font = font
        super().setTickFont(self.fitted_font())

    def least_font(self) -> QFont | None:
        """The type the digits take where the bars are narrowest (the mode's, at most normal mode's size; None:
        the plot's own)."""
        if self.mode_font is None:
            return None
        least = QFontInfo(theme.axis_font()).pixelSize()
        if QFontInfo(self.mode_font).pixelSize() <= least:
            return self.mode_font
        font = QFont(self.mode_font)
        font.setPixelSize(least)
        return font

    def fitted_font(self) -> QFont | None:
        """The mode's type, or a smaller one whose digits fit the width each bar has now."""
        if self.mode_font is None or self.width() <= 0:
            return self.mode_font
        per_bar = self.width() / (X_RANGE[1] - X_RANGE[0])
        least = QFontInfo(theme.axis_font()).pixelSize()
        pixels = QFontInfo(self.mode_font).pixelSize()
        if pixels <= least or self.digit_fits(self.mode_font, per_bar):
            return self.mode_font
        font = QFont(self.mode_font)
        while pixels > least:
            pixels -= 1
            font.setPixelSize(pixels)
            if self.digit_fits(font, per_bar):
                break
        return font

    @staticmethod
    def digit_fits(font: QFont, per_bar: float) -> bool:
        return QFontMetrics(font).horizontalAdvance("8") + DIGIT_SPACE_PX <= per_bar

    def resizeEvent(self, ev=None) -> None:
        super().resizeEvent(ev)
        fitted = self.fitted_font()
        if fitted is not None and fitted != self.style.get("tickFont"):
            super().setTickFont(fitted)


class ProbabilityBars(pg.GraphicsLayoutWidget):
    """The probability bars (:attr:`plot`, its :attr:`bars`): a modest size hint, so that the canvas, not the bars,
    gets a wide panel's room."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Preferred, QSizePolicy.Expanding)
        self.setMinimumHeight(96)
        self.setMinimumWidth(LEAST_BARS_PX)
        accessibility.set_name(self, tr("Probabilities"), tr("One bar per class: how sure the network is"))
        # No axis titles: the ten digits under the bars need the width ("%" is on the ticks).
        self.plot = theme.style_plot(self.addPlot(enableMenu=False, axisItems={"bottom": DigitAxis("bottom")}))
        # Little margin left and right: every pixel of the width goes to the ten digits and the percentage axis.
        self.ci.setContentsMargins(MARGINS_PX - 4, 9, 4, 9)
        self.plot.showGrid(x=False, y=True, alpha=theme.GRID_ALPHA)
        self.plot.setMouseEnabled(x=False, y=False)
        self.plot.hideButtons()
        self.plot.setYRange(0, 100, padding=0.02)
        self.plot.setXRange(*X_RANGE, padding=0)
        self.plot.getAxis("left").setTicks([[(0, "0"), (50, percent_sign("50")), (100, percent_sign("100"))]])
        self.plot.getAxis("left").setWidth(AXIS_PX)
        self.bars = pg.BarGraphItem(
            x=np.arange(10), y0=np.zeros(10), width=0.75, height=np.zeros(10), brushes=[PLAIN] * 10, pen=None
        )
        self.plot.addItem(self.bars)

    def sizeHint(self) -> QSize:
        return QSize(200, 100)

    def digit_font(self) -> QFont:
        """The digits' type in the mode (before it gives way to a narrow plot)."""
        return self.plot.getAxis("bottom").mode_font or self.font()

    def in_big_type(self) -> bool:
        """The digits in a type bigger than normal mode's (presenter mode's): it gives way before the axis does."""
        return self.plot.getAxis("bottom").least_font() not in (None, self.plot.getAxis("bottom").mode_font)

    def width_needed(self) -> int:
        """Width for ten readable digit labels and the percentage axis (in the mode's type: the digits' type gives
        way only where the panel cannot give them this)."""
        digit = QFontMetrics(self.digit_font()).horizontalAdvance("8")
        return self.axis_width() + 10 * (digit + DIGIT_GAP_PX) + 8

    def width_readable(self) -> int:
        """The least width at which the ten digits do not run together (``DIGIT_SPACE_PX`` between two), with the
        percentage axis, in the least type they take: below it the axis gives way to them."""
        font = self.plot.getAxis("bottom").least_font() or self.font()
        per_bar = QFontMetrics(font).horizontalAdvance("8") + DIGIT_SPACE_PX
        return self.axis_width() + math.ceil((X_RANGE[1] - X_RANGE[0]) * per_bar) + MARGINS_PX + 2

    def axis_width(self) -> int:
        """The percentage axis' width (of :meth:`width_needed`: where the bars are too narrow for ten readable
        digits with it, it gives way to them)."""
        return max(AXIS_PX, self.percent_axis_width())

    def percent_axis_width(self) -> int:
        """Room for "100%" in the axis' type (pyqtgraph leaves out a tick label that does not fit)."""
        axis = self.plot.getAxis("left")
        return QFontMetrics(axis.style.get("tickFont") or self.font()).horizontalAdvance(percent_sign("100")) + 12

    def height_needed(self) -> int:
        """The bars at least :func:`least_bars_px` high, with what lies around them: :meth:`below_bars_px`."""
        return least_bars_px() + self.below_bars_px()

    def below_bars_px(self) -> int:
        """What the widget holds besides the bars: the digits and "digit" under them (the bottom axis, as pyqtgraph
        sizes it: the tallest tick label it drew, its offset, 0.8 of its title) and the layouts' margins. (Two lines
        of digits and 6 px were counted, not the 18 px of margins nor pyqtgraph's sizes: presenter mode at 1024x768
        and 80 % gave the bars 35-47 px of their 50.)"""
        axis = self.plot.getAxis("bottom")
        # (pyqtgraph counts 0.8 of a tick label's height, never under what it counted so far: its textHeight)
        text = max(0.8 * QFontMetrics(self.digit_font()).height(), axis.textHeight)
        under = text + axis.style["tickTextOffset"][1] + max(0, axis.style["tickLength"])
        if axis.label.isVisible():
            under += 0.8 * axis.label.boundingRect().height()
        _left, top, _right, bottom = self.ci.layout.getContentsMargins()
        _left, plot_top, _right, plot_bottom = self.plot.layout.getContentsMargins()
        return math.ceil(under + top + bottom + plot_top + plot_bottom) + 1

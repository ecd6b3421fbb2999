"""Where the training curves' two plots go (:class:`PlotsArrangement`): one above the other, sharing the epoch
axis under them, or side by side where one above the other would make them too short to read (presenter mode on
a projector); their titles fitted to the width, and their epoch numbers a readable distance apart.

Side by side, each plot's legend is its title (short: its axis title says loss or %, and a long title
would widen its plot past the panel), and they stand for the panel's title too (one line for
both, where the panel's title and the shared legend took three: the plots get the height)."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QLabel, QVBoxLayout

from .. import theme
from ..language import tr
from .curve_titles import acc_legend, fit_titles, loss_legend

SIDE_BY_SIDE_BELOW_PX = 110
SIDE_BY_SIDE_MIN_WIDTH_PX = 220
EPOCH_LABEL_OVERHANG_PX = 20
"""How far an epoch number may stick out of its axis (into the left axis' margin, or the panel's)."""


class EpochAxis(pg.AxisItem):
    """An epoch axis whose first and last numbers may stick out of it a little (:data:`EPOCH_LABEL_OVERHANG_PX`):
    pyqtgraph leaves out a number that would, so of two plots side by side the narrower lost its "0" (its
    0 is nearer its edge): "0, 0.5" beside "0.5" at 1280x720."""

    def boundingRect(self):
        return super().boundingRect().adjusted(-EPOCH_LABEL_OVERHANG_PX, 0, EPOCH_LABEL_OVERHANG_PX, 0)


class PlotsArrangement:
    """The loss and accuracy plots in the panel's layout, side by side or one above the other (a part of
    :class:`~.curves.CurvesPanel`: it uses the panel's graphics, plots, labels and epochs)."""

    # What it uses of the panel (the panel's title, hint and body are :class:`~.common.Panel`'s):
    graphics: pg.GraphicsLayoutWidget
    loss_plot: pg.PlotItem
    acc_plot: pg.PlotItem
    legend_label: QLabel
    title_label: QLabel
    hint_label: QLabel
    body: QVBoxLayout
    epochs: float
    side_by_side: bool
    _shown: tuple[bool, bool]
    """(loss, accuracy): which plots are shown."""
    _fitting_titles: bool

    def set_plots_visible(self, loss: bool, accuracy: bool) -> None:
        """Show or hide each plot; a hidden one gives its room to the other."""
        self._shown = (loss, accuracy)
        self._place_plots()

    def _place_plots(self) -> None:
        """The shown plots in the layout: one above the other (sharing the epoch axis under them), or side
        by side, each with its epoch axis, where one above the other would make them too short to read."""
        layout = self.graphics.ci
        plots = (self.loss_plot, self.acc_plot)
        for plot in plots:
            if plot in layout.items:
                layout.removeItem(plot)
                plot.setParentItem(None)
                if plot.scene() is not None:
                    plot.scene().removeItem(plot)
        for i, (plot, shown) in enumerate(zip(plots, self._shown)):
            if shown:
                layout.addItem(plot, row=0 if self.side_by_side else i, col=i if self.side_by_side else 0)
            plot.setVisible(shown)
        for label in (self.legend_label, self.title_label, self.hint_label):
            label.setVisible(not self.side_by_side)
        size = f"{self._title_points():g}pt"
        for plot, title in ((self.loss_plot, loss_legend()), (self.acc_plot, acc_legend())):
            plot.setTitle(title if self.side_by_side else None, size=size, color=theme.TEXT)
        for column in (0, 1):
            self.graphics.ci.layout.setColumnStretchFactor(column, 1 if self.side_by_side or column == 0 else 0)
        loss_axis = self.loss_plot.getAxis("bottom")
        # The loss plot shows its own epoch numbers when nothing is under it to show them.
        own = self.side_by_side or not self._shown[1]
        loss_axis.setStyle(showValues=own)
        loss_axis.setHeight(None if own else 6)
        # (in the style the accuracy's epoch title has now: presenter mode's type is bigger)
        self.loss_plot.setLabel("bottom", tr("epoch") if own else "", **self.acc_plot.getAxis("bottom").labelStyle)
        if not own:
            loss_axis.showLabel(False)

    def _title_points(self) -> float:
        """The plots' titles' full size: their axes' titles' (presenter mode's type is bigger)."""
        size = str((self.acc_plot.getAxis("bottom").labelStyle or {}).get("font-size", ""))
        try:
            return float(size[:-2]) if size.endswith("pt") else float(theme.AXIS_POINT_SIZE)
        except ValueError:
            return float(theme.AXIS_POINT_SIZE)

    def choose_side_by_side(self, width: float, height: float) -> bool:
        """Side by side where one above the other would leave each plot under ``SIDE_BY_SIDE_BELOW_PX``
        and each would still be ``SIDE_BY_SIDE_MIN_WIDTH_PX`` wide (presenter mode on a projector)."""
        if not all(self._shown):
            return False
        line = QFontMetrics(theme.axis_font()).height()
        if self.side_by_side:
            # One above the other, the panel's title and the legend come back over the plots.
            height -= (
                self.title_label.sizeHint().height()
                + self.legend_label.heightForWidth(int(width))
                + 2 * self.body.spacing()
            )
        stacked = (height - 3 * line) / 2
        return stacked < SIDE_BY_SIDE_BELOW_PX and width / 2 >= SIDE_BY_SIDE_MIN_WIDTH_PX

    def _fit_titles(self, *_args) -> None:
        """On the panel's and on the view's resize (the view may be laid out after the panel)."""
        if self._fitting_titles:
            return  # (the view's own signal, from the setRange below)
        self._fitting_titles = True
        try:
            plots = (self.loss_plot, self.acc_plot)
            layout = self.graphics.ci.layout
            left, _top, right, _bottom = layout.getContentsMargins()
            view = self.graphics.viewport().width()
            before = [plot.titleLabel.item.textWidth() for plot in plots]
            fit_titles(plots, view - left - right - layout.horizontalSpacing(), self._title_points())
            if before != [plot.titleLabel.item.textWidth() for plot in plots] or self.graphics.ci.width() > view + 1:
                # The plots as wide as the view again (the layout kept the width the one-line titles forced).
                layout.activate()
                self.graphics.setRange(self.graphics.range, padding=0, disableAutoPixel=False)
        finally:
            self._fitting_titles = False

    def _space_epoch_ticks(self) -> None:
        """Side by side, a plot is narrow: its epoch numbers ("0.2" ... "0.8") a readable distance apart, and
        the same on both plots (each spaced its own by its own width: "0, 0.2, 0.4 ..." beside "0, 0.5, 1.0",
        or "0.05, 0.10" beside "0.1, 0.2", under the same epochs): the narrower plot's spacing for both."""
        axes = [plot.getAxis("bottom") for plot in (self.loss_plot, self.acc_plot)]
        if not self.side_by_side:
            for axis in axes:
                axis.setTickSpacing()
            return
        shown = [plot for plot, on in zip((self.loss_plot, self.acc_plot), self._shown) if on]
        width = max(min(plot.getViewBox().width() for plot in shown), self.graphics.width() / 2 - 80)
        font = axes[1].style.get("tickFont") or theme.axis_font()
        labels = max(2, int(width // (QFontMetrics(font).horizontalAdvance("0.00") * 1.6)))
        major = theme.tick_step(self.epochs * 1.02 / labels)
        for axis in axes:
            axis.setTickSpacing(levels=[(major, 0)])  # (a half level would print 0.25 as "0.2")

"""Loss and accuracy against (fractional) epochs, with marks where the
backend or a hyperparameter changed."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt

from .. import theme
from ..buffers import DecimatingSeries, Ema
from .common import Panel

MAX_MARKERS = 40
"""Only the latest marks are drawn (each one is a plot item)."""


class CurvesPanel(Panel):
    def __init__(self, parent=None, capacity: int = 8192):
        super().__init__("Training curves", "faint: every step · bold: smoothed · dots: test set", parent)
        self.graphics = pg.GraphicsLayoutWidget()
        self.graphics.ci.setSpacing(2)
        self.body.addWidget(self.graphics)
        self.loss_plot = theme.style_plot(self.graphics.addPlot(row=0, col=0), left="loss")
        self.acc_plot = theme.style_plot(self.graphics.addPlot(row=1, col=0), left="accuracy %", bottom="epoch")
        self.acc_plot.setXLink(self.loss_plot)
        self.loss_plot.getAxis("left").setWidth(62)
        self.acc_plot.getAxis("left").setWidth(62)
        self.loss_plot.getViewBox().setLimits(yMin=0)
        self.epochs = 1.0
        self._reset_ranges()
        self.placeholder = pg.TextItem("Press Start (or Space) to train: the loss appears here step by step",
                                       color=theme.MUTED, anchor=(0.5, 0.5))
        self.placeholder.setFont(theme.axis_font())
        self.loss_plot.addItem(self.placeholder, ignoreBounds=True)
        self.placeholder.setPos(0.5, 1.25)
        self.acc_plot.setYRange(0, 100, padding=0.02)
        self.acc_plot.getViewBox().setLimits(yMin=-5, yMax=105)
        # Loss falls and accuracy rises: their legends sit where the curves end up not being.
        for plot, offset in ((self.loss_plot, (-10, 5)), (self.acc_plot, (-10, -10))):
            plot.addLegend(offset=offset, labelTextSize=f"{theme.AXIS_POINT_SIZE}pt",
                           labelTextColor=theme.TEXT, brush=pg.mkBrush(255, 255, 255, 210))
        # Built once; afterwards only setData.
        self.loss_raw = self.loss_plot.plot(pen=pg.mkPen(theme.LOSS_RAW, width=1), name="loss per step")
        self.loss_smooth = self.loss_plot.plot(pen=pg.mkPen(theme.LOSS_SMOOTH, width=3), name="smoothed",
                                              antialias=True)
        self.test_loss = self.loss_plot.plot(pen=None, symbol="o", symbolSize=8, symbolBrush=theme.TEST_ACC,
                                             symbolPen=None, name="test loss")
        self.train_acc = self.acc_plot.plot(pen=pg.mkPen(theme.TRAIN_ACC, width=3), name="train (smoothed)",
                                           antialias=True)
        self.test_acc = self.acc_plot.plot(pen=pg.mkPen(theme.TEST_ACC, width=2), symbol="o", symbolSize=8,
                                           symbolBrush=theme.TEST_ACC, symbolPen=None, name="test")
        for curve in (self.loss_raw, self.loss_smooth, self.train_acc):
            curve.setClipToView(True)
            curve.setDownsampling(auto=True, method="peak")
        self.capacity = capacity
        self.raw = DecimatingSeries(capacity)
        self.smooth = DecimatingSeries(capacity)
        self.acc = DecimatingSeries(capacity)
        self.test_points: list[tuple[float, float, float]] = []
        self._loss_ema = Ema(0.97)
        self._acc_ema = Ema(0.97)
        self.markers: list[tuple[pg.InfiniteLine, pg.InfiniteLine]] = []
        self._dirty = False

    def _reset_ranges(self) -> None:
        self._test_points_drawn = -1
        self._loss_range = None
        self._loss_top = None
        self.loss_plot.setYRange(0, 2.5, padding=0.02)
        self.loss_plot.setXRange(0, self.epochs, padding=0.02)

    def set_epochs(self, epochs: float) -> None:
        """The x axis spans the whole run from the start (it grows if the run is longer)."""
        self.epochs = max(float(epochs), 0.01)
        self.loss_plot.setXRange(0, self.epochs, padding=0.02)

    def set_plots_visible(self, loss: bool, accuracy: bool) -> None:
        """Show or hide each plot; a hidden one gives its room to the other."""
        layout = self.graphics.ci
        for row, (plot, shown) in enumerate(((self.loss_plot, loss), (self.acc_plot, accuracy))):
            present = plot in layout.items
            if shown and not present:
                layout.addItem(plot, row=row, col=0)
            elif not shown and present:
                layout.removeItem(plot)
                plot.setParentItem(None)
                if plot.scene() is not None:
                    plot.scene().removeItem(plot)
            plot.setVisible(shown)

    def show_views(self, views: set[str]) -> None:
        self.set_plots_visible("loss" in views, "accuracy" in views)

    # --- data --------------------------------------------------------------
    def clear(self) -> None:
        for series in (self.raw, self.smooth, self.acc):
            series.clear()
        self.test_points.clear()
        self._loss_ema.clear()
        self._acc_ema.clear()
        for a, b in self.markers:
            self.loss_plot.removeItem(a)
            self.acc_plot.removeItem(b)
        self.markers.clear()
        self.placeholder.setVisible(True)
        self._reset_ranges()
        self._dirty = True
        self.refresh()

    def add_steps(self, steps) -> None:
        for event in steps:
            loss = max(float(event.loss), 1e-6)
            self.raw.append(event.epoch, loss)
            self.smooth.append(event.epoch, self._loss_ema.update(loss))
            self.acc.append(event.epoch, 100.0 * self._acc_ema.update(float(event.accuracy)))
        if steps:
            self._dirty = True
            if self.placeholder.isVisible():
                self.placeholder.setVisible(False)
                self._loss_range = None  # the loss axis follows the data from now on
            if steps[-1].epoch > self.epochs:
                self.set_epochs(self.epochs * 2)

    def add_evaluation(self, event) -> None:
        self.test_points.append((event.epoch, max(event.test_loss, 1e-6), 100.0 * event.test_accuracy))
        self._dirty = True

    def rewind(self, epoch: float) -> None:
        """The trainer went back to ``epoch`` (a GPU failure): the steps from there on are redone.
        (A step's x is the epoch it started at; an evaluation's, the epoch after its step.)"""
        for series in (self.raw, self.smooth, self.acc):
            series.truncate_from(epoch)
        self.test_points = [p for p in self.test_points if p[0] <= epoch]
        self._test_points_drawn = -1
        self._dirty = True

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.refresh()

    def add_marker(self, epoch: float, text: str, colour: str) -> None:
        pair = []
        for plot, show_label in ((self.loss_plot, True), (self.acc_plot, False)):
            line = pg.InfiniteLine(pos=epoch, angle=90, pen=pg.mkPen(colour, width=2, style=Qt.DashLine),
                                   label=text if show_label else None,
                                   labelOpts={"position": 0.92, "color": colour, "fill": (255, 255, 255, 220),
                                              "anchors": [(0, 0), (0, 0)]})
            if show_label:
                font = theme.axis_font()
                line.label.textItem.setFont(font)
            plot.addItem(line, ignoreBounds=True)
            pair.append(line)
        self.markers.append(tuple(pair))
        if len(self.markers) > MAX_MARKERS:
            a, b = self.markers.pop(0)
            self.loss_plot.removeItem(a)
            self.acc_plot.removeItem(b)

    def refresh(self) -> None:
        """Push the buffers to the plot items (only when something changed, and seen: else when shown)."""
        if not self._dirty or not self.isVisible():
            return
        self._dirty = False
        self.loss_raw.setData(self.raw.x, self.raw.y)
        self.loss_smooth.setData(self.smooth.x, self.smooth.y)
        self.train_acc.setData(self.acc.x, self.acc.y)
        if len(self.test_points) != self._test_points_drawn:
            # Symbols are costly to set (a scatter plot each): only when an evaluation came or went.
            self._test_points_drawn = len(self.test_points)
            if self.test_points:
                pts = np.array(self.test_points)
                self.test_loss.setData(pts[:, 0], pts[:, 1])
                self.test_acc.setData(pts[:, 0], pts[:, 2])
            else:
                self.test_loss.setData([], [])
                self.test_acc.setData([], [])
        if not self.placeholder.isVisible():
            self._fit_loss_axis()

    def _fit_loss_axis(self) -> None:
        """0 to a round number above the highest loss: unlike auto-range, which moved the axis (and
        regenerated its ticks and text) at every refresh as the loss fell, this changes only when the
        loss goes above it. A range the user zoomed or panned to is left alone until the next run."""
        view = self.loss_plot.getViewBox()
        current = tuple(view.viewRange()[1])
        if self._loss_range is not None and not np.allclose(current, self._loss_range):
            return  # the user's
        highest = max(float(np.nanmax(self.raw.y)) if len(self.raw) else 0.0,
                      max((p[1] for p in self.test_points), default=0.0))
        if not np.isfinite(highest) or highest <= 0:
            return
        quantum = 0.25 * 10 ** np.floor(np.log10(highest))
        top = float(np.ceil(highest / quantum) * quantum)
        if top != self._loss_top:
            self._loss_top = top
            self.loss_plot.setYRange(0, top, padding=0.02)
        self._loss_range = tuple(view.viewRange()[1])

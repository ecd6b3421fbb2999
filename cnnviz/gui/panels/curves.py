"""Loss and accuracy against (fractional) epochs, with marks where the
backend or a hyperparameter changed."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QSizePolicy

from .. import accessibility, palette, theme
from ..buffers import DecimatingSeries, Ema
from .common import Panel

MAX_MARKERS = 40
"""Only the latest marks are drawn (each one is a plot item)."""
LEGEND = (f"<b>loss:</b> <span style='color:{palette.SKY_BLUE}'>━</span>&nbsp;per&nbsp;step "
          f"<span style='color:{palette.LOSS_SMOOTH}'><b>━</b></span>&nbsp;smoothed "
          f"<span style='color:{palette.TEST_ACC}'>●</span>&nbsp;test &nbsp;&nbsp; "
          f"<b>accuracy:</b> <span style='color:{palette.TRAIN_ACC}'><b>━</b></span>&nbsp;train "
          f"<span style='color:{palette.TEST_ACC}'>●━</span>&nbsp;test")
PLACEHOLDER = "Press Start (or Space) to train: the loss appears here step by step"


class CurvesPanel(Panel):
    def __init__(self, parent=None, capacity: int = 8192):
        super().__init__("Training curves", "", parent)
        # The legend is a line of text above the plots (it wraps when narrow): it never covers a curve
        # or the start hint.
        self.legend_label = QLabel(LEGEND)
        self.legend_label.setTextFormat(Qt.RichText)
        self.legend_label.setWordWrap(True)
        self.legend_label.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.body.addWidget(self.legend_label)
        self.graphics = pg.GraphicsLayoutWidget()
        self.graphics.ci.setSpacing(2)
        accessibility.set_name(self.graphics, "Training curves", "Loss (per step, smoothed, test dots) and "
                               "accuracy (train line, test dots) against epochs")
        self.graphics.setMinimumHeight(150)
        self.body.addWidget(self.graphics, 1)
        self.loss_plot = theme.style_plot(self.graphics.addPlot(row=0, col=0), left="loss")
        self.acc_plot = theme.style_plot(self.graphics.addPlot(row=1, col=0), left="%", bottom="epoch")
        self.acc_plot.setXLink(self.loss_plot)
        for plot in (self.loss_plot, self.acc_plot):
            theme.keep_tick_labels_apart(plot)
        # One epoch axis, under the accuracy: the loss plot above shares it (more height for both curves).
        self.loss_plot.getAxis("bottom").setStyle(showValues=False)
        self.loss_plot.getAxis("bottom").setHeight(6)
        self.loss_plot.getAxis("left").setWidth(62)
        self.acc_plot.getAxis("left").setWidth(62)
        self.loss_plot.getViewBox().setLimits(yMin=0)
        self.epochs = 1.0
        self._reset_ranges()
        self.placeholder = pg.TextItem(PLACEHOLDER, color=theme.MUTED, anchor=(0.5, 0.5))
        self.placeholder.setFont(theme.axis_font())
        self.loss_plot.addItem(self.placeholder, ignoreBounds=True)
        self.placeholder.setPos(0.5, 1.25)
        self.loss_plot.getViewBox().sigResized.connect(self._fit_texts)
        self.loss_plot.getViewBox().sigResized.connect(self.place_marker_labels)
        self.loss_plot.getViewBox().sigXRangeChanged.connect(self.place_marker_labels)
        self.acc_plot.setYRange(0, 100, padding=0.02)
        self.acc_plot.getViewBox().setLimits(yMin=-5, yMax=105)
        # Built once; afterwards only setData.
        self.loss_raw = self.loss_plot.plot(pen=pg.mkPen(palette.LOSS_RAW, width=1))
        self.loss_smooth = self.loss_plot.plot(pen=pg.mkPen(palette.LOSS_SMOOTH, width=3), antialias=True)
        self.test_loss = self.loss_plot.plot(pen=None, symbol=palette.TEST_SYMBOL, symbolSize=8,
                                             symbolBrush=palette.TEST_ACC, symbolPen=None)
        self.train_acc = self.acc_plot.plot(pen=pg.mkPen(palette.TRAIN_ACC, width=3), antialias=True)
        self.test_acc = self.acc_plot.plot(pen=pg.mkPen(palette.TEST_ACC, width=2), symbol=palette.TEST_SYMBOL,
                                           symbolSize=8, symbolBrush=palette.TEST_ACC, symbolPen=None)
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

    def _fit_texts(self, *_args) -> None:
        """The start hint wraps within the plot."""
        width = self.loss_plot.getViewBox().width()
        self.placeholder.setTextWidth(max(80.0, 0.9 * width))

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
                                   labelOpts={"position": 0.9, "color": colour, "fill": (255, 255, 255, 220),
                                              "anchors": [(0, 0.5), (0, 0.5)]})
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
        self.place_marker_labels()

    def place_marker_labels(self, *_args) -> None:
        """Each mark's label on the highest free line of the plot, from the top: labels of marks close
        together go one under the other, and one with no free line left is hidden (the mark stays)."""
        view = self.loss_plot.getViewBox()
        height = view.height()
        if height <= 0 or not self.markers:
            return
        taken: list[tuple[int, float, float]] = []  # (line, left, right) in pixels
        for line, _acc in self.markers:
            label = line.label
            box = label.boundingRect()
            step = box.height() + 2
            rows = max(int(height // step), 1)
            x = view.mapViewToScene(pg.QtCore.QPointF(line.value(), 0)).x()
            for row in range(rows):
                if not any(r == row and left < x + box.width() + 4 and x < right + 4 for r, left, right in taken):
                    taken.append((row, x, x + box.width()))
                    label.setPosition(1.0 - (row * step + box.height() / 2) / height)
                    label.setVisible(True)
                    break
            else:
                label.setVisible(False)

    def marker_label_rects(self) -> list:
        """Where the marks' labels are, in scene coordinates (the layout test checks they do not overlap)."""
        return [line.label.sceneBoundingRect() for line, _ in self.markers if line.label.isVisible()]

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

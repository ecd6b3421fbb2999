"""Loss and accuracy against (fractional) epochs, with marks where the
backend or a hyperparameter changed."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSizePolicy

from ...app.buffers import DecimatingSeries, Ema
from ...app.run_state import backend_text, changes_text
from ...app.side_by_side import accuracy_text
from ...translatable import N_
from .. import accessibility, palette, theme
from ..language import kept_together, tr
from ..wrapped_label import WrappedLabel
from .common import ElidedLabel, Panel
from .curve_marks import Marks
from .curve_titles import legend
from .curves_arrangement import SIDE_BY_SIDE_MIN_WIDTH_PX, EpochAxis, PlotsArrangement

MIN_GRAPHICS_PX = 130
"""Side by side, two plots of 80 px and their epoch axes; one above the other they need more (and get it)."""
PLACEHOLDER = N_("Press Start (or Space) to train: the loss appears here step by step")
KEPT_COLOUR = theme.MUTED
"""A kept run's curves: grey and dashed (told apart from the run now by the dashes, not by colour alone)."""
HINT_WIDTHS = (0.9, 0.7, 0.55, 0.4)
"""The start hint's widths (of the loss plot's) tried in turn for a free place beside a kept run's curves."""
HINT_STEP_PX = 4
"""How far apart the places tried for the start hint are."""


def free_spot(area, hint, labels, curve: np.ndarray, points: np.ndarray, margin: float = 3.0):
    """The centre (scene coordinates) of the place nearest ``hint``'s (a rectangle, in its middle) inside ``area``
    that touches none of the ``labels`` (rectangles), the polyline ``curve`` (N x 2, x ascending) and the ``points``
    (test dots); None when there is none. Tried: the middle first, then further up and down, then left and right."""
    w, h = hint.width() + 2 * margin, hint.height() + 2 * margin
    if w > area.width() or h > area.height():
        return None
    cx, cy = area.center().x(), area.center().y()
    ys = np.arange(area.top() + h / 2, area.bottom() - h / 2 + 0.01, HINT_STEP_PX)
    xs = [cx, area.right() - w / 2, area.left() + w / 2]
    for y in sorted([cy, *ys], key=lambda y: abs(y - cy)):
        for x in xs:
            left, top = x - w / 2, y - h / 2
            if _clear(left, top, left + w, top + h, labels, curve, points):
                return pg.QtCore.QPointF(x, y)
    return None


def _clear(left, top, right, bottom, labels, curve, points) -> bool:
    rect = pg.QtCore.QRectF(left, top, right - left, bottom - top)
    if any(rect.intersects(label) for label in labels):
        return False
    if len(points) and np.any(
        (points[:, 0] > left - 5) & (points[:, 0] < right + 5) & (points[:, 1] > top - 5) & (points[:, 1] < bottom + 5)
    ):
        return False
    if len(curve) and curve[0, 0] <= right and curve[-1, 0] >= left:
        # A polyline over x: over [left, right] it takes every y between its lowest and highest there.
        inside = curve[(curve[:, 0] >= left) & (curve[:, 0] <= right), 1]
        ends = np.interp([max(left, curve[0, 0]), min(right, curve[-1, 0])], curve[:, 0], curve[:, 1])
        ys = np.concatenate([inside, ends])
        ys = ys[np.isfinite(ys)]
        if len(ys) and ys.max() >= top and ys.min() <= bottom:
            return False
    return True


class CurvesPanel(Panel, PlotsArrangement):
    def __init__(self, parent=None, capacity: int = 8192):
        super().__init__(tr("Training curves"), "", parent)
        # The legend is a line of text above the plots (it wraps when narrow): it never covers a curve
        # or the start hint.
        self.legend_label = WrappedLabel(legend())
        self.legend_label.setTextFormat(Qt.RichText)
        self.legend_label.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.body.addWidget(self.legend_label)
        self.kept_label = ElidedLabel("")
        self.kept_label.setObjectName("hint")
        self.kept_label.hide()
        self.body.addWidget(self.kept_label)
        # The start hint where the loss plot has no free place for it beside a kept run's curves (1280x720:
        # the lesson's run kept to compare crosses the whole of the short plot): a line over the plots.
        self.start_label = ElidedLabel(tr(PLACEHOLDER))
        self.start_label.setObjectName("hint")
        self.start_label.hide()
        self.body.addWidget(self.start_label)
        self.graphics = pg.GraphicsLayoutWidget()
        self.graphics.ci.setSpacing(2)
        accessibility.set_name(
            self.graphics,
            tr("Training curves"),
            tr("Loss (per step, smoothed, test dots) and accuracy (train line, test dots) against epochs"),
        )
        self.graphics.setMinimumHeight(MIN_GRAPHICS_PX)
        self.body.addWidget(self.graphics, 1)
        self.loss_plot = theme.style_plot(
            self.graphics.addPlot(enableMenu=False, row=0, col=0, axisItems={"bottom": EpochAxis("bottom")}),
            left=tr("loss"),
        )
        self.acc_plot = theme.style_plot(
            self.graphics.addPlot(enableMenu=False, row=1, col=0, axisItems={"bottom": EpochAxis("bottom")}),
            left="%",
            bottom=tr("epoch"),
        )
        for plot in (self.loss_plot, self.acc_plot):  # (before the link: it sets the ranges)
            theme.plain_numbers(plot.getAxis("left"))
            theme.plain_numbers(plot.getAxis("bottom"))
            plot.setPreferredWidth(SIDE_BY_SIDE_MIN_WIDTH_PX)  # (side by side: the two share the width evenly)
        self.acc_plot.setXLink(self.loss_plot)
        for plot in (self.loss_plot, self.acc_plot):
            theme.keep_tick_labels_apart(plot)
        # One epoch axis, under the accuracy: the loss plot above shares it (more height for both curves).
        self.loss_plot.getAxis("bottom").setStyle(showValues=False)
        self.loss_plot.getAxis("bottom").setHeight(6)
        self.loss_plot.getAxis("left").setWidth(62)
        self.acc_plot.getAxis("left").setWidth(62)
        self.loss_plot.getViewBox().setLimits(yMin=0)
        self._shown = (True, True)
        self._fitting_titles = False
        self.graphics.sigDeviceRangeChanged.connect(self._fit_titles)
        self.side_by_side = False
        """The two plots side by side (a wide, short panel) instead of one above the other."""
        self.epochs = 1.0
        self.planned_epochs = 1.0
        self._reset_ranges()
        # On a light ground: a kept run's grey curve is drawn under it before this run's first step.
        ground = pg.mkColor(theme.BACKGROUND)
        ground.setAlpha(215)
        # (it wraps: its Japanese or Chinese kept together, "す" was alone on its last line at 1024x768)
        self.placeholder = pg.TextItem(
            kept_together(tr(PLACEHOLDER)), color=theme.MUTED, anchor=(0.5, 0.5), fill=pg.mkBrush(ground)
        )
        self.placeholder.setFont(theme.axis_font())
        self._hint_wanted = True
        """No step on the curves yet: the start hint is wanted (shown where it has a free place)."""
        self.loss_plot.addItem(self.placeholder, ignoreBounds=True)
        self.loss_plot.getViewBox().sigResized.connect(self._fit_texts)
        self.loss_plot.getViewBox().sigRangeChanged.connect(self._fit_texts)
        self.marks = Marks(self.loss_plot, self.acc_plot)
        self.loss_plot.getViewBox().sigResized.connect(self.marks.place_labels)
        self.loss_plot.getViewBox().sigXRangeChanged.connect(self.marks.place_labels)
        self.acc_plot.setYRange(0, 100, padding=0.02)
        self.acc_plot.getViewBox().setLimits(yMin=-5, yMax=105)
        # Built once; afterwards only setData.
        self.loss_raw = self.loss_plot.plot(pen=pg.mkPen(palette.LOSS_RAW, width=1))
        self.loss_smooth = self.loss_plot.plot(pen=pg.mkPen(palette.LOSS_SMOOTH, width=3), antialias=True)
        self.test_loss = self.loss_plot.plot(
            pen=None, symbol=palette.TEST_SYMBOL, symbolSize=8, symbolBrush=palette.TEST_ACC, symbolPen=None
        )
        self.train_acc = self.acc_plot.plot(pen=pg.mkPen(palette.TRAIN_ACC, width=3), antialias=True)
        self.test_acc = self.acc_plot.plot(
            pen=pg.mkPen(palette.TEST_ACC, width=2),
            symbol=palette.TEST_SYMBOL,
            symbolSize=8,
            symbolBrush=palette.TEST_ACC,
            symbolPen=None,
        )
        # A run kept for comparison, under the run now (drawn first: behind it).
        kept_pen = pg.mkPen(KEPT_COLOUR, width=2, style=Qt.DashLine)
        self.kept_loss = self.loss_plot.plot(pen=kept_pen)
        self.kept_test_loss = self.loss_plot.plot(
            pen=None, symbol="o", symbolSize=7, symbolBrush=None, symbolPen=pg.mkPen(KEPT_COLOUR, width=1.5)
        )
        self.kept_train_acc = self.acc_plot.plot(pen=kept_pen)
        self.kept_test_acc = self.acc_plot.plot(
            pen=pg.mkPen(KEPT_COLOUR, width=1.5, style=Qt.DotLine),
            symbol="o",
            symbolSize=7,
            symbolBrush=None,
            symbolPen=pg.mkPen(KEPT_COLOUR, width=1.5),
        )
        for curve in (self.kept_loss, self.kept_test_loss, self.kept_train_acc, self.kept_test_acc):
            curve.setZValue(-1)
        self.kept_epochs = 0.0
        for curve in (self.loss_raw, self.loss_smooth, self.train_acc):
            curve.setClipToView(True)
            curve.setDownsampling(auto=True, method="peak")
        self.capacity = capacity
        self.raw = DecimatingSeries(capacity)
        self.smooth = DecimatingSeries(capacity)
        self.acc = DecimatingSeries(capacity)
        self.test_points: list[tuple[float, float, float]] = []
        self._kept_text: tuple[str, float | None] | None = None
        """The kept run's label (without the accuracies) and its test accuracy (None: no kept run)."""
        self._loss_ema = Ema(0.97)
        self._acc_ema = Ema(0.97)
        self._dirty = False

    def _fit_texts(self, *_args) -> None:
        """The start hint wraps within the plot, in its middle whatever the axes' ranges (a 20-epoch
        lesson's axis put it at the left edge, cut: "rain: the loss appears..."). It stands clear of the marks'
        labels (a kept run's "A: -> numba" stood over "Press Start" at 1280x720, 125 %) and of a kept run's curves
        (its light ground hid the grey dashes of a lesson's run kept to compare, real X, 1024x768): where the
        middle is taken, the nearest free place, narrower if need be; none free, beside a kept run it is a
        line over the plots (:attr:`start_label`: at 1280x720 the lesson's kept run left no place, and the hint was not
        shown at all), which stays until the hint goes or the kept run changes: the line takes the plots' height, and
        a plot made shorter, or laid out anew side by side, must not send it back and forth. Without a kept run a plot
        too small for it shows none (German at 1280x720 and 125 % cut it mid-word; Start says it anyway)."""
        if not self._hint_wanted:
            return
        view, hint = self.loss_plot.getViewBox(), self.placeholder
        if self.start_label.isVisibleTo(self):
            self.placeholder.setVisible(False)
            return
        self.marks.place_labels()
        area = view.sceneBoundingRect()
        taken = self._kept_in_scene(view)
        for fraction in HINT_WIDTHS:
            self._hint_in_the_middle(view, fraction)
            spot = free_spot(area, hint.sceneBoundingRect(), self.marks.label_rects(), *taken)
            if spot is not None:
                middle = view.mapSceneToView(spot)
                hint.setPos(middle.x(), middle.y())
                hint.setVisible(True)
                return
        curve, points = taken
        if len(curve) or len(points):  # (a kept run's curves leave no place)
            hint.setVisible(False)
            self.start_label.show()
        else:  # (in the middle, as it always was, where it fits; a line over the plots would leave them too short)
            self._hint_in_the_middle(view, HINT_WIDTHS[0])
            hint.setVisible(self._fits_in(view))

    def _fits_in(self, view) -> bool:
        """The start hint, in the middle as wide as it is now, lies whole in the loss plot (measured on its text: a
        hidden pyqtgraph TextItem keeps the scene place it had when shown)."""
        text = self.placeholder.textItem.boundingRect()
        return text.width() + 4 <= view.width() and text.height() + 4 <= view.height()

    def _no_hint(self) -> None:
        """The run's first step came (or a loaded run's curves): no start hint, in the plot or over it."""
        self._hint_wanted = False
        self.placeholder.setVisible(False)
        self.start_label.hide()

    def _hint_in_the_middle(self, view, fraction: float) -> None:
        """The start hint ``fraction`` of the loss plot wide, in its middle."""
        self.placeholder.setTextWidth(max(80.0, fraction * view.width()))
        (x0, x1), (y0, y1) = view.viewRange()
        self.placeholder.setPos((x0 + x1) / 2, (y0 + y1) / 2)

    def _kept_in_scene(self, view) -> tuple[np.ndarray, np.ndarray]:
        """The kept run's loss curve and test points, in scene coordinates (the plot's axes are linear)."""
        origin = view.mapViewToScene(pg.QtCore.QPointF(0.0, 0.0))
        unit = view.mapViewToScene(pg.QtCore.QPointF(1.0, 1.0))
        scale = np.array([unit.x() - origin.x(), unit.y() - origin.y()])

        def scene(item) -> np.ndarray:
            x, y = item.getData()
            if x is None or not len(x):
                return np.zeros((0, 2))
            return np.stack([x, y], axis=1) * scale + [origin.x(), origin.y()]

        return scene(self.kept_loss), scene(self.kept_test_loss)

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
        self._space_epoch_ticks()

    def plan_epochs(self, epochs: float) -> None:
        """The length the next run will have (the sidebar's Epochs): the axis of empty curves spans it, and
        clearing the curves comes back to it (closing a 20-epoch lesson left its axis behind)."""
        self.planned_epochs = max(float(epochs), 0.01)
        if not len(self.raw):
            self.set_epochs(max(self.planned_epochs, self.kept_epochs))

    def show_kept(self, kept, label: str = "") -> None:
        """The run kept for comparison (:class:`~cnnviz.app.comparison.KeptRun`; None: none), grey and dashed
        under the run now, and ``label`` (what differs) over the plots."""
        curves = kept.curves if kept is not None else None
        train = curves.train if curves is not None else np.zeros((0, 3))
        evals = curves.evals if curves is not None else np.zeros((0, 3))
        self.kept_loss.setData(train[:, 0], train[:, 1])
        self.kept_train_acc.setData(train[:, 0], 100.0 * train[:, 2])
        self.kept_test_loss.setData(evals[:, 0], evals[:, 1])
        self.kept_test_acc.setData(evals[:, 0], 100.0 * evals[:, 2])
        self.kept_epochs = curves.last_epoch if curves is not None else 0.0
        self.marks.show_kept(curves.marks if curves is not None else (), KEPT_COLOUR)
        if kept is None:
            self._kept_text = None
            self.kept_label.hide()
            accessibility.set_name(self.graphics, tr("Training curves"), self.graphics.accessibleDescription())
        else:
            self._kept_text = (
                tr("- - - A, the kept run ({source}): {label}").format(source=tr(kept.source), label=label),
                kept.test_accuracy,
            )
            self._show_kept_label()
            self.kept_label.show()
            accessibility.set_name(
                self.graphics,
                tr("Training curves, with a kept run for comparison"),
                self.graphics.accessibleDescription(),
            )
        if self.kept_epochs > self.epochs:
            self.set_epochs(self.kept_epochs)
        self._dirty = True
        self._loss_range = None
        self.refresh()
        self.start_label.hide()  # (in the plot again, if the new kept run's curves leave it a place)
        self._fit_texts()  # (the start hint under the kept run's marks' labels)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        size = self.graphics.size()
        wanted = self.choose_side_by_side(size.width(), size.height())
        if wanted != self.side_by_side:
            self.side_by_side = wanted
            self._place_plots()
        self._fit_titles()
        self._space_epoch_ticks()

    def show_views(self, views: set[str]) -> None:
        self.set_plots_visible("loss" in views, "accuracy" in views)

    # --- data --------------------------------------------------------------
    def clear(self) -> None:
        for series in (self.raw, self.smooth, self.acc):
            series.clear()
        self.test_points.clear()
        self._show_kept_label()
        self._loss_ema.clear()
        self._acc_ema.clear()
        self.marks.clear()
        self._hint_wanted = True
        self.placeholder.setVisible(True)
        self.start_label.hide()
        self.epochs = max(self.planned_epochs, self.kept_epochs)
        self._reset_ranges()
        self._space_epoch_ticks()
        self._dirty = True
        self.refresh()
        self._fit_texts()  # (clear of the kept run's curves)

    # --- what it observes (the registry's STEPS, TICK, BACKEND, HYPERPARAMETERS, HISTORY, KEPT) ---------------
    def show_dataset(self, _dataset) -> None:
        """Another data set (or none): the curves of a run on the old one are forgotten."""
        self.clear()

    def steps_trained(self, steps, _at: float) -> None:
        self.add_steps(steps)

    def tick(self, _running: bool) -> None:
        self.refresh()

    def backend_switched(self, event, rewound: bool) -> None:
        """The run moved to another backend: a mark (and, ``rewound``, the steps after its backup undone)."""
        if rewound:
            self.rewind(event.epoch)
        self.marks.add(event.epoch, backend_text(event.new), theme.BACKEND_MARK)

    def hyperparameters_changed(self, event) -> None:
        """A mark saying what changed mid-run ("lr 0.01, batch 64")."""
        self.marks.add(event.epoch, changes_text(event.changes), theme.HYPER_MARK)

    def history_replaced(self, run, _test_accuracy) -> None:
        self.show_history(run.steps, run.evaluations, run.saved_curves, run.marks)

    def set_kept(self, side) -> None:
        """The run kept for comparison (a :class:`~cnnviz.app.side_by_side.SideBySide`; None: none)."""
        self.show_kept(None if side is None else side.kept, "" if side is None else side.description)

    def add_steps(self, steps) -> None:
        for event in steps:
            loss = max(float(event.loss), 1e-6)
            self.raw.append(event.epoch, loss)
            self.smooth.append(event.epoch, self._loss_ema.update(loss))
            self.acc.append(event.epoch, 100.0 * self._acc_ema.update(float(event.accuracy)))
        if steps:
            self._dirty = True
            if self._hint_wanted:
                self._no_hint()
                self._loss_range = None  # the loss axis follows the data from now on
            if steps[-1].epoch > self.epochs:
                self.set_epochs(self.epochs * 2)

    def show_history(self, steps, evaluations, saved=None, marks=()) -> None:
        """A run's whole history at once: its ``steps``, ``evaluations`` and ``marks`` (:class:`CurveMark
        <cnnviz.app.run_state.CurveMark>`: a run put back), after the curves and marks its file carried (``saved``,
        a :class:`~cnnviz.app.comparison.Curves`, already smoothed: a loaded model): marked as they were live."""
        self.clear()
        for epoch, kind, text in [
            *(saved.marks if saved is not None else ()),
            *((m.epoch, m.kind, m.text) for m in marks),
        ]:
            self.marks.add(epoch, text, theme.BACKEND_MARK if kind == "backend" else theme.HYPER_MARK)
        if saved is not None and len(saved.train):
            for epoch, loss, accuracy in saved.train:
                self.raw.append(epoch, max(float(loss), 1e-6))
                self.smooth.append(epoch, max(float(loss), 1e-6))
                self.acc.append(epoch, 100.0 * float(accuracy))
            self._no_hint()
            self._loss_range = None
        if saved is not None:
            self.test_points.extend((float(e), max(float(l), 1e-6), 100.0 * float(a)) for e, l, a in saved.evals)
        self.add_steps(steps)
        for event in evaluations:
            self.add_evaluation(event)
        last = max([p[0] for p in self.test_points] + ([float(self.raw.x[-1])] if len(self.raw) else []), default=0.0)
        if last > self.epochs:
            self.set_epochs(last)
        self._dirty = True
        self._test_points_drawn = -1  # as many points as before, maybe, but others
        self._show_kept_label()
        self.refresh()

    def evaluated(self, event) -> None:
        """A test evaluation ended (observed through the registry): its point on the curves."""
        self.add_evaluation(event)

    def add_evaluation(self, event) -> None:
        self.test_points.append((event.epoch, max(event.test_loss, 1e-6), 100.0 * event.test_accuracy))
        self._dirty = True
        self._show_kept_label()

    def _show_kept_label(self) -> None:
        """The kept run's label, with both test accuracies: "test accuracy A 87.0 % | B 95.0 %"."""
        if self._kept_text is None:
            return
        text, kept_accuracy = self._kept_text
        now = self.test_points[-1][2] / 100 if self.test_points else None
        # The accuracies first: a narrow window elides the end of the line.
        self.kept_label.setText(
            tr("test accuracy {accuracies} · {text}").format(
                accuracies=accuracy_text(kept_accuracy, now, tr), text=text
            )
        )

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
        kept = self.kept_loss.yData
        if not self._hint_wanted or (kept is not None and len(kept)):  # (a kept run is whole before a step)
            self._fit_loss_axis()

    def _fit_loss_axis(self) -> None:
        """0 to a round number above the highest loss: unlike auto-range, which moved the axis (and
        regenerated its ticks and text) at every refresh as the loss fell, this changes only when the
        loss goes above it. A range the user zoomed or panned to is left alone until the next run."""
        view = self.loss_plot.getViewBox()
        current = tuple(view.viewRange()[1])
        if self._loss_range is not None and not np.allclose(current, self._loss_range):
            return  # the user's
        kept = self.kept_loss.yData
        highest = max(
            float(np.nanmax(self.raw.y)) if len(self.raw) else 0.0,
            max((p[1] for p in self.test_points), default=0.0),
            float(np.max(kept)) if kept is not None and len(kept) else 0.0,
        )
        if not np.isfinite(highest) or highest <= 0:
            return
        quantum = 0.25 * 10 ** np.floor(np.log10(highest))
        top = float(np.ceil(highest / quantum) * quantum)
        if top != self._loss_top:
            self._loss_top = top
            self.loss_plot.setYRange(0, top, padding=0.02)
        self._loss_range = tuple(view.viewRange()[1])

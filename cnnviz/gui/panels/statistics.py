"""Weights and gradients per layer over time, and what they say about training.

Fed with ``ParameterStatsMeasured`` events (every ``stats_every`` steps);
storing one is a few appends, and the plots redraw at most once a second and
only while the tab is open. The hints are :func:`cnnviz.train.stats.diagnose`.
"""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QComboBox, QGraphicsItem, QLabel, QSizePolicy, QTabBar

from ...classroom import lessons
from ...number_format import format_rate
from ...train.stats import (
    EXPLODING_UPDATE_RATIO,
    HEALTHY_UPDATE_RATIO,
    VANISHING_UPDATE_RATIO,
    StatsHistory,
    diagnose,
    since_last_lr_change,
)
from ...translatable import N_, in_language
from .. import accessibility, palette, theme
from ..language import tr
from ..wrapped_label import WrappedLabel
from . import statistics_hints as hints
from .common import LazyPanel, row_of, set_items

MAX_POINTS = 4000
FIELDS = ("update_ratio", "grad_l2", "p1", "p25", "p50", "p75", "p99")
PLOT_TITLES = (N_("Update size"), N_("Gradient norm"), N_("Weights"))
PARTS = lessons.PANEL_PARTS["statistics"]
"""The plots' names in a lesson step's ``"part"``, in the order of :data:`PLOT_TITLES`."""
MIN_PLOT_PX = 80
HINT_STYLES = {
    "warning": "background: #fff4e0; border: 1px solid #c77700; color: #6b4100;",
    "ok": "background: #e6f4ea; border: 1px solid #188038; color: #0d5323;",
    "idle": "background: #f4f6f9; border: 1px solid #d5dae3; color: #5b6475;",
}


EMPTY_RANGES = {"update_ratio": (1e-6, 1.0), "grad_l2": (1e-4, 10.0)}
"""A log plot's range while it has nothing to draw: an axis waiting for data (the ratio plot with its band and
limits), not pyqtgraph's default 1 to 10 labelled 2, 3, ... 9."""
LEAST_DECADES = 0.3
"""A log plot spans at least this much (a factor of 2): flat curves (one record after Reset, a constant ratio) made
pyqtgraph's range next to nothing, labelled with one number."""


class LegendSample(pg.ItemSample):
    """A legend entry's sample: the curve's line, always (pyqtgraph draws a crossed-out eye for a curve that is
    not visible, as every curve of a plot hidden behind another tab is) and not a switch that hides a curve."""

    def mouseClickEvent(self, event) -> None:
        event.ignore()


class StatisticsPanel(LazyPanel):
    diagnosisChanged = Signal(list)

    def __init__(self, parent=None):
        super().__init__(tr("Weights and gradients"), tr("per weight tensor, every few steps"), parent)
        self.layer_combo = QComboBox()
        self.layer_combo.setToolTip(tr("Percentile bands of this tensor's weights: 1–99% light, 25–75% dark, median"))
        self.add_toolbar_widget(row_of(QLabel(tr("Weight distribution of")), self.layer_combo))
        accessibility.set_name(self.layer_combo, tr("Weight distribution of"), self.layer_combo.toolTip())
        self.hint_box = WrappedLabel("")
        self.hint_box.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.body.addWidget(self.hint_box)
        # Where three plots one above the other would be too short to read (their axis titles running into
        # each other), one plot at a time, chosen with these tabs.
        self.plot_tabs = QTabBar()
        self.plot_tabs.setDocumentMode(True)
        self.plot_tabs.setExpanding(False)
        self.plot_tabs.setDrawBase(False)
        for title in PLOT_TITLES:
            self.plot_tabs.addTab(tr(title))
        self.plot_tabs.hide()
        self.body.addWidget(self.plot_tabs)
        self.graphics = pg.GraphicsLayoutWidget()
        self.graphics.ci.setSpacing(4)
        accessibility.set_name(
            self.graphics,
            tr("Weight and gradient statistics"),
            tr(
                "The chosen tensor's weight "
                "percentiles, each tensor's update-to-weight ratio and gradient size against steps"
            ),
        )
        self.body.addWidget(self.graphics, 1)
        # The legend (a colour per weight tensor, the same in the two plots under it) has a row of its own.
        self.legend = pg.LegendItem(
            labelTextSize=f"{theme.AXIS_POINT_SIZE}pt",
            labelTextColor=theme.TEXT,
            frame=False,
            colCount=4,
            horSpacing=14,
            sampleType=LegendSample,
        )
        self.graphics.addItem(self.legend, row=0, col=0)
        self.graphics.ci.layout.setRowStretchFactor(0, 0)
        self.ratio_plot = theme.style_plot(
            self.graphics.addPlot(enableMenu=False, row=1, col=0), left=tr("|Δw| / |w| per step")
        )
        self.grad_plot = theme.style_plot(
            self.graphics.addPlot(enableMenu=False, row=2, col=0), left=tr("gradient norm")
        )
        self.weight_plot = theme.style_plot(
            self.graphics.addPlot(enableMenu=False, row=3, col=0), left=tr("weights"), bottom=tr("step")
        )
        for plot in (self.ratio_plot, self.grad_plot, self.weight_plot):
            plot.getAxis("left").setWidth(70)
            theme.plain_numbers(plot.getAxis("left"))
            plot.setMouseEnabled(x=False, y=False)
            plot.hideButtons()
        self.plots = (self.ratio_plot, self.grad_plot, self.weight_plot)
        self.one_at_a_time = False
        self.plot_tabs.currentChanged.connect(lambda _i: self._place_plots())
        theme.keep_tick_labels_apart(self.weight_plot)  # (the two log axes get log_ticks below)
        # (not x-linked: a plot linked to one hidden behind another tab took that one's stale range; draw()
        # gives all three the same steps, and before any the same empty range)
        for plot in (self.ratio_plot, self.grad_plot, self.weight_plot):
            theme.plain_numbers(plot.getAxis("bottom"))
            plot.getViewBox().setXRange(0, 1, padding=0)
        self.ratio_plot.setLogMode(y=True)
        self.grad_plot.setLogMode(y=True)
        for plot in (self.ratio_plot, self.grad_plot):  # (ticks for the range shown once autorange has set it)
            plot.getViewBox().sigYRangeChanged.connect(self._y_range_changed)
        # The healthy zone around 1e-3 (log axis: the item's y is log10).
        band = pg.LinearRegionItem(
            values=(math.log10(HEALTHY_UPDATE_RATIO) - 1, math.log10(HEALTHY_UPDATE_RATIO) + 1),
            orientation="horizontal",
            movable=False,
            brush=pg.mkBrush(0, 158, 115, 28),
            pen=pg.mkPen(None),
        )
        self.ratio_plot.addItem(band, ignoreBounds=True)
        # The limits' words sit beside the plot, on its right axis: inside it, at its left end, they lay over the
        # start of the curves ("zu groß" in German), and at the top "too big" was cut in half.
        for value, colour in ((VANISHING_UPDATE_RATIO, palette.NEUTRAL), (EXPLODING_UPDATE_RATIO, palette.DANGER)):
            line = pg.InfiniteLine(
                pos=math.log10(value), angle=0, pen=pg.mkPen(colour, width=1, style=pg.QtCore.Qt.DashLine)
            )
            self.ratio_plot.addItem(line, ignoreBounds=True)
        self.ratio_plot.showAxis("right")
        limits = self.ratio_plot.getAxis("right")
        limits.setTicks(
            [
                [
                    (math.log10(VANISHING_UPDATE_RATIO), tr("too small")),
                    (math.log10(EXPLODING_UPDATE_RATIO), tr("too big")),
                ]
            ]
        )
        limits.setGrid(False)
        limits.setCacheMode(QGraphicsItem.DeviceCoordinateCache)  # (as every axis: not repainted by curve updates)
        limits.setTickFont(theme.axis_font())
        limits.setTextPen(pg.mkPen(theme.TEXT))
        limits.setPen(pg.mkPen("#8a93a3"))
        self.waiting: dict[pg.PlotItem, str] = {}
        """The log plots with nothing to draw (their fields): their ticks are counted again once laid out."""
        # (a curve of its own for each legend entry, in no plot: the plots' curves hide with their plot)
        self.legend_samples: dict[str, pg.PlotDataItem] = {}
        self.no_gradient = pg.TextItem(tr("No gradient: every value is 0"), color=theme.TEXT, anchor=(0.5, 0.5))
        self.no_gradient.setParentItem(self.grad_plot.getViewBox())  # (in the plot's pixels, not its data's)
        self.no_gradient.hide()
        self.grad_plot.getViewBox().sigResized.connect(self._place_no_gradient)
        self.ratio_curves: dict[str, pg.PlotDataItem] = {}
        self.grad_curves: dict[str, pg.PlotDataItem] = {}
        # The bands' edges (percentiles 1, 99, 25, 75) are made once and only get new data: a FillBetweenItem
        # given new curves (setCurves) keeps a reference for every connection it ever made.
        self.band_edges = {p: pg.PlotCurveItem() for p in ("p1", "p99", "p25", "p75")}
        edges = self.band_edges
        self.band_outer = pg.FillBetweenItem(edges["p1"], edges["p99"], brush=pg.mkBrush(31, 111, 235, 45))
        self.band_inner = pg.FillBetweenItem(edges["p25"], edges["p75"], brush=pg.mkBrush(31, 111, 235, 110))
        self.weight_plot.addItem(self.band_outer)
        self.weight_plot.addItem(self.band_inner)
        self.median_curve = self.weight_plot.plot(pen=pg.mkPen("#0b3d91", width=2))

        self.history = StatsHistory(capacity=200)
        self.optimizer: str | None = None
        self.steps: list[int] = []
        self.series: dict[str, dict[str, list[float]]] = {}
        self.findings: list[str] = []
        self.banner_shown = False
        self.brief = False
        """The warnings show their first sentences (:mod:`.statistics_hints`): the whole text would leave the plot
        under them too short to read."""
        """The window's banner is showing a message: a warning box under it would be a second warning, and in
        presenter mode at 1024x768 the two left the plot 10 px (the tab's title and tooltip keep the findings)."""
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(1000)
        self._timer.timeout.connect(self._on_timer)
        self.layer_combo.currentIndexChanged.connect(lambda _i: self.refresh())
        self._show_hints()
        self._wait_for_data()

    # --- one plot or three -------------------------------------------------------------------
    def show_part(self, part: str) -> None:
        """A lesson step's part (``cnnviz.classroom.lessons.PANEL_PARTS``: ``"gradient_norm"``...) comes up where
        one plot is shown at a time (and is the one shown when the panel turns to one at a time)."""
        self.plot_tabs.setCurrentIndex(PARTS.index(part))

    def plot_height_needed(self) -> float:
        """A plot's height for its axis title to fit beside it (and for its curve to be read)."""
        titles = [plot.getAxis("left").label.boundingRect().width() for plot in self.plots]  # (shown or not)
        return max(theme.zoomed_px(MIN_PLOT_PX), max(titles) + 12)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._choose()
        if self.findings:
            self._show_hints()  # (in brief or whole: the plot's height changed)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        # (presenter mode's type may have changed the titles' lengths meanwhile; once laid out, measured)
        self._choose()
        QTimer.singleShot(0, self._choose)

    def _choose(self) -> None:
        need = self.plot_height_needed()
        if not self.one_at_a_time and self.isVisible() and self.ratio_plot.getViewBox().height() > 0:
            # Three plots on screen: measured.
            wanted = min(plot.getViewBox().height() for plot in self.plots) < need
        else:
            legend = self.legend.boundingRect().height() if self.legend.items else 0
            room = self.graphics.height() + (self.plot_tabs.height() if self.one_at_a_time else 0)
            tick_font = self.ratio_plot.getAxis("bottom").style.get("tickFont") or theme.axis_font()
            line = QFontMetrics(tick_font).height()
            axes = len(self.plots) * (line + 12) + line + 16  # (each plot's step numbers, the title "step")
            each = (room - legend - axes) / len(self.plots)
            wanted = each < need + (20 if self.one_at_a_time else 0)  # (back to three only with room to spare)
        if wanted != self.one_at_a_time:
            self.one_at_a_time = wanted
            self.plot_tabs.setVisible(wanted)
            self._place_plots()

    def _place_plots(self) -> None:
        layout = self.graphics.ci
        for plot in self.plots:
            if plot in layout.items:
                layout.removeItem(plot)
                plot.setParentItem(None)
                if plot.scene() is not None:
                    plot.scene().removeItem(plot)
        shown = [self.plots[self.plot_tabs.currentIndex()]] if self.one_at_a_time else list(self.plots)
        for plot in self.plots:
            # Shown before it is laid out: Qt's grid layout gives a hidden item no room, and showing it
            # afterwards did not lay it out again (a tab clicked after the first showed its legend and axis
            # over a plot of zero height).
            plot.setVisible(plot in shown)
        for row, plot in enumerate(shown, start=1):
            layout.addItem(plot, row=row, col=0)
        # (the legend names the update-size and gradient curves: over the weights' band alone it named three
        # tensors while one was drawn)
        self.legend.setVisible(self.ratio_plot in shown or self.grad_plot in shown)
        layout.layout.invalidate()
        layout.layout.activate()
        for plot in self.plots:
            # One at a time, the tab names the plot: its axis title would need more height than a short
            # panel has.
            plot.getAxis("left").showLabel(not self.one_at_a_time)
        self.layer_combo.setEnabled(self.weight_plot in shown)
        for plot, field in list(self.waiting.items()):
            if plot in shown:
                self._wait_for_data(plot, field)  # (as many labels as its height has room for, now it has one)

    # --- data ------------------------------------------------------------------------------
    def clear(self) -> None:
        self.history.clear()
        self.steps.clear()
        self.series.clear()
        if self.findings:
            self.findings = []
            self.diagnosisChanged.emit([])  # the window's "Statistics ⚠" tab title goes too
        # Removed, not emptied: the next network may have other layers, and the
        # legend must not keep naming the old ones.
        for plot, curves in ((self.ratio_plot, self.ratio_curves), (self.grad_plot, self.grad_curves)):
            for curve in curves.values():
                plot.removeItem(curve)
            curves.clear()
        self.legend.clear()
        self.legend_samples.clear()
        self.median_curve.setData([], [])
        for edge in self.band_edges.values():
            edge.setData([], [])
        for plot in self.plots:
            plot.getViewBox().setXRange(0, 1, padding=0)
        self._wait_for_data()
        self._show_hints()

    def add_stats(self, event, optimizer: str | None = None) -> None:
        """One ParameterStatsMeasured: a few appends; drawing happens later, at most once a second."""
        if self.steps and event.step < self.steps[-1]:
            self.clear()  # a reset: the step count starts over
        self.optimizer = optimizer
        record = self.history.record(event.step, event.params, event.lr, optimizer=optimizer)
        self.steps.append(int(event.step))
        for p in event.params:
            if len(p.shape) < 2:
                continue  # biases: a handful of numbers that start at zero; their ratios mean little
            s = self.series.setdefault(p.name, {f: [math.nan] * (len(self.steps) - 1) for f in FIELDS})
            ratio = record.update_ratio(p.name)
            w = p.weights
            values = {
                "update_ratio": ratio,
                "grad_l2": None if p.grads is None else p.grads.l2,
                "p1": w.p1,
                "p25": w.p25,
                "p50": w.p50,
                "p75": w.p75,
                "p99": w.p99,
            }
            for f in FIELDS:
                v = values[f]
                s[f].append(math.nan if v is None or not math.isfinite(v) else float(v))
        for s in self.series.values():  # a tensor missing from this event
            for values in s.values():
                if len(values) < len(self.steps):
                    values.append(math.nan)
        if len(self.steps) > MAX_POINTS:
            self.steps = self.steps[::2]
            for s in self.series.values():
                for f in FIELDS:
                    s[f] = s[f][::2]
        self.dirty = True
        if not self._timer.isActive():
            self._timer.start()

    def _on_timer(self) -> None:
        self.update_diagnosis()
        self.invalidate()

    def update_diagnosis(self) -> list[str]:
        findings = diagnose(self.history)
        if findings != self.findings:
            self.findings = findings
            self.diagnosisChanged.emit(findings)
        self._show_hints()
        return findings

    def findings_in_language(self) -> list[str]:
        """The diagnoses now, in the GUI's language (the hint box, the tab's tooltip)."""
        return [in_language(finding, tr) for finding in self.findings]

    def give_way(self, banner_shown: bool) -> None:
        """The window's banner was shown or hidden: one warning at a time, the banner's (the divergence warning
        says what to do: lower the rate and resume)."""
        self.banner_shown = bool(banner_shown)
        self._show_hints()

    def _in_brief(self, whole: list[str]) -> bool:
        """Whether the warnings ``whole`` show in brief: the plot would be shorter than it can be read with them
        whole (measured on the layout now, the same whichever text shows: no flicker between the two)."""
        shown = [plot.getViewBox().height() for plot in self.plots if plot.isVisible()]
        if self.hint_box.isVisible() and shown and min(shown) > 0 and self.hint_box.width() > 0:
            now = self.hint_box.text().replace("<br>", "\n").split("\n")
            more = hints.text_height(self.hint_box, whole) - hints.text_height(self.hint_box, now)
            self.brief = min(shown) - more < theme.zoomed_px(MIN_PLOT_PX)
        return self.brief

    def _show_hints(self) -> None:
        self.hint_box.setVisible(not (self.findings and self.banner_shown))
        tip = ""
        if self.findings:
            whole = [f"⚠ {f}" for f in self.findings_in_language()]
            shown = [hints.first_sentence(f) for f in whole] if self._in_brief(whole) else whole
            text = "<br>".join(shown)
            tip = "\n\n".join(whole) if shown != whole else ""
            style = HINT_STYLES["warning"]
        elif len(since_last_lr_change(self.history.records)) >= 10:  # (judged: not just after the rate changed)
            text = tr(
                "✓ Looks healthy: each step changes the weights by about {ratio} of their size (the green band)."
            ).format(ratio=format_rate(HEALTHY_UPDATE_RATIO, 1))
            style = HINT_STYLES["ok"]
        else:
            text = tr(
                "Statistics arrive every few steps while training. Healthy updates change the weights by "
                "about 1/1000 of their size per step (the green band)."
            )
            style = HINT_STYLES["idle"]
        if text != self.hint_box.text():
            self.hint_box.setText(text)
        if tip != self.hint_box.toolTip():
            self.hint_box.setToolTip(tip)
        sheet = f"QLabel {{ {style} border-radius: 5px; padding: 6px; font-weight: 600; }}"
        if sheet != self.hint_box.styleSheet():  # re-polishing costs: only when the kind changes
            self.hint_box.setStyleSheet(sheet)

    def _log_ticks(self, plot: pg.PlotItem, lo: float, hi: float) -> None:
        height = plot.getViewBox().height() or theme.zoomed_px(2 * MIN_PLOT_PX)  # (behind another tab: not laid out)
        lines = height / (1.8 * QFontMetrics(theme.axis_font()).height())
        plot.getAxis("left").setTicks(theme.log_ticks(lo, hi, int(max(2, lines))))

    def _y_range_changed(self, view, _range) -> None:
        for plot in (self.ratio_plot, self.grad_plot):
            if plot.getViewBox() is view:
                self._ticks_for_view(plot)

    def _ticks_for_view(self, plot: pg.PlotItem) -> None:
        """A log plot's ticks for the range it shows (at least two numbers on it, however short the range)."""
        if plot not in self.waiting:
            low, high = plot.getViewBox().viewRange()[1]
            self._log_ticks(plot, 10.0**low, 10.0**high)

    def _wait_for_data(self, plot: pg.PlotItem | None = None, field: str | None = None) -> None:
        """A log plot with nothing to draw (``plot``; None: both) shows an axis waiting for data."""
        if plot is None:
            self.no_gradient.hide()
            for plot, field in ((self.ratio_plot, "update_ratio"), (self.grad_plot, "grad_l2")):
                self._wait_for_data(plot, field)
            return
        lo, hi = EMPTY_RANGES[field]
        plot.getViewBox().setYRange(math.log10(lo), math.log10(hi), padding=0)  # (log10: the axis' own units)
        self._log_ticks(plot, lo, hi)
        self.waiting[plot] = field

    def _place_no_gradient(self) -> None:
        if self.no_gradient.isVisible():
            self.no_gradient.setFont(theme.axis_font())  # (presenter mode's type, when on)
        box = self.grad_plot.getViewBox().boundingRect()
        self.no_gradient.setPos(box.center())

    def draw(self) -> None:
        if not self.steps:
            return
        x = np.asarray(self.steps, dtype=np.float64)
        names = list(self.series)
        set_items(self.layer_combo, names)
        for i, name in enumerate(names):
            if name not in self.ratio_curves:
                label = name.replace(".weight", "")
                self.ratio_curves[name] = self.ratio_plot.plot(pen=palette.series_pen(i), connect="finite")
                self.legend_samples[name] = pg.PlotDataItem(pen=palette.series_pen(i))
                self.legend.addItem(self.legend_samples[name], label)
                self.grad_curves[name] = self.grad_plot.plot(pen=palette.series_pen(i), connect="finite")
            s = self.series[name]
            for curve, field in ((self.ratio_curves[name], "update_ratio"), (self.grad_curves[name], "grad_l2")):
                y = np.asarray(s[field], dtype=np.float64)
                y = np.where(y > 0, y, np.nan)  # a log axis: zero (a dead layer) shows as a gap
                curve.setData(x, y)
        for plot, field in ((self.ratio_plot, "update_ratio"), (self.grad_plot, "grad_l2")):
            values = np.concatenate([np.asarray(s[field], dtype=np.float64) for s in self.series.values()])
            values = values[np.isfinite(values) & (values > 0)]
            if values.size:
                self.waiting.pop(plot, None)
                low, high = math.log10(float(values.min())), math.log10(float(values.max()))
                if high - low >= LEAST_DECADES:
                    plot.enableAutoRange(y=True)
                else:
                    middle = (low + high) / 2
                    plot.getViewBox().setYRange(middle - LEAST_DECADES / 2, middle + LEAST_DECADES / 2, padding=0.05)
                self._ticks_for_view(plot)
            else:
                self._wait_for_data(plot, field)
        latest = [s["grad_l2"][-1] for s in self.series.values()]
        # (all zero now: the log axis cannot show 0, and an empty plot would look broken)
        self.no_gradient.setVisible(bool(latest) and all(v == 0 for v in latest))
        self._place_no_gradient()
        # The steps drawn, set on every plot (20-175 after a 938-step run, when they were linked).
        lo, hi = float(x[0]), float(x[-1])
        for plot in self.plots:
            plot.getViewBox().setXRange(lo, max(hi, lo + 1), padding=0.02)
        name = self.layer_combo.currentText()
        if name in self.series:
            s = self.series[name]
            arrays = {f: np.nan_to_num(np.asarray(s[f], dtype=np.float64)) for f in ("p1", "p25", "p50", "p75", "p99")}
            for percentile, edge in self.band_edges.items():
                edge.setData(x, arrays[percentile])
            self.median_curve.setData(x, arrays["p50"])
            # (in the type the axis has now: presenter mode's is bigger)
            style = dict(self.weight_plot.getAxis("left").labelStyle or {})
            style.setdefault("color", theme.TEXT)
            style.setdefault("font-size", f"{theme.AXIS_POINT_SIZE}pt")
            self.weight_plot.setLabel("left", tr("{layer} weights").format(layer=name.replace(".weight", "")), **style)
        self._choose()  # (the weights' title names the layer: its length changed)

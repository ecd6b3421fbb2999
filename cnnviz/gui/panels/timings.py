"""Forward and backward milliseconds per layer, the latest measurement of
every backend used this session side by side, and images/s over time.

With a run kept for comparison, its last measurement (A, grey, first in each layer's group) stands beside
the run now's (B, in each backend's colour): a kept GPU run against a CPU run now shows, layer by layer,
where the GPU wins."""

from __future__ import annotations

import time
from dataclasses import replace

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFontMetrics
from PySide6.QtWidgets import QSizePolicy

from ...app.buffers import DecimatingSeries
from ...train.events import LayerTiming
from .. import theme
from ..language import grouped, tr
from ..wrapped_label import WrappedLabel
from .common import Panel, nice_ceiling


def _lighter(colour: str, amount: float = 0.55) -> QColor:
    c = QColor(colour)
    return QColor(
        int(c.red() + (255 - c.red()) * amount),
        int(c.green() + (255 - c.green()) * amount),
        int(c.blue() + (255 - c.blue()) * amount),
    )


OWN_ROW_KINDS = ("conv", "dense")
RATE_PLOT_MIN_PX = 100
"""The images/s plot's least height (its axis title "images/s" fits beside it, its line can be read)."""
BARS_MIN_PX = 80
OTHER = "relu, pool…"
KEPT = "A"
"""The kept run's bars' key (backend names are lower-case words)."""
KEPT_COLOUR = theme.MUTED
BARS_EVERY_S = 1.0
"""While a run trains, the bars redraw at most this often (a measurement comes every few steps, and
redrawing the plot at each one was the window's costliest scene: docs/performance.md)."""


def group_layers(event):
    """conv and dense layers keep their own bar; the cheap ones (relu, pool,
    flatten, dropout) share one, so the chart stays readable on a projector."""
    rows: list[LayerTiming] = []
    other_f = other_b = 0.0
    has_other = False
    for t in event.layers:
        if t.name.rstrip("0123456789") in OWN_ROW_KINDS:
            rows.append(t)
        else:
            other_f += t.forward_ms
            other_b += t.backward_ms
            has_other = True
    if has_other:
        rows.append(LayerTiming(OTHER, other_f, other_b))
    return replace(event, layers=tuple(rows))


class TimingsPanel(Panel):
    def __init__(self, parent=None):
        super().__init__(tr("Time per layer"), tr("dark: forward · light: backward · latest of each backend"), parent)
        # Each backend's name in its bars' colour: the legend (backend names are cnnviz's own, so rich text).
        self.summary_label = WrappedLabel("")
        self.summary_label.setTextFormat(Qt.RichText)
        self.summary_label.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.body.addWidget(self.summary_label)
        self.graphics = pg.GraphicsLayoutWidget()
        self.graphics.ci.setSpacing(2)
        self.body.addWidget(self.graphics, 1)
        self.bars_plot = theme.style_plot(
            self.graphics.addPlot(enableMenu=False, row=0, col=0), bottom=tr("ms per batch")
        )
        self.bars_plot.showGrid(x=True, y=False, alpha=theme.GRID_ALPHA)
        self.bars_plot.invertY(True)
        self.bars_plot.getAxis("left").setWidth(92)
        self.bars_plot.setMouseEnabled(x=False, y=False)
        self.bars_plot.hideButtons()
        self.rate_plot = theme.style_plot(
            self.graphics.addPlot(enableMenu=False, row=1, col=0), left=tr("images/s"), bottom=tr("training time (s)")
        )
        self.rate_plot.getAxis("left").setWidth(92)
        theme.keep_tick_labels_apart(self.rate_plot)
        self.rate_plot.setMouseEnabled(x=False, y=False)
        self.rate_plot.hideButtons()
        self.placeholder = pg.TextItem(
            tr("Per-layer forward and backward times\nappear here while training"), color=theme.MUTED, anchor=(0.5, 0.5)
        )
        self.placeholder.setFont(theme.axis_font())
        self.bars_plot.addItem(self.placeholder, ignoreBounds=True)
        self.placeholder.setPos(0.5, 0.5)
        self.bars_plot.getAxis("left").setTicks([[]])
        self.latest: dict[str, object] = {}
        """backend -> latest TimingMeasured."""
        self.bars: dict[str, tuple[pg.BarGraphItem, pg.BarGraphItem]] = {}
        self._bars_due, self._last_bars = False, 0.0
        """Measurements not drawn yet; when the bars were last drawn (``time.perf_counter()``)."""
        self._bars_top: float | None = None
        self.rates: dict[str, tuple[DecimatingSeries, pg.PlotDataItem]] = {}
        self._last_rate_backend: str | None = None
        self._t0: float | None = None
        self._last_rate_refresh = 0.0
        self._rate_range: tuple[float, float] | None = None
        self.layer_names: tuple[str, ...] = ()
        self.kept_timing = None
        """The kept run's last timing, grouped as this panel's rows (None: no kept run, or none measured)."""
        self.kept_note = ""
        """Why the kept run's timing is not shown beside (empty when it is, or when nothing is kept)."""
        self._fit_rows()

    def _fit_rows(self) -> None:
        """Tall enough that the layer names (one per row of bars) never sit on top of each other, and that
        each plot is readable; the layer names' axis as wide as the longest name (pyqtgraph leaves out a
        name that does not fit: presenter mode's bigger type lost "relu, pool…")."""
        axis = self.bars_plot.getAxis("left")
        metrics = QFontMetrics(axis.style.get("tickFont") or theme.axis_font())
        line = metrics.height()
        rows = max(len(self.layer_names), 4)
        bars = max(rows * line * 1.5, theme.zoomed_px(BARS_MIN_PX))
        rate = max(RATE_PLOT_MIN_PX, self.rate_plot.getAxis("left").label.boundingRect().width() + 12)
        self.graphics.setMinimumHeight(int(bars + rate + 4.5 * line))
        names = max((metrics.horizontalAdvance(n) for n in self.layer_names), default=0)
        width = max(92, names + 16)
        for plot in (self.bars_plot, self.rate_plot):
            plot.getAxis("left").setWidth(width)
        stretch = (max(1, round(bars)), max(1, round(rate)))
        self.graphics.ci.layout.setRowStretchFactor(0, stretch[0])
        self.graphics.ci.layout.setRowStretchFactor(1, stretch[1])

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit_rows()  # (presenter mode's type changes the sizes it needs)

    def name_axis_width_needed(self) -> int:
        """The widest layer name in the bars' axis type (the layout check compares it with the axis)."""
        axis = self.bars_plot.getAxis("left")
        metrics = QFontMetrics(axis.style.get("tickFont") or theme.axis_font())
        return max((metrics.horizontalAdvance(n) for n in self.layer_names), default=0)

    def row_pixels(self) -> float:
        """Screen pixels per layer row of the bars (the layout check: at least a line of text)."""
        rows = max(len(self.layer_names), 1)
        return self.bars_plot.getViewBox().height() / rows

    def clear(self) -> None:
        """Another run or other weights: the old measurements (and the old network's layers) go."""
        self.clear_rates()
        for items in self.bars.values():
            for item in items:
                self.bars_plot.removeItem(item)
        self.bars.clear()
        self.latest = {}
        self.layer_names = ()
        self._bars_due, self._last_bars, self._bars_top = False, 0.0, None
        self.bars_plot.getAxis("left").setTicks([[]])
        self.bars_plot.setXRange(0, 1, padding=0)
        self.bars_plot.setYRange(0, 1, padding=0)
        self.placeholder.setVisible(True)
        self.summary_label.setText("")
        if self.kept_timing is not None or self.kept_note:
            self._draw_bars()

    def set_kept(self, side) -> None:
        """The kept run (:class:`~cnnviz.app.side_by_side.SideBySide`; None: none): its last timing beside."""
        timing = None if side is None else side.kept.timing
        self.kept_timing = None if timing is None else group_layers(timing)
        self.kept_note = ""
        if side is not None and timing is None:
            self.kept_note = (
                tr("A: timings not recorded in this file")
                if side.kept.source != "this session"
                else tr("A: no timing was measured in the kept run")
            )
        self._draw_bars()

    def _kept_shown(self) -> bool:
        """Whether A's bars stand beside B's (the same layers, or B has measured nothing yet)."""
        if self.kept_timing is None:
            return False
        names = tuple(t.name for t in self.kept_timing.layers)
        if self.layer_names and names != self.layer_names:
            self.kept_note = tr("A: its layers differ from B's (another network), its timings are not set beside")
            return False
        if not self.layer_names:
            self.layer_names = names
            self.bars_plot.getAxis("left").setTicks([[(i, n) for i, n in enumerate(names)]])
            self._fit_rows()
        self.kept_note = ""
        return True

    def clear_rates(self) -> None:
        for series, curve in self.rates.values():
            series.clear()
            curve.setData([], [])
        self._t0 = None
        self._last_rate_refresh = 0.0
        self._last_rate_backend = None
        self._rate_range = None

    # --- per-layer bars ---------------------------------------------------
    def add_timing(self, event) -> None:
        event = group_layers(event)
        self.latest[event.backend] = event
        names = tuple(t.name for t in event.layers)
        if names != self.layer_names:
            # Another network: older measurements do not compare.
            self.latest = {event.backend: event}
            self.layer_names = names
            self.bars_plot.getAxis("left").setTicks([[(i, n) for i, n in enumerate(names)]])
            self._fit_rows()
            self._last_bars = 0.0  # new rows: drawn at once
        self._bars_due = True
        self.draw_due_bars()

    def draw_due_bars(self, now: float | None = None, every_s: float = BARS_EVERY_S) -> None:
        """Draw the newest measurements if they are not drawn yet, at most once per ``every_s``."""
        now = time.perf_counter() if now is None else now
        if self._bars_due and now - self._last_bars >= every_s:
            self._draw_bars()

    def _draw_bars(self) -> None:
        self._bars_due, self._last_bars = False, time.perf_counter()
        shown = {KEPT: self.kept_timing} if self._kept_shown() else {}
        shown.update(self.latest)
        self.placeholder.setVisible(not shown)
        backends = list(shown)
        n = len(backends)
        thickness = 0.8 / max(n, 1)
        for k, name in enumerate(backends):
            event = shown[name]
            fwd = np.array([t.forward_ms for t in event.layers])
            bwd = np.array([t.backward_ms for t in event.layers])
            y = np.arange(len(fwd)) - 0.4 + thickness * (k + 0.5)
            if name not in self.bars:
                colour = KEPT_COLOUR if name == KEPT else theme.backend_colour(name)
                forward = pg.BarGraphItem(x0=fwd * 0, y=y, height=thickness * 0.9, width=fwd, brush=colour, pen=None)
                backward = pg.BarGraphItem(
                    x0=fwd, y=y, height=thickness * 0.9, width=bwd, brush=_lighter(colour), pen=None
                )
                self.bars_plot.addItem(forward)
                self.bars_plot.addItem(backward)
                self.bars[name] = (forward, backward)
            forward, backward = self.bars[name]
            forward.setOpts(x0=fwd * 0, y=y, height=thickness * 0.9, width=fwd)
            backward.setOpts(x0=fwd, y=y, height=thickness * 0.9, width=bwd)
        for name in list(self.bars):
            if name not in shown:
                for item in self.bars.pop(name):
                    self.bars_plot.removeItem(item)
        longest = max((max(t.forward_ms + t.backward_ms for t in e.layers) for e in shown.values()), default=1.0)
        # An axis end that changes a few times per decade (not at every measurement: that regenerated
        # the axis's ticks and text each time).
        x_top = nice_ceiling(max(longest, 1e-3) * 1.05)
        if x_top != self._bars_top:
            self._bars_top = x_top
            self.bars_plot.setXRange(0, x_top, padding=0)
        self.bars_plot.setYRange(-0.6, len(self.layer_names) - 0.4, padding=0)
        # The hint doubles as the legend: each backend's name in its bars' colour.
        per_batch = tr("{ms} ms/batch of {size}")
        parts = [
            f"<b style='color:{theme.backend_colour(name)}'>{name}</b> "
            + per_batch.format(ms=f"{e.step_ms:.0f}", size=e.batch_size)
            for name, e in self.latest.items()
        ]
        summary = " · ".join(parts)
        tooltip = ""
        if KEPT in shown:
            kept = self.kept_timing
            # A's figure is one measurement of another run, at its step then: beside B's it read as the same
            # backend's speed (179 ms against 6-15 ms for the same network) without saying why they differ.
            a = f"<b style='color:{KEPT_COLOUR}'>A ({kept.backend})</b> " + tr(
                "{ms} ms/batch of {size}, measured then (its step {step:,})"
            ).format(ms=f"{kept.step_ms:.0f}", size=kept.batch_size, step=grouped(kept.step))
            summary = f"{a} | <b>B</b> {summary}" if parts else a
            tooltip = tr(
                "A's time is one measurement of the kept run, at its step {step:,}, under the load the computer "
                "had then: early steps (warm-up, kernels loading) and other programs make it slower than a "
                "run's usual pace."
            ).format(step=grouped(kept.step))
        elif self.kept_note:
            a = f"<span style='color:{KEPT_COLOUR}'>{self.kept_note}</span>"
            summary = f"{a} | <b>B</b> {summary}" if parts else a
        self.summary_label.setText(summary)
        self.summary_label.setToolTip(tooltip)

    # --- images/s ----------------------------------------------------------
    def add_rate(self, t: float, backend: str, images_per_s: float) -> None:
        if self._t0 is None:
            self._t0 = t
        x = t - self._t0
        if backend not in self.rates:
            series = DecimatingSeries(2048)
            curve = self.rate_plot.plot(pen=pg.mkPen(theme.backend_colour(backend), width=3), connect="finite")
            self.rates[backend] = (series, curve)
        if self._last_rate_backend not in (None, backend):
            # Break the previous backend's line where it stopped being used.
            prev_series, _ = self.rates[self._last_rate_backend]
            prev_series.append(x, np.nan)
        self._last_rate_backend = backend
        self.rates[backend][0].append(x, images_per_s)

    def steps_trained(self, steps, at: float) -> None:
        """One flush of steps (observed through the registry): the images/s of the last."""
        last = steps[-1]
        self.add_rate(at, last.backend, last.images_per_s)

    def tick(self, running: bool) -> None:
        """Draw the rates and the bars due (a running run: the rates at most once a second)."""
        self.refresh_rates(every_s=1.0 if running else 0.0)

    def refresh_rates(self, now: float | None = None, every_s: float = 1.0) -> None:
        """Redraw the images/s lines, at most once per ``every_s`` (it is a slow-moving figure), and the
        bars whose turn came (``every_s`` 0, a paused or ended run: everything now)."""
        now = time.perf_counter() if now is None else now
        self.draw_due_bars(now, min(every_s, BARS_EVERY_S))
        if now - self._last_rate_refresh < every_s:
            return
        self._last_rate_refresh = now
        for series, curve in self.rates.values():
            curve.setData(series.x, series.y)
        # Axis ends that change a few times per decade (auto-range moved them, and regenerated
        # both axes' ticks, at every refresh).
        shown = [series for series, _ in self.rates.values() if len(series)]
        if shown:
            x_top = nice_ceiling(max(float(series.x[-1]) for series in shown))
            y_top = nice_ceiling(
                max(float(np.nanmax(series.y)) if np.isfinite(series.y).any() else 0.0 for series in shown)
            )
            if (x_top, y_top) != self._rate_range:
                self._rate_range = (x_top, y_top)
                self.rate_plot.setRange(xRange=(0, x_top), yRange=(0, y_top), padding=0.02)

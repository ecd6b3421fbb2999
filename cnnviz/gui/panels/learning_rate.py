"""The learning rate of every step: what the schedule does to the size of the optimizer's steps.

The default one-cycle schedule starts small, rises to the rate set in the sidebar, then falls towards
zero, so that the network settles; a rate changed mid-run shows as a jump. Built from the registry's
recipe (docs/architecture.md, "How to add a panel"): it observes the steps (STEPS), draws at the
router's rate (TICK), spans the run's planned epochs (PLANNED), forgets the old run with ``clear``
(``forget=``) and undoes the steps a backend switch rewound (BACKEND). Drawn only when seen.
"""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg

from ...app.buffers import DecimatingSeries
from ...number_format import format_rate
from ...translatable import N_
from .. import accessibility, palette, theme
from ..language import number, tr
from .common import ElidedLabel, Panel

MAX_POINTS = 4096
"""Points kept (thinned evenly beyond this: a long run's schedule is a smooth curve)."""
PLACEHOLDER = N_("Press Start: the learning rate of every step is drawn here.")


def rate_text(value: float) -> str:
    """A learning rate as a teacher writes it, two significant digits, in the GUI's language: 0.05, 0.0012,
    0.000032 (German 0,000032): :func:`~cnnviz.number_format.format_rate`, as every message shows one."""
    return format_rate(value, 2)


class RateAxis(pg.AxisItem):
    """Tick labels written as the caption writes the rate (0.00009, not 9e-05 beside 0.0001), in the language."""

    ticks_in_language = True
    """(:func:`~cnnviz.gui.theme.in_language_ticks`: already written in the GUI's language)"""

    def tickStrings(self, values, scale, spacing):
        return [rate_text(v * scale) if v else "0" for v in values]


class LearningRatePanel(Panel):
    def __init__(self, parent=None):
        super().__init__(
            tr("Learning rate"),
            tr(
                "how big a step the optimizer takes; the schedule raises it, then lowers it so that the network settles"
            ),
            parent,
        )
        self.caption = ElidedLabel("")
        self.caption.setStyleSheet("font-weight: 600;")
        self.body.addWidget(self.caption)
        self.graphics = pg.GraphicsLayoutWidget()
        accessibility.set_name(self.graphics, tr("Learning rate"), tr("The learning rate of every step against epochs"))
        self.body.addWidget(self.graphics, 1)
        # (The title names the y axis: a label beside the ticks took the width the small rates need.)
        self.plot = theme.style_plot(
            self.graphics.addPlot(enableMenu=False, axisItems={"left": RateAxis("left")}), bottom=tr("epoch")
        )
        for name in ("left", "bottom"):
            theme.plain_numbers(self.plot.getAxis(name))
        self.plot.getViewBox().setLimits(yMin=0)
        self.plot.setMouseEnabled(x=False, y=False)
        # Built once; afterwards only setData.
        self.line = self.plot.plot(pen=pg.mkPen(palette.LOSS_SMOOTH, width=3), antialias=True)
        self.placeholder = pg.TextItem(tr(PLACEHOLDER), color=theme.MUTED, anchor=(0.5, 0.5))
        self.placeholder.setFont(theme.axis_font())
        self.plot.addItem(self.placeholder, ignoreBounds=True)
        self.plot.getViewBox().sigResized.connect(self._centre_placeholder)
        self.rates = DecimatingSeries(MAX_POINTS)
        self.highest: tuple[float, float] | None = None
        """(rate, epoch) of the highest rate so far."""
        self.last: tuple[float, float, int] | None = None
        """(rate, epoch, batch size) of the latest step."""
        self.planned_epochs = 0.0
        """How long the run trains, in epochs (0.0: a number of steps): the x axis spans it."""
        self._dirty = False
        self.clear()

    # --- what it observes (registry: STEPS, TICK, BACKEND, PLANNED; forget: clear) ----------------------
    def set_epochs(self, epochs: float) -> None:
        """A run starts that trains ``epochs`` epochs: the axis shows the whole run, so a class sees how far
        through the schedule it is."""
        self.planned_epochs = float(epochs) if math.isfinite(epochs) and epochs > 0 else 0.0
        self._dirty = True

    def steps_trained(self, steps, _at: float) -> None:
        """One flush of training steps: a few appends (drawn at the next tick, if seen)."""
        for step in steps:
            rate = float(step.lr)
            if not math.isfinite(rate):
                continue
            self.rates.append(float(step.epoch), rate)
            if self.highest is None or rate > self.highest[0]:
                self.highest = (rate, float(step.epoch))
            self.last = (rate, float(step.epoch), int(step.batch_size))
        self._dirty = True

    def tick(self, _running: bool) -> None:
        self.refresh()

    def backend_switched(self, event, rewound: bool) -> None:
        """A rewound run trains the steps from ``event.epoch`` again: they are forgotten here."""
        if rewound:
            self.rates.truncate_from(event.epoch)
            self._dirty = True

    def clear(self) -> None:
        """The weights started over: no steps yet."""
        self.rates.clear()
        self.highest = self.last = None
        self.line.setData([], [])
        self.placeholder.setVisible(True)
        self.plot.setRange(xRange=(0, 1), yRange=(0, 1), padding=0.02)
        self.caption.setText(tr("No steps yet."))
        self._dirty = False

    # --- drawing ----------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Push the steps to the plot (only when something changed, and seen: else when shown)."""
        if not self._dirty or not self.isVisible():
            return
        self._dirty = False
        x, y = self.rates.x, self.rates.y
        self.line.setData(x, y)
        if len(x):
            self.placeholder.setVisible(False)
            top = float(np.nanmax(y)) if np.isfinite(y).any() else 1.0
            self.plot.setRange(
                xRange=(0, max(float(x[-1]), self.planned_epochs, 1e-9)), yRange=(0, top * 1.1 or 1.0), padding=0.02
            )
        if self.last is not None:
            rate, epoch, batch = self.last
            highest, at = self.highest
            self.caption.setText(
                tr("now {rate} at epoch {epoch:.2f} (batch of {batch}) · highest {highest} at epoch {at:.2f}").format(
                    rate=rate_text(rate),
                    epoch=number(epoch),
                    batch=batch,
                    highest=rate_text(highest),
                    at=number(at),
                )
            )

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.refresh()

    def _centre_placeholder(self, *_args) -> None:
        (x0, x1), (y0, y1) = self.plot.getViewBox().viewRange()
        self.placeholder.setPos((x0 + x1) / 2, (y0 + y1) / 2)

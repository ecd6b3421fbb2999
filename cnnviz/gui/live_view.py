"""What the feature maps, the kernels and the Why? tab look at, and where it comes from.

While a run is active, the trainer is asked for a Snapshot of the chosen input
every ``SNAPSHOT_MS`` (only when something changed since the last one); it
also refreshes the NumPy copy the drawing pad classifies with. Without a run,
the same Snapshot is taken here, on that copy (:mod:`.inference`).

What is shown goes out of date through the app model, never by a flag set from outside: the run
trained further (the state's ``steps`` event), the NumPy copy took other weights (``weights``: the
view is computed again at once), or the input changed: the app model owns the input shown
(:meth:`AppState.shown_input <cnnviz.app.state.AppState.shown_input>`); another one chosen (its ``input`` event:
asked for at once, the Feature maps panel's chooser shows it) or the drawing shown changed (``drawing_input``).

The panels that show the input hear of it from here, through the registry, as the model announces it: the choice
(INPUT_CHOICE), the test image chosen (TEST_IMAGE), the drawing's network input (DRAWING) and which views with
their own input (Why?, Fool) work on the drawing (OWN_INPUT). No other part feeds them their input.
"""

from __future__ import annotations

import time
import traceback

import numpy as np
from PySide6.QtCore import QObject, QTimer, Signal

from ..train import events as ev
from ..train.snapshot import dataset_image
from .language import tr
from .panels.observed import DRAWING, INPUT_CHOICE, OWN_INPUT, TEST_IMAGE, VIEW, WEIGHTS
from .panels.registry import tell
from .worker import Tag

SNAPSHOT_MS = 500
"""The shortest time between two snapshots asked of the trainer (300 ms took 3.3 feature-map, kernel and
drawing updates a second from the GUI thread, ~30 ms of its CPU a second with the seed net; the window's
cost while training is the trainer's: docs/performance.md)."""
MAX_SNAPSHOT_MS = 1000
SNAPSHOT_CPU_SHARE = 0.04
"""Showing snapshots may take this share of the GUI thread's time (a big net's maps cost more to
draw, so they come less often than a small net's: the CPU they take is the trainer's)."""
PENDING_TIMEOUT_S = 2.0
"""A snapshot asked for longer ago than this is asked for again."""


class LiveView(QObject):
    """Given the app state, the panels it fills, the training session it asks, and the banner."""

    weightsCopied = Signal()
    """The state's NumPy copy took the weights of a snapshot from the trainer (the drawing pad reclassifies)."""

    def __init__(self, state, panels, session, banner, parent=None):
        super().__init__(parent)
        self.state, self.panels, self.session, self.banner = state, panels, session, banner
        self._out_of_date = True
        """The weights or the input changed since the last snapshot shown (set by the model's events)."""
        self.pending = False
        """A snapshot was asked of the trainer and has not arrived yet."""
        self._requested_at = 0.0
        self.cost_s: float | None = None
        self.last_snapshot: ev.Snapshot | None = None
        """The view shown last (the time-lapse's final frame is made from it when a run ends)."""
        """Smoothed GUI-thread seconds to show one snapshot from the trainer."""
        self.timer = QTimer(self)
        self.timer.setInterval(SNAPSHOT_MS)
        self.timer.timeout.connect(self.request)
        state.events.steps.connect(self._trained)
        state.events.weights.connect(self.show_local)
        state.events.input.connect(self._chosen)
        state.events.drawing_input.connect(self._drawing_changed)
        state.events.view_input.connect(self._views_chose)

    @property
    def out_of_date(self) -> bool:
        return self._out_of_date

    def _trained(self, _steps) -> None:
        """The trainer's weights moved on: the next request asks for a fresh snapshot."""
        self._out_of_date = True

    def input_changed(self, ask_now: bool = False) -> None:
        """The drawing or the test image shown changed: without a run, the view is computed here at once;
        with one, the next snapshot asked brings it (``ask_now``: ask for it now)."""
        self._out_of_date = True
        if not self.session.active:
            self.show_local()
        elif ask_now:
            self.request(force=True)

    def _chosen(self, choice) -> None:
        """Another input was chosen (the app model's ``input``): the chooser shows it, its view is asked for
        now, and the panels that show the test image follow."""
        tell(self.panels, INPUT_CHOICE, choice)
        self.input_changed(ask_now=True)
        self.show_test_image()

    def _views_chose(self, drawing_views) -> None:
        """Why? or Fool chose the drawing or the test image (the app model's ``view_input``): they show it."""
        tell(self.panels, OWN_INPUT, drawing_views)

    def _drawing_changed(self, image) -> None:
        tell(self.panels, DRAWING, image)
        if self.state.input_choice.drawing:
            self.input_changed()

    def input(self) -> tuple[np.ndarray | None, int | None]:
        """(the drawing, None) or (None, the test index): the app model's choice."""
        return self.state.shown_input()

    def invalidate(self) -> None:
        """The weights start over: nothing shown or asked for is current any more."""
        self._out_of_date = True
        self.pending = False

    def request(self, force: bool = False) -> None:
        """A fresh view if something changed (``force``: in any case): asked of the trainer, or computed here."""
        if not (self._out_of_date or force):
            return
        session = self.session
        if not session.active:
            self.show_local()
            return
        now = time.perf_counter()
        if self.pending and now - self._requested_at < PENDING_TIMEOUT_S:
            return
        session.request_view(*self.input())
        self.pending = True
        self._requested_at = now
        self._out_of_date = False

    def show_local(self) -> None:
        """The view computed here, on the NumPy copy of the weights (out of date until it is shown)."""
        state = self.state
        self._out_of_date = True
        if state.local.model is None:
            return
        image, index = self.input()
        try:
            snapshot = state.local.snapshot(image, state.dataset, index, tag=Tag.VIEW)
        except Exception as exc:
            self.banner.show_message(
                tr("Cannot compute the feature maps: {exc}").format(exc=exc), "error", traceback.format_exc()
            )
            return
        self._out_of_date = False
        self.show(snapshot, from_trainer=False)

    def show(self, snapshot: ev.Snapshot, from_trainer: bool) -> None:
        started = time.thread_time()
        self._show(snapshot, from_trainer)
        if from_trainer:
            self._adapt_interval(time.thread_time() - started)

    def _adapt_interval(self, cost_s: float) -> None:
        """Space the snapshots so that showing them (about twice the update: painting follows) takes
        at most ``SNAPSHOT_CPU_SHARE`` of the GUI thread."""
        self.cost_s = cost_s if self.cost_s is None else 0.8 * self.cost_s + 0.2 * cost_s
        interval = int(min(MAX_SNAPSHOT_MS, max(SNAPSHOT_MS, 1000 * 2 * self.cost_s / SNAPSHOT_CPU_SHARE)))
        if interval != self.timer.interval():
            self.timer.setInterval(interval)

    def _show(self, snapshot: ev.Snapshot, from_trainer: bool) -> None:
        state, panels = self.state, self.panels
        if from_trainer:
            self.pending = False
        names = state.run.class_names or (state.dataset.class_names if state.dataset is not None else None)
        self.last_snapshot = snapshot
        tell(panels, VIEW, snapshot, names)
        if from_trainer:
            state.local.load(snapshot.spec, snapshot.weights, snapshot.step)
            self.weightsCopied.emit()
        tell(panels, WEIGHTS, snapshot.spec, snapshot.weights, snapshot.step)

    def show_test_image(self) -> None:
        """The panels that observe the test image (Why?) follow the one chosen for the feature maps."""
        dataset = self.state.dataset
        if dataset is None:
            return
        index = self.state.input_choice.test_index % len(dataset.test_images)
        image, label = dataset_image(dataset, index)
        tell(self.panels, TEST_IMAGE, image, label, index)

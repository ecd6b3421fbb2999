"""Where each trainer event goes: one handler per event type.

:meth:`EventRouter.apply` takes one flush (an EventBatch: every step, the
latest view snapshot and timings, every other event in order) and feeds the
run model and, through the registry (:func:`~.panels.registry.tell`), the panels
that observe each kind: it names no panel. A new kind of event gets a
``@handle.register`` method here (and, if panels show it, a kind in the registry's
``OBSERVED_BY``).
"""

from __future__ import annotations

import math
import traceback

from PySide6.QtCore import QObject, QTimer

from ..dispatch import singledispatchmethod  # (functools' kept every router alive on Python 3.13.0-3.13.1)
from ..train import events as ev
from ..translatable import N_, Phrase, in_language
from .language import tr
from .panels.observed import BACKEND, HYPERPARAMETERS, RESET, SNAPSHOT, STATS, STEPS, TICK, TIMING
from .panels.registry import tell
from .worker import EventBatch, Tag

CURVES_HZ = 5
"""The curves redraw at most this often (painting them is the costliest thing here)."""


DIVERGED = "diverged"
"""The banner's topic while it says the training diverged."""


DURATIONS = (
    N_("{hours} h {minutes:02d} min"),
    N_("{minutes} min {seconds:02d} s"),
    N_("{seconds} s"),
)
"""A time left in each language's units ("23 Min. 36 s", "23 分 36 秒"): hours and minutes, minutes and
seconds, seconds."""


def format_eta(seconds: float | None) -> str:
    """The time left: a :class:`~cnnviz.translatable.Phrase` (English as a ``str``, its units in the GUI's
    language through ``phrase.text(tr)``); "–" when not known."""
    if seconds is None or not math.isfinite(seconds):
        return "–"
    seconds = int(seconds)
    if seconds >= 3600:
        return Phrase(DURATIONS[0], hours=seconds // 3600, minutes=seconds % 3600 // 60)
    if seconds >= 60:
        return Phrase(DURATIONS[1], minutes=seconds // 60, seconds=seconds % 60)
    return Phrase(DURATIONS[2], seconds=seconds)


def time_left(seconds: float | None) -> Phrase:
    """The status bar's ETA field ("ETA 23 min 36 s"; "Rest 23 Min. 36 s" shown in German)."""
    return Phrase(N_("ETA {value}"), value=format_eta(seconds))


class EventRouter(QObject):
    """Given the run control (and through it the app state and the parts that show the run:
    :class:`~.run_control.RunParts`) and the status bar's message line."""

    def __init__(self, runs, status_bar, parent=None):
        super().__init__(parent)
        self.runs, self.status_bar = runs, status_bar
        parts = runs.parts
        self.state, self.panels, self.status, self.controls = parts.state, parts.panels, parts.status, parts.controls
        self.workspace, self.live_view, self.banner = parts.workspace, parts.live_view, runs.banner
        self.run = parts.state.run
        # The single-shot timer also draws the last points after a pause.
        self.curves_timer = QTimer(self)
        self.curves_timer.setSingleShot(True)
        self.curves_timer.setInterval(int(1000 / CURVES_HZ))
        self.curves_timer.timeout.connect(self.refresh_curves)

    def apply(self, batch: EventBatch) -> None:
        """One flush of events; a panel bug shows in the banner and never takes the app down."""
        try:
            self._apply(batch)
        except Exception as exc:
            self.banner.show_message(
                tr("Display error: {error_type}: {exc}").format(error_type=type(exc).__name__, exc=exc),
                "error",
                traceback.format_exc(),
            )

    def _apply(self, batch: EventBatch) -> None:
        panels, run = self.panels, self.run
        if batch.reset:
            self.runs.start_over()
        for event in batch.others:
            self.handle(event)
        if batch.steps:
            steps = [e for _, e in batch.steps]
            self.state.add_steps(steps)  # (the live view observes it: its snapshot is out of date)
            t, last = batch.steps[-1]
            tell(panels, STEPS, steps, t)  # one call per flush, however many steps it holds
            self.workspace.busy.stop()
            status = self.status
            status.show(epoch=f"epoch {last.epoch:.2f}", step=f"step {last.step}", backend=f"backend {last.backend}")
            if run.running:
                status.show(rate=f"{last.images_per_s:,.0f} images/s", eta=time_left(last.eta_s))
            else:  # a single step while paused: no speed, no time left
                status.show_stopped()
        for timing in batch.timings.values():
            tell(panels, TIMING, timing)
            run.add_timing(timing)
        snapshot = batch.snapshots.get(Tag.VIEW)
        if snapshot is not None:
            self.live_view.show(snapshot, from_trainer=True)
        if len(batch.steps) == 1 and not run.running or batch.reset:
            self.refresh_curves()  # a single Step shows at once
        elif not self.curves_timer.isActive():
            self.curves_timer.start()

    def refresh_curves(self) -> None:
        self.curves_timer.stop()
        tell(self.panels, TICK, self.run.running)

    # --- one handler per event type --------------------------------------------------------
    @singledispatchmethod
    def handle(self, event) -> None:
        """Apply one trainer event (events no panel shows are ignored)."""

    @handle.register
    def _evaluation(self, event: ev.EvaluationFinished) -> None:
        self.state.add_evaluation(event)  # (the panels that observe EVALUATED hear of it: RunControl)
        self.status.show(test=f"test accuracy {100 * event.test_accuracy:.1f}%")

    @handle.register
    def _parameter_stats(self, event: ev.ParameterStatsMeasured) -> None:
        config = self.state.run.config  # what the run trains with (mid-run changes included), not the sidebar's menu
        tell(self.panels, STATS, event, config.optimizer if config is not None else None)

    @handle.register
    def _snapshot(self, event: ev.Snapshot) -> None:
        tell(self.panels, SNAPSHOT, event)  # time-lapse frames (views arrive as batch.snapshots)

    @handle.register
    def _state(self, event: ev.StateChanged) -> None:
        if event.state == ev.RunPhase.RESET:
            tell(self.panels, RESET, event)
        else:
            self.state.set_phase(event.state)
            self.status.show(state=event.state)
            if event.state == ev.RunPhase.RUNNING:
                self.banner.hide_topic(DIVERGED)  # it trains again: the advice (lr "now 0.5") is history
            if event.state != ev.RunPhase.RUNNING:
                self.status.show_stopped()  # paused: the ETA and images/s stop too
        self.runs.update_buttons()

    @handle.register
    def _run_started(self, event: ev.RunStarted) -> None:
        self.status.show(backend=f"backend {event.backend}")
        self.controls.describe_parameters(event.parameter_count)

    @handle.register
    def _backend_switched(self, event: ev.BackendSwitched) -> None:
        rewound = self.state.rewind(event.step)  # a sticky GPU fault: back to the last backup
        tell(self.panels, BACKEND, event, rewound)
        self.status.show(backend=f"backend {event.new}")
        self.state.switch_backend(event.new, event.step, event.epoch)
        self.runs.backend_switched(event.new)
        if event.reason:
            self.banner.show_message(in_language(event.reason, tr), "warning")
            self.controls.select_backend(event.new)

    @handle.register
    def _hyperparameters(self, event: ev.HyperparametersChanged) -> None:
        self.state.change_hyperparameters(event.changes, event.step, event.epoch)
        tell(self.panels, HYPERPARAMETERS, event)
        if "lr" in event.changes:
            self.banner.hide_topic(DIVERGED)  # ("Lower the learning rate (now 0.5)": no longer now)

    @handle.register
    def _warmup_started(self, event: ev.WarmupStarted) -> None:
        # Where the user is looking, not only in the status bar: the first start compiles for seconds.
        self.workspace.busy.start(tr("{backend}: compiling kernels, first start only").format(backend=event.backend))

    @handle.register
    def _warmup(self, event: ev.WarmupFinished) -> None:
        self.workspace.busy.stop()
        self.status_bar.showMessage(in_language(event.message, tr), 8000)

    @handle.register
    def _diverged(self, event: ev.Diverged) -> None:
        # In brief where the whole story takes more than two lines (German, presenter mode, 1024x768: five lines
        # squeezed every panel): what happened and what to do; the tooltip has the whole story.
        self.banner.show_message(
            tr("Training diverged: {message}").format(message=event.message.text(tr)),
            "warning",
            topic=DIVERGED,
            short=tr("Training diverged and is paused. {advice}").format(advice=in_language(event.advice, tr)),
        )

    @handle.register
    def _error(self, event: ev.TrainerError) -> None:
        kind = "error" if event.fatal else "warning"
        message = in_language(event.message, tr)
        self.banner.show_message(
            tr("Training stopped: {message}").format(message=message) if event.fatal else message, kind, event.details
        )

    @handle.register
    def _run_finished(self, event: ev.RunFinished) -> None:
        self.state.finish_run(event)
        # Where the run ended, from the trainer: a run that trained no step (a restored run already at its end)
        # sends no step event, and the status bar kept the "epoch 0.00 / step 0" that Start showed.
        self.status.show(epoch=f"epoch {event.epoch:.2f}", step=f"step {event.steps:,}")
        if event.test_accuracy is not None:
            self.status.show(test=f"test accuracy {100 * event.test_accuracy:.1f}%")
        self.status.show(state=event.phase.value)
        self.status.show_stopped()

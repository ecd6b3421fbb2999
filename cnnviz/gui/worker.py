"""The training thread and the coalescing between it and the GUI.

The pattern is superqt's ``_qthreading``: a QObject worker moved to a
QThread, its ``run`` slot started by ``QThread.started``, exceptions turned
into a ``failed`` signal. The trainer calls listeners on the training thread
for every event; :class:`EventBuffer` stores them under a lock (every step,
only the latest snapshot per tag and timing per backend) and the worker
emits ``eventsReady`` only when the buffer goes from empty to non-empty, so
however fast the trainer steps, the GUI thread gets at most one queued call
per flush and takes everything at once. The trainer never waits for the GUI.
"""

from __future__ import annotations

import threading
import time
import traceback
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, Signal, Slot

from ..app import autosave
from ..train import events as ev


class Tag(StrEnum):
    """Why the app asked the trainer for a Snapshot (its ``tag``)."""

    VIEW = "view"
    """The feature maps and kernels on screen: only the latest one matters."""
    TIMELAPSE = "timelapse"
    """Right after an evaluation (same step): a time-lapse frame."""
    TIMELAPSE_START = "timelapse-start"
    """The initial weights, before the first step: the time-lapse's first frame."""
    SAVE = "save"
    """A save (the user's, or an autosave) is due: the worker takes the host state when it arrives."""


@dataclass(frozen=True)
class SaveRequest:
    path: Path
    meta: dict
    autosave: bool = False


@dataclass(frozen=True)
class SaveResult:
    request: SaveRequest
    step: int
    error: str = ""
    """Empty when the file was written; else (message, in ``details`` the traceback)."""
    details: str = ""

    @property
    def ok(self) -> bool:
        return not self.error


@dataclass
class EventBatch:
    """Everything that arrived since the last flush."""

    reset: bool = False
    """The weights were reset: what came before belongs to the old weights."""
    steps: list = field(default_factory=list)
    """(perf_counter on arrival, StepFinished), in order."""
    snapshots: dict = field(default_factory=dict)
    """tag -> latest Snapshot."""
    timings: dict = field(default_factory=dict)
    """backend -> latest TimingMeasured."""
    others: list = field(default_factory=list)
    """Every other event, in order (rare: evaluations, markers, state, errors)."""

    def __bool__(self) -> bool:
        return bool(self.reset or self.steps or self.snapshots or self.timings or self.others)


class EventBuffer:
    """Thread-safe: the training thread puts, the GUI thread takes all."""

    def __init__(self):
        self._lock = threading.Lock()
        self._batch = EventBatch()

    def put(self, event) -> bool:
        """Store ``event``; True when the buffer was empty (the consumer must be woken)."""
        with self._lock:
            batch = self._batch
            was_empty = not batch
            if isinstance(event, ev.StepFinished):
                batch.steps.append((time.perf_counter(), event))
            elif isinstance(event, ev.Snapshot) and event.tag not in (Tag.TIMELAPSE, Tag.TIMELAPSE_START):
                # A view only needs the latest; time-lapse frames stay in order with the evaluations.
                batch.snapshots[event.tag] = event
            elif isinstance(event, ev.TimingMeasured):
                batch.timings[event.backend] = event
            elif isinstance(event, ev.StateChanged) and event.state == ev.RunPhase.RESET:
                # Steps, snapshots and timings so far describe the old weights.
                self._batch = EventBatch(reset=True, others=[event])
            elif isinstance(event, ev.BackendSwitched):
                # After a sticky GPU fault the trainer went back to ``event.step`` and repeats the
                # steps since: those not handed over yet never happened (the router drops the others).
                if batch.steps and batch.steps[-1][1].step > event.step:
                    batch.steps = [(t, s) for t, s in batch.steps if s.step <= event.step]
                batch.others.append(event)
            else:
                batch.others.append(event)
            return was_empty

    def take(self) -> EventBatch:
        with self._lock:
            batch, self._batch = self._batch, EventBatch()
            return batch


class TrainingWorker(QObject):
    """Runs ``trainer.run()`` on the thread it was moved to.

    Saving happens here, on the training thread, from :meth:`Trainer.host_state` (a consistent
    host copy, safe even on a failing GPU): a save asked for while the run goes on is taken
    between two steps (a snapshot tagged :attr:`Tag.SAVE` marks the moment), one asked for as
    the run ends gets its final state. With an autosave :class:`~.autosave.Plan` the run is also
    written every ``plan.every_s`` seconds of training and when it ends. ``saved`` reports each
    write; it is emitted before ``finished``.
    """

    eventsReady = Signal()
    failed = Signal(str, str)
    """(message, traceback) of an exception that ended the run."""
    saved = Signal(object)
    """A SaveResult (on the training thread; queued to the GUI)."""
    finished = Signal()

    def __init__(self, trainer, autosave_plan: autosave.Plan | None = None):
        super().__init__()
        self.trainer = trainer
        self.buffer = EventBuffer()
        self.result: ev.RunFinished | None = None
        self.final_weights: tuple[str, dict, int] | None = None
        self.view_input: tuple = (None, 0)
        """(image or None, test index) of the input the window shows; set from the GUI thread."""
        self.autosave_plan = autosave_plan
        self._save_lock = threading.Lock()
        self._save_requests: list[SaveRequest] = []
        self._done = False
        self._last_autosave = time.perf_counter()
        self._autosaved_step = -1
        self._test_accuracy: float | None = None
        trainer.add_listener(self._on_event)

    # --- saving (request on any thread; done on the training thread) ----------------------------
    def request_save(self, request: SaveRequest) -> bool:
        """Write the run's state to ``request.path`` as soon as the trainer is between two steps.
        False when the run is over (the caller saves its final weights itself)."""
        with self._save_lock:
            if self._done:
                return False
            self._save_requests.append(request)
        self.trainer.request_snapshot(test_index=0, tag=Tag.SAVE)
        return True

    def _take_requests(self) -> list[SaveRequest]:
        with self._save_lock:
            requests, self._save_requests = self._save_requests, []
            return requests

    def _save(self, requests: list[SaveRequest], state=None) -> None:
        if not requests:
            return
        if state is None:
            try:
                state = self.trainer.host_state()
            except Exception as exc:  # noqa: BLE001 - reported, never raised into the trainer
                for request in requests:
                    self.saved.emit(SaveResult(request, -1, f"{type(exc).__name__}: {exc}", traceback.format_exc()))
                return
        for request in requests:
            meta = dict(request.meta)
            if self._test_accuracy is not None:
                meta.setdefault("test_accuracy", self._test_accuracy)
            try:
                autosave.write(request.path, state, meta)
            except Exception as exc:  # noqa: BLE001 - CheckpointError, OSError (disk full, permissions)
                self.saved.emit(SaveResult(request, state.step, f"{type(exc).__name__}: {exc}", traceback.format_exc()))
                continue
            if request.autosave:
                self._autosaved_step = state.step
            self.saved.emit(SaveResult(request, state.step))

    def _autosave_request(self) -> SaveRequest | None:
        plan = self.autosave_plan
        if plan is None:
            return None
        return SaveRequest(Path(plan.path), dict(plan.meta or {}, autosave=True), autosave=True)

    # --- events (on the training thread) ---------------------------------------------------------
    def _on_event(self, event) -> None:
        # Store and, at most once per flush, wake the GUI.
        # The time-lapse wants the kernels and feature maps of exactly the evaluated
        # step: a snapshot asked for now is taken before the next step.
        if isinstance(event, ev.Snapshot) and event.tag == Tag.SAVE:
            self._save(self._take_requests())
            return
        if isinstance(event, ev.StepFinished):
            plan = self.autosave_plan
            if plan is not None and time.perf_counter() - self._last_autosave >= plan.every_s:
                self._last_autosave = time.perf_counter()
                self.request_save(self._autosave_request())
        elif isinstance(event, ev.EvaluationFinished):
            self._test_accuracy = float(event.test_accuracy)
            image, index = self.view_input
            self.trainer.request_snapshot(image=image, test_index=index, tag=Tag.TIMELAPSE)
        elif isinstance(event, ev.RunStarted) or (
            isinstance(event, ev.StateChanged) and event.state == ev.RunPhase.RESET
        ):
            image, index = self.view_input
            self.trainer.request_snapshot(image=image, test_index=index, tag=Tag.TIMELAPSE_START)
        if self.buffer.put(event):
            self.eventsReady.emit()

    @Slot()
    def run(self) -> None:
        try:
            self.result = self.trainer.run()
        except Exception as exc:  # noqa: BLE001 - every failure must reach the user
            self.failed.emit(f"{type(exc).__name__}: {exc}", traceback.format_exc())
        finally:
            try:
                self._finish()
            finally:
                self._return_to_gui_thread()
                self.finished.emit()

    def _return_to_gui_thread(self) -> None:
        """Live on the GUI thread from now on, so that the session's ``deleteLater`` is carried out. Left on
        the training thread, whose event loop has ended, it never was: every run's worker stayed, and with it
        its Trainer (model, optimizer state, backups, data order) -- the memory that grew with each restart."""
        app = QCoreApplication.instance()
        if app is not None and self.thread() is not app.thread():
            self.moveToThread(app.thread())  # only the thread an object lives in may push it away: this one

    def _finish(self) -> None:
        """The run is over: its final state for the window, the saves still due, the last autosave."""
        with self._save_lock:
            self._done = True
            requests, self._save_requests = self._save_requests, []
        if self.trainer.model is None:  # it failed before it had a model
            return
        try:
            # The run is over, so reading its state here is safe: the window
            # gets the final weights, not those of the last snapshot.
            state = self.trainer.host_state()
        except Exception as exc:  # noqa: BLE001
            for request in requests:
                self.saved.emit(SaveResult(request, -1, f"{type(exc).__name__}: {exc}", traceback.format_exc()))
            return
        self.final_weights = (state.spec, state.weights, state.step)
        final_autosave = self._autosave_request()
        if final_autosave is not None and state.step > 0 and state.step != self._autosaved_step:
            requests.append(final_autosave)
        self._save(requests, state)

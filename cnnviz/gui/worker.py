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

from PySide6.QtCore import QObject, Signal, Slot

from ..train import events as ev


class Tag(StrEnum):
    """Why the app asked the trainer for a Snapshot (its ``tag``)."""
    VIEW = "view"
    """The feature maps and kernels on screen: only the latest one matters."""
    TIMELAPSE = "timelapse"
    """Right after an evaluation (same step): a time-lapse frame."""
    TIMELAPSE_START = "timelapse-start"
    """The initial weights, before the first step: the time-lapse's first frame."""


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
            elif isinstance(event, ev.StateChanged) and event.state == "reset":
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
    """Runs ``trainer.run()`` on the thread it was moved to."""

    eventsReady = Signal()
    failed = Signal(str, str)
    """(message, traceback) of an exception that ended the run."""
    finished = Signal()

    def __init__(self, trainer):
        super().__init__()
        self.trainer = trainer
        self.buffer = EventBuffer()
        self.result: ev.RunFinished | None = None
        self.final_weights: tuple[str, dict, int] | None = None
        self.view_input: tuple = (None, 0)
        """(image or None, test index) of the input the window shows; set from the GUI thread."""
        trainer.add_listener(self._on_event)

    def _on_event(self, event) -> None:
        # On the training thread: store and, at most once per flush, wake the GUI.
        # The time-lapse wants the kernels and feature maps of exactly the evaluated
        # step: a snapshot asked for now is taken before the next step.
        if isinstance(event, ev.EvaluationFinished):
            image, index = self.view_input
            self.trainer.request_snapshot(image=image, test_index=index, tag=Tag.TIMELAPSE)
        elif isinstance(event, ev.RunStarted) or (isinstance(event, ev.StateChanged) and event.state == "reset"):
            image, index = self.view_input
            self.trainer.request_snapshot(image=image, test_index=index, tag=Tag.TIMELAPSE_START)
        if self.buffer.put(event):
            self.eventsReady.emit()

    @Slot()
    def run(self) -> None:
        try:
            self.result = self.trainer.run()
            # The run is over, so reading the model here is safe: the window
            # gets the final weights, not those of the last snapshot.
            model = self.trainer.model
            self.final_weights = (model.spec, model.state_dict(), self.trainer.step)
        except Exception as exc:  # noqa: BLE001 - every failure must reach the user
            self.failed.emit(f"{type(exc).__name__}: {exc}", traceback.format_exc())
        finally:
            self.finished.emit()

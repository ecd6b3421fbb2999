"""One training run's machinery: the Trainer, its QThread and worker, and the flush timer.

:class:`TrainingSession` starts a run on its own thread, forwards commands to
the trainer (they apply between two steps), and hands the trainer's events to
the GUI thread in batches, at most ``FLUSH_HZ`` times a second whatever the
step rate (``batchReady``). It stops a run without waiting for it, reaps the
threads of stopped runs, and at shutdown never lets Qt destroy a thread that
is still inside a long step.
"""

from __future__ import annotations

import time

import numpy as np
from PySide6.QtCore import QObject, QThread, QTimer, Signal

from ..train.trainer import Trainer
from .worker import Tag, TrainingWorker

FLUSH_HZ = 15
"""Panels are fed at most this often, whatever the step rate: painting is the
GUI's main cost and it shares the CPU (and the GIL) with the trainer."""
STOP_WAIT_MS = 5000
_STILL_STOPPING: list = []
"""Training threads that outlived ``STOP_WAIT_MS`` at shutdown, kept alive until they end."""


class TrainingSession(QObject):
    batchReady = Signal(object)
    """An EventBatch of the current run (on the GUI thread)."""
    flushed = Signal()
    """After each flush, with or without events (tests, the latency report)."""
    ended = Signal(object, object)
    """The current run's thread finished: (RunFinished or None, (spec, weights, step) or None)."""
    failed = Signal(str, str)
    """(message, traceback) of an exception that ended the run."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.trainer: Trainer | None = None
        self.worker: TrainingWorker | None = None
        self.thread: QThread | None = None
        self._old: list[tuple[QThread, TrainingWorker]] = []
        self.flush_count = 0
        self._last_flush = 0.0
        self.flush_timer = QTimer(self)
        self.flush_timer.setSingleShot(True)
        self.flush_timer.timeout.connect(self.flush)

    @property
    def active(self) -> bool:
        return self.thread is not None

    # --- lifecycle ---------------------------------------------------------------------
    def start(self, trainer: Trainer, view_input: tuple[np.ndarray | None, int | None], paused: bool = False) -> None:
        """Run ``trainer`` on a new thread (``paused``: one step, then wait)."""
        self.reap(wait=True)
        if paused:
            trainer.pause()
            trainer.step_once()
        worker = TrainingWorker(trainer)
        thread = QThread(self)
        thread.setObjectName("cnnviz-trainer")
        worker.moveToThread(thread)
        thread.started.connect(worker.run)
        worker.view_input = view_input
        worker.eventsReady.connect(self._schedule_flush)
        worker.failed.connect(self.failed)
        worker.finished.connect(thread.quit)
        thread.finished.connect(lambda t=thread: self._on_thread_finished(t))
        self.trainer, self.worker, self.thread = trainer, worker, thread
        thread.start()

    def stop(self, wait: bool = False) -> None:
        """Stop the current run without its final evaluation; its last events are flushed first."""
        if not self.active:
            return
        self.trainer.stop(final_evaluation=False)
        self._old.append((self.thread, self.worker))
        self.flush()
        self._forget()
        if wait:
            self.reap(wait=True)

    def reap(self, wait: bool) -> None:
        """Delete the threads of stopped runs that have ended (``wait``: ask them to end, and wait)."""
        for thread, worker in list(self._old):
            if wait:
                thread.quit()
                thread.wait(STOP_WAIT_MS)
            if not thread.isRunning():
                self._old.remove((thread, worker))
                thread.deleteLater()
                worker.deleteLater()

    def shutdown(self) -> None:
        """Stop every run (no final evaluation) and wait for its thread."""
        self.flush_timer.stop()
        if self.trainer is not None:
            self.trainer.stop(final_evaluation=False)
        if self.thread is not None:
            self._old.append((self.thread, self.worker))
            self._forget()
        for thread, worker in self._old:
            thread.quit()
            if not thread.wait(STOP_WAIT_MS):
                # Still inside a long step (e.g. a JIT compile): Qt aborts the process if a running
                # QThread is destroyed, so let it finish on its own, owned by nobody but this list.
                thread.setParent(None)
                _STILL_STOPPING.append((thread, worker))
                thread.finished.connect(lambda pair=(thread, worker): _STILL_STOPPING.remove(pair))
        self._old.clear()

    def _forget(self) -> None:
        self.trainer = self.worker = self.thread = None

    def _on_thread_finished(self, thread: QThread) -> None:
        if thread is not self.thread:
            self.reap(wait=False)
            return
        self.flush()
        worker = self.worker
        self._forget()
        thread.deleteLater()
        worker.deleteLater()
        self.ended.emit(worker.result, worker.final_weights)

    # --- commands (applied by the trainer between two steps) ----------------------------
    def set_view_input(self, image: np.ndarray | None, index: int | None) -> None:
        """The input the window shows: time-lapse snapshots use it too."""
        if self.worker is not None:
            self.worker.view_input = (image, index)

    def request_view(self, image: np.ndarray | None, index: int | None) -> None:
        self.set_view_input(image, index)
        self.trainer.request_snapshot(image=image, test_index=index, tag=Tag.VIEW)

    # --- events --------------------------------------------------------------------------
    def _schedule_flush(self) -> None:
        if self.flush_timer.isActive():
            return
        wait_ms = 1000.0 / FLUSH_HZ - (time.perf_counter() - self._last_flush) * 1000.0
        self.flush_timer.start(max(0, int(wait_ms)))

    def flush(self) -> None:
        """Hand everything the trainer sent since the last flush to ``batchReady``, now."""
        self._last_flush = time.perf_counter()
        if self.worker is None:
            return
        batch = self.worker.buffer.take()
        if batch:
            self.batchReady.emit(batch)
        self.flush_count += 1
        self.flushed.emit()

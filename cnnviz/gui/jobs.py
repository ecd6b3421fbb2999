"""Short background computations for panels: one pattern, on Qt's thread pool.

``run_in_background(fn, *args)`` runs ``fn(*args)`` on a pool thread and
returns a :class:`Job`. Its ``succeeded(result)`` or ``failed(message,
details)`` signal is emitted on the GUI thread (the same (message, traceback)
pair as :class:`~cnnviz.gui.worker.TrainingWorker.failed`), and never for a
job that was cancelled meanwhile, so a panel that starts a newer job just
cancels the old one. ``fn`` must not touch widgets. The training run is
long-lived and has a QThread of its own (:mod:`.worker`, :mod:`.session`).
"""

from __future__ import annotations

import threading
import time
import traceback
from collections.abc import Callable

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

_LIVE: set[Job] = set()
"""Jobs not yet delivered: kept alive here so that no result is lost with its Python object."""


class Job(QObject):
    succeeded = Signal(object)
    failed = Signal(str, str)
    """(message, traceback)"""
    progressed = Signal(int)
    """How far it got (the job's own count), emitted on the pool thread, delivered on the GUI thread."""
    _returned = Signal(object)
    _raised = Signal(str, str)

    def __init__(self):
        super().__init__()
        self.running = True
        self.cancelled = False
        self.cpu_s = 0.0
        """CPU seconds the job took on its thread (set when it ended)."""
        # Emitted on the pool thread, delivered on this object's (the GUI) thread.
        self._returned.connect(self._deliver_result)
        self._raised.connect(self._deliver_error)

    def cancel(self) -> None:
        """Its result, or error, will not be delivered."""
        self.cancelled = True

    def _deliver_result(self, result) -> None:
        self.running = False
        _LIVE.discard(self)
        if not self.cancelled:
            self.succeeded.emit(result)

    def _deliver_error(self, message: str, details: str) -> None:
        self.running = False
        _LIVE.discard(self)
        if not self.cancelled:
            self.failed.emit(message, details)


_CPU_SECONDS = [0.0]
"""CPU seconds the jobs' threads took so far (what the window's background work costs: the latency report)."""
_CPU_LOCK = threading.Lock()


def cpu_seconds() -> float:
    """CPU seconds all jobs ended so far took, on their own threads."""
    with _CPU_LOCK:
        return _CPU_SECONDS[0]


class _Runnable(QRunnable):
    def __init__(self, job: Job, fn: Callable, args: tuple):
        super().__init__()
        self.job, self.fn, self.args = job, fn, args

    def run(self) -> None:
        started = time.thread_time()
        try:
            result = self.fn(*self.args)
        except Exception as exc:  # noqa: BLE001 - every failure must reach the panel, as a signal
            self._count(started)
            self.job._raised.emit(f"{type(exc).__name__}: {exc}", traceback.format_exc())
        else:
            self._count(started)
            self.job._returned.emit(result)

    def _count(self, started: float) -> None:
        """The job's CPU time, set before its result or error is delivered."""
        self.job.cpu_s = time.thread_time() - started
        with _CPU_LOCK:
            _CPU_SECONDS[0] += self.job.cpu_s


def run_in_background(fn: Callable, *args) -> Job:
    """Start ``fn(*args)`` on Qt's global thread pool; connect to the returned Job's signals."""
    job = Job()
    _LIVE.add(job)
    QThreadPool.globalInstance().start(_Runnable(job, fn, args))
    return job


def wait_for_all(timeout_ms: int = 30_000) -> bool:
    """Wait for the pool's jobs to end (at exit: a job must not outlive the objects it reports to)."""
    return QThreadPool.globalInstance().waitForDone(timeout_ms)

"""One training run's machinery: the Trainer, its QThread and worker, and the flush timer.

:class:`TrainingSession` starts a run on its own thread, forwards commands to
the trainer (they apply between two steps), and hands the trainer's events to
the GUI thread in batches, at most ``FLUSH_HZ`` times a second whatever the
step rate (``batchReady``). It stops a run without waiting for it and reaps
the threads of stopped runs.

Closing never freezes and never aborts. A step cannot be interrupted (a batch
of 4096 on a large net, the first JIT compile: seconds), so
:meth:`TrainingSession.shutdown_or_ask` asks the trainer to stop, hides the
window at once and closes it for good -- quitting the app when it was the last
window -- only when the thread has ended. Qt aborts the process if a running
QThread is destroyed, so a thread still running when Python exits is waited
for (``atexit``) instead, and the windows still open are deleted there too, while Python is whole:
left to PySide's own exit clean-up, a pyqtgraph item's Python override could run in a half-torn-down
interpreter and crash the process (a segfault in 1 of ~15 exits under load).
"""

from __future__ import annotations

import atexit
import time
from collections.abc import Callable

import numpy as np
import shiboken6
from PySide6.QtCore import QObject, Qt, QThread, QTimer, Signal
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget

from ..app.autosave import Plan
from ..train.trainer import Trainer
from . import jobs
from .worker import SaveRequest, Tag, TrainingWorker

FLUSH_HZ = 10
"""Panels are fed at most this often, whatever the step rate: painting is the
GUI's main cost and it shares the CPU (and the GIL) with the trainer."""
STOP_WAIT_MS = 5000
""":meth:`TrainingSession.shutdown` (tests, unattended modes) waits this long, then leaves the thread to end alone."""
SAY_WAITING_AFTER_S = 30.0
"""A run waiting this long for a stopped run's last step says so in the status bar (``waitedLong``)."""
_THREADS: dict = {}
"""Every training thread not yet reaped -> its worker. The threads have no Qt parent: Qt aborts the
process when a running QThread is destroyed, so none may go with the window; this keeps them alive."""


def wait_for_stopping_threads(timeout_s: float | None = None) -> bool:
    """Wait until every training thread has ended (True), or ``timeout_s`` has passed (False)."""
    deadline = None if timeout_s is None else time.monotonic() + timeout_s
    for thread in list(_THREADS):
        # QThread.wait returns once the thread has wholly ended; isRunning is already False while it
        # still emits ``finished``, and a QThread destroyed then takes the process down.
        while shiboken6.isValid(thread) and not thread.wait(100):
            if deadline is not None and time.monotonic() >= deadline:
                return False
    return True


def running_training_threads() -> int:
    """How many training threads are running: the current run's, and stopped runs' still in their last step."""
    return sum(1 for thread in list(_THREADS) if shiboken6.isValid(thread) and thread.isRunning())


def delete_windows_left() -> None:
    """Delete the main windows still alive (at exit, while Python is whole). Only those: pyqtgraph's
    parentless context menus and the widgets shown inside plots go with the items that use them, and
    deleting one of them first leaves those items a dangling pointer."""
    app = QApplication.instance()
    if app is None:
        return
    for widget in app.topLevelWidgets():
        if isinstance(widget, QMainWindow) and shiboken6.isValid(widget) and widget.parent() is None:
            shiboken6.delete(widget)


@atexit.register
def _join_at_exit() -> None:
    # Registered after PySide6's own exit handler, so it runs before Qt's objects are destroyed:
    # a thread still inside a long step is waited for, never destroyed while it runs.
    wait_for_stopping_threads()
    try:
        jobs.wait_for_all()
    except RuntimeError:
        pass
    delete_windows_left()


class TrainingSession(QObject):
    batchReady = Signal(object)
    """An EventBatch of the current run (on the GUI thread)."""
    flushed = Signal()
    """After each flush, with or without events (tests, the latency report)."""
    ended = Signal(object, object)
    """The current run's thread finished: (RunFinished or None, (spec, weights, step) or None)."""
    failed = Signal(str, str)
    """(message, traceback) of an exception that ended the run."""
    saved = Signal(object)
    """A SaveResult: a save or autosave the worker wrote (or failed to), any run's."""
    closingChanged = Signal(bool)
    started = Signal()
    """A run's thread was just started (the background warm-up gives way to it)."""
    """True: a close is waiting for the training thread to end (the window is hidden); False: done or cancelled."""

    waitedLong = Signal()
    """The current run has waited ``SAY_WAITING_AFTER_S`` for a stopped run's last step (it still starts only after)."""

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
        self.closing = False
        """A close is under way (asked and accepted): no new run starts."""
        self._waiting = False
        """The current run's thread waits for a stopped run's to end before it starts."""
        self._close_target: QWidget | None = None
        self.wait_timer = QTimer(self)
        """Says so when a run has waited long for a stopped run's step (a run that never starts is not silent)."""
        self.wait_timer.setSingleShot(True)
        self.wait_timer.timeout.connect(lambda: self._waiting and self.waitedLong.emit())

    @property
    def active(self) -> bool:
        return self.thread is not None

    @property
    def waiting(self) -> bool:
        """The current run's thread has not started yet: a stopped run's thread is still in its last step."""
        return self._waiting

    @property
    def stopping(self) -> bool:
        """A stopped run's thread is still finishing its last step."""
        return any(thread.isRunning() for thread, _ in self._old)

    # --- lifecycle ---------------------------------------------------------------------
    def start(
        self,
        trainer: Trainer,
        view_input: tuple[np.ndarray | None, int | None],
        paused: bool = False,
        autosave: Plan | None = None,
    ) -> None:
        """Run ``trainer`` on a new thread (``paused``: one step, then wait; ``autosave``: where and how often
        the worker saves the run)."""
        self.reap(wait=False)
        if paused:
            trainer.pause()
            trainer.step_once()
        worker = TrainingWorker(trainer, autosave)
        thread = QThread()  # no parent: see _THREADS
        thread.setObjectName("cnnviz-trainer")
        _THREADS[thread] = worker
        thread.started.connect(worker.run)
        worker.view_input = view_input
        worker.eventsReady.connect(self._schedule_flush)
        worker.failed.connect(self.failed)
        worker.saved.connect(self.saved)
        # Direct: the thread's event loop ends with the run even when the GUI's loop no longer runs (exit).
        worker.finished.connect(thread.quit, Qt.DirectConnection)
        thread.finished.connect(lambda t=thread: self._on_thread_finished(t))
        self.trainer, self.worker, self.thread = trainer, worker, thread
        self._waiting = True
        self._start_when_free()
        if self._waiting:
            self.wait_timer.start(int(SAY_WAITING_AFTER_S * 1000))

    def _start_when_free(self) -> None:
        """Start the current run's thread, unless a stopped run's thread is still in its last step: then it starts
        when that thread has ended (``_on_thread_finished``). A step cannot be interrupted (a batch of 3763 under load:
        over 10 s), and a run started beside it trained at half speed with both runs' buffers (issue 33: two
        Trainers for 15 s under the monkey, after Fine-tune gave up its ``STOP_WAIT_MS`` wait)."""
        if not self._waiting or self.thread is None or self.stopping:
            return
        self._waiting = False
        self.wait_timer.stop()
        # Moved only now: a worker moved to a thread that never ran is never deleted (its deleteLater waits for
        # that thread's event loop), and a run stopped while it waited never starts.
        self.worker.moveToThread(self.thread)
        self.thread.start()
        self.started.emit()

    def stop(self, wait: bool = False) -> None:
        """Stop the current run without its final evaluation; its last events are flushed first.
        Never blocks unless ``wait`` (then at most ``STOP_WAIT_MS``)."""
        if not self.active:
            return
        self.trainer.stop(final_evaluation=False)
        self._old.append((self.thread, self.worker))
        self.flush()
        self._forget()
        if wait:
            self.reap(wait=True)

    def reap(self, wait: bool) -> None:
        """Delete the threads of stopped runs that have ended (``wait``: wait up to ``STOP_WAIT_MS`` for them)."""
        deadline = time.monotonic() + STOP_WAIT_MS / 1000
        for thread, worker in list(self._old):
            if wait:
                thread.wait(max(0, int(1000 * (deadline - time.monotonic()))))
            if not thread.isRunning():
                self._old.remove((thread, worker))
                _delete(thread, worker)

    def shutdown(self) -> None:
        """Stop every run (no final evaluation) and wait up to ``STOP_WAIT_MS`` for its thread; one still
        inside a long step is left to end on its own (and waited for at exit), never destroyed."""
        self.flush_timer.stop()
        if self.trainer is not None:
            self.trainer.stop(final_evaluation=False)
        if self.thread is not None:
            self._old.append((self.thread, self.worker))
            self._forget()
        self.reap(wait=True)

    def shutdown_or_ask(self, window: QWidget, ask: Callable[[], bool]) -> bool:
        """For ``window``'s closeEvent: True when it may close now, False to ignore this close.

        The first close calls ``ask()`` (save the trained model? False: cancel). Then the run is
        asked to stop; if its thread is still in a step, the window hides at once and closes by
        itself when the thread has ended (the app then quits, when that was its last window)."""
        if self.closing:
            return not self.stopping and not self.active
        if not ask():
            return False
        close_owned_windows(window)  # the F1 keys, a dialog left open: they go with the window
        self.closing = True
        self.stop()
        self.reap(wait=False)
        if not self.stopping:
            self.flush_timer.stop()
            return True
        self._close_target = window
        for thread, _ in self._old:
            thread.finished.connect(self._close_when_stopped)
        window.hide()
        self.closingChanged.emit(True)
        return False

    def cancel_close(self) -> None:
        """A close waiting for the thread will not happen (e.g. the save asked for on closing failed)."""
        if self.closing:
            self.closing = False
            self._close_target = None
            self.closingChanged.emit(False)

    def _close_when_stopped(self) -> None:
        self.reap(wait=False)
        if self.stopping or not self.closing or self._close_target is None:
            return
        window, self._close_target = self._close_target, None
        self.flush_timer.stop()
        self.closingChanged.emit(False)
        window.close()
        app = QApplication.instance()
        # A hidden window's close does not count as the last window closing: quit as it would have (a window
        # another one owns, such as a dialog, keeps no app alive, as in Qt's own rule).
        if app is not None and app.quitOnLastWindowClosed() and not primary_windows_shown():
            app.quit()  # outside the main event loop (tests) this does nothing

    def _forget(self) -> None:
        self.trainer = self.worker = self.thread = None
        self._waiting = False
        self.wait_timer.stop()

    def _on_thread_finished(self, thread: QThread) -> None:
        if thread is not self.thread:
            self.reap(wait=False)
            self._start_when_free()
            return
        self.flush()
        worker = self.worker
        self._forget()
        _delete(thread, worker)
        self.ended.emit(worker.result, worker.final_weights)

    # --- commands (applied by the trainer between two steps) ----------------------------
    def set_view_input(self, image: np.ndarray | None, index: int | None) -> None:
        """The input the window shows: time-lapse snapshots use it too."""
        if self.worker is not None:
            self.worker.view_input = (image, index)

    def request_view(self, image: np.ndarray | None, index: int | None) -> None:
        self.set_view_input(image, index)
        self.trainer.request_snapshot(image=image, test_index=index, tag=Tag.VIEW)

    def set_autosave_meta(self, meta: dict) -> None:
        """The running run's autosaves say ``meta`` from now on (its settings changed while it trains)."""
        worker = self.worker
        plan = worker.autosave_plan if worker is not None else None
        if plan is not None:
            worker.autosave_plan = Plan(
                plan.path, plan.every_s, dict(meta)
            )  # one assignment: the thread reads it whole

    def save(self, path, meta: dict) -> bool:
        """Have the running trainer's state written to ``path`` between two steps (``saved`` tells how it
        went). False when no run can take it (none active, or it just ended): save the window's weights."""
        return self.worker is not None and self.worker.request_save(SaveRequest(path, dict(meta)))

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


def _delete(thread: QThread, worker: TrainingWorker) -> None:
    """A finished thread and its worker go (later, on the GUI thread)."""
    _THREADS.pop(thread, None)
    thread.deleteLater()
    worker.deleteLater()


def owner_of(widget: QWidget, window: QWidget) -> bool:
    """Whether ``window`` is ``widget``'s parent, grandparent...: a dialog or tool window it opened."""
    parent = widget.parentWidget()
    while parent is not None and parent is not window:
        parent = parent.parentWidget()
    return parent is window


def close_owned_windows(window: QWidget) -> None:
    """Close every shown window that ``window`` owns (the F1 keys, a message left open): none of them may keep
    the app alive, or stay on screen, once the window it belongs to is closing."""
    app = QApplication.instance()
    if app is None:
        return
    for widget in app.topLevelWidgets():
        if widget is not window and widget.isVisible() and owner_of(widget, window):
            widget.close()


def primary_windows_shown() -> bool:
    """Whether a shown window keeps the app running: one of its own, not owned by another window (Qt's rule for
    quitting when the last window closes: owned windows and those without ``WA_QuitOnClose`` do not count)."""
    app = QApplication.instance()
    return app is not None and any(
        w.isVisible() and w.parentWidget() is None and w.testAttribute(Qt.WA_QuitOnClose) for w in app.topLevelWidgets()
    )

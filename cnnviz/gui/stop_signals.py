"""SIGTERM, SIGHUP and Ctrl-C (SIGINT; SIGBREAK on Windows) in the app: autosave, then quit cleanly.

Python runs a signal handler only when the interpreter gets control, and while
Qt's event loop waits in C++ it may not for a long time; a handler that raises
(Python's default ``KeyboardInterrupt``) inside a Qt callback leaves a
traceback, a frozen window or a crash. So the standard Qt pattern: the handler
only records the signal (and says so on stderr), a ``QTimer`` wakes the
interpreter every ``WAKE_MS`` so the handler runs promptly, and the same timer
closes the window from the GUI thread -- as the window's close button does,
except that nobody is asked "Save?": the run is stopped after its current step
and autosaved by its training thread (:class:`~.worker.TrainingWorker`), and the
app quits once that thread has ended. Further signals during that are ignored
(the save is never interrupted). A modal dialog open at the time is dismissed
first. ``cnnviz gui`` then exits with 128 + the first signal's number (130
SIGINT, 143 SIGTERM, 129 SIGHUP), as ``cnnviz train`` does.
"""

from __future__ import annotations

import signal
import sys

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QApplication

SIGNAL_NAMES = ("SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK")
"""Ctrl-C; ``kill``, ``systemctl stop``, ``docker stop``; a closed terminal or a logout; Ctrl-Break on Windows."""
WAKE_MS = 200
"""How often the interpreter is woken to run pending signal handlers."""


class StopOnSignal(QObject):
    """Installed for the life of the app's event loop (:meth:`install` / :meth:`uninstall`)."""

    def __init__(self, window, parent=None):
        super().__init__(parent)
        self.window = window
        self.first: int | None = None
        """The first signal's number (None: none came)."""
        self.count = 0
        self._closing = False
        self._previous: dict = {}
        self.timer = QTimer(self)
        self.timer.setInterval(WAKE_MS)
        self.timer.timeout.connect(self._poll)

    @property
    def exit_code(self) -> int | None:
        """128 + the first signal's number, or None when no signal came."""
        return None if self.first is None else 128 + int(self.first)

    def install(self) -> StopOnSignal:
        for name in SIGNAL_NAMES:
            number = getattr(signal, name, None)  # SIGHUP: not on Windows; SIGBREAK: only there
            if number is None:
                continue
            try:
                self._previous[number] = signal.signal(number, self._handle)
            except (ValueError, OSError):  # not the main thread, or not settable here
                pass
        self.timer.start()
        return self

    def uninstall(self) -> None:
        """Stop the timer; the handlers stay (a signal while the last save finishes is still only noted)."""
        self.timer.stop()

    def ignore_the_rest(self) -> None:
        """Everything is saved and the app quits because of a signal: a repeated one is ignored from now on.
        (Python's own shutdown puts back the default action of a signal handled in Python, so a second
        SIGHUP in the last milliseconds killed the process, exit -1 instead of 129; an ignored one stays
        ignored.)"""
        if self.first is None:
            return
        for number in self._previous:
            try:
                signal.signal(number, signal.SIG_IGN)
            except (ValueError, OSError):
                pass

    # --- in the signal handler: record and say, nothing else -------------------------------------------
    def _handle(self, signum, frame) -> None:
        self.count += 1
        if self.first is None:
            self.first = signum
            name = _name(signum)
            _say(f"cnnviz: {name} received: autosaving the run and quitting...")
        else:
            _say(f"cnnviz: {_name(signum)} ignored: still autosaving the run and quitting")

    # --- on the GUI thread -----------------------------------------------------------------------------
    def _poll(self) -> None:
        if self.first is None or self._closing:
            return
        app = QApplication.instance()
        modal = app.activeModalWidget() if app is not None else None
        if modal is not None:
            # A question is open (the restore offer, Save/Discard/Cancel): dismiss it and close at the
            # next tick, once its event loop has returned.
            reject = getattr(modal, "reject", None)
            reject() if callable(reject) else modal.close()
            return
        self._closing = True
        self.close_window()

    def close_window(self) -> None:
        """Close the window as its close button does, answering its question with "discard": the
        training thread autosaves the run as it ends (and a finished run was autosaved at its end)."""
        window = self.window
        window.checkpoints.auto_answer = "discard"
        window.close()
        app = QApplication.instance()
        # Closing a window that was never shown (or already hidden) does not quit the app by itself.
        if app is not None and not window.session.closing and not window.isVisible():
            app.quit()


def _name(signum) -> str:
    try:
        return signal.Signals(signum).name
    except ValueError:
        return f"signal {signum}"


def _say(text: str) -> None:
    # The handler may run in the middle of another write to stderr, or after the terminal went away.
    try:
        print(text, file=sys.stderr, flush=True)
    except (OSError, ValueError, RuntimeError):
        pass

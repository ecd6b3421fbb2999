"""The numba kernels compile while the teacher is still talking: a process of its own from the moment the
window opens, so that Start only loads them from numba's disk cache (about 1 s instead of 15-30 s).

A process, not a thread: numba's compiler holds Python's GIL for most of its work, and a thread would
make the window stutter for half a minute; a process is also stopped cleanly at any moment (numba
writes each cache file whole, by renaming it into place). What the process has compiled when Start
comes first stays on disk; Start stops the process and the run compiles the rest itself, with the
busy notice counting the seconds ("numba: compiling kernels, first start only: 4 s"). Closing the
window stops it too. The GUI thread never waits on it, except up to :data:`EXIT_WAIT_MS` at exit.
"""

from __future__ import annotations

import sys
import time

from PySide6.QtCore import QObject, QProcess, Signal

from ..backends import numba_cache
from ..translatable import N_
from .language import tr

CACHED_ON_DISK = ("numba",)
"""Backends whose compiled kernels another process can leave in a cache for this one (numba.cuda and
CuPy compile per process and device)."""
EXIT_WAIT_MS = 2000
IDLE, RUNNING, DONE, FAILED, CANCELLED = "idle", "running", "done", "failed", "cancelled"


def command(backend: str) -> list[str]:
    """The warm-up process' command line (a test replaces it with a slow stand-in)."""
    return [sys.executable, "-m", "cnnviz.backends.warm_up", backend]


class BackgroundWarmUp(QObject):
    """One warm-up process at a time; :attr:`state` says where it is."""

    finished = Signal(str, str)
    """(backend, state): DONE, FAILED or CANCELLED."""

    def __init__(self, parent=None, make_command=command):
        super().__init__(parent)
        self.make_command = make_command
        self.state = IDLE
        self.backend = ""
        self.started_at: float | None = None
        self.process: QProcess | None = None

    @staticmethod
    def worth_it(backend: str) -> bool:
        """Whether warming ``backend`` up in another process helps this one (its kernels are cached on disk).
        Never in a bundled app: its executable is the app itself, not a Python that runs ``-m``."""
        return backend in CACHED_ON_DISK and numba_cache.enabled() and not getattr(sys, "frozen", False)

    @property
    def running(self) -> bool:
        return self.state == RUNNING

    def start(self, backend: str) -> bool:
        """Start compiling ``backend``'s kernels (False: not worth it, or already running). Never waits."""
        if self.running or not self.worth_it(backend):
            return False
        process = QProcess(self)
        process.setProcessChannelMode(QProcess.MergedChannels)
        process.finished.connect(lambda code, status, p=process: self._ended(p, code, status))
        process.errorOccurred.connect(lambda error, p=process: self._failed_to_start(p, error))
        program, *arguments = self.make_command(backend)
        self.process, self.backend, self.state, self.started_at = process, backend, RUNNING, time.monotonic()
        process.start(program, arguments)
        return True

    def cancel(self, wait_ms: int = 0) -> None:
        """Stop the process (Start came first, or the window closes): what it compiled stays cached.
        ``wait_ms``: wait that long at most for it to end (at exit; 0 never waits)."""
        process = self.process
        if process is None or not self.running:
            return
        self.state = CANCELLED
        process.kill()
        if wait_ms:
            process.waitForFinished(wait_ms)
        self.finished.emit(self.backend, CANCELLED)

    def _ended(self, process: QProcess, code: int, status) -> None:
        if process is not self.process or not self.running:
            return  # a cancelled process (its state is already said)
        ok = status == QProcess.NormalExit and code == 0
        self.state = DONE if ok else FAILED
        self.finished.emit(self.backend, self.state)

    def _failed_to_start(self, process: QProcess, error) -> None:
        if error == QProcess.FailedToStart and process is self.process and self.running:
            self.state = FAILED
            self.finished.emit(self.backend, FAILED)


BACKGROUND_NOTE = "ready · compiling kernels"
"""Short: at 1024x768 the status bar has about 320 px for the state beside the other fields."""
BACKGROUND_TIP = N_("The numba kernels compile in the background, so that Start is quick; Start now compiles the rest.")


def install(warm_up: BackgroundWarmUp, backend: str, status, run_started) -> bool:
    """Warm ``backend`` up now; the status bar's state says so while nothing else is shown there, and a
    run's start (``run_started``, a signal) stops it. ``status``: the window's :class:`StatusFields`."""
    if not warm_up.start(backend):
        return False
    if status.text("state") == "ready":
        status.show(state=BACKGROUND_NOTE)
        status.labels["state"].setToolTip(tr(BACKGROUND_TIP))

    def ended(_backend: str, _state: str) -> None:
        status.labels["state"].setToolTip("")
        if status.text("state") == BACKGROUND_NOTE:
            status.show(state="ready")

    warm_up.finished.connect(ended)
    run_started.connect(lambda *_: warm_up.cancel())
    return True

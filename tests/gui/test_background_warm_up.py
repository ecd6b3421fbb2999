"""The numba kernels compile in a process of their own from the moment the window opens: the GUI thread
never waits for it, Start stops it (the run then compiles what is left, with its busy notice), and so
does the exit. A slow stand-in plays the compiler (the real one takes 15-30 s on a busy machine)."""

import sys

import pytest
from PySide6.QtCore import QProcess, QTimer

from cnnviz.gui import background_warm_up as bw

SLOW = [sys.executable, "-c", "import time; time.sleep(120)"]


@pytest.fixture
def slow(monkeypatch):
    monkeypatch.setattr(bw.BackgroundWarmUp, "worth_it", staticmethod(lambda backend: True))
    warm = bw.BackgroundWarmUp(make_command=lambda backend: SLOW)
    yield warm
    warm.cancel(wait_ms=bw.EXIT_WAIT_MS)


def test_the_gui_thread_goes_on_while_the_kernels_compile(qtbot, slow):
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(10)
    assert slow.start("numba") and slow.running
    assert not slow.start("numba"), "one at a time"
    qtbot.waitUntil(lambda: len(ticks) >= 10, timeout=10_000)  # the event loop keeps turning meanwhile
    timer.stop()
    assert slow.running and slow.process.state() == QProcess.Running


def test_start_coming_first_stops_it_and_the_status_bar_says_so(qtbot, slow, window):
    window.status.show(state="ready")
    assert bw.install(slow, "numba", window.status, window.session.started)
    assert window.status.text("state") == bw.BACKGROUND_NOTE
    ended = []
    slow.finished.connect(lambda backend, state: ended.append((backend, state)))
    window.start()  # Space or the Start button: the run's own warm-up shows its progress from here
    assert slow.state == bw.CANCELLED and ended == [("numba", bw.CANCELLED)]
    qtbot.waitUntil(lambda: slow.process.state() == QProcess.NotRunning, timeout=5_000)
    assert window.status.text("state") != bw.BACKGROUND_NOTE
    window.stop_run()


def test_the_exit_stops_it_within_the_wait(qtbot, slow):
    slow.start("numba")
    qtbot.waitUntil(lambda: slow.process.state() == QProcess.Running, timeout=5_000)
    slow.cancel(wait_ms=bw.EXIT_WAIT_MS)
    assert slow.process.state() == QProcess.NotRunning and slow.state == bw.CANCELLED
    slow.cancel(wait_ms=bw.EXIT_WAIT_MS)  # twice is harmless


def test_the_real_entry_point_finishes(qtbot):
    """``python -m cnnviz.backends.warm_up``, for a backend that needs no compiling (quick)."""
    warm = bw.BackgroundWarmUp(make_command=lambda backend: bw.command("numpy"))
    warm.worth_it = lambda backend: True
    with qtbot.waitSignal(warm.finished, timeout=60_000) as done:
        assert warm.start("numpy")
    assert done.args == ["numpy", bw.DONE]


def test_only_backends_cached_on_disk_are_warmed_up():
    warm = bw.BackgroundWarmUp(make_command=lambda backend: SLOW)
    assert not warm.start("numpy") and not warm.start("cupy") and warm.state == bw.IDLE
    assert bw.BackgroundWarmUp.worth_it("numba") == bw.numba_cache.enabled()


def test_a_bundled_app_never_starts_itself_as_the_warm_up(monkeypatch):
    # In a PyInstaller bundle sys.executable is the app: "-m cnnviz.backends.warm_up" would open a second app.
    from cnnviz.gui import background_warm_up

    monkeypatch.setattr(background_warm_up.numba_cache, "enabled", lambda: True)
    assert background_warm_up.BackgroundWarmUp.worth_it("numba")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert not background_warm_up.BackgroundWarmUp.worth_it("numba")

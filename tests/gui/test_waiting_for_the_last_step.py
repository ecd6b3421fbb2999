"""A new run waits for a stopped run's last step (a step cannot be interrupted): the status bar says so (it said
"starting (loading data)…"), and after ``SAY_WAITING_AFTER_S`` that it still waits; no second thread runs meanwhile,
and the run starts when that step ends."""

import threading

from cnnviz.gui import session
from cnnviz.gui.status import STILL_WAITING, WAITING
from cnnviz.train.trainer import Trainer


def test_a_run_waiting_for_the_last_runs_step_says_so_and_starts_after_it(qtbot, make_window, monkeypatch):
    window = make_window(steps=400, schedule="constant")
    original, inside, release = Trainer._train_step, threading.Event(), threading.Event()

    def train_step(self):  # the third step of the first run hangs until released
        if self.step == 2 and not release.is_set():
            inside.set()
            release.wait(30)
        return original(self)

    monkeypatch.setattr(Trainer, "_train_step", train_step)
    monkeypatch.setattr(session, "SAY_WAITING_AFTER_S", 0.05)
    window.start()
    qtbot.waitUntil(inside.is_set, timeout=30_000)
    window.stop_run()
    assert window.session.stopping
    window.start()
    status = window.status
    assert window.session.waiting and not window.session.thread.isRunning()
    assert status.text("state") == WAITING
    qtbot.waitUntil(lambda: status.text("state") == STILL_WAITING, timeout=5000)
    assert window.session.waiting and not window.session.thread.isRunning(), "never two runs side by side"
    release.set()
    qtbot.waitUntil(lambda: window.session.thread is not None and window.session.thread.isRunning(), timeout=10_000)
    assert status.text("state") == "starting (loading data)…"
    window.stop_run(wait=True)

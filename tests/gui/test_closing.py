"""Closing is always clean and nothing trained is lost silently (issues 11 and 12).

The slow parts (a long training step, an evaluation, the first JIT compile) are
made slow with monkeypatched functions that wait on events, not with real work.
"""

import os
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtGui import QAction

from cnnviz.app import autosave
from cnnviz.backends import registry
from cnnviz.gui import checkpoints
from cnnviz.nn import checkpoint
from cnnviz.nn.model import Sequential
from cnnviz.train import evaluation
from cnnviz.train import events as ev

TIMEOUT_MS = 30_000
REPO = Path(__file__).resolve().parents[2]


def wait_steps(qtbot, window, at_least):
    qtbot.waitUntil(
        lambda: window.state.run.last_step is not None and window.state.run.last_step.step >= at_least,
        timeout=TIMEOUT_MS,
    )


def running(thread) -> bool:
    """Whether ``thread`` still runs (a finished one may already be deleted)."""
    try:
        return thread.isRunning()
    except RuntimeError:
        return False


def close_during_the_step(window, thread) -> None:
    """Close while ``thread`` is held inside a step (or compile) that only the test can end: close
    returning with the thread still running proves it never waited for it."""
    window.close()
    assert running(thread), "close waited for the training thread"


def assert_closed_for_good(qtbot, window, quits):
    """The close went through once the thread ended: the app was told to quit."""
    try:
        qtbot.waitUntil(lambda: bool(quits), timeout=TIMEOUT_MS)
    except Exception:  # say what kept the app from quitting: a window still shown, or the run still going
        from PySide6.QtWidgets import QApplication

        shown = [type(w).__name__ for w in QApplication.topLevelWidgets() if w.isVisible() and w.parentWidget() is None]
        raise AssertionError(
            f"no quit after {TIMEOUT_MS} ms: windows shown {shown}, run active {window.session.active}, "
            f"stopping {window.session.stopping}, closing {window.session.closing}"
        ) from None
    assert not window.isVisible() and not window.session.active and not window.session.stopping


# --- closing never freezes and never aborts ------------------------------------------------------------
def test_closing_during_a_long_step_hides_at_once_and_quits_after_it(qtbot, make_window, slow_step, quits):
    go, inside, release = slow_step
    window = make_window()
    window.start()
    wait_steps(qtbot, window, 2)
    go.set()
    qtbot.waitUntil(inside.is_set, timeout=TIMEOUT_MS)
    thread = window.session.thread
    close_during_the_step(window, thread)
    assert not window.isVisible() and window.session.closing
    qtbot.wait(300)  # the event loop goes on meanwhile (no wait on the thread)
    assert running(thread) and not quits
    release.set()
    qtbot.waitUntil(lambda: not running(thread), timeout=TIMEOUT_MS)
    assert_closed_for_good(qtbot, window, quits)


def test_ctrl_q_is_quit_and_behaves_like_closing(qtbot, make_window, slow_step, quits):
    go, inside, release = slow_step
    window = make_window()
    quit_action = next(a for a in window.findChildren(QAction) if a.text() == "Quit")
    assert quit_action.shortcut().toString() == "Ctrl+Q"  # (QKeySequence.Quit is empty offscreen and on Windows)
    window.start()
    wait_steps(qtbot, window, 1)
    go.set()
    qtbot.waitUntil(inside.is_set, timeout=TIMEOUT_MS)
    thread = window.session.thread
    quit_action.trigger()
    assert running(thread) and not window.isVisible(), "Ctrl+Q hid the window without waiting for the thread"
    release.set()
    assert_closed_for_good(qtbot, window, quits)


def test_closing_during_an_evaluation_stops_it_at_its_next_chunk(qtbot, make_window, monkeypatch, quits):
    evaluating = threading.Event()
    original = Sequential.device_proba  # an evaluation's chunk (the test set on the backend, issue 35)

    chunks = []

    def slow_chunk(self, x):
        if len(x) == evaluation.EVAL_CHUNK:  # an evaluation's chunk: 0.4 s each, 4 s for the test set
            chunks.append(window.session.closing)
            evaluating.set()
            time.sleep(0.4)
        return original(self, x)

    monkeypatch.setattr(Sequential, "device_proba", slow_chunk)
    window = make_window(eval_every=3, eval_samples=10_000)
    window.start()
    qtbot.waitUntil(evaluating.is_set, timeout=TIMEOUT_MS)
    thread = window.session.thread
    close_during_the_step(window, thread)
    qtbot.waitUntil(lambda: not running(thread), timeout=TIMEOUT_MS)
    whole_test_set = -(-10_000 // evaluation.EVAL_CHUNK)
    assert sum(chunks) <= 1 < whole_test_set, (
        f"the evaluation stopped at its next chunk ({sum(chunks)} of {whole_test_set} chunks after the close)"
    )
    assert_closed_for_good(qtbot, window, quits)


def test_closing_during_the_first_compile_waits_for_it_without_freezing(qtbot, make_window, monkeypatch, quits):
    backend = registry.get("numpy")
    compiling, release = threading.Event(), threading.Event()

    def slow_warm_up(dtype=np.float32):
        compiling.set()
        release.wait(20)
        return 3.0

    monkeypatch.setattr(backend, "needs_warmup", True)
    monkeypatch.setattr(backend, "warm_up", slow_warm_up)
    window = make_window()
    window.start()
    qtbot.waitUntil(compiling.is_set, timeout=TIMEOUT_MS)
    thread = window.session.thread
    close_during_the_step(window, thread)
    ticks = []
    qtbot.waitUntil(lambda: ticks.append(1) or len(ticks) > 5, timeout=5000)  # the event loop runs
    assert running(thread)
    release.set()
    qtbot.waitUntil(lambda: not running(thread), timeout=TIMEOUT_MS)
    assert_closed_for_good(qtbot, window, quits)
    assert window.state.run.last_step is None, "stopped before its first step"


SCRIPT = """
import sys, threading, time
from PySide6.QtCore import QTimer
from cnnviz.app import autosave
from cnnviz.gui import checkpoints, session
from cnnviz.gui.theme import application
from cnnviz.gui.window import MainWindow
from cnnviz.train.trainer import Trainer

autosave.default_folder = lambda: __import__("pathlib").Path(sys.argv[2])
checkpoints.Checkpoints.auto_answer = "discard"
original = Trainer._train_step
inside = threading.Event()
def train_step(self):  # the third step takes 3 s, like a batch of 4096 on the seed net
    if self.step == 2:
        inside.set()
        time.sleep(3)
    return original(self)
Trainer._train_step = train_step
app = application()
window = MainWindow(net="tiny", backend="numpy")
window.show()
window.start()
mode = sys.argv[1]
def poll():
    if inside.is_set():
        if mode == "close":
            window.close()
        else:  # the app goes away under a running thread (a crash of the event loop, a signal...)
            session.STOP_WAIT_MS = 100
            app.quit()
    else:
        QTimer.singleShot(20, poll)
QTimer.singleShot(20, poll)
t0 = time.perf_counter()
code = app.exec()
window.shutdown()  # as cnnviz.gui.launch.run does
print("exec returned after", round(time.perf_counter() - t0, 2), "s")
sys.exit(code)
"""


@pytest.mark.parametrize("mode", ["close", "quit-under-a-running-thread"])
def test_the_process_never_aborts_with_a_thread_in_a_long_step(tmp_path, mode):
    script = tmp_path / "close_during_step.py"
    script.write_text(textwrap.dedent(SCRIPT))
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(REPO))
    done = subprocess.run(
        [sys.executable, str(script), mode, str(tmp_path / "data")],
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert "Destroyed while thread" not in done.stderr, done.stderr[-2000:]
    assert done.returncode == 0, (done.returncode, done.stdout, done.stderr[-2000:])
    assert "exec returned" in done.stdout


EXIT_SCRIPT = """
import atexit, sys
from PySide6.QtCore import QTimer  # PySide6's exit clean-up is registered here: it runs last
atexit.register(lambda: print("PySide6's clean-up comes next", flush=True))
from cnnviz.app import autosave
from cnnviz.gui import checkpoints
from cnnviz.gui.theme import application
from cnnviz.gui.window import MainWindow

autosave.default_folder = lambda: __import__("pathlib").Path(sys.argv[1])
checkpoints.Checkpoints.auto_answer = "discard"
app = application()
window = MainWindow(net="tiny", backend="numpy")
window.destroyed.connect(lambda: print("window deleted while Python ran", flush=True))
window.show()
QTimer.singleShot(200, app.quit)
app.exec()
window.shutdown()
"""


def test_the_window_is_deleted_at_exit_while_python_still_runs(tmp_path):
    # Left to PySide's own exit clean-up, the window's plots were deleted in a half-torn-down interpreter,
    # where a pyqtgraph override could crash the process (1 exit in ~15 under load).
    script = tmp_path / "exit.py"
    script.write_text(textwrap.dedent(EXIT_SCRIPT))
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(REPO))
    done = subprocess.run(
        [sys.executable, str(script), str(tmp_path / "data")], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, (done.returncode, done.stdout, done.stderr[-2000:])
    lines = done.stdout.splitlines()
    assert lines == ["window deleted while Python ran", "PySide6's clean-up comes next"], lines


# --- nothing lost silently ------------------------------------------------------------------------------
def finished_run(qtbot, make_window, steps=3):
    window = make_window(steps=steps, test_samples=500)
    window.start()
    qtbot.waitUntil(lambda: not window.session.active and window.state.run.result is not None, timeout=60_000)
    return window


def test_cancel_keeps_the_window_and_the_model(qtbot, make_window):
    window = finished_run(qtbot, make_window)
    assert window.state.run.unsaved
    window.checkpoints.auto_answer = "cancel"
    window.close()
    assert window.isVisible() and not window.session.closing
    weights = window.state.local.weights()
    window.reset()
    np.testing.assert_array_equal(window.state.local.weights()["conv1.weight"], weights["conv1.weight"])
    window.checkpoints.auto_answer = "discard"


def test_save_on_close_without_a_run_saves_then_closes(tmp_path, qtbot, make_window):
    window = finished_run(qtbot, make_window)
    window.checkpoints.auto_answer, window.checkpoints.auto_save_path = "save", str(tmp_path / "kept.npz")
    window.close()
    assert not window.isVisible()
    saved = checkpoint.load(tmp_path / "kept.npz")
    assert saved.meta["step"] == 3
    np.testing.assert_array_equal(saved.weights["conv1.weight"], window.state.local.weights()["conv1.weight"])


def test_a_failed_save_on_close_keeps_the_window_open(tmp_path, qtbot, make_window):
    window = finished_run(qtbot, make_window)
    window.checkpoints.auto_answer = "save"
    window.checkpoints.auto_save_path = str(tmp_path / "no-such-folder" / "kept.npz")
    window.close()
    assert window.isVisible() and window.banner.kind == "error" and window.state.run.unsaved


def test_save_on_close_during_a_long_step_saves_the_final_state(tmp_path, qtbot, make_window, slow_step, quits):
    go, inside, release = slow_step
    window = make_window()
    window.start()
    wait_steps(qtbot, window, 2)
    go.set()
    qtbot.waitUntil(inside.is_set, timeout=TIMEOUT_MS)
    path = tmp_path / "kept.npz"
    window.checkpoints.auto_answer, window.checkpoints.auto_save_path = "save", str(path)
    trainer = window.session.trainer
    close_during_the_step(window, window.session.thread)
    assert not path.exists()
    release.set()
    assert_closed_for_good(qtbot, window, quits)
    saved = checkpoint.load(path)
    assert saved.meta["step"] == trainer.step, "the state after the step it was in"
    np.testing.assert_array_equal(saved.weights["conv1.weight"], trainer.host_state().weights["conv1.weight"])
    assert any(key.startswith("optim.") for key in saved.optimizer_state), "the optimizer state too"


def test_save_before_a_reset_mid_run_keeps_the_trained_weights(tmp_path, qtbot, make_window):
    window = make_window()
    window.start()
    wait_steps(qtbot, window, 5)
    path = tmp_path / "before-reset.npz"
    window.checkpoints.auto_answer, window.checkpoints.auto_save_path = "save", str(path)
    steps = []  # every step the trainer finishes (the window's own view coalesces them 10 times a second)
    window.session.trainer.add_listener(lambda e: isinstance(e, ev.StepFinished) and steps.append(e.step))
    window.reset()
    qtbot.waitUntil(path.exists, timeout=TIMEOUT_MS)
    assert checkpoint.load(path).meta["step"] >= 5, "saved before the reset took effect"
    qtbot.waitUntil(lambda: any(step < 5 for step in steps), timeout=TIMEOUT_MS)  # training started over


def test_the_run_is_autosaved_at_its_end_and_offered_at_the_next_start(
    qtbot, make_window, no_dialogs_and_a_private_autosave
):
    window = finished_run(qtbot, make_window, steps=4)
    path = window.checkpoints.autosave_path
    assert path.parent == no_dialogs_and_a_private_autosave
    qtbot.waitUntil(path.exists, timeout=TIMEOUT_MS)
    offer = autosave.read_offer(path)
    assert offer.step == 4 and offer.spec == window.state.local.spec
    assert offer.test_accuracy == pytest.approx(window.state.run.result.test_accuracy)
    assert "step 4" in offer.describe() and "%" in offer.describe()
    trained = window.state.local.weights()
    window.checkpoints.autosave_instance.release()  # its app has ended

    again = make_window()  # the next start: declined ("Later"), then offered again and restored
    again.checkpoints.auto_answer = "no"
    assert again.checkpoints.offer_restore() is None and again.state.local.step == 0
    again.checkpoints.auto_answer = "yes"
    job = again.checkpoints.offer_restore()
    qtbot.waitUntil(lambda: not job.running, timeout=TIMEOUT_MS)
    assert again.state.local.step == 4 and "Restored the autosaved run (step 4" in again.banner.label.text()
    for name, array in trained.items():
        np.testing.assert_array_equal(again.state.local.weights()[name], array)


def test_a_long_run_autosaves_every_few_minutes_and_on_close(
    qtbot, make_window, monkeypatch, quits, no_dialogs_and_a_private_autosave
):
    monkeypatch.setattr(autosave, "EVERY_S", 0.3)
    window = make_window()
    path = window.checkpoints.autosave_path
    window.start()
    qtbot.waitUntil(path.exists, timeout=TIMEOUT_MS)
    assert window.session.active and autosave.read_offer(path).step > 0, "written while training"
    trainer = window.session.trainer
    window.close()
    assert_closed_for_good(qtbot, window, quits)
    assert autosave.read_offer(path).step == trainer.step, "and once more with the final state"


def test_nothing_trained_asks_nothing(make_window):
    window = make_window()
    window.checkpoints.auto_answer = "cancel"
    window.reset()  # untrained: no question, the reset happens
    assert window.state.seed == 1
    window.close()
    assert not window.isVisible()


# --- loading runs off the GUI thread and never leaves the window half-changed ------------------------------
def write_checkpoint(path, spec="conv3-4,relu,pool,dense-10", **meta):
    model = Sequential.from_spec(spec).initialise(7)
    checkpoint.save(path, model.spec, model.state_dict(), meta)
    return model


def load(qtbot, window, path):
    job = window.checkpoints.load(str(path))
    qtbot.waitUntil(lambda: not job.running, timeout=TIMEOUT_MS)


@pytest.fixture
def window(qtbot, module_window):
    """The loading tests share one window (each load replaces what the last one left); no message from the test
    before shows, and no run of it goes on."""
    qtbot.waitUntil(lambda: not module_window.session.active, timeout=TIMEOUT_MS)
    module_window.banner.show_message("", "info")
    module_window.banner.hide()
    yield module_window
    module_window.stop_run()  # (a test's one step leaves a paused run)
    qtbot.waitUntil(lambda: not module_window.session.active, timeout=TIMEOUT_MS)


def test_a_checkpoint_is_read_on_another_thread(tmp_path, qtbot, window, monkeypatch):
    threads = []
    original = checkpoints.read_checkpoint
    monkeypatch.setattr(
        checkpoints, "read_checkpoint", lambda path: threads.append(threading.current_thread()) or original(path)
    )
    model = write_checkpoint(tmp_path / "m.npz", step=12)
    load(qtbot, window, tmp_path / "m.npz")
    assert threads and threads[0] is not threading.main_thread()
    assert window.state.local.step == 12 and window.state.local.spec == model.spec == window.controls.spec


@pytest.mark.parametrize("step", [float("inf"), float("nan"), -3, 2.5, "12", True])
def test_a_bad_step_count_is_reported_and_the_window_stays_consistent(tmp_path, qtbot, window, step):
    model = write_checkpoint(tmp_path / "m.npz", step=step)
    load(qtbot, window, tmp_path / "m.npz")
    assert window.banner.isVisible() and window.banner.kind == "warning"
    assert "not a number of steps" in window.banner.label.text()
    assert window.state.local.step == 0 and window.controls.spec == window.state.local.spec == model.spec
    np.testing.assert_array_equal(window.state.local.weights()["conv1.weight"], model.state_dict()["conv1.weight"])
    window.step()  # and it trains from there
    qtbot.waitUntil(lambda: window.state.run.last_step is not None, timeout=TIMEOUT_MS)


def test_a_broken_checkpoint_changes_nothing(tmp_path, qtbot, window):
    spec, weights = window.controls.spec, window.state.local.weights()
    path = tmp_path / "m.npz"
    model = Sequential.from_spec("conv3-4,relu,pool,dense-10").initialise(1)
    checkpoint.save(path, "conv3-4,relu,pool,dense-7", model.state_dict(), {"step": 5})
    load(qtbot, window, path)
    assert window.banner.kind == "error" and "Could not load" in window.banner.label.text()
    assert window.controls.spec == window.state.local.spec == spec
    np.testing.assert_array_equal(window.state.local.weights()["conv1.weight"], weights["conv1.weight"])

"""SIGTERM, SIGHUP and Ctrl-C in the app autosave the run and quit cleanly (issue 18, items 2 and 4).

A real ``python -m cnnviz gui`` process (offscreen) trains the tiny net; the signal
comes while it trains. The exit status is 128 + the signal's number, as for
``cnnviz train`` (143 SIGTERM, 129 SIGHUP, 130 SIGINT), never a crash (negative)
or a traceback, and the autosave holds the run with the steps it trained.
"""

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from cnnviz.app import autosave

REPO = Path(__file__).resolve().parents[2]

SCRIPT = """
import sys
from cnnviz import cli
from cnnviz.gui.window import MainWindow

show_fitted = MainWindow.show_fitted

def show_and_train(self):
    show_fitted(self)
    def report(batch):
        if batch.steps:
            print("step", batch.steps[-1][1].step, flush=True)
    self.session.batchReady.connect(report)
    self.start()

MainWindow.show_fitted = show_and_train
sys.exit(cli.main(["gui", "--net", "tiny", "--backend", "numpy"]))
"""


def start_app(tmp_path):
    script = tmp_path / "gui_that_trains.py"
    script.write_text(textwrap.dedent(SCRIPT))
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        PYTHONPATH=str(REPO),
        XDG_DATA_HOME=str(tmp_path / "data"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        OMP_NUM_THREADS="1",
        OPENBLAS_NUM_THREADS="1",
    )
    return subprocess.Popen(
        [sys.executable, str(script)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def wait_for_step(process, at_least, timeout_s=120):
    """Read the app's step lines until one says ``at_least``; True when it did."""
    return wait_for_line(process, lambda line: line.startswith("step") and int(line.split()[1]) >= at_least, timeout_s)


def wait_for_line(process, wanted, timeout_s=120):
    """Read the app's stdout until a line is ``wanted``; True when one was (never blocks past ``timeout_s``)."""
    found = threading.Event()

    def read():
        for line in process.stdout:
            if wanted(line):
                found.set()
                return

    threading.Thread(target=read, daemon=True).start()
    return found.wait(timeout_s)


def autosaved(tmp_path):
    return [
        offer
        for offer in (autosave.read_offer(p) for p in (tmp_path / "data" / "cnnviz").glob("autosave*.npz"))
        if offer is not None
    ]


signals = [signal.SIGTERM, signal.SIGINT] + ([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals sent with os.kill")
@pytest.mark.parametrize("signum", signals, ids=lambda s: signal.Signals(s).name)
def test_a_signal_autosaves_the_run_and_quits_cleanly(tmp_path, signum):
    process = start_app(tmp_path)
    try:
        assert wait_for_step(process, 3), process.stderr.read()[-2000:] if process.poll() is not None else "no steps"
        process.send_signal(signum)
        time.sleep(0.05)
        process.send_signal(signum)  # a second one during the save changes nothing
        code = process.wait(60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    stderr = process.stderr.read()
    assert code == 128 + signum, (code, stderr[-2000:])
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr, stderr[-2000:]
    assert f"{signal.Signals(signum).name} received: autosaving" in stderr
    offers = autosaved(tmp_path)
    assert len(offers) == 1 and offers[0].step >= 3, offers


DIALOG_SCRIPT = """
import sys
from PySide6.QtCore import QTimer
from cnnviz import cli
from cnnviz.gui.checkpoints import Checkpoints

ask = Checkpoints._ask_restore

def ask_and_say(self, *args):
    # Said from inside the question's own event loop: the dialog is open.
    QTimer.singleShot(0, lambda: print("dialog open", flush=True))
    return ask(self, *args)

Checkpoints._ask_restore = ask_and_say
sys.exit(cli.main(["gui", "--net", "tiny", "--backend", "numpy"]))
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals sent with os.kill")
def test_a_signal_during_the_restore_offer_dismisses_it_and_quits(tmp_path):
    """The question is answered "Later" (the earlier run stays for the next start), then the app quits."""
    from cnnviz.nn import checkpoint
    from cnnviz.nn.model import Sequential

    folder = tmp_path / "data" / "cnnviz"
    folder.mkdir(parents=True)
    model = Sequential.from_spec("tiny").initialise(0)
    earlier = checkpoint.save(
        folder / "autosave-999999999-abcd.npz", model.spec, model.state_dict(), {"step": 12, "saved_at": time.time()}
    )
    script = tmp_path / "gui_with_offer.py"
    script.write_text(textwrap.dedent(DIALOG_SCRIPT))
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        PYTHONPATH=str(REPO),
        XDG_DATA_HOME=str(tmp_path / "data"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
    )
    process = subprocess.Popen(
        [sys.executable, str(script)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert wait_for_line(process, lambda line: line.strip() == "dialog open"), "no restore offer"
        process.send_signal(signal.SIGTERM)
        code = process.wait(60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    stderr = process.stderr.read()
    assert code == 128 + signal.SIGTERM, (code, stderr[-2000:])
    assert "Traceback" not in stderr, stderr[-2000:]
    assert [o.offer.step for o in autosave.orphans(folder)] == [12] and earlier.exists()

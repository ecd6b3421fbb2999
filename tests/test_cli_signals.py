"""SIGTERM and SIGHUP stop ``cnnviz train`` like Ctrl-C: after the current step, evaluate (a
second signal skips that), save, exit 128 + the signal; a signal during the save never
interrupts it (issue 18: SIGTERM used to exit at once and lose the run)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from cnnviz.cli import main
from cnnviz.nn import checkpoint
from cli_fixtures import user_data_home  # noqa: F401 - autouse: a private user data folder

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")
TRAIN = ("train", "--net", "tiny", "--backend", "numpy", "--eval-every", "0")



def _signal_at_step(monkeypatch, step: int, signals: list[int]):
    """Send ``signals`` to ourselves when training step ``step`` finishes (as ``kill`` would)."""
    from cnnviz.train import events as ev
    from cnnviz.train.trainer import Trainer

    original = Trainer._emit

    def emit(self, event):
        original(self, event)
        if isinstance(event, ev.StepFinished) and event.step == step:
            for number in signals:
                os.kill(os.getpid(), number)

    monkeypatch.setattr(Trainer, "_emit", emit)


def test_sigterm_saves_the_run_and_exits_143(tmp_path):
    path = tmp_path / "X.npz"
    proc = subprocess.Popen([sys.executable, "-m", "cnnviz", "train", "--net", "tiny", "--backend", "numpy",
                             "--steps", "100000", "--save", str(path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while proc.poll() is None and time.monotonic() < deadline:
        if proc.stderr.readline().startswith("step "):  # the first progress line: training is under way
            break
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 143, err
    assert "SIGTERM received: stopping: final evaluation on the test set" in err
    assert "Traceback" not in err and f"saved {path}" in out
    assert checkpoint.load(path).step > 0


def test_sighup_saves_the_run_and_exits_129(capsys, tmp_path, monkeypatch):
    _signal_at_step(monkeypatch, 2, [signal.SIGHUP])
    path = tmp_path / "m.npz"
    handlers = {n: signal.getsignal(n) for n in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)}
    code = main([*TRAIN, "--steps", "1000", "--save", str(path), "--json"])
    out, err = capsys.readouterr()
    assert code == 129, err
    assert {n: signal.getsignal(n) for n in handlers} == handlers  # put back after the run
    assert "SIGHUP received: stopping: final evaluation on the test set" in err
    result = json.loads(out)
    assert result["stopped"] and result["test_accuracy"] is not None  # evaluated, then saved
    assert checkpoint.load(path).step == result["steps"] >= 2


def test_a_second_signal_skips_the_evaluation_and_one_during_the_save_is_ignored(capsys, tmp_path, monkeypatch):
    real_save = checkpoint.save
    during = []

    def save_interrupted(*args, **kwargs):
        os.kill(os.getpid(), signal.SIGTERM)  # another kill, mid-save
        time.sleep(0.2)  # the handler runs here
        during.append(True)
        return real_save(*args, **kwargs)

    monkeypatch.setattr(checkpoint, "save", save_interrupted)
    _signal_at_step(monkeypatch, 2, [signal.SIGTERM, signal.SIGHUP])
    path = tmp_path / "m.npz"
    code = main([*TRAIN, "--steps", "1000", "--save", str(path), "--json"])
    out, err = capsys.readouterr()
    assert code == 143, err  # the first signal's status
    assert "stopping: final evaluation skipped; the model will still be saved" in err
    assert "saving... (a second signal is ignored until saved)" in err
    result = json.loads(out)
    assert during and result["test_accuracy"] is None and result["saved"] == str(path)
    assert checkpoint.load(path).step >= 2

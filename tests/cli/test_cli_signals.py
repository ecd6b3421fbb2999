"""SIGTERM and SIGHUP stop ``cnnviz train`` like Ctrl-C: after the current step, evaluate (a
second signal skips that), save, exit 128 + the signal; a signal during the save never
interrupts it (issue 18: SIGTERM used to exit at once and lose the run)."""

from __future__ import annotations

import json
import os
import signal
import sys
import time

import pytest

from cli_fixtures import (
    TRAIN,
    signal_at_steps,
    training_under_way,
    user_data_home,  # noqa: F401 - autouse: a private user data folder
)
from cnnviz.cli import main
from cnnviz.cli.progress import ProgressPrinter
from cnnviz.nn import checkpoint

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")


def test_sigterm_saves_the_run_and_exits_143(tmp_path):
    path = tmp_path / "X.npz"
    proc = training_under_way(path)
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 143, err
    assert "SIGTERM received: stopping: final evaluation on the test set" in err
    assert "Traceback" not in err and f"saved {path}" in out
    assert checkpoint.load(path).step > 0


def test_sighup_saves_the_run_and_exits_129(capsys, tmp_path, monkeypatch):
    signal_at_steps(monkeypatch, {2}, [signal.SIGHUP])
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
    signal_at_steps(monkeypatch, {2}, [signal.SIGTERM, signal.SIGHUP])
    path = tmp_path / "m.npz"
    code = main([*TRAIN, "--steps", "1000", "--save", str(path), "--json"])
    out, err = capsys.readouterr()
    assert code == 143, err  # the first signal's status
    assert "stopping: final evaluation skipped; the model will still be saved" in err
    assert "saving... (a second signal is ignored until saved)" in err
    result = json.loads(out)
    assert during and result["test_accuracy"] is None and result["saved"] == str(path)
    assert checkpoint.load(path).step >= 2


def _libc_kill_twice(signum: int) -> None:
    """Two deliveries of ``signum`` before Python runs any handler (as two ``kill`` commands during one step's C code:
    libc's ``system`` waits for the shell without returning to the interpreter). The pause between them lets the
    first be delivered (the kernel merges a signal sent while the same one is still pending)."""
    import ctypes

    pid = os.getpid()
    command = f"kill -{int(signum)} {pid}; sleep 0.2; kill -{int(signum)} {pid}"
    assert ctypes.CDLL(None).system(command.encode()) == 0


def test_two_sigterms_within_one_step_count_as_two(capsys, tmp_path, monkeypatch):
    from cnnviz.train import events as ev
    from cnnviz.train.trainer import Trainer

    original = Trainer._emit

    def emit(self, event):
        original(self, event)
        if isinstance(event, ev.StepFinished) and event.step == 2:
            _libc_kill_twice(signal.SIGTERM)

    monkeypatch.setattr(Trainer, "_emit", emit)
    path = tmp_path / "m.npz"
    code = main([*TRAIN, "--steps", "1000", "--save", str(path), "--json"])
    out, err = capsys.readouterr()
    assert code == 143, err
    assert "stopping: final evaluation skipped; the model will still be saved" in err, err
    assert json.loads(out)["test_accuracy"] is None  # the second signal skipped the evaluation


@pytest.fixture(scope="module")
def small_data(tmp_path_factory):
    """A 256-image training set and a 128-image test set (the final evaluation takes milliseconds)."""
    import numpy as np

    from cnnviz.data.datasets import load_dataset

    mnist = load_dataset("mnist")
    folder = tmp_path_factory.mktemp("small-mnist")

    def idx(array, code):
        array = np.ascontiguousarray(array, dtype=np.uint8)
        return bytes([0, 0, code, array.ndim]) + np.asarray(array.shape, dtype=">u4").tobytes() + array.tobytes()

    def as_bytes(images):
        images = np.asarray(images)
        return np.clip(np.rint(images * 255 if images.dtype.kind == "f" else images), 0, 255).reshape(-1, 28, 28)

    (folder / "train-images-idx3-ubyte").write_bytes(idx(as_bytes(mnist.train_images[:256]), 0x08))
    (folder / "train-labels-idx1-ubyte").write_bytes(idx(mnist.train_labels[:256], 0x08))
    (folder / "t10k-images-idx3-ubyte").write_bytes(idx(as_bytes(mnist.test_images[:128]), 0x08))
    (folder / "t10k-labels-idx1-ubyte").write_bytes(idx(mnist.test_labels[:128], 0x08))
    return folder


class _Stderr:
    """stderr as the interpreter's is: a write entered while another is under way raises the
    ``RuntimeError`` a BufferedWriter raises (what a signal handler that printed ran into)."""

    def __init__(self, during_write=None):
        self.lines, self.writing, self.during_write = [], False, during_write

    def write(self, text):
        if self.writing:
            raise RuntimeError("reentrant call inside <_io.BufferedWriter name='<stderr>'>")
        self.writing = True
        try:
            if self.during_write is not None:
                self.during_write()
            self.lines.append(text)
        finally:
            self.writing = False
        return len(text)

    def flush(self):
        pass

    def isatty(self):
        return False

    @property
    def text(self):
        return "".join(self.lines)


POINTS = (1, 4, 16, 64, 256, 1024, 4096)
"""The n-th Python function call after training step 1 at which SIGTERM comes: all over a step, its bookkeeping
and the printing (a step of the tiny network on 64 images makes about 500 calls here)."""


@pytest.mark.parametrize("where", ["in a step", "inside a write to stderr"])
def test_the_stop_message_evaluation_and_summary_appear_whenever_the_signal_comes(
    small_data, tmp_path, monkeypatch, capsys, where
):
    from cnnviz.train import events as ev
    from cnnviz.train.trainer import Trainer

    original = Trainer._emit
    sent = []
    plan = {"calls": None, "at": 0}

    def kill():
        if not sent:
            sent.append(True)
            os.kill(os.getpid(), signal.SIGTERM)

    def count_calls(_frame, event, _arg):
        if event == "call" and plan["calls"] is not None:
            plan["calls"] += 1
            if plan["calls"] >= plan["at"]:
                kill()

    def emit(self, event):
        original(self, event)
        if isinstance(event, ev.StepFinished) and event.step == 1:
            if where == "in a step":
                plan["calls"] = 0
            else:
                plan["armed"] = True  # the next line written (step 2's) brings the signal

    monkeypatch.setattr(Trainer, "_emit", emit)
    # A progress line at every step (not every 5 s): writes all along the run.
    monkeypatch.setattr(ProgressPrinter.__init__, "__defaults__", (False, None, 0.0))
    points = POINTS if where == "in a step" else (None,)
    for at in points:
        sent.clear()
        plan.update(calls=None, at=at, armed=False)
        stream = _Stderr(during_write=lambda: kill() if plan["armed"] else None)
        monkeypatch.setattr(sys, "stderr", stream)
        path = tmp_path / f"m{at}.npz"
        sys.setprofile(count_calls)
        try:
            code = main(
                [
                    "train",
                    "--net",
                    "tiny",
                    "--backend",
                    "numpy",
                    "--eval-every",
                    "0",
                    "--data",
                    str(small_data),
                    "--steps",
                    "40",
                    "--save",
                    str(path),
                ]
            )
        finally:
            sys.setprofile(None)
        out = capsys.readouterr().out
        err = stream.text
        assert sent, f"the signal was never sent (point {at})"
        assert code == 143, (at, err)
        assert "SIGTERM received: stopping: final evaluation on the test set" in err, (at, err)
        assert "test accuracy" in err.split("SIGTERM received")[-1].split("stopped:")[0], (at, err)  # the evaluation
        assert (
            "stopped: " in err and "; test accuracy " in err.split("stopped: ")[-1] and "test accuracy n/a" not in err
        ), (at, err)  # the summary
        assert f"saved {path}" in out and checkpoint.load(path).step >= 1


def test_a_reentrant_or_would_block_write_loses_one_line_not_the_stream():
    class Flaky:
        def __init__(self):
            self.lines, self.fail_next = [], []

        def write(self, text):
            if self.fail_next:
                raise self.fail_next.pop(0)
            self.lines.append(text)

        def flush(self):
            pass

    stream = Flaky()
    printer = ProgressPrinter(stream=stream)
    stream.fail_next = [
        RuntimeError("reentrant call inside <_io.BufferedWriter name='<stderr>'>"),
        BlockingIOError(11, "Resource temporarily unavailable"),
    ]
    printer.warn("lost to the reentrant write")
    printer.warn("lost to the full pipe")
    printer.warn("printed")
    assert not printer.broken and "printed" in "".join(stream.lines)
    stream.fail_next = [BrokenPipeError(32, "Broken pipe")]
    printer.warn("the reader is gone")
    printer.warn("not written")
    assert printer.broken and "not written" not in "".join(stream.lines)

"""Fixtures the command-line tests share (imported by those that need them: a conftest.py here would also
reach the bench and devices tests)."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def user_data_home(tmp_path_factory, monkeypatch):
    """cnnviz train saves to the user data folder by default: never the real one in tests."""
    home = tmp_path_factory.mktemp("xdg-data")
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home


TRAIN = ("train", "--net", "tiny", "--backend", "numpy", "--eval-every", "0")
"""A quick training run's arguments (the tiny net on NumPy, no evaluation on the way)."""


def signal_at_steps(monkeypatch, steps: set[int], signals: list[int]) -> None:
    """Send ``signals`` to ourselves when each training step in ``steps`` finishes (as ``kill`` or Ctrl-C would)."""
    from cnnviz.train import events as ev
    from cnnviz.train.trainer import Trainer

    original = Trainer._emit

    def emit(self, event):
        original(self, event)
        if isinstance(event, ev.StepFinished) and event.step in steps:
            for number in signals:
                os.kill(os.getpid(), number)

    monkeypatch.setattr(Trainer, "_emit", emit)


def training_under_way(save_to: Path, seconds: float = 60) -> subprocess.Popen:
    """``cnnviz train`` of the tiny net for 100,000 steps, saving to ``save_to``, in a process of its own (text
    pipes), returned once its first progress line says training is under way (or it ended, or ``seconds`` passed)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "cnnviz", "train", "--net", "tiny", "--backend", "numpy", "--steps", "100000"]
        + ["--save", str(save_to)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + seconds
    while proc.poll() is None and time.monotonic() < deadline:
        if proc.stderr.readline().startswith("step "):
            break
    return proc

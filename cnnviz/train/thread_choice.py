"""The CPU worker count a run trains with, chosen by measurement and remembered per machine.

At a run's warm-up the trainer asks its backend to ``choose_threads`` (the numba backend times a few
training steps of a private copy of the network at 1, 2, 4, ... threads: numba_cpu/thread_probe.py);
``ThreadChoices`` keeps each choice in ``numba-threads.json`` in the user's cache folder, so the probe
runs once per machine, network and batch size. ``CNNVIZ_THREAD_CHOICES`` names another file, or ``off``
(no probe: every core, as before; the test suite sets it).
"""

from __future__ import annotations

import json
import os
import statistics
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..data.file_writing import FileWriteError, atomic_write_text
from ..data.files import FileProblem, read_json_file
from ..nn.model import Sequential
from ..nn.optim import Optimizer
from .step import training_step

ENV = "CNNVIZ_THREAD_CHOICES"
FILE_NAME = "numba-threads.json"
MAX_BYTES = 64 * 1024
MAX_ENTRIES = 200
MAX_THREADS = 4096
TIMED_STEPS = 3
"""Steps timed at each thread count (after one untimed step); the median counts."""


class ThreadChoices:
    """A small JSON object {machine and network: threads}; an unreadable or hostile file counts as empty."""

    def __init__(self, path: Path | None):
        self.path = None if path is None else Path(path)
        """None: nowhere to keep choices (no home folder); the probe runs at each start."""

    def _load(self) -> dict[str, int]:
        if self.path is None:
            return {}
        try:
            data = read_json_file(self.path, MAX_BYTES, max_depth=2)
        except (FileProblem, OSError):
            return {}
        if not isinstance(data, dict):
            return {}
        return {k: v for k, v in data.items() if isinstance(k, str) and type(v) is int and 1 <= v <= MAX_THREADS}

    def get(self, key: str) -> int | None:
        return self._load().get(key)

    def put(self, key: str, threads: int) -> None:
        if self.path is None:
            return
        choices = self._load()
        choices.pop(key, None)
        choices[key] = int(threads)  # the newest last; the oldest go first when the file is full
        text = json.dumps(dict(list(choices.items())[-MAX_ENTRIES:]), indent=1)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(self.path, text)
        except (OSError, FileWriteError):
            pass  # a read-only cache folder: the probe runs again next time


def default_store() -> ThreadChoices | None:
    """The store ``CNNVIZ_THREAD_CHOICES`` names, else the user cache folder's; None for ``off``."""
    named = os.environ.get(ENV, "").strip()
    if named.lower() == "off":
        return None
    if named:
        return ThreadChoices(Path(named))
    try:
        import platformdirs

        return ThreadChoices(Path(platformdirs.user_cache_dir("cnnviz", appauthor=False)) / FILE_NAME)
    except Exception:  # noqa: BLE001 - no home folder: no memory, the probe runs at each start
        return ThreadChoices(None)


def step_timer(backend, spec: str, dtype, batch: int, optimizer: str, images: np.ndarray, labels: np.ndarray):
    """``seconds()``: the median time of a few training steps of a fresh copy of ``spec`` on ``backend``
    at its thread count now (the run's own model and optimizer are not touched). Built at the first call."""
    state = {}

    def seconds() -> float:
        if not state:
            count = min(len(images), max(batch, 1) * 2)
            state["model"] = (
                Sequential.from_spec(spec, num_classes=None).initialise(0, dtype).to(backend)
            )  # (2-10 outputs)
            state["opt"] = Optimizer(optimizer).to(backend)
            state["data"] = backend.upload_dataset(images[:count], labels[:count])
            state["stats"] = backend.new_step_stats(1)
            state["indices"] = np.arange(min(batch, count)) % count
        times = []
        for k in range(TIMED_STEPS + 1):
            start = time.perf_counter()
            training_step(
                backend, state["model"], state["opt"], state["data"], state["indices"], state["stats"], 0, k, 1e-3
            )
            backend.synchronize()
            times.append(time.perf_counter() - start)
        return statistics.median(times[1:])  # the first at a new count warms its pool's threads

    return seconds


@dataclass(frozen=True)
class ThreadChoice:
    """The worker count a run trains with, and how it was chosen."""

    threads: int
    how: str
    """``given`` (``--threads N``), ``remembered`` (probed on this machine before), ``probed`` (measured now)
    or ``every core`` (no probe: ``CNNVIZ_THREAD_CHOICES=off``)."""
    seconds: dict[int, float] | None = None
    """Seconds per step at each count the probe tried (``probed`` only)."""
    busy_load: float | None = None
    """The load average that kept a probe's choice from being remembered (``probed`` on a busy machine)."""

    def describe(self) -> str:
        """``2 threads (probed: 1 -> 41.0 ms, 2 -> 30.1 ms a step)`` and the like, for a summary line."""
        text = f"{self.threads} thread{'s' if self.threads != 1 else ''} ({self.how}"
        if self.seconds:
            text += ": " + ", ".join(f"{k} -> {1e3 * v:.1f} ms" for k, v in self.seconds.items()) + " a step"
        if self.busy_load is not None:
            text += f"; not remembered: the machine was busy, load {self.busy_load:.1f}"
        return text + ")"


def choose_threads(
    backend, spec: str, dtype, batch: int, optimizer: str, images, labels, given: int | None = None
) -> ThreadChoice | None:
    """The backend's worker count for this run (None where it has none): given, remembered, measured, or
    every core where the probe is off (``CNNVIZ_THREAD_CHOICES=off``)."""
    if getattr(backend, "threads_how", None) is None:
        return None  # NumPy (its BLAS threads are set elsewhere), GPUs
    store = default_store()
    if store is None and given is None:
        return ThreadChoice(backend.use_every_core(), backend.threads_how)
    timer = step_timer(backend, spec, dtype, batch, optimizer, images, labels)
    threads = backend.choose_threads(f"{spec} | batch {batch} | {np.dtype(dtype).name}", timer, store, given)
    if threads is None:
        return None
    probed = backend.probe_result if backend.threads_how == "probed" else None
    if probed is None:
        return ThreadChoice(int(threads), backend.threads_how)
    return ThreadChoice(int(threads), "probed", dict(probed.seconds), backend.probe_busy_load)

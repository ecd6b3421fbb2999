"""The machine ``cnnviz bench`` runs on: its cores and threads, the backend opened with them, its
sgemm peak, its load average before and after (a busy machine makes the ratios unreliable), and
what it is (platform, versions)."""

from __future__ import annotations

import os
import platform

import numpy as np

from ..backends import registry
from ..backends.base import BackendUnavailable
from ..machine_load import load_average

BUSY_LOAD = 0.5
"""A 1-minute load average at or above this before the bench starts: another program is running,
and the timings and ratios are unreliable."""
BUSY = "unreliable (machine busy)"


def cpu_count() -> int:
    return os.cpu_count() or 1


def open_backend(name: str, threads: int | None):
    """The backend, honouring --threads where the backend has a thread count."""
    if threads is not None and name == "numba":
        try:
            from ..backends import numba_cpu

            return numba_cpu.create(threads=threads)
        except BackendUnavailable:
            raise
        except ImportError as exc:
            raise BackendUnavailable(f"cannot import {exc.name}: {exc}") from exc
    return registry.get(name)


def choose_threads(be, name: str, spec: str, batch: int, optimizer: str, images, labels, say) -> dict | None:
    """The worker count ``be`` runs on, as ``cnnviz train`` and the window choose it: ``--threads N`` (the
    backend was made with it), else the count the thread probe remembers for this machine and network, else
    measured now (``train/thread_choice.py``); said, and returned for the report (None: no such count)."""
    from ..train.thread_choice import choose_threads as choose

    choice = choose(be, spec, np.float32, batch, optimizer, images, labels)
    if choice is None:
        return None
    say(f"{name}: {choice.describe()}")
    return {
        "threads": choice.threads,
        "threads_how": choice.how,
        "probe_seconds": None if choice.seconds is None else {str(k): v for k, v in choice.seconds.items()},
    }


def set_blas_threads(threads: int | None) -> None:
    if threads is None:
        return
    from ..backends.blas_threads import blas_threads

    blas_threads(threads)


def cpu_threads(be, threads: int | None) -> int:
    """Threads a CPU backend computes on (for its fraction of the sgemm peak)."""
    if getattr(be, "threads", None):
        return int(be.threads)
    if threads is not None:
        return threads
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def sgemm_peak_module():
    """``cnnviz.backends.sgemm_peak``, or None where this build has no such module."""
    import importlib

    try:
        return importlib.import_module("cnnviz.backends.sgemm_peak")
    except ImportError:
        return None


def measure_peak(module, be, threads: int) -> tuple[str, float]:
    """The sgemm peak the way ``be``'s layers run, and its name in the report: single-threaded
    sgemm on each of the numba backend's workers at once, else BLAS on ``threads`` threads."""
    workers = getattr(module, "measure_worker_sgemm_peak", None)
    if getattr(be, "threads", None) and workers is not None:
        return f"{threads} workers", float(workers(threads))
    return str(threads), float(module.measure_sgemm_peak(threads))


def describe_load(load) -> str:
    return "load average unavailable" if load is None else "load average " + " ".join(f"{v:.2f}" for v in load)


def describe_machine(threads: int | None, torch=None) -> dict:
    info = {
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "cpu_count": os.cpu_count(),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "threads": threads,
    }
    try:
        import numba

        info["numba"] = numba.__version__
    except Exception:  # noqa: BLE001 - optional
        info["numba"] = None
    info["torch"] = torch.__version__ if torch is not None else None
    return info


def busy_load() -> float:
    """The 1-minute load average from which the machine counts as busy: ``BUSY_LOAD`` on up to two cores
    (this project's machines), a quarter of the cores on bigger ones (a GPU host's 16 cores at load 1.1
    are idle for a benchmark of one process)."""
    return max(BUSY_LOAD, 0.25 * cpu_count())


def load_before(say) -> tuple[tuple[float, float, float] | None, bool]:
    load_before = load_average()
    busy = load_before is not None and load_before[0] >= busy_load()
    say(f"before: {describe_load(load_before)}")
    if busy:
        say(
            f"warning: the machine is busy (1-minute load average {load_before[0]:.2f} >= {busy_load():g} before "
            f"starting): another program shares the cores; times and ratios below are {BUSY}"
        )
    return load_before, busy


def add_load_after(report: dict, load_before, busy: bool, say) -> None:
    """The load average after the run beside the one before, and whether the ratios can be trusted."""
    load_after = load_average()
    say(f"after: {describe_load(load_after)}")
    report["load_average"] = {
        "before": None if load_before is None else list(load_before),
        "after": None if load_after is None else list(load_after),
    }
    report["machine_busy"] = busy
    report["ratios"] = BUSY if busy else None

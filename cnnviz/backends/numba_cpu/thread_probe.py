"""The numba backend's worker count, chosen by measurement.

More workers are not always faster: on a 16-core Xeon the seed net trained at 2,913 images/s on 8
threads and 1,798 on 16 (docs/performance.md), so ``auto`` (every core) was the worst choice there.
At the first start of a network on a machine the backend times a few training steps at 1, 2, 4, ...
threads up to the core count, stops when a count is no faster than the best so far, and takes the
fastest count it measured (never more threads for a slower step); the choice is remembered per
machine (CPU model, core count, numba version, network and batch) by whoever passes a store, but only
when the machine was quiet as the probe began: other programs on the cores make fewer threads look
faster (on the 2-core development machine a probe under load kept 1 thread for the seed net, 0.99x
PyTorch's speed, where 2 threads give 1.4-1.5x), and a choice made then would be kept for good.
"""

from __future__ import annotations

import platform
import subprocess
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ...machine_load import load_average

BUSY_FRACTION = 0.5
"""The probe's choice is not remembered when the 1-minute load average as it begins is at least this
fraction of the cores (other programs keep them busy; the count is still used for this run)."""

FASTER = 0.97
"""A count must take at most this fraction of the best step time so far to count as faster (timing noise)."""


def candidate_counts(cores: int) -> list[int]:
    """1, 2, 4, ... below ``cores``, then ``cores`` itself."""
    counts, k = [], 1
    while k < cores:
        counts.append(k)
        k *= 2
    return counts + [max(1, cores)]


@dataclass(frozen=True)
class ProbeResult:
    threads: int
    """The fastest count measured (the fewer threads of two equal times)."""
    seconds: Mapping[int, float]
    """Seconds per training step at each count tried, in the order tried."""


def probe(seconds_at: Callable[[int], float], cores: int) -> ProbeResult:
    """Time a step at each candidate count (``seconds_at(threads)``) until one is not faster than the best."""
    seconds: dict[int, float] = {}
    for threads in candidate_counts(cores):
        best_so_far = min(seconds.values(), default=None)
        seconds[threads] = float(seconds_at(threads))
        if best_so_far is not None and seconds[threads] > best_so_far * FASTER:
            break  # it stopped getting faster: more threads will not help either
    return ProbeResult(min(seconds, key=lambda k: (seconds[k], k)), seconds)


def busy_load(cores: int) -> float | None:
    """The load average when other programs keep at least ``BUSY_FRACTION`` of ``cores`` busy, else None
    (a quiet machine, or no load average to tell: a probe there is remembered as before)."""
    averages = load_average()
    load = None if averages is None else averages[0]
    return load if load is not None and load >= BUSY_FRACTION * max(1, cores) else None


def cpu_model() -> str:
    """The processor's name as the OS gives it (``platform.machine()`` where it gives none)."""
    name = ""
    try:
        if sys.platform.startswith("linux"):
            with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
                text = f.read(1 << 20)  # bounded: the first CPU's lines come first
            for line in text.splitlines():
                if line.split(":")[0].strip() in ("model name", "Hardware", "Processor"):
                    name = line.split(":", 1)[1].strip()
                    break
        elif sys.platform == "darwin":
            name = subprocess.run(
                ["sysctl", "-n", "machdep.cpu.brand_string"], capture_output=True, text=True, timeout=5
            ).stdout.strip()
        else:
            name = platform.processor()
    except (OSError, subprocess.SubprocessError, IndexError):
        name = ""
    return (name or platform.machine() or "unknown CPU")[:200]


def machine_key(net: str, cores: int, numba_version: str) -> str:
    """What a remembered choice holds for: this CPU model, core count and numba version, this network."""
    return f"{cpu_model()} | {cores} cores | numba {numba_version} | {net}"[:500]

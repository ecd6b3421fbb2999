"""How busy the machine is: its load average, where the system keeps one (not on Windows).

Read before a measurement whose result other programs would spoil: ``cnnviz bench`` reports it beside its
timings, and the numba backend's thread probe remembers no choice made on a busy machine. No Qt; any layer
uses it.
"""

from __future__ import annotations

import os


def load_average() -> tuple[float, float, float] | None:
    """The 1, 5 and 15-minute load averages, or None where the system has none (Windows)."""
    try:
        return tuple(float(v) for v in os.getloadavg())
    except (AttributeError, OSError):
        return None

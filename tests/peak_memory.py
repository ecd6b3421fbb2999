"""The peak memory a call allocates (tracemalloc), for the "bounded before anything is allocated" tests.

tracemalloc counts every thread's allocations, and a pytest worker may still have another test's thread finishing
(CI once saw a 14 MB peak from a call that allocates 5 KB). A thread's transient allocation does not come back on
the next try; a call that really costs that much does, every time. So a peak over ``limit`` is measured again, up
to ``tries`` times, and the smallest is returned: a real regression still fails.
"""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def traced_peak(call: Callable[[], T]) -> tuple[T, int]:
    """``call()``'s result and the peak bytes traced while it ran."""
    tracemalloc.start()
    try:
        result = call()
        return result, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def least_peak(call: Callable[[], T], limit: float, tries: int = 3) -> tuple[T, int]:
    """``call()``'s result and its peak, measured again (up to ``tries`` times) while the peak is over ``limit``.

    ``call`` must be repeatable (the same work each time); its last result is returned."""
    result, peak = traced_peak(call)
    for _ in range(tries - 1):
        if peak < limit:
            break
        result, again = traced_peak(call)
        peak = min(peak, again)
    return result, peak

"""Handing freed memory back to the system when a run ends (glibc on Linux; elsewhere nothing to do).

glibc's malloc keeps memory that was freed for later use instead of returning it: heap pages below
the top of each thread's arena, and, once a large block (up to 32 MiB) was freed, its dynamic mmap
threshold rises so that later blocks of that size come from the heap as well. The numba backend's
worker threads each have an arena, so after a run at a large batch size the process's resident
memory stayed up to 150 MB above what it used (issue 33's monkey: 710 MB resident, 561 MB after
``malloc_trim``). ``malloc_trim(0)`` returns those free pages; it takes milliseconds, so the trainer
calls it when its run ends or its batch size changes, never per step.

glibc also gives each thread that allocates its own arena, up to eight per core, and a thread's
arena keeps about 32 MB resident after its thread's work is done, which ``malloc_trim`` does not take
back: the window's first occlusion map in a background job added 32 MB for good (none with
``MALLOC_ARENA_MAX=1``). ``limit_arenas`` caps them at one per core, which the window does at start.

Memory is also freed where no run ends: a fine-tune's mixed data set, a background job's activations, a
finished run's data when its Trainer is collected (after ``run`` trimmed). Under the monkey (issue 33)
the heap in use came back to 165 MB after such peaks while glibc kept 131 MB of it free and about 95 MB
of that resident. ``KeptMemory`` trims only when much is free and the resident memory rose since its last
trim, so the window can ask every few seconds for the price of one ``mallinfo2`` and one read of
``/proc/self/statm`` (microseconds).

A trim does not return the free top of a thread's heap, where large blocks land once glibc's mmap
threshold has risen: ``fix_mmap_threshold`` keeps blocks of 4 MiB and more mmapped, which the window
does at start.
"""

from __future__ import annotations

import ctypes
import os
import sys
import time


def _glibc(name: str, argtypes: list, restype):
    """glibc's function ``name``, typed; None off Linux or where the C library has none (musl has none of
    these; glibc before 2.33 no ``mallinfo2``)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        function = getattr(ctypes.CDLL(None), name)
    except (OSError, AttributeError):
        return None
    function.argtypes, function.restype = argtypes, restype
    return function


_trim = None
"""glibc's ``malloc_trim``, once looked up; False where there is none."""


def _malloc_trim():
    global _trim
    if _trim is None:
        _trim = _glibc("malloc_trim", [ctypes.c_size_t], ctypes.c_int) or False
    return _trim


M_ARENA_MAX = -8
"""glibc's ``mallopt`` parameter for the most arenas (malloc.h)."""


M_MMAP_THRESHOLD = -3
"""glibc's ``mallopt`` parameter for the size from which blocks are mmapped (malloc.h)."""

MMAP_THRESHOLD = 4 * 2**20
"""Blocks of this size and more are mmapped, and unmapped when freed (``fix_mmap_threshold``)."""


def fix_mmap_threshold(size: int = MMAP_THRESHOLD) -> bool:
    """Blocks of ``size`` bytes and more always mmapped from now on (glibc on Linux), so that freeing one
    hands its pages back at once. By default glibc raises its threshold to the largest block freed so far
    (up to 32 MiB), after which such blocks come from the arenas, whose free memory at the top of a
    thread's heap ``malloc_trim`` does not return: under the monkey a batch of 364 left 35-45 MB resident
    that no trim gave back, 5-14 MB with the threshold fixed (issue 33). False where it was not done
    (another C library or system, or ``MALLOC_MMAP_THRESHOLD_`` set: the user's choice stands)."""
    import os

    if not sys.platform.startswith("linux") or os.environ.get("MALLOC_MMAP_THRESHOLD_"):
        return False
    return _mallopt(M_MMAP_THRESHOLD, max(1, int(size)))


def _mallopt(parameter: int, value: int) -> bool:
    mallopt = _glibc("mallopt", [ctypes.c_int, ctypes.c_int], ctypes.c_int)
    return mallopt is not None and mallopt(parameter, value) == 1


def limit_arenas(count: int) -> bool:
    """At most ``count`` (at least 1) malloc arenas from now on: glibc on Linux, where it must be called
    before the threads that would make more start; False where it was not done (another C library, or
    ``MALLOC_ARENA_MAX`` already set in the environment: the user's choice stands)."""
    import os

    if not sys.platform.startswith("linux") or os.environ.get("MALLOC_ARENA_MAX"):
        return False
    return _mallopt(M_ARENA_MAX, max(1, int(count)))


class _Mallinfo2(ctypes.Structure):
    """glibc's ``struct mallinfo2`` (malloc.h, glibc 2.33 and later): ten size_t counters."""

    _fields_ = [
        (name, ctypes.c_size_t)
        for name in ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks")
        + ("uordblks", "fordblks", "keepcost")
    ]


_info = None
"""glibc's ``mallinfo2``, once looked up; False where there is none."""


def _mallinfo2():
    global _info
    if _info is None:
        _info = _glibc("mallinfo2", [], _Mallinfo2) or False
    return _info


def heap_bytes() -> tuple[int, int] | None:
    """``(in_use, free)``: the bytes the program's live allocations hold (mmapped blocks too), and the bytes
    malloc keeps freed in its arenas; None where the C library does not say (macOS, Windows, musl, glibc
    before 2.33). ``free`` counts pages already given back by ``malloc_trim`` as well: an upper bound of
    what a trim can return."""
    info = _mallinfo2()
    if not info:
        return None
    counts = info()
    return int(counts.uordblks + counts.hblkhd), int(counts.fordblks)


KEPT_FREE_LIMIT = 16 * 2**20
"""``KeptMemory`` trims once this much more was freed: under it, a trim returns little for its cost. At 48 MB
(session 41) the window trimmed 0-3 times in 10-minute monkey runs while glibc's free heap rose to 23-56 MB: one
trim at the end of such a run (seed 3) gave back 17 MB, the growth of its resident memory after the warm-up
(issue 33, session 42). At 16 MB the window trimmed 9-17 times in 10 minutes, 61-199 ms in all under load."""


class KeptMemory:
    """Gives back what malloc keeps freed, when much was freed since the last trim: ``check()`` trims when
    the heap holds more than ``limit`` free bytes and the process's resident memory rose more than ``limit``
    above its level after the last trim (its lowest since). Free pages a trim returned already are not
    trimmed again (each trim of a heap with 100 MB free costs about 13 ms: worth paying only for pages
    made resident again); pages used again and freed between two looks are, since they raised the resident
    memory (the free count alone cannot see them: it is as high before their use as after). Nothing where
    the C library cannot say (``heap_bytes`` or ``resident_bytes`` None)."""

    def __init__(self, limit: int = KEPT_FREE_LIMIT):
        self.limit = int(limit)
        self.base: int | None = None
        """Resident bytes after the last trim, or the lowest since (None before the first look)."""
        self.trims = 0
        self.trim_seconds = 0.0
        """The time the trims took in all (they run on the caller's thread: the window's)."""

    def check(self) -> bool:
        """Trim if enough is free and the resident memory rose since the last trim; True when it trimmed."""
        counts, resident = heap_bytes(), resident_bytes()
        if counts is None or resident is None:
            return False
        if self.base is not None:
            self.base = min(self.base, resident)
        if counts[1] <= self.limit or (self.base is not None and resident - self.base <= self.limit):
            if self.base is None:
                self.base = resident
            return False
        self.trims += 1
        start = time.perf_counter()
        give_back_freed_memory()
        self.trim_seconds += time.perf_counter() - start
        after = resident_bytes()
        self.base = resident if after is None else after
        return True


def resident_bytes() -> int | None:
    """The process's resident memory in bytes (Linux: ``/proc/self/statm``); None where it cannot be read."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            pages = int(statm.read(64).split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def give_back_freed_memory() -> bool:
    """Return the C library's free pages to the system; True if some were (glibc on Linux), False
    where the C library has no such call (macOS, Windows, musl) or had nothing to give back."""
    trim = _malloc_trim()
    if not trim:
        return False
    return bool(trim(0))

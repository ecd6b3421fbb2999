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
"""

from __future__ import annotations

import ctypes
import sys

_trim = None
"""glibc's ``malloc_trim``, once looked up; False where there is none."""


def _malloc_trim():
    global _trim
    if _trim is None:
        _trim = False
        if sys.platform.startswith("linux"):
            try:
                _trim = ctypes.CDLL(None).malloc_trim  # absent from musl: AttributeError
                _trim.argtypes, _trim.restype = [ctypes.c_size_t], ctypes.c_int
            except (OSError, AttributeError):
                _trim = False
    return _trim


M_ARENA_MAX = -8
"""glibc's ``mallopt`` parameter for the most arenas (malloc.h)."""


def limit_arenas(count: int) -> bool:
    """At most ``count`` (at least 1) malloc arenas from now on: glibc on Linux, where it must be called
    before the threads that would make more start; False where it was not done (another C library, or
    ``MALLOC_ARENA_MAX`` already set in the environment: the user's choice stands)."""
    import os

    if not sys.platform.startswith("linux") or os.environ.get("MALLOC_ARENA_MAX"):
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt  # absent from musl: AttributeError
    except (OSError, AttributeError):
        return False
    mallopt.argtypes, mallopt.restype = [ctypes.c_int, ctypes.c_int], ctypes.c_int
    return mallopt(M_ARENA_MAX, max(1, int(count))) == 1


def give_back_freed_memory() -> bool:
    """Return the C library's free pages to the system; True if some were (glibc on Linux), False
    where the C library has no such call (macOS, Windows, musl) or had nothing to give back."""
    trim = _malloc_trim()
    if not trim:
        return False
    return bool(trim(0))

"""What the numba CPU backend's worker threads share: the buffer pool they take
large arrays from, and how work is divided among them.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import sys
import threading

import numpy as np


class Workspace:
    """Buffers reused across steps, keyed by (shape, dtype).

    A buffer is handed out again only when the pool holds the sole reference
    to it: a caller (or a layer cache, or a view) still holding it keeps it out.
    The pool keeps the ``MAX_KEYS`` shapes used most recently: a training step and an
    evaluation use at most 18 (the seed net), so a few batch sizes' buffers stay, and a
    class clicking the batch size up and down for a lesson does not pile up every size's.
    Each worker thread takes its own im2col and padding buffers of one shape at once, so a shape
    may have ``MAX_PER_KEY`` plus one buffer per thread (``for_threads``).
    ``release`` forgets them all (a run ended, its batch size or worker count changed): without it the
    pool stayed as large as the largest batch ever trained (a batch of 3000 then 64: 534 MiB kept).
    """

    MIN_ELEMENTS = 1 << 16  # smaller arrays come straight from np.empty
    MAX_PER_KEY = 6
    MAX_BYTES = 2 << 30
    MAX_KEYS = 64

    def __init__(self, threads: int = 1):
        self._buffers: dict[tuple, list[np.ndarray]] = {}
        self._bytes = 0
        self._lock = threading.Lock()
        self.max_per_key = self.MAX_PER_KEY
        self.for_threads(threads)
        self.allocations = 0
        """Buffers of at least ``MIN_ELEMENTS`` made with np.empty so far (pooled or not): after the first
        step, each one is a fresh mapping the workers page-fault into, every step."""

    def for_threads(self, threads: int) -> None:
        """Keep one more buffer per shape for each worker thread (at 16 threads the seed net took 90 fresh
        buffers, 70 MiB, every step when a shape kept 6: page faults that grew with the thread count)."""
        self.max_per_key = self.MAX_PER_KEY + threads

    def get(self, shape: tuple[int, ...], dtype) -> np.ndarray:
        dtype = np.dtype(dtype)
        size = 1
        for s in shape:
            size *= s
        if size < self.MIN_ELEMENTS:
            return np.empty(shape, dtype)
        key = (shape, dtype.str)
        with self._lock:
            bufs = self._buffers.pop(key, None)
            if bufs is None:
                bufs = []
                while len(self._buffers) >= self.MAX_KEYS:  # forget the shape used longest ago
                    oldest = next(iter(self._buffers))
                    self._bytes -= sum(b.nbytes for b in self._buffers.pop(oldest))
            self._buffers[key] = bufs  # the most recently used shape last
            for index in range(len(bufs)):
                # References: the list, getrefcount's argument. Nothing else -> free.
                if sys.getrefcount(bufs[index]) <= 2:
                    return bufs[index]
            buf = np.empty(shape, dtype)
            self.allocations += 1
            if len(bufs) < self.max_per_key and self._bytes + buf.nbytes <= self.MAX_BYTES:
                bufs.append(buf)
                self._bytes += buf.nbytes
            return buf

    def release(self) -> None:
        """Forget every pooled buffer; one still in use stays alive until its user drops it."""
        with self._lock:
            self._buffers.clear()
            self._bytes = 0

    @property
    def nbytes(self) -> int:
        """Bytes the pool keeps for reuse."""
        return self._bytes


def even_ranges(n: int, parts: int) -> list[tuple[int, int]]:
    """[0, n) in at most ``parts`` near-equal non-empty ranges."""
    parts = max(1, min(parts, n))
    edges = [n * k // parts for k in range(parts + 1)]
    return [(edges[k], edges[k + 1]) for k in range(parts)]


def default_thread_count() -> int:
    """The cores this process should run one worker on.

    macOS on Apple silicon: the performance cores only (``hw.perflevel0.physicalcpu``);
    an even split of the batch would wait for the slower efficiency cores. Linux: the
    cores this process may run on (its affinity mask). Elsewhere: ``os.cpu_count()``.
    """
    cores = _usable_cores()
    performance = performance_cores()
    if performance is not None and 0 < performance < cores:
        return performance
    return cores


def _usable_cores() -> int:
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # Windows, macOS
        return os.cpu_count() or 1


def performance_cores() -> int | None:
    """The number of performance cores where the OS tells (macOS), else None."""
    if sys.platform != "darwin":
        return None
    return sysctl_int("hw.perflevel0.physicalcpu")  # absent on Intel Macs: None


def sysctl_int(name: str) -> int | None:
    """A macOS/BSD integer sysctl through libc's sysctlbyname; None if unknown."""
    try:
        libc = _libc()
        value = ctypes.c_int(0)
        size = ctypes.c_size_t(ctypes.sizeof(value))
        status = libc.sysctlbyname(
            name.encode("ascii"), ctypes.pointer(value), ctypes.pointer(size), None, ctypes.c_size_t(0)
        )
    except (OSError, AttributeError, TypeError):
        return None
    if status != 0 or size.value != ctypes.sizeof(value):
        return None
    return int(value.value)


def _libc():
    return ctypes.CDLL(ctypes.util.find_library("c") or "libc.dylib")

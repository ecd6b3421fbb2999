"""What the numba CPU backend's worker threads share: the buffer pool they take
large arrays from, and how work is divided among them.

Work division is dynamic: an op is cut into a few more chunks than there are threads,
and every worker takes the next chunk from a shared counter until none is left. A worker
that the OS deschedules (the GUI thread, another program) holds up at most the chunk it
is in; the others take the rest. With one static range per thread the whole op waited
for the descheduled one (see docs/performance.md, the app while training).
"""

from __future__ import annotations

import ctypes
import itertools
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
    """

    MIN_ELEMENTS = 1 << 16  # smaller arrays come straight from np.empty
    MAX_PER_KEY = 6
    MAX_BYTES = 2 << 30
    MAX_KEYS = 64

    def __init__(self):
        self._buffers: dict[tuple, list[np.ndarray]] = {}
        self._bytes = 0
        self._lock = threading.Lock()

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
            if len(bufs) < self.MAX_PER_KEY and self._bytes + buf.nbytes <= self.MAX_BYTES:
                bufs.append(buf)
                self._bytes += buf.nbytes
            return buf

    def clear(self) -> None:
        with self._lock:
            self._buffers.clear()
            self._bytes = 0

    @property
    def nbytes(self) -> int:
        return self._bytes


_worker = threading.local()


def worker_slot() -> int:
    """Which worker of the op in progress this thread is (0: the calling thread)."""
    return getattr(_worker, "slot", 0)


class PerWorker:
    """Scratch buffers of one split op: one set per worker that runs its chunks (not per chunk)."""

    __slots__ = ("_sets",)

    def __init__(self, workers: int, make):
        self._sets = [make() for _ in range(max(1, workers))]

    def mine(self):
        """The calling worker's set (inside a chunk run by ``run_chunks``)."""
        return self._sets[worker_slot()]


class _Chunks:
    """The chunks of one op and the shared counter its workers take them from."""

    def __init__(self, fn, ranges):
        self.fn, self.ranges = fn, ranges
        self.take = itertools.count().__next__  # atomic under the GIL
        self.results = [None] * len(ranges)
        self.left = len(ranges)
        self.lock = threading.Lock()
        self.finished = threading.Event()
        self.error: BaseException | None = None

    def work(self, slot: int) -> None:
        _worker.slot = slot
        count = len(self.ranges)
        while True:
            index = self.take()
            if index >= count:
                return  # a late worker finds every chunk taken
            try:
                self.results[index] = self.fn(*self.ranges[index])
            except BaseException as exc:  # re-raised on the calling thread
                if self.error is None:
                    self.error = exc
            with self.lock:
                self.left -= 1
                if self.left == 0:
                    self.finished.set()


def run_chunks(pool, fn, ranges, workers: int) -> list:
    """``fn(lo, hi)`` for every range, in any order, on the calling thread and up to ``workers - 1``
    threads of ``pool``; the results in the ranges' order. Returns once every chunk is done: a
    pool thread not yet started when the calling thread has finished everything is not waited for."""
    chunks = _Chunks(fn, ranges)
    for slot in range(1, max(1, min(workers, len(ranges)))):
        pool.submit(chunks.work, slot)
    chunks.work(0)
    chunks.finished.wait()
    if chunks.error is not None:
        raise chunks.error
    return chunks.results


def chunk_ranges(n: int, threads: int, chunks_per_thread: int, min_chunk: int = 1) -> list[tuple[int, int]]:
    """[0, n) in ``threads * chunks_per_thread`` near-equal ranges for the workers to share,
    fewer where a range would be shorter than ``min_chunk`` (but at least ``threads``)."""
    parts = threads * max(1, chunks_per_thread)
    parts = min(parts, max(threads, n // max(1, min_chunk)))
    return even_ranges(n, parts)


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
        status = libc.sysctlbyname(name.encode("ascii"), ctypes.pointer(value), ctypes.pointer(size), None,
                                   ctypes.c_size_t(0))
    except (OSError, AttributeError, TypeError):
        return None
    if status != 0 or size.value != ctypes.sizeof(value):
        return None
    return int(value.value)


def _libc():
    return ctypes.CDLL(ctypes.util.find_library("c") or "libc.dylib")

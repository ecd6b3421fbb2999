"""The worker threads every op of the ``numba`` backend runs on: how many (given, remembered for this machine,
or probed: :meth:`ThreadedBackend.choose_threads`), the pool of plain threads, BLAS kept single-threaded while
they work (:meth:`ThreadedBackend._run`), how an op's work is split, and the buffer pool each step reuses
(``workers.Workspace``). The ops themselves are :class:`cnnviz.backends.numba_cpu.NumbaBackend`."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np

from .._xp import ArrayBackend
from ..blas_threads import library_threads, numpy_blas
from . import thread_probe
from .kernels import numba
from .thread_probe import ProbeResult, machine_key, probe
from .workers import Workspace, default_thread_count, even_ranges


class ThreadedBackend(ArrayBackend):
    """NumPy arrays worked on by ``threads`` workers: the calling thread and ``threads - 1`` pool threads."""

    # Below this many elements (or flops) an op runs on the calling thread only.
    min_parallel_elements = 1 << 15

    def __init__(self, threads: int | None = None):
        super().__init__(np)
        self._blas_lib, self._blas_name = numpy_blas()
        self.threads_given = threads is not None
        """A count was asked for (``bench --threads``): ``choose_threads`` keeps it."""
        self.probe_result: ProbeResult | None = None
        """What ``choose_threads`` measured, when it did."""
        self.probe_busy_load: float | None = None
        """The load average that kept the last probe's choice from being remembered (None: it was kept)."""
        self.threads_how = "given" if threads is not None else "every core"
        """How the count in force was chosen: ``given``, ``remembered``, ``probed`` or ``every core``."""
        self.threads = 0
        self._pool = None
        self._ws = Workspace()
        self.set_threads(default_thread_count() if threads is None else threads)

    def set_threads(self, threads: int) -> None:
        """Run on ``threads`` workers from the next op on (the calling thread and ``threads - 1`` pool threads)."""
        threads = int(threads)
        if threads < 1:
            raise ValueError(f"thread count must be at least 1, got {threads}")
        if threads == self.threads:
            return
        old, self._pool = (
            self._pool,
            (ThreadPoolExecutor(max_workers=threads - 1, thread_name_prefix="cnnviz-numba") if threads > 1 else None),
        )
        self.threads = threads
        self._ws.for_threads(threads)
        self._ws.release()  # each worker's chunk of the batch has another shape now
        if old is not None:
            old.shutdown(wait=True)

    def release_workspace(self) -> None:
        self._ws.release()

    def workspace_bytes(self) -> int:
        """Bytes the buffer pool keeps for the next step."""
        return self._ws.nbytes

    def workspace_allocations(self) -> int:
        """Large buffers the pool has made so far (none in a repeated step: see ``Workspace.for_threads``)."""
        return self._ws.allocations

    def choose_threads(self, net: str, step_seconds, store=None, given: int | None = None) -> int:
        """The worker count for training ``net``, chosen by measurement unless one was given: ``given`` (``train
        --threads N``), the count this backend was made with (``bench --threads N``), the count ``store``
        remembers for this machine, or the fastest that ``thread_probe.probe`` measures with ``step_seconds()``
        (seconds per training step at the count in force), which ``store`` then keeps unless the machine was
        busy as the probe began (``probe_busy_load``: the count is used for this run only).
        ``store``: ``get(key) -> int | None`` and ``put(key, threads)``, or None.
        ``threads_how`` then says which: ``given``, ``remembered`` or ``probed``."""
        if given is not None:
            self.set_threads(given)
            self.threads_how = "given"
            return self.threads
        if self.threads_given:
            self.threads_how = "given"
            return self.threads
        cores = default_thread_count()
        key = machine_key(net, cores, numba.__version__)
        remembered = store.get(key) if store is not None else None
        if remembered is not None and 1 <= remembered <= cores:
            self.set_threads(remembered)
            self.threads_how = "remembered"
            return self.threads

        def seconds_at(threads: int) -> float:
            self.set_threads(threads)
            return step_seconds()

        self.probe_busy_load = thread_probe.busy_load(cores)
        self.probe_result = probe(seconds_at, cores)
        self.set_threads(self.probe_result.threads)
        self.threads_how = "probed"
        if store is not None and self.probe_busy_load is None:
            store.put(key, self.threads)
        return self.threads

    def use_every_core(self) -> int:
        """Back to one worker per core (no probe: ``CNNVIZ_THREAD_CHOICES=off``), unless a count was given."""
        if not self.threads_given:
            self.set_threads(default_thread_count())
            self.threads_how = "every core"
        return self.threads

    # --- running work on the workers ---------------------------------------------
    def _run(self, fn, ranges):
        """fn(lo, hi) for every range, the first on the calling thread; BLAS single-threaded meanwhile."""
        lib = self._blas_lib
        # BLAS' own thread pool would fight our workers for the cores; NumPy code
        # outside this backend (the reference backend, the GUI) keeps its setting.
        outside = library_threads(lib) if lib is not None else None
        if outside is not None and outside != 1:
            library_threads(lib, 1)
        try:
            if len(ranges) == 1 or self._pool is None:
                return [fn(lo, hi) for lo, hi in ranges]
            futures = [self._pool.submit(fn, lo, hi) for lo, hi in ranges[1:]]
            first = fn(*ranges[0])
            return [first] + [f.result() for f in futures]
        finally:
            if outside is not None and outside != 1:
                library_threads(lib, outside)

    def _ranges(self, n: int, elements: int) -> list[tuple[int, int]]:
        return even_ranges(n, self.threads if elements >= self.min_parallel_elements else 1)

    def _flat_ranges(self, size: int) -> list[tuple[int, int]]:
        # 64-element-aligned slices so that no two threads share a cache line.
        if size < self.min_parallel_elements:
            return [(0, size)]
        return [(lo * 64, min(size, hi * 64)) for lo, hi in even_ranges((size + 63) // 64, self.threads)]

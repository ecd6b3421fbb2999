"""The machine's sgemm peak: what "fraction of the limit" a layer or a step reaches is against.

``measure_sgemm_peak(threads)`` times NumPy's BLAS multiplying two square float32
matrices on ``threads`` threads for about ``seconds`` and returns the best rate in
GFLOP/s (2*n^3 flops per product): the limit of a backend that calls a multi-threaded
BLAS (NumPy). ``measure_worker_sgemm_peak(workers)`` measures the way the numba
backend's layers run: ``workers`` threads at once, each multiplying its own matrices
on single-threaded BLAS; the sum of their rates. The BLAS thread count is restored
afterwards.
"""

from __future__ import annotations

import threading
import time

import numpy as np

from .blas_threads import blas_threads


def measure_sgemm_peak(threads: int, seconds: float = 0.2, size: int = 1024) -> float:
    """GFLOP/s of a size x size float32 matrix product on ``threads`` BLAS threads (best
    of the products that fit in ``seconds``, after one untimed product)."""
    if not isinstance(threads, int) or threads < 1:
        raise ValueError(f"threads must be a positive integer, got {threads!r}")
    if size < 1 or seconds <= 0:
        raise ValueError(f"size and seconds must be positive, got {size!r}, {seconds!r}")
    rng = np.random.default_rng(0)
    a = rng.standard_normal((size, size), dtype=np.float32)
    b = rng.standard_normal((size, size), dtype=np.float32)
    c = np.empty((size, size), np.float32)
    before = blas_threads()
    blas_threads(threads)
    try:
        np.matmul(a, b, out=c)
        best = float("inf")
        deadline = time.perf_counter() + seconds
        runs = 0
        while runs < 2 or time.perf_counter() < deadline:
            start = time.perf_counter()
            np.matmul(a, b, out=c)
            best = min(best, time.perf_counter() - start)
            runs += 1
    finally:
        if before is not None:
            blas_threads(before)
    return 2.0 * size**3 / best / 1e9


def measure_worker_sgemm_peak(workers: int, seconds: float = 0.2, size: int = 512) -> float:
    """GFLOP/s of ``workers`` threads each multiplying its own size x size float32 matrices on
    single-threaded BLAS, all at the same time (NumPy releases the GIL in a product): the sum
    over the workers of their rate over about ``seconds``, after one untimed product each."""
    if not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a positive integer, got {workers!r}")
    if size < 1 or seconds <= 0:
        raise ValueError(f"size and seconds must be positive, got {size!r}, {seconds!r}")
    rng = np.random.default_rng(0)
    matrices = [
        (
            rng.standard_normal((size, size), dtype=np.float32),
            rng.standard_normal((size, size), dtype=np.float32),
            np.empty((size, size), np.float32),
        )
        for _ in range(workers)
    ]
    rates = [0.0] * workers
    start_together = threading.Barrier(workers)

    def work(index: int) -> None:
        a, b, c = matrices[index]
        np.matmul(a, b, out=c)
        start_together.wait()
        start = time.perf_counter()
        runs = 0
        while runs < 2 or time.perf_counter() - start < seconds:
            np.matmul(a, b, out=c)
            runs += 1
        rates[index] = 2.0 * size**3 * runs / (time.perf_counter() - start) / 1e9

    before = blas_threads()
    blas_threads(1)
    try:
        threads = [threading.Thread(target=work, args=(i,), daemon=True) for i in range(1, workers)]
        for t in threads:
            t.start()
        work(0)
        for t in threads:
            t.join()
    finally:
        if before is not None:
            blas_threads(before)
    return float(sum(rates))

"""The machine's sgemm peak: what "fraction of the limit" a layer or a step reaches is against.

``measure_sgemm_peak(threads)`` times NumPy's BLAS multiplying two square float32
matrices on ``threads`` threads for about ``seconds`` and returns the best rate in
GFLOP/s (2*n^3 flops per product). The BLAS thread count is restored afterwards.
"""

from __future__ import annotations

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
    return 2.0 * size ** 3 / best / 1e9

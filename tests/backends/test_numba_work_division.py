"""The numba backend's dynamic work division: chunks taken from a shared counter by the workers."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

numba_cpu = pytest.importorskip("cnnviz.backends.numba_cpu")
from cnnviz.backends.base import BackendUnavailable  # noqa: E402
from cnnviz.backends.numba_cpu.workers import PerWorker, chunk_ranges, even_ranges, run_chunks, worker_slot  # noqa: E402


def backend(threads: int, chunks_per_thread: int):
    try:
        b = numba_cpu.create(threads=threads)
    except BackendUnavailable as exc:
        pytest.skip(f"numba backend unavailable: {exc}")
    b.chunks_per_thread = chunks_per_thread
    return b


@pytest.mark.parametrize("n", [1, 2, 3, 7, 64, 97, 1001])
@pytest.mark.parametrize("threads", [1, 2, 3, 5])
@pytest.mark.parametrize("per_thread", [1, 4])
def test_chunks_cover_every_index_exactly_once(n, threads, per_thread):
    ranges = chunk_ranges(n, threads, per_thread)
    assert ranges[0][0] == 0 and ranges[-1][1] == n
    assert all(lo < hi for lo, hi in ranges), ranges
    assert all(a[1] == b[0] for a, b in zip(ranges, ranges[1:])), ranges
    assert len(ranges) == min(n, threads * per_thread)


def test_small_work_is_cut_into_fewer_chunks_but_never_fewer_than_threads():
    assert len(chunk_ranges(1000, 2, 4, min_chunk=400)) == 2
    assert len(chunk_ranges(1000, 2, 4, min_chunk=200)) == 5
    assert len(chunk_ranges(1000, 2, 4, min_chunk=1)) == 8


@pytest.mark.parametrize("threads", [1, 2, 3, 4])
@pytest.mark.parametrize("size", [1, 63, 65, 40_001, 100_003, 250_007])
def test_every_element_is_computed_once_and_results_match_the_static_split(threads, size):
    dynamic, static = backend(threads, 4), backend(threads, 1)
    x = np.random.default_rng(size).standard_normal(size).astype(np.float32)
    counts = np.zeros(size, np.int64)
    lock = threading.Lock()

    def square(lo, hi):
        with lock:
            counts[lo:hi] += 1
        return lo, hi, x[lo:hi] ** 2

    ranges = dynamic._flat_ranges(size)
    if size // dynamic.min_parallel_elements > threads > 1:
        assert len(ranges) > threads, "more chunks than threads, so that an idle worker can take over"
    results = dynamic._run(square, ranges)
    assert (counts == 1).all(), "every element computed exactly once"
    assert [r[:2] for r in results] == ranges, "results in the ranges' order"
    expected = np.concatenate([r[2] for r in static._run(lambda lo, hi: (lo, hi, x[lo:hi] ** 2),
                                                          static._flat_ranges(size))])
    assert np.array_equal(np.concatenate([r[2] for r in results]), expected)


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_ops_give_the_same_numbers_with_static_and_dynamic_division(threads):
    rng = np.random.default_rng(threads)
    x = rng.standard_normal((37, 16, 9, 9)).astype(np.float32)  # odd batch: uneven chunks
    w = rng.standard_normal((16, 16, 3, 3)).astype(np.float32)
    b = rng.standard_normal(16).astype(np.float32)
    dy = rng.standard_normal((37, 16, 9, 9)).astype(np.float32)
    outputs = []
    for per_thread in (1, 4):
        nb = backend(threads, per_thread)
        nb.min_parallel_elements = 1 << 10
        y, cache = nb.conv2d_forward(x, w, b, (1, 1, 1, 1))
        dx, dw, db = nb.conv2d_backward(dy, cache)
        pooled, _ = nb.maxpool2x2_forward(y)
        outputs.append([np.array(a) for a in (y, dx, dw, db, pooled)])
    for name, a, c in zip(("y", "dx", "dw", "db", "pooled"), *outputs):
        # dw and db are sums over chunks: the grouping of the sum may differ in the last bits.
        np.testing.assert_allclose(a, c, rtol=1e-5, atol=1e-4, err_msg=name)


def test_a_descheduled_worker_holds_up_one_chunk_not_its_whole_share():
    pool = ThreadPoolExecutor(max_workers=1)
    try:
        pool.submit(time.sleep, 0.3)  # the only pool thread is busy elsewhere (descheduled)
        done_by = []

        def chunk(lo, hi):
            done_by.append(worker_slot())
            return hi - lo

        start = time.perf_counter()
        assert run_chunks(pool, chunk, even_ranges(80, 8), workers=2) == [10] * 8
        assert time.perf_counter() - start < 0.3, "the calling thread did every chunk without waiting"
        assert done_by == [0] * 8
    finally:
        pool.shutdown(wait=True)


def test_an_error_in_a_chunk_reaches_the_caller():
    pool = ThreadPoolExecutor(max_workers=2)
    try:
        def chunk(lo, hi):
            if lo == 30:
                raise ValueError("chunk 30 failed")
            return lo

        with pytest.raises(ValueError, match="chunk 30 failed"):
            run_chunks(pool, chunk, even_ranges(80, 8), workers=3)
    finally:
        pool.shutdown(wait=True)


def test_each_worker_uses_its_own_scratch_set():
    pool = ThreadPoolExecutor(max_workers=2)
    try:
        scratch = PerWorker(3, lambda: np.zeros(1, np.int64))
        owners: dict[int, set] = {}
        lock = threading.Lock()

        def chunk(lo, hi):
            mine = scratch.mine()
            with lock:
                owners.setdefault(id(mine), set()).add(threading.get_ident())
            mine[0] += hi - lo
            time.sleep(0.002)

        run_chunks(pool, chunk, even_ranges(120, 12), workers=3)
        assert all(len(threads) == 1 for threads in owners.values()), "a set is never shared by two threads"
        assert sum(int(s[0]) for s in scratch._sets) == 120
    finally:
        pool.shutdown(wait=True)

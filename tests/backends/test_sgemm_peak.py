"""measure_sgemm_peak: a plausible rate, quickly, leaving NumPy's BLAS thread count alone."""

from __future__ import annotations

import time

import pytest

from cnnviz.backends.blas_threads import blas_threads
from cnnviz.backends.sgemm_peak import measure_sgemm_peak


def test_peak_is_a_plausible_rate_measured_quickly():
    start = time.perf_counter()
    one = measure_sgemm_peak(1, seconds=0.1, size=256)
    assert time.perf_counter() - start < 5.0
    # Any CPU of the last 20 years multiplies faster than 0.2 GFLOP/s; none of today's
    # reaches 100 TFLOP/s on one thread.
    assert 0.2 < one < 1e5


def test_default_call_takes_about_the_stated_time():
    start = time.perf_counter()
    assert measure_sgemm_peak(1) > 0
    assert time.perf_counter() - start < 3.0


def test_blas_thread_count_is_restored():
    before = blas_threads()
    if before is None:
        pytest.skip("this BLAS does not report its thread count")
    measure_sgemm_peak(1 if before != 1 else 2, seconds=0.05, size=128)
    assert blas_threads() == before


@pytest.mark.parametrize("bad", [0, -1, 1.5, None])
def test_bad_thread_counts_are_refused(bad):
    with pytest.raises(ValueError, match="threads"):
        measure_sgemm_peak(bad)

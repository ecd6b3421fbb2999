"""measure_sgemm_peak: a plausible rate, measured for the time asked, leaving NumPy's BLAS thread count alone."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from cnnviz.backends import sgemm_peak
from cnnviz.backends.blas_threads import blas_threads
from cnnviz.backends.sgemm_peak import measure_sgemm_peak


def test_peak_is_a_plausible_rate():
    one = measure_sgemm_peak(1, seconds=0.1, size=256)
    # Any CPU of the last 20 years multiplies faster than 0.2 GFLOP/s; none of today's
    # reaches 100 TFLOP/s on one thread.
    assert 0.2 < one < 1e5


class TickingClock:
    """perf_counter() that moves ``tick`` seconds per call, whatever the machine does."""

    def __init__(self, tick: float):
        self.tick, self.now, self.calls = tick, 0.0, 0

    def perf_counter(self) -> float:
        self.calls += 1
        if self.calls > 10_000:
            raise AssertionError("still measuring long after its deadline")
        self.now += self.tick
        return self.now


def test_measures_until_the_deadline_and_reports_the_best_product(monkeypatch):
    clock = TickingClock(0.01)
    monkeypatch.setattr(sgemm_peak, "time", SimpleNamespace(perf_counter=clock.perf_counter))
    rate = sgemm_peak.measure_sgemm_peak(1, seconds=0.5, size=64)
    assert 0.5 <= clock.now <= 0.55  # stopped at the deadline, not before, not long after
    assert rate == pytest.approx(2 * 64**3 / 0.01 / 1e9)  # each product took one tick


def test_takes_two_products_even_when_the_time_is_up_at_once(monkeypatch):
    clock = TickingClock(10.0)
    monkeypatch.setattr(sgemm_peak, "time", SimpleNamespace(perf_counter=clock.perf_counter))
    assert sgemm_peak.measure_sgemm_peak(1, seconds=0.1, size=64) == pytest.approx(2 * 64**3 / 10.0 / 1e9)
    assert clock.calls == 1 + 2 * 2 + 1  # the deadline, two timed products, one look at the deadline


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

"""The peak-memory helper the bounded-input tests use: a passing thread's allocation is measured away, a call that
really costs that much is not."""

from peak_memory import least_peak, traced_peak

MB = 2**20


def _allocates(size):
    block = bytearray(size)
    return len(block)


def test_the_peak_is_what_the_call_allocated():
    """The least of a few tries (as least_peak takes it): one try alone once read 11.7 MB in CI, another test's
    thread allocating beside it; a call that allocates 10 MB can never read less."""
    peaks = []
    for _ in range(3):
        result, peak = traced_peak(lambda: _allocates(10 * MB))
        assert result == 10 * MB and peak >= 10 * MB
        peaks.append(peak)
    assert min(peaks) < 11 * MB, peaks


def test_an_allocation_that_does_not_come_back_is_measured_away():
    sizes = iter([10 * MB, 1024, 1024])
    _, peak = least_peak(lambda: _allocates(next(sizes)), limit=MB)
    assert peak < MB


def test_a_call_that_always_costs_that_much_still_fails_the_limit():
    calls = []
    _, peak = least_peak(lambda: calls.append(1) or _allocates(10 * MB), limit=MB)
    assert peak >= 10 * MB and len(calls) == 3


def test_a_call_under_the_limit_is_measured_once():
    calls = []
    least_peak(lambda: calls.append(1) or _allocates(1024), limit=MB)
    assert len(calls) == 1

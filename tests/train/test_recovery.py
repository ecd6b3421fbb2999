"""The one GPU guard: a device failure is recovered from, anything else propagates."""

import pytest

from cnnviz.train.recovery import GpuGuard


def test_a_failure_on_a_gpu_is_recovered_and_reported_as_failed():
    recovered = []
    with GpuGuard(lambda: True, recovered.append) as guard:
        raise MemoryError("out of memory (simulated)")
    assert guard.failed and isinstance(recovered[0], MemoryError)


def test_work_that_succeeds_is_not_failed():
    with GpuGuard(lambda: True, pytest.fail) as guard:
        pass
    assert not guard.failed


def test_a_failure_on_a_cpu_is_a_bug_and_propagates():
    with pytest.raises(ZeroDivisionError):
        with GpuGuard(lambda: False, pytest.fail):
            _ = 1 / 0


def test_an_interrupt_is_never_taken_for_a_device_failure():
    with pytest.raises(KeyboardInterrupt):
        with GpuGuard(lambda: True, pytest.fail):
            raise KeyboardInterrupt

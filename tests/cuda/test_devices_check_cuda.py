"""``cnnviz devices --check`` on the cuda backend (under the simulator: small synthetic images,
so that the whole check, training steps and timing included, takes seconds)."""

from __future__ import annotations

import numpy as np

from cnnviz.backends import numba_cuda
from cnnviz.cli import devices_check

SPEC = "conv3-2,relu,pool,conv3-3,relu,pool,dense-10"


def _data(batch: int = 4) -> devices_check._Data:
    rng = np.random.default_rng(3)
    images = rng.integers(0, 256, (12, 10, 10), dtype=np.uint8)
    labels = rng.integers(0, 10, 12)
    index_sets = [rng.permutation(12)[:batch].astype(np.int64) for _ in range(devices_check.TRAIN_STEPS + 1)]
    return devices_check._Data(images, labels, index_sets)


def test_the_cuda_backend_passes_the_devices_check(be):
    data = _data()
    reference = devices_check.reference_run(SPEC, data)
    result = devices_check.check_backend("cuda", SPEC, data, reference, timed_steps=1)
    assert result.available and result.check == "passed", result
    assert 0 < result.worst_bound_fraction <= 1
    assert result.step_ms is not None and result.step_ms > 0
    counters = result.device_counters
    assert counters is not None and counters["allocations_per_step"] == 0, counters


def test_creating_the_backend_silences_numba_cudas_occupancy_warning_and_nothing_else():
    """On a GPU numba-cuda warned "Grid size 1 will likely result in GPU under-utilization" dozens of
    times per command (the loss is one block); the simulator has the same warning class."""
    import warnings

    from numba.cuda.core.errors import NumbaPerformanceWarning

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        numba_cuda.create()
        warnings.warn(
            NumbaPerformanceWarning("Grid size 1 will likely result in GPU under-utilization due to low occupancy."),
            stacklevel=1,
        )
        warnings.warn(UserWarning("another warning"), stacklevel=1)
    assert [str(w.message) for w in caught] == ["another warning"]

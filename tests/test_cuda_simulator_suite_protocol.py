"""The numba.cuda kernel tests under numba's CUDA simulator: the protocol part (tests/cuda_simulator_parts.py)."""

import pytest

from cuda_simulator_parts import run_part


@pytest.mark.cudasim
def test_numba_cuda_kernels_under_the_simulator():
    run_part("protocol")

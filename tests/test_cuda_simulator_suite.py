"""Runs the numba.cuda kernel tests under numba's CUDA simulator, in their own process.

NUMBA_ENABLE_CUDASIM must be set before numba is first imported, so those
tests (tests/cuda) cannot share this process; a plain ``pytest`` skips them
there and runs them here instead.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

CUDA_TESTS = Path(__file__).parent / "cuda"


@pytest.mark.cudasim
def test_numba_cuda_kernels_under_the_simulator():
    if os.environ.get("NUMBA_ENABLE_CUDASIM") == "1":
        pytest.skip("already inside the simulator run")
    if not any(CUDA_TESTS.glob("test_*.py")):
        pytest.fail("tests/cuda has no tests")
    env = {**os.environ, "NUMBA_ENABLE_CUDASIM": "1"}
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(CUDA_TESTS)],
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    summary = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else ""
    print(f"CUDA simulator suite: {summary}")
    assert proc.returncode == 0, (
        f"simulator suite failed (exit {proc.returncode}):\n{proc.stdout[-6000:]}\n{proc.stderr[-2000:]}"
    )
    assert " passed" in summary, summary

"""The numba.cuda kernel tests: run on numba's CUDA simulator, in their own process.

NUMBA_ENABLE_CUDASIM must be set before numba is first imported, so these
tests cannot share a process with the rest of the suite:

    NUMBA_ENABLE_CUDASIM=1 pytest tests/cuda

Without the variable they are skipped, unless the cuda backend opens on a
real GPU, where they run on it as they are (and are then marked ``gpu``).
The exception is test_ptx_compile.py: it needs numba.cuda's real compiler
(never the simulator) and NVVM, but no GPU, and skips with the reason otherwise.
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

import pytest

from cnnviz.backends import numba_cuda
from cnnviz.backends.base import BackendUnavailable

HERE = Path(__file__).resolve().parent
SIMULATOR = numba_cuda.simulator_requested()

# The simulator runs every CUDA thread as a Python thread and switches between
# them at barriers; the default 5 ms switch interval makes syncthreads crawl.
if SIMULATOR:
    sys.setswitchinterval(1e-4)


def _real_gpu_reason() -> str | None:
    try:
        numba_cuda.create()
    except BackendUnavailable as exc:
        return str(exc)
    return None


_SKIP_REASON: str | None = None
if not SIMULATOR:
    why = _real_gpu_reason()
    if why is not None:
        _SKIP_REASON = ("numba.cuda kernel tests run on the CUDA simulator in their own process: "
                        f"NUMBA_ENABLE_CUDASIM=1 pytest tests/cuda (and no GPU here: {why})")


PTX_FILE = "test_ptx_compile.py"


@functools.lru_cache(maxsize=None)
def _ptx_skip_reason() -> str | None:
    """test_ptx_compile needs numba.cuda's real compiler (not the simulator) and NVVM, but no GPU."""
    if SIMULATOR:
        return "compiling PTX needs the real numba.cuda target: run without NUMBA_ENABLE_CUDASIM"
    try:
        from numba import cuda

        def probe(a):
            a[0] = 1.0

        cuda.compile_ptx(probe, "void(float32[::1])", cc=(7, 5))
    except Exception as exc:
        return ("compiling PTX needs NVVM and NVRTC (pip install nvidia-nvvm nvidia-cuda-nvrtc, or "
                f'"numba-cuda[cu13]"): {type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ""}')
    return None


def pytest_collection_modifyitems(config, items):
    for item in items:
        if HERE not in Path(str(item.path)).resolve().parents:
            continue
        if Path(str(item.path)).name == PTX_FILE:
            reason = _ptx_skip_reason()
            if reason is not None:
                item.add_marker(pytest.mark.skip(reason=reason))
            continue
        item.add_marker(pytest.mark.cudasim)
        if _SKIP_REASON is not None:
            item.add_marker(pytest.mark.skip(reason=_SKIP_REASON))
        elif not SIMULATOR:
            item.add_marker(pytest.mark.gpu)


@pytest.fixture(scope="session")
def be():
    """The cuda backend with tiles smaller than the test images, so tile borders are exercised."""
    return numba_cuda.create(conv_tile=4, matmul_tile=4, reduce_threads=8, elementwise_threads=32)


@pytest.fixture(scope="session")
def ref():
    from cnnviz.backends import numpy_ref
    return numpy_ref.create()

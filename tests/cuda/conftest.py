"""The numba.cuda kernel tests: run on numba's CUDA simulator, in their own process.

NUMBA_ENABLE_CUDASIM must be set before numba is first imported, so these
tests cannot share a process with the rest of the suite:

    NUMBA_ENABLE_CUDASIM=1 pytest tests/cuda

Without the variable they are skipped, unless the cuda backend opens on a
real GPU, where they run on it as they are (and are then marked ``gpu``).
The exception is test_ptx_compile.py: it needs numba.cuda's real compiler
(never the simulator), libNVVM and ptxas, but no GPU; it skips only when
those libraries are missing (and says so), never on any other error.
"""

from __future__ import annotations

import functools
import os
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

from cnnviz.backends import numba_cuda
from cnnviz.backends.base import BackendUnavailable
from cnnviz.backends.numba_cuda import discovery as numba_cuda_discovery
from cnnviz.backends.numba_cuda.kernels import SIMULATOR as SIM_CONFIG  # tiles smaller than the test images

HERE = Path(__file__).resolve().parent
SIMULATOR = numba_cuda_discovery.simulator_requested()

# The simulator runs every CUDA thread as a Python thread and switches between
# them at barriers; the default 5 ms switch interval makes syncthreads crawl.
if SIMULATOR:
    sys.setswitchinterval(1e-4)


def _lock_simulator_shared_arrays() -> None:
    """Work around a race in numba-cuda's simulator (0.30.4): ``cuda.shared.array``
    looks up the block's array by source line and creates it if missing without a
    lock, so two threads of a block that reach the line together can each get
    their *own* "shared" array, and a reduction silently loses their values (seen
    as a rare wrong loss or product; forcing the window open fails every run).
    Same semantics, made atomic (and keyed from the caller's frame, which is also
    much faster than the original traceback.extract_stack)."""
    from numba.cuda.simulator import kernelapi

    original = kernelapi.FakeCUDAShared.array
    lock = threading.Lock()

    def array(self, shape, dtype, alignment=None):
        if shape == 0 or alignment is not None:  # dynamic shared memory / unsupported: as before
            return original(self, shape, dtype, alignment)
        frame = sys._getframe(1)
        caller = (frame.f_code.co_filename, frame.f_lineno)
        with lock:
            res = self._allocations.get(caller)
            if res is None:
                from numba.core import types
                from numba.np import numpy_support

                if isinstance(dtype, types.Type):
                    dtype = numpy_support.as_dtype(dtype)
                res = self._allocations[caller] = _garbage(np.empty(shape, dtype))
        return res

    kernelapi.FakeCUDAShared.array = array


def _block_barrier_without_polling() -> None:
    """Run the simulator's thread blocks with a real barrier instead of its polling loop (numba-cuda 0.30.4):
    its ``BlockManager.run`` spins in the launching thread over every CUDA thread of the block, asking each
    whether it waits in syncthreads or has ended, until all have ended; that loop holds the GIL half the time
    the block's threads need it (the simulator parts took ~2x the CPU they compute). Here syncthreads is a
    condition: the last live thread of the block to arrive releases the others; a thread that ends leaves the
    count (as the polling loop let the others go once every live thread waited); the first thread to raise
    aborts the rest, whose syncthreads raise as before, and its exception is the one the launch raises.
    Same kernels, same threads, the same meaning of syncthreads; only the waiting is cheaper. A simulator
    whose insides differ (other names or constructor arguments) keeps its own loop."""
    import inspect

    from numba.cuda.simulator import kernel

    original, thread_class = kernel.BlockManager, getattr(kernel, "BlockThread", None)
    if thread_class is None or not all(
        hasattr(thread_class, name) for name in ("syncthreads", "syncthreads_count", "run")
    ):
        return
    if list(inspect.signature(original.__init__).parameters) != ["self", "f", "grid_dim", "block_dim", "debug"]:
        return
    if list(inspect.signature(thread_class.__init__).parameters) != [
        "self",
        "f",
        "manager",
        "blockIdx",
        "threadIdx",
        "debug",
    ]:
        return

    class BarrierThread(kernel.BlockThread):
        def syncthreads(self):
            self._manager.arrive(self)

        def run(self):
            try:
                super().run()
            finally:
                self._manager.leave(self)

    class BarrierBlockManager(original):
        def run(self, grid_point, *args):
            def target():
                self._f(*args)

            self._condition = threading.Condition()
            self._threads = [
                BarrierThread(target, self, grid_point, block_point, self._debug)
                for block_point in np.ndindex(*self._block_dim)
            ]
            self._live = len(self._threads)
            self._arrived = 0
            self._generation = 0
            self._first_exception = None
            for thread in self._threads:
                thread.start()
            for thread in self._threads:
                thread.join()
            if self._first_exception is not None:
                raise self._first_exception[0].with_traceback(self._first_exception[1])
            for thread in self._threads:  # as the original's final check
                if thread.exception:
                    raise thread.exception[0].with_traceback(thread.exception[1])

        def _release(self):
            self._arrived = 0
            self._generation += 1
            self._condition.notify_all()

        def arrive(self, thread):
            with self._condition:
                if thread.abort:
                    raise RuntimeError("abort flag set on syncthreads call")
                generation = self._generation
                self._arrived += 1
                if self._arrived == self._live:
                    self._release()
                while generation == self._generation and not thread.abort:
                    self._condition.wait()
                if thread.abort:
                    raise RuntimeError("abort flag set on syncthreads clear")

        def leave(self, thread):
            with self._condition:
                self._live -= 1
                if thread.exception and self._first_exception is None:
                    self._first_exception = thread.exception
                    for other in self._threads:
                        other.abort = True
                    self._condition.notify_all()
                elif self._live and self._arrived == self._live:
                    self._release()

    kernel.BlockManager = BarrierBlockManager


def _garbage(host: np.ndarray) -> np.ndarray:
    """``host`` filled the way fresh GPU memory may be: NaN in floats, 0xA5 bytes in integers."""
    if host.dtype.kind in "fc":
        host[...] = np.nan
    else:
        host.view(np.uint8)[...] = 0xA5
    return host


def _new_device_memory_holds_garbage() -> None:
    """A GPU's fresh device and shared memory holds anything; the simulator's comes from ``np.empty``, mostly
    zeros, now and then a NaN that an earlier test freed. A kernel that reads an element nobody wrote then fails
    by chance (a run "diverged" at step 4 once in CI). Filled with NaN (or 0xA5 bytes), such a read fails every
    run, and a result that depends on no uninitialised value is unchanged."""
    from numba import cuda

    original = cuda.device_array

    def device_array(*args, **kwargs):
        out = original(*args, **kwargs)
        _garbage(out._ary)
        return out

    cuda.device_array = device_array


if SIMULATOR:
    _new_device_memory_holds_garbage()
    _lock_simulator_shared_arrays()
    _block_barrier_without_polling()


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
        _SKIP_REASON = (
            "numba.cuda kernel tests run on the CUDA simulator in their own process: "
            f"NUMBA_ENABLE_CUDASIM=1 pytest tests/cuda (and no GPU here: {why})"
        )


PTX_FILE = "test_ptx_compile.py"
REQUIRE_NVVM = "CNNVIZ_REQUIRE_NVVM"
"""Set to 1 (CI's kernel stage, .ci/run) to fail instead of skipping the PTX tests when the compiler is missing."""


@functools.cache
def _ptx_skip_reason() -> str | None:
    """test_ptx_compile needs numba.cuda's real compiler (not the simulator) and libNVVM, but no GPU.

    It skips only when libNVVM (or NVRTC) is missing -- numba-cuda says so with
    NvvmSupportError / NvrtcSupportError. Any other failure to compile a probe
    kernel (e.g. a NumPy numba-cuda cannot work with) is not a reason to skip:
    the tests then run and fail with it."""
    if SIMULATOR:
        return "compiling PTX needs the real numba.cuda target: run without NUMBA_ENABLE_CUDASIM"
    from numba import cuda
    from numba.cuda.cudadrv.error import NvrtcSupportError, NvvmSupportError

    def probe(a):
        a[0] = 1.0

    try:
        cuda.compile_ptx(probe, "void(float32[::1])", cc=(7, 5))
    except Exception as exc:
        # NvvmSupportError / NvrtcSupportError (numba-cuda's own words) or cuda-pathfinder's
        # DynamicLibNotFoundError ("libnvrtc.so.12" not found: plain numba-cuda without the cu12 wheels)
        if (
            not isinstance(exc, (NvvmSupportError, NvrtcSupportError))
            and type(exc).__name__ != "DynamicLibNotFoundError"
        ):
            return None  # not a missing library: let the tests fail with the real error
        said = " ".join(str(exc).split())[:160]
        reason = (
            f"libNVVM/NVRTC not found ({type(exc).__name__}: {said}); they come with the cuda-test "
            "extra (numba-cuda[cu12] -> nvidia-cuda-nvcc-cu12, nvidia-cuda-nvrtc-cu12, ~430 MB): "
            'pip install ".[test,cuda-test]" -c constraints.txt'
        )
        return reason
    return None


def pytest_collection_modifyitems(config, items):
    for item in items:
        if HERE not in Path(str(item.path)).resolve().parents:
            continue
        if Path(str(item.path)).name == PTX_FILE:
            reason = _ptx_skip_reason()
            # CI's kernel stage sets CNNVIZ_REQUIRE_NVVM=1: a missing compiler then fails the tests, never skips them
            # (under the simulator they always skip: its run inherits the variable, and compiling needs the real target)
            if reason is not None and (SIMULATOR or os.environ.get(REQUIRE_NVVM) != "1"):
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
    return numba_cuda.create(SIM_CONFIG)


@pytest.fixture(scope="session")
def ref():
    from cnnviz.backends import numpy_ref

    return numpy_ref.create()

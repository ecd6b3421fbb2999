"""The device side of the ``cuda`` backend: counted launches, allocations and copies (``device_counters()``),
the arena behind ``workspace()`` (the previous step's temporaries, so a step allocates nothing), the flat
views, and timing with CUDA events. Every allocation, copy and event goes through ``self.cuda``, so an
outside observer can count them too. The layer ops are in ``__init__.py``; the arena, the pinned staging
ring and the flat views in ``memory``."""

from __future__ import annotations

import contextlib
import math

import numpy as np

from ..base import COUNTER_NAMES, checked_gradient_buffer
from . import discovery as discovery
from . import kernels as kern
from . import memory as memory
from .kernels import PRODUCTION, KernelConfig


def _blocks(count: int, threads: int) -> int:
    return max(1, (count + threads - 1) // threads)


class CudaDevice:
    """What every op of the cuda backend runs on: the kernels for a dtype, counted launches, allocations
    and copies, the arena that recycles temporaries inside ``workspace()``, flat views and CUDA-event timing.
    The ops themselves are :class:`cnnviz.backends.numba_cuda.NumbaCudaBackend`."""

    def __init__(self, cuda, simulator: bool, config: KernelConfig = PRODUCTION):
        self.cuda = cuda
        self.simulator = simulator
        self.config = config
        self._counters = dict.fromkeys(COUNTER_NAMES, 0)
        self._arenas = memory.ThreadArenas()
        self._dummies: dict[str, object] = {}
        self._flat_views = memory.FlatViews()
        self._kernel_sets: dict = {}
        self._staging = memory.IndexStaging()
        self._pending_relu = None
        self._description: str | None = None
        if simulator:
            self._target_blocks = 4  # small enough that the tests' tiny products are split too
        else:
            device = cuda.get_current_device()
            self._target_blocks = 4 * int(getattr(device, "MULTIPROCESSOR_COUNT", 32))

    def kernels(self, dtype):
        found = self._kernel_sets.get(dtype)
        if found is None:
            dtype = np.dtype(dtype)
            if dtype.kind != "f" or dtype.itemsize not in (4, 8):
                raise TypeError(f"the cuda backend computes in float32 or float64, not {dtype}")
            found = self._kernel_sets[dtype] = kern.build_kernels(dtype.name, self.config)
        return found

    def describe(self) -> str:
        if self._description is None:
            self._description = discovery.describe_device(self.cuda, self.simulator)
        return self._description

    # --- counted launches, allocations and copies ------------------------------------
    def device_counters(self) -> dict[str, int]:
        return dict(self._counters)

    def choose_threads(self, net: str, step_seconds, store=None, given: int | None = None) -> int | None:
        return None  # a GPU: no worker count to choose

    def _launch(self, kernel, grid, block, *args) -> None:
        self._pending_relu = None  # a ReLU copy is valid only for the launch that made it
        self._counters["kernel_launches"] += 1
        kernel[grid, block](*args)

    def _launch_flat(self, kernel, count: int, *args) -> None:
        if count:
            self._launch(kernel, _blocks(count, self.config.threads), self.config.threads, *args)

    def _new(self, shape, dtype):
        """A persistent device array (never from the arena)."""
        self._counters["allocations"] += 1
        return self.cuda.device_array(shape, dtype=dtype)

    def _upload(self, host: np.ndarray):
        host = memory.canonical_host_array(host)
        self._counters["allocations"] += 1
        self._counters["host_to_device_bytes"] += host.nbytes
        return self.cuda.to_device(host)

    def _empty(self, shape, dtype):
        """A temporary: inside ``workspace()`` the previous step's buffer of this shape."""
        shape = tuple(int(s) for s in shape)
        dtype = np.dtype(dtype)
        if math.prod(shape) > kern.MAX_INDEX:
            raise ValueError(
                f"an array of shape {shape} is too large for the cuda backend's 32-bit indexing; use a smaller batch"
            )
        arena = self._arenas.current()
        if arena is None:
            return self._new(shape, dtype)
        return arena.take(shape, dtype, self._new)

    @contextlib.contextmanager
    def workspace(self):
        with self._arenas.entered():
            yield self

    def release_workspace(self) -> None:
        """The calling thread's temporaries (the trainer's: it calls this) go back to the device."""
        self._arenas.release()

    def _dummy(self, dtype):
        """A one-element array for kernel arguments a launch does not use."""
        dtype = np.dtype(dtype)
        if dtype.str not in self._dummies:
            self._dummies[dtype.str] = self._upload(np.zeros(1, dtype))
        return self._dummies[dtype.str]

    # --- memory ---------------------------------------------------------------------------
    def _device(self, a):
        """Device arrays pass through; host arrays (e.g. labels) are copied over."""
        if isinstance(a, np.ndarray):
            return self._upload(a)
        return a

    def from_host(self, a: np.ndarray):
        return self._upload(np.asarray(a))

    def to_host(self, a) -> np.ndarray:
        if isinstance(a, np.ndarray):
            return a
        self._counters["device_to_host_bytes"] += int(a.size) * a.dtype.itemsize
        return a.copy_to_host()

    def zeros_like(self, a):
        out = self._new(tuple(a.shape), a.dtype)
        self._launch_flat(self.kernels(a.dtype).fill_zero, out.size, self._flat(out))
        return out

    def synchronize(self) -> None:
        self.cuda.synchronize()

    def _flat(self, a):
        """The 1-D view of a contiguous device array (made once per array)."""
        return self._flat_views.of(a)

    # --- timing: CUDA events, recorded in stream order ------------------------------------
    def mark(self):
        event = self.cuda.event()
        event.record()
        return event

    def elapsed_ms(self, start, end) -> float:
        end.synchronize()
        return max(0.0, float(start.elapsed_time(end)))  # the simulator answers -1

    # --- where a parameter gradient and the batch's indices go ------------------------------
    def _grad_out(self, given, shape, dtype, what: str):
        """Where a parameter gradient goes: the caller's buffer (a view into the flat
        gradient buffer), or a temporary."""
        if checked_gradient_buffer(given, shape, dtype, what) is None:
            return self._empty(shape, dtype)
        if not given.is_c_contiguous():
            raise ValueError(f"{what}: the gradient buffer must be contiguous")
        return given

    def _upload_indices(self, indices: np.ndarray):
        """The batch's indices on the device, copied asynchronously from a pinned buffer."""
        device, copied = self._staging.upload(self.cuda, indices, self._empty)
        self._counters["host_to_device_bytes"] += copied
        return device

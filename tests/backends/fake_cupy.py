"""A strict stand-in for the part of CuPy the CuPy backend uses, running on the CPU.

Device arrays are host NumPy memory behind a wrapper that, like CuPy, refuses
implicit conversion to NumPy and, unlike CuPy, refuses array arithmetic: the
backend must do its math in its kernels (run by ``cuda_emulator``), cuBLAS
(``matmul``) and the few CuPy calls it declares. Everything that would be a
GPU operation is counted here, independently of the backend's own counters:

* ``launches``: kernels (RawModule functions), ``matmul``, ``zeros`` (a
  memset), copies and casts on the device, ``fill`` and ``__setitem__``;
* ``host_to_device_bytes`` / ``device_to_host_bytes``: ``asarray`` of host
  data, ``asnumpy``/``get``;
* ``driver_allocations``: blocks the installed memory pool takes from the
  "driver" (``cuda.memory._malloc``). The pool keeps freed blocks by rounded
  size and serves later requests of that size from them, as CuPy's does.

``FakeCupy(strict=True)`` also raises on anything the real CuPy would do as
a hidden extra launch (a matmul operand that is neither C- nor F-contiguous).
"""

from __future__ import annotations

import time
import types
import weakref
from collections import defaultdict

import cuda_emulator
import numpy as np

_ROUND = 512


class DeviceArray:
    """A device array: ``_emulated_memory`` is its data (a NumPy array or view)."""

    __array_priority__ = 1000

    def __init__(self, fake: FakeCupy, memory: np.ndarray, owner: DeviceArray | None = None):
        self._fake = fake
        self._emulated_memory = memory
        self._owner = owner  # keeps the allocation alive while a view exists

    # --- attributes ---------------------------------------------------------------------
    shape = property(lambda self: self._emulated_memory.shape)
    dtype = property(lambda self: self._emulated_memory.dtype)
    size = property(lambda self: self._emulated_memory.size)
    nbytes = property(lambda self: self._emulated_memory.nbytes)
    ndim = property(lambda self: self._emulated_memory.ndim)
    itemsize = property(lambda self: self._emulated_memory.itemsize)
    flags = property(
        lambda self: types.SimpleNamespace(
            c_contiguous=self._emulated_memory.flags.c_contiguous, f_contiguous=self._emulated_memory.flags.f_contiguous
        )
    )

    def __len__(self):
        return len(self._emulated_memory)

    def __repr__(self):
        return f"DeviceArray(shape={self.shape}, dtype={self.dtype})"

    def __array__(self, *args, **kwargs):
        raise TypeError("Implicit conversion to a NumPy array is not allowed (as in CuPy): use .get()")

    def __bool__(self):
        raise TypeError("truth value of a device array (a hidden device-to-host copy)")

    # --- views ----------------------------------------------------------------------------
    def _view(self, memory):
        return DeviceArray(self._fake, memory, self._owner if self._owner is not None else self)

    def reshape(self, *shape):
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = tuple(shape[0])
        reshaped = self._emulated_memory.reshape(shape)
        if not np.shares_memory(reshaped, self._emulated_memory):
            self._fake._launch("reshape copy")
            return self._fake._new_from(reshaped)
        return self._view(reshaped)

    @property
    def T(self):
        return self._view(self._emulated_memory.T)

    def transpose(self, *axes):
        return self._view(self._emulated_memory.transpose(*axes))

    def __getitem__(self, key):
        keys = key if isinstance(key, tuple) else (key,)
        for k in keys:
            if not (k is Ellipsis or k is None or isinstance(k, (int, np.integer, slice))):
                raise TypeError(f"the fake device array supports basic indexing only, got {type(k).__name__}")
        return self._view(self._emulated_memory[key])

    # --- operations that are device work --------------------------------------------------
    def __setitem__(self, key, value):
        self._fake._launch("setitem")
        if isinstance(value, DeviceArray):
            value = value._emulated_memory
        elif isinstance(value, np.ndarray):
            raise TypeError("assigning a host array into a device array")
        self._emulated_memory[key] = value

    def astype(self, dtype, order="K", copy=True):
        if not copy and np.dtype(dtype) == self.dtype:
            return self
        self._fake._launch("astype")
        return self._fake._new_from(self._emulated_memory.astype(dtype, order="C"))

    def copy(self, order="C"):
        self._fake._launch("copy")
        return self._fake._new_from(self._emulated_memory)

    def fill(self, value):
        self._fake._launch("fill")
        self._emulated_memory.fill(value)

    def get(self, stream=None):
        return self._fake.asnumpy(self)


class _Block:
    def __init__(self, pool, size):
        self.pool, self.size, self.released = pool, size, False

    def release(self):
        if not self.released:
            self.released = True
            self.pool._free[self.size] += 1


class MemoryPool:
    def __init__(self, fake, allocator=None):
        self._fake = fake
        self._allocator = allocator if allocator is not None else fake.cuda.memory._malloc
        self._free: dict[int, int] = defaultdict(int)

    def malloc(self, size: int):
        size = max(_ROUND, -(-int(size) // _ROUND) * _ROUND)
        if self._free[size] > 0:
            self._free[size] -= 1
        else:
            self._allocator(size)
        return _Block(self, size)


class _Event:
    def __init__(self, block=False, disable_timing=False, interprocess=False):
        self.t = None

    def record(self, stream=None):
        self.t = time.perf_counter()

    def synchronize(self):
        pass


class _Kernel:
    def __init__(self, fake, emulated):
        self._fake, self._emulated = fake, emulated

    def __call__(self, grid, block, args, shared_mem=0, stream=None):
        self._emulated(grid, block, args, shared_mem, stream)


class _RawModule:
    def __init__(self, fake, code=None, options=(), **kwargs):
        self._fake, self.code, self.options = fake, code, options
        self._functions = None

    def get_function(self, name):
        if self._functions is None:
            self._fake.compiled_modules += 1
            self._functions = cuda_emulator.module_from_source(self.code, self._fake._launch)
        if name not in self._functions:
            raise KeyError(f"no function {name} in the module")
        return _Kernel(self._fake, self._functions[name])


class FakeCupy:
    """``cupy`` for the CuPy backend, on the CPU (see the module docstring)."""

    __name__ = "cupy"
    __version__ = "emulated"

    def __init__(self, strict: bool = True):
        self.strict = strict
        self.counters = {"launches": 0, "host_to_device_bytes": 0, "device_to_host_bytes": 0, "driver_allocations": 0}
        self.launch_log: list[str] = []
        self.compiled_modules = 0
        self.ndarray = DeviceArray
        for name in ("float32", "float64", "int8", "int32", "int64", "uint8", "uint32"):
            setattr(self, name, np.dtype(name).type)

        fake = self

        def driver_malloc(size):
            fake.counters["driver_allocations"] += 1
            return object()

        memory = types.SimpleNamespace(_malloc=driver_malloc)
        self.cuda = types.SimpleNamespace(
            memory=memory,
            MemoryPool=lambda allocator=None: MemoryPool(fake, allocator),
            set_allocator=self._set_allocator,
            Event=_Event,
            get_elapsed_time=lambda a, b: (b.t - a.t) * 1e3,
            get_current_stream=lambda: types.SimpleNamespace(synchronize=lambda: None),
            Device=lambda device=None: types.SimpleNamespace(id=0),
            runtime=types.SimpleNamespace(
                getDeviceProperties=lambda i: {"name": b"CUDA kernel emulator (CPU)", "major": 0, "minor": 0},
                memGetInfo=lambda: (0, 0),
                runtimeGetVersion=lambda: 12090,
                driverGetVersion=lambda: 12090,
                getDeviceCount=lambda: 1,
            ),
        )
        self._allocate = MemoryPool(self, driver_malloc).malloc

    # --- bookkeeping --------------------------------------------------------------------------
    def _launch(self, what: str):
        self.counters["launches"] += 1
        self.launch_log.append(what)

    def _set_allocator(self, allocator):
        self._allocate = allocator

    def _new(self, shape, dtype) -> DeviceArray:
        memory = np.empty(shape, dtype)
        array = DeviceArray(self, memory)
        block = self._allocate(max(1, memory.nbytes))
        weakref.finalize(array, block.release)
        return array

    def _new_from(self, host: np.ndarray) -> DeviceArray:
        array = self._new(host.shape, host.dtype)
        array._emulated_memory[...] = host
        return array

    # --- the CuPy functions the backend uses ----------------------------------------------------
    def empty(self, shape, dtype=np.float64, order="C"):
        a = self._new(shape, dtype)
        a._emulated_memory.fill(np.nan if np.dtype(dtype).kind == "f" else 0x5A)  # garbage, visibly
        return a

    def zeros(self, shape, dtype=np.float64):
        a = self._new(shape, dtype)
        if a.size:
            self._launch("memset")
        a._emulated_memory.fill(0)
        return a

    def asarray(self, a, dtype=None):
        if isinstance(a, DeviceArray):
            if dtype is not None and np.dtype(dtype) != a.dtype:
                return a.astype(dtype)
            return a
        host = np.asarray(a, dtype=dtype)
        self.counters["host_to_device_bytes"] += host.nbytes
        return self._new_from(host)

    def asnumpy(self, a):
        if not isinstance(a, DeviceArray):
            return np.asarray(a)
        self.counters["device_to_host_bytes"] += a.nbytes
        return np.array(a._emulated_memory, copy=True, order="C")

    def ascontiguousarray(self, a):
        if a.flags.c_contiguous:
            return a
        self._launch("ascontiguousarray")
        return self._new_from(np.ascontiguousarray(a._emulated_memory))

    def matmul(self, a, b, out=None):
        for operand in (a, b):
            if not isinstance(operand, DeviceArray):
                raise TypeError("matmul of a host array")
            if operand.ndim != 2:
                raise TypeError("the backend's GEMMs are 2-D")
            if self.strict and not (operand.flags.c_contiguous or operand.flags.f_contiguous):
                raise TypeError("a GEMM operand that is neither C- nor F-contiguous (CuPy would copy it first)")
        if a.dtype != b.dtype:
            raise TypeError(f"matmul of {a.dtype} and {b.dtype}")
        result = np.matmul(a._emulated_memory, b._emulated_memory)
        self._launch("gemm")
        if out is None:
            return self._new_from(result)
        if not out.flags.c_contiguous or out.dtype != result.dtype or out.shape != result.shape:
            raise TypeError("matmul into an output that is not C-contiguous of the result's shape and dtype")
        if np.shares_memory(out._emulated_memory, a._emulated_memory) or np.shares_memory(
            out._emulated_memory, b._emulated_memory
        ):
            raise TypeError("matmul into an output that overlaps an operand (CuPy would copy)")
        out._emulated_memory[...] = result
        return out

    def RawModule(self, code=None, options=(), **kwargs):
        return _RawModule(self, code=code, options=options, **kwargs)


def emulated_backend(strict: bool = True):
    """A CuPy backend whose ``cupy`` is a ``FakeCupy`` and whose kernels run on the CPU.

    Returns ``(backend, fake)``; raises RuntimeError when no C++ compiler can build the emulator."""
    from cnnviz.backends import cupy_backend

    if cuda_emulator.compiler() is None:
        raise RuntimeError("no C++ compiler (g++ or clang++) for the CUDA kernel emulator")
    fake = FakeCupy(strict=strict)
    return cupy_backend.CupyBackend(fake), fake

"""Counts what a numba.cuda program does to the device, from *below* the backend.

The cuda backend counts its own launches, allocations and copies
(``device_counters()``). This counts the same things independently, by
wrapping numba.cuda itself: the allocation entry points the backend reaches
through ``be.cuda`` (as ../shared/gpu/verify.py does), the device array
class's copy methods, and the kernel launch machinery -- the simulator's
``FakeCUDAKernel.__call__`` or numba-cuda's ``_LaunchConfiguration.__call__``.
A host NumPy array passed straight to a kernel (numba would copy it both
ways) is counted as traffic too.

With ``execute=False`` launches are counted but not run: the control flow of
the backend never depends on computed values, so a full-size step can be
counted under the simulator in a second. Its arrays are then zeros, not the
uninitialised memory of ``np.empty``: a trainer reads its losses back, and a
NaN left in freed memory would stop the run as diverged by chance.
"""

from __future__ import annotations

import collections

import numpy as np


class DeviceTraffic:
    def __init__(self, be, monkeypatch, execute: bool = True):
        self.launches = 0
        self.allocations = 0
        self.h2d = 0
        self.d2h = 0
        self.events = 0
        self.kernels: collections.Counter = collections.Counter()
        self.argument_types: set = set()
        """(kernel object, tuple of numba types of its arguments) for every launch."""
        self.execute = execute
        self._in_to_device = False
        self._install(be, monkeypatch)

    def reset(self) -> None:
        self.launches = self.allocations = self.h2d = self.d2h = self.events = 0
        self.kernels.clear()

    def totals(self) -> dict[str, int]:
        return {
            "kernel_launches": self.launches,
            "allocations": self.allocations,
            "host_to_device_bytes": self.h2d,
            "device_to_host_bytes": self.d2h,
        }

    def _install(self, be, monkeypatch):
        real = be.cuda
        counter = self

        class Proxy:
            def __getattr__(self, name):
                attr = getattr(real, name)
                if name == "device_array":

                    def device_array(*args, **kwargs):
                        counter.allocations += 1
                        out = attr(*args, **kwargs)
                        if not counter.execute and hasattr(out, "_ary"):
                            # launches not run write nothing: a simulator array would keep whatever its
                            # np.empty memory held (sometimes NaN, which a run's divergence watch reads)
                            out._ary[...] = 0
                        return out

                    return device_array
                if name == "to_device":

                    def to_device(obj, *args, **kwargs):
                        if kwargs.get("to") is None and (len(args) < 3 or args[2] is None):
                            counter.allocations += 1
                        counter.h2d += np.asarray(obj).nbytes
                        counter._in_to_device = True
                        try:
                            return attr(obj, *args, **kwargs)
                        finally:
                            counter._in_to_device = False

                    return to_device
                if name == "event":

                    def event(*args, **kwargs):
                        counter.events += 1
                        return attr(*args, **kwargs)

                    return event
                return attr

        monkeypatch.setattr(be, "cuda", Proxy())

        simulator = getattr(be, "simulator", False)
        if simulator:
            from numba.cuda.simulator import kernel as launcher_module
            from numba.cuda.simulator.cudadrv.devicearray import FakeCUDAArray as ArrayClass

            launcher_class = launcher_module.FakeCUDAKernel
        else:
            from numba.cuda import dispatcher as launcher_module
            from numba.cuda.cudadrv.devicearray import DeviceNDArrayBase as ArrayClass

            launcher_class = launcher_module._LaunchConfiguration

        copy_to_host = ArrayClass.copy_to_host
        copy_to_device = ArrayClass.copy_to_device

        def counted_copy_to_host(array, *args, **kwargs):
            counter.d2h += int(array.size) * array.dtype.itemsize
            return copy_to_host(array, *args, **kwargs)

        def counted_copy_to_device(array, ary, *args, **kwargs):
            if isinstance(ary, np.ndarray) and not counter._in_to_device:
                counter.h2d += ary.nbytes
            return copy_to_device(array, ary, *args, **kwargs)

        monkeypatch.setattr(ArrayClass, "copy_to_host", counted_copy_to_host)
        monkeypatch.setattr(ArrayClass, "copy_to_device", counted_copy_to_device)

        launch = launcher_class.__call__

        def counted_launch(self, *args):
            if simulator and (self._device or launcher_module._kernel_context):
                return launch(self, *args)  # a device function called inside a kernel
            counter.launches += 1
            kernel = self if simulator else self.dispatcher
            counter.kernels[getattr(kernel, "__name__", None) or kernel.py_func.__name__] += 1
            counter.argument_types.add((id(kernel), _types(args)))
            for a in args:
                if isinstance(a, np.ndarray) and a.ndim > 0:  # numba copies it over and back
                    counter.h2d += a.nbytes
                    counter.d2h += a.nbytes
            if counter.execute:
                return launch(self, *args)
            return None

        monkeypatch.setattr(launcher_class, "__call__", counted_launch)


def _types(args) -> tuple:
    import numba

    out = []
    for a in args:
        try:
            out.append(numba.typeof(a))
        except Exception:
            out.append(type(a).__name__)
    return tuple(out)

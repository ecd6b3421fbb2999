"""Device memory of the ``cuda`` backend: what lets a step allocate nothing and never wait.

* ``Arena``: inside ``workspace()`` every temporary is the buffer of the same
  (shape, dtype) that the previous step asked for in the same order, so after the
  first step a step allocates nothing: numba never frees device memory (a free
  synchronises the device) and the host runs ahead of the GPU (``ThreadArenas``:
  one per thread);
* ``IndexStaging``: a batch's indices, the only bytes that cross to the GPU per
  step, copied asynchronously from a ring of pinned host buffers;
* ``FlatViews``: the 1-D view of each device array, made once;
* ``canonical_host_array``: a host array with the strides numba's device arrays need.

None of them allocates or copies on its own account: the backend passes its
``cuda`` (every allocation, copy and event goes through it, so an outside
observer can count them) and its own allocation functions.
"""

from __future__ import annotations

import contextlib
import threading
import weakref

import numpy as np

STAGING_SLOTS = 4
"""Pinned host buffers for batch indices: the host may run this many steps ahead of the GPU."""


def canonical_host_array(host: np.ndarray) -> np.ndarray:
    """``host`` C-contiguous with the canonical strides numba's device arrays need to be
    reshaped (NumPy calls ``x[:, None]`` contiguous although its new axis has stride 0,
    and numba then refuses to flatten the device copy: "operation requires copying")."""
    host = np.ascontiguousarray(host)
    expected, step = [], host.itemsize
    for size in reversed(host.shape):
        expected.append(step)
        step *= size
    if host.ndim and tuple(reversed(expected)) != host.strides:
        host = host.copy(order="C")
    return host


class Arena:
    """Temporaries of one thread's workspace: per (shape, dtype) key, the buffers
    in the order they were asked for since the workspace was entered."""

    def __init__(self):
        self.buffers: dict[tuple, list] = {}
        self.used: dict[tuple, int] = {}

    def take(self, shape: tuple[int, ...], dtype: np.dtype, allocate):
        key = (shape, dtype.str)
        pool = self.buffers.setdefault(key, [])
        index = self.used.get(key, 0)
        self.used[key] = index + 1
        if index == len(pool):
            pool.append(allocate(shape, dtype))
        return pool[index]


class ThreadArenas:
    """Each thread's ``Arena``, in use while that thread is inside ``workspace()``
    (entered any number of times, nested: the outermost entry starts a step)."""

    def __init__(self):
        self.local = threading.local()

    def current(self) -> Arena | None:
        return self.local.arena if getattr(self.local, "depth", 0) else None

    def release(self) -> None:
        """Forget the calling thread's buffers (outside a workspace only: inside, they are in use)."""
        if not getattr(self.local, "depth", 0):
            self.local.__dict__.pop("arena", None)

    @contextlib.contextmanager
    def entered(self):
        local = self.local
        depth = getattr(local, "depth", 0)
        if depth == 0:
            if not hasattr(local, "arena"):
                local.arena = Arena()
            local.arena.used.clear()
        local.depth = depth + 1
        try:
            yield
        finally:
            local.depth = depth


class IndexStaging:
    """Pinned host buffers that batch indices are copied from: ``STAGING_SLOTS`` per
    batch size, taken in turn.

    The host writes a pinned buffer, queues its copy, and reuses that buffer only
    after the copy's event has passed: the step never waits for the GPU."""

    def __init__(self):
        self.rings: dict[int, list] = {}
        self.turn = 0

    def upload(self, cuda, indices: np.ndarray, empty):
        """(the indices as an int32 device array from ``empty(shape, dtype)``, bytes copied);
        the copy is queued on the default stream."""
        count = len(indices)
        ring = self.rings.get(count)
        if ring is None:
            ring = self.rings[count] = [[cuda.pinned_array(count, dtype=np.int32), None] for _ in range(STAGING_SLOTS)]
        slot = ring[self.turn % STAGING_SLOTS]
        self.turn += 1
        if slot[1] is not None:
            slot[1].synchronize()
        else:
            slot[1] = cuda.event()
        slot[0][:] = indices
        device = empty((count,), np.int32)
        stream = cuda.default_stream()
        device.copy_to_device(slot[0], stream=stream)
        slot[1].record(stream)
        return device, slot[0].nbytes


class FlatViews:
    """The 1-D view of each contiguous device array, made once per array: a numba
    device-array view costs tens of microseconds, and a step passes ~70 of them."""

    def __init__(self):
        self.views: dict[int, tuple] = {}

    def of(self, a):
        key = id(a)
        hit = self.views.get(key)
        if hit is not None and hit[0]() is a:
            return hit[1]
        flat = a.reshape(a.size)
        try:
            ref = weakref.ref(a)
        except TypeError:
            return flat
        self.views[key] = (ref, flat)
        weakref.finalize(a, self.views.pop, key, None)
        return flat

"""CuPy's memory pool, with the blocks it takes from the CUDA driver counted.

``CupyBackend.device_counters()`` reports as ``allocations`` only what the
driver hands out (``cudaMalloc``): an array served from memory the pool already
holds is not an allocation, so after the first step of a given shape a step
obtains nothing new. One pool per CuPy module: CuPy's allocator is process-wide.
"""

from __future__ import annotations


class DriverAllocations:
    """How many blocks the pool installed by ``install_counting_pool`` took from the driver."""

    def __init__(self):
        self.count = 0


_counting_pools: dict[int, tuple[object, object, DriverAllocations]] = {}


def install_counting_pool(cupy) -> DriverAllocations:
    """Make CuPy allocate from a memory pool whose driver allocations are counted.

    ``cupy.cuda.MemoryPool(allocator)`` calls ``allocator`` only when it holds
    no free block that fits, i.e. exactly when it asks the driver for memory;
    the default allocator of such a pool is ``cupy.cuda.memory._malloc``.
    Installed once per process (per CuPy module), before the first array of ours.
    """
    entry = _counting_pools.get(id(cupy))
    if entry is not None and entry[0] is cupy:
        return entry[2]
    counter = DriverAllocations()
    driver_malloc = cupy.cuda.memory._malloc

    def counting_malloc(size: int):
        counter.count += 1
        return driver_malloc(size)

    pool = cupy.cuda.MemoryPool(counting_malloc)
    cupy.cuda.set_allocator(pool.malloc)
    _counting_pools[id(cupy)] = (cupy, pool, counter)
    return counter


def counting_pool(cupy):
    """The ``cupy.cuda.MemoryPool`` installed by ``install_counting_pool`` (None before)."""
    entry = _counting_pools.get(id(cupy))
    return entry[1] if entry is not None and entry[0] is cupy else None

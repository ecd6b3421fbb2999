"""This process's resident memory, on Linux, macOS and Windows (for the soak and monkey modes)."""

from __future__ import annotations

import sys


def rss_mb() -> float:
    """This process's resident memory in MB: now on Linux (/proc/self/statm) and Windows (the working
    set, GetProcessMemoryInfo); the peak so far on macOS and other POSIX systems (getrusage); 0.0 if
    none of them answers."""
    if sys.platform == "win32":
        value = _windows_working_set()
    else:
        value = _statm_resident()
        if value is None:
            value = _peak_resident()
    return value / 2**20 if value is not None else 0.0


def heap_mb() -> tuple[float, float] | None:
    """The C library's heap in MB as ``(in_use, free)``: what the program's live allocations hold, and what
    malloc keeps freed (glibc's ``mallinfo2``: :func:`cnnviz.train.heap.heap_bytes`; None elsewhere).
    Resident memory that grows while ``in_use`` stays is the allocator keeping pages, not a leak."""
    from ...train import heap

    counts = heap.heap_bytes()
    return None if counts is None else (counts[0] / 2**20, counts[1] / 2**20)


def trimmed_rss_mb() -> float | None:
    """This process's resident memory in MB after giving back what malloc keeps freed (glibc's
    ``malloc_trim``: :func:`cnnviz.train.heap.give_back_freed_memory`): what the process holds, apart from
    pages the allocator keeps for later. None where the C library cannot say what it keeps (macOS, Windows,
    musl, glibc before 2.33: no ``mallinfo2``), so that a figure is never called "trimmed" when it was not."""
    from ...train import heap

    if heap.heap_bytes() is None:
        return None
    heap.give_back_freed_memory()
    resident = heap.resident_bytes()
    return None if resident is None else resident / 2**20


def _statm_resident() -> int | None:
    """Bytes resident now, from Linux's /proc/self/statm; None where there is no such file."""
    from ...train import heap

    return heap.resident_bytes()


def _peak_resident() -> int | None:
    """Peak resident bytes from getrusage (kilobytes on Linux and the BSDs, bytes on macOS)."""
    try:
        import resource
    except ImportError:  # Windows
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return int(peak) if sys.platform == "darwin" else int(peak) * 1024


def _windows_working_set() -> int | None:
    """The working set in bytes (Task Manager's memory column) through kernel32's
    K32GetProcessMemoryInfo (Windows 7 and later); None if that fails."""
    import ctypes

    class Counters(ctypes.Structure):  # PROCESS_MEMORY_COUNTERS
        _fields_ = [("cb", ctypes.c_uint32), ("PageFaultCount", ctypes.c_uint32)] + [
            (name, ctypes.c_size_t)
            for name in (
                "PeakWorkingSetSize",
                "WorkingSetSize",
                "QuotaPeakPagedPoolUsage",
                "QuotaPagedPoolUsage",
                "QuotaPeakNonPagedPoolUsage",
                "QuotaNonPagedPoolUsage",
                "PagefileUsage",
                "PeakPagefileUsage",
            )
        ]

    try:
        kernel32 = _kernel32()
        kernel32.GetCurrentProcess.restype = ctypes.c_void_p
        kernel32.K32GetProcessMemoryInfo.argtypes = [ctypes.c_void_p, ctypes.POINTER(Counters), ctypes.c_uint32]
        counters = Counters()
        counters.cb = ctypes.sizeof(Counters)
        if not kernel32.K32GetProcessMemoryInfo(kernel32.GetCurrentProcess(), ctypes.pointer(counters), counters.cb):
            return None
    except (OSError, AttributeError):
        return None
    return int(counters.WorkingSetSize)


def _kernel32():
    import ctypes

    return ctypes.WinDLL("kernel32", use_last_error=True)  # AttributeError off Windows

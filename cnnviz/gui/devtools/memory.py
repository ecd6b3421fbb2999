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
    malloc keeps freed but still mapped (glibc's ``mallinfo2``, Linux only; None elsewhere). Resident memory
    that grows while ``in_use`` stays is the allocator keeping pages, not a leak; both growing is something
    alive that holds them."""
    info = _mallinfo2()
    if info is None:
        return None
    return (info.uordblks + info.hblkhd) / 2**20, info.fordblks / 2**20


_MALLINFO2 = []
"""glibc's ``mallinfo2`` once looked up (with its result type), or False where there is none."""


def _mallinfo2():
    """glibc's ``mallinfo2()`` (2.33 and later) as a ctypes structure; None where there is none (macOS,
    Windows, musl, an older glibc)."""
    if not _MALLINFO2:
        _MALLINFO2.append(_look_up_mallinfo2())
    call = _MALLINFO2[0]
    return call() if call else None


def _look_up_mallinfo2():
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    class Mallinfo2(ctypes.Structure):  # struct mallinfo2 (malloc.h): ten size_t counters
        _fields_ = [
            (name, ctypes.c_size_t)
            for name in ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks")
            + ("uordblks", "fordblks", "keepcost")
        ]

    try:
        call = ctypes.CDLL(None).mallinfo2  # absent from musl and glibc before 2.33: AttributeError
    except (OSError, AttributeError):
        return False
    call.argtypes, call.restype = [], Mallinfo2
    return call


def _statm_resident() -> int | None:
    """Bytes resident now, from Linux's /proc/self/statm; None where there is no such file."""
    import os

    try:
        with open("/proc/self/statm") as fh:
            pages = int(fh.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, AttributeError):
        return None


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

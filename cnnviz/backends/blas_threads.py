"""The thread count of the BLAS library NumPy uses, set without threadpoolctl.

The numba backend runs single-threaded sgemm on its own workers (BLAS threads
would fight them for the cores); ``sgemm_peak`` measures the library on a
chosen number of threads.
"""

from __future__ import annotations

import ctypes
import os

_BLAS_SETTERS = ("scipy_openblas_set_num_threads64_", "scipy_openblas_set_num_threads",
                 "openblas_set_num_threads64_", "openblas_set_num_threads", "MKL_Set_Num_Threads")
_BLAS_GETTERS = ("scipy_openblas_get_num_threads64_", "scipy_openblas_get_num_threads",
                 "openblas_get_num_threads64_", "openblas_get_num_threads", "MKL_Get_Max_Threads")


def numpy_blas() -> tuple[ctypes.CDLL | None, str]:
    """(library or None, file name) of the BLAS shared library NumPy loaded (Linux: found in /proc/self/maps)."""
    try:
        with open("/proc/self/maps") as maps:
            paths = {line.split()[-1] for line in maps if "blas" in line.lower() or "mkl_rt" in line}
    except OSError:
        return None, "unknown BLAS"
    for path in sorted(paths):
        if not path.startswith("/") or ".so" not in path:
            continue
        try:
            lib = ctypes.CDLL(path)
        except OSError:
            continue
        if any(hasattr(lib, name) for name in _BLAS_SETTERS):
            return lib, os.path.basename(path)
    return None, "unknown BLAS"


_BLAS_FUNCTIONS: dict[int, tuple] = {}


def library_threads(lib, set_to: int | None = None) -> int | None:
    """Set (optionally) and return the BLAS library's thread count; None if unknown."""
    if lib is None:
        return None
    funcs = _BLAS_FUNCTIONS.get(id(lib))
    if funcs is None:
        setter = next((getattr(lib, n) for n in _BLAS_SETTERS if hasattr(lib, n)), None)
        getter = next((getattr(lib, n) for n in _BLAS_GETTERS if hasattr(lib, n)), None)
        if getter is not None:
            getter.restype = ctypes.c_int
        funcs = _BLAS_FUNCTIONS[id(lib)] = (setter, getter, lib)
    setter, getter, _ = funcs
    if set_to is not None and setter is not None:
        setter(ctypes.c_int(set_to))
    return int(getter()) if getter is not None else None


def blas_threads(set_to: int | None = None) -> int | None:
    """Set (optionally) and return the thread count of NumPy's BLAS; None if unknown."""
    lib, _ = numpy_blas()
    return library_threads(lib, set_to)

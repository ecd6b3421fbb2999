"""The thread count of the BLAS library NumPy uses, on every OS, through threadpoolctl.

The numba backend runs single-threaded sgemm on its own workers (BLAS threads
would fight them for the cores); ``sgemm_peak`` measures the library on a
chosen number of threads.

threadpoolctl finds the loaded BLAS on Linux, Windows and macOS (OpenBLAS, MKL,
BLIS, FlexiBLAS). Apple's Accelerate, which NumPy's macOS 14+ arm64 wheels use,
has no thread-count API: there the library is reported by name and is not
controllable (``numpy_blas`` returns no controller).
"""

from __future__ import annotations

import os

try:
    import threadpoolctl
except ImportError:  # a dependency; an install without it still trains, uncontrolled
    threadpoolctl = None


def _numpy_blas_name() -> str:
    """NumPy's build-time BLAS (e.g. "scipy-openblas", "accelerate"), or "unknown BLAS"."""
    try:
        import numpy as np

        name = np.__config__.CONFIG["Build Dependencies"]["blas"]["name"]
    except Exception:  # numpy < 2 has no CONFIG dict; any shape change: not worth failing for
        return "unknown BLAS"
    return str(name) if name else "unknown BLAS"


def numpy_blas():
    """(controller or None, file name) of the BLAS library NumPy loaded.

    The controller is threadpoolctl's handle on the library (``library_threads``
    takes it); None where no BLAS with a thread-count API is loaded (Accelerate)
    or threadpoolctl is missing, with the name NumPy was built against.
    """
    import numpy  # noqa: F401  (the BLAS is loaded with NumPy: it must be in before looking)

    if threadpoolctl is None:
        return None, _numpy_blas_name()
    try:
        libs = threadpoolctl.ThreadpoolController().select(user_api="blas").lib_controllers
    except Exception:  # threadpoolctl inspects every loaded library; never let that break training
        return None, _numpy_blas_name()
    if not libs:
        return None, _numpy_blas_name()
    # Another package (torch's MKL, SciPy) may have loaded a BLAS too: NumPy's own first.
    libs = sorted(libs, key=lambda lib: "numpy" not in str(getattr(lib, "filepath", "")).lower())
    lib = libs[0]
    return lib, os.path.basename(str(lib.filepath))


def library_threads(lib, set_to: int | None = None) -> int | None:
    """Set (optionally) and return the BLAS library's thread count; None if unknown."""
    if lib is None:
        return None
    if set_to is not None:
        set_to = int(set_to)
        lib.set_num_threads(set_to)
        threads = lib.num_threads
        if threads != set_to and hasattr(lib, "clear_controlling_thread"):
            # threadpoolctl >= 3.8 lets only the first thread that set OpenBLAS' shared pool
            # set it again, silently; the count is process-wide and the numba backend restores
            # it after each op, so whichever thread trains (the GUI's worker) takes over.
            lib.clear_controlling_thread(force=True)
            lib.set_num_threads(set_to)
        else:
            return int(threads) if threads is not None else None
    threads = lib.num_threads
    return int(threads) if threads is not None else None


def blas_threads(set_to: int | None = None) -> int | None:
    """Set (optionally) and return the thread count of NumPy's BLAS; None if unknown."""
    lib, _ = numpy_blas()
    return library_threads(lib, set_to)


_before_training: dict[str, int | None] = {}


def share_cores_with(backend_name: str | None) -> int | None:
    """NumPy's BLAS thread count while ``backend_name`` trains in this process beside other NumPy
    work (the window's predictions and analyses); None: nothing trains. Returns the count set, or
    None if unknown.

    1 while a backend other than the NumPy reference trains; the count the process started with
    when the NumPy reference trains (it is BLAS-bound) or nothing does (the window's analyses).
    OpenBLAS' pool threads spin for about 100 ms after each call: one prediction of one drawing
    cost 2 ms of the calling thread's CPU and ~104 ms of a spinning BLAS thread's, taken from
    the training workers (docs/performance.md, the app while training).
    """
    lib, _ = numpy_blas()
    if lib is None:
        return None
    if "initial" not in _before_training:
        _before_training["initial"] = library_threads(lib)
    initial = _before_training["initial"]
    wanted = initial if backend_name in (None, "numpy") else 1
    if wanted is None:
        return None
    return library_threads(lib, wanted)

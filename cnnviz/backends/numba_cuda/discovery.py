"""Can the numba.cuda backend run here? Every "no" comes with a reason a user can act on.

Checked in order, each step only if the previous one passed: numba and
numba-cuda importable; the CUDA simulator requested in time; the NVIDIA
driver present, starting and seeing a GPU (``gpu_probe``, before numba
touches it); numba-cuda's bindings not newer than the driver; the GPU opens.
The backend then compiles and runs one kernel (``numba_cuda.create``), and a
failure there is explained by ``explain_smoke_failure``: a missing compiler
library, a driver too old for the compiler's code, or a NumPy that
numba-cuda cannot work with. Once it runs, ``describe_device`` says on what.

A message names what is missing and the command that installs *that*; it
repeats the GPU extra's install command (``gpu_probe.PIP_GPU``) only when the GPU extra itself is not
installed.
"""

from __future__ import annotations

import importlib.util
import os
import warnings

from .. import gpu_probe
from ..base import BackendUnavailable

PIP_GPU = gpu_probe.PIP_GPU


def find_spec(name: str):
    """importlib.util.find_spec, replaceable in tests that simulate a missing package."""
    try:
        return importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None


def simulator_requested() -> bool:
    return os.environ.get("NUMBA_ENABLE_CUDASIM", "").strip() not in ("", "0")


def numba_cuda_version() -> str:
    return gpu_probe.installed_version("numba-cuda") or "?"


def bindings_cuda_version() -> int:
    """CUDA version numba-cuda's bindings are built for (1000*major + 10*minor), 0 if unknown."""
    text = gpu_probe.installed_version("cuda-bindings")
    try:
        major, minor = text.split(".")[:2]
        return 1000 * int(major) + 10 * int(minor)
    except Exception:
        return 0


def _installed(*distributions: str) -> str:
    return ", ".join(f"{d} {gpu_probe.installed_version(d) or 'not installed'}" for d in distributions)


def import_cuda():
    """``numba.cuda`` (numba-cuda's), or BackendUnavailable saying what is missing."""
    if find_spec("numba") is None:
        raise BackendUnavailable("numba is not installed (cnnviz needs it): pip install numba")
    if find_spec("numba_cuda") is None:
        raise BackendUnavailable(f"numba-cuda is not installed (numba's own CUDA target was removed): {PIP_GPU}")
    try:
        from numba import cuda
    except ImportError as exc:  # e.g. cuda-bindings missing or broken
        if gpu_probe.installed_version("cuda-bindings") is None:
            raise BackendUnavailable(
                f"numba-cuda {numba_cuda_version()} is installed but its CUDA bindings are "
                'not (cuda-bindings): pip install "cuda-bindings>=12.9,<13"'
            ) from exc
        raise BackendUnavailable(
            f"numba-cuda cannot be imported ({type(exc).__name__}: {exc}); installed: "
            f"{_installed('numba-cuda', 'numba', 'cuda-bindings', 'numpy')}"
        ) from exc
    if getattr(cuda, "implementation", "") != "NVIDIA":
        raise BackendUnavailable(
            f"numba-cuda is not installed (only numba's deprecated built-in CUDA target): {PIP_GPU}"
        )
    return cuda


def open_cuda():
    """(numba.cuda, running on the simulator, CUDA version of the driver) or BackendUnavailable."""
    cuda = import_cuda()
    try:  # read once, when numba.cuda was first imported
        from numba.cuda.core import config as cuda_config
    except ImportError:  # numba-cuda before 0.2x kept its settings in numba's config
        from numba.core import config as cuda_config

    simulator = bool(getattr(cuda_config, "ENABLE_CUDASIM", 0))
    if simulator_requested() and not simulator:
        raise BackendUnavailable(
            "NUMBA_ENABLE_CUDASIM=1 was set after numba had been imported; set it before starting Python"
        )
    if simulator:
        return cuda, True, 0
    status = gpu_probe.driver_status()
    if not status.ok:
        raise BackendUnavailable(status.problem)
    driver_version = status.driver_version
    mismatch = gpu_probe.version_mismatch(
        "numba-cuda (cuda-bindings)",
        bindings_cuda_version(),
        driver_version,
        f'pip install "numba-cuda[cu{driver_version // 1000}]"',
    )
    if mismatch:
        raise BackendUnavailable(mismatch)
    try:
        cuda.get_current_device()
    except Exception as exc:
        raise BackendUnavailable(f"numba-cuda cannot open the GPU ({type(exc).__name__}: {exc})") from exc
    return cuda, False, driver_version


def explain_smoke_failure(exc: Exception, driver_version: int) -> str:
    """Why compiling and running one small kernel failed, and what to do about it."""
    text = f"{type(exc).__name__}: {exc}"
    low = text.lower()
    drv = gpu_probe.format_cuda_version(driver_version) if driver_version else "?"
    if "module 'numpy' has no attribute" in low:
        return (
            f"numba-cuda {numba_cuda_version()} cannot compile kernels with NumPy "
            f"{gpu_probe.installed_version('numpy')} (it uses functions NumPy 2.5 removed): "
            f'pip install "numpy<2.5" [{text}]'
        )
    if "unsupported_ptx_version" in low or "ptx version" in low or "unsupported toolchain" in low:
        nvcc = gpu_probe.installed_version("nvidia-cuda-nvcc-cu12") or "?"
        major = driver_version // 1000 or 12
        minor = (driver_version % 1000) // 10
        return (
            f"CUDA version mismatch: numba-cuda's compiler (NVVM {nvcc}) emits code newer than the NVIDIA "
            f"driver (CUDA {drv}) can load; update the NVIDIA driver, or install the compiler of the "
            f'driver\'s CUDA: pip install "nvidia-cuda-nvcc-cu{major}=={major}.{minor}.*" [{text}]'
        )
    if "nvvm" in low or "libdevice" in low or "nvrtc" in low:
        return (
            f"numba-cuda cannot load the CUDA compiler libraries: "
            f"{gpu_probe.cuda_library_hint('nvvm', 'nvrtc')} [{text}]"
        )
    return f"numba-cuda cannot run a kernel on this GPU ({text})"


def describe_device(cuda, simulator: bool) -> str:
    """The GPU numba.cuda computes on (or the simulator), its memory, the driver and
    numba-cuda versions, in one line."""
    version = numba_cuda_version()
    if simulator:
        return (
            f"CUDA simulator (numba-cuda {version}, NUMBA_ENABLE_CUDASIM=1): kernels run as Python "
            "threads on the CPU, very slowly; no GPU timings"
        )
    device = cuda.get_current_device()
    name = device.name.decode() if isinstance(device.name, bytes) else str(device.name)
    major, minor = device.compute_capability
    text = f"{name}, compute capability {major}.{minor}"
    try:
        free, total = cuda.current_context().get_memory_info()
        text += f", {total / 2**30:.1f} GiB ({free / 2**30:.1f} GiB free)"
    except Exception:
        pass
    driver = gpu_probe.driver_status()
    if driver.driver_version:
        text += f"; CUDA driver {gpu_probe.format_cuda_version(driver.driver_version)}"
    return text + f"; numba-cuda {version}, hand-written kernels (no cuBLAS)"


def silence_occupancy_warnings() -> None:
    """Small grids are the norm at MNIST sizes (the one-block loss, small dense layers): numba-cuda
    warns "Grid size N will likely result in GPU under-utilization" at each such launch. Ignore its
    NumbaPerformanceWarning category (numba-cuda's class; numba's in versions without one), nothing
    else. (A filter on the message never matched: numba wraps it in ANSI bold codes, "\x1b[1mGrid...")"""
    for module in ("numba.cuda.core.errors", "numba.core.errors"):
        try:
            warnings.filterwarnings("ignore", category=importlib.import_module(module).NumbaPerformanceWarning)
            return
        except (ImportError, AttributeError):
            continue

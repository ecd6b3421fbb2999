"""Can the CuPy backend run here? Every "no" comes with a reason a user can act on.

Checked in order, each step only if the previous one passed: CuPy importable;
the NVIDIA driver present and seeing a GPU (``gpu_probe``, before CuPy touches
it); CuPy's CUDA not newer than the driver's; a device visible to CuPy; then one
compiled kernel (NVRTC) and one matrix product (cuBLAS), so that a missing CUDA
library is a reason naming it (``missing_library_reason``), not a crash
mid-training. ``cupy_backend.create`` opens the backend on what ``open_cupy``
returns; ``describe_device`` says what it runs on.
"""

from __future__ import annotations

import numpy as np

from .. import gpu_probe
from ..base import BackendUnavailable

PIP_GPU = gpu_probe.PIP_GPU
NOT_INSTALLED = f"CuPy is not installed: {PIP_GPU}"


def import_cupy():
    """``import cupy``, or BackendUnavailable saying whether CuPy is missing or broken."""
    try:
        import cupy
    except ImportError as exc:
        if exc.name == "cupy" or not cupy_installed():
            raise BackendUnavailable(NOT_INSTALLED) from exc
        dist = cupy_distribution(12)
        raise BackendUnavailable(
            f"CuPy is installed but cannot be imported ({exc}); reinstall the CuPy wheel "
            f'for your CUDA version: pip install --force-reinstall "{dist}[ctk]"'
        ) from exc
    return cupy


def cupy_installed() -> bool:
    """Whether a CuPy package is installed, importable or not."""
    import importlib.util

    try:
        return importlib.util.find_spec("cupy") is not None
    except (ImportError, ValueError):
        return False


def cupy_distribution(cuda_major: int) -> str:
    """The pip name of the installed CuPy wheel (``cupy-cuda12x``...), for advice."""
    from importlib import metadata

    for name in (f"cupy-cuda{cuda_major}x", "cupy-cuda12x", "cupy-cuda13x", "cupy-cuda11x", "cupy"):
        try:
            metadata.version(name)
            return name
        except metadata.PackageNotFoundError:
            continue
    return f"cupy-cuda{cuda_major}x"


def runtime_error_name(exc: Exception) -> str:
    return f"{type(exc).__name__}: {exc}"


def missing_library_reason(library: str, exc: Exception, built_for: int) -> str:
    """Why CuPy cannot run, naming the CUDA library that failed and how to get it.

    CuPy wheels take NVRTC and cuBLAS from the ``cuda-toolkit`` wheels of their
    ``[ctk]`` extra (or a CUDA toolkit on the library path); without them the
    import works and the first kernel or matrix product fails. The advice is
    that extra, never the command that installed CuPy in the first place.
    """
    major = built_for // 1000 if built_for else 12
    dist = cupy_distribution(major)
    text = runtime_error_name(exc)
    first = text.splitlines()[0][:300] if text else type(exc).__name__
    return (
        f"CuPy cannot use {library} ({first}): CuPy loads the CUDA {major} libraries from the "
        f'NVIDIA wheels of its [ctk] extra; install them with pip install "{dist}[ctk]" '
        f"(or put a CUDA {major} toolkit's lib64 on LD_LIBRARY_PATH)"
    )


PROBE_KERNEL = r'extern "C" __global__ void cnnviz_probe(float* a) { a[threadIdx.x] += 1.0f; }'
"""Adds one to each of its threads' elements: compiled by NVRTC, so it fails without it."""


def open_cupy():
    """CuPy, once it has seen the driver and a GPU, compiled a kernel and run a matrix product;
    else BackendUnavailable with the reason it cannot run here."""
    cupy = import_cupy()
    status = gpu_probe.driver_status()
    if not status.ok:
        raise BackendUnavailable(status.problem)
    runtime = cupy.cuda.runtime
    try:
        built_for = runtime.runtimeGetVersion()
    except Exception:
        built_for = 0
    mismatch = gpu_probe.version_mismatch(
        f"CuPy {cupy.__version__}",
        built_for,
        status.driver_version,
        f"install the CuPy wheel for the driver's CUDA (cupy-cuda{status.driver_version // 1000}x)",
    )
    if mismatch:
        raise BackendUnavailable(mismatch)
    try:
        count = runtime.getDeviceCount()
    except Exception as exc:
        text = runtime_error_name(exc)
        if "InsufficientDriver" in text:
            raise BackendUnavailable(
                f"CUDA version mismatch: CuPy {cupy.__version__} needs CUDA "
                f"{gpu_probe.format_cuda_version(built_for)} but the NVIDIA driver supports CUDA "
                f"{gpu_probe.format_cuda_version(status.driver_version)}; update the driver ({text})"
            ) from exc
        if "NoDevice" in text:
            raise BackendUnavailable(f"no CUDA device visible to CuPy ({text})") from exc
        raise BackendUnavailable(f"CuPy cannot open the GPU ({text})") from exc
    if count < 1:
        raise BackendUnavailable("no CUDA device visible to CuPy")
    # One compiled kernel (needs NVRTC) and one matrix product (needs cuBLAS) now, so a
    # missing CUDA library is a reason naming it, not a crash mid-training.
    try:
        a = cupy.zeros(32, dtype=cupy.float32)
    except Exception as exc:
        raise BackendUnavailable(f"CuPy cannot use the GPU ({runtime_error_name(exc)})") from exc
    try:
        cupy.RawKernel(PROBE_KERNEL, "cnnviz_probe")((1,), (32,), (a,))
        if float(a.sum()) != 32.0:
            raise RuntimeError(f"a test kernel wrote {float(a.sum())}, not 32")
    except Exception as exc:
        raise BackendUnavailable(missing_library_reason("NVRTC (the CUDA runtime compiler)", exc, built_for)) from exc
    try:
        host = np.arange(12, dtype=np.float32).reshape(3, 4)
        m = cupy.asarray(host)
        total, expected = float((m @ m.T).sum()), float((host @ host.T).sum())
        if total != expected:
            raise RuntimeError(f"a 3x4 test product summed to {total}, not {expected}")
    except Exception as exc:
        raise BackendUnavailable(missing_library_reason("cuBLAS", exc, built_for)) from exc
    return cupy


def describe_device(cp) -> str:
    """The GPU CuPy computes on, its memory, and the CuPy and CUDA versions, in one line."""
    device = cp.cuda.Device()
    props = cp.cuda.runtime.getDeviceProperties(device.id)
    name = props["name"]
    name = name.decode() if isinstance(name, bytes) else str(name)
    free, total = cp.cuda.runtime.memGetInfo()
    runtime = gpu_probe.format_cuda_version(cp.cuda.runtime.runtimeGetVersion())
    driver = gpu_probe.format_cuda_version(cp.cuda.runtime.driverGetVersion())
    return (
        f"{name}, compute capability {props['major']}.{props['minor']}, "
        f"{total / 2**30:.1f} GiB ({free / 2**30:.1f} GiB free); CuPy {cp.__version__}, "
        f"CUDA runtime {runtime}, driver {driver}; fused NVRTC kernels + cuBLAS"
    )

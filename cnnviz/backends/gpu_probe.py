"""Why a GPU backend cannot run here, in words a user can act on.

The CUDA driver library is probed directly with ctypes, before numba.cuda or
CuPy touch it: both libraries report a missing driver, a machine without a
GPU and a driver too old for their CUDA version in ways that are hard to tell
apart (numba raises an ImportError subclass, CuPy says "insufficient driver"
when there is no driver at all). Nothing here imports numba or CuPy.
"""

from __future__ import annotations

import ctypes
import os
import sys
from dataclasses import dataclass

BUNDLE = "<the standalone bundle>"
"""``installed_from()``'s answer in a PyInstaller bundle: pip cannot add to it."""
ARCHIVES = (".whl", ".tar.gz", ".zip")


def installed_from() -> tuple[str | None, bool]:
    """Where the running cnnviz was installed from: ``(folder, editable)`` for a source checkout
    (pip's ``direct_url.json`` names a local folder; or no cnnviz distribution is installed, so it
    runs from the checkout itself), ``(path, False)`` for a local wheel or sdist file, ``(BUNDLE,
    False)`` in the standalone bundle, ``(None, False)`` for anything else (an index, a URL). Tests
    replace this."""
    import json
    from importlib import metadata
    from pathlib import Path
    from urllib.parse import urlparse
    from urllib.request import url2pathname

    if getattr(sys, "frozen", False):
        return BUNDLE, False
    try:
        text = metadata.distribution("cnnviz").read_text("direct_url.json")
    except metadata.PackageNotFoundError:
        return str(Path(__file__).resolve().parents[2]), False
    except Exception:  # unreadable metadata: the extra's own packages are the safe answer
        return None, False
    try:
        info = json.loads(text) if text else {}
        url = urlparse(str(info.get("url", "")))
        if url.scheme == "file" and isinstance(info.get("dir_info"), dict):
            return url2pathname(url.path), bool(info["dir_info"].get("editable", False))
        if url.scheme == "file" and url.path.lower().endswith(ARCHIVES):
            return url2pathname(url.path), False
    except (ValueError, TypeError, AttributeError):
        pass
    return None, False


def extra_requirements(extra: str) -> list[str]:
    """The requirements of cnnviz's optional ``extra`` as its installed metadata lists them."""
    import re
    from importlib import metadata

    try:
        lines = metadata.requires("cnnviz") or []
    except Exception:
        return []
    wanted = re.compile(rf"""extra\s*==\s*["']{re.escape(extra)}["']""")
    found = []
    for line in lines:  # 'cupy-cuda12x[ctk]>=14; extra == "gpu"' (no other marker in cnnviz's extras)
        requirement, _, marker = line.partition(";")
        if wanted.search(marker):
            found.append(requirement.replace(" ", ""))
    return found


def pip_extra_command(extra: str, source: tuple[str | None, bool] | None = None) -> str:
    """The command that adds cnnviz's optional ``extra`` to this installation (``source``:
    ``installed_from()``): ``pip install ".[gpu]"`` in the checkout it was installed from (``-e``
    kept for an editable install), ``pip install "<the wheel>[gpu]"`` for a local wheel or sdist, the
    extra's own packages otherwise. It never names ``cnnviz`` on an index: cnnviz is not published on
    one, and anybody could take the name."""
    location, editable = installed_from() if source is None else source
    if location == BUNDLE:
        return (
            f"the standalone bundle cannot add the {extra} extra: install cnnviz with pip from its wheel "
            f"or source and add the extra (docs/install.md)"
        )
    if location is not None and location.lower().endswith(ARCHIVES):
        return f'pip install "{location}[{extra}]"'
    if location is not None:
        return f'pip install {"-e " if editable else ""}".[{extra}]" (run in {location})'
    packages = extra_requirements(extra)
    if not packages:
        return f"install cnnviz's {extra} extra with pip (docs/install.md)"
    return "pip install " + " ".join(f'"{p}"' for p in packages)


def pip_gpu_command(source: tuple[str | None, bool] | None = None) -> str:
    """``pip_extra_command("gpu", source)``."""
    return pip_extra_command("gpu", source)


PIP_GPU = pip_gpu_command()
"""The install command for the GPU extra. Say it only when what it installs is
missing: a user who has just run it needs to hear what is still missing instead."""

# The CUDA 12 libraries as pip wheels (what cupy-cuda12x[ctk] and numba-cuda[cu12] install),
# by component: human name, distribution.
CUDA12_WHEELS: dict[str, tuple[str, str]] = {
    "cudart": ("the CUDA runtime", "nvidia-cuda-runtime-cu12"),
    "cublas": ("cuBLAS", "nvidia-cublas-cu12"),
    "nvrtc": ("NVRTC (the runtime compiler)", "nvidia-cuda-nvrtc-cu12"),
    "nvvm": ("NVVM (numba-cuda's compiler, in the nvcc wheel)", "nvidia-cuda-nvcc-cu12"),
    "nvjitlink": ("nvJitLink", "nvidia-nvjitlink-cu12"),
    "curand": ("cuRAND", "nvidia-curand-cu12"),
    "cufft": ("cuFFT", "nvidia-cufft-cu12"),
    "cusparse": ("cuSPARSE", "nvidia-cusparse-cu12"),
    "cusolver": ("cuSOLVER", "nvidia-cusolver-cu12"),
}

# CUresult codes that deserve their own sentence (cuda.h).
CUDA_SUCCESS = 0
CUDA_ERROR_STUB_LIBRARY = 34
CUDA_ERROR_NO_DEVICE = 100
CUDA_ERROR_SYSTEM_DRIVER_MISMATCH = 803
CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE = 804


@dataclass(frozen=True)
class DriverStatus:
    problem: str | None
    """Why no CUDA device can be used (None when one can)."""
    driver_version: int = 0
    """CUDA version the driver supports, encoded as 1000*major + 10*minor (12040 = 12.4)."""
    device_count: int = 0

    @property
    def ok(self) -> bool:
        return self.problem is None


def format_cuda_version(encoded: int) -> str:
    return f"{encoded // 1000}.{(encoded % 1000) // 10}"


def driver_library_names() -> tuple[str, ...]:
    if sys.platform.startswith("win"):
        return ("nvcuda.dll",)
    if sys.platform == "darwin":
        return ()
    return ("libcuda.so.1", "libcuda.so")


def load_driver():
    """The CUDA driver API library, or None. Tests replace this function."""
    for name in driver_library_names():
        try:
            return ctypes.CDLL(name)
        except OSError:
            continue
    return None


def _error_name(lib, code: int) -> str:
    name = ctypes.c_char_p()
    try:
        if lib.cuGetErrorName(code, ctypes.byref(name)) == CUDA_SUCCESS and name.value:
            return name.value.decode(errors="replace")
    except Exception:  # an odd driver must not turn a reason into a crash
        pass
    return f"CUresult {code}"


def _visible_devices_hint() -> str:
    value = os.environ.get("CUDA_VISIBLE_DEVICES")
    if value is None:
        return ""
    return f" (note CUDA_VISIBLE_DEVICES={value!r})"


def driver_status() -> DriverStatus:
    """Probe the NVIDIA driver: is it there, does it start, does it see a device?"""
    if sys.platform == "darwin":
        return DriverStatus("CUDA needs an NVIDIA GPU and driver; macOS has no CUDA driver")
    lib = load_driver()
    if lib is None:
        names = " / ".join(driver_library_names()) or "the CUDA driver library"
        return DriverStatus(
            f"no NVIDIA driver: {names} (libcuda, the CUDA driver library) not found; "
            "install the NVIDIA driver (in a container: run it with the NVIDIA container "
            "toolkit, e.g. docker run --gpus all)"
        )
    version = ctypes.c_int(0)
    try:
        lib.cuDriverGetVersion(ctypes.byref(version))
    except Exception:
        pass
    driver_version = int(version.value)
    code = lib.cuInit(0)
    if code != CUDA_SUCCESS:
        name = _error_name(lib, code)
        cuda_ver = f" (CUDA {format_cuda_version(driver_version)})" if driver_version else ""
        if code == CUDA_ERROR_NO_DEVICE:
            problem = (
                f"no CUDA device: the NVIDIA driver{cuda_ver} is installed but finds no GPU "
                f"(cuInit: {name}){_visible_devices_hint()}"
            )
        elif code == CUDA_ERROR_STUB_LIBRARY:
            problem = (
                "no NVIDIA driver: the libcuda found is the CUDA toolkit's stub library, not a driver "
                f"(cuInit: {name}); install the NVIDIA driver"
            )
        elif code == CUDA_ERROR_SYSTEM_DRIVER_MISMATCH:
            problem = (
                "NVIDIA driver version mismatch: the user-space driver library and the kernel module "
                f"differ (cuInit: {name}); reboot or reinstall the driver"
            )
        elif code == CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE:
            problem = (
                f"CUDA forward-compatibility driver{cuda_ver} is not supported on this GPU (cuInit: {name}); "
                "remove the cuda-compat package or update the NVIDIA driver"
            )
        else:
            problem = f"the NVIDIA driver{cuda_ver} failed to start (cuInit: {name})"
        return DriverStatus(problem, driver_version)
    count = ctypes.c_int(0)
    code = lib.cuDeviceGetCount(ctypes.byref(count))
    if code != CUDA_SUCCESS:
        return DriverStatus(
            f"the NVIDIA driver cannot count devices (cuDeviceGetCount: {_error_name(lib, code)})", driver_version
        )
    if count.value < 1:
        return DriverStatus(
            f"no CUDA device: the NVIDIA driver (CUDA {format_cuda_version(driver_version)}) "
            f"sees 0 GPUs{_visible_devices_hint()}",
            driver_version,
        )
    return DriverStatus(None, driver_version, int(count.value))


def version_mismatch(library: str, built_for: int, driver_version: int, fix: str) -> str | None:
    """A reason when ``library`` targets a newer CUDA major version than the driver supports."""
    if not built_for or not driver_version or built_for // 1000 <= driver_version // 1000:
        return None
    return (
        f"CUDA version mismatch: {library} is built for CUDA {format_cuda_version(built_for)} but the "
        f"NVIDIA driver supports CUDA {format_cuda_version(driver_version)}; update the NVIDIA driver "
        f"or {fix}"
    )


# --- what is installed (pip distributions), for messages that say what is missing --------


def installed_version(distribution: str) -> str | None:
    """The installed version of a pip distribution, or None. Tests replace this function."""
    try:
        from importlib.metadata import PackageNotFoundError, version
    except ImportError:  # pragma: no cover
        return None
    try:
        return version(distribution)
    except PackageNotFoundError:
        return None
    except Exception:
        return None


def missing_cuda_wheels(*components: str) -> list[str]:
    """Distributions of the CUDA 12 wheels for ``components`` (keys of CUDA12_WHEELS)
    that are not installed."""
    return [CUDA12_WHEELS[c][1] for c in components if installed_version(CUDA12_WHEELS[c][1]) is None]


def cuda_library_hint(*components: str) -> str:
    """What to do about CUDA libraries that could not be loaded, naming the missing ones.

    e.g. ``cuda_library_hint("cublas", "nvrtc")`` -> 'cuBLAS (pip package
    nvidia-cublas-cu12) is not installed: pip install "nvidia-cublas-cu12==12.*"'.
    When every wheel is there, says so (the library is present but cannot be
    loaded) rather than repeating an install command that has already run.
    """
    missing = [c for c in components if installed_version(CUDA12_WHEELS[c][1]) is None]
    if missing:
        names = ", ".join(f"{CUDA12_WHEELS[c][0]} (pip package {CUDA12_WHEELS[c][1]})" for c in missing)
        verb = "is" if len(missing) == 1 else "are"
        command = "pip install " + " ".join(f'"{CUDA12_WHEELS[c][1]}==12.*"' for c in missing)
        return f"{names} {verb} not installed: {command}"
    present = ", ".join(f"{CUDA12_WHEELS[c][1]} {installed_version(CUDA12_WHEELS[c][1])}" for c in components)
    return (
        f"the CUDA wheels are installed ({present}) but a library in them could not be loaded; "
        "check that they match (all 12.x) and that LD_LIBRARY_PATH does not point at an older CUDA"
    )

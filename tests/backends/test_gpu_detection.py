"""GPU backends that cannot run say exactly why (no driver, no device, missing package, version mismatch).

These run in the normal test process (no CUDA simulator). Absence is simulated
by replacing the CUDA driver library, the package lookup or CuPy itself.
"""

from __future__ import annotations

import sys
from types import SimpleNamespace

import pytest

from cnnviz.backends import cupy_backend, gpu_probe, numba_cuda, registry
from cnnviz.backends.base import BackendUnavailable
from cnnviz.backends.cupy_backend import discovery as cupy_discovery
from cnnviz.backends.numba_cuda import discovery as numba_cuda_discovery

SIMULATOR = numba_cuda_discovery.simulator_requested()
needs_normal_process = pytest.mark.skipif(SIMULATOR, reason="runs without NUMBA_ENABLE_CUDASIM (see tests/cuda)")


class FakeDriver:
    """Stands in for libcuda: answers the four calls gpu_probe makes."""

    names = {
        0: b"CUDA_SUCCESS",
        34: b"CUDA_ERROR_STUB_LIBRARY",
        100: b"CUDA_ERROR_NO_DEVICE",
        803: b"CUDA_ERROR_SYSTEM_DRIVER_MISMATCH",
        999: b"CUDA_ERROR_UNKNOWN",
    }

    def __init__(self, init_result=0, devices=1, version=12040):
        self.init_result, self.devices, self.version = init_result, devices, version

    def cuDriverGetVersion(self, ref):
        ref._obj.value = self.version
        return 0

    def cuInit(self, flags):
        return self.init_result

    def cuDeviceGetCount(self, ref):
        ref._obj.value = self.devices
        return 0

    def cuGetErrorName(self, code, ref):
        ref._obj.value = self.names.get(code, b"CUDA_ERROR_OTHER")
        return 0


@pytest.fixture
def fake_driver(monkeypatch):
    def install(driver):
        monkeypatch.setattr(gpu_probe, "load_driver", lambda: driver)

    return install


# --- this machine ---------------------------------------------------------------


def _real_driver_ok() -> bool:
    return gpu_probe.driver_status().ok


@needs_normal_process
def test_cuda_backend_unavailable_here_names_the_driver():
    if _real_driver_ok():
        pytest.skip("a working NVIDIA driver is present here")
    with pytest.raises(BackendUnavailable) as info:
        numba_cuda.create()
    assert "driver" in str(info.value)
    entry = registry.info("cuda")
    assert not entry.available and "driver" in entry.detail


def test_cupy_backend_unavailable_here_says_why():
    if cupy_discovery.cupy_installed():
        if _real_driver_ok():
            pytest.skip("CuPy and a working NVIDIA driver are present here")
        with pytest.raises(BackendUnavailable, match="driver"):
            cupy_backend.create()
        return
    with pytest.raises(BackendUnavailable) as info:
        cupy_backend.create()
    assert str(info.value) == f"CuPy is not installed: {gpu_probe.PIP_GPU}"
    entry = registry.info("cupy")
    assert not entry.available and entry.detail == str(info.value)


def test_registry_lists_gpu_backends_without_raising():
    names = {entry.name: entry for entry in registry.available()}
    for name in ("cuda", "cupy"):
        assert name in names
        assert names[name].available or names[name].detail


# --- the driver probe ----------------------------------------------------------------


def test_probe_without_libcuda(fake_driver):
    fake_driver(None)
    status = gpu_probe.driver_status()
    if sys.platform == "darwin":
        assert "macOS" in status.problem
    else:
        assert status.problem.startswith("no NVIDIA driver:") and "libcuda" in status.problem


@pytest.mark.skipif(sys.platform == "darwin", reason="no CUDA driver on macOS")
@pytest.mark.parametrize(
    "code,expected",
    [
        (
            100,
            "no CUDA device: the NVIDIA driver (CUDA 12.4) is installed but finds no GPU (cuInit: "
            "CUDA_ERROR_NO_DEVICE)",
        ),
        (34, "stub library"),
        (803, "NVIDIA driver version mismatch"),
        (999, "the NVIDIA driver (CUDA 12.4) failed to start (cuInit: CUDA_ERROR_UNKNOWN)"),
    ],
)
def test_probe_driver_init_failures(fake_driver, monkeypatch, code, expected):
    monkeypatch.delenv("CUDA_VISIBLE_DEVICES", raising=False)
    fake_driver(FakeDriver(init_result=code))
    status = gpu_probe.driver_status()
    assert not status.ok and expected in status.problem


@pytest.mark.skipif(sys.platform == "darwin", reason="no CUDA driver on macOS")
def test_probe_no_device_mentions_visible_devices(fake_driver, monkeypatch):
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "")
    fake_driver(FakeDriver(devices=0))
    status = gpu_probe.driver_status()
    assert status.problem.startswith("no CUDA device") and "CUDA_VISIBLE_DEVICES=''" in status.problem


@pytest.mark.skipif(sys.platform == "darwin", reason="no CUDA driver on macOS")
def test_probe_working_driver(fake_driver):
    fake_driver(FakeDriver(devices=2, version=12080))
    status = gpu_probe.driver_status()
    assert status.ok and status.device_count == 2 and status.driver_version == 12080


def test_version_mismatch_text():
    text = gpu_probe.version_mismatch("CuPy 14.0", 13000, 12040, "install cupy-cuda12x")
    assert text == (
        "CUDA version mismatch: CuPy 14.0 is built for CUDA 13.0 but the NVIDIA driver supports "
        "CUDA 12.4; update the NVIDIA driver or install cupy-cuda12x"
    )
    assert gpu_probe.version_mismatch("CuPy", 12080, 12040, "x") is None  # minor versions are compatible


# --- numba.cuda backend ------------------------------------------------------------------


@needs_normal_process
def test_cuda_backend_without_numba_cuda(monkeypatch):
    real = numba_cuda_discovery.find_spec
    monkeypatch.setattr(numba_cuda_discovery, "find_spec", lambda name: None if name == "numba_cuda" else real(name))
    with pytest.raises(BackendUnavailable) as info:
        numba_cuda.create()
    assert str(info.value).startswith("numba-cuda is not installed")
    assert str(info.value).endswith(gpu_probe.PIP_GPU)


@needs_normal_process
@pytest.mark.skipif(sys.platform == "darwin", reason="no CUDA driver on macOS")
def test_cuda_backend_no_device(fake_driver, monkeypatch):
    monkeypatch.delenv("CUDA_VISIBLE_DEVICES", raising=False)
    fake_driver(FakeDriver(init_result=100))
    with pytest.raises(BackendUnavailable, match=r"^no CUDA device: "):
        numba_cuda.create()


@needs_normal_process
def test_cuda_backend_driver_older_than_bindings(monkeypatch):
    monkeypatch.setattr(gpu_probe, "driver_status", lambda: gpu_probe.DriverStatus(None, 12040, 1))
    monkeypatch.setattr(numba_cuda_discovery, "bindings_cuda_version", lambda: 13000)
    with pytest.raises(BackendUnavailable) as info:
        numba_cuda.create()
    assert str(info.value).startswith(
        "CUDA version mismatch: numba-cuda (cuda-bindings) is built for CUDA 13.0 "
        "but the NVIDIA driver supports CUDA 12.4"
    )
    assert 'pip install "numba-cuda[cu12]"' in str(info.value)


def _installed(monkeypatch, **versions):
    """Pretend these pip distributions are installed (None: not installed); others as they are."""
    real = gpu_probe.installed_version
    monkeypatch.setattr(gpu_probe, "installed_version", lambda name: versions[name] if name in versions else real(name))


def test_cuda_smoke_failures_are_explained(monkeypatch):
    _installed(monkeypatch, **{"nvidia-cuda-nvcc-cu12": "12.9.86", "nvidia-cuda-nvrtc-cu12": "12.9.86"})
    ptx = numba_cuda_discovery.explain_smoke_failure(RuntimeError("CUDA_ERROR_UNSUPPORTED_PTX_VERSION"), 12020)
    assert ptx.startswith("CUDA version mismatch") and "CUDA 12.2" in ptx and "NVVM 12.9.86" in ptx
    assert 'pip install "nvidia-cuda-nvcc-cu12==12.2.*"' in ptx


def test_missing_nvvm_names_the_wheel_and_never_repeats_the_gpu_extra(monkeypatch):
    _installed(monkeypatch, **{"nvidia-cuda-nvcc-cu12": None, "nvidia-cuda-nvrtc-cu12": "12.9.86"})
    text = numba_cuda_discovery.explain_smoke_failure(RuntimeError("libNVVM cannot be found"), 12080)
    assert "NVVM" in text and 'pip install "nvidia-cuda-nvcc-cu12==12.*"' in text
    assert '[gpu]"' not in text
    # Everything installed, still not loadable: say so instead of an install command already run.
    _installed(monkeypatch, **{"nvidia-cuda-nvcc-cu12": "12.9.86", "nvidia-cuda-nvrtc-cu12": "12.9.86"})
    text = numba_cuda_discovery.explain_smoke_failure(RuntimeError("libNVVM cannot be found"), 12080)
    assert "are installed (nvidia-cuda-nvcc-cu12 12.9.86, nvidia-cuda-nvrtc-cu12 12.9.86)" in text
    assert "pip install" not in text


def test_numpy_too_new_for_numba_cuda_is_explained(monkeypatch):
    _installed(monkeypatch, numpy="2.5.2", **{"numba-cuda": "0.30.4"})
    text = numba_cuda_discovery.explain_smoke_failure(
        AttributeError("module 'numpy' has no attribute 'row_stack'"), 12080
    )
    assert text.startswith("numba-cuda 0.30.4 cannot compile kernels with NumPy 2.5.2")
    assert 'pip install "numpy<2.5"' in text


@needs_normal_process
def test_numba_cuda_that_cannot_be_imported_says_what_is_missing(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def failing_import(name, *args, **kwargs):
        if name == "numba" and args and args[2] and "cuda" in args[2]:
            raise ImportError("cuda.bindings not found")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", failing_import)
    _installed(monkeypatch, **{"cuda-bindings": None, "numba-cuda": "0.30.4"})
    with pytest.raises(BackendUnavailable) as info:
        numba_cuda_discovery.import_cuda()
    assert str(info.value) == (
        "numba-cuda 0.30.4 is installed but its CUDA bindings are not (cuda-bindings): "
        'pip install "cuda-bindings>=12.9,<13"'
    )
    _installed(monkeypatch, **{"cuda-bindings": "12.9.4", "numba-cuda": "0.30.4"})
    with pytest.raises(BackendUnavailable) as info:
        numba_cuda_discovery.import_cuda()
    assert "cuda-bindings 12.9.4" in str(info.value) and '[gpu]"' not in str(info.value)


def test_cuda_library_hint_for_the_cupy_backend(monkeypatch):
    _installed(monkeypatch, **{"nvidia-cublas-cu12": None, "nvidia-cuda-nvrtc-cu12": "12.9.86"})
    assert gpu_probe.missing_cuda_wheels("cublas", "nvrtc") == ["nvidia-cublas-cu12"]
    assert gpu_probe.cuda_library_hint("cublas", "nvrtc") == (
        'cuBLAS (pip package nvidia-cublas-cu12) is not installed: pip install "nvidia-cublas-cu12==12.*"'
    )


# --- CuPy backend ---------------------------------------------------------------------------


def test_cupy_not_installed_message(monkeypatch):
    monkeypatch.setitem(sys.modules, "cupy", None)  # makes `import cupy` raise ImportError(name="cupy")
    with pytest.raises(BackendUnavailable) as info:
        cupy_backend.create()
    assert str(info.value) == f"CuPy is not installed: {gpu_probe.PIP_GPU}"


def _fake_cupy(runtime_version=12080, device_count=None):
    def get_device_count():
        if isinstance(device_count, Exception):
            raise device_count
        return device_count

    runtime = SimpleNamespace(runtimeGetVersion=lambda: runtime_version, getDeviceCount=get_device_count)
    return SimpleNamespace(__version__="14.0.0", cuda=SimpleNamespace(runtime=runtime))


class CUDARuntimeError(RuntimeError):
    pass


def test_cupy_no_driver(monkeypatch, fake_driver):
    monkeypatch.setitem(sys.modules, "cupy", _fake_cupy())
    fake_driver(None)
    with pytest.raises(BackendUnavailable, match="NVIDIA driver|macOS"):
        cupy_backend.create()


def test_cupy_built_for_newer_cuda_than_driver(monkeypatch):
    monkeypatch.setitem(sys.modules, "cupy", _fake_cupy(runtime_version=13000))
    monkeypatch.setattr(gpu_probe, "driver_status", lambda: gpu_probe.DriverStatus(None, 12040, 1))
    with pytest.raises(BackendUnavailable) as info:
        cupy_backend.create()
    assert str(info.value) == (
        "CUDA version mismatch: CuPy 14.0.0 is built for CUDA 13.0 but the NVIDIA driver "
        "supports CUDA 12.4; update the NVIDIA driver or install the CuPy wheel for the "
        "driver's CUDA (cupy-cuda12x)"
    )


@pytest.mark.parametrize(
    "error,expected",
    [
        (CUDARuntimeError("cudaErrorInsufficientDriver: CUDA driver version is insufficient"), "CUDA version mismatch"),
        (CUDARuntimeError("cudaErrorNoDevice: no CUDA-capable device is detected"), "no CUDA device visible to CuPy"),
        (0, "no CUDA device visible to CuPy"),
    ],
)
def test_cupy_runtime_errors(monkeypatch, error, expected):
    monkeypatch.setitem(sys.modules, "cupy", _fake_cupy(device_count=error))
    monkeypatch.setattr(gpu_probe, "driver_status", lambda: gpu_probe.DriverStatus(None, 12080, 1))
    with pytest.raises(BackendUnavailable) as info:
        cupy_backend.create()
    assert str(info.value).startswith(expected)

"""CuPy backend: the NumPy reference's array code (``_xp.ArrayBackend``) run on a GPU.

The layers are the very code the NumPy reference is tested with, with
``xp = cupy`` (im2col + cuBLAS matrix products; max-pool backward through a
one-hot mask, no scatter). Only GPU-specific pieces are added here: CUDA
events for timing, device synchronisation, copies to the host with
``.get()``, labels moved to the device, and fused elementwise kernels for
the optimizer updates (one launch per parameter instead of about a dozen:
at MNIST sizes launch overhead, not arithmetic, dominates an update).
"""

from __future__ import annotations

import numpy as np

from . import gpu_probe
from ._xp import ArrayBackend
from .base import BackendUnavailable

PIP_GPU = gpu_probe.PIP_GPU
NOT_INSTALLED = f"CuPy is not installed: {PIP_GPU}"

_ADAM_SOURCE = """
    m = beta1 * m + one_minus_beta1 * g;
    v = beta2 * v + one_minus_beta2 * g * g;
    p -= step * m / (sqrt(v) + eps);
"""
_MOMENTUM_SOURCE = """
    v = momentum * v + g;
    p -= lr * v;
"""


class CupyBackend(ArrayBackend):
    name = "cupy"
    is_gpu = True

    fused_optimizers = True
    """Use the fused optimizer kernels (False: the reference's array expressions)."""

    def __init__(self, cupy):
        super().__init__(cupy)
        self._adam = cupy.ElementwiseKernel(
            "T g, T beta1, T one_minus_beta1, T beta2, T one_minus_beta2, T step, T eps",
            "T p, T m, T v", _ADAM_SOURCE, "cnnviz_adam")
        self._momentum = cupy.ElementwiseKernel(
            "T g, T lr, T momentum", "T p, T v", _MOMENTUM_SOURCE, "cnnviz_sgd_momentum")
        self._description: str | None = None

    def describe(self) -> str:
        if self._description is None:
            cp = self.xp
            device = cp.cuda.Device()
            props = cp.cuda.runtime.getDeviceProperties(device.id)
            name = props["name"]
            name = name.decode() if isinstance(name, bytes) else str(name)
            free, total = cp.cuda.runtime.memGetInfo()
            runtime = gpu_probe.format_cuda_version(cp.cuda.runtime.runtimeGetVersion())
            driver = gpu_probe.format_cuda_version(cp.cuda.runtime.driverGetVersion())
            self._description = (f"{name}, compute capability {props['major']}.{props['minor']}, "
                                 f"{total / 2**30:.1f} GiB ({free / 2**30:.1f} GiB free); CuPy {cp.__version__}, "
                                 f"CUDA runtime {runtime}, driver {driver}; im2col + cuBLAS")
        return self._description

    # --- memory -------------------------------------------------------------
    def to_host(self, a) -> np.ndarray:
        if isinstance(a, np.ndarray):
            return a
        return a.get()

    def synchronize(self) -> None:
        self.xp.cuda.get_current_stream().synchronize()

    # --- timing: CUDA events on the current stream ----------------------------
    def mark(self):
        event = self.xp.cuda.Event()
        event.record()
        return event

    def elapsed_ms(self, start, end) -> float:
        end.synchronize()
        return float(self.xp.cuda.get_elapsed_time(start, end))

    # --- loss: labels may arrive as a host array --------------------------------
    def softmax_cross_entropy(self, logits, labels):
        return super().softmax_cross_entropy(logits, self.xp.asarray(labels))

    # --- optimizers: one fused kernel per parameter --------------------------------
    def sgd_step(self, param, grad, velocity, lr: float, momentum: float) -> None:
        if velocity is None or not self.fused_optimizers:
            super().sgd_step(param, grad, velocity, lr, momentum)
            return
        cast = param.dtype.type
        self._momentum(grad, cast(lr), cast(momentum), param, velocity)

    def adam_step(self, param, grad, m, v, lr, beta1, beta2, eps, t) -> None:
        if not self.fused_optimizers:
            super().adam_step(param, grad, m, v, lr, beta1, beta2, eps, t)
            return
        cast = param.dtype.type
        step = lr * (1 - beta2 ** t) ** 0.5 / (1 - beta1 ** t)
        self._adam(grad, cast(beta1), cast(1 - beta1), cast(beta2), cast(1 - beta2), cast(step), cast(eps),
                   param, m, v)


def _import_cupy():
    try:
        import cupy
    except ImportError as exc:
        if exc.name == "cupy" or not _cupy_installed():
            raise BackendUnavailable(NOT_INSTALLED) from exc
        raise BackendUnavailable(f"CuPy is installed but cannot be imported ({exc}); "
                                 f"reinstall the CuPy wheel matching your CUDA: {PIP_GPU}") from exc
    return cupy


def _cupy_installed() -> bool:
    import importlib.util
    try:
        return importlib.util.find_spec("cupy") is not None
    except (ImportError, ValueError):
        return False


def _runtime_error_name(exc: Exception) -> str:
    return f"{type(exc).__name__}: {exc}"


def create() -> CupyBackend:
    """Open the backend, or raise BackendUnavailable with the reason it cannot run here."""
    cupy = _import_cupy()
    status = gpu_probe.driver_status()
    if not status.ok:
        raise BackendUnavailable(status.problem)
    runtime = cupy.cuda.runtime
    try:
        built_for = runtime.runtimeGetVersion()
    except Exception:
        built_for = 0
    mismatch = gpu_probe.version_mismatch(f"CuPy {cupy.__version__}", built_for, status.driver_version,
                                          f"install the CuPy wheel for the driver's CUDA "
                                          f"(cupy-cuda{status.driver_version // 1000}x)")
    if mismatch:
        raise BackendUnavailable(mismatch)
    try:
        count = runtime.getDeviceCount()
    except Exception as exc:
        text = _runtime_error_name(exc)
        if "InsufficientDriver" in text:
            raise BackendUnavailable(
                f"CUDA version mismatch: CuPy {cupy.__version__} needs CUDA "
                f"{gpu_probe.format_cuda_version(built_for)} but the NVIDIA driver supports CUDA "
                f"{gpu_probe.format_cuda_version(status.driver_version)}; update the driver ({text})") from exc
        if "NoDevice" in text:
            raise BackendUnavailable(f"no CUDA device visible to CuPy ({text})") from exc
        raise BackendUnavailable(f"CuPy cannot open the GPU ({text})") from exc
    if count < 1:
        raise BackendUnavailable("no CUDA device visible to CuPy")
    # One elementwise kernel (needs NVRTC) and one matrix product (needs
    # cuBLAS) now, so missing CUDA libraries are a reason, not a crash mid-training.
    try:
        host = np.arange(12, dtype=np.float32).reshape(3, 4)
        a = cupy.asarray(host)
        total, expected = float((a @ a.T + 1).sum()), float((host @ host.T + 1).sum())
        if total != expected:
            raise RuntimeError(f"a 3x4 test product summed to {total}, not {expected}")
        backend = CupyBackend(cupy)
    except Exception as exc:
        raise BackendUnavailable(f"CuPy cannot run on this GPU ({_runtime_error_name(exc)}); "
                                 f"a CUDA library (NVRTC, cuBLAS) may be missing: {PIP_GPU}") from exc
    return backend

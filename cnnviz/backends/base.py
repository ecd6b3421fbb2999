"""The contract every compute backend fulfils.

A backend owns the arrays it computes on (NumPy arrays, numba.cuda device
arrays, CuPy arrays) and the operations a CNN needs. Layers in
``cnnviz.nn`` only ever call these methods, so a model can move from one
backend to another between two training steps by moving its arrays with
``to_host``/``from_host``.

Conventions shared by every backend (the NumPy reference is the spec):

* activations are NCHW, conv weights ``(out, in, kh, kw)``, dense weights
  ``(out, in)`` -- PyTorch's layouts;
* ``*_forward`` returns ``(output, cache)``; the cache is opaque to the
  caller and holds exactly what the matching ``*_backward`` needs;
* ``*_backward`` returns the input gradient (or ``None`` when the caller
  said it does not need it) and the parameter gradients;
* operations keep the dtype of their inputs (float32 in training, float64
  for gradient checks).

A training step on a GPU stays on the GPU (``upload_dataset`` once, then per
step ``gather_batch`` -> forward -> ``softmax_cross_entropy_into`` -> backward
writing into the model's flat gradient buffer -> one optimizer launch over the
flat parameter buffer; the per-step loss and accuracy are read back every few
steps with ``read_step_stats``). Inside ``with backend.workspace():`` a step's
temporaries are reused by the next step, so after the first step a step
allocates no device memory.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

import numpy as np

Array = Any
"""A backend's native array type (np.ndarray, DeviceNDArray, cupy.ndarray)."""

Padding = tuple[int, int, int, int]
"""Zero padding of a convolution input: (top, bottom, left, right)."""


class BackendUnavailable(RuntimeError):
    """Raised when a backend cannot run here; the message says why."""


@dataclass(frozen=True)
class DeviceDataset:
    """Training images and labels resident on a backend (see ``upload_dataset``)."""

    images: Any
    """uint8 (N, H, W) on the backend."""
    labels: Any
    """int32 (N,) on the backend."""
    count: int
    height: int
    width: int


COUNTER_NAMES = ("kernel_launches", "allocations", "host_to_device_bytes", "device_to_host_bytes")
"""Keys of ``Backend.device_counters()`` (cumulative since the backend was opened)."""


@runtime_checkable
class Backend(Protocol):
    name: str
    """Short identifier used on the command line (``numpy``, ``numba``...)."""
    is_gpu: bool

    needs_warmup: bool
    """True when the first call of each kernel compiles (numba): ``warm_up`` before timing."""

    def describe(self) -> str:
        """One line for humans: device, threads, library versions."""

    def warm_up(self, dtype=np.float32) -> float:
        """Compile (or load from cache) and launch every kernel once for ``dtype``, so
        that no timed step pays for compilation; returns the seconds it took."""

    # --- memory -------------------------------------------------------
    def from_host(self, a: np.ndarray) -> Array: ...
    def to_host(self, a: Array) -> np.ndarray: ...
    def zeros_like(self, a: Array) -> Array: ...
    def synchronize(self) -> None: ...

    def workspace(self) -> AbstractContextManager:
        """Inside it, temporaries (activations, caches, gradients of activations)
        are taken from buffers kept from the previous use in the same order, so a
        repeated training step allocates nothing after the first. Arrays made
        inside must not be kept past the next entry. CPU backends may return a
        no-op context."""

    def release_workspace(self) -> None:
        """Free the buffers kept for the next step: a run ended, or its batch size or backend changed,
        so they would never be used again (the trainer calls it). The next step allocates afresh."""

    def device_counters(self) -> dict[str, int] | None:
        """Cumulative counts named in ``COUNTER_NAMES`` (GPU backends), None on a CPU."""

    def choose_threads(
        self, net: str, step_seconds: Callable[[], float], store: Any = None, given: int | None = None
    ) -> int | None:
        """A CPU backend with a worker count runs on ``given`` workers, else on the count it was made with,
        else chooses one for training ``net`` by measurement (``step_seconds()``: seconds per training step at
        the count in force), remembered in ``store`` (``get``/``put``); returns the count in force, or None
        where there is none (GPUs, NumPy)."""

    # --- timing: markers recorded in stream order (CUDA events on a GPU)
    def mark(self) -> Any: ...
    def elapsed_ms(self, start: Any, end: Any) -> float: ...

    # --- layers -------------------------------------------------------
    def conv2d_forward(self, x: Array, w: Array, b: Array, padding: Padding) -> tuple[Array, Any]: ...
    def conv2d_backward(
        self, dy: Array, cache: Any, need_dx: bool = True, dw: Array | None = None, db: Array | None = None
    ) -> tuple[Array | None, Array, Array]:
        """Input gradient (None unless ``need_dx``), weight and bias gradients. When
        ``dw``/``db`` are given (views into the model's flat gradient buffer) the
        gradients are written into them and they are returned."""

    def maxpool2x2_forward(self, x: Array) -> tuple[Array, Any]: ...
    def maxpool2x2_backward(self, dy: Array, cache: Any) -> Array: ...
    def relu_forward(self, x: Array) -> tuple[Array, Any]: ...
    def relu_backward(self, dy: Array, cache: Any) -> Array: ...
    def dense_forward(self, x: Array, w: Array, b: Array) -> tuple[Array, Any]: ...
    def dense_backward(
        self, dy: Array, cache: Any, need_dx: bool = True, dw: Array | None = None, db: Array | None = None
    ) -> tuple[Array | None, Array, Array]: ...
    def dropout_forward(self, x: Array, rate: float, key: int) -> tuple[Array, Any]:
        """Zero each element with probability ``rate`` and scale the rest by 1/(1-rate);
        the mask is ``dropout_keep_mask(x.shape, rate, key)``, made on the device."""

    def dropout_backward(self, dy: Array, cache: Any) -> Array: ...

    # --- training data on the device ---------------------------------
    def upload_dataset(self, images: np.ndarray, labels: np.ndarray) -> DeviceDataset:
        """uint8 (N, H, W) images and integer labels, copied to the backend once."""

    def gather_batch(self, data: DeviceDataset, indices: np.ndarray, dtype) -> tuple[Array, Array]:
        """``x`` = images[indices] as (B, 1, H, W) in ``dtype``, each pixel computed as
        ``float32(u8) * float32(1/255)`` then cast (exactly ``data.batches.to_float_nchw``),
        and ``y`` = labels[indices] as int32. Only ``indices`` (int32) cross to the device."""

    # --- loss ---------------------------------------------------------
    def softmax_cross_entropy(self, logits: Array, labels: Array) -> tuple[float, int, Array]:
        """Mean loss, number of correct argmax predictions, d(loss)/d(logits)."""

    def new_step_stats(self, slots: int) -> Array:
        """Zeroed float64 (slots, 2) on the backend: per-step (mean loss, correct count)."""

    def softmax_cross_entropy_into(self, logits: Array, labels: Array, stats: Array, slot: int) -> Array:
        """As ``softmax_cross_entropy`` without a host round trip: writes (mean loss,
        correct count) into ``stats[slot]`` and returns d(loss)/d(logits)."""

    def read_step_stats(self, stats: Array, count: int) -> np.ndarray:
        """Host copy of ``stats[:count]`` (one small device-to-host copy)."""

    def softmax(self, logits: Array) -> Array: ...

    # --- optimizers (update ``param`` and the state arrays in place) ----
    def sgd_step(self, param: Array, grad: Array, velocity: Array | None, lr: float, momentum: float) -> None: ...
    def adam_step(
        self, param: Array, grad: Array, m: Array, v: Array, lr: float, beta1: float, beta2: float, eps: float, t: int
    ) -> None: ...


def checked_dataset(images, labels) -> tuple[np.ndarray, np.ndarray]:
    """``upload_dataset``'s arguments checked: C-contiguous uint8 (N, H, W) images and int32 labels."""
    images = np.asarray(images)
    if images.ndim != 3 or images.dtype != np.uint8:
        raise ValueError(f"upload_dataset needs uint8 images of shape (N, H, W), got {images.dtype} {images.shape}")
    if len(labels) != len(images):
        raise ValueError(f"upload_dataset: {len(labels)} labels for {len(images)} images")
    return np.ascontiguousarray(images), np.ascontiguousarray(labels, dtype=np.int32)


def checked_indices(indices, count: int) -> np.ndarray:
    """``gather_batch``'s indices checked on the host: a non-empty 1-D integer array, each in 0..count-1
    (ValueError, IndexError), as int32. Every backend refuses the same indices, before any device work:
    an index past the data would read another buffer on a GPU or a CPU kernel without bounds checks."""
    indices = np.asarray(indices)
    if indices.ndim != 1 or indices.dtype.kind not in "iu":
        raise ValueError(f"gather_batch needs a 1-D integer index array, got {indices.dtype} {indices.shape}")
    if len(indices) == 0:
        raise ValueError("gather_batch: an empty batch")
    if int(indices.min()) < 0 or int(indices.max()) >= count:
        raise IndexError(f"gather_batch: indices outside 0..{count - 1}")
    return np.ascontiguousarray(indices, dtype=np.int32)


def checked_slot(slot: int, slots: int) -> int:
    """``softmax_cross_entropy_into``'s stats slot, within the buffer ``new_step_stats`` made (IndexError)."""
    if not 0 <= slot < slots:
        raise IndexError(f"stats slot {slot} outside 0..{slots - 1}")
    return int(slot)


def checked_gradient_buffer(given, shape, dtype, what: str):
    """A parameter-gradient destination (a view into the flat gradient buffer), checked: the parameter's
    shape and dtype (ValueError); None stays None (the backend makes a temporary)."""
    if given is not None and (tuple(given.shape) != tuple(shape) or np.dtype(given.dtype) != np.dtype(dtype)):
        raise ValueError(
            f"{what}: gradient buffer {np.dtype(given.dtype)}{tuple(given.shape)}, expected "
            f"{np.dtype(dtype)}{tuple(shape)}"
        )
    return given


def hash32(x, xp=np):
    """A 32-bit integer hash ("lowbias32", C. Wellons) of a uint32 array, wrapping like C.

    The dropout mask is defined with it so that every backend (NumPy, numba,
    numba.cuda, CuPy) draws bit-identical masks from (key, element index)
    without a host random generator or a host-to-device copy. ``xp`` is the
    array namespace (numpy or cupy).
    """
    x = xp.array(x, dtype=xp.uint32, copy=True, ndmin=1)
    x ^= x >> xp.uint32(16)
    x *= xp.uint32(0x7FEB352D)
    x ^= x >> xp.uint32(15)
    x *= xp.uint32(0x846CA68B)
    x ^= x >> xp.uint32(16)
    return x


def dropout_threshold(rate: float) -> int:
    """Elements whose hash is below this uint32 value are dropped."""
    return min(0xFFFFFFFF, max(0, int(round(rate * 4294967296.0))))


def _hash32_int(x: int) -> int:
    """``hash32`` of one Python integer (the same bits, without NumPy's per-call cost)."""
    x &= 0xFFFFFFFF
    x ^= x >> 16
    x = (x * 0x7FEB352D) & 0xFFFFFFFF
    x ^= x >> 15
    x = (x * 0x846CA68B) & 0xFFFFFFFF
    return x ^ (x >> 16)


def dropout_key(seed: int, step: int, layer_index: int) -> int:
    """The per-layer, per-step dropout key (a uint32) from the run's seed."""
    return _hash32_int((seed & 0xFFFFFFFF) ^ _hash32_int((step & 0xFFFFFFFF) ^ _hash32_int(layer_index)))


def dropout_keep_mask(shape: tuple[int, ...], rate: float, key: int, xp=np):
    """The specification of every backend's dropout mask: element i (flat, C order) is
    kept when ``hash32(uint32(i) ^ hash32(key)) >= dropout_threshold(rate)``."""
    size = int(np.prod(shape))
    mixed = np.uint32(_hash32_int(key))
    h = hash32(xp.arange(size, dtype=xp.uint32) ^ xp.uint32(mixed), xp)
    return (h >= xp.uint32(dropout_threshold(rate))).reshape(shape)


def adam_step_size(lr: float, beta1: float, beta2: float, t: int) -> float:
    """Adam's learning rate with both bias corrections folded in (step ``t`` >= 1)."""
    return lr * (1 - beta2**t) ** 0.5 / (1 - beta1**t)


def pool_output_size(h: int, w: int) -> tuple[int, int]:
    """2x2 stride-2 max pooling drops an odd last row/column (as PyTorch does)."""
    return h // 2, w // 2


def conv_output_size(h: int, w: int, kh: int, kw: int, padding: Padding) -> tuple[int, int]:
    top, bottom, left, right = padding
    return h + top + bottom - kh + 1, w + left + right - kw + 1

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
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

import numpy as np

Array = Any
"""A backend's native array type (np.ndarray, DeviceNDArray, cupy.ndarray)."""

Padding = tuple[int, int, int, int]
"""Zero padding of a convolution input: (top, bottom, left, right)."""


class BackendUnavailable(RuntimeError):
    """Raised when a backend cannot run here; the message says why."""


@runtime_checkable
class Backend(Protocol):
    name: str
    """Short identifier used on the command line (``numpy``, ``numba``...)."""
    is_gpu: bool

    def describe(self) -> str:
        """One line for humans: device, threads, library versions."""

    # --- memory -------------------------------------------------------
    def from_host(self, a: np.ndarray) -> Array: ...
    def to_host(self, a: Array) -> np.ndarray: ...
    def zeros_like(self, a: Array) -> Array: ...
    def synchronize(self) -> None: ...

    # --- timing: markers recorded in stream order (CUDA events on a GPU)
    def mark(self) -> Any: ...
    def elapsed_ms(self, start: Any, end: Any) -> float: ...

    # --- layers -------------------------------------------------------
    def conv2d_forward(self, x: Array, w: Array, b: Array, padding: Padding) -> tuple[Array, Any]: ...
    def conv2d_backward(self, dy: Array, cache: Any, need_dx: bool = True) -> tuple[Array | None, Array, Array]: ...
    def maxpool2x2_forward(self, x: Array) -> tuple[Array, Any]: ...
    def maxpool2x2_backward(self, dy: Array, cache: Any) -> Array: ...
    def relu_forward(self, x: Array) -> tuple[Array, Any]: ...
    def relu_backward(self, dy: Array, cache: Any) -> Array: ...
    def dense_forward(self, x: Array, w: Array, b: Array) -> tuple[Array, Any]: ...
    def dense_backward(self, dy: Array, cache: Any, need_dx: bool = True) -> tuple[Array | None, Array, Array]: ...
    def dropout_forward(self, x: Array, keep_mask: Array, scale: float) -> tuple[Array, Any]: ...
    def dropout_backward(self, dy: Array, cache: Any) -> Array: ...

    # --- loss ---------------------------------------------------------
    def softmax_cross_entropy(self, logits: Array, labels: Array) -> tuple[float, int, Array]:
        """Mean loss, number of correct argmax predictions, d(loss)/d(logits)."""

    def softmax(self, logits: Array) -> Array: ...

    # --- optimizers (update ``param`` and the state arrays in place) ----
    def sgd_step(self, param: Array, grad: Array, velocity: Array | None, lr: float, momentum: float) -> None: ...
    def adam_step(self, param: Array, grad: Array, m: Array, v: Array, lr: float,
                  beta1: float, beta2: float, eps: float, t: int) -> None: ...


def pool_output_size(h: int, w: int) -> tuple[int, int]:
    """2x2 stride-2 max pooling drops an odd last row/column (as PyTorch does)."""
    return h // 2, w // 2


def conv_output_size(h: int, w: int, kh: int, kw: int, padding: Padding) -> tuple[int, int]:
    top, bottom, left, right = padding
    return h + top + bottom - kh + 1, w + left + right - kw + 1

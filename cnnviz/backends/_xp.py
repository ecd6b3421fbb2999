"""Array code written once for any NumPy-compatible namespace (``xp``).

The NumPy reference backend (numpy_ref.py) is this class with ``xp = numpy``;
the CuPy backend is the same class with ``xp = cupy``, its own GPU kernels in
place of most ops. Every operation is vectorised: Python loops run only over
kernel offsets (at most kh*kw iterations), never over pixels or batch items.
Each backward pass says in a comment how its gradient follows from the forward.
The fast paths at the end compute the same results as the plain code, faster
(for the app's inference on the NumPy copy).
"""

from __future__ import annotations

import contextlib
import time
from typing import Any

import numpy as np

from .base import (
    DeviceDataset,
    Padding,
    adam_step_size,
    checked_dataset,
    checked_gradient_buffer,
    checked_indices,
    checked_slot,
    conv_output_size,
    dropout_keep_mask,
)

_INV_255 = np.float32(1.0 / 255.0)


class ArrayBackend:
    """Backend ops on top of an array namespace. Subclasses set ``name``."""

    name = "xp"
    is_gpu = False
    needs_warmup = False

    def __init__(self, xp: Any):
        self.xp = xp

    def describe(self) -> str:
        return f"{self.xp.__name__} {self.xp.__version__}"

    def warm_up(self, dtype=np.float32) -> float:
        return 0.0

    def workspace(self):
        return contextlib.nullcontext()

    def release_workspace(self) -> None:
        pass  # no pool of its own (CuPy's memory pool hands its blocks to any shape)

    def device_counters(self) -> dict[str, int] | None:
        return None

    def choose_threads(self, net: str, step_seconds, store=None, given: int | None = None) -> int | None:
        return None  # NumPy's BLAS threads are set elsewhere (blas_threads.py); a GPU has no thread count

    # --- memory ---------------------------------------------------------
    def from_host(self, a: np.ndarray):
        return self.xp.asarray(a)

    def to_host(self, a) -> np.ndarray:
        return np.asarray(a)

    def zeros_like(self, a):
        return self.xp.zeros_like(a)

    def synchronize(self) -> None:
        pass

    # --- timing ---------------------------------------------------------
    def mark(self) -> float:
        return time.perf_counter()

    def elapsed_ms(self, start: float, end: float) -> float:
        return (end - start) * 1e3

    # --- convolution: im2col + one matrix product -----------------------
    def im2col(self, x, kh: int, kw: int, padding: Padding):
        """(N,C,H,W) -> columns (C*kh*kw, N*Ho*Wo) and the output size."""
        xp = self.xp
        n, c, h, w = x.shape
        top, bottom, left, right = padding
        if any(padding):
            x = xp.pad(x, ((0, 0), (0, 0), (top, bottom), (left, right)))
        ho, wo = conv_output_size(h, w, kh, kw, padding)
        cols = xp.empty((c, kh, kw, n, ho, wo), dtype=x.dtype)
        xt = x.transpose(1, 0, 2, 3)  # (C,N,Hp,Wp)
        for i in range(kh):
            for j in range(kw):
                cols[:, i, j] = xt[:, :, i : i + ho, j : j + wo]
        return cols.reshape(c * kh * kw, n * ho * wo), ho, wo

    def col2im(self, dcols, x_shape, kh: int, kw: int, padding: Padding, ho: int, wo: int):
        """Adjoint of im2col: sums the column gradients back into (N,C,H,W). im2col copies each input
        pixel into every column whose window covers it, so its gradient is the sum over those copies."""
        xp = self.xp
        n, c, h, w = x_shape
        top, bottom, left, right = padding
        dcols = dcols.reshape(c, kh, kw, n, ho, wo)
        dxt = xp.zeros((c, n, h + top + bottom, w + left + right), dtype=dcols.dtype)
        for i in range(kh):
            for j in range(kw):
                dxt[:, :, i : i + ho, j : j + wo] += dcols[:, i, j]
        dxt = dxt[:, :, top : top + h, left : left + w]
        return xp.ascontiguousarray(dxt.transpose(1, 0, 2, 3))

    def conv2d_forward(self, x, w, b, padding: Padding):
        o, c, kh, kw = w.shape
        n = x.shape[0]
        cols, ho, wo = self.im2col(x, kh, kw, padding)  # (C*kh*kw, N*Ho*Wo)
        y = w.reshape(o, -1) @ cols  # (O, N*Ho*Wo)
        y += b[:, None]
        y = self.xp.ascontiguousarray(y.reshape(o, n, ho, wo).transpose(1, 0, 2, 3))
        return y, (cols, x.shape, w, padding, ho, wo)

    @staticmethod
    def _into(out, value):
        """``value``, written into ``out`` when the caller gave a destination."""
        if out is None:
            return value
        out[...] = value
        return out

    def conv2d_backward(self, dy, cache, need_dx: bool = True, dw=None, db=None):
        # Forward was Y = W2 @ cols + b (W2 = w as (O, C*kh*kw)), so dL/dW2 = dY @ cols^T, dL/db = the sum of
        # dY over the batch and pixels, dL/dcols = W2^T @ dY, and dL/dx = col2im(dL/dcols) (im2col's adjoint).
        cols, x_shape, w, padding, ho, wo = cache
        o, c, kh, kw = w.shape
        dy2 = dy.transpose(1, 0, 2, 3).reshape(o, -1)  # (O, N*Ho*Wo)
        checked_gradient_buffer(dw, w.shape, dy.dtype, "conv2d_backward dw")
        checked_gradient_buffer(db, (o,), dy.dtype, "conv2d_backward db")
        dw = self._into(dw, (dy2 @ cols.T).reshape(w.shape))
        db = self._into(db, dy2.sum(axis=1))
        dx = None
        if need_dx:
            dcols = w.reshape(o, -1).T @ dy2  # (C*kh*kw, N*Ho*Wo)
            dx = self.col2im(dcols, x_shape, kh, kw, padding, ho, wo)
        return dx, dw, db

    # --- 2x2 max pooling --------------------------------------------------
    def maxpool2x2_forward(self, x):
        """Each 2x2 window's maximum and where it is (0-3, row by row), as ``np.argmax`` of the window
        says: the first maximum, a NaN counting as the maximum (the first NaN). An odd last row or column
        is dropped. Backward routes through the argmax alone."""
        xp = self.xp
        n, c, h, w = x.shape
        h2, w2 = h // 2, w // 2
        # (N, C, H2, 2, W2, 2) -> (N, C, H2, W2, 4): each window's four values on the last axis
        windows = x[:, :, : 2 * h2, : 2 * w2].reshape(n, c, h2, 2, w2, 2).transpose(0, 1, 2, 4, 3, 5)
        windows = windows.reshape(n, c, h2, w2, 4)
        argmax = windows.argmax(axis=-1)
        y = xp.take_along_axis(windows, argmax[..., None], axis=-1)[..., 0]
        return y, (argmax.astype(xp.int8), x.shape)

    def maxpool2x2_backward(self, dy, cache):
        # y = x at the window's argmax, so dL/dx = dy there and dy * 0 at the window's other three (a
        # one-hot product: 0 * inf is NaN); the odd last row or column, in no window, gets 0.
        xp = self.xp
        argmax, x_shape = cache
        n, c, h, w = x_shape
        h2, w2 = dy.shape[2], dy.shape[3]
        # A one-hot mask times the gradient: no indexed (scatter) assignment.
        onehot = argmax[..., None] == xp.arange(4, dtype=xp.int8)
        dwin = onehot * dy[..., None]  # (N,C,H2,W2,4)
        dwin = dwin.reshape(n, c, h2, w2, 2, 2).transpose(0, 1, 2, 4, 3, 5).reshape(n, c, 2 * h2, 2 * w2)
        if (2 * h2, 2 * w2) == (h, w):
            return xp.ascontiguousarray(dwin).astype(dy.dtype, copy=False)
        dx = xp.zeros(x_shape, dtype=dy.dtype)
        dx[:, :, : 2 * h2, : 2 * w2] = dwin
        return dx

    # --- elementwise -------------------------------------------------------
    def relu_forward(self, x):
        # x where x > 0, NaN stays NaN, +0.0 elsewhere: maximum(-0.0, 0) may give either zero, -0.0 + 0 is +0.0
        # (np.where(x <= 0, 0, x) says the same, 8x slower).
        y = self.xp.maximum(x, 0)
        y += 0
        return y, y

    def relu_backward(self, dy, cache):
        # y = max(x, 0): dy/dx = 1 where the output is positive, else 0 (at x = 0 too), so dL/dx = dy * (y > 0).
        return dy * (cache > 0)

    def dropout_forward(self, x, rate: float, key: int):
        keep = dropout_keep_mask(x.shape, rate, key, self.xp)
        factor = keep.astype(x.dtype) * x.dtype.type(1.0 / (1.0 - rate))
        return x * factor, factor

    def dropout_backward(self, dy, cache):
        # y = x * factor (0 where dropped, 1/(1-rate) where kept): linear in x, so dL/dx = dy * factor.
        return dy * cache

    # --- dense ----------------------------------------------------------------
    def dense_forward(self, x, w, b):
        y = x @ w.T
        y += b
        return y, (x, w)

    def dense_backward(self, dy, cache, need_dx: bool = True, dw=None, db=None):
        # y = x @ w^T + b: dL/dw = dy^T @ x, dL/db = the sum of dy over the batch, dL/dx = dy @ w.
        x, w = cache
        checked_gradient_buffer(dw, w.shape, dy.dtype, "dense_backward dw")
        checked_gradient_buffer(db, (w.shape[0],), dy.dtype, "dense_backward db")
        dw = self._into(dw, dy.T @ x)
        db = self._into(db, dy.sum(axis=0))
        dx = dy @ w if need_dx else None
        return dx, dw, db

    # --- training data on the device -------------------------------------------
    def upload_dataset(self, images: np.ndarray, labels: np.ndarray) -> DeviceDataset:
        images, labels = checked_dataset(images, labels)
        return DeviceDataset(
            self.from_host(images), self.from_host(labels), len(images), images.shape[1], images.shape[2]
        )

    def gather_batch(self, data: DeviceDataset, indices: np.ndarray, dtype):
        xp = self.xp
        index = self.from_host(checked_indices(indices, data.count))
        x = data.images[index].astype(xp.float32)
        x *= _INV_255
        x = x.astype(dtype, copy=False).reshape(len(indices), 1, data.height, data.width)
        return x, data.labels[index]

    # --- loss -----------------------------------------------------------------
    def _log_softmax(self, logits):
        xp = self.xp
        shifted = logits - logits.max(axis=1, keepdims=True)
        return shifted - xp.log(xp.exp(shifted).sum(axis=1, keepdims=True))

    def softmax(self, logits):
        return self.xp.exp(self._log_softmax(logits))

    def _softmax_xent(self, logits, labels):
        """(mean loss, correct count, dlogits) as arrays on the backend (no host sync)."""
        xp = self.xp
        n = logits.shape[0]
        if labels.shape != (n,):
            raise ValueError(f"softmax_cross_entropy: {labels.shape[0]} labels for {n} rows of logits")
        logp = self._log_softmax(logits)
        rows = xp.arange(n)
        loss = -logp[rows, labels].mean()
        correct = (logits.argmax(axis=1) == labels).sum()
        # L = -mean over rows of log softmax(z)[label]: dL/dz = (softmax(z) - onehot(label)) / n
        dlogits = xp.exp(logp)
        dlogits[rows, labels] -= 1
        dlogits /= n
        return loss, correct, dlogits

    def softmax_cross_entropy(self, logits, labels):
        loss, correct, dlogits = self._softmax_xent(logits, labels)
        return float(loss), int(correct), dlogits

    def new_step_stats(self, slots: int):
        return self.xp.zeros((slots, 2), dtype=self.xp.float64)

    def softmax_cross_entropy_into(self, logits, labels, stats, slot: int):
        slot = checked_slot(slot, stats.shape[0])
        loss, correct, dlogits = self._softmax_xent(logits, labels)
        stats[slot, 0] = loss
        stats[slot, 1] = correct
        return dlogits

    def read_step_stats(self, stats, count: int) -> np.ndarray:
        return np.array(self.to_host(stats[:count]), dtype=np.float64, copy=True)

    # --- optimizers -----------------------------------------------------------
    def sgd_step(self, param, grad, velocity, lr: float, momentum: float) -> None:
        if velocity is None:
            param -= lr * grad
            return
        velocity *= momentum
        velocity += grad
        param -= lr * velocity

    def adam_step(self, param, grad, m, v, lr, beta1, beta2, eps, t) -> None:
        # m, v: running means of the gradient and its square; the bias corrections of both are folded into
        # the step size (adam_step_size), with eps added to sqrt(v) uncorrected, as PyTorch does.
        xp = self.xp
        m *= beta1
        m += (1 - beta1) * grad
        v *= beta2
        v += (1 - beta2) * grad * grad
        param -= adam_step_size(lr, beta1, beta2, t) * m / (xp.sqrt(v) + eps)


# --- fast paths: the reference's results, bit for bit, where speed matters ------------------------------
def maxpool2x2_strided(xp, x):
    """``ArrayBackend.maxpool2x2_forward``, bit for bit (tests/backends/test_numpy_ref.py), elementwise on the
    four strided corners of the windows: 2.2x faster than the reference's argmax along a copied axis of 4,
    which was an eighth of the GUI's background inference on the NumPy copy (numpy_ref.NumpyFastBackend)."""
    n, c, h, w = x.shape
    h2, w2 = h // 2, w // 2
    rows = x[:, :, : 2 * h2 : 2], x[:, :, 1 : 2 * h2 : 2]
    corners = (
        rows[0][..., : 2 * w2 : 2],
        rows[0][..., 1 : 2 * w2 : 2],
        rows[1][..., : 2 * w2 : 2],
        rows[1][..., 1 : 2 * w2 : 2],
    )
    a, b, c_, d = corners
    # maximum propagates a NaN; of +0.0 and -0.0 it gives +0.0 whichever comes first (mended below)
    y = xp.maximum(xp.maximum(a, b), xp.maximum(c_, d))
    nan = xp.isnan(y) if y.dtype.kind == "f" else None
    if nan is not None and bool(nan.any()):
        found = [(v == y) & ~nan | (v != v) for v in corners]  # in a NaN window the first NaN is its argmax
    else:
        found = [v == y for v in corners]
    i8 = xp.int8
    argmax = xp.where(found[0], i8(0), xp.where(found[1], i8(1), xp.where(found[2], i8(2), i8(3))))
    argmax = argmax.astype(i8, copy=False)
    if _has_negative_zero(xp, x):  # maximum(-0.0, 0.0) is +0.0: a zero is the argmax corner's own
        zero = y == 0
        y[zero] = xp.choose(argmax[zero], [corner[zero] for corner in corners])
    return y, (argmax, x.shape)


def _has_negative_zero(xp, x) -> bool:
    """Whether ``x`` holds a -0.0 (rare: a ReLU's output has none), read as integers (one pass)."""
    if x.dtype.kind != "f":
        return False
    if x.flags.c_contiguous and x.dtype.itemsize in (4, 8):
        bits = xp.int32 if x.dtype.itemsize == 4 else xp.int64
        return bool((x.view(bits) == xp.iinfo(bits).min).any())
    return bool(((x == 0) & xp.signbit(x)).any())

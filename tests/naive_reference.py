"""The NumPy reference's own oracle: convolution, pooling and dense layers written as the loops of
their definitions ("version 1", as llm.c keeps its first kernels), slow and obviously right.

``NaiveReference`` is the NumPy reference with these ops replaced; the conformance suite runs the
reference against it (tests/backends/test_numpy_ref.py), on small shapes only.
"""

from __future__ import annotations

import numpy as np

from cnnviz.backends.numpy_ref import NumpyBackend


def _into(out, value):
    """``value``, written into ``out`` when the caller gave a destination (a view of the flat gradient buffer)."""
    if out is None:
        return value
    out[...] = value
    return out


class NaiveReference(NumpyBackend):
    name = "naive"

    # --- convolution: y[n, o, i, j] = b[o] + sum over c, di, dj of x_padded[n, c, i + di, j + dj] * w[o, c, di, dj]
    def conv2d_forward(self, x, w, b, padding):
        top, bottom, left, right = padding
        xp = np.pad(x, ((0, 0), (0, 0), (top, bottom), (left, right)))
        n, _, hp, wp = xp.shape
        o, c, kh, kw = w.shape
        y = np.zeros((n, o, hp - kh + 1, wp - kw + 1), x.dtype)
        for ni in range(n):
            for oi in range(o):
                for i in range(y.shape[2]):
                    for j in range(y.shape[3]):
                        y[ni, oi, i, j] = b[oi] + np.sum(xp[ni, :, i : i + kh, j : j + kw] * w[oi])
        return y, (xp, w, padding, x.shape)

    def conv2d_backward(self, dy, cache, need_dx=True, dw=None, db=None):
        # Each output y[n, o, i, j] used the window xp[n, :, i:i+kh, j:j+kw] and the kernel w[o]: its gradient
        # dy[n, o, i, j] flows back to both, times the other (the product rule), summed over every use.
        xp, w, (top, _, left, _), x_shape = cache
        o, c, kh, kw = w.shape
        dxp, dw_ = np.zeros_like(xp), np.zeros_like(w)
        for ni in range(dy.shape[0]):
            for oi in range(o):
                for i in range(dy.shape[2]):
                    for j in range(dy.shape[3]):
                        g = dy[ni, oi, i, j]
                        dw_[oi] += g * xp[ni, :, i : i + kh, j : j + kw]
                        dxp[ni, :, i : i + kh, j : j + kw] += g * w[oi]
        db_ = dy.sum(axis=(0, 2, 3))  # the bias is added to every output pixel of its channel
        dx = dxp[:, :, top : top + x_shape[2], left : left + x_shape[3]] if need_dx else None
        return dx, _into(dw, dw_), _into(db, db_)

    # --- 2x2 max pooling: each window's first maximum (np.argmax: a NaN counts as the maximum) -------------------
    def maxpool2x2_forward(self, x):
        n, c, h, w = x.shape
        y = np.zeros((n, c, h // 2, w // 2), x.dtype)
        argmax = np.zeros(y.shape, np.int8)
        for ni in range(n):
            for ci in range(c):
                for i in range(h // 2):
                    for j in range(w // 2):
                        window = [
                            x[ni, ci, 2 * i, 2 * j],
                            x[ni, ci, 2 * i, 2 * j + 1],
                            x[ni, ci, 2 * i + 1, 2 * j],
                            x[ni, ci, 2 * i + 1, 2 * j + 1],
                        ]
                        k = int(np.argmax(window))
                        argmax[ni, ci, i, j], y[ni, ci, i, j] = k, window[k]
        return y, (argmax, x.shape)

    def maxpool2x2_backward(self, dy, cache):
        # The maximum is the window's corner k: its gradient is dy there, and dy * 0 at the other three
        # (so a NaN or infinite dy gives NaN there, as the reference's one-hot product does).
        argmax, x_shape = cache
        dx = np.zeros(x_shape, dy.dtype)
        with np.errstate(invalid="ignore"):  # inf * 0
            for ni, ci, i, j in np.ndindex(*dy.shape):
                for k in range(4):
                    dx[ni, ci, 2 * i + k // 2, 2 * j + k % 2] = dy[ni, ci, i, j] * (k == argmax[ni, ci, i, j])
        return dx

    # --- dense: y[n, u] = b[u] + sum over f of x[n, f] * w[u, f] ----------------------------------------------
    def dense_forward(self, x, w, b):
        y = np.zeros((x.shape[0], w.shape[0]), x.dtype)
        for ni in range(x.shape[0]):
            for u in range(w.shape[0]):
                y[ni, u] = b[u] + np.sum(x[ni] * w[u])
        return y, (x, w)

    def dense_backward(self, dy, cache, need_dx=True, dw=None, db=None):
        x, w = cache
        dx, dw_ = np.zeros_like(x), np.zeros_like(w)
        for ni in range(x.shape[0]):
            for u in range(w.shape[0]):
                dw_[u] += dy[ni, u] * x[ni]
                dx[ni] += dy[ni, u] * w[u]
        return (dx if need_dx else None), _into(dw, dw_), _into(db, dy.sum(axis=0))

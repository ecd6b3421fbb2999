"""The one-thread-per-element kernels of the ``cuda`` backend (flat arrays).

2x2 max pooling and its gradient (a gather through the argmax), ReLU and its
gradient, dropout (the mask hashed on the device, as ``base.dropout_keep_mask``),
a zero fill, and the batch gather (uint8 images -> float, labels) from the
data set uploaded once.
"""

from __future__ import annotations

import numpy as np

cuda = None
"""``numba.cuda``, set by ``kernels.bind_cuda`` (the kernels' one binding; see there)."""


def build_elementwise_kernels(np_dtype: np.dtype, cfg) -> dict:
    """``maxpool_forward``, ``maxpool_backward``, ``fill_zero``, ``relu_forward``,
    ``relu_backward``, ``dropout_apply`` and ``gather_batch`` for one float dtype
    (compiled on first launch; ``cfg`` sizes their launches, not the kernels)."""
    zero = np_dtype.type(0)
    inv255 = np.float32(1.0 / 255.0)
    # lowbias32 (base.hash32) in uint64 arithmetic, masked to 32 bits after each multiply
    m32, h1, h2 = np.uint64(0xFFFFFFFF), np.uint64(0x7FEB352D), np.uint64(0x846CA68B)
    s15, s16 = np.uint64(15), np.uint64(16)

    # --- 2x2 max pooling (flat NCHW) ---------------------------------------------------
    @cuda.jit
    def maxpool_forward(x, y, argmax, h, wd, h2, w2):
        # Window order (0,0),(0,1),(1,0),(1,1) as the reference; strict '>' keeps the
        # first maximum, and a NaN wins as in np.argmax.
        i = cuda.grid(1)
        if i < y.size:
            px = i % w2
            t = i // w2
            py = t % h2
            plane = t // h2
            base = plane * h * wd + 2 * py * wd + 2 * px
            best = x[base]
            best_k = 0
            for k in range(1, 4):
                v = x[base + (k // 2) * wd + k % 2]
                if (v > best or v != v) and best == best:
                    best = v
                    best_k = k
            y[i] = best
            argmax[i] = best_k

    @cuda.jit
    def maxpool_backward(dy, argmax, dx, h, wd, h2, w2):
        # Gather: each input pixel takes its window's gradient if it was the maximum.
        i = cuda.grid(1)
        if i < dx.size:
            ix = i % wd
            t = i // wd
            iy = t % h
            plane = t // h
            py = iy // 2
            px = ix // 2
            v = zero
            if py < h2 and px < w2:
                k = (plane * h2 + py) * w2 + px
                g = dy[k]
                # dy * 0 off the maximum, as the reference's one-hot product (-0.0, NaN for an infinite dy)
                v = g if argmax[k] == (iy % 2) * 2 + ix % 2 else g * zero
            dx[i] = v

    # --- elementwise (flat) -------------------------------------------------------------
    @cuda.jit
    def fill_zero(a):
        i = cuda.grid(1)
        if i < a.size:
            a[i] = zero

    @cuda.jit
    def relu_forward(x, y):
        i = cuda.grid(1)
        if i < x.size:
            v = x[i]
            y[i] = v if (v > zero or v != v) else zero

    @cuda.jit
    def relu_backward(dy, y, dx):
        i = cuda.grid(1)
        if i < dy.size:
            dx[i] = dy[i] if y[i] > zero else dy[i] * zero  # dy * (y > 0), as the reference

    @cuda.jit
    def dropout_apply(x, y, mixed_key, threshold, scale):
        # keep element i iff hash32(i ^ hash32(key)) >= threshold (base.dropout_keep_mask);
        # the same kernel applies the mask to the output gradient.
        i = cuda.grid(1)
        if i < x.size:
            v = np.uint64(i) ^ mixed_key
            v ^= v >> s16
            v = (v * h1) & m32
            v ^= v >> s15
            v = (v * h2) & m32
            v ^= v >> s16
            y[i] = x[i] * (scale if v >= threshold else zero)

    @cuda.jit
    def gather_batch(images, labels, index, x, y, plane):
        # x[b, p] = float32(images[index[b], p]) * float32(1/255), as data.batches.to_float_nchw.
        i = cuda.grid(1)
        if i < x.size:
            b = i // plane
            p = i - b * plane
            src = index[b]
            x[i] = np.float32(images[src * plane + p]) * inv255
            if p == 0:
                y[b] = labels[src]

    return {
        "maxpool_forward": maxpool_forward,
        "maxpool_backward": maxpool_backward,
        "fill_zero": fill_zero,
        "relu_forward": relu_forward,
        "relu_backward": relu_backward,
        "dropout_apply": dropout_apply,
        "gather_batch": gather_batch,
    }

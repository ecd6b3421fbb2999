"""Numba CPU backend: GIL-free numba kernels around single-threaded sgemm, one worker per core.

Same operations and semantics as the NumPy reference (``_xp.ArrayBackend``).
Every op splits its batch (or flat range) over ``threads`` worker threads; the
class docstring says why this beats ``prange`` + multi-threaded BLAS. The
kernels are in ``kernels`` and ``winograd``; the buffer pool
and the division of work among threads in ``workers``.

Convolution, per chunk of images small enough for a core's L2:

* first layer (few input channels): zero-padded channel planes, im2col, sgemm;
* other layers: channels-last im2col (pixel-major columns: all three products are
  plain sgemms of good shape, dy needs no transpose);
* 3x3 and 5x5 kernels with >= 32 channels in and out: Winograd F(2x2, r x r) for
  the forward pass and the input gradient, F(r x r, 2x2) for the weight gradient
  (2.25x / 2.78x fewer multiplications in the channel-mixing sgemms).

Pooling with its argmax, ReLU, dropout, the loss and the optimizer updates are
single fused passes. A float32 step computes nothing in float64 (a test reads
the kernels' LLVM IR).

Large buffers (im2col columns, Winograd tiles, activations) come from a workspace
pool keyed by shape and dtype. A pooled buffer is handed out again only when
nothing outside the pool refers to it any more (CPython reference count), so an
output still held by the next layer's cache is never overwritten.

Kernels compile lazily for each dtype (float32 for training, float64 for
gradient checks) and are cached on disk (``cache=True``); ``warm_up`` compiles
or loads every float32 kernel and layout up front (``warm_up``) so that
the first training step is not a multi-second outlier.
"""

from __future__ import annotations

import time
from typing import NamedTuple

import numpy as np

from ...translatable import N_, Phrase
from .. import numba_cache
from ..base import (
    BackendUnavailable,
    Padding,
    adam_step_size,
    checked_gradient_buffer,
    checked_indices,
    checked_slot,
    dropout_keep_mask,
)
from . import kernels as K
from . import winograd as WG
from .kernels import IMPORT_ERROR as _IMPORT_ERROR
from .kernels import numba
from .threaded import ThreadedBackend
from .warm_up import compile_every_kernel
from .workers import even_ranges


def _flat(a: np.ndarray) -> np.ndarray:
    return a.reshape(-1)


class ConvPlan(NamedTuple):
    """How a convolution of these shapes runs: its sizes, its im2col layout and its chunk of images."""

    n: int
    c: int
    o: int
    kh: int
    kw: int
    top: int
    left: int
    hp: int
    """Padded input height and width."""
    wp: int
    ho: int
    wo: int
    p: int
    """Output pixels per image (ho * wo)."""
    k: int
    """Rows of a column (c * kh * kw)."""
    channels_last: bool
    """Channels-last im2col (pixel-major columns); else channel planes (the first layer)."""
    chunk: int
    """Images per im2col + sgemm round (their columns fit a core's L2)."""


class NumbaBackend(ThreadedBackend):
    """Parallel over the batch: ``threads`` workers each run GIL-free numba kernels
    and single-threaded sgemm on their own slice of images.

    Why not ``prange`` + multi-threaded BLAS: numba's OpenMP/workqueue pool and
    OpenBLAS' pool both busy-wait between calls, and a step alternates between
    them dozens of times. On a 2-core machine each hand-over then waits for the
    other pool's spinning thread to be descheduled: im2col/sgemm in L2-sized
    chunks ran 10-100x slower than the same work done here. One pool of plain
    threads, each owning a core's worth of work and its own L2-sized buffers,
    has no hand-overs at all.
    """

    name = "numba"
    is_gpu = False
    needs_warmup = True

    # Images per im2col + sgemm round: the columns of one chunk fit a core's L2.
    conv_chunk_bytes = 1 << 20
    # Channels-last im2col when kw*C >= this (see conv_plan).
    channels_last_min_run = 16
    # Winograd when both channel counts reach this: its transforms cost ~(C_in + C_out) per tile,
    # the products C_in * C_out (24 -> 32: im2col 0.65-0.8x Winograd's backward time; 32 -> 64:
    # Winograd 1.6-1.7x faster forward; one thread, A/B).
    winograd_min_channels = 32
    planes_dw_per_image = True  # dW of a channel-planes conv without dx: a product per image (else per chunk)
    winograd_weight_gradient = True  # dW of a Winograd layer by Winograd F(r x r, 2x2) (else im2col)
    # Tiles per Winograd round (rows of its stacked sgemms).
    winograd_tiles = 100

    def __init__(self, threads: int | None = None):
        if numba is None:
            raise BackendUnavailable(_IMPORT_ERROR)
        super().__init__(threads)

    def describe(self) -> str:
        blas = (
            Phrase(N_("single-threaded sgemm per worker"))
            if self._blas_lib is not None
            else Phrase(N_("sgemm (BLAS threads not controllable)"))
        )
        values = dict(
            numba=numba.__version__, threads=self.threads, numpy=np.__version__, library=self._blas_name, blas=blas
        )
        text = (
            Phrase(N_("Numba {numba} nogil kernels on 1 worker thread + NumPy {numpy} {library} {blas}, CPU"), **values)
            if self.threads == 1
            else Phrase(
                N_("Numba {numba} nogil kernels on {threads} worker threads + NumPy {numpy} {library} {blas}, CPU"),
                **values,
            )
        )
        # The cache note (a folder list) stays English inside the translated frame.
        return (
            Phrase(N_("{description}; {note}"), description=text, note=numba_cache.note())
            if numba_cache.note()
            else text
        )

    # --- convolution: im2col + sgemm per chunk of images (see kernels) --------
    def conv_plan(self, x_shape, w_shape, padding, itemsize) -> ConvPlan:
        n, c, h, wd = x_shape
        o, _, kh, kw = w_shape
        top, bottom, left, right = (int(v) for v in padding)
        hp, wp = h + top + bottom, wd + left + right
        ho, wo = hp - kh + 1, wp - kw + 1
        p, k = ho * wo, c * kh * kw
        # Channels-last when an im2col run (kw*C floats) is long enough to copy with
        # packed moves; channel planes (runs of wo floats) for the first layer (C=1).
        channels_last = c * kw >= self.channels_last_min_run
        nb = max(1, min(n, self.conv_chunk_bytes // max(p * k * itemsize, 1)))  # columns fit L2
        return ConvPlan(n, c, o, kh, kw, top, left, hp, wp, ho, wo, p, k, channels_last, nb)

    def conv2d_forward(self, x, w, b, padding: Padding):
        x = np.ascontiguousarray(x)
        dtype = x.dtype
        n, c, o, kh, kw, top, left, hp, wp, ho, wo, p, k, last, nb = self.conv_plan(
            x.shape, w.shape, padding, dtype.itemsize
        )
        y = self._ws.get((n, o, ho, wo), dtype)
        if self._use_winograd(kh, kw, c, o):
            b = np.ascontiguousarray(b, dtype=dtype)
            u = WG.kernel_transform(w, False)
            WG.correlate(self, x, u, kh, top, left, b, y)
            return y, (x, w, tuple(int(v) for v in padding))
        y3 = y.reshape(n, o, p)
        if last:
            wm = np.ascontiguousarray(w.transpose(2, 3, 1, 0)).reshape(k, o)  # rows in (i, j, c) order
        else:
            wm = np.ascontiguousarray(w.reshape(o, k))
        b = np.ascontiguousarray(b)
        ranges = self._ranges(n, n * p * k)
        buffers = {
            r: (
                self._ws.get((nb * hp * wp * c,), dtype),
                self._ws.get((nb * p * k,), dtype),
                self._ws.get((nb * p * o,), dtype) if last else None,
            )
            for r in ranges
        }

        def work(lo, hi):
            xp_buf, cols_buf, out_buf = buffers[(lo, hi)]
            for n0 in range(lo, hi, nb):
                m = min(hi, n0 + nb) - n0
                if last:
                    xp = xp_buf[: m * hp * wp * c].reshape(m, hp, wp * c)
                    cols = cols_buf[: m * p * k].reshape(m * p, k)
                    yt = out_buf[: m * p * o].reshape(m * p, o)
                    K.pad_nhwc(x[n0 : n0 + m], top, left, xp)
                    K.im2col_nhwc(xp, kh, kw, c, ho, wo, cols)
                    np.matmul(cols, wm, out=yt)
                    K.pixels_to_nchw_bias(yt, b, y3[n0 : n0 + m])
                else:
                    xp = xp_buf[: m * c * hp * wp].reshape(m, c, hp * wp)
                    cols = cols_buf[: m * p * k].reshape(k, m * p)
                    K.pad_planes(x[n0 : n0 + m], top, left, wp, xp)
                    K.im2col_planes(xp, kh, kw, wp, ho, wo, cols)
                    # y[b] (O, P) = W (O, K) @ image b's columns (K, P), straight into NCHW, then the
                    # bias (0.76x the time of one product into a buffer and a copy to NCHW).
                    np.matmul(wm, cols.reshape(k, m, p).transpose(1, 0, 2), out=y3[n0 : n0 + m])
                    K.add_bias_planes(y3[n0 : n0 + m], b)

        self._run(work, ranges)
        # x is the previous layer's output and is never written again: keep it, not the columns.
        return y, (x, w, tuple(int(v) for v in padding))

    def conv2d_backward(self, dy, cache, need_dx: bool = True, dw=None, db=None):
        x, w, padding = cache
        dtype = dy.dtype
        checked_gradient_buffer(dw, w.shape, dtype, "conv2d_backward dw")
        checked_gradient_buffer(db, (w.shape[0],), dtype, "conv2d_backward db")
        n, c, o, kh, kw, top, left, hp, wp, ho, wo, p, k, last, nb = self.conv_plan(
            x.shape, w.shape, padding, dtype.itemsize
        )
        dy3 = np.ascontiguousarray(dy).reshape(n, o, p)
        if last:
            wm = np.ascontiguousarray(w.transpose(0, 2, 3, 1)).reshape(o, k)  # columns in (i, j, c) order
        else:
            wm = np.ascontiguousarray(w.reshape(o, k))
        dx = self._ws.get(tuple(x.shape), dtype) if need_dx else None
        wino_dx = need_dx and self._use_winograd(kh, kw, o, c)
        cols_dx = need_dx and not wino_dx
        planes_dw_per_image = not last and not cols_dx and self.planes_dw_per_image
        wino_dw = self.winograd_weight_gradient and self._use_winograd(kh, kw, c, o)
        ranges = self._ranges(n, n * p * k)
        buffers = {
            r: (
                self._ws.get((nb * hp * wp * c,), dtype),
                self._ws.get((nb * p * k,), dtype),
                self._ws.get((o * nb * p,), dtype) if nb > 1 else None,
            )
            for r in ranges
            if not wino_dw
        }

        def work(lo, hi):
            xp_buf, cols_buf, dyc_buf = buffers[(lo, hi)]
            dw_acc = np.empty((o, k), dtype)
            part = np.empty((o, k), dtype) if hi - lo > nb else None
            db_acc = np.zeros(o, dtype)
            scratch = np.empty(hp * wp * (c if last else 1), dtype)
            per_image = np.empty((nb, o, k), dtype) if planes_dw_per_image else None
            for n0 in range(lo, hi, nb):
                m = min(hi, n0 + nb) - n0
                if last:
                    xp = xp_buf[: m * hp * wp * c].reshape(m, hp, wp * c)
                    cols = cols_buf[: m * p * k].reshape(m * p, k)
                    K.pad_nhwc(x[n0 : n0 + m], top, left, xp)
                    K.im2col_nhwc(xp, kh, kw, c, ho, wo, cols)
                else:
                    xp = xp_buf[: m * c * hp * wp].reshape(m, c, hp * wp)
                    cols = cols_buf[: m * p * k].reshape(k, m * p)
                    K.pad_planes(x[n0 : n0 + m], top, left, wp, xp)
                    K.im2col_planes(xp, kh, kw, wp, ho, wo, cols)
                if planes_dw_per_image:
                    # dW of image b (O, K) = dy[b] (O, P) @ its columns (P, K), dy as it is (no pack_dy):
                    # 0.42x the time of one (O, M*P) @ (M*P, K) product with K = kh*kw = 25.
                    parts = per_image[:m]
                    np.matmul(dy3[n0 : n0 + m], cols.reshape(k, m, p).transpose(1, 2, 0), out=parts)
                    K.add_channel_sums(dy3[n0 : n0 + m], db_acc)
                    K.sum_rows_into(parts.reshape(m, o * k), dw_acc.reshape(-1), n0 == lo)
                    continue
                if m == 1:  # one NCHW image is already (O, P): no copy
                    dyc = dy3[n0]
                    K.add_channel_sums(dy3[n0 : n0 + 1], db_acc)
                else:
                    dyc = dyc_buf[: o * m * p].reshape(o, m * p)
                    K.pack_dy(dy3[n0 : n0 + m], dyc, db_acc)
                # dW (O, K) = dy (O, P) @ columns (P, K)
                out = dw_acc if n0 == lo else part
                np.matmul(dyc, cols if last else cols.T, out=out)
                if out is part:
                    K.add_into(dw_acc.reshape(-1), part.reshape(-1))
                if cols_dx:  # the columns are no longer needed: their buffer takes d(columns)
                    if last:
                        np.matmul(dyc.T, wm, out=cols)
                        K.col2im_nhwc(cols, kh, kw, ho, wo, top, left, scratch.reshape(hp, wp * c), dx[n0 : n0 + m])
                    else:
                        np.matmul(wm.T, dyc, out=cols)
                        K.col2im_planes(cols, kh, kw, wp, ho, wo, top, left, scratch, dx[n0 : n0 + m])
            return dw_acc, db_acc

        if wino_dw:  # dW by Winograd F(r x r, 2 x 2) (winograd.weight_gradient)
            dw_oihw, db_sum = WG.weight_gradient(self, x, dy3.reshape(n, o, ho, wo), kh, top, left)
        else:
            results = self._run(work, ranges)
            dw_sum, db_sum = results[0]
            for dw_k, db_k in results[1:]:
                dw_sum += dw_k
                db_sum += db_k
            dw_oihw = dw_sum.reshape(o, kh, kw, c).transpose(0, 3, 1, 2) if last else dw_sum.reshape(w.shape)
        if wino_dx:  # dx = dy correlated with the flipped kernel, padded to give x's size
            u = WG.kernel_transform(w, True)
            WG.correlate(self, dy3.reshape(n, o, ho, wo), u, kh, kh - 1 - top, kw - 1 - left, np.zeros(c, dtype), dx)
        if dw is None:
            dw = np.ascontiguousarray(dw_oihw)
        else:
            dw[...] = dw_oihw
        return dx, dw, self._into(db, db_sum)

    def winograd_tile(self, kernel: int, c_in: int, c_out: int) -> int | None:
        """Outputs per side of the Winograd tile F(m x m, kernel x kernel) that a square convolution
        of these channels runs as (forward; the input gradient with c_in and c_out swapped; the
        weight gradient as F(kernel x kernel, m x m)), or None for im2col + sgemm: ``bench`` counts
        the products it really does."""
        return WG.TILE_OUT if self._use_winograd(kernel, kernel, c_in, c_out) else None

    def _use_winograd(self, kh: int, kw: int, c_in: int, c_out: int) -> bool:
        return kh == kw and kh in WG.KERNELS and min(c_in, c_out) >= self.winograd_min_channels

    # --- 2x2 max pooling ---------------------------------------------------------------
    def maxpool2x2_forward(self, x):
        x = np.ascontiguousarray(x)
        n, c, h, w = x.shape
        y = self._ws.get((n, c, h // 2, w // 2), x.dtype)
        argmax = self._ws.get((n, c, h // 2, w // 2), np.int8)
        self._run(lambda lo, hi: K.maxpool_forward(x[lo:hi], y[lo:hi], argmax[lo:hi]), self._ranges(n, x.size))
        return y, (argmax, x.shape)

    def maxpool2x2_backward(self, dy, cache):
        argmax, x_shape = cache
        dy = np.ascontiguousarray(dy)
        dx = self._ws.get(tuple(x_shape), dy.dtype)
        self._run(
            lambda lo, hi: K.maxpool_backward(dy[lo:hi], argmax[lo:hi], dx[lo:hi]), self._ranges(x_shape[0], dx.size)
        )
        return dx

    # --- elementwise -------------------------------------------------------------------
    def relu_forward(self, x):
        x = np.ascontiguousarray(x)
        y = self._ws.get(x.shape, x.dtype)
        xf, yf = _flat(x), _flat(y)
        self._run(lambda lo, hi: K.relu_forward(xf[lo:hi], yf[lo:hi]), self._flat_ranges(x.size))
        return y, y

    def relu_backward(self, dy, cache):
        dy = np.ascontiguousarray(dy)
        dx = self._ws.get(dy.shape, dy.dtype)
        df, yf, dxf = _flat(dy), _flat(cache), _flat(dx)
        self._run(lambda lo, hi: K.relu_backward(df[lo:hi], yf[lo:hi], dxf[lo:hi]), self._flat_ranges(dy.size))
        return dx

    def dropout_forward(self, x, rate: float, key: int):
        x = np.ascontiguousarray(x)
        keep = dropout_keep_mask(x.shape, rate, key)
        s = x.dtype.type(1.0 / (1.0 - rate))
        y = self._ws.get(x.shape, x.dtype)
        xf, kf, yf = _flat(x), _flat(keep), _flat(y)
        self._run(lambda lo, hi: K.dropout(xf[lo:hi], kf[lo:hi], s, yf[lo:hi]), self._flat_ranges(x.size))
        return y, (keep, s)

    def dropout_backward(self, dy, cache):
        keep, s = cache
        dy = np.ascontiguousarray(dy)
        s = dy.dtype.type(s)
        dx = self._ws.get(dy.shape, dy.dtype)
        df, kf, dxf = _flat(dy), _flat(keep), _flat(dx)
        self._run(lambda lo, hi: K.dropout(df[lo:hi], kf[lo:hi], s, dxf[lo:hi]), self._flat_ranges(dy.size))
        return dx

    # --- dense -------------------------------------------------------------------------
    def dense_forward(self, x, w, b):
        x = np.ascontiguousarray(x)
        b = np.ascontiguousarray(b)
        n, units = x.shape[0], w.shape[0]
        y = np.empty((n, units), x.dtype)
        # Split by output units: each thread packs only its half of W for sgemm.
        ranges = even_ranges(units, self.threads if w.size * n >= 16 * self.min_parallel_elements else 1)

        def work(lo, hi):
            if len(ranges) == 1:
                np.matmul(x, w.T, out=y)
            else:
                y[:, lo:hi] = x @ w[lo:hi].T
            K.bias_add_rows(y[:, lo:hi], b[lo:hi])

        self._run(work, ranges)
        return y, (x, w)

    def dense_backward(self, dy, cache, need_dx: bool = True, dw=None, db=None):
        x, w = cache
        dy = np.ascontiguousarray(dy)
        n, units = dy.shape
        features = x.shape[1]
        checked_gradient_buffer(dw, w.shape, dy.dtype, "dense_backward dw")
        checked_gradient_buffer(db, (units,), dy.dtype, "dense_backward db")
        dw = np.empty(w.shape, dy.dtype) if dw is None else dw
        db = np.empty(units, dy.dtype) if db is None else db
        dx = np.empty(x.shape, dy.dtype) if need_dx else None
        parts = self.threads if w.size * n >= 16 * self.min_parallel_elements else 1
        # dW by output units (rows of dW), dx by input features (columns of dx):
        # each thread reads only its share of W.
        unit_ranges = even_ranges(units, parts)
        feature_ranges = even_ranges(features, parts)

        def work(k, _):
            if k < len(unit_ranges):
                a, z = unit_ranges[k]
                np.matmul(dy[:, a:z].T, x, out=dw[a:z])
            if need_dx and k < len(feature_ranges):
                f0, f1 = feature_ranges[k]
                if len(feature_ranges) == 1:
                    np.matmul(dy, w, out=dx)
                else:
                    dx[:, f0:f1] = dy @ w[:, f0:f1]
            if k == 0:
                K.column_sums(dy, db)

        self._run(work, [(k, k + 1) for k in range(max(len(unit_ranges), len(feature_ranges)))])
        return dx, dw, db

    # --- loss ----------------------------------------------------------------------------
    def softmax(self, logits):
        logits = np.ascontiguousarray(logits)
        out = np.empty_like(logits)
        K.softmax(logits, out)
        return out

    def softmax_cross_entropy(self, logits, labels):
        logits = np.ascontiguousarray(logits)
        labels = np.ascontiguousarray(labels, dtype=np.int64)
        if labels.shape != (logits.shape[0],):  # the kernel reads one label per row, unchecked
            raise ValueError(f"softmax_cross_entropy: {labels.shape[0]} labels for {logits.shape[0]} rows of logits")
        dlogits = np.empty_like(logits)
        loss, correct = K.softmax_xent(logits, labels, logits.dtype.type(1.0 / max(len(logits), 1)), dlogits)
        return float(loss), int(correct), dlogits

    def softmax_cross_entropy_into(self, logits, labels, stats, slot: int):
        logits = np.ascontiguousarray(logits)
        labels = np.ascontiguousarray(labels, dtype=np.int64)
        if labels.shape != (logits.shape[0],):
            raise ValueError(f"softmax_cross_entropy: {labels.shape[0]} labels for {logits.shape[0]} rows of logits")
        slot = checked_slot(slot, stats.shape[0])
        dlogits = np.empty_like(logits)
        K.softmax_xent_into(logits, labels, logits.dtype.type(1.0 / max(len(logits), 1)), dlogits, stats, slot)
        return dlogits

    def gather_batch(self, data, indices, dtype):
        index = checked_indices(indices, data.count)
        x = np.empty((len(index), 1, data.height, data.width), dtype)
        K.gather_images(data.images, index, np.float32(1.0 / 255.0), x)
        return x, data.labels[index]

    # --- optimizers ----------------------------------------------------------------------
    def sgd_step(self, param, grad, velocity, lr: float, momentum: float) -> None:
        if not (param.flags.c_contiguous and (velocity is None or velocity.flags.c_contiguous)):
            return super().sgd_step(param, grad, velocity, lr, momentum)
        f = param.dtype.type
        pf, gf = _flat(param), _flat(np.ascontiguousarray(grad, dtype=param.dtype))
        if velocity is None:
            self._run(lambda lo, hi: K.sgd(pf[lo:hi], gf[lo:hi], f(lr)), self._flat_ranges(pf.size))
        else:
            vf = _flat(velocity)
            self._run(
                lambda lo, hi: K.sgd_momentum(pf[lo:hi], gf[lo:hi], vf[lo:hi], f(lr), f(momentum)),
                self._flat_ranges(pf.size),
            )

    def adam_step(self, param, grad, m, v, lr, beta1, beta2, eps, t) -> None:
        if not (param.flags.c_contiguous and m.flags.c_contiguous and v.flags.c_contiguous):
            return super().adam_step(param, grad, m, v, lr, beta1, beta2, eps, t)
        f = param.dtype.type
        step = adam_step_size(lr, beta1, beta2, t)
        pf, gf, mf, vf = _flat(param), _flat(np.ascontiguousarray(grad, dtype=param.dtype)), _flat(m), _flat(v)
        consts = (f(step), f(beta1), f(1 - beta1), f(beta2), f(1 - beta2), f(eps))
        self._run(
            lambda lo, hi: K.adam(pf[lo:hi], gf[lo:hi], mf[lo:hi], vf[lo:hi], *consts), self._flat_ranges(pf.size)
        )

    # --- JIT -------------------------------------------------------------------------------
    def warm_up(self, dtype=np.float32) -> float:
        """Compile (or load from numba's disk cache) every kernel for ``dtype``; returns seconds."""
        start = time.perf_counter()
        compile_every_kernel(self, dtype)
        return time.perf_counter() - start


def create(threads: int | None = None) -> NumbaBackend:
    if numba is None:
        raise BackendUnavailable(_IMPORT_ERROR)
    return NumbaBackend(threads=threads)

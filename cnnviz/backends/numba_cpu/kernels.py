"""The numba kernels of the CPU backend (``numba_cpu.NumbaBackend`` runs them).

Every kernel is serial, GIL-free and cached on disk: the backend splits a batch
(or a flat range) over its own worker threads and calls a kernel per slice.
Kernels keep the dtype of their arrays throughout (accumulators included), so a
float32 step computes nothing in float64.

Convolution works channels-last ("NHWC") around one single-threaded sgemm per
chunk of images. With a zero-padded input stored as ``xp[b, y, x*C + c]``, the
im2col row of output pixel (oy, ox) is kh runs of kw*C contiguous floats
(``xp[b, oy+i, ox*C:(ox+kw)*C]``), copied with packed loads and stores; the
columns matrix is pixel-major, ``colsT[(b, oy, ox), (i, j, c)]``, which makes
all three products of a convolution plain row-major sgemms of good shape:

    forward   yT  (P, O)  = colsT (P, K) @ Wk  (K, O)
    dW        dW  (O, K)  = dy    (O, P) @ colsT (P, K)     (dy is NCHW: no transpose)
    dx        dcT (P, K)  = dy.T  (P, O) @ Wok (O, K)

with K = kh*kw*C, P = pixels of the chunk, Wk/Wok the weights permuted to
(i, j, c) order. On a Zen 3 core these run at 84-87 GFLOP/s for the seed net's
conv2, against 55-61 for the NCHW im2col's dW and dx products.
"""

from __future__ import annotations

from .. import numba_cache

try:
    import numba
    from numba import njit
except Exception as exc:  # ImportError, or a broken llvmlite
    numba = None
    IMPORT_ERROR = f"numba cannot be imported ({type(exc).__name__}: {exc}); pip install numba"
else:
    IMPORT_ERROR = ""

import numpy as np

# error_model="numpy": float division by zero gives inf/nan as NumPy does, instead of a
# Python ZeroDivisionError check per element that blocks vectorisation.
# cache: on disk unless no folder is writable (numba_cache: then compiled anew each start, and said so).
JIT = dict(parallel=False, fastmath=False, cache=numba_cache.enabled(), nogil=True, error_model="numpy")
# Sums may be reassociated: LLVM then keeps 8-wide partial sums instead of one serial
# chain of dependent adds (8x faster; the order differs from NumPy's pairwise sum
# anyway, and the error is of the same size).
JIT_SUM = dict(JIT, fastmath={"reassoc"})

if numba is not None:
    # Inner loops index row views with a counter that cannot be negative: numba
    # then drops its per-element negative-index wraparound test and LLVM
    # vectorises the loop (packed loads/stores).

    # --- convolution, channels-last --------------------------------------------
    @njit(**JIT)
    def pad_nhwc(x, top, left, xp):
        """x (M,C,H,W) -> xp (M,Hp,Wp*C): zero-padded, channels last."""
        m, c, h, w = x.shape
        for b in range(m):
            xp[b] = 0
            for iy in range(h):
                row = xp[b, iy + top]
                for ci in range(c):
                    src = x[b, ci, iy]
                    base = left * c + ci
                    for ix in range(w):
                        row[base + ix * c] = src[ix]

    @njit(**JIT)
    def im2col_nhwc(xp, kh, kw, c, ho, wo, cols):
        """cols[b*ho*wo + oy*wo + ox, (i*kw + j)*c + ci] = xp[b, oy+i, (ox+j)*c + ci]."""
        m = xp.shape[0]
        run = kw * c
        for b in range(m):
            for oy in range(ho):
                for ox in range(wo):
                    row = cols[(b * ho + oy) * wo + ox]
                    s0 = ox * c
                    for i in range(kh):
                        src = xp[b, oy + i, s0 : s0 + run]
                        dst = row[i * run : (i + 1) * run]
                        for t in range(run):
                            dst[t] = src[t]

    @njit(**JIT)
    def col2im_nhwc(dcols, kh, kw, ho, wo, top, left, scratch, dx):
        """Adjoint of pad_nhwc + im2col_nhwc: dx (M,C,H,W) from dcols (M*ho*wo, kh*kw*C).

        ``scratch`` is one padded channels-last image (Hp, Wp*C), hot in L1/L2."""
        m, c, h, w = dx.shape
        run = kw * c
        for b in range(m):
            scratch[:, :] = 0
            for oy in range(ho):
                for ox in range(wo):
                    row = dcols[(b * ho + oy) * wo + ox]
                    s0 = ox * c
                    for i in range(kh):
                        dst = scratch[oy + i, s0 : s0 + run]
                        src = row[i * run : (i + 1) * run]
                        for t in range(run):
                            dst[t] += src[t]
            for iy in range(h):
                srow = scratch[iy + top]
                for ci in range(c):
                    dst = dx[b, ci, iy]
                    base = left * c + ci
                    for ix in range(w):
                        dst[ix] = srow[base + ix * c]

    @njit(**JIT)
    def pixels_to_nchw_bias(yt, bias, y):
        """yt (M*P, O) + bias -> y (M, O, P): a pixel's O values (one contiguous, vectorised
        read) scattered to the O planes. A chunk's y stays in L2, so the strided stores cost
        less than strided reads in 16-pixel tiles did (0.31x the time, the fast net's conv2)."""
        m, o, p = y.shape
        for b in range(m):
            for k in range(p):
                src = yt[b * p + k]
                for oc in range(o):
                    y[b, oc, k] = src[oc] + bias[oc]

    # --- convolution, channel planes (few input channels: conv1) ----------------
    @njit(**JIT)
    def pad_planes(x, top, left, wp, xpad):
        """x (M,C,H,W) -> xpad (M,C,Hp*Wp): zero-padded planes stored flat with row pitch wp."""
        m, c, h, w = x.shape
        for b in range(m):
            for ci in range(c):
                plane = xpad[b, ci]
                plane[:] = 0
                for iy in range(h):
                    start = (iy + top) * wp + left
                    dst = plane[start : start + w]
                    src = x[b, ci, iy]
                    for ix in range(w):
                        dst[ix] = src[ix]

    @njit(**JIT)
    def im2col_planes(xpad, kh, kw, wp, ho, wo, cols):
        """cols[(c,i,j), b*ho*wo + oy*wo + ox] = padded x[b, c, oy+i, ox+j]."""
        m, c, _ = xpad.shape
        p = ho * wo
        for ci in range(c):
            for i in range(kh):
                for j in range(kw):
                    crow = cols[(ci * kh + i) * kw + j]
                    for b in range(m):
                        plane = xpad[b, ci]
                        for oy in range(ho):
                            s0 = (oy + i) * wp + j
                            d0 = b * p + oy * wo
                            dst = crow[d0 : d0 + wo]
                            src = plane[s0 : s0 + wo]
                            for ox in range(wo):
                                dst[ox] = src[ox]

    @njit(**JIT)
    def col2im_planes(dcols, kh, kw, wp, ho, wo, top, left, scratch, dx):
        """Adjoint of pad_planes + im2col_planes: dx (M,C,H,W) from dcols (C*kh*kw, M*ho*wo)."""
        m, c, h, w = dx.shape
        p = ho * wo
        for b in range(m):
            for ci in range(c):
                scratch[:] = 0  # one padded plane, hot in L1
                for i in range(kh):
                    for j in range(kw):
                        crow = dcols[(ci * kh + i) * kw + j]
                        for oy in range(ho):
                            s0 = (oy + i) * wp + j
                            d0 = b * p + oy * wo
                            dst = scratch[s0 : s0 + wo]
                            src = crow[d0 : d0 + wo]
                            for ox in range(wo):
                                dst[ox] += src[ox]
                for iy in range(h):
                    start = (iy + top) * wp + left
                    src = scratch[start : start + w]
                    dst = dx[b, ci, iy]
                    for ix in range(w):
                        dst[ix] = src[ix]

    @njit(**JIT)
    def add_bias_planes(y, bias):
        """y (M, O, P) += bias[o], in place."""
        m, o, p = y.shape
        for b in range(m):
            for oc in range(o):
                bo = bias[oc]
                row = y[b, oc]
                for k in range(p):
                    row[k] += bo

    @njit(**JIT_SUM)
    def pack_dy(dy, dyc, db):
        """dy (M, O, P) -> dyc (O, M*P); db[o] += sum over the chunk, in dy's dtype."""
        m, o, p = dy.shape
        zero = np.zeros(1, dy.dtype)[0]  # a literal 0 would make the accumulator float64
        for oc in range(o):
            total = db[oc]
            for b in range(m):
                src = dy[b, oc]
                dst = dyc[oc, b * p : (b + 1) * p]
                acc = zero
                for k in range(p):
                    v = src[k]
                    dst[k] = v
                    acc += v
                total += acc
            db[oc] = total

    @njit(**JIT_SUM)
    def add_channel_sums(dy, db):
        """db[o] += sum of dy[b, o, :] over the chunk (dy (M, O, P)), in dy's dtype."""
        m, o, p = dy.shape
        zero = np.zeros(1, dy.dtype)[0]
        for b in range(m):
            for oc in range(o):
                src = dy[b, oc]
                acc = zero
                for k in range(p):
                    acc += src[k]
                db[oc] += acc

    @njit(**JIT)
    def sum_rows_into(parts, dst, first):
        """dst = (dst if not first else 0) + sum of the rows of parts (M, L), row by row."""
        m, size = parts.shape
        start = 0
        if first:
            src = parts[0]
            for i in range(size):
                dst[i] = src[i]
            start = 1
        for r in range(start, m):
            src = parts[r]
            for i in range(size):
                dst[i] += src[i]

    @njit(**JIT)
    def add_into(dst, src):
        """dst += src (flat, contiguous)."""
        for i in range(dst.size):
            dst[i] += src[i]

    # --- 2x2 max pooling -------------------------------------------------------
    @njit(**JIT)
    def maxpool_row_with_nans(r0, r1, yr, ar):
        """One row of windows, a NaN counting as the maximum (its window's first NaN, as np.argmax)."""
        for px in range(yr.shape[0]):
            m = r0[2 * px]
            k = 0
            v = r0[2 * px + 1]
            if v > m or (v != v and m == m):
                m = v
                k = 1
            v = r1[2 * px]
            if v > m or (v != v and m == m):
                m = v
                k = 2
            v = r1[2 * px + 1]
            if v > m or (v != v and m == m):
                m = v
                k = 3
            yr[px] = m
            ar[px] = k

    @njit(**JIT)
    def maxpool_forward(x, y, argmax):
        """First maximum of each 2x2 window (window order: row-major, as np.argmax). A row holding a NaN is
        done again by ``maxpool_row_with_nans``: its test in this loop stopped it vectorising (15x slower)."""
        n, c, h2, w2 = y.shape
        for b in range(n):
            for ci in range(c):
                for py in range(h2):
                    r0 = x[b, ci, 2 * py]
                    r1 = x[b, ci, 2 * py + 1]
                    yr = y[b, ci, py]
                    ar = argmax[b, ci, py]
                    nan = False
                    for px in range(w2):
                        m = r0[2 * px]
                        k = 0
                        nan |= m != m
                        v = r0[2 * px + 1]
                        nan |= v != v
                        if v > m:
                            m = v
                            k = 1
                        v = r1[2 * px]
                        nan |= v != v
                        if v > m:
                            m = v
                            k = 2
                        v = r1[2 * px + 1]
                        nan |= v != v
                        if v > m:
                            m = v
                            k = 3
                        yr[px] = m
                        ar[px] = k
                    if nan:
                        maxpool_row_with_nans(r0, r1, yr, ar)

    @njit(**JIT)
    def maxpool_backward(dy, argmax, dx):
        """dx = dy routed to each window's argmax, 0 (dy * 0, as the reference) elsewhere.

        One loop over the output columns of both rows (contiguous stores, the window's
        gradient and argmax read at ix >> 1) vectorises; a loop over windows with four
        stride-2 stores did not and took ~3x as long."""
        n, c, h, w = dx.shape
        h2, w2 = dy.shape[2], dy.shape[3]
        for b in range(n):
            for ci in range(c):
                if 2 * h2 != h or 2 * w2 != w:
                    dx[b, ci, :, :] = 0
                for py in range(h2):
                    g_row = dy[b, ci, py]
                    a_row = argmax[b, ci, py]
                    d0 = dx[b, ci, 2 * py]
                    d1 = dx[b, ci, 2 * py + 1]
                    for ix in range(2 * w2):
                        px = ix >> 1
                        k = a_row[px]
                        g = g_row[px]
                        z = g * 0
                        par = ix & 1
                        d0[ix] = g if k == par else z
                        d1[ix] = g if k == par + 2 else z

    # --- elementwise (flat, contiguous) -----------------------------------------
    @njit(**JIT)
    def relu_forward(x, y):
        for i in range(x.size):
            v = x[i]
            # NaN stays NaN, as np.maximum does; a negative or -0.0 becomes +0.0 (v * 0 would be -0.0)
            if v <= 0:
                y[i] = 0
            else:
                y[i] = v

    @njit(**JIT)
    def relu_backward(dy, y, dx):
        for i in range(dy.size):
            dx[i] = dy[i] if y[i] > 0 else dy[i] * 0

    @njit(**JIT)
    def dropout(x, keep, scale, y):
        for i in range(x.size):
            y[i] = x[i] * scale if keep[i] else x[i] * 0

    @njit(**JIT)
    def bias_add_rows(y, b):
        n, f = y.shape
        for i in range(n):
            row = y[i]
            for k in range(f):
                row[k] += b[k]

    @njit(**JIT)
    def column_sums(dy, out):
        """out[k] = sum_i dy[i, k], in dy's dtype."""
        n, f = dy.shape
        out[:] = 0
        for i in range(n):
            row = dy[i]
            for k in range(f):
                out[k] += row[k]

    # --- loss ---------------------------------------------------------------------
    @njit(**JIT)
    def softmax_xent(logits, labels, inv_n, dlogits):
        """(mean loss, correct count) in the logits' dtype; dlogits = (softmax - onehot) * inv_n
        (inv_n = 1/n in the logits' dtype: dividing by the integer n would compute in float64)."""
        n, k = logits.shape
        one = np.ones(1, logits.dtype)[0]
        zero = np.zeros(1, logits.dtype)[0]
        loss = zero
        correct = 0
        for i in range(n):
            m = logits[i, 0]
            best = 0
            for j in range(1, k):
                if logits[i, j] > m:
                    m = logits[i, j]
                    best = j
            if best == labels[i]:
                correct += 1
            s = zero
            for j in range(k):
                s += np.exp(logits[i, j] - m)
            log_s = np.log(s)
            for j in range(k):
                dlogits[i, j] = np.exp((logits[i, j] - m) - log_s)
            loss -= (logits[i, labels[i]] - m) - log_s
            dlogits[i, labels[i]] -= one
            for j in range(k):
                dlogits[i, j] *= inv_n
        return loss * inv_n, correct

    @njit(**JIT)
    def softmax_xent_into(logits, labels, inv_n, dlogits, stats, slot):
        loss, correct = softmax_xent(logits, labels, inv_n, dlogits)
        stats[slot, 0] = loss
        stats[slot, 1] = correct

    @njit(**JIT)
    def softmax(logits, out):
        n, k = logits.shape
        zero = np.zeros(1, logits.dtype)[0]
        for i in range(n):
            m = logits[i, 0]
            for j in range(1, k):
                if logits[i, j] > m:
                    m = logits[i, j]
            s = zero
            for j in range(k):
                s += np.exp(logits[i, j] - m)
            log_s = np.log(s)
            for j in range(k):
                out[i, j] = np.exp((logits[i, j] - m) - log_s)

    @njit(**JIT)
    def gather_images(images, index, scale, out):
        """out[r, 0] = float32(images[index[r]]) * scale, cast to out's dtype."""
        n = index.shape[0]
        h, w = images.shape[1], images.shape[2]
        for r in range(n):
            src = images[index[r]]
            dst = out[r, 0]
            for iy in range(h):
                s = src[iy]
                d = dst[iy]
                for ix in range(w):
                    d[ix] = np.float32(s[ix]) * scale

    # --- optimizers (in place, flat views) ----------------------------------------
    @njit(**JIT)
    def sgd(param, grad, lr):
        for i in range(param.size):
            param[i] -= lr * grad[i]

    @njit(**JIT)
    def sgd_momentum(param, grad, velocity, lr, momentum):
        for i in range(param.size):
            v = velocity[i] * momentum + grad[i]
            velocity[i] = v
            param[i] -= lr * v

    @njit(**JIT)
    def adam(param, grad, m, v, step, beta1, one_minus_beta1, beta2, one_minus_beta2, eps):
        for i in range(param.size):
            g = grad[i]
            mi = m[i] * beta1 + one_minus_beta1 * g
            vi = v[i] * beta2 + one_minus_beta2 * (g * g)
            m[i] = mi
            v[i] = vi
            param[i] -= step * mi / (np.sqrt(vi) + eps)

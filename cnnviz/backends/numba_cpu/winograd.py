"""Winograd F(2x2, rxr) convolution for the numba CPU backend (r = 3 or 5, stride 1).

A 2x2 block of outputs of an r x r correlation is computed from an n x n input
tile (n = r + 1) as ``A^T [(G g G^T) * (B^T d B)] A`` (Lavin & Gray, 2016):
the n*n products per (tile, input channel, output channel) replace 4*r*r, so the
channel-mixing matrix products shrink 2.25x (3x3) or 2.78x (5x5). Those products
are n*n independent sgemms ``V[k] (tiles, C) @ U[k] (C, O)``, made as one stacked
``np.matmul``; the input and output transforms are numba loops vectorised over
the channels (channels-last tiles). The backend uses it for the forward pass and
for the input gradient (a correlation of dy with the flipped, transposed kernel),
and F(r x r, 2x2) for the weight gradient (``weight_gradient``: each 2x2 tile of dy
correlated with the (r+1) x (r+1) tile of x under it, summed over tiles).

The transform matrices come from the interpolation points below (exact in
float64: ``B^T`` is solved for, then checked); in float32 a 5x5 output differs
from the direct sum by about 1e-6 relative.
"""

from __future__ import annotations

import numpy as np

from . import kernels as K
from .kernels import JIT, numba

# Interpolation points by tile size n (the last point is infinity).
POINTS = {4: (0.0, 1.0, -1.0), 6: (0.0, 1.0, -1.0, 0.5, -2.0)}  # 1/2 and -2: 3x smaller float32 error than ±1/2
KERNELS = (3, 5)
TILE_OUT = 2


def transform_matrices(r: int, m: int = TILE_OUT) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(A^T (m,n), G (n,r), B^T (n,n)) in float64 for F(m x m, r x r), n = m + r - 1.

    F(2, r) is the forward pass (and the input gradient); F(r, 2) the weight
    gradient (an r x r correlation of x with a 2x2 tile of dy, same n x n tiles)."""
    n = m + r - 1
    a = np.array(POINTS[n], dtype=np.float64)
    at = np.zeros((m, n))
    g = np.zeros((n, r))
    for k in range(n - 1):
        f = np.prod([a[k] - a[l] for l in range(n - 1) if l != k])
        at[:, k] = a[k] ** np.arange(m)
        g[k] = a[k] ** np.arange(r) / f
    at[m - 1, n - 1] = 1.0
    g[n - 1, r - 1] = 1.0
    # B^T solves sum_k A^T[i,k] G[k,j] B^T[k,l] = [l == i + j] (1-D correlation, all i, j, l).
    eqs = np.zeros((m * r * n, n * n))
    rhs = np.zeros(m * r * n)
    row = 0
    for i in range(m):
        for j in range(r):
            for l in range(n):
                eqs[row, np.arange(n) * n + l] = at[i] * g[:, j]
                rhs[row] = float(l == i + j)
                row += 1
    bt = np.linalg.lstsq(eqs, rhs, rcond=None)[0].reshape(n, n)
    bt[np.abs(bt) < 1e-12] = 0.0
    if not np.allclose(eqs @ bt.ravel(), rhs, atol=1e-12):  # pragma: no cover - a wrong point set
        raise ArithmeticError(f"no Winograd B^T for F({m},{r}) with points {POINTS[n]}")
    return at, g, bt


_MATRICES: dict[tuple[int, int, str], tuple[np.ndarray, np.ndarray, np.ndarray]] = {}


def matrices(r: int, dtype, m: int = TILE_OUT) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    key = (r, m, np.dtype(dtype).str)
    if key not in _MATRICES:
        _MATRICES[key] = tuple(np.ascontiguousarray(mat, dtype=dtype) for mat in transform_matrices(r, m))
    return _MATRICES[key]


def tiles(ho: int, wo: int) -> tuple[int, int]:
    return (ho + TILE_OUT - 1) // TILE_OUT, (wo + TILE_OUT - 1) // TILE_OUT


if numba is not None:
    from numba import njit

    # The transforms may fuse a*b+c into one FMA (rounding once instead of twice).
    JIT_FMA = dict(JIT, fastmath={"contract"})

    @njit(**JIT_FMA)
    def weights(wt, g, tmp, u):
        """U[k1*n + k2] = sum_ij G[k1,i] G[k2,j] wt[i, j] for wt (r, r, C_in, C_out):
        every (C_in, C_out) plane at once (one contiguous vector loop). With A^T for G
        and the summed products for wt, the same loops give the weight gradient."""
        r = wt.shape[0]
        n = g.shape[0]
        zero = np.zeros(1, g.dtype)[0]  # comparing with a literal 0 would go through float64
        size = wt.shape[2] * wt.shape[3]
        w2 = wt.reshape(r, r, size)
        for k1 in range(n):
            for j in range(r):
                dst = tmp[k1, j]
                dst[:] = 0
                for i in range(r):
                    coef = g[k1, i]
                    if coef != zero:
                        src = w2[i, j]
                        for e in range(size):
                            dst[e] += coef * src[e]
        u2 = u.reshape(n * n, size)
        for k1 in range(n):
            for k2 in range(n):
                dst = u2[k1 * n + k2]
                dst[:] = 0
                for j in range(r):
                    coef = g[k2, j]
                    if coef != zero:
                        src = tmp[k1, j]
                        for e in range(size):
                            dst[e] += coef * src[e]

    @njit(**JIT_FMA)
    def pad_split(x, top, left, xp):
        """x (M,C,H,W) -> xp (M, Hp, 2, Wp/2 * C): zero-padded, channels last, the even
        padded columns in xp[:, :, 0] and the odd ones in xp[:, :, 1]."""
        m, c, h, w = x.shape
        for b in range(m):
            xp[b] = 0
            for iy in range(h):
                for ix in range(w):
                    col = ix + left
                    dst = xp[b, iy + top, col % 2]
                    base = (col // 2) * c
                    for ci in range(c):
                        dst[base + ci] = x[b, ci, iy, ix]

    @njit(**JIT_FMA)
    def input_tiles(xp, bt, th, tw, rows, v):
        """V[k1*n + k2, b*th*tw + ty*tw + tx, :] = (B^T d B)[k1, k2] for the n x n tile at
        (2*ty, 2*tx) of xp (M, Hp, 2, Wp/2 * C) (pad_split's layout).

        B^T is applied down whole padded rows first (one long vector loop per transformed
        row), then across: with even and odd columns apart, column ``col`` of
        all the tiles of a row is one contiguous run, so that is a long loop too."""
        m = xp.shape[0]
        n = bt.shape[0]
        n_in = bt.shape[1]  # == n, or 2 for the dy tiles of the weight gradient (G)
        c = v.shape[2]
        width = xp.shape[3]
        span = tw * c
        for b in range(m):
            for ty in range(th):
                # Each row written once, all n_in terms in one expression (0.76-0.89x the time of
                # zeroing it and adding one term per nonzero coefficient).
                for k1 in range(n):
                    for par in range(2):
                        dst = rows[k1, par]
                        s0 = xp[b, 2 * ty, par]
                        s1 = xp[b, 2 * ty + 1, par]
                        c0, c1 = bt[k1, 0], bt[k1, 1]
                        if n_in == 2:
                            for e in range(width):
                                dst[e] = c0 * s0[e] + c1 * s1[e]
                        elif n_in == 4:
                            s2 = xp[b, 2 * ty + 2, par]
                            s3 = xp[b, 2 * ty + 3, par]
                            c2, c3 = bt[k1, 2], bt[k1, 3]
                            for e in range(width):
                                dst[e] = c0 * s0[e] + c1 * s1[e] + c2 * s2[e] + c3 * s3[e]
                        else:  # n_in == 6
                            s2 = xp[b, 2 * ty + 2, par]
                            s3 = xp[b, 2 * ty + 3, par]
                            s4 = xp[b, 2 * ty + 4, par]
                            s5 = xp[b, 2 * ty + 5, par]
                            c2, c3, c4, c5 = bt[k1, 2], bt[k1, 3], bt[k1, 4], bt[k1, 5]
                            for e in range(width):
                                dst[e] = c0 * s0[e] + c1 * s1[e] + c2 * s2[e] + c3 * s3[e] + c4 * s4[e] + c5 * s5[e]
                t0 = (b * th + ty) * tw
                for k1 in range(n):
                    # The n column runs of this row (even columns, odd columns, shifted).
                    r0 = rows[k1, 0, 0:span]
                    r1 = rows[k1, 1, 0:span]
                    r2 = rows[k1, 0, c : c + span]
                    r3 = rows[k1, 1, c : c + span]
                    for k2 in range(n):
                        out = v[k1 * n + k2].reshape(-1)[t0 * c : t0 * c + span]
                        # Each output written once (V is the big array: no read-modify-write).
                        if n_in == 2:
                            c0, c1 = bt[k2, 0], bt[k2, 1]
                            for e in range(span):
                                out[e] = c0 * r0[e] + c1 * r1[e]
                        elif n_in == 4:
                            c0, c1, c2, c3 = bt[k2, 0], bt[k2, 1], bt[k2, 2], bt[k2, 3]
                            for e in range(span):
                                out[e] = c0 * r0[e] + c1 * r1[e] + c2 * r2[e] + c3 * r3[e]
                        else:  # n_in == 6
                            r4 = rows[k1, 0, 2 * c : 2 * c + span]
                            r5 = rows[k1, 1, 2 * c : 2 * c + span]
                            c0, c1, c2, c3, c4, c5 = bt[k2, 0], bt[k2, 1], bt[k2, 2], bt[k2, 3], bt[k2, 4], bt[k2, 5]
                            for e in range(span):
                                out[e] = c0 * r0[e] + c1 * r1[e] + c2 * r2[e] + c3 * r3[e] + c4 * r4[e] + c5 * r5[e]

    @njit(**JIT_FMA)
    def output_tiles(mm, at, bias, th, tw, half, full, y):
        """y[b, o, 2*ty + i, 2*tx + j] = (A^T M A)[i, j] + bias for the products
        mm (n*n, M*th*tw, O); rows and columns past y's size are dropped.

        A tile row at a time: mm[k, ty*tw:(ty+1)*tw, :] is one contiguous (tw*O) vector,
        so both halves of the transform are long vector loops (half (2, n, tw*O),
        full (2, 2, tw*O)); then one scatter into NCHW."""
        mb, o, ho, wo = y.shape
        zero = np.zeros(1, at.dtype)[0]
        n = at.shape[1]
        mo = at.shape[0]  # == TILE_OUT == 2
        span = tw * o
        for b in range(mb):
            for ty in range(th):
                t0 = (b * th + ty) * tw
                for k2 in range(n):
                    # The n transformed rows k1 = 0..n-1 of column k2, this tile row.
                    m0 = mm[k2].reshape(-1)[t0 * o : t0 * o + span]
                    m1 = mm[n + k2].reshape(-1)[t0 * o : t0 * o + span]
                    m2 = mm[2 * n + k2].reshape(-1)[t0 * o : t0 * o + span]
                    m3 = mm[3 * n + k2].reshape(-1)[t0 * o : t0 * o + span]
                    for i in range(mo):
                        dst = half[i, k2]
                        c0, c1, c2, c3 = at[i, 0], at[i, 1], at[i, 2], at[i, 3]
                        if n == 4:
                            for e in range(span):
                                dst[e] = c0 * m0[e] + c1 * m1[e] + c2 * m2[e] + c3 * m3[e]
                        else:  # n == 6
                            m4 = mm[4 * n + k2].reshape(-1)[t0 * o : t0 * o + span]
                            m5 = mm[5 * n + k2].reshape(-1)[t0 * o : t0 * o + span]
                            c4, c5 = at[i, 4], at[i, 5]
                            for e in range(span):
                                dst[e] = c0 * m0[e] + c1 * m1[e] + c2 * m2[e] + c3 * m3[e] + c4 * m4[e] + c5 * m5[e]
                for i in range(mo):
                    for j in range(mo):
                        dst = full[i, j]
                        dst[:] = 0
                        for k2 in range(n):
                            coef = at[j, k2]
                            if coef != zero:
                                src = half[i, k2]
                                for e in range(span):
                                    dst[e] += coef * src[e]
                # Into NCHW: each tile's O values read contiguously and scattered to the O
                # planes (y's rows stay in cache): 0.70-0.81x the time of the transform
                # and scatter by strided reads per plane row.
                for i in range(mo):
                    oy = mo * ty + i
                    if oy >= ho:
                        continue
                    f0 = full[i, 0]
                    f1 = full[i, 1]
                    for tx in range(wo // 2):
                        s0 = f0[tx * o : (tx + 1) * o]
                        s1 = f1[tx * o : (tx + 1) * o]
                        for oc in range(o):
                            bo = bias[oc]
                            y[b, oc, oy, 2 * tx] = s0[oc] + bo
                            y[b, oc, oy, 2 * tx + 1] = s1[oc] + bo
                    if wo % 2:
                        s0 = f0[(wo // 2) * o : (wo // 2 + 1) * o]
                        for oc in range(o):
                            y[b, oc, oy, wo - 1] = s0[oc] + bias[oc]


def kernel_transform(w, flip: bool):
    """U (n*n, C_in, C_out) of the weights w (O, C, r, r): the forward kernel, or (flip) the
    input-gradient kernel (channels swapped, rotated 180 degrees)."""
    r = w.shape[2]
    n = r + TILE_OUT - 1
    _, g, _ = matrices(r, w.dtype)
    wt = np.ascontiguousarray(w[:, :, ::-1, ::-1].transpose(2, 3, 0, 1) if flip else w.transpose(2, 3, 1, 0))
    u = np.empty((n * n,) + wt.shape[2:], w.dtype)
    weights(wt, g, np.empty((n, r, wt.shape[2] * wt.shape[3]), w.dtype), u)
    return u


def correlate(backend, x, u, r: int, top: int, left: int, bias, y):
    """y (N, O, Ho, Wo) = bias + stride-1 correlation of x (N, C, H, W), zero-padded
    by (top, left) and as needed after, with the kernel whose transform is u (n*n, C, O): Winograd
    F(2x2, r x r) on ``backend``'s worker threads (a NumbaBackend: its ranges, workers and buffer pool)."""
    n_img, c = x.shape[:2]
    o, ho, wo = y.shape[1:]
    nn, dtype = u.shape[0], y.dtype
    n = r + TILE_OUT - 1
    th, tw = tiles(ho, wo)
    hp, wp = TILE_OUT * th + r - 1, TILE_OUT * tw + r - 1  # wp is even (r odd)
    at, _, bt = matrices(r, dtype)
    nb = max(1, min(n_img, backend.winograd_tiles // (th * tw)))
    ranges = backend._ranges(n_img, n_img * nn * th * tw * c * o)
    buffers = {
        rg: (
            backend._ws.get((nb * hp * wp * c,), dtype),
            backend._ws.get((nn * nb * th * tw * c,), dtype),
            backend._ws.get((nn * nb * th * tw * o,), dtype),
        )
        for rg in ranges
    }

    def work(lo, hi):
        xp_buf, v_buf, m_buf = buffers[(lo, hi)]
        rows = np.empty((n, 2, wp // 2 * c), dtype)
        half = np.empty((TILE_OUT, n, tw * o), dtype)
        full = np.empty((TILE_OUT, TILE_OUT, tw * o), dtype)
        for n0 in range(lo, hi, nb):
            m = min(hi, n0 + nb) - n0
            t = m * th * tw
            xp = xp_buf[: m * hp * wp * c].reshape(m, hp, 2, wp // 2 * c)
            v = v_buf[: nn * t * c].reshape(nn, t, c)
            mm = m_buf[: nn * t * o].reshape(nn, t, o)
            pad_split(x[n0 : n0 + m], top, left, xp)
            input_tiles(xp, bt, th, tw, rows, v)
            np.matmul(v, u, out=mm)
            output_tiles(mm, at, bias, th, tw, half, full, y[n0 : n0 + m])

    backend._run(work, ranges)


def weight_gradient(backend, x, dy, r: int, top: int, left: int):
    """(dW (O, C, r, r), db (O,)) of a stride-1 r x r correlation of x (N, C, H, W), zero-padded
    by (top, left) and as needed after, whose output gradient is dy (N, O, Ho, Wo).

    Winograd F(r x r, 2 x 2): each 2x2 tile of dy is a "kernel" correlated with the (r+1) x (r+1)
    tile of x at the same place, and the r x r results summed over tiles and images are dW. So
    dW = A^T [sum over tiles (G dy G^T) * (B^T x B)] A: the n*n (n = r + 1) channel-mixing products
    ``V[k]^T (C, tiles) @ Udy[k] (tiles, O)`` summed over every tile, then one small output
    transform. n*n products per (tile, C, O) replace 4*r*r: 2.78x fewer for 5x5, 2.25x for 3x3.
    The backend's worker threads each sum their images' products; ``backend`` is a NumbaBackend
    (its ranges, workers and buffer pool)."""
    n_img, c = x.shape[:2]
    o, ho, wo = dy.shape[1:]
    dtype = dy.dtype
    n = r + TILE_OUT - 1
    nn = n * n
    th, tw = tiles(ho, wo)
    hp, wp = TILE_OUT * th + r - 1, TILE_OUT * tw + r - 1  # wp is even (r odd)
    at, g, bt = matrices(2, dtype, m=r)  # F(r, 2): A^T (r, n), G (n, 2), B^T (n, n)
    nb = max(1, min(n_img, backend.winograd_tiles // (th * tw)))
    ranges = backend._ranges(n_img, n_img * nn * th * tw * c * o)
    ws = backend._ws
    buffers = {
        rg: (
            ws.get((nb * hp * wp * c,), dtype),
            ws.get((nn * nb * th * tw * c,), dtype),
            ws.get((nb * 2 * th * 2 * tw * o,), dtype),
            ws.get((nn * nb * th * tw * o,), dtype),
        )
        for rg in ranges
    }

    def work(lo, hi):
        xp_buf, v_buf, dyp_buf, u_buf = buffers[(lo, hi)]
        rows = np.empty((n, 2, wp // 2 * c), dtype)
        rows_dy = np.empty((n, 2, tw * o), dtype)
        acc = np.empty((nn, c, o), dtype)
        part = np.empty((nn, c, o), dtype) if hi - lo > nb else None
        db = np.zeros(o, dtype)
        for n0 in range(lo, hi, nb):
            m = min(hi, n0 + nb) - n0
            t = m * th * tw
            xp = xp_buf[: m * hp * wp * c].reshape(m, hp, 2, wp // 2 * c)
            v = v_buf[: nn * t * c].reshape(nn, t, c)
            dyp = dyp_buf[: m * 2 * th * 2 * tw * o].reshape(m, 2 * th, 2, tw * o)
            u = u_buf[: nn * t * o].reshape(nn, t, o)
            pad_split(x[n0 : n0 + m], top, left, xp)
            input_tiles(xp, bt, th, tw, rows, v)
            pad_split(dy[n0 : n0 + m], 0, 0, dyp)  # dy past Ho, Wo (odd sizes): zero tiles
            input_tiles(dyp, g, th, tw, rows_dy, u)
            out = acc if n0 == lo else part
            np.matmul(v.transpose(0, 2, 1), u, out=out)
            if out is part:
                K.add_into(acc.reshape(-1), part.reshape(-1))
            K.add_channel_sums(dy[n0 : n0 + m].reshape(m, o, ho * wo), db)
        return acc, db

    results = backend._run(work, ranges)
    acc, db = results[0]
    for acc_k, db_k in results[1:]:
        acc += acc_k
        db += db_k
    dw_t = np.empty((r * r, c, o), dtype)
    weights(acc.reshape(n, n, c, o), at, np.empty((r, n, c * o), dtype), dw_t)
    return np.ascontiguousarray(dw_t.reshape(r, r, c, o).transpose(3, 2, 0, 1)), db

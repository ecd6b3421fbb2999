"""The dense-layer kernels of the ``cuda`` backend: the register-blocked GEMM and its split-K reduction.

``gemm`` is the textbook kernel of ``kernels``' docstring, in three
variants chosen at compile time (x W^T + b, dY^T x, dY W), with split-K when a
product has few output tiles and a long reduction; ``splitk_reduce`` sums the
partial tiles in a fixed order and applies the epilogue. ``GemmTile`` is how a
block stages its operands, shared with the convolution weight gradient
(``conv_kernels``), which is GEMM-shaped too.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

cuda = None
"""``numba.cuda``, set by ``kernels.bind_cuda`` (the kernels' one binding; see there)."""


@dataclass(frozen=True)
class GemmTile:
    """How a block of the tiled GEMM stages its operands in shared memory (one tile config)."""

    accumulators: int
    """Register tile of one thread: TM x TN."""
    k_sharers: int
    """Threads that share one reduction index when staging k-fast."""
    a_loads: int
    """A values each thread stages per reduction slice (k-fast)."""
    b_loads: int
    """B values each thread stages per reduction slice (k-fast)."""
    m_fast_threads: int
    """Threads per column when staging A m-fast."""
    n_fast_threads: int
    """Threads per row when staging B n-fast."""
    pitch_m: int
    """Row pitch of the staged A slice; == 2 (mod 32), so transposed stores are conflict-free."""
    pitch_n: int
    """Row pitch of the staged B slice; == 2 (mod 32) too."""
    unroll: int
    """Unroll of the micro-kernel over the reduction slice."""
    a_size: int
    """Shared-memory elements of the staged A slice (BK rows)."""
    b_size: int
    """Shared-memory elements of the staged B slice (BK rows)."""
    a_step: np.uint64
    """Advance of the A offset per unrolled step (unsigned: no negative-index fix-ups)."""
    b_step: np.uint64
    """Advance of the B offset per unrolled step."""


def gemm_tile(cfg) -> GemmTile:
    """The staging layout of ``cfg`` (a ``kernels.KernelConfig``)."""
    threads = cfg.tx * cfg.ty
    k_sharers = threads // cfg.bk
    pitch_m, pitch_n = cfg.bm + 2, cfg.bn + 2
    unroll = 4 if cfg.bk % 4 == 0 else 1
    return GemmTile(
        accumulators=cfg.tm * cfg.tn,
        k_sharers=k_sharers,
        a_loads=cfg.bm // k_sharers,
        b_loads=cfg.bn // k_sharers,
        m_fast_threads=threads // cfg.bm,
        n_fast_threads=threads // cfg.bn,
        pitch_m=pitch_m,
        pitch_n=pitch_n,
        unroll=unroll,
        a_size=cfg.bk * pitch_m,
        b_size=cfg.bk * pitch_n,
        a_step=np.uint64(unroll * pitch_m),
        b_step=np.uint64(unroll * pitch_n),
    )


def build_gemm_kernels(np_dtype: np.dtype, cfg) -> dict:
    """``gemm_xwt``, ``gemm_dyt_x``, ``gemm_dy_w`` and ``splitk_reduce`` for one float dtype
    and one ``KernelConfig`` (compiled on first launch)."""
    import numba

    nb = numba.from_dtype(np_dtype)
    zero = np_dtype.type(0)
    one = np_dtype.type(1)
    TM, TN, BK, TX, TY, BM, BN = cfg.tm, cfg.tn, cfg.bk, cfg.tx, cfg.ty, cfg.bm, cfg.bn
    tile = gemm_tile(cfg)
    ACC, RS, LA, LB = tile.accumulators, tile.k_sharers, tile.a_loads, tile.b_loads
    MA, NB_ = tile.m_fast_threads, tile.n_fast_threads
    PITCH_M, PITCH_N, KU = tile.pitch_m, tile.pitch_n, tile.unroll
    A_SIZE, B_SIZE, A_STEP, B_STEP = tile.a_size, tile.b_size, tile.a_step, tile.b_step

    def make_gemm(trans_a: bool, trans_b: bool):
        @cuda.jit
        def gemm(a, b, out, bias, relu_out, part, m_rows, n_cols, k_len, k_per_split, ones_col, epilogue):
            # C[m, n] = sum_k A(m, k) B(k, n), A(m, k) = a[k, m] if trans_a else a[m, k],
            # B(k, n) = b[n, k] if trans_b else b[k, n] (flat, C order). ones_col: B has
            # one more column, of ones (C[m, n_cols] = row sums: a bias gradient).
            # One split (gridDim.z == 1): the epilogue writes out (EPI_* as splitk_reduce);
            # else part[z, m, n] and splitk_reduce finishes.
            a_s = cuda.shared.array(A_SIZE, nb)
            b_s = cuda.shared.array(B_SIZE, nb)
            acc = cuda.local.array(ACC, nb)
            a_reg = cuda.local.array(TM, nb)
            b_reg = cuda.local.array(TN, nb)
            tx = cuda.threadIdx.x
            ty = cuda.threadIdx.y
            tx_u = np.uint64(tx)
            ty_u = np.uint64(ty)
            t = ty * TX + tx
            m0 = cuda.blockIdx.y * BM
            n0 = cuda.blockIdx.x * BN
            z = cuda.blockIdx.z
            n_all = n_cols + ones_col
            for q in range(ACC):
                acc[q] = zero
            begin = z * k_per_split
            end = min(k_len, begin + k_per_split)
            for k0 in range(begin, end, BK):
                # stage A and B with consecutive threads on consecutive addresses
                if trans_a:
                    mm = t % BM
                    for l in range(BK // MA):
                        kk = t // BM + l * MA
                        v = zero
                        if m0 + mm < m_rows and k0 + kk < end:
                            v = a[(k0 + kk) * m_rows + m0 + mm]
                        a_s[kk * PITCH_M + mm] = v
                else:
                    kk = t % BK
                    for l in range(LA):
                        mm = t // BK + l * RS
                        v = zero
                        if m0 + mm < m_rows and k0 + kk < end:
                            v = a[(m0 + mm) * k_len + k0 + kk]
                        a_s[kk * PITCH_M + mm] = v
                if trans_b:
                    kk = t % BK
                    for l in range(LB):
                        nn = t // BK + l * RS
                        v = zero
                        if k0 + kk < end:
                            if n0 + nn < n_cols:
                                v = b[(n0 + nn) * k_len + k0 + kk]
                            elif n0 + nn < n_all:
                                v = one
                        b_s[kk * PITCH_N + nn] = v
                else:
                    nn = t % BN
                    for l in range(BK // NB_):
                        kk = t // BN + l * NB_
                        v = zero
                        if k0 + kk < end:
                            if n0 + nn < n_cols:
                                v = b[(k0 + kk) * n_cols + n0 + nn]
                            elif n0 + nn < n_all:
                                v = one
                        b_s[kk * PITCH_N + nn] = v
                cuda.syncthreads()
                a_off = ty_u
                b_off = tx_u
                for _k in range(BK // KU):
                    for u in range(KU):  # unrolled: shared loads at compile-time offsets
                        for rr in range(TM):
                            a_reg[rr] = a_s[a_off + np.uint64(u * PITCH_M + rr * TY)]
                        for cc in range(TN):
                            b_reg[cc] = b_s[b_off + np.uint64(u * PITCH_N + cc * TX)]
                        for rr in range(TM):
                            for cc in range(TN):
                                acc[rr * TN + cc] += a_reg[rr] * b_reg[cc]
                    a_off += A_STEP
                    b_off += B_STEP
                cuda.syncthreads()
            split = cuda.gridDim.z > 1
            for rr in range(TM):
                m = m0 + ty + rr * TY
                if m < m_rows:
                    for cc in range(TN):
                        nn = n0 + tx + cc * TX
                        if nn < n_all:
                            v = acc[rr * TN + cc]
                            if split:
                                part[(z * m_rows + m) * n_all + nn] = v
                            elif epilogue == 1:
                                v += bias[nn]
                                out[m * n_cols + nn] = v
                                relu_out[m * n_cols + nn] = v if (v > zero or v != v) else zero
                            elif nn < n_cols:
                                out[m * n_cols + nn] = v
                            else:
                                bias[m] = v

        return gemm

    @cuda.jit
    def splitk_reduce(part, splits, m_rows, n_all, n_out, out, bias, relu_out, epilogue):
        # Sum the partial tiles in split order (deterministic) and apply the epilogue:
        # EPI_STORE: out[m, n] for n < n_out, bias[m] for the ones column n == n_out;
        # EPI_BIAS_RELU: out = sum + bias[n] and relu_out = max(out, 0).
        i = cuda.grid(1)
        size = m_rows * n_all
        if i < size:
            v = zero
            for z in range(splits):
                v += part[z * size + i]
            m = i // n_all
            nn = i - m * n_all
            if epilogue == 1:
                v += bias[nn]
                out[i] = v
                relu_out[i] = v if (v > zero or v != v) else zero
            elif nn < n_out:
                out[m * n_out + nn] = v
            else:
                bias[m] = v

    return {
        "gemm_xwt": make_gemm(False, True),  # dense forward: x W^T (+ b, ReLU copy)
        "gemm_dyt_x": make_gemm(True, False),  # dense weight gradient: dY^T x (+ ones column: db)
        "gemm_dy_w": make_gemm(False, False),  # dense input gradient: dY W
        "splitk_reduce": splitk_reduce,
    }

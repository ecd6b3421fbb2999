"""The convolution kernels of the ``cuda`` backend.

``conv_forward`` is a direct convolution as an implicit GEMM (output channels x
output pixels of one image, reduced over input channel and kernel tap), with the
bias and a ReLU copy of the output written in the same pass; ``conv_input_grad``
is the same kernel on the output gradient with the kernel flipped and its
channels swapped. Each comes in two block shapes: the full tile, and a
``*_narrow`` block with half the channel rows and twice the pixels (for layers of
few output channels; ``kernels.plan_conv`` chooses). ``conv_weight_grad``
is GEMM-shaped (output channels x (input channel, tap), reduced over every output
pixel of the batch, split across blocks) and stages its operands as the dense GEMM
does (``gemm_kernels.GemmTile``). The pattern they all follow is
explained in ``kernels``' docstring.
"""

from __future__ import annotations

import numpy as np

from .gemm_kernels import gemm_tile

cuda = None
"""``numba.cuda``, set by ``kernels.bind_cuda`` (the kernels' one binding; see there)."""


def build_conv_kernels(np_dtype: np.dtype, cfg) -> dict:
    """``conv_forward``, ``conv_input_grad`` (each also ``*_narrow``) and ``conv_weight_grad``
    for one float dtype and one ``KernelConfig`` (compiled on first launch)."""
    import numba

    nb = numba.from_dtype(np_dtype)
    i32 = numba.int32
    u64 = numba.uint64
    zero = np_dtype.type(0)
    one = np_dtype.type(1)
    U1 = np.uint64(1)
    TM, TN, BK, TX, TY, BM, BN = cfg.tm, cfg.tn, cfg.bk, cfg.tx, cfg.ty, cfg.bm, cfg.bn
    SLAB = cfg.slab_taps
    PATCH = cfg.patch
    tile = gemm_tile(cfg)
    ACC, RS, LA, LB = tile.accumulators, tile.k_sharers, tile.a_loads, tile.b_loads
    PITCH_M, PITCH_N, KU = tile.pitch_m, tile.pitch_n, tile.unroll
    A_SIZE, B_SIZE, A_STEP, B_STEP = tile.a_size, tile.b_size, tile.a_step, tile.b_step

    def make_conv(flip: bool, n_tx: int, n_ty: int):
        bm = n_ty * TM
        pitch_w = bm + 2  # == 2 (mod 32): staging 16 taps x 2 channels hits 32 banks
        w_pitch = np.uint64(pitch_w)
        w_size = SLAB * pitch_w

        @cuda.jit
        def conv_forward(
            x,
            w,
            b,
            y,
            r,
            m_ch,
            s_ch,
            h,
            wd,
            ho,
            wo,
            kh,
            kw,
            pad_top,
            pad_left,
            tile_h,
            tile_w,
            tiles_x,
            tiles_per_image,
            rows_per_stage,
            pitch,
            epilogue,
        ):
            # y[n, m, oy, ox] = sum_{s,i,j} x[n, s, oy+i-pad_top, ox+j-pad_left] * W[m, s, i, j]
            # with W = w, or for flip (input gradient) W[m, s, i, j] = w[s, m, kh-1-i, kw-1-j].
            # All arrays are flat (C order); block = pixels of one spatial tile x bm channels.
            w_s = cuda.shared.array(w_size, nb)  # [tap][channel], row pitch pitch_w
            x_s = cuda.shared.array(PATCH, nb)  # input patch, row pitch `pitch`
            acc = cuda.local.array(ACC, nb)
            a_reg = cuda.local.array(TM, nb)
            b_reg = cuda.local.array(TN, nb)
            p_off = cuda.local.array(TN, u64)
            b_at = cuda.local.array(TN, u64)
            tx = cuda.threadIdx.x
            ty = cuda.threadIdx.y
            m0 = cuda.blockIdx.y * bm
            n = cuda.blockIdx.x // tiles_per_image
            tile = cuda.blockIdx.x - n * tiles_per_image
            tile_y = tile // tiles_x
            oy0 = tile_y * tile_h
            ox0 = (tile - tile_y * tiles_x) * tile_w
            pixels = tile_h * tile_w
            for c in range(TN):  # where this thread's pixels start in the patch
                p = tx + c * n_tx
                if p >= pixels:
                    p = 0
                py = p // tile_w
                p_off[c] = np.uint64(py * pitch + p - py * tile_w)
            for q in range(ACC):
                acc[q] = zero
            taps_all = kh * kw
            patch_w = tile_w + kw - 1
            plane = h * wd
            row_skip = np.uint64(pitch - kw)
            ty_u = np.uint64(ty)
            for s in range(s_ch):
                in_base = (n * s_ch + s) * plane
                for i0 in range(0, kh, rows_per_stage):
                    rows = min(rows_per_stage, kh - i0)
                    taps = rows * kw
                    # stage the weights: w_s[t][mm], t = tap within these kernel rows
                    for mm in range(ty, bm, n_ty):
                        m = m0 + mm
                        if flip:
                            w_base = (s * m_ch + m) * taps_all + taps_all - 1 - i0 * kw
                        else:
                            w_base = (m * s_ch + s) * taps_all + i0 * kw
                        for t in range(tx, taps, n_tx):
                            v = zero
                            if m < m_ch:
                                if flip:
                                    v = w[w_base - t]
                                else:
                                    v = w[w_base + t]
                            w_s[t * pitch_w + mm] = v
                    # stage the input patch (zero outside the image: that is the padding)
                    iy0 = oy0 + i0 - pad_top
                    ix0 = ox0 - pad_left
                    for pr in range(ty, tile_h + rows - 1, n_ty):
                        iy = iy0 + pr
                        for pc in range(tx, patch_w, n_tx):
                            ix = ix0 + pc
                            v = zero
                            if iy >= 0 and iy < h and ix >= 0 and ix < wd:
                                v = x[in_base + iy * wd + ix]
                            x_s[pr * pitch + pc] = v
                    cuda.syncthreads()
                    # the hot loop: unsigned running offsets (no negative-index fix-ups),
                    # channel offsets rr*n_ty are compile-time immediates
                    t_off = ty_u
                    for cc in range(TN):
                        b_at[cc] = p_off[cc]
                    for _i in range(rows):
                        for _j in range(kw):
                            for rr in range(TM):
                                a_reg[rr] = w_s[t_off + np.uint64(rr * n_ty)]
                            for cc in range(TN):
                                b_reg[cc] = x_s[b_at[cc]]
                                b_at[cc] += U1
                            for rr in range(TM):
                                for cc in range(TN):
                                    acc[rr * TN + cc] += a_reg[rr] * b_reg[cc]
                            t_off += w_pitch
                        for cc in range(TN):
                            b_at[cc] += row_skip
                    cuda.syncthreads()
            for rr in range(TM):
                m = m0 + ty + rr * n_ty
                if m < m_ch:
                    bias = zero
                    if epilogue != 0:
                        bias = b[m]
                    for cc in range(TN):
                        p = tx + cc * n_tx
                        py = p // tile_w
                        oy = oy0 + py
                        ox = ox0 + p - py * tile_w
                        if p < pixels and oy < ho and ox < wo:
                            v = acc[rr * TN + cc] + bias
                            k = ((n * m_ch + m) * ho + oy) * wo + ox
                            y[k] = v
                            if epilogue == 2:
                                r[k] = v if (v > zero or v != v) else zero  # NaN passes, as np.maximum

        return conv_forward

    @cuda.jit
    def conv_weight_grad(x, dy, part, c_in, h, wd, o_ch, ho, wo, kh, kw, pad_top, pad_left, total_cols, cols_per_split):
        # part[z, o, k] = sum over this split's columns of dY[o, col] * cols(X)[k, col],
        # k = (c, i, j) < c_in*kh*kw, plus k == c_in*kh*kw: a column of ones (the bias
        # gradient). col = (n, oy, ox) runs over every output pixel of the batch.
        a_s = cuda.shared.array(A_SIZE, nb)
        b_s = cuda.shared.array(B_SIZE, nb)
        acc = cuda.local.array(ACC, nb)
        a_reg = cuda.local.array(TM, nb)
        b_reg = cuda.local.array(TN, nb)
        x_off = cuda.local.array(LB, i32)
        di = cuda.local.array(LB, i32)
        dj = cuda.local.array(LB, i32)
        kind = cuda.local.array(LB, i32)
        tx = cuda.threadIdx.x
        ty = cuda.threadIdx.y
        tx_u = np.uint64(tx)
        ty_u = np.uint64(ty)
        t = ty * TX + tx
        kk = t % BK  # the column (within the slice) this thread stages
        row = t // BK  # ...and the first of its LA rows of A / LB columns of B
        m0 = cuda.blockIdx.y * BM
        n0 = cuda.blockIdx.x * BN
        taps = kh * kw
        k_w = c_in * taps
        n_cols = k_w + 1
        plane = ho * wo
        for l in range(LB):  # decompose this thread's B columns once: k -> (c, i, j)
            k = n0 + row + l * RS
            if k < k_w:
                c = k // taps
                rem = k - c * taps
                i = rem // kw
                j = rem - i * kw
                di[l] = i - pad_top
                dj[l] = j - pad_left
                x_off[l] = c * h * wd + (i - pad_top) * wd + j - pad_left
                kind[l] = 0
            elif k == k_w:
                kind[l] = 1
            else:
                kind[l] = 2
        for q in range(ACC):
            acc[q] = zero
        begin = cuda.blockIdx.z * cols_per_split
        end = min(total_cols, begin + cols_per_split)
        col = begin + kk  # decomposed once, then advanced by BK per slice
        n = col // plane
        rem = col - n * plane
        oy = rem // wo
        ox = rem - oy * wo
        for _ in range(begin, end, BK):
            live = col < end
            dy_base = n * o_ch * plane + oy * wo + ox
            for l in range(LA):
                mm = row + l * RS
                v = zero
                if live and m0 + mm < o_ch:
                    v = dy[dy_base + (m0 + mm) * plane]
                a_s[kk * PITCH_M + mm] = v
            x_base = n * c_in * h * wd + oy * wd + ox
            for l in range(LB):
                v = zero
                if live:
                    if kind[l] == 0:
                        iy = oy + di[l]
                        ix = ox + dj[l]
                        if iy >= 0 and iy < h and ix >= 0 and ix < wd:
                            v = x[x_base + x_off[l]]
                    elif kind[l] == 1:
                        v = one
                b_s[kk * PITCH_N + row + l * RS] = v
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
            col += BK
            ox += BK
            while ox >= wo:
                ox -= wo
                oy += 1
            while oy >= ho:
                oy -= ho
                n += 1
        z = cuda.blockIdx.z
        for rr in range(TM):
            m = m0 + ty + rr * TY
            if m < o_ch:
                for cc in range(TN):
                    k = n0 + tx + cc * TX
                    if k < n_cols:
                        part[(z * o_ch + m) * n_cols + k] = acc[rr * TN + cc]

    # two block shapes: 64 channels x 64 pixels, or 32 x 128 (32-channel layers)
    return {
        "conv_forward": make_conv(False, TX, TY),
        "conv_input_grad": make_conv(True, TX, TY),
        "conv_forward_narrow": make_conv(False, 2 * TX, TY // 2),
        "conv_input_grad_narrow": make_conv(True, 2 * TX, TY // 2),
        "conv_weight_grad": conv_weight_grad,
    }

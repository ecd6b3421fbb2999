"""The numba.cuda kernels of the ``cuda`` backend, and the arithmetic that sizes their launches.

numba has no cuBLAS and no cuDNN: every product below is hand-written. They
all follow one pattern, the register-blocked tiled GEMM of the CUDA
programming guide, so that one explanation covers them all:

* a block computes a BM x BN tile of the output with (BM/TM) x (BN/TN)
  threads; each thread keeps a TM x TN tile of accumulators in *registers*
  (a ``cuda.local.array`` whose every index is a compile-time constant after
  unrolling, so it never touches local memory);
* the reduction runs in stages: the block copies a slice of both operands
  into *shared memory* (each element read from global memory once per
  block), synchronises, and each thread does TM*TN multiply-adds for every
  TM+TN values it reads from shared memory;
* thread (ty, tx) owns rows ``ty + r*(BM/TM)`` and columns ``tx + c*(BN/TN)``
  (strided, not contiguous): the 16 threads of a half-warp then read 16
  consecutive shared-memory words, which lie in 16 different banks, and the
  operand row they share is a broadcast. Shared tiles that are *written*
  transposed get a row pitch of 2 (mod 32) words, so that 16 consecutive
  rows of two neighbouring columns also land in 32 different banks;
* no two threads ever write the same output element, and nothing uses
  atomics: a reduction too long for one block is split ("split-K") into
  partial tiles that a second kernel sums in a fixed order, so results are
  deterministic.

The layers map onto that pattern:

``conv_forward``  (also the input gradient, ``flip=True``)
    Direct convolution as an implicit GEMM: output channels x output pixels
    of one image, reduced over (input channel, kernel tap). A stage holds the
    weights of one input channel (a few kernel rows at a time for big kernels)
    and the input patch those pixels read, halo included; the inner loop is
    pure shared-memory loads and FMAs, with no division or modulo. The bias
    and a ReLU copy of the output are written in the same pass (the backend
    hands that copy to the ReLU layer that follows). The input gradient is
    the same kernel on the output gradient with the kernel flipped and its
    in/out channels swapped (a "full" correlation).
``conv_weight_grad``
    dW = dY x cols(X)^T, GEMM-shaped: output channels x (input channel, tap),
    reduced over every output pixel of the batch, split across blocks. A
    virtual column of ones yields the bias gradient in the same product. The
    decomposition of a column into (image, row, col) is done once per thread
    and then advanced incrementally: no division in the loop.
``gemm``  (dense layers)
    The textbook kernel, in three variants chosen at compile time
    (x W^T + b, dY^T x, dY W), with split-K when a product has few output
    tiles and a long reduction (dense-512 on 3136 inputs: 16 tiles).
``splitk_reduce``
    Sums the partial tiles in a fixed order and applies the epilogue (write
    dW and db into the flat gradient buffer, or add the bias and ReLU).

Everything else is elementwise (one thread per element) or a one-block
reduction (the loss, whose mean loss and correct count go straight into the
device stats buffer). Indices are 32-bit where the sizes allow: the backend
refuses arrays of 2**31 elements or more.

Tile sizes are compile-time constants (``KernelConfig``): shared arrays and
register tiles need them. The tests build a config with tiny tiles so that
numba's CUDA simulator (one Python thread per CUDA thread) stays fast and
tile borders are exercised.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from types import SimpleNamespace

import numpy as np

cuda = None
"""``numba.cuda``, imported on first use. Kernels must see it as a module global:
the simulator runs them with a fake ``cuda`` swapped into their globals."""

MAX_INDEX = 2 ** 31 - 1
"""Largest element count the kernels index with 32-bit arithmetic."""

# splitk_reduce epilogues
EPI_STORE = 0
"""out[m, n] = sum; with one extra (ones) column, that column goes to bias_out[m]."""
EPI_BIAS_RELU = 1
"""out[m, n] = sum + bias[n], relu_out[m, n] = max(out, 0)."""

# conv_forward epilogues
CONV_PLAIN = 0
CONV_BIAS = 1
CONV_BIAS_RELU = 2


@dataclass(frozen=True)
class KernelConfig:
    """Compile-time tile sizes (see the module docstring)."""

    tx: int = 16
    """Threads along the output columns / pixels of a GEMM tile."""
    ty: int = 16
    """Threads along the output rows / channels."""
    tm: int = 4
    """Register tile: output rows per thread."""
    tn: int = 4
    """Register tile: output columns per thread."""
    bk: int = 16
    """Reduction slice staged in shared memory per step of the GEMMs."""
    slab_taps: int = 64
    """Kernel taps (rows x kw) of one input channel staged per convolution stage (>= 15)."""
    patch: int = 1024
    """Shared-memory elements for a convolution's input patch (tile plus halo)."""
    reduce_threads: int = 128
    """Threads of the one-block loss reduction (a power of two)."""
    threads: int = 256
    """Threads per block of elementwise kernels."""
    split_min_k: int = 1024
    """Dense products split their reduction only when it is at least this long."""

    def __post_init__(self):
        t = self.tx * self.ty
        if self.reduce_threads & (self.reduce_threads - 1):
            raise ValueError("reduce_threads must be a power of two")
        if t % self.bk or (self.ty * self.tm) % (t // self.bk) or (self.tx * self.tn) % (t // self.bk):
            raise ValueError(f"tile config {self}: BK must divide the thread count and T/BK the tile sides")
        if t % (self.ty * self.tm) or t % (self.tx * self.tn) or self.bk % (t // (self.ty * self.tm)) \
                or self.bk % (t // (self.tx * self.tn)):
            raise ValueError(f"tile config {self}: the tile sides must divide the thread count")
        if self.ty % 2:
            raise ValueError("ty must be even (the narrow convolution block has ty/2 rows)")
        if self.slab_taps < 15:
            raise ValueError("slab_taps must hold one row of the largest kernel (15)")

    @property
    def bm(self) -> int:
        return self.ty * self.tm

    @property
    def bn(self) -> int:
        return self.tx * self.tn


PRODUCTION = KernelConfig()
SIMULATOR = KernelConfig(tx=2, ty=2, tm=2, tn=2, bk=4, slab_taps=16, patch=256, reduce_threads=8, threads=32,
                         split_min_k=8)
"""Under NUMBA_ENABLE_CUDASIM: tiles smaller than test images (borders, halos and split-K are
exercised) and blocks of 4 threads, so that the simulator (one Python thread per CUDA thread)
stays quick; production tiles would take minutes for one small step."""


# --- launch arithmetic (plain Python, also used by the tests) ----------------------------

@dataclass(frozen=True)
class ConvPlan:
    """How a convolution (forward or input gradient) is cut into blocks."""

    narrow: bool
    """Use the ``*_narrow`` kernel (half the channel rows, twice the pixel columns)."""
    block: tuple[int, int]
    """(threads along pixels, threads along channels)."""
    grid: tuple[int, int]
    """(images x spatial tiles, channel tiles)."""
    tile_h: int
    tile_w: int
    tiles_x: int
    tiles_per_image: int
    rows_per_stage: int
    pitch: int
    """Row pitch of the input patch in shared memory (chosen against bank conflicts)."""


def _bank_conflicts(tile_w: int, pitch: int, n_tx: int, tn: int) -> int:
    """Worst number of distinct words one shared-memory bank serves when a warp
    reads its pixels from the patch: the warp is 32 consecutive tx (narrow block),
    or 16 tx in two channel rows that read the same pixels (wide block)."""
    worst = 1
    group = min(32, n_tx)
    for c in range(tn):
        for start in range(0, n_tx, group):
            banks: dict[int, set] = {}
            for tx in range(start, start + group):
                p = tx + c * n_tx
                addr = (p // tile_w) * pitch + p % tile_w
                banks.setdefault(addr % 32, set()).add(addr)
            worst = max(worst, max(len(s) for s in banks.values()))
    return worst


@functools.lru_cache(maxsize=256)
def plan_conv(cfg: KernelConfig, images: int, channels_out: int, ho: int, wo: int, kh: int, kw: int) -> ConvPlan:
    """Block shape, spatial tile and patch pitch for ``conv_forward``.

    Up to half a tile of output channels (32 with the production config) take
    the narrow block (half the channel rows, twice the pixels); the spatial
    tile is the rectangle of at most BN pixels that wastes the fewest slots on
    this image size; the patch pitch is the smallest that keeps a warp's pixel
    reads free of bank conflicts.
    """
    narrow = channels_out <= (cfg.ty // 2) * cfg.tm
    n_tx, n_ty = (2 * cfg.tx, cfg.ty // 2) if narrow else (cfg.tx, cfg.ty)
    bn = n_tx * cfg.tn
    rows_per_stage = min(kh, cfg.slab_taps // kw)
    best = None
    for tile_w in range(1, min(wo, bn) + 1):
        tile_h = min(ho, bn // tile_w)
        patch_w = tile_w + kw - 1
        patch_h = tile_h + rows_per_stage - 1
        if patch_h * patch_w > cfg.patch:
            continue
        slots = -(-ho // tile_h) * -(-wo // tile_w)
        pitch = min(range(patch_w, patch_w + 32),
                    key=lambda p: (_bank_conflicts(tile_w, p, n_tx, cfg.tn), p))
        if patch_h * pitch > cfg.patch:
            pitch = patch_w
        key = (slots, -tile_w)
        if best is None or key < best[0]:
            best = (key, tile_h, tile_w, pitch)
    if best is None:
        raise ValueError(f"a {kh}x{kw} convolution does not fit the cuda backend's shared-memory patch")
    _, tile_h, tile_w, pitch = best
    tiles_x = -(-wo // tile_w)
    tiles_per_image = tiles_x * -(-ho // tile_h)
    grid = (images * tiles_per_image, -(-channels_out // (n_ty * cfg.tm)))
    return ConvPlan(narrow, (n_tx, n_ty), grid, tile_h, tile_w, tiles_x, tiles_per_image, rows_per_stage, pitch)


def plan_splits(tiles: int, reduction: int, bk: int, target_blocks: int, min_per_split: int) -> tuple[int, int]:
    """(splits, reduction length per split, a multiple of ``bk``) for a split-K product
    with ``tiles`` output tiles: at most ``target_blocks`` blocks in all (or one split),
    each split at least ``min_per_split`` long."""
    splits = max(1, min(target_blocks // max(tiles, 1), reduction // max(min_per_split, 1)))
    per_split = -(-reduction // splits)
    per_split = -(-per_split // bk) * bk
    return -(-reduction // per_split), per_split


# --- the kernels -------------------------------------------------------------------------

def _import_cuda():
    global cuda
    import numba  # noqa: F401  (numba.cuda needs numba)
    from numba import cuda as cuda_module

    cuda = cuda_module
    return cuda_module


@functools.lru_cache(maxsize=None)
def build_kernels(dtype_name: str, cfg: KernelConfig = PRODUCTION) -> SimpleNamespace:
    """Every kernel for one float dtype and one tile config (compiled on first launch)."""
    import numba

    cuda_module = _import_cuda()
    np_dtype = np.dtype(dtype_name)
    nb = numba.from_dtype(np_dtype)
    i32 = numba.int32
    f64 = numba.float64
    zero = np_dtype.type(0)
    one = np_dtype.type(1)
    inv255 = np.float32(1.0 / 255.0)
    TM, TN, BK = cfg.tm, cfg.tn, cfg.bk
    TX, TY = cfg.tx, cfg.ty
    T = TX * TY
    BM, BN = cfg.bm, cfg.bn
    ACC = TM * TN
    RS = T // BK          # threads that share one reduction index when staging k-fast
    LA = BM // RS         # A values each thread stages per slice (k-fast)
    LB = BN // RS         # B values each thread stages per slice (k-fast)
    MA = T // BM          # threads per column when staging m-fast
    NB_ = T // BN         # threads per row when staging n-fast
    PITCH_M = BM + 2      # pitches == 2 (mod 32): transposed stores are conflict-free
    PITCH_N = BN + 2
    KU = 4 if BK % 4 == 0 else 1  # unroll of the GEMM micro-kernel over the reduction slice
    A_SIZE, B_SIZE = BK * PITCH_M, BK * PITCH_N
    A_STEP = np.uint64(KU * PITCH_M)
    B_STEP = np.uint64(KU * PITCH_N)
    U0, U1 = np.uint64(0), np.uint64(1)
    u64 = numba.uint64
    SLAB = cfg.slab_taps
    PATCH = cfg.patch
    RT = cfg.reduce_threads
    # lowbias32 (base.hash32) in uint64 arithmetic, masked to 32 bits after each multiply
    m32, h1, h2 = np.uint64(0xFFFFFFFF), np.uint64(0x7FEB352D), np.uint64(0x846CA68B)
    s15, s16 = np.uint64(15), np.uint64(16)

    def make_conv(flip: bool, n_tx: int, n_ty: int):
        bm = n_ty * TM
        pitch_w = bm + 2           # == 2 (mod 32): staging 16 taps x 2 channels hits 32 banks
        w_pitch = np.uint64(pitch_w)
        w_size = SLAB * pitch_w

        @cuda.jit
        def conv_forward(x, w, b, y, r, m_ch, s_ch, h, wd, ho, wo, kh, kw, pad_top, pad_left,
                         tile_h, tile_w, tiles_x, tiles_per_image, rows_per_stage, pitch, epilogue):
            # y[n, m, oy, ox] = sum_{s,i,j} x[n, s, oy+i-pad_top, ox+j-pad_left] * W[m, s, i, j]
            # with W = w, or for flip (input gradient) W[m, s, i, j] = w[s, m, kh-1-i, kw-1-j].
            # All arrays are flat (C order); block = pixels of one spatial tile x bm channels.
            w_s = cuda.shared.array(w_size, nb)      # [tap][channel], row pitch pitch_w
            x_s = cuda.shared.array(PATCH, nb)               # input patch, row pitch `pitch`
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
                    for i in range(rows):
                        for j in range(kw):
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
    def conv_weight_grad(x, dy, part, c_in, h, wd, o_ch, ho, wo, kh, kw, pad_top, pad_left,
                         total_cols, cols_per_split):
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
        kk = t % BK           # the column (within the slice) this thread stages
        row = t // BK         # ...and the first of its LA rows of A / LB columns of B
        m0 = cuda.blockIdx.y * BM
        n0 = cuda.blockIdx.x * BN
        taps = kh * kw
        k_w = c_in * taps
        n_cols = k_w + 1
        plane = ho * wo
        for l in range(LB):   # decompose this thread's B columns once: k -> (c, i, j)
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
        col = begin + kk      # decomposed once, then advanced by BK per slice
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
                if argmax[k] == (iy % 2) * 2 + ix % 2:
                    v = dy[k]
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
            dx[i] = dy[i] if y[i] > zero else zero

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

    # --- loss -----------------------------------------------------------------------------
    @cuda.jit
    def softmax_cross_entropy(logits, labels, n_as_float, dlogits, stats, slot):
        # One block: threads stride over the rows, then reduce the loss and the
        # correct count in shared memory (float64: a few hundred values); thread 0
        # writes (mean loss, correct) into stats[slot] -- no host copy.
        n_rows, n_cls = logits.shape
        loss_part = cuda.shared.array(RT, f64)
        hit_part = cuda.shared.array(RT, f64)
        tid = cuda.threadIdx.x
        loss_acc = 0.0
        hits = 0.0
        for r in range(tid, n_rows, RT):
            label = labels[r]
            top = logits[r, 0]
            top_k = 0
            for j in range(1, n_cls):
                v = logits[r, j]
                if v > top:
                    top = v
                    top_k = j
            total = zero
            for j in range(n_cls):
                total += math.exp(logits[r, j] - top)
            log_total = math.log(total)
            loss_acc -= logits[r, label] - top - log_total
            if top_k == label:
                hits += 1.0
            for j in range(n_cls):
                p = math.exp(logits[r, j] - top - log_total)
                if j == label:
                    p -= one
                dlogits[r, j] = p / n_as_float
        loss_part[tid] = loss_acc
        hit_part[tid] = hits
        cuda.syncthreads()
        stride = RT // 2
        while stride > 0:
            if tid < stride:
                loss_part[tid] += loss_part[tid + stride]
                hit_part[tid] += hit_part[tid + stride]
            cuda.syncthreads()
            stride //= 2
        if tid == 0:
            stats[2 * slot] = loss_part[0] / n_rows
            stats[2 * slot + 1] = hit_part[0]

    @cuda.jit
    def softmax_rows(logits, probs):
        r = cuda.grid(1)
        n_rows, n_cls = logits.shape
        if r < n_rows:
            top = logits[r, 0]
            for j in range(1, n_cls):
                top = max(top, logits[r, j])
            total = zero
            for j in range(n_cls):
                total += math.exp(logits[r, j] - top)
            log_total = math.log(total)
            for j in range(n_cls):
                probs[r, j] = math.exp(logits[r, j] - top - log_total)

    # --- optimizers: one launch over the flat parameter buffer ------------------------------
    @cuda.jit
    def sgd(param, grad, lr):
        i = cuda.grid(1)
        if i < param.size:
            param[i] -= lr * grad[i]

    @cuda.jit
    def sgd_momentum(param, grad, velocity, lr, momentum):
        i = cuda.grid(1)
        if i < param.size:
            v = velocity[i] * momentum + grad[i]
            velocity[i] = v
            param[i] -= lr * v

    @cuda.jit
    def adam(param, grad, m, v, beta1, one_minus_beta1, beta2, one_minus_beta2, step, eps):
        i = cuda.grid(1)
        if i < param.size:
            g = grad[i]
            mi = m[i] * beta1 + one_minus_beta1 * g
            vi = v[i] * beta2 + one_minus_beta2 * g * g
            m[i] = mi
            v[i] = vi
            param[i] -= step * mi / (math.sqrt(vi) + eps)

    # the conv kernels in two block shapes: 64 channels x 64 pixels, or 32 x 128 (32-channel layers)
    conv_forward = make_conv(False, TX, TY)
    conv_input_grad = make_conv(True, TX, TY)
    conv_forward_narrow = make_conv(False, 2 * TX, TY // 2)
    conv_input_grad_narrow = make_conv(True, 2 * TX, TY // 2)
    gemm_xwt = make_gemm(False, True)    # dense forward: x W^T (+ b, ReLU copy)
    gemm_dyt_x = make_gemm(True, False)  # dense weight gradient: dY^T x (+ ones column: db)
    gemm_dy_w = make_gemm(False, False)  # dense input gradient: dY W
    names = ["conv_forward", "conv_input_grad", "conv_forward_narrow", "conv_input_grad_narrow", "conv_weight_grad", "gemm_xwt", "gemm_dyt_x", "gemm_dy_w",
             "splitk_reduce", "maxpool_forward", "maxpool_backward", "fill_zero", "relu_forward", "relu_backward",
             "dropout_apply", "gather_batch", "softmax_cross_entropy", "softmax_rows", "sgd", "sgd_momentum", "adam"]
    del cuda_module
    scope = locals()
    return SimpleNamespace(**{name: scope[name] for name in names})


KERNEL_NAMES = ("conv_forward", "conv_input_grad", "conv_forward_narrow", "conv_input_grad_narrow", "conv_weight_grad", "gemm_xwt", "gemm_dyt_x", "gemm_dy_w",
                "splitk_reduce", "maxpool_forward", "maxpool_backward", "fill_zero", "relu_forward", "relu_backward",
                "dropout_apply", "gather_batch", "softmax_cross_entropy", "softmax_rows", "sgd", "sgd_momentum", "adam")
"""Every kernel ``build_kernels`` returns (the PTX test compiles each of them)."""

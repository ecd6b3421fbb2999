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

This module holds the tile config, the launch arithmetic and ``build_kernels``,
which compiles every kernel for one dtype and config from the builders of each
family: ``conv_kernels`` (the convolutions), ``gemm_kernels``
(the dense GEMMs and ``splitk_reduce``), ``elementwise_kernels``
(pooling, ReLU, dropout, zero fill, batch gather) and
``loss_optimizer_kernels`` (the loss, softmax and the optimizers).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from types import SimpleNamespace

import numpy as np

from . import conv_kernels, elementwise_kernels, gemm_kernels, loss_optimizer_kernels
from .conv_kernels import build_conv_kernels
from .elementwise_kernels import build_elementwise_kernels
from .gemm_kernels import build_gemm_kernels
from .loss_optimizer_kernels import build_loss_optimizer_kernels

MAX_INDEX = 2**31 - 1
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
        if (
            t % (self.ty * self.tm)
            or t % (self.tx * self.tn)
            or self.bk % (t // (self.ty * self.tm))
            or self.bk % (t // (self.tx * self.tn))
        ):
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
SIMULATOR = KernelConfig(
    tx=2, ty=2, tm=2, tn=2, bk=4, slab_taps=16, patch=256, reduce_threads=8, threads=32, split_min_k=8
)
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
        pitch = min(range(patch_w, patch_w + 32), key=lambda p: (_bank_conflicts(tile_w, p, n_tx, cfg.tn), p))
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

KERNEL_NAMES = (
    "conv_forward",
    "conv_input_grad",
    "conv_forward_narrow",
    "conv_input_grad_narrow",
    "conv_weight_grad",
    "gemm_xwt",
    "gemm_dyt_x",
    "gemm_dy_w",
    "splitk_reduce",
    "maxpool_forward",
    "maxpool_backward",
    "fill_zero",
    "relu_forward",
    "relu_backward",
    "dropout_apply",
    "gather_batch",
    "softmax_cross_entropy",
    "softmax_rows",
    "sgd",
    "sgd_momentum",
    "adam",
)
"""Every kernel ``build_kernels`` returns (the PTX test compiles each of them)."""


def bind_cuda() -> None:
    """Give the kernel families' modules ``numba.cuda`` as their module global ``cuda``, the one place it is set.

    Imported only here, when kernels are first built (not when the backend's modules load: discovery
    must not import it). A global, not a closure variable: the CUDA simulator runs a kernel with its
    fake ``cuda`` swapped into the kernel function's globals."""
    from numba import cuda as cuda_module

    for module in (conv_kernels, gemm_kernels, elementwise_kernels, loss_optimizer_kernels):
        module.cuda = cuda_module


@functools.cache
def build_kernels(dtype_name: str, cfg: KernelConfig = PRODUCTION) -> SimpleNamespace:
    """Every kernel for one float dtype and one tile config (compiled on first launch)."""
    bind_cuda()
    np_dtype = np.dtype(dtype_name)
    kernels = {}
    for build in (build_conv_kernels, build_gemm_kernels, build_elementwise_kernels, build_loss_optimizer_kernels):
        kernels.update(build(np_dtype, cfg))
    return SimpleNamespace(**{name: kernels[name] for name in KERNEL_NAMES})

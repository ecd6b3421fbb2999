"""The ``cuda`` backend: hand-written numba.cuda kernels (kernels.py), driven from here.

A training step stays on the GPU: the data set is uploaded once
(``upload_dataset``) and each batch is gathered on the device from its int32
indices, the only bytes that cross to the GPU per step (staged through a ring
of pinned buffers, so the copy does not stall the host); the loss and the
correct count go into a device stats buffer that the trainer reads every few
steps; parameter gradients are written straight into the model's flat
gradient buffer and the optimizer updates the flat parameter buffer in one
launch.

Inside ``workspace()`` every temporary comes from an arena that hands out the
previous step's buffers (``device.CudaDevice``): after the first step a step
allocates nothing; ``warm_up`` runs the one warm-up step of ``warm_up.py``.

Launches, allocations and copies are counted in ``device.CudaDevice``, the
class the backend's ops run on (``device_counters()``); every allocation,
copy and event goes through ``self.cuda`` so an outside observer can count
them too.

Fusions: a convolution and a dense layer write their output *and* its ReLU in
one pass; the ReLU layer that comes next takes that copy without a launch
(``relu_forward`` checks that its input is the array the previous launch
produced). The loss kernel computes the gradient of the logits in the same
pass. Dropout masks are hashed on the device (``base.dropout_keep_mask``)
and recomputed in the backward pass instead of being stored.

Under ``NUMBA_ENABLE_CUDASIM=1`` the same kernels run on numba's CUDA
simulator, which is how they are tested without a GPU (``tests/cuda``).
"""

from __future__ import annotations

import time

import numpy as np

from ..base import (
    BackendUnavailable,
    DeviceDataset,
    Padding,
    adam_step_size,
    checked_dataset,
    checked_indices,
    checked_slot,
    conv_output_size,
    dropout_threshold,
    hash32,
    pool_output_size,
)
from ..warm_up import exercise_every_op
from . import discovery as discovery
from . import kernels as kern
from . import memory as memory
from .device import CudaDevice
from .kernels import PRODUCTION, KernelConfig

MAX_KERNEL = 15
"""Largest convolution kernel side (the spec parser allows 1..15)."""


def _cdiv(a: int, b: int) -> int:
    return -(-a // b)


class NumbaCudaBackend(CudaDevice):
    """The Backend protocol on numba.cuda device arrays (see ``base.Backend``), on :class:`.device.CudaDevice`."""

    name = "cuda"
    is_gpu = True
    needs_warmup = True

    # --- convolution ----------------------------------------------------------------------
    def conv2d_forward(self, x, w, b, padding: Padding):
        x, w, b = self._device(x), self._device(w), self._device(b)
        n, c, h, wd = x.shape
        o, c_w, kh, kw = w.shape
        if c_w != c:
            raise ValueError(f"conv2d: input has {c} channels but the weights expect {c_w}")
        if kh > MAX_KERNEL or kw > MAX_KERNEL:
            raise ValueError(f"conv2d: kernel {kh}x{kw} exceeds the cuda backend's {MAX_KERNEL}x{MAX_KERNEL}")
        top, _, left, _ = padding
        ho, wo = conv_output_size(h, wd, kh, kw, padding)
        y = self._empty((n, o, ho, wo), x.dtype)
        relu = self._empty((n, o, ho, wo), x.dtype)
        self._conv(False, x, w, b, y, relu, o, c, h, wd, ho, wo, kh, kw, top, left, kern.CONV_BIAS_RELU)
        self._pending_relu = (y, relu)
        return y, (x, w, tuple(padding))

    def _conv(self, flip: bool, x, w, b, y, relu, m_ch, s_ch, h, wd, ho, wo, kh, kw, top, left, epilogue):
        if not y.size:
            return
        plan = kern.plan_conv(self.config, int(x.shape[0]), m_ch, ho, wo, kh, kw)
        k = self.kernels(y.dtype)
        kernel = (
            (k.conv_input_grad_narrow if plan.narrow else k.conv_input_grad)
            if flip
            else (k.conv_forward_narrow if plan.narrow else k.conv_forward)
        )
        self._launch(
            kernel,
            plan.grid,
            plan.block,
            self._flat(x),
            self._flat(w),
            self._flat(b),
            self._flat(y),
            self._flat(relu),
            m_ch,
            s_ch,
            h,
            wd,
            ho,
            wo,
            kh,
            kw,
            top,
            left,
            plan.tile_h,
            plan.tile_w,
            plan.tiles_x,
            plan.tiles_per_image,
            plan.rows_per_stage,
            plan.pitch,
            epilogue,
        )

    def conv2d_backward(self, dy, cache, need_dx: bool = True, dw=None, db=None):
        x, w, padding = cache
        dy = self._device(dy)
        k = self.kernels(dy.dtype)
        cfg = self.config
        top, _, left, _ = padding
        n, c, h, wd = x.shape
        o, _, kh, kw = w.shape
        ho, wo = dy.shape[2], dy.shape[3]
        dw = self._grad_out(dw, w.shape, w.dtype, "conv2d_backward dw")
        db = self._grad_out(db, (o,), w.dtype, "conv2d_backward db")
        # dW (and db, the ones column) = dY x cols(X)^T, split over the batch's pixels.
        n_cols = c * kh * kw + 1
        tiles = (_cdiv(n_cols, cfg.bn), _cdiv(o, cfg.bm))
        total = n * ho * wo
        splits, per_split = kern.plan_splits(
            tiles[0] * tiles[1], max(total, 1), cfg.bk, self._target_blocks, 4 * cfg.bk
        )
        part = self._empty((splits * o * n_cols,), dy.dtype)
        self._launch(
            k.conv_weight_grad,
            (tiles[0], tiles[1], splits),
            (cfg.tx, cfg.ty),
            self._flat(x),
            self._flat(dy),
            part,
            c,
            h,
            wd,
            o,
            ho,
            wo,
            kh,
            kw,
            top,
            left,
            total,
            per_split,
        )
        self._launch_flat(
            k.splitk_reduce,
            o * n_cols,
            part,
            splits,
            o,
            n_cols,
            n_cols - 1,
            self._flat(dw),
            self._flat(db),
            self._dummy(dy.dtype),
            kern.EPI_STORE,
        )
        dx = None
        if need_dx:
            # The input gradient: the same convolution kernel on dY, kernel flipped, channels swapped.
            dx = self._empty(x.shape, dy.dtype)
            dummy = self._dummy(dy.dtype)
            self._conv(
                True, dy, w, dummy, dx, dummy, c, o, ho, wo, h, wd, kh, kw, kh - 1 - top, kw - 1 - left, kern.CONV_PLAIN
            )
        return dx, dw, db

    # --- 2x2 max pooling --------------------------------------------------------------------
    def maxpool2x2_forward(self, x):
        x = self._device(x)
        n, c, h, w = x.shape
        h2, w2 = pool_output_size(h, w)
        y = self._empty((n, c, h2, w2), x.dtype)
        argmax = self._empty((n, c, h2, w2), np.int8)
        self._launch_flat(
            self.kernels(x.dtype).maxpool_forward,
            y.size,
            self._flat(x),
            self._flat(y),
            self._flat(argmax),
            h,
            w,
            h2,
            w2,
        )
        return y, (argmax, tuple(x.shape))

    def maxpool2x2_backward(self, dy, cache):
        argmax, x_shape = cache
        dy = self._device(dy)
        dx = self._empty(x_shape, dy.dtype)
        h, w = x_shape[2], x_shape[3]
        self._launch_flat(
            self.kernels(dy.dtype).maxpool_backward,
            dx.size,
            self._flat(dy),
            self._flat(argmax),
            self._flat(dx),
            h,
            w,
            dy.shape[2],
            dy.shape[3],
        )
        return dx

    # --- elementwise --------------------------------------------------------------------------
    def relu_forward(self, x):
        pending = self._pending_relu
        if pending is not None and pending[0] is x:
            # The layer before wrote relu(x) in the same pass: nothing to launch.
            self._pending_relu = None
            return pending[1], pending[1]
        x = self._device(x)
        y = self._empty(x.shape, x.dtype)
        self._launch_flat(self.kernels(x.dtype).relu_forward, x.size, self._flat(x), self._flat(y))
        return y, y

    def relu_backward(self, dy, cache):
        dy = self._device(dy)
        dx = self._empty(dy.shape, dy.dtype)
        self._launch_flat(
            self.kernels(dy.dtype).relu_backward, dy.size, self._flat(dy), self._flat(cache), self._flat(dx)
        )
        return dx

    def dropout_forward(self, x, rate: float, key: int):
        x = self._device(x)
        mixed = np.uint64(hash32(np.uint32(key & 0xFFFFFFFF))[0])
        cache = (mixed, np.uint64(dropout_threshold(rate)), np.dtype(x.dtype).type(1.0 / (1.0 - rate)), tuple(x.shape))
        return self._dropout(x, cache), cache

    def dropout_backward(self, dy, cache):
        dy = self._device(dy)
        if tuple(dy.shape) != cache[3]:
            raise ValueError(f"dropout_backward: gradient shape {tuple(dy.shape)}, forward had {cache[3]}")
        return self._dropout(dy, cache)

    def _dropout(self, a, cache):
        mixed, threshold, scale, _ = cache
        out = self._empty(a.shape, a.dtype)
        self._launch_flat(
            self.kernels(a.dtype).dropout_apply,
            a.size,
            self._flat(a),
            self._flat(out),
            mixed,
            threshold,
            np.dtype(a.dtype).type(scale),
        )
        return out

    # --- dense ---------------------------------------------------------------------------------
    def _gemm(self, kernel, a, b, out, bias, relu_out, m: int, n: int, k: int, ones_col: int, epilogue: int):
        """out = A B (see the gemm kernel), split over k when the product has few tiles."""
        cfg = self.config
        dtype = out.dtype
        n_all = n + ones_col
        tiles = (_cdiv(n_all, cfg.bn), _cdiv(m, cfg.bm))
        splits, per_split = 1, max(k, 1)
        if k >= cfg.split_min_k and 2 * tiles[0] * tiles[1] < self._target_blocks:
            splits, per_split = kern.plan_splits(
                tiles[0] * tiles[1], k, cfg.bk, self._target_blocks, max(cfg.bk, cfg.split_min_k // 4)
            )
        part = self._empty((splits * m * n_all,), dtype) if splits > 1 else self._dummy(dtype)
        self._launch(
            kernel,
            (tiles[0], tiles[1], splits),
            (cfg.tx, cfg.ty),
            self._flat(a),
            self._flat(b),
            self._flat(out),
            bias,
            relu_out,
            part,
            m,
            n,
            k,
            per_split,
            ones_col,
            epilogue,
        )
        if splits > 1:
            self._launch_flat(
                self.kernels(dtype).splitk_reduce,
                m * n_all,
                part,
                splits,
                m,
                n_all,
                n,
                self._flat(out),
                bias,
                relu_out,
                epilogue,
            )

    def dense_forward(self, x, w, b):
        x, w, b = self._device(x), self._device(w), self._device(b)
        if x.shape[1] != w.shape[1]:
            raise ValueError(f"dense: input has {x.shape[1]} features but the weights expect {w.shape[1]}")
        m, f = x.shape
        u = w.shape[0]
        y = self._empty((m, u), x.dtype)
        relu = self._empty((m, u), x.dtype)
        self._gemm(
            self.kernels(x.dtype).gemm_xwt, x, w, y, self._flat(b), self._flat(relu), m, u, f, 0, kern.EPI_BIAS_RELU
        )
        self._pending_relu = (y, relu)
        return y, (x, w)

    def dense_backward(self, dy, cache, need_dx: bool = True, dw=None, db=None):
        x, w = cache
        dy = self._device(dy)
        k = self.kernels(dy.dtype)
        m, u = dy.shape
        f = x.shape[1]
        dw = self._grad_out(dw, w.shape, w.dtype, "dense_backward dw")
        db = self._grad_out(db, (u,), w.dtype, "dense_backward db")
        dummy = self._dummy(dy.dtype)
        # dW = dY^T x with a column of ones: db = dY^T 1 in the same product
        self._gemm(k.gemm_dyt_x, dy, x, dw, self._flat(db), dummy, u, f, m, 1, kern.EPI_STORE)
        dx = None
        if need_dx:
            dx = self._empty((m, f), dy.dtype)
            self._gemm(k.gemm_dy_w, dy, w, dx, dummy, dummy, m, f, u, 0, kern.EPI_STORE)
        return dx, dw, db

    # --- training data on the device --------------------------------------------------------------
    def upload_dataset(self, images: np.ndarray, labels: np.ndarray) -> DeviceDataset:
        images, labels = checked_dataset(images, labels)
        if images.size > kern.MAX_INDEX:
            raise ValueError("upload_dataset: too many pixels for the cuda backend's 32-bit indexing")
        return DeviceDataset(self._upload(images), self._upload(labels), len(images), images.shape[1], images.shape[2])

    def gather_batch(self, data: DeviceDataset, indices: np.ndarray, dtype):
        indices = checked_indices(indices, data.count)
        index = self._upload_indices(indices)
        plane = data.height * data.width
        x = self._empty((len(indices), 1, data.height, data.width), dtype)
        y = self._empty((len(indices),), np.int32)
        self._launch_flat(
            self.kernels(dtype).gather_batch,
            x.size,
            data.images.reshape(data.images.size),
            data.labels,
            index,
            self._flat(x),
            y,
            plane,
        )
        return x, y

    # --- loss ---------------------------------------------------------------------------------------
    def _loss(self, logits, labels, stats, slot: int):
        logits = self._device(logits)
        labels = self._device(labels)
        n = logits.shape[0]
        if tuple(labels.shape) != (n,):
            raise ValueError(f"softmax_cross_entropy: {labels.shape[0]} labels for {n} rows of logits")
        dlogits = self._empty(logits.shape, logits.dtype)
        self._launch(
            self.kernels(logits.dtype).softmax_cross_entropy,
            1,
            self.config.reduce_threads,
            logits,
            labels,
            np.dtype(logits.dtype).type(n),
            dlogits,
            self._flat(stats),
            slot,
        )
        return dlogits

    def softmax_cross_entropy(self, logits, labels):
        stats = self._empty((1, 2), np.float64)
        dlogits = self._loss(logits, labels, stats, 0)
        loss, correct = self.to_host(stats)[0]
        return float(loss), int(correct), dlogits

    def new_step_stats(self, slots: int):
        stats = self._new((int(slots), 2), np.float64)
        self._launch_flat(self.kernels(np.float64).fill_zero, stats.size, self._flat(stats))
        return stats

    def softmax_cross_entropy_into(self, logits, labels, stats, slot: int):
        return self._loss(logits, labels, stats, checked_slot(slot, stats.shape[0]))

    def read_step_stats(self, stats, count: int) -> np.ndarray:
        if count <= 0:
            return np.zeros((0, 2), np.float64)
        return np.array(self.to_host(stats[:count]), dtype=np.float64, copy=True)

    def softmax(self, logits):
        logits = self._device(logits)
        probs = self._empty(logits.shape, logits.dtype)
        self._launch_flat(self.kernels(logits.dtype).softmax_rows, logits.shape[0], logits, probs)
        return probs

    # --- optimizers: one launch over the (flat) parameters -------------------------------------------
    def sgd_step(self, param, grad, velocity, lr: float, momentum: float) -> None:
        k = self.kernels(param.dtype)
        cast = np.dtype(param.dtype).type
        if velocity is None:
            self._launch_flat(k.sgd, param.size, self._flat(param), self._flat(grad), cast(lr))
        else:
            self._launch_flat(
                k.sgd_momentum,
                param.size,
                self._flat(param),
                self._flat(grad),
                self._flat(velocity),
                cast(lr),
                cast(momentum),
            )

    def adam_step(self, param, grad, m, v, lr, beta1, beta2, eps, t) -> None:
        cast = np.dtype(param.dtype).type
        step = adam_step_size(lr, beta1, beta2, t)  # both bias corrections folded in, as the reference
        self._launch_flat(
            self.kernels(param.dtype).adam,
            param.size,
            self._flat(param),
            self._flat(grad),
            self._flat(m),
            self._flat(v),
            cast(beta1),
            cast(1 - beta1),
            cast(beta2),
            cast(1 - beta2),
            cast(step),
            cast(eps),
        )

    # --- compile before timing -------------------------------------------------------------------------
    def warm_up(self, dtype=np.float32) -> float:
        """Compile and launch every kernel for ``dtype`` on tiny shapes (through the same
        methods, hence the same argument types, as training); returns the seconds it took."""
        start = time.perf_counter()
        exercise_every_op(self, dtype)
        return time.perf_counter() - start


def create(config: KernelConfig | None = None) -> NumbaCudaBackend:
    """Open the backend, or raise BackendUnavailable with the reason it cannot run here.
    ``config``: tile sizes (default: PRODUCTION on a GPU, SIMULATOR under the CUDA simulator)."""
    cuda, simulator, driver_version = discovery.open_cuda()
    if config is None:
        config = kern.SIMULATOR if simulator else PRODUCTION
    backend = NumbaCudaBackend(cuda, simulator, config)
    discovery.silence_occupancy_warnings()
    # Compile and run one small kernel now, so a missing compiler library or a
    # driver too old for the generated code is a reason here, not a crash mid-training.
    try:
        probe = backend.zeros_like(backend.from_host(np.ones(4, np.float32)))
        if backend.to_host(probe).any():
            raise RuntimeError("a zero-fill kernel left non-zero values")
    except BackendUnavailable:
        raise
    except Exception as exc:
        raise BackendUnavailable(discovery.explain_smoke_failure(exc, driver_version)) from exc
    return backend

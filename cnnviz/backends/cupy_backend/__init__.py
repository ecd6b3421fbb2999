"""CuPy backend: the NumPy reference's layers as a few fused CUDA kernels plus cuBLAS.

At MNIST sizes a training step is bound by the host: every kernel launch costs
the Python interpreter several microseconds, while the GPU finishes most of
them in less. So each operation of the protocol (``base.Backend``) is the
fewest launches that express it, written once in CUDA C
(``cupy_kernels.py``, compiled by NVRTC into one module per dtype):

=====================  =============================================================
operation              launches
=====================  =============================================================
gather_batch           1 kernel (uint8 -> float, labels; only the B indices cross)
conv forward           im2col kernel + cuBLAS GEMM + (transpose to NCHW + bias) kernel
conv backward          (transpose dy + bias gradient) kernel + GEMM for dW
                       [+ GEMM for the columns' gradient + col2im gather kernel]
max-pool fwd / bwd     1 kernel each (the backward is a gather through the argmax)
ReLU fwd / bwd         1 kernel each
dense forward          GEMM + bias kernel
dense backward         GEMM for dW + column-sum kernel for db [+ GEMM for dx]
dropout fwd / bwd      1 kernel each (the hashed mask is made in the kernel)
loss                   1 kernel: softmax, cross-entropy, argmax accuracy and
                       d(loss)/d(logits); (loss, correct) go into the device stats
optimizer              1 kernel over the model's flat parameter buffer
=====================  =============================================================

The seed network (conv5-32, relu, pool, conv5-64, relu, pool, dense-512,
relu, dense-10) thus costs 35 launches per training step by construction:
gather 1, forward 15, loss 1, backward 17 (conv1 needs no input gradient),
optimizer 1 (``launches_per_step`` computes it for any network; a test
counts the real ones independently).

Parameter gradients are written straight into the views of the model's flat
gradient buffer that the layers pass (the GEMM writes dW in place; the
reduction kernel writes db). GEMMs are ``cupy.matmul`` of 2-D operands that
are C- or F-contiguous (transposes are views), which CuPy turns into exactly
one cuBLAS call and no copy. TF32 stays off (CuPy's default), so float32
GEMMs are IEEE float32 as on the CPU.

``device_counters()`` counts, since the backend was opened:

* ``kernel_launches``: every launch issued by this backend, counted where it
  is issued (``_launch`` for our kernels, ``_gemm`` for each cuBLAS call,
  ``_zeros`` for a memset, ``_copy`` for a CuPy copy/cast). A cuBLAS call
  counts as one even when cuBLAS runs it as two GPU kernels (split-K);
* ``allocations``: device memory blocks obtained from the CUDA driver
  (``cudaMalloc``). CuPy serves arrays from a memory pool; cnnviz installs a
  pool whose driver allocator counts (``counting_pool``), so an array served
  from memory the pool already holds is *not* an allocation. After the first
  step of a given shape a step obtains nothing new;
* ``host_to_device_bytes`` / ``device_to_host_bytes``: bytes copied by
  ``from_host`` / ``to_host`` (and so ``gather_batch``'s indices,
  ``read_step_stats``).

Per-layer timings are CUDA events recorded between layers (``mark``).
"""

from __future__ import annotations

import time

import numpy as np

from .._xp import ArrayBackend
from ..base import (
    COUNTER_NAMES,
    BackendUnavailable,
    DeviceDataset,
    Padding,
    adam_step_size,
    checked_gradient_buffer,
    checked_indices,
    checked_slot,
    conv_output_size,
    dropout_threshold,
    hash32,
    pool_output_size,
)
from ..warm_up import exercise_every_op
from . import discovery as discovery
from . import kernels as cupy_kernels
from .counting_pool import install_counting_pool

__all__ = ["CupyBackend", "create", "launches_per_step"]

_INV_255 = np.float32(1.0 / 255.0)
_FLOATS = (np.dtype(np.float32), np.dtype(np.float64))


def launches_per_step(layers) -> int:
    """Launches of one training step on this backend, by construction.

    ``layers``: objects with a ``kind`` (``Layer.kind``: conv, relu, pool, flatten,
    dense, dropout) and, for dropout, a ``rate``. The backward stops at the first
    layer with parameters that needs no input gradient, as ``Sequential.backward``.
    """
    forward = {"conv": 3, "relu": 1, "pool": 1, "flatten": 0, "dense": 2, "dropout": 1}
    backward = {"conv": 4, "relu": 1, "pool": 1, "flatten": 0, "dense": 3, "dropout": 1}
    backward_no_dx = {"conv": 2, "dense": 2}
    active = [layer for layer in layers if not (layer.kind == "dropout" and layer.rate == 0.0)]
    total = 3  # gather_batch, loss, optimizer
    total += sum(forward[layer.kind] for layer in active)
    for index in range(len(active) - 1, -1, -1):
        kind = active[index].kind
        if kind in backward_no_dx and not any(l.kind in backward_no_dx for l in active[:index]):
            total += backward_no_dx[kind]
            break
        total += backward[kind]
    return total


class CupyBackend(ArrayBackend):
    name = "cupy"
    is_gpu = True
    needs_warmup = True

    def __init__(self, cupy):
        super().__init__(cupy)
        self._ndarray = cupy.ndarray
        self._modules: dict[str, object] = {}
        self._functions: dict[tuple[str, str], object] = {}
        self._counts = dict.fromkeys(COUNTER_NAMES, 0)
        self._driver_allocations = install_counting_pool(cupy)
        self._allocations_at_open = self._driver_allocations.count
        self._loss_stat = None
        self._description: str | None = None

    def describe(self) -> str:
        if self._description is None:
            self._description = discovery.describe_device(self.xp)
        return self._description

    # --- kernels ------------------------------------------------------------------------
    def _function(self, dtype_name: str, function: str):
        key = (dtype_name, function)
        kernel = self._functions.get(key)
        if kernel is None:
            module = self._modules.get(dtype_name)
            if module is None:
                module = self.xp.RawModule(code=cupy_kernels.source(dtype_name), options=cupy_kernels.NVRTC_OPTIONS)
                self._modules[dtype_name] = module
            kernel = self._functions[key] = module.get_function(function)
        return kernel

    def _launch(
        self, name: str, dtype, total: int, args: tuple, block: int | None = None, grid: int | None = None
    ) -> None:
        """The one place a kernel of ours is launched (and counted).

        ``args`` follow the kernel's C parameters: device arrays (C-contiguous), NumPy
        scalars for typed scalars, and Python ints for the index-typed sizes, which
        become uint32 or uint64 here with the kernel variant of that width.
        """
        span = total
        for a in args:
            if isinstance(a, self._ndarray) and a.size > span:
                span = a.size
        wide = span >= cupy_kernels.INDEX_LIMIT_32
        index = np.uint64 if wide else np.uint32
        kernel = self._function(np.dtype(dtype).name, f"{name}_{'u64' if wide else 'u32'}")
        args = tuple(index(a) if type(a) is int else a for a in args)
        if block is None:
            block = cupy_kernels.BLOCKS[name]
        if grid is None:
            grid = max(1, min(-(-total // block), cupy_kernels.MAX_GRID))
        self._counts["kernel_launches"] += 1
        kernel((grid,), (block,), args)

    def _gemm(self, a, b, out=None):
        """``a @ b`` as one cuBLAS call (2-D operands, each C- or F-contiguous; ``out`` C-contiguous)."""
        self._counts["kernel_launches"] += 1
        return self.xp.matmul(a, b, out=out)

    def _zeros(self, shape, dtype):
        self._counts["kernel_launches"] += 1  # one memset
        return self.xp.zeros(shape, dtype)

    def _empty(self, shape, dtype):
        return self.xp.empty(shape, dtype)

    def _copy(self, a, dtype=None):
        """A C-contiguous array of ``dtype`` with ``a``'s values (one CuPy copy kernel)."""
        self._counts["kernel_launches"] += 1
        return self.xp.ascontiguousarray(a) if dtype is None else a.astype(dtype, order="C")

    def _ready(self, a, dtype=None):
        """``a`` as a C-contiguous device array of ``dtype``; copies only when it must."""
        if not isinstance(a, self._ndarray):
            a = self.from_host(np.ascontiguousarray(a, dtype=dtype))
        if dtype is not None and a.dtype != dtype:
            return self._copy(a, dtype)
        if not a.flags.c_contiguous:
            return self._copy(a)
        return a

    def _target(self, out, shape, dtype):
        """Where a result is computed: the caller's buffer when it fits exactly, else a new array."""
        if out is not None and tuple(out.shape) == tuple(shape) and out.dtype == dtype and out.flags.c_contiguous:
            return out
        return self._empty(shape, dtype)

    def _deliver(self, result, out):
        if out is None or result is out:
            return result
        self._counts["kernel_launches"] += 1
        out[...] = result
        return out

    def warm_up(self, dtype=np.float32) -> float:
        """Compile the module for ``dtype`` (NVRTC, or CuPy's on-disk cache), load every
        function of it, and run the one warm-up step (``warm_up.exercise_every_op``), which
        launches each kernel and each GEMM shape pattern once on tiny arrays (CUDA loads
        kernels lazily at their first launch; cuBLAS initialises)."""
        start = time.perf_counter()
        dt = np.dtype(dtype)
        for function in cupy_kernels.function_names():
            self._function(dt.name, function)
        exercise_every_op(self, dt)  # the one warm-up step: every op as training calls it
        self.synchronize()
        return time.perf_counter() - start

    # --- counters -----------------------------------------------------------------------
    def device_counters(self) -> dict[str, int]:
        counts = dict(self._counts)
        counts["allocations"] = self._driver_allocations.count - self._allocations_at_open
        return counts

    # --- memory -------------------------------------------------------------------------
    def from_host(self, a):
        if isinstance(a, self._ndarray):
            return a
        a = np.asarray(a)
        self._counts["host_to_device_bytes"] += a.nbytes
        return self.xp.asarray(a)  # CuPy stages through pinned memory: an asynchronous copy

    def to_host(self, a) -> np.ndarray:
        if isinstance(a, np.ndarray):
            return a
        self._counts["device_to_host_bytes"] += a.nbytes
        return self.xp.asnumpy(a)

    def zeros_like(self, a):
        return self._zeros(a.shape, a.dtype)

    def synchronize(self) -> None:
        self.xp.cuda.get_current_stream().synchronize()

    # --- timing: CUDA events on the current stream --------------------------------------
    def mark(self):
        event = self.xp.cuda.Event()
        event.record()
        return event

    def elapsed_ms(self, start, end) -> float:
        end.synchronize()
        return float(self.xp.cuda.get_elapsed_time(start, end))

    # --- convolution: im2col kernel + one GEMM ------------------------------------------
    def im2col(self, x, kh: int, kw: int, padding: Padding):
        """(N,C,H,W) -> columns (C*kh*kw, N*Ho*Wo) and the output size, in one kernel."""
        n, c, h, w = x.shape
        top, _, left, _ = padding
        ho, wo = conv_output_size(h, w, kh, kw, padding)
        cols = self._empty((c * kh * kw, n * ho * wo), x.dtype)
        self._launch("im2col", x.dtype, cols.size, (x, cols, n, c, h, w, kh, kw, top, left, ho, wo))
        return cols, ho, wo

    def col2im(self, dcols, x_shape, kh: int, kw: int, padding: Padding, ho: int, wo: int):
        """Adjoint of im2col, one gather kernel (no scatter, no zero fill)."""
        n, c, h, w = x_shape
        top, _, left, _ = padding
        dx = self._empty(tuple(x_shape), dcols.dtype)
        self._launch("col2im", dcols.dtype, dx.size, (dcols, dx, n, c, h, w, kh, kw, top, left, ho, wo))
        return dx

    def conv2d_forward(self, x, w, b, padding: Padding):
        x = self._ready(x)
        dt = x.dtype
        w, b = self._ready(w, dt), self._ready(b, dt)
        o, c, kh, kw = w.shape
        n = x.shape[0]
        cols, ho, wo = self.im2col(x, kh, kw, padding)  # (C*kh*kw, N*Ho*Wo)
        y2 = self._gemm(w.reshape(o, -1), cols)  # (O, N*Ho*Wo)
        y = self._empty((n, o, ho, wo), dt)
        self._launch("cn_to_nchw_bias", dt, y.size, (y2, b, y, n, o, ho * wo))
        return y, (cols, tuple(x.shape), w, padding, ho, wo)

    def _channel_sums(self, dy, dy2, sums, n: int, o: int, p: int) -> None:
        """sums[o] = dy[:, o].sum() for dy (N, O, P); with ``dy2`` also its (O, N*P) transpose."""
        count = n * p
        block = 32
        while block < cupy_kernels.REDUCE_BLOCK and block < count:
            block *= 2
        write_t = dy2 is not None
        self._launch(
            "channel_sums",
            dy.dtype,
            dy.size,
            (dy, dy2 if write_t else dy, sums, n, o, p, np.int32(write_t)),
            block=block,
            grid=o,
        )

    def conv2d_backward(self, dy, cache, need_dx: bool = True, dw=None, db=None):
        cols, x_shape, w, padding, ho, wo = cache
        o, c, kh, kw = w.shape
        n = x_shape[0]
        dt = cols.dtype
        checked_gradient_buffer(dw, w.shape, dt, "conv2d_backward dw")
        checked_gradient_buffer(db, (o,), dt, "conv2d_backward db")
        dy = self._ready(dy, dt)
        dy2 = self._empty((o, n * ho * wo), dt)
        db_out = self._target(db, (o,), dt)
        self._channel_sums(dy, dy2, db_out, n, o, ho * wo)
        dw_out = self._target(dw, tuple(w.shape), dt)
        self._gemm(dy2, cols.T, out=dw_out.reshape(o, -1))
        dx = None
        if need_dx:
            dcols = self._gemm(w.reshape(o, -1).T, dy2)  # (C*kh*kw, N*Ho*Wo)
            dx = self.col2im(dcols, x_shape, kh, kw, padding, ho, wo)
        return dx, self._deliver(dw_out, dw), self._deliver(db_out, db)

    # --- 2x2 max pooling: one kernel each way -------------------------------------------
    def maxpool2x2_forward(self, x):
        x = self._ready(x)
        n, c, h, w = x.shape
        h2, w2 = pool_output_size(h, w)
        y = self._empty((n, c, h2, w2), x.dtype)
        argmax = self._empty((n, c, h2, w2), np.int8)
        self._launch("maxpool_fwd", x.dtype, y.size, (x, y, argmax, n * c, h, w, h2, w2))
        return y, (argmax, tuple(x.shape))

    def maxpool2x2_backward(self, dy, cache):
        argmax, x_shape = cache
        n, c, h, w = x_shape
        h2, w2 = argmax.shape[2], argmax.shape[3]
        dy = self._ready(dy)
        dx = self._empty(x_shape, dy.dtype)
        self._launch("maxpool_bwd", dy.dtype, dx.size, (dy, argmax, dx, n * c, h, w, h2, w2))
        return dx

    # --- element-wise ---------------------------------------------------------------------
    def relu_forward(self, x):
        x = self._ready(x)
        y = self._empty(x.shape, x.dtype)
        self._launch("relu_fwd", x.dtype, x.size, (x, y, x.size))
        return y, y

    def relu_backward(self, dy, cache):
        dy = self._ready(dy, cache.dtype)
        dx = self._empty(dy.shape, dy.dtype)
        self._launch("relu_bwd", dy.dtype, dy.size, (dy, cache, dx, dy.size))
        return dx

    def dropout_forward(self, x, rate: float, key: int):
        x = self._ready(x)
        mixed = np.uint32(hash32(np.uint32(key & 0xFFFFFFFF))[0])
        threshold = np.uint32(dropout_threshold(rate))
        scale = x.dtype.type(1.0 / (1.0 - rate))
        y = self._empty(x.shape, x.dtype)
        factor = self._empty(x.shape, x.dtype)
        self._launch("dropout_fwd", x.dtype, x.size, (x, y, factor, mixed, threshold, scale, x.size))
        return y, factor

    def dropout_backward(self, dy, cache):
        dy = self._ready(dy, cache.dtype)
        dx = self._empty(dy.shape, dy.dtype)
        self._launch("mul", dy.dtype, dy.size, (dy, cache, dx, dy.size))
        return dx

    # --- dense: GEMM + bias kernel ----------------------------------------------------------
    def dense_forward(self, x, w, b):
        x = self._ready(x)
        dt = x.dtype
        w, b = self._ready(w, dt), self._ready(b, dt)
        y = self._gemm(x, w.T)  # (N, units)
        rows, cols = y.shape
        self._launch("bias_rows", dt, y.size, (y, b, rows, cols))
        return y, (x, w)

    def dense_backward(self, dy, cache, need_dx: bool = True, dw=None, db=None):
        x, w = cache
        dt = x.dtype
        dy = self._ready(dy, dt)
        rows, units = dy.shape
        checked_gradient_buffer(dw, w.shape, dt, "dense_backward dw")
        checked_gradient_buffer(db, (units,), dt, "dense_backward db")
        dw_out = self._target(dw, tuple(w.shape), dt)
        self._gemm(dy.T, x, out=dw_out)
        db_out = self._target(db, (units,), dt)
        self._channel_sums(dy, None, db_out, rows, units, 1)
        dx = self._gemm(dy, w) if need_dx else None
        return dx, self._deliver(dw_out, dw), self._deliver(db_out, db)

    # --- training data on the device --------------------------------------------------------
    def gather_batch(self, data: DeviceDataset, indices, dtype):
        dt = np.dtype(dtype)
        if dt not in _FLOATS:
            raise ValueError(f"gather_batch makes float32 or float64 batches, not {dt}")
        indices = checked_indices(indices, data.count)
        index = self.from_host(indices)  # the step's only host copy
        batch, hw = len(indices), data.height * data.width
        x = self._empty((batch, 1, data.height, data.width), dt)
        y = self._empty((batch,), np.int32)
        self._launch("gather_batch", dt, batch * hw, (data.images, data.labels, index, x, y, _INV_255, batch, hw))
        return x, y

    # --- loss: one kernel, results into the device stats --------------------------------------
    def _device_labels(self, labels, rows: int):
        if not isinstance(labels, self._ndarray):
            labels = np.asarray(labels)
            if labels.dtype not in (np.int32, np.int64):
                labels = labels.astype(np.int64)
            labels = self.from_host(np.ascontiguousarray(labels))
        if tuple(labels.shape) != (rows,):
            raise ValueError(
                f"softmax_cross_entropy: {labels.shape[0] if labels.ndim else 0} labels for {rows} rows of logits"
            )
        if labels.dtype not in (np.int32, np.int64):
            labels = self._copy(labels, np.int64)
        return self._ready(labels)

    def softmax_cross_entropy_into(self, logits, labels, stats, slot: int):
        slot = checked_slot(slot, stats.shape[0])
        logits = self._ready(logits)
        rows, cols = logits.shape
        labels = self._device_labels(labels, rows)
        dlogits = self._empty((rows, cols), logits.dtype)
        name = "softmax_xent_i64" if labels.dtype == np.int64 else "softmax_xent_i32"
        self._launch(
            name,
            logits.dtype,
            rows,
            (logits, labels, dlogits, stats[slot], rows, cols),
            block=cupy_kernels.LOSS_BLOCK,
            grid=1,
        )
        return dlogits

    def softmax_cross_entropy(self, logits, labels):
        if self._loss_stat is None:
            self._loss_stat = self._empty((1, 2), np.float64)
        dlogits = self.softmax_cross_entropy_into(logits, labels, self._loss_stat, 0)
        loss, correct = self.to_host(self._loss_stat[0])
        return float(loss), int(correct), dlogits

    def new_step_stats(self, slots: int):
        return self._zeros((slots, 2), np.float64)

    def read_step_stats(self, stats, count: int) -> np.ndarray:
        return np.asarray(self.to_host(stats[:count]), dtype=np.float64)

    def softmax(self, logits):
        logits = self._ready(logits)
        rows, cols = logits.shape
        probs = self._empty((rows, cols), logits.dtype)
        self._launch("softmax_rows", logits.dtype, rows, (logits, probs, rows, cols))
        return probs

    # --- optimizers: one kernel over the flat buffers --------------------------------------------
    def _flat_buffers(self, *arrays):
        for a in arrays:
            if not (isinstance(a, self._ndarray) and a.flags.c_contiguous and a.dtype == arrays[0].dtype):
                raise ValueError(
                    "the CuPy optimizers update C-contiguous device arrays of one dtype "
                    "(the model's flat parameter buffers)"
                )

    def sgd_step(self, param, grad, velocity, lr: float, momentum: float) -> None:
        f = param.dtype.type
        if velocity is None:
            self._flat_buffers(param, grad)
            self._launch("sgd", param.dtype, param.size, (param, grad, f(lr), param.size))
            return
        self._flat_buffers(param, grad, velocity)
        self._launch("sgd_momentum", param.dtype, param.size, (param, grad, velocity, f(lr), f(momentum), param.size))

    def adam_step(self, param, grad, m, v, lr, beta1, beta2, eps, t) -> None:
        self._flat_buffers(param, grad, m, v)
        f = param.dtype.type
        step = adam_step_size(lr, beta1, beta2, t)
        self._launch(
            "adam",
            param.dtype,
            param.size,
            (param, grad, m, v, f(beta1), f(1 - beta1), f(beta2), f(1 - beta2), f(step), f(eps), param.size),
        )


# --- opening the backend ----------------------------------------------------------------------
def create() -> CupyBackend:
    """Open the backend, or raise BackendUnavailable with the reason it cannot run here
    (``discovery.open_cupy`` says why)."""
    cupy = discovery.open_cupy()
    try:
        return CupyBackend(cupy)
    except Exception as exc:
        raise BackendUnavailable(f"CuPy cannot run on this GPU ({discovery.runtime_error_name(exc)})") from exc

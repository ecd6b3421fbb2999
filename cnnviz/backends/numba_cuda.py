"""Hand-written numba.cuda kernels: one GPU thread per output element.

Every array stays on the device between layers and between steps; only the
loss and the count of correct predictions come back to the host (two numbers
per step). No kernel lets two threads write the same element:

* convolution forward: each thread owns one output pixel; a block stages the
  input tile it needs (with the kernel's halo) and the weights in shared
  memory, one input channel at a time;
* convolution input gradient: a *gather* -- each thread owns one input pixel
  and sums the output gradients that read it, instead of scattering ``+=``;
* convolution weight and bias gradients: one block per weight element (and
  per bias) reduces over N*Ho*Wo in shared memory; one thread writes the sum;
* max pooling records the first maximum (as ``np.argmax``); its backward is
  a gather from the pooled gradient through that mask;
* dense layers: a tiled shared-memory matrix product, with the bias added in
  the same kernel; the weight-gradient product computes the bias gradient in
  an extra column of ones, so a dense backward is two launches;
* softmax, cross-entropy, argmax accuracy and d(loss)/d(logits) in one
  single-block kernel that also reduces the loss (launch overhead dominates
  at MNIST sizes, so few, fused launches beat many small ones);
* SGD, momentum and Adam: one elementwise kernel per parameter.

Scalars (learning rate, betas...) are passed in the parameters' dtype so a
float32 update rounds like the NumPy reference's float32 arithmetic.

Under ``NUMBA_ENABLE_CUDASIM=1`` the same kernels run on numba's CUDA
simulator (each thread a Python thread): that is how they are tested without
a GPU (``tests/cuda``).
"""

from __future__ import annotations

import functools
import importlib.util
import math
import os
import warnings
from types import SimpleNamespace

import numpy as np

from . import gpu_probe
from .base import BackendUnavailable, Padding, conv_output_size, pool_output_size

CONV_TILE = 16
"""Output pixels per block side in the convolution forward (16x16 = 256 threads)."""
MAX_KERNEL = 15
"""Largest convolution kernel side (the spec parser allows 1..15); sizes the shared tiles."""
MATMUL_TILE = 16
REDUCE_THREADS = 128
"""Threads per block in reductions (a power of two)."""
ELEMENTWISE_THREADS = 256

PIP_GPU = gpu_probe.PIP_GPU

cuda = None
"""``numba.cuda``, imported on first use. The kernels must see it as a module
global: the simulator runs them with a fake ``cuda`` swapped into their globals."""


def _blocks(count: int, threads: int) -> int:
    return max(1, (count + threads - 1) // threads)


@functools.lru_cache(maxsize=None)
def build_kernels(dtype_name: str, conv_tile: int = CONV_TILE, matmul_tile: int = MATMUL_TILE,
                  reduce_threads: int = REDUCE_THREADS) -> SimpleNamespace:
    """Compile-on-first-launch kernels for one float dtype and one set of tile sizes.

    Shared-memory arrays need their shape and dtype at compile time, hence a
    factory; the tile sizes are parameters so the simulator tests can use
    tiles smaller than their images and exercise the tile borders.
    """
    global cuda
    import numba
    from numba import cuda as cuda_module

    cuda = cuda_module
    if reduce_threads & (reduce_threads - 1):
        raise ValueError("reduce_threads must be a power of two")
    np_dtype = np.dtype(dtype_name)
    nb_dtype = numba.from_dtype(np_dtype)
    zero = np_dtype.type(0)
    one = np_dtype.type(1)
    tile = conv_tile
    patch = conv_tile + MAX_KERNEL - 1
    mtile = matmul_tile
    rthreads = reduce_threads
    f64 = numba.float64

    # --- convolution ----------------------------------------------------------
    @cuda.jit
    def conv2d_forward(x, w, b, y, pad_top, pad_left):
        # Block = tile x tile output pixels of one (image, out channel); grid is
        # flattened to 1-D so N*O may exceed the 65535 limit of gridDim.z.
        n_img, c_in, h, wd = x.shape
        o_ch, _, kh, kw = w.shape
        ho, wo = y.shape[2], y.shape[3]
        x_tile = cuda.shared.array((patch, patch), nb_dtype)
        w_tile = cuda.shared.array((MAX_KERNEL, MAX_KERNEL), nb_dtype)
        tx = cuda.threadIdx.x
        ty = cuda.threadIdx.y
        tid = ty * tile + tx
        tiles_x = (wo + tile - 1) // tile
        tiles_y = (ho + tile - 1) // tile
        blk = cuda.blockIdx.x
        bx = blk % tiles_x
        blk //= tiles_x
        by = blk % tiles_y
        blk //= tiles_y
        o = blk % o_ch
        n = blk // o_ch
        oy = by * tile + ty
        ox = bx * tile + tx
        iy0 = by * tile - pad_top
        ix0 = bx * tile - pad_left
        th = tile + kh - 1
        tw = tile + kw - 1
        acc = zero
        for c in range(c_in):
            for idx in range(tid, th * tw, tile * tile):
                r = idx // tw
                s = idx - r * tw
                iy = iy0 + r
                ix = ix0 + s
                v = zero
                if iy >= 0 and iy < h and ix >= 0 and ix < wd:
                    v = x[n, c, iy, ix]
                x_tile[r, s] = v
            for idx in range(tid, kh * kw, tile * tile):
                r = idx // kw
                w_tile[r, idx - r * kw] = w[o, c, r, idx - r * kw]
            cuda.syncthreads()
            if oy < ho and ox < wo:
                for i in range(kh):
                    for j in range(kw):
                        acc += x_tile[ty + i, tx + j] * w_tile[i, j]
            cuda.syncthreads()
        if oy < ho and ox < wo:
            y[n, o, oy, ox] = acc + b[o]

    @cuda.jit
    def conv2d_backward_input(dy, w, dx, pad_top, pad_left):
        # Gather: the thread owning dx[n,c,iy,ix] sums every dy that read it.
        i = cuda.grid(1)
        n_img, c_in, h, wd = dx.shape
        o_ch, _, kh, kw = w.shape
        ho, wo = dy.shape[2], dy.shape[3]
        if i < n_img * c_in * h * wd:
            ix = i % wd
            t = i // wd
            iy = t % h
            t //= h
            c = t % c_in
            n = t // c_in
            acc = zero
            for o in range(o_ch):
                for ki in range(kh):
                    oy = iy + pad_top - ki
                    if oy >= 0 and oy < ho:
                        for kj in range(kw):
                            ox = ix + pad_left - kj
                            if ox >= 0 and ox < wo:
                                acc += dy[n, o, oy, ox] * w[o, c, ki, kj]
            dx[n, c, iy, ix] = acc

    @cuda.jit
    def conv2d_backward_params(dy, x, dw, db, pad_top, pad_left):
        # One block per weight element, then one per bias; each reduces over
        # N*Ho*Wo (threads stride through it, then a shared-memory tree).
        n_img, c_in, h, wd = x.shape
        o_ch, _, kh, kw = dw.shape
        ho, wo = dy.shape[2], dy.shape[3]
        partial = cuda.shared.array(rthreads, nb_dtype)
        tid = cuda.threadIdx.x
        blk = cuda.blockIdx.x
        n_weights = o_ch * c_in * kh * kw
        total = n_img * ho * wo
        acc = zero
        o = 0
        c = 0
        ki = 0
        kj = 0
        if blk < n_weights:
            kj = blk % kw
            t = blk // kw
            ki = t % kh
            t //= kh
            c = t % c_in
            o = t // c_in
            for e in range(tid, total, rthreads):
                ox = e % wo
                t2 = e // wo
                oy = t2 % ho
                n = t2 // ho
                iy = oy + ki - pad_top
                ix = ox + kj - pad_left
                if iy >= 0 and iy < h and ix >= 0 and ix < wd:
                    acc += dy[n, o, oy, ox] * x[n, c, iy, ix]
        else:
            o = blk - n_weights
            for e in range(tid, total, rthreads):
                ox = e % wo
                t2 = e // wo
                oy = t2 % ho
                n = t2 // ho
                acc += dy[n, o, oy, ox]
        partial[tid] = acc
        cuda.syncthreads()
        stride = rthreads // 2
        while stride > 0:
            if tid < stride:
                partial[tid] += partial[tid + stride]
            cuda.syncthreads()
            stride //= 2
        if tid == 0:
            if blk < n_weights:
                dw[o, c, ki, kj] = partial[0]
            else:
                db[o] = partial[0]

    # --- 2x2 max pooling --------------------------------------------------------
    @cuda.jit
    def maxpool_forward(x, y, argmax):
        # Window order (0,0),(0,1),(1,0),(1,1) as the reference; strict '>'
        # keeps the first maximum, and a NaN wins as in np.argmax.
        i = cuda.grid(1)
        n_img, c_in, h2, w2 = y.shape
        if i < n_img * c_in * h2 * w2:
            px = i % w2
            t = i // w2
            py = t % h2
            t //= h2
            c = t % c_in
            n = t // c_in
            best = x[n, c, 2 * py, 2 * px]
            best_k = 0
            for k in range(1, 4):
                v = x[n, c, 2 * py + k // 2, 2 * px + k % 2]
                if (v > best or v != v) and best == best:
                    best = v
                    best_k = k
            y[n, c, py, px] = best
            argmax[n, c, py, px] = best_k

    @cuda.jit
    def maxpool_backward(dy, argmax, dx):
        # Gather through the mask: each input pixel reads its window's gradient
        # if it was the maximum, else 0 (also 0 for a dropped odd row/column).
        i = cuda.grid(1)
        n_img, c_in, h, wd = dx.shape
        h2, w2 = dy.shape[2], dy.shape[3]
        if i < n_img * c_in * h * wd:
            ix = i % wd
            t = i // wd
            iy = t % h
            t //= h
            c = t % c_in
            n = t // c_in
            py = iy // 2
            px = ix // 2
            v = zero
            if py < h2 and px < w2 and argmax[n, c, py, px] == (iy % 2) * 2 + ix % 2:
                v = dy[n, c, py, px]
            dx[n, c, iy, ix] = v

    # --- elementwise (on flat views) ---------------------------------------------
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
            y[i] = v if (v > zero or v != v) else zero  # NaN passes, as np.maximum

    @cuda.jit
    def relu_backward(dy, y, dx):
        i = cuda.grid(1)
        if i < dy.size:
            dx[i] = dy[i] if y[i] > zero else zero

    @cuda.jit
    def dropout_apply(x, keep, scale, y):
        i = cuda.grid(1)
        if i < x.size:
            y[i] = x[i] * (scale if keep[i] else zero)

    # --- dense: tiled matrix product ------------------------------------------------
    @cuda.jit
    def matmul(a, b, out, bias, trans_a, trans_b, bias_mode):
        # out[i,j] = sum_k A(i,k) B(k,j), A(i,k) = a[k,i] if trans_a else a[i,k],
        # B likewise. bias_mode 1: out += bias[j]. bias_mode 2: a virtual
        # column j == P of ones in B, whose result is written to bias[i]
        # (the dense bias gradient in the same launch as the weights').
        a_tile = cuda.shared.array((mtile, mtile), nb_dtype)
        b_tile = cuda.shared.array((mtile, mtile), nb_dtype)
        tx = cuda.threadIdx.x
        ty = cuda.threadIdx.y
        row = cuda.blockIdx.y * mtile + ty
        col = cuda.blockIdx.x * mtile + tx
        m_rows = out.shape[0]
        p_cols = out.shape[1]
        k_len = a.shape[0] if trans_a else a.shape[1]
        acc = zero
        for k0 in range(0, k_len, mtile):
            ka = k0 + tx
            v = zero
            if row < m_rows and ka < k_len:
                v = a[ka, row] if trans_a else a[row, ka]
            a_tile[ty, tx] = v
            kb = k0 + ty
            v = zero
            if kb < k_len:
                if col < p_cols:
                    v = b[col, kb] if trans_b else b[kb, col]
                elif bias_mode == 2 and col == p_cols:
                    v = one
            b_tile[ty, tx] = v
            cuda.syncthreads()
            for kk in range(mtile):
                acc += a_tile[ty, kk] * b_tile[kk, tx]
            cuda.syncthreads()
        if row < m_rows:
            if col < p_cols:
                if bias_mode == 1:
                    acc += bias[col]
                out[row, col] = acc
            elif bias_mode == 2 and col == p_cols:
                bias[row] = acc

    # --- loss -------------------------------------------------------------------------
    @cuda.jit
    def softmax_cross_entropy(logits, labels, n_as_float, dlogits, stats):
        # One block: threads stride over the rows, then reduce the loss sum
        # and the correct count in shared memory; stats = (mean loss, correct).
        n_rows, n_cls = logits.shape
        loss_part = cuda.shared.array(rthreads, f64)
        hit_part = cuda.shared.array(rthreads, f64)
        tid = cuda.threadIdx.x
        loss_acc = 0.0
        hits = 0.0
        for r in range(tid, n_rows, rthreads):
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
        stride = rthreads // 2
        while stride > 0:
            if tid < stride:
                loss_part[tid] += loss_part[tid + stride]
                hit_part[tid] += hit_part[tid + stride]
            cuda.syncthreads()
            stride //= 2
        if tid == 0:
            stats[0] = loss_part[0] / n_rows
            stats[1] = hit_part[0]

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

    # --- optimizers (in place, on flat views) ----------------------------------------
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

    return SimpleNamespace(**{name: value for name, value in locals().items() if hasattr(value, "py_func") and value is not cuda_module})


class NumbaCudaBackend:
    """The Backend protocol on numba.cuda device arrays (see ``base.Backend``)."""

    name = "cuda"
    is_gpu = True

    def __init__(self, cuda, simulator: bool, conv_tile: int = CONV_TILE, matmul_tile: int = MATMUL_TILE,
                 reduce_threads: int = REDUCE_THREADS, elementwise_threads: int = ELEMENTWISE_THREADS):
        self.cuda = cuda
        self.simulator = simulator
        self.conv_tile = conv_tile
        self.matmul_tile = matmul_tile
        self.reduce_threads = reduce_threads
        self.threads = elementwise_threads
        self._dummy: dict[np.dtype, object] = {}
        self._description: str | None = None

    def kernels(self, dtype) -> SimpleNamespace:
        dtype = np.dtype(dtype)
        if dtype.kind != "f":
            raise TypeError(f"the cuda backend computes in float32 or float64, not {dtype}")
        return build_kernels(dtype.name, self.conv_tile, self.matmul_tile, self.reduce_threads)

    def describe(self) -> str:
        if self._description is None:
            self._description = self._describe()
        return self._description

    def _describe(self) -> str:
        version = _numba_cuda_version()
        if self.simulator:
            return (f"CUDA simulator (numba-cuda {version}, NUMBA_ENABLE_CUDASIM=1): kernels run as Python "
                    "threads on the CPU, very slowly; no GPU timings")
        device = self.cuda.get_current_device()
        name = device.name.decode() if isinstance(device.name, bytes) else str(device.name)
        major, minor = device.compute_capability
        text = f"{name}, compute capability {major}.{minor}"
        try:
            free, total = self.cuda.current_context().get_memory_info()
            text += f", {total / 2**30:.1f} GiB ({free / 2**30:.1f} GiB free)"
        except Exception:
            pass
        driver = gpu_probe.driver_status()
        if driver.driver_version:
            text += f"; CUDA driver {gpu_probe.format_cuda_version(driver.driver_version)}"
        return text + f"; numba-cuda {version}, hand-written kernels"

    # --- memory -------------------------------------------------------------
    def _device(self, a):
        """Device arrays pass through; host arrays (e.g. labels) are copied over."""
        if isinstance(a, np.ndarray):
            return self.cuda.to_device(np.ascontiguousarray(a))
        return a

    def from_host(self, a: np.ndarray):
        return self.cuda.to_device(np.ascontiguousarray(a))

    def to_host(self, a) -> np.ndarray:
        if isinstance(a, np.ndarray):
            return a
        return a.copy_to_host()

    def _empty(self, shape, dtype):
        return self.cuda.device_array(tuple(int(s) for s in shape), dtype=np.dtype(dtype))

    def zeros_like(self, a):
        out = self._empty(a.shape, a.dtype)
        flat = out.reshape(out.size)
        if out.size:
            self.kernels(a.dtype).fill_zero[_blocks(out.size, self.threads), self.threads](flat)
        return out

    def synchronize(self) -> None:
        self.cuda.synchronize()

    # --- timing: CUDA events, recorded in stream order ----------------------
    def mark(self):
        event = self.cuda.event()
        event.record()
        return event

    def elapsed_ms(self, start, end) -> float:
        end.synchronize()
        # The simulator keeps no timings (it answers -1).
        return max(0.0, float(start.elapsed_time(end)))

    # --- launch helpers -------------------------------------------------------
    def _launch_flat(self, kernel, count: int, *args) -> None:
        if count:
            kernel[_blocks(count, self.threads), self.threads](*args)

    @staticmethod
    def _flat(a):
        return a.reshape(a.size)

    # --- convolution ------------------------------------------------------------
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
        t = self.conv_tile
        blocks = n * o * ((ho + t - 1) // t) * ((wo + t - 1) // t)
        if blocks:
            self.kernels(x.dtype).conv2d_forward[blocks, (t, t)](x, w, b, y, top, left)
        return y, (x, w, tuple(padding))

    def conv2d_backward(self, dy, cache, need_dx: bool = True):
        x, w, padding = cache
        dy = self._device(dy)
        k = self.kernels(dy.dtype)
        top, _, left, _ = padding
        dw = self._empty(w.shape, w.dtype)
        db = self._empty((w.shape[0],), w.dtype)
        k.conv2d_backward_params[w.size + w.shape[0], self.reduce_threads](dy, x, dw, db, top, left)
        dx = None
        if need_dx:
            dx = self._empty(x.shape, dy.dtype)
            self._launch_flat(k.conv2d_backward_input, dx.size, dy, w, dx, top, left)
        return dx, dw, db

    # --- 2x2 max pooling ----------------------------------------------------------
    def maxpool2x2_forward(self, x):
        x = self._device(x)
        n, c, h, w = x.shape
        h2, w2 = pool_output_size(h, w)
        y = self._empty((n, c, h2, w2), x.dtype)
        argmax = self._empty((n, c, h2, w2), np.int8)
        self._launch_flat(self.kernels(x.dtype).maxpool_forward, y.size, x, y, argmax)
        return y, (argmax, tuple(x.shape))

    def maxpool2x2_backward(self, dy, cache):
        argmax, x_shape = cache
        dy = self._device(dy)
        dx = self._empty(x_shape, dy.dtype)
        self._launch_flat(self.kernels(dy.dtype).maxpool_backward, dx.size, dy, argmax, dx)
        return dx

    # --- elementwise ------------------------------------------------------------------
    def relu_forward(self, x):
        x = self._device(x)
        y = self._empty(x.shape, x.dtype)
        self._launch_flat(self.kernels(x.dtype).relu_forward, x.size, self._flat(x), self._flat(y))
        return y, y

    def relu_backward(self, dy, cache):
        dy = self._device(dy)
        dx = self._empty(dy.shape, dy.dtype)
        self._launch_flat(self.kernels(dy.dtype).relu_backward, dy.size,
                          self._flat(dy), self._flat(cache), self._flat(dx))
        return dx

    def dropout_forward(self, x, keep_mask, scale: float):
        x, keep_mask = self._device(x), self._device(keep_mask)
        if tuple(keep_mask.shape) != tuple(x.shape):
            raise ValueError(f"dropout: mask shape {tuple(keep_mask.shape)} differs from input {tuple(x.shape)}")
        scale = np.dtype(x.dtype).type(scale)
        y = self._empty(x.shape, x.dtype)
        self._launch_flat(self.kernels(x.dtype).dropout_apply, x.size,
                          self._flat(x), self._flat(keep_mask), scale, self._flat(y))
        return y, (keep_mask, scale)

    def dropout_backward(self, dy, cache):
        keep_mask, scale = cache
        dy = self._device(dy)
        dx = self._empty(dy.shape, dy.dtype)
        self._launch_flat(self.kernels(dy.dtype).dropout_apply, dy.size,
                          self._flat(dy), self._flat(keep_mask), scale, self._flat(dx))
        return dx

    # --- dense --------------------------------------------------------------------------
    def _matmul(self, a, b, out, bias, trans_a: bool, trans_b: bool, bias_mode: int) -> None:
        t = self.matmul_tile
        cols = out.shape[1] + (1 if bias_mode == 2 else 0)
        grid = ((cols + t - 1) // t, (out.shape[0] + t - 1) // t)
        if grid[0] and grid[1]:
            self.kernels(out.dtype).matmul[grid, (t, t)](a, b, out, bias, int(trans_a), int(trans_b), bias_mode)

    def _no_bias(self, dtype):
        dtype = np.dtype(dtype)
        if dtype not in self._dummy:
            self._dummy[dtype] = self.cuda.to_device(np.zeros(1, dtype))
        return self._dummy[dtype]

    def dense_forward(self, x, w, b):
        x, w, b = self._device(x), self._device(w), self._device(b)
        if x.shape[1] != w.shape[1]:
            raise ValueError(f"dense: input has {x.shape[1]} features but the weights expect {w.shape[1]}")
        y = self._empty((x.shape[0], w.shape[0]), x.dtype)
        self._matmul(x, w, y, b, False, True, 1)  # y = x @ w.T + b
        return y, (x, w)

    def dense_backward(self, dy, cache, need_dx: bool = True):
        x, w = cache
        dy = self._device(dy)
        dw = self._empty(w.shape, w.dtype)
        db = self._empty((w.shape[0],), w.dtype)
        self._matmul(dy, x, dw, db, True, False, 2)  # dw = dy.T @ x, db = dy.T @ 1
        dx = None
        if need_dx:
            dx = self._empty(x.shape, dy.dtype)
            self._matmul(dy, w, dx, self._no_bias(dy.dtype), False, False, 0)  # dx = dy @ w
        return dx, dw, db

    # --- loss -------------------------------------------------------------------------------
    def softmax_cross_entropy(self, logits, labels):
        logits = self._device(logits)
        labels = self._device(labels)
        n = logits.shape[0]
        if labels.shape != (n,):
            raise ValueError(f"softmax_cross_entropy: {labels.shape[0]} labels for {n} rows of logits")
        dlogits = self._empty(logits.shape, logits.dtype)
        stats = self._empty((2,), np.float64)
        self.kernels(logits.dtype).softmax_cross_entropy[1, self.reduce_threads](
            logits, labels, np.dtype(logits.dtype).type(n), dlogits, stats)
        loss, correct = stats.copy_to_host()
        return float(loss), int(correct), dlogits

    def softmax(self, logits):
        logits = self._device(logits)
        probs = self._empty(logits.shape, logits.dtype)
        self._launch_flat(self.kernels(logits.dtype).softmax_rows, logits.shape[0], logits, probs)
        return probs

    # --- optimizers ---------------------------------------------------------------------------
    def sgd_step(self, param, grad, velocity, lr: float, momentum: float) -> None:
        k = self.kernels(param.dtype)
        cast = np.dtype(param.dtype).type
        if velocity is None:
            self._launch_flat(k.sgd, param.size, self._flat(param), self._flat(grad), cast(lr))
        else:
            self._launch_flat(k.sgd_momentum, param.size, self._flat(param), self._flat(grad),
                              self._flat(velocity), cast(lr), cast(momentum))

    def adam_step(self, param, grad, m, v, lr, beta1, beta2, eps, t) -> None:
        cast = np.dtype(param.dtype).type
        # Bias correction folded into the step size, computed as the reference does.
        step = lr * (1 - beta2 ** t) ** 0.5 / (1 - beta1 ** t)
        self._launch_flat(self.kernels(param.dtype).adam, param.size, self._flat(param), self._flat(grad),
                          self._flat(m), self._flat(v), cast(beta1), cast(1 - beta1), cast(beta2),
                          cast(1 - beta2), cast(step), cast(eps))


# --- discovery ---------------------------------------------------------------------------------

def _find_spec(name: str):
    """importlib.util.find_spec, replaceable in tests that simulate a missing package."""
    try:
        return importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None


def _numba_cuda_version() -> str:
    try:
        from importlib.metadata import version
        return version("numba-cuda")
    except Exception:
        return "?"


def simulator_requested() -> bool:
    return os.environ.get("NUMBA_ENABLE_CUDASIM", "").strip() not in ("", "0")


def _import_cuda():
    if _find_spec("numba") is None:
        raise BackendUnavailable(f"numba is not installed: {PIP_GPU}")
    if _find_spec("numba_cuda") is None:
        raise BackendUnavailable(f"numba-cuda is not installed (numba's own CUDA target was removed): {PIP_GPU}")
    try:
        from numba import cuda
    except ImportError as exc:  # e.g. cuda-bindings missing
        raise BackendUnavailable(f"numba-cuda is installed but cannot be imported ({exc}); {PIP_GPU}") from exc
    if getattr(cuda, "implementation", "") != "NVIDIA":
        raise BackendUnavailable(f"numba-cuda is not installed (only numba's deprecated built-in CUDA target): "
                                 f"{PIP_GPU}")
    return cuda


def _bindings_cuda_version() -> int:
    """CUDA version numba-cuda's bindings are built for (1000*major + 10*minor), 0 if unknown."""
    try:
        from importlib.metadata import version
        major, minor = version("cuda-bindings").split(".")[:2]
        return 1000 * int(major) + 10 * int(minor)
    except Exception:
        return 0


def _explain_smoke_failure(exc: Exception, driver_version: int) -> str:
    text = f"{type(exc).__name__}: {exc}"
    low = text.lower()
    drv = gpu_probe.format_cuda_version(driver_version) if driver_version else "?"
    if "unsupported_ptx_version" in low or "ptx version" in low or "unsupported toolchain" in low:
        return (f"CUDA version mismatch: numba-cuda's compiler (NVVM) emits code newer than the NVIDIA driver "
                f"(CUDA {drv}) can load; update the driver or install numba-cuda for the driver's CUDA "
                f"(pip install \"numba-cuda[cu{driver_version // 1000}]\") [{text}]")
    if "nvvm" in low or "libdevice" in low or "nvrtc" in low:
        return (f"numba-cuda cannot find the CUDA compiler libraries (NVVM/NVRTC): "
                f"pip install \"numba-cuda[cu{driver_version // 1000 or 12}]\" [{text}]")
    return f"numba-cuda cannot run a kernel on this GPU ({text})"


def create(conv_tile: int = CONV_TILE, matmul_tile: int = MATMUL_TILE, reduce_threads: int = REDUCE_THREADS,
           elementwise_threads: int = ELEMENTWISE_THREADS) -> NumbaCudaBackend:
    """Open the backend, or raise BackendUnavailable with the reason it cannot run here."""
    cuda = _import_cuda()
    try:  # read once, when numba.cuda was first imported
        from numba.cuda.core import config as cuda_config
    except ImportError:  # numba-cuda before 0.2x kept its settings in numba's config
        from numba.core import config as cuda_config

    simulator = bool(getattr(cuda_config, "ENABLE_CUDASIM", 0))
    if simulator_requested() and not simulator:
        raise BackendUnavailable("NUMBA_ENABLE_CUDASIM=1 was set after numba had been imported; "
                                 "set it before starting Python")
    driver_version = 0
    if not simulator:
        status = gpu_probe.driver_status()
        if not status.ok:
            raise BackendUnavailable(status.problem)
        driver_version = status.driver_version
        mismatch = gpu_probe.version_mismatch("numba-cuda (cuda-bindings)", _bindings_cuda_version(),
                                              driver_version,
                                              f'pip install "numba-cuda[cu{driver_version // 1000}]"')
        if mismatch:
            raise BackendUnavailable(mismatch)
        # Small grids are the norm at MNIST sizes (the single-block loss kernel,
        # small dense layers); numba would warn about them on every launch.
        warnings.filterwarnings("ignore", message=r"Grid size \d+ will likely result in GPU under-utilization")
        try:
            cuda.get_current_device()
        except Exception as exc:
            raise BackendUnavailable(f"numba-cuda cannot open the GPU ({type(exc).__name__}: {exc})") from exc
    backend = NumbaCudaBackend(cuda, simulator, conv_tile, matmul_tile, reduce_threads, elementwise_threads)
    # Compile and run one small kernel now, so a missing compiler library or a
    # driver too old for the generated code is a reason here, not a crash mid-training.
    try:
        probe = backend.zeros_like(backend.from_host(np.ones(4, np.float32)))
        if backend.to_host(probe).any():
            raise RuntimeError("a zero-fill kernel left non-zero values")
    except BackendUnavailable:
        raise
    except Exception as exc:
        raise BackendUnavailable(_explain_smoke_failure(exc, driver_version)) from exc
    return backend

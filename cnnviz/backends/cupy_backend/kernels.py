"""The CUDA C source of the CuPy backend's kernels (no CuPy import here).

One source is rendered per floating-point type ``T`` (float or double) and
compiled once by NVRTC into one module (``cupy.RawModule``). Each kernel
exists in two index widths: ``_u32`` (32-bit unsigned index arithmetic, used
whenever every index a launch computes is below 2**31) and ``_u64``. The
launch helper in ``cupy_backend`` picks the width from the sizes of the
arrays, so 64-bit division is paid only by tensors of more than 2**31
elements.

Rules every kernel follows, so that it is right by construction:

* every array argument is C-contiguous (the caller makes sure) and indexed
  with its flat C-order index, computed from the sizes passed;
* an element-wise kernel walks its elements with a grid-stride loop: any grid
  size is correct;
* no two threads write the same element and nothing is accumulated with
  atomics: gradients of convolutions and pooling are *gathers* (each thread
  owns one input element and sums what reads it), so results are
  deterministic, run to run;
* reductions (bias gradients, the loss) use one block per output, a
  power-of-two block and a shared-memory tree, also deterministic;
* arithmetic is written in the NumPy reference's order, and the module is
  compiled with ``--fmad=false`` so that ``a * b + c`` is rounded twice as in
  NumPy, not fused: the uint8 -> float conversion, im2col/col2im, pooling,
  ReLU, dropout and the optimizer updates then round exactly as the
  reference does (CuPy itself adds ``-ftz=true``: float32 subnormals flush to
  zero, which the reference does not do; float64 is unaffected).
"""

from __future__ import annotations

import re

FLOAT_TYPES = {"float32": "float", "float64": "double"}
INDEX_TYPES = {"u32": "unsigned int", "u64": "unsigned long long"}
INDEX_LIMIT_32 = 2**31
"""A launch uses the 32-bit kernels when every index it computes is below this."""

BLOCK = 256
"""Threads per block of the element-wise (grid-stride) kernels."""
REDUCE_BLOCK = 1024
"""Largest block of ``channel_sums`` (one block per channel; a power of two)."""
LOSS_BLOCK = 256
"""The single block of the loss kernel (a power of two)."""
MAX_GRID = 1 << 20
"""Grid-stride kernels use at most this many blocks."""

NVRTC_OPTIONS = ("--std=c++17", "--fmad=false")
"""Our options; CuPy adds ``-ftz=true``, ``-arch=...`` and ``--device-as-default-execution-space``."""
CUPY_ADDED_OPTIONS = ("-ftz=true", "--device-as-default-execution-space")
"""What CuPy's RawModule appends before calling NVRTC (see the compile test)."""

_PRELUDE = r"""
typedef __FLOAT__ T;

#define CNNVIZ_LOOP(I, i, total) \
    for (I i = (I)blockIdx.x * blockDim.x + threadIdx.x; i < (total); i += (I)blockDim.x * gridDim.x)

__device__ __forceinline__ unsigned int cnnviz_hash32(unsigned int x) {
    /* lowbias32 (C. Wellons): base.hash32, the dropout mask's specification */
    x ^= x >> 16;
    x *= 0x7FEB352Du;
    x ^= x >> 15;
    x *= 0x846CA68Bu;
    x ^= x >> 16;
    return x;
}

__device__ __forceinline__ bool cnnviz_isnan(T v) { return v != v; }
__device__ __forceinline__ float cnnviz_exp(float v) { return expf(v); }
__device__ __forceinline__ double cnnviz_exp(double v) { return exp(v); }
__device__ __forceinline__ float cnnviz_log(float v) { return logf(v); }
__device__ __forceinline__ double cnnviz_log(double v) { return log(v); }
__device__ __forceinline__ float cnnviz_sqrt(float v) { return sqrtf(v); }
__device__ __forceinline__ double cnnviz_sqrt(double v) { return sqrt(v); }
__device__ __forceinline__ double cnnviz_nan() { return __longlong_as_double(0x7ff8000000000000ULL); }

/* The loss of one block of rows (see softmax_xent_*). L: the labels' integer type. */
template <typename I, typename L>
__device__ __forceinline__ void cnnviz_softmax_xent(
        const T* __restrict__ logits, const L* __restrict__ labels, T* __restrict__ dlogits,
        double* __restrict__ stat, I rows, I cols) {
    __shared__ double loss_part[__LOSS_BLOCK__];
    __shared__ double correct_part[__LOSS_BLOCK__];
    double loss = 0.0, correct = 0.0;
    const T n = (T)rows;
    for (I r = threadIdx.x; r < rows; r += blockDim.x) {
        const T* z = logits + r * cols;
        T* d = dlogits + r * cols;
        /* max and argmax as NumPy: the first maximum; a NaN is the maximum, the first NaN wins */
        T m = z[0];
        I arg = 0;
        for (I j = 1; j < cols && !cnnviz_isnan(m); ++j) {
            const T v = z[j];
            if (v > m || cnnviz_isnan(v)) { m = v; arg = j; }
        }
        T s = (T)0;
        for (I j = 0; j < cols; ++j) s += cnnviz_exp(z[j] - m);
        const T lse = cnnviz_log(s);
        const L label = labels[r];
        const bool valid = label >= 0 && (unsigned long long)label < (unsigned long long)cols;
        for (I j = 0; j < cols; ++j) {
            const T logp = (z[j] - m) - lse;
            T p = cnnviz_exp(logp);
            if (valid && (unsigned long long)j == (unsigned long long)label) {
                loss -= (double)logp;
                p = p - (T)1;
            }
            d[j] = p / n;
        }
        if (!valid) loss = cnnviz_nan();  /* a label outside [0, cols): NaN loss, never a silent value */
        else if ((unsigned long long)arg == (unsigned long long)label) correct += 1.0;
    }
    loss_part[threadIdx.x] = loss;
    correct_part[threadIdx.x] = correct;
    __syncthreads();
    for (unsigned int half = blockDim.x / 2; half > 0; half >>= 1) {
        if (threadIdx.x < half) {
            loss_part[threadIdx.x] += loss_part[threadIdx.x + half];
            correct_part[threadIdx.x] += correct_part[threadIdx.x + half];
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        stat[0] = loss_part[0] / (double)rows;
        stat[1] = correct_part[0];
    }
}
"""

# Rendered once per index width: __I__ is the index type, __S__ the name suffix.
_KERNELS = r"""
/* images[indices] as (B, 1, H, W) in T: float32(u8) * float32(1/255), then cast (data.batches.to_float_nchw),
   and labels[indices]; one thread per pixel, the first pixel's thread copies the label. */
extern "C" __global__ void __launch_bounds__(__BLOCK__, 1) gather_batch___S__(
        const unsigned char* __restrict__ images, const int* __restrict__ labels,
        const int* __restrict__ indices, T* __restrict__ x, int* __restrict__ y,
        float inv255, __I__ batch, __I__ hw) {
    CNNVIZ_LOOP(__I__, i, batch * hw) {
        const __I__ b = i / hw, p = i - b * hw;
        const __I__ src = (__I__)indices[b];
        x[i] = (T)((float)images[src * hw + p] * inv255);
        if (p == 0) y[b] = labels[src];
    }
}

/* x (N, C, H, W) -> cols (C*KH*KW, N*HO*WO), rows ordered (c, ky, kx), columns (n, oy, ox);
   cols[(c, ky, kx), (n, oy, ox)] = x_padded[n, c, oy + ky, ox + kx] (zero outside x). */
extern "C" __global__ void __launch_bounds__(__BLOCK__, 1) im2col___S__(
        const T* __restrict__ x, T* __restrict__ cols, __I__ n, __I__ c, __I__ h, __I__ w,
        __I__ kh, __I__ kw, __I__ top, __I__ left, __I__ ho, __I__ wo) {
    const __I__ p = ho * wo, np_ = n * p;
    CNNVIZ_LOOP(__I__, i, c * kh * kw * np_) {
        const __I__ k = i / np_, r = i - k * np_;
        const __I__ ni = r / p, q = r - ni * p;
        const __I__ oy = q / wo, ox = q - oy * wo;
        const __I__ kx = k % kw, t = k / kw;
        const __I__ ky = t % kh, ci = t / kh;
        const __I__ py = oy + ky, px = ox + kx;  /* position in the padded image */
        T v = (T)0;
        if (py >= top && py - top < h && px >= left && px - left < w)
            v = x[((ni * c + ci) * h + (py - top)) * w + (px - left)];
        cols[i] = v;
    }
}

/* Adjoint of im2col as a gather: each thread owns one element of dx (N, C, H, W) and sums, in the
   reference's order (ky, then kx, ascending; starting from zero), the column gradients that read it. */
extern "C" __global__ void __launch_bounds__(__BLOCK__, 1) col2im___S__(
        const T* __restrict__ dcols, T* __restrict__ dx, __I__ n, __I__ c, __I__ h, __I__ w,
        __I__ kh, __I__ kw, __I__ top, __I__ left, __I__ ho, __I__ wo) {
    const __I__ p = ho * wo, np_ = n * p;
    CNNVIZ_LOOP(__I__, i, n * c * h * w) {
        const __I__ xx = i % w, t1 = i / w;
        const __I__ yy = t1 % h, t2 = t1 / h;
        const __I__ ci = t2 % c, ni = t2 / c;
        const __I__ py = yy + top, px = xx + left;  /* position in the padded image */
        T s = (T)0;
        for (__I__ ky = 0; ky < kh && ky <= py; ++ky) {
            const __I__ oy = py - ky;
            if (oy >= ho) continue;
            for (__I__ kx = 0; kx < kw && kx <= px; ++kx) {
                const __I__ ox = px - kx;
                if (ox >= wo) continue;
                s += dcols[((ci * kh + ky) * kw + kx) * np_ + ni * p + oy * wo + ox];
            }
        }
        dx[i] = s;
    }
}

/* y2 (O, N*P) (the GEMM's output) -> y (N, O, P) plus the bias: y[n, o, q] = y2[o, n*P + q] + b[o]. */
extern "C" __global__ void __launch_bounds__(__BLOCK__, 1) cn_to_nchw_bias___S__(
        const T* __restrict__ y2, const T* __restrict__ b, T* __restrict__ y, __I__ n, __I__ o, __I__ p) {
    CNNVIZ_LOOP(__I__, i, n * o * p) {
        const __I__ q = i % p, t = i / p;
        const __I__ oi = t % o, ni = t / o;
        y[i] = y2[(oi * n + ni) * p + q] + b[oi];
    }
}

/* One block per channel o of dy (N, O, P): sum[o] = sum over (n, q) of dy[n, o, q], and, when write_t,
   the transposed copy dy2 (O, N*P) the weight-gradient GEMM needs. With P = 1 it is the column sums
   of a (N, O) matrix (a dense bias gradient). blockDim.x must be a power of two <= __REDUCE_BLOCK__. */
extern "C" __global__ void __launch_bounds__(__REDUCE_BLOCK__, 1) channel_sums___S__(
        const T* __restrict__ dy, T* __restrict__ dy2, T* __restrict__ sums, __I__ n, __I__ o, __I__ p,
        int write_t) {
    __shared__ T part[__REDUCE_BLOCK__];
    const __I__ oi = blockIdx.x, np_ = n * p;
    T s = (T)0;
    for (__I__ r = threadIdx.x; r < np_; r += blockDim.x) {
        const __I__ ni = r / p, q = r - ni * p;
        const T v = dy[(ni * o + oi) * p + q];
        if (write_t) dy2[oi * np_ + r] = v;
        s += v;
    }
    part[threadIdx.x] = s;
    __syncthreads();
    for (unsigned int half = blockDim.x / 2; half > 0; half >>= 1) {
        if (threadIdx.x < half) part[threadIdx.x] += part[threadIdx.x + half];
        __syncthreads();
    }
    if (threadIdx.x == 0) sums[oi] = part[0];
}

/* 2x2 stride-2 max pooling of planes (N*C, H, W) -> (N*C, H2, W2); argmax = 2*dy + dx of the first
   maximum in the order (0,0), (0,1), (1,0), (1,1), a NaN counting as the maximum (np.argmax). */
extern "C" __global__ void __launch_bounds__(__BLOCK__, 1) maxpool_fwd___S__(
        const T* __restrict__ x, T* __restrict__ y, signed char* __restrict__ argmax,
        __I__ planes, __I__ h, __I__ w, __I__ h2, __I__ w2) {
    CNNVIZ_LOOP(__I__, i, planes * h2 * w2) {
        const __I__ ox = i % w2, t = i / w2;
        const __I__ oy = t % h2, pl = t / h2;
        const T* base = x + (pl * h + 2 * oy) * w + 2 * ox;
        const T v[4] = {base[0], base[1], base[w], base[w + 1]};
        T best = v[0];
        signed char k = 0;
        for (int j = 1; j < 4 && !cnnviz_isnan(best); ++j) {
            if (v[j] > best || cnnviz_isnan(v[j])) { best = v[j]; k = (signed char)j; }
        }
        y[i] = best;
        argmax[i] = k;
    }
}

/* Gather: each thread owns one element of dx (N*C, H, W); it takes dy through the recorded argmax
   (reference: one-hot mask times dy, so a non-maximum gets 0 * dy); an odd last row/column gets 0. */
extern "C" __global__ void __launch_bounds__(__BLOCK__, 1) maxpool_bwd___S__(
        const T* __restrict__ dy, const signed char* __restrict__ argmax, T* __restrict__ dx,
        __I__ planes, __I__ h, __I__ w, __I__ h2, __I__ w2) {
    CNNVIZ_LOOP(__I__, i, planes * h * w) {
        const __I__ xx = i % w, t = i / w;
        const __I__ yy = t % h, pl = t / h;
        const __I__ oy = yy >> 1, ox = xx >> 1;
        T v = (T)0;
        if (oy < h2 && ox < w2) {
            const __I__ o = (pl * h2 + oy) * w2 + ox;
            const int k = (int)((yy & 1) * 2 + (xx & 1));
            const T g = dy[o];
            v = ((int)argmax[o] == k) ? g : (T)0 * g;
        }
        dx[i] = v;
    }
}

/* The reference's ReLU: x where x > 0 or x is NaN, else +0.0 (also for -0.0). */
extern "C" __global__ void __launch_bounds__(__BLOCK__, 1) relu_fwd___S__(
        const T* __restrict__ x, T* __restrict__ y, __I__ size) {
    CNNVIZ_LOOP(__I__, i, size) {
        const T v = x[i];
        y[i] = (v > (T)0 || cnnviz_isnan(v)) ? v : (T)0;
    }
}

/* dy * (y > 0), the boolean taken as 1 or 0 (the reference's arithmetic). */
extern "C" __global__ void __launch_bounds__(__BLOCK__, 1) relu_bwd___S__(
        const T* __restrict__ dy, const T* __restrict__ y, T* __restrict__ dx, __I__ size) {
    CNNVIZ_LOOP(__I__, i, size) {
        dx[i] = dy[i] * ((y[i] > (T)0) ? (T)1 : (T)0);
    }
}

/* The hashed dropout mask (base.dropout_keep_mask): element i is kept when
   hash32(uint32(i) ^ mixed) >= threshold, with mixed = hash32(key). factor = kept ? scale : 0, y = x * factor. */
extern "C" __global__ void __launch_bounds__(__BLOCK__, 1) dropout_fwd___S__(
        const T* __restrict__ x, T* __restrict__ y, T* __restrict__ factor,
        unsigned int mixed, unsigned int threshold, T scale, __I__ size) {
    CNNVIZ_LOOP(__I__, i, size) {
        const unsigned int hsh = cnnviz_hash32((unsigned int)i ^ mixed);
        const T f = (hsh >= threshold) ? scale : (T)0;
        factor[i] = f;
        y[i] = x[i] * f;
    }
}

/* out = a * b, element-wise (dropout backward: dy * factor). */
extern "C" __global__ void __launch_bounds__(__BLOCK__, 1) mul___S__(
        const T* __restrict__ a, const T* __restrict__ b, T* __restrict__ out, __I__ size) {
    CNNVIZ_LOOP(__I__, i, size) {
        out[i] = a[i] * b[i];
    }
}

/* y (rows, cols) += b (cols): the dense layer's bias, in place. */
extern "C" __global__ void __launch_bounds__(__BLOCK__, 1) bias_rows___S__(
        T* __restrict__ y, const T* __restrict__ b, __I__ rows, __I__ cols) {
    CNNVIZ_LOOP(__I__, i, rows * cols) {
        y[i] = y[i] + b[i % cols];
    }
}

/* Softmax cross-entropy in one block: dlogits = (softmax - onehot) / rows, and (mean loss, correct
   argmax count) written into stat[0], stat[1] (a row of the float64 step-stats buffer): no host sync. */
extern "C" __global__ void __launch_bounds__(__LOSS_BLOCK__, 1) softmax_xent_i32___S__(
        const T* __restrict__ logits, const int* __restrict__ labels, T* __restrict__ dlogits,
        double* __restrict__ stat, __I__ rows, __I__ cols) {
    cnnviz_softmax_xent<__I__, int>(logits, labels, dlogits, stat, rows, cols);
}

extern "C" __global__ void __launch_bounds__(__LOSS_BLOCK__, 1) softmax_xent_i64___S__(
        const T* __restrict__ logits, const long long* __restrict__ labels, T* __restrict__ dlogits,
        double* __restrict__ stat, __I__ rows, __I__ cols) {
    cnnviz_softmax_xent<__I__, long long>(logits, labels, dlogits, stat, rows, cols);
}

/* Row softmax (inference): exp((z - max) - log(sum(exp(z - max)))), one thread per row. */
extern "C" __global__ void __launch_bounds__(__BLOCK__, 1) softmax_rows___S__(
        const T* __restrict__ logits, T* __restrict__ probs, __I__ rows, __I__ cols) {
    CNNVIZ_LOOP(__I__, r, rows) {
        const T* z = logits + r * cols;
        T* out = probs + r * cols;
        T m = z[0];
        for (__I__ j = 1; j < cols && !cnnviz_isnan(m); ++j) {
            if (z[j] > m || cnnviz_isnan(z[j])) m = z[j];
        }
        T s = (T)0;
        for (__I__ j = 0; j < cols; ++j) s += cnnviz_exp(z[j] - m);
        const T lse = cnnviz_log(s);
        for (__I__ j = 0; j < cols; ++j) out[j] = cnnviz_exp((z[j] - m) - lse);
    }
}

/* Optimizers over the flat parameter buffer, one launch for the whole model; each line rounds as the
   reference's NumPy statement of the same name (no fused multiply-add: --fmad=false). */
extern "C" __global__ void __launch_bounds__(__BLOCK__, 1) sgd___S__(
        T* __restrict__ param, const T* __restrict__ grad, T lr, __I__ size) {
    CNNVIZ_LOOP(__I__, i, size) {
        param[i] = param[i] - lr * grad[i];                 /* param -= lr * grad */
    }
}

extern "C" __global__ void __launch_bounds__(__BLOCK__, 1) sgd_momentum___S__(
        T* __restrict__ param, const T* __restrict__ grad, T* __restrict__ velocity,
        T lr, T momentum, __I__ size) {
    CNNVIZ_LOOP(__I__, i, size) {
        T v = velocity[i] * momentum;                        /* velocity *= momentum */
        v = v + grad[i];                                     /* velocity += grad */
        velocity[i] = v;
        param[i] = param[i] - lr * v;                        /* param -= lr * velocity */
    }
}

extern "C" __global__ void __launch_bounds__(__BLOCK__, 1) adam___S__(
        T* __restrict__ param, const T* __restrict__ grad, T* __restrict__ m, T* __restrict__ v,
        T beta1, T one_minus_beta1, T beta2, T one_minus_beta2, T step, T eps, __I__ size) {
    CNNVIZ_LOOP(__I__, i, size) {
        const T g = grad[i];
        T mi = m[i] * beta1;                                 /* m *= beta1 */
        mi = mi + one_minus_beta1 * g;                       /* m += (1 - beta1) * grad */
        T vi = v[i] * beta2;                                 /* v *= beta2 */
        vi = vi + (one_minus_beta2 * g) * g;                 /* v += (1 - beta2) * grad * grad */
        m[i] = mi;
        v[i] = vi;
        param[i] = param[i] - (step * mi) / (cnnviz_sqrt(vi) + eps);  /* param -= step * m / (sqrt(v) + eps) */
    }
}
"""

KERNELS = (
    "gather_batch",
    "im2col",
    "col2im",
    "cn_to_nchw_bias",
    "channel_sums",
    "maxpool_fwd",
    "maxpool_bwd",
    "relu_fwd",
    "relu_bwd",
    "dropout_fwd",
    "mul",
    "bias_rows",
    "softmax_xent_i32",
    "softmax_xent_i64",
    "softmax_rows",
    "sgd",
    "sgd_momentum",
    "adam",
)
"""Base names; the compiled functions are ``<name>_u32`` and ``<name>_u64``."""

BLOCKS = {name: BLOCK for name in KERNELS}
BLOCKS.update({"channel_sums": REDUCE_BLOCK, "softmax_xent_i32": LOSS_BLOCK, "softmax_xent_i64": LOSS_BLOCK})
"""The launch-bounds block of each kernel (channel_sums may run with a smaller power of two)."""


def source(dtype_name: str) -> str:
    """The module's CUDA C source for ``float32`` or ``float64``."""
    if dtype_name not in FLOAT_TYPES:
        raise ValueError(f"the CuPy kernels exist for {', '.join(FLOAT_TYPES)}, not {dtype_name}")
    parts = [_PRELUDE.replace("__FLOAT__", FLOAT_TYPES[dtype_name])]
    for suffix, index_type in INDEX_TYPES.items():
        parts.append(_KERNELS.replace("__I__", index_type).replace("__S__", suffix))
    text = "\n".join(parts)
    for macro, value in (("__BLOCK__", BLOCK), ("__REDUCE_BLOCK__", REDUCE_BLOCK), ("__LOSS_BLOCK__", LOSS_BLOCK)):
        text = text.replace(macro, str(value))
    return text


def function_names() -> list[str]:
    return [f"{name}_{suffix}" for name in KERNELS for suffix in INDEX_TYPES]


_SIGNATURE = re.compile(r'extern "C" __global__ void (?:__launch_bounds__\([\d, ]+\) )?(\w+)\(([^)]*)\)', re.S)


def signatures(dtype_name: str) -> dict[str, list[tuple[str, str]]]:
    """``{function: [(C type, parameter name), ...]}`` parsed from the source (tests check launches with it)."""
    out = {}
    for match in _SIGNATURE.finditer(source(dtype_name)):
        params = []
        for raw in match.group(2).split(","):
            raw = " ".join(raw.replace("__restrict__", "").split())
            ctype, _, pname = raw.rpartition(" ")
            params.append((ctype.replace(" *", "*"), pname))
        out[match.group(1)] = params
    return out

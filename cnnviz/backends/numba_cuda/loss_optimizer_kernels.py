"""The loss and optimizer kernels of the ``cuda`` backend.

The loss is a one-block reduction: softmax, cross-entropy, the correct count and
the gradient of the logits in one pass, the mean loss and the count written
straight into the device stats buffer (float64: the only float64 arithmetic of a
float32 step). The optimizers update the model's flat parameter buffer in one
launch each.
"""

from __future__ import annotations

import math

import numpy as np

cuda = None
"""``numba.cuda``, set by ``kernels.bind_cuda`` (the kernels' one binding; see there)."""


def build_loss_optimizer_kernels(np_dtype: np.dtype, cfg) -> dict:
    """``softmax_cross_entropy``, ``softmax_rows``, ``sgd``, ``sgd_momentum`` and ``adam``
    for one float dtype and one ``KernelConfig`` (compiled on first launch)."""
    import numba

    f64 = numba.float64
    zero = np_dtype.type(0)
    one = np_dtype.type(1)
    RT = cfg.reduce_threads

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

    return {
        "softmax_cross_entropy": softmax_cross_entropy,
        "softmax_rows": softmax_rows,
        "sgd": sgd,
        "sgd_momentum": sgd_momentum,
        "adam": adam,
    }

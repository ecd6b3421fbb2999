"""The numba CPU backend's warm-up: every kernel compiled (or loaded from numba's disk cache).

numba compiles a kernel at its first call, for the types and layouts of that
call. Running every op through the backend's own methods, on every convolution
path and on the layouts the ops meet only at full size, compiles them all up
front, so that the first training step is not a multi-second outlier.
"""

from __future__ import annotations

import numpy as np

from . import numba_cpu_kernels as K


def compile_every_kernel(backend, dtype) -> None:
    """Call every op of ``backend`` (a ``numba_cpu.NumbaBackend``) and every kernel for
    ``dtype`` once, on tiny arrays."""
    rng = np.random.default_rng(0)
    f = np.dtype(dtype).type
    # Every conv path (the backend's channel planes, channels-last im2col and Winograd),
    # chunks of one image and of several.
    for shape, wshape, pads in (((2, 1, 8, 8), (3, 1, 5, 5), (2, 2, 2, 2)),  # channel planes
                                ((1, 1, 8, 8), (3, 1, 5, 5), (2, 2, 2, 2)),
                                ((2, 8, 6, 6), (4, 8, 4, 4), (1, 2, 1, 2)),  # channels-last im2col
                                ((1, 8, 6, 6), (4, 8, 4, 4), (1, 2, 1, 2)),
                                ((2, 16, 6, 6), (16, 16, 3, 3), (1, 1, 1, 1))):  # Winograd
        x = rng.standard_normal(shape).astype(dtype)
        w = rng.standard_normal(wshape).astype(dtype)
        b = np.zeros(wshape[0], dtype)
        y, cache = backend.conv2d_forward(x, w, b, pads)
        backend.conv2d_backward(y, cache, need_dx=True, dw=np.empty_like(w), db=np.empty_like(b))
    x = rng.standard_normal((2, 2, 5, 5)).astype(dtype)
    w = rng.standard_normal((3, 2, 3, 3)).astype(dtype)
    y, cache = backend.conv2d_forward(x, w, np.zeros(3, dtype), (1, 1, 1, 1))
    backend.conv2d_backward(y, cache, need_dx=False)
    y, cache = backend.relu_forward(y)
    backend.relu_backward(y, cache)
    y, cache = backend.maxpool2x2_forward(y)
    backend.maxpool2x2_backward(y, cache)
    y, cache = backend.dropout_forward(y, 0.5, 7)
    backend.dropout_backward(y, cache)
    flat = y.reshape(y.shape[0], -1)
    wd = rng.standard_normal((4, flat.shape[1])).astype(dtype)
    logits, cache = backend.dense_forward(flat, wd, np.zeros(4, dtype))
    backend.dense_backward(logits, cache)
    backend.softmax(logits)
    backend.softmax_cross_entropy(logits, np.array([0, 3]))
    stats = backend.new_step_stats(2)
    backend.softmax_cross_entropy_into(logits, np.array([0, 3], np.int32), stats, 1)
    backend.read_step_stats(stats, 2)
    data = backend.upload_dataset(np.zeros((3, 4, 4), np.uint8), np.arange(3))
    backend.gather_batch(data, np.array([2, 0]), dtype)
    p = np.ones(6, dtype)
    g = np.full(6, f(0.5))
    # Layouts the ops above meet only at full size: the dW sum of a thread with
    # several chunks, the bias of one thread's column slice of a dense output.
    K.add_into(p, g)
    K.bias_add_rows(np.zeros((2, 6), dtype)[:, 1:4], g[:3])
    backend.sgd_step(p, g, None, 0.1, 0.0)
    backend.sgd_step(p, g, np.zeros_like(p), 0.1, 0.9)
    backend.adam_step(p, g, np.zeros_like(p), np.zeros_like(p), 0.1, 0.9, 0.999, 1e-8, 1)

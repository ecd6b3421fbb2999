"""The numba CPU backend's warm-up: every kernel compiled (or loaded from numba's disk cache).

numba compiles a kernel at its first call, for the types and layouts of that
call. The one warm-up step (``warm_up.exercise_every_op``) runs every op; this
adds what only this backend has: its other convolution paths (channel planes,
channels-last im2col, Winograd) and the layouts the ops meet only at full size.
"""

from __future__ import annotations

import numpy as np

from ..warm_up import exercise_every_op
from . import kernels as K


def compile_every_kernel(backend, dtype) -> None:
    """Call every op of ``backend`` (a ``numba_cpu.NumbaBackend``) and every kernel for
    ``dtype`` once, on tiny arrays."""
    rng = np.random.default_rng(0)
    f = np.dtype(dtype).type
    # Every conv path (the backend's channel planes, channels-last im2col and Winograd),
    # chunks of one image and of several.
    for shape, wshape, pads in (
        ((2, 1, 8, 8), (3, 1, 5, 5), (2, 2, 2, 2)),  # channel planes
        ((1, 1, 8, 8), (3, 1, 5, 5), (2, 2, 2, 2)),
        ((2, 8, 6, 6), (4, 8, 4, 4), (1, 2, 1, 2)),  # channels-last im2col
        ((1, 8, 6, 6), (4, 8, 4, 4), (1, 2, 1, 2)),
        ((2, 32, 6, 6), (32, 32, 3, 3), (1, 1, 1, 1)),
    ):  # Winograd (>= winograd_min_channels)
        x = rng.standard_normal(shape).astype(dtype)
        w = rng.standard_normal(wshape).astype(dtype)
        b = np.zeros(wshape[0], dtype)
        y, cache = backend.conv2d_forward(x, w, b, pads)
        for need_dx in (True, False):  # without dx: the first layer's own weight-gradient path
            backend.conv2d_backward(y, cache, need_dx=need_dx, dw=np.empty_like(w), db=np.empty_like(b))
    exercise_every_op(backend, dtype)  # every op once, as a training step calls it
    p = np.ones(6, dtype)
    g = np.full(6, f(0.5))
    # Layouts the ops above meet only at full size: the dW sum of a thread with
    # several chunks, the bias of one thread's column slice of a dense output.
    K.add_into(p, g)
    K.bias_add_rows(np.zeros((2, 6), dtype)[:, 1:4], g[:3])

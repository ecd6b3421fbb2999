"""The one warm-up routine: a tiny training step through every op of the Backend protocol.

A compiled backend compiles (numba, numba.cuda) or loads (CuPy's NVRTC module,
cuBLAS) a kernel at its first use, for the argument types of that use. Running a
step of every layer kind through the backend's own methods (gather, conv, ReLU
after a conv and after a pool, pooling, dropout, dense, both losses, softmax, the
stats buffer, every optimizer), with parameter gradients written into views of
one flat buffer as the model does, prepares each kernel with the argument types
training will use, so that the first timed step is not a multi-second outlier.
Each backend's ``warm_up`` runs this and adds only the paths it alone has (the
numba CPU backend's other convolution paths, CuPy's GEMM shape patterns).
"""

from __future__ import annotations

import numpy as np


def exercise_every_op(backend, dtype) -> None:
    """Run every op of ``backend`` for ``dtype`` once on tiny shapes, through the same methods as
    training, and wait for them."""
    dtype = np.dtype(dtype)
    rng = np.random.default_rng(0)

    def host(*shape):
        return rng.standard_normal(shape).astype(dtype)

    data = backend.upload_dataset(rng.integers(0, 256, (3, 6, 6), dtype=np.uint8), np.arange(3))
    x, labels = backend.gather_batch(data, np.array([2, 0]), dtype)
    shapes = [(2, 1, 3, 3), (2,), (3, 18), (3,)]  # conv3-2, pool, dense-3 on 6x6 images
    sizes = [int(np.prod(s)) for s in shapes]
    offsets = np.cumsum([0] + sizes)
    flat = backend.from_host(np.concatenate([host(s) for s in sizes]))
    grads = backend.zeros_like(flat)
    params, views = (
        [buf[a:z].reshape(s) for a, z, s in zip(offsets[:-1], offsets[1:], shapes)] for buf in (flat, grads)
    )
    y, conv_cache = backend.conv2d_forward(x, params[0], params[1], (1, 1, 1, 1))
    r, relu_cache = backend.relu_forward(y)
    p, pool_cache = backend.maxpool2x2_forward(r)
    r2, relu2_cache = backend.relu_forward(p)  # a ReLU after a pool: the standalone kernel
    d, drop_cache = backend.dropout_forward(r2, 0.5, 7)
    logits, dense_cache = backend.dense_forward(d.reshape(2, 18), params[2], params[3])
    stats = backend.new_step_stats(2)
    dl = backend.softmax_cross_entropy_into(logits, labels, stats, 0)
    backend.softmax_cross_entropy(logits, backend.from_host(np.array([1, 0], np.int64)))
    backend.read_step_stats(stats, 1)
    backend.softmax(logits)
    dd, _, _ = backend.dense_backward(dl, dense_cache, True, views[2], views[3])
    dd = backend.dropout_backward(dd.reshape(2, 2, 3, 3), drop_cache)
    dd = backend.relu_backward(dd, relu2_cache)
    dd = backend.maxpool2x2_backward(dd, pool_cache)
    dd = backend.relu_backward(dd, relu_cache)
    backend.conv2d_backward(dd, conv_cache, False, views[0], views[1])  # a first layer: no input gradient
    backend.conv2d_backward(dd, conv_cache, True, views[0], views[1])  # a deeper layer
    backend.sgd_step(flat, grads, None, 0.1, 0.0)
    backend.sgd_step(flat, grads, backend.zeros_like(flat), 0.1, 0.9)
    backend.adam_step(flat, grads, backend.zeros_like(flat), backend.zeros_like(flat), 0.1, 0.9, 0.999, 1e-8, 1)
    backend.synchronize()


def main(argv: list[str] | None = None) -> int:
    """``python -m cnnviz.backends.warm_up BACKEND``: compile the backend's kernels into numba's disk cache
    and exit (the app runs it in a process of its own when its window opens, so that Start only loads
    them). Prints the seconds; exit 0, or 2 when the backend cannot be opened here."""
    import sys

    from . import registry
    from .base import BackendUnavailable

    args = sys.argv[1:] if argv is None else argv
    name = args[0] if args else "numba"
    try:
        backend = registry.get(name)
    except (BackendUnavailable, ValueError) as exc:
        print(f"{name}: not available ({exc})", file=sys.stderr)
        return 2
    seconds = float(backend.warm_up(np.float32)) if backend.needs_warmup else 0.0
    print(f"{name}: kernels ready in {seconds:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

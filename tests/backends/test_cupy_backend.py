"""The CuPy backend against the NumPy reference (needs a real GPU with CuPy; skipped with the reason otherwise)."""

from __future__ import annotations

import numpy as np
import pytest

from cnnviz.backends import numpy_ref
from cnnviz.backends.base import BackendUnavailable

pytestmark = pytest.mark.gpu


@pytest.fixture(scope="module")
def cp_be():
    from cnnviz.backends import cupy_backend
    try:
        return cupy_backend.create()
    except BackendUnavailable as exc:
        pytest.skip(f"cupy backend unavailable: {exc}")


@pytest.fixture(scope="module")
def ref():
    return numpy_ref.create()


def close(got, expected, what, rtol=1e-5, atol=1e-6):
    got = np.asarray(got)
    assert got.shape == expected.shape and got.dtype == expected.dtype, what
    np.testing.assert_allclose(got, expected, rtol=rtol, atol=atol, err_msg=what)


@pytest.mark.parametrize("padding,k", [((1, 1, 1, 1), 3), ((0, 0, 0, 0), 3), ((0, 1, 0, 1), 2), ((2, 2, 2, 2), 5)])
def test_conv2d(cp_be, ref, padding, k):
    rng = np.random.default_rng(0)
    x, w, b = (rng.standard_normal(s).astype(np.float32) for s in ((4, 3, 12, 11), (5, 3, k, k), (5,)))
    y, cache = cp_be.conv2d_forward(cp_be.from_host(x), cp_be.from_host(w), cp_be.from_host(b), padding)
    y_ref, cache_ref = ref.conv2d_forward(x, w, b, padding)
    close(cp_be.to_host(y), y_ref, "conv2d_forward")
    dy = rng.standard_normal(y_ref.shape).astype(np.float32)
    for name, g, e in zip(("dx", "dw", "db"), cp_be.conv2d_backward(cp_be.from_host(dy), cache),
                          ref.conv2d_backward(dy, cache_ref)):
        close(cp_be.to_host(g), e, f"conv2d_backward {name}", rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("shape", [(2, 3, 8, 8), (2, 3, 7, 9)])
def test_maxpool_with_ties(cp_be, ref, shape):
    rng = np.random.default_rng(1)
    x = rng.integers(0, 3, size=shape).astype(np.float32)
    y, cache = cp_be.maxpool2x2_forward(cp_be.from_host(x))
    y_ref, cache_ref = ref.maxpool2x2_forward(x)
    close(cp_be.to_host(y), y_ref, "maxpool forward")
    dy = rng.standard_normal(y_ref.shape).astype(np.float32)
    close(cp_be.to_host(cp_be.maxpool2x2_backward(cp_be.from_host(dy), cache)),
          ref.maxpool2x2_backward(dy, cache_ref), "maxpool backward")


def test_dense_relu_dropout_loss(cp_be, ref):
    rng = np.random.default_rng(2)
    x, w, b = (rng.standard_normal(s).astype(np.float32) for s in ((8, 20), (10, 20), (10,)))
    y, cache = cp_be.dense_forward(cp_be.from_host(x), cp_be.from_host(w), cp_be.from_host(b))
    y_ref, cache_ref = ref.dense_forward(x, w, b)
    close(cp_be.to_host(y), y_ref, "dense forward")
    labels = rng.integers(0, 10, 8)
    loss, correct, dl = cp_be.softmax_cross_entropy(y, labels)  # host labels accepted
    loss_ref, correct_ref, dl_ref = ref.softmax_cross_entropy(y_ref, labels)
    assert loss == pytest.approx(loss_ref, rel=1e-5) and correct == correct_ref
    close(cp_be.to_host(dl), dl_ref, "dlogits")
    for name, g, e in zip(("dx", "dw", "db"), cp_be.dense_backward(dl, cache), ref.dense_backward(dl_ref, cache_ref)):
        close(cp_be.to_host(g), e, f"dense backward {name}")
    r, rc = cp_be.relu_forward(cp_be.from_host(x))
    close(cp_be.to_host(r), ref.relu_forward(x)[0], "relu")
    keep = rng.random(x.shape) >= 0.5
    d, dc = cp_be.dropout_forward(cp_be.from_host(x), cp_be.from_host(keep), 2.0)
    close(cp_be.to_host(d), ref.dropout_forward(x, keep, 2.0)[0], "dropout")


@pytest.mark.parametrize("fused", [True, False])
def test_optimizers(cp_be, ref, fused):
    rng = np.random.default_rng(3)
    p, g = (rng.standard_normal((6, 7)).astype(np.float32) for _ in range(2))
    old = cp_be.fused_optimizers
    cp_be.fused_optimizers = fused
    try:
        pd, gd, md, vd, veld = (cp_be.from_host(a) for a in (p, g, np.zeros_like(p), np.zeros_like(p),
                                                             np.zeros_like(p)))
        pr, mr, vr, velr = p.copy(), np.zeros_like(p), np.zeros_like(p), np.zeros_like(p)
        for t in range(1, 4):
            cp_be.adam_step(pd, gd, md, vd, 1e-2, 0.9, 0.999, 1e-8, t)
            ref.adam_step(pr, g, mr, vr, 1e-2, 0.9, 0.999, 1e-8, t)
        close(cp_be.to_host(pd), pr, "adam")
        cp_be.sgd_step(pd, gd, veld, 0.1, 0.9)
        ref.sgd_step(pr, g, velr, 0.1, 0.9)
        close(cp_be.to_host(pd), pr, "momentum")
    finally:
        cp_be.fused_optimizers = old


def test_timing_and_description(cp_be):
    start = cp_be.mark()
    cp_be.relu_forward(cp_be.from_host(np.ones((256, 256), np.float32)))
    end = cp_be.mark()
    assert cp_be.elapsed_ms(start, end) >= 0.0
    assert "compute capability" in cp_be.describe()

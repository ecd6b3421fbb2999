"""Every numba.cuda kernel against the NumPy reference, forward and backward.

Shapes are tiny (the simulator runs one Python thread per CUDA thread) but
larger than the backend's test tiles (4x4), so tile borders and halos are hit.
"""

from __future__ import annotations

import numpy as np
import pytest

from cnnviz.backends.base import BackendUnavailable


def close(got, expected, what, rtol=1e-10, atol=1e-12):
    got = np.asarray(got)
    assert got.shape == expected.shape, f"{what}: shape {got.shape}, expected {expected.shape}"
    assert got.dtype == expected.dtype, f"{what}: dtype {got.dtype}, expected {expected.dtype}"
    if not np.allclose(got, expected, rtol=rtol, atol=atol, equal_nan=True):
        index = np.unravel_index(np.argmax(np.abs(got - expected)), got.shape)
        raise AssertionError(f"{what}: at {index} got {got[index]!r}, expected {expected[index]!r}")


def pads_for(kernel: int, mode: str):
    if mode == "valid":
        return (0, 0, 0, 0)
    before = (kernel - 1) // 2
    return (before, kernel - 1 - before, before, kernel - 1 - before)


CONV_CASES = [
    # (N, C, H, W, O, k, padding)
    (2, 2, 6, 6, 3, 3, pads_for(3, "same")),
    (2, 2, 6, 6, 2, 3, pads_for(3, "valid")),
    (2, 2, 6, 6, 2, 2, pads_for(2, "same")),   # even kernel: one more pad after than before
    (1, 3, 5, 7, 2, 4, pads_for(4, "same")),   # non-square, odd sizes
    (2, 1, 6, 6, 2, 5, pads_for(5, "valid")),  # 2x2 output
    (1, 2, 5, 6, 2, 3, (2, 0, 1, 0)),          # asymmetric padding
    (1, 2, 9, 8, 5, 7, pads_for(7, "same")),   # 7 rows > the test slab's 2 rows per stage; 5 channels > BM
    (1, 1, 16, 17, 2, 15, pads_for(15, "valid")),  # the largest kernel, one row per stage
    (3, 1, 4, 4, 9, 1, pads_for(1, "same")),   # 1x1 kernel, more channels than tiles
]


@pytest.mark.parametrize("n,c,h,w,o,k,padding", CONV_CASES)
def test_conv2d_matches_reference(be, ref, n, c, h, w, o, k, padding):
    rng = np.random.default_rng(hash((n, c, h, w, o, k, padding)) % 2**32)
    x = rng.standard_normal((n, c, h, w))
    wt = rng.standard_normal((o, c, k, k))
    b = rng.standard_normal(o)
    y, cache = be.conv2d_forward(be.from_host(x), be.from_host(wt), be.from_host(b), padding)
    y_ref, cache_ref = ref.conv2d_forward(x, wt, b, padding)
    close(be.to_host(y), y_ref, f"conv2d_forward {padding}")
    dy = rng.standard_normal(y_ref.shape)
    dx, dw, db = be.conv2d_backward(be.from_host(dy), cache)
    dx_ref, dw_ref, db_ref = ref.conv2d_backward(dy, cache_ref)
    close(be.to_host(dx), dx_ref, "conv2d_backward dx")
    close(be.to_host(dw), dw_ref, "conv2d_backward dw")
    close(be.to_host(db), db_ref, "conv2d_backward db")


def test_conv2d_backward_without_dx(be, ref):
    rng = np.random.default_rng(1)
    x, wt, b = rng.standard_normal((2, 1, 5, 5)), rng.standard_normal((2, 1, 3, 3)), rng.standard_normal(2)
    y, cache = be.conv2d_forward(be.from_host(x), be.from_host(wt), be.from_host(b), (1, 1, 1, 1))
    _, cache_ref = ref.conv2d_forward(x, wt, b, (1, 1, 1, 1))
    dy = rng.standard_normal((2, 2, 5, 5))
    dx, dw, db = be.conv2d_backward(be.from_host(dy), cache, need_dx=False)
    _, dw_ref, db_ref = ref.conv2d_backward(dy, cache_ref, need_dx=False)
    assert dx is None
    close(be.to_host(dw), dw_ref, "conv2d dw (need_dx=False)")
    close(be.to_host(db), db_ref, "conv2d db (need_dx=False)")


def test_conv2d_float32_keeps_dtype(be, ref):
    rng = np.random.default_rng(2)
    x = rng.standard_normal((2, 2, 6, 6)).astype(np.float32)
    wt = rng.standard_normal((2, 2, 3, 3)).astype(np.float32)
    b = rng.standard_normal(2).astype(np.float32)
    y, cache = be.conv2d_forward(be.from_host(x), be.from_host(wt), be.from_host(b), (1, 1, 1, 1))
    y_ref, cache_ref = ref.conv2d_forward(x, wt, b, (1, 1, 1, 1))
    close(be.to_host(y), y_ref, "conv2d_forward float32", rtol=1e-5, atol=1e-5)
    dy = rng.standard_normal(y_ref.shape).astype(np.float32)
    got = be.conv2d_backward(be.from_host(dy), cache)
    for name, g, e in zip(("dx", "dw", "db"), got, ref.conv2d_backward(dy, cache_ref)):
        close(be.to_host(g), e, f"conv2d_backward {name} float32", rtol=1e-5, atol=1e-5)


def test_conv2d_default_tiles(ref):
    """The production tile sizes (64x64 GEMM tiles of 256 threads, 128-thread reductions)."""
    from cnnviz.backends import numba_cuda
    be16 = numba_cuda.create(numba_cuda.PRODUCTION)  # (under the simulator the default is SIMULATOR)
    assert be16.config == numba_cuda.PRODUCTION
    rng = np.random.default_rng(3)
    x, wt, b = rng.standard_normal((1, 2, 5, 6)), rng.standard_normal((2, 2, 3, 3)), rng.standard_normal(2)
    y, cache = be16.conv2d_forward(be16.from_host(x), be16.from_host(wt), be16.from_host(b), (1, 1, 1, 1))
    y_ref, cache_ref = ref.conv2d_forward(x, wt, b, (1, 1, 1, 1))
    close(be16.to_host(y), y_ref, "conv2d_forward tile 16")
    dy = rng.standard_normal(y_ref.shape)
    for name, g, e in zip(("dx", "dw", "db"), be16.conv2d_backward(be16.from_host(dy), cache),
                          ref.conv2d_backward(dy, cache_ref)):
        close(be16.to_host(g), e, f"conv2d_backward {name} tile 16")
    xd, wd_, bd = rng.standard_normal((3, 5)), rng.standard_normal((4, 5)), rng.standard_normal(4)
    yd, _ = be16.dense_forward(be16.from_host(xd), be16.from_host(wd_), be16.from_host(bd))
    close(be16.to_host(yd), ref.dense_forward(xd, wd_, bd)[0], "dense_forward tile 16")


@pytest.mark.parametrize("shape", [(2, 2, 6, 6), (1, 2, 5, 7), (2, 1, 3, 2)])
def test_maxpool_matches_reference_with_ties(be, ref, shape):
    rng = np.random.default_rng(4)
    # Few distinct values: many windows hold their maximum twice or more.
    x = rng.integers(0, 3, size=shape).astype(np.float64)
    y, cache = be.maxpool2x2_forward(be.from_host(x))
    y_ref, cache_ref = ref.maxpool2x2_forward(x)
    close(be.to_host(y), y_ref, f"maxpool2x2_forward {shape}")
    close(be.to_host(cache[0]), cache_ref[0], "maxpool argmax (first maximum)")
    dy = rng.standard_normal(y_ref.shape)
    close(be.to_host(be.maxpool2x2_backward(be.from_host(dy), cache)), ref.maxpool2x2_backward(dy, cache_ref),
          f"maxpool2x2_backward {shape}")


def test_maxpool_all_equal_window_routes_to_first(be):
    x = np.ones((1, 1, 2, 2), np.float32)
    y, cache = be.maxpool2x2_forward(be.from_host(x))
    dx = be.to_host(be.maxpool2x2_backward(be.from_host(np.full((1, 1, 1, 1), 5, np.float32)), cache))
    assert dx.dtype == np.float32
    np.testing.assert_array_equal(dx[0, 0], [[5, 0], [0, 0]])


def test_relu_matches_reference(be, ref):
    x = np.array([[-2.0, -0.0, 0.0, 0.5], [3.0, -1e-9, 1e-9, -4.0]], np.float32)
    y, cache = be.relu_forward(be.from_host(x))
    y_ref, cache_ref = ref.relu_forward(x)
    close(be.to_host(y), y_ref, "relu_forward")
    dy = np.arange(8, dtype=np.float32).reshape(2, 4) + 1
    close(be.to_host(be.relu_backward(be.from_host(dy), cache)), ref.relu_backward(dy, cache_ref), "relu_backward")


def test_relu_on_4d(be, ref):
    x = np.random.default_rng(5).standard_normal((2, 2, 3, 3))
    y, cache = be.relu_forward(be.from_host(x))
    close(be.to_host(y), ref.relu_forward(x)[0], "relu_forward 4-d")
    assert tuple(y.shape) == x.shape


@pytest.mark.parametrize("rate", [0.4, 0.0, 0.9])
def test_dropout_is_the_hashed_mask_bit_for_bit(be, ref, rate):
    rng = np.random.default_rng(6)
    x = rng.standard_normal((2, 3, 4, 5)).astype(np.float32)
    y, cache = be.dropout_forward(be.from_host(x), rate, 12345)
    y_ref, cache_ref = ref.dropout_forward(x, rate, 12345)
    assert be.to_host(y).tobytes() == y_ref.tobytes(), "dropout_forward differs from the reference bit pattern"
    dy = rng.standard_normal(x.shape).astype(np.float32)
    dx = be.to_host(be.dropout_backward(be.from_host(dy), cache))
    assert dx.tobytes() == ref.dropout_backward(dy, cache_ref).tobytes()


@pytest.mark.parametrize("n,f,u", [(3, 7, 5), (2, 4, 10), (5, 9, 1)])
def test_dense_matches_reference(be, ref, n, f, u):
    rng = np.random.default_rng(n * 100 + f * 10 + u)
    x, w, b = rng.standard_normal((n, f)), rng.standard_normal((u, f)), rng.standard_normal(u)
    y, cache = be.dense_forward(be.from_host(x), be.from_host(w), be.from_host(b))
    y_ref, cache_ref = ref.dense_forward(x, w, b)
    close(be.to_host(y), y_ref, "dense_forward")
    dy = rng.standard_normal((n, u))
    dx, dw, db = be.dense_backward(be.from_host(dy), cache)
    dx_ref, dw_ref, db_ref = ref.dense_backward(dy, cache_ref)
    close(be.to_host(dx), dx_ref, "dense_backward dx")
    close(be.to_host(dw), dw_ref, "dense_backward dw")
    close(be.to_host(db), db_ref, "dense_backward db")
    dx, dw2, db2 = be.dense_backward(be.from_host(dy), cache, need_dx=False)
    assert dx is None
    close(be.to_host(dw2), dw_ref, "dense_backward dw (need_dx=False)")
    close(be.to_host(db2), db_ref, "dense_backward db (need_dx=False)")


def test_dense_after_flatten_of_device_array(be, ref):
    """Flatten reshapes the backend's array: a contiguous device array must reshape without a copy."""
    rng = np.random.default_rng(7)
    x = rng.standard_normal((2, 2, 3, 3)).astype(np.float32)
    xd = be.from_host(x)
    flat = xd.reshape(xd.shape[0], -1)
    assert tuple(flat.shape) == (2, 18) and flat.dtype == np.float32
    w, b = rng.standard_normal((4, 18)).astype(np.float32), np.zeros(4, np.float32)
    y, _ = be.dense_forward(flat, be.from_host(w), be.from_host(b))
    close(be.to_host(y), ref.dense_forward(x.reshape(2, -1), w, b)[0], "dense after flatten", rtol=1e-5, atol=1e-5)
    back = flat.reshape(x.shape)
    np.testing.assert_array_equal(be.to_host(back), x)


@pytest.mark.parametrize("label_dtype", [np.int64, np.uint8, np.int32])
def test_softmax_cross_entropy_matches_reference(be, ref, label_dtype):
    rng = np.random.default_rng(8)
    logits = rng.standard_normal((11, 10))
    logits[3, [2, 7]] = 9.0  # a tie: argmax takes the first
    labels = rng.integers(0, 10, 11).astype(label_dtype)
    labels[:3] = logits[:3].argmax(axis=1)  # some correct predictions
    labels[3] = 7  # the tied row predicts class 2 (first maximum), so it is wrong
    loss, correct, dlogits = be.softmax_cross_entropy(be.from_host(logits), be.from_host(labels))
    loss_ref, correct_ref, dlogits_ref = ref.softmax_cross_entropy(logits, labels)
    assert isinstance(loss, float) and isinstance(correct, int)
    assert loss == pytest.approx(loss_ref, rel=1e-12)
    assert correct == correct_ref
    assert not isinstance(dlogits, np.ndarray), "dlogits must stay on the device"
    close(be.to_host(dlogits), dlogits_ref, "softmax_cross_entropy dlogits")


def test_softmax_cross_entropy_float32_and_host_labels(be, ref):
    rng = np.random.default_rng(9)
    logits = (rng.standard_normal((4, 10)) * 5).astype(np.float32)
    labels = np.array([1, 2, 3, 4])
    loss, correct, dlogits = be.softmax_cross_entropy(be.from_host(logits), labels)
    loss_ref, correct_ref, dlogits_ref = ref.softmax_cross_entropy(logits, labels)
    assert loss == pytest.approx(loss_ref, rel=1e-5)
    assert correct == correct_ref
    close(be.to_host(dlogits), dlogits_ref, "dlogits float32", rtol=1e-5, atol=1e-6)


def test_softmax_matches_reference(be, ref):
    logits = np.random.default_rng(10).standard_normal((3, 10)) * 10
    close(be.to_host(be.softmax(be.from_host(logits))), ref.softmax(logits), "softmax")


def _optimizer_arrays(seed, dtype):
    rng = np.random.default_rng(seed)
    return [rng.standard_normal((3, 2, 3, 3)).astype(dtype) for _ in range(3)]


@pytest.mark.parametrize("momentum", [None, 0.9])
def test_sgd_step_matches_reference(be, ref, momentum):
    param, grad, velocity = _optimizer_arrays(11, np.float32)
    p_d, g_d = be.from_host(param), be.from_host(grad)
    v_d = be.from_host(velocity) if momentum is not None else None
    v_ref = velocity.copy() if momentum is not None else None
    p_ref = param.copy()
    for _ in range(3):
        be.sgd_step(p_d, g_d, v_d, 0.05, momentum or 0.0)
        ref.sgd_step(p_ref, grad, v_ref, 0.05, momentum or 0.0)
    close(be.to_host(p_d), p_ref, f"sgd param (momentum={momentum})", rtol=1e-6, atol=1e-7)
    if momentum is not None:
        close(be.to_host(v_d), v_ref, "sgd velocity", rtol=1e-6, atol=1e-7)


def test_adam_step_matches_reference(be, ref):
    param, grad, _ = _optimizer_arrays(12, np.float32)
    m, v = np.zeros_like(param), np.zeros_like(param)
    p_d, g_d, m_d, v_d = (be.from_host(a) for a in (param, grad, m, v))
    p_ref, m_ref, v_ref = param.copy(), m.copy(), v.copy()
    for t in range(1, 4):
        be.adam_step(p_d, g_d, m_d, v_d, 1e-2, 0.9, 0.999, 1e-8, t)
        ref.adam_step(p_ref, grad, m_ref, v_ref, 1e-2, 0.9, 0.999, 1e-8, t)
    close(be.to_host(m_d), m_ref, "adam m", rtol=1e-6, atol=1e-7)
    close(be.to_host(v_d), v_ref, "adam v", rtol=1e-6, atol=1e-7)
    close(be.to_host(p_d), p_ref, "adam param", rtol=1e-6, atol=1e-7)


def test_memory_helpers_keep_shape_and_dtype(be):
    a = np.arange(12, dtype=np.float32).reshape(3, 4)
    d = be.from_host(a)
    assert tuple(d.shape) == (3, 4) and d.dtype == np.float32
    np.testing.assert_array_equal(be.to_host(d), a)
    z = be.zeros_like(d)
    assert tuple(z.shape) == (3, 4) and z.dtype == np.float32
    np.testing.assert_array_equal(be.to_host(z), np.zeros((3, 4), np.float32))
    mask = be.from_host(np.array([True, False]))
    assert be.to_host(mask).dtype == np.bool_
    be.synchronize()


def test_marks_and_description(be):
    start = be.mark()
    be.relu_forward(be.from_host(np.ones(8, np.float32)))
    end = be.mark()
    ms = be.elapsed_ms(start, end)
    # The simulator keeps no timings (elapsed_ms answers 0.0 there); a GPU times the kernel.
    assert isinstance(ms, float) and (ms == 0.0 if be.simulator else 0.0 < ms < 1000.0), ms
    assert be.is_gpu and be.name == "cuda"
    if be.simulator:
        assert "CUDA simulator" in be.describe()


def test_registry_opens_cuda_backend():
    from cnnviz.backends import registry
    try:
        backend = registry.get("cuda")
    except BackendUnavailable as exc:  # pragma: no cover - the conftest already checked
        pytest.fail(f"cuda backend unavailable: {exc}")
    info = registry.info("cuda")
    assert info.available and info.detail == backend.describe()

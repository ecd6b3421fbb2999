"""The CuPy backend against the NumPy reference, op by op and step by step.

Every test runs twice:

* ``gpu``: CuPy on a real GPU (skipped with the reason when there is none);
* ``emulated``: the same backend code with ``cupy`` replaced by a strict CPU
  stand-in (``fake_cupy``) and the very CUDA C kernels compiled for the CPU
  (``cuda_emulator``), so kernel logic, launch arguments and the launch,
  copy and allocation counts are checked on any machine with a C++ compiler.

What only the GPU run can show: NVRTC/driver behaviour, cuBLAS results, speed.
"""

from __future__ import annotations

import numpy as np
import pytest

from cnnviz.backends import cupy_backend, numpy_ref

from cnnviz.backends.cupy_backend import kernels as cupy_kernels
from cnnviz.backends.base import COUNTER_NAMES, BackendUnavailable, dropout_keep_mask
from cnnviz.data.batches import to_float_nchw
from cnnviz.nn.model import Sequential
from cnnviz.nn.optim import Optimizer
from cnnviz.train.step import training_step

import fake_cupy

REF = numpy_ref.create()
DTYPES = [np.float32, np.float64]


def _gpu_backend():
    try:
        return cupy_backend.create()
    except BackendUnavailable as exc:
        pytest.skip(f"cupy backend unavailable: {exc}")


@pytest.fixture(scope="module", params=["emulated", pytest.param("gpu", marks=pytest.mark.gpu)])
def kind(request):
    return request.param


@pytest.fixture(scope="module")
def be(kind):
    if kind == "gpu":
        return _gpu_backend()
    try:
        backend, _ = fake_cupy.emulated_backend()
    except RuntimeError as exc:
        pytest.skip(str(exc))
    return backend


@pytest.fixture()
def fake(be):
    """The FakeCupy behind an emulated backend (None on a GPU)."""
    return be.xp if isinstance(be.xp, fake_cupy.FakeCupy) else None


def tol(dtype, f32=2e-5, f64=1e-12):
    return f32 if np.dtype(dtype) == np.float32 else f64


def close(got, expected, what, rtol, atol=None):
    got = np.asarray(got)
    assert got.shape == expected.shape, f"{what}: shape {got.shape} != {expected.shape}"
    assert got.dtype == expected.dtype, f"{what}: dtype {got.dtype} != {expected.dtype}"
    scale = max(1.0, float(np.max(np.abs(expected)))) if expected.size else 1.0
    np.testing.assert_allclose(got, expected, rtol=rtol, atol=rtol * scale if atol is None else atol, err_msg=what)


def h(be, a):
    return be.from_host(np.ascontiguousarray(a))


# --- convolution -------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape,k,padding", [((4, 3, 12, 11), 3, (1, 1, 1, 1)), ((4, 3, 12, 11), 3, (0, 0, 0, 0)),
                                             ((3, 2, 9, 10), 2, (0, 1, 0, 1)), ((2, 3, 7, 8), 5, (2, 2, 2, 2)),
                                             ((1, 1, 5, 5), 1, (0, 0, 0, 0)), ((2, 4, 6, 5), 4, (1, 2, 2, 1))])
def test_conv2d_forward_backward(be, dtype, shape, k, padding):
    rng = np.random.default_rng(0)
    x = rng.standard_normal(shape).astype(dtype)
    w = rng.standard_normal((5, shape[1], k, k)).astype(dtype)
    b = rng.standard_normal(5).astype(dtype)
    y, cache = be.conv2d_forward(h(be, x), h(be, w), h(be, b), padding)
    y_ref, cache_ref = REF.conv2d_forward(x, w, b, padding)
    close(be.to_host(y), y_ref, f"conv forward {shape} k{k} {padding}", tol(dtype))
    cols, _, _ = be.im2col(h(be, x), k, k, padding)
    cols_ref, _, _ = REF.im2col(x, k, k, padding)
    np.testing.assert_array_equal(be.to_host(cols), cols_ref, err_msg="im2col is a pure copy")
    dy = rng.standard_normal(y_ref.shape).astype(dtype)
    got = be.conv2d_backward(h(be, dy), cache)
    expected = REF.conv2d_backward(dy, cache_ref)
    for name, g, e in zip(("dx", "dw", "db"), got, expected):
        close(be.to_host(g), e, f"conv backward {name} {shape} k{k} {padding}", tol(dtype, 1e-4))
    dcols = rng.standard_normal(cols_ref.shape).astype(dtype)
    ho, wo = y_ref.shape[2:]
    np.testing.assert_array_equal(be.to_host(be.col2im(h(be, dcols), x.shape, k, k, padding, ho, wo)),
                                  REF.col2im(dcols, x.shape, k, k, padding, ho, wo),
                                  err_msg="col2im sums in the reference's order")


@pytest.mark.parametrize("dtype", DTYPES)
def test_conv2d_backward_into_flat_gradient_buffers(be, dtype):
    rng = np.random.default_rng(1)
    x, w, b = (rng.standard_normal(s).astype(dtype) for s in ((3, 2, 8, 7), (4, 2, 3, 3), (4,)))
    y, cache = be.conv2d_forward(h(be, x), h(be, w), h(be, b), (1, 1, 1, 1))
    _, cache_ref = REF.conv2d_forward(x, w, b, (1, 1, 1, 1))
    dy = rng.standard_normal(be.to_host(y).shape).astype(dtype)
    flat = h(be, np.full(w.size + 4 + 1, 7.0, dtype))  # the spare last element must stay 7
    dw_view, db_view = flat[:w.size].reshape(w.shape), flat[w.size:w.size + 4]
    dx, dw, db = be.conv2d_backward(h(be, dy), cache, False, dw_view, db_view)
    assert dx is None and dw is dw_view and db is db_view
    _, dw_ref, db_ref = REF.conv2d_backward(dy, cache_ref, False)
    host = be.to_host(flat)
    close(host[:w.size].reshape(w.shape), dw_ref, "dw in the flat buffer", tol(dtype, 1e-4))
    close(host[w.size:w.size + 4], db_ref, "db in the flat buffer", tol(dtype, 1e-4))
    assert host[-1] == 7.0


# --- pooling, ReLU, dropout: exact ---------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(2, 3, 8, 8), (2, 3, 7, 9), (1, 2, 3, 2), (3, 1, 28, 28)])
def test_maxpool_matches_exactly_with_ties_and_nans(be, dtype, shape):
    rng = np.random.default_rng(2)
    x = rng.integers(-2, 3, size=shape).astype(dtype)  # many ties
    x.flat[::17] = -0.0
    if shape[2] >= 4:
        x[0, 0, 0, 1] = np.nan  # NaN is the maximum of its window (np.argmax)
        x[0, 0, 3, 2] = x[0, 0, 3, 3] = np.nan
    y, cache = be.maxpool2x2_forward(h(be, x))
    y_ref, cache_ref = REF.maxpool2x2_forward(x)
    np.testing.assert_array_equal(be.to_host(y), y_ref, err_msg="pool forward")
    np.testing.assert_array_equal(be.to_host(cache[0]), cache_ref[0], err_msg="pool argmax")
    dy = rng.standard_normal(y_ref.shape).astype(dtype)
    dx = be.to_host(be.maxpool2x2_backward(h(be, dy), cache))
    dx_ref = REF.maxpool2x2_backward(dy, cache_ref)
    np.testing.assert_array_equal(dx, dx_ref, err_msg="pool backward")
    np.testing.assert_array_equal(np.signbit(dx), np.signbit(dx_ref), err_msg="pool backward signs of zeros")


@pytest.mark.parametrize("dtype", DTYPES)
def test_relu_matches_exactly(be, dtype):
    rng = np.random.default_rng(3)
    x = rng.standard_normal((5, 7, 3)).astype(dtype)
    x.flat[:4] = [0.0, -0.0, np.nan, np.inf]
    y, cache = be.relu_forward(h(be, x))
    y_ref, cache_ref = REF.relu_forward(x)
    np.testing.assert_array_equal(be.to_host(y), y_ref)
    dy = rng.standard_normal(x.shape).astype(dtype)
    dx, dx_ref = be.to_host(be.relu_backward(h(be, dy), cache)), REF.relu_backward(dy, cache_ref)
    np.testing.assert_array_equal(dx, dx_ref)
    np.testing.assert_array_equal(np.signbit(dx), np.signbit(dx_ref))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("rate,key", [(0.5, 777), (0.25, 0), (0.9, 2**32 - 1), (0.0, 5)])
def test_dropout_mask_matches_the_specification_bit_for_bit(be, dtype, rate, key):
    rng = np.random.default_rng(4)
    x = (rng.random((6, 3, 5, 7)) + 0.1).astype(dtype)
    y, cache = be.dropout_forward(h(be, x), rate, key)
    y_ref, cache_ref = REF.dropout_forward(x, rate, key)
    np.testing.assert_array_equal(be.to_host(y), y_ref)
    keep = dropout_keep_mask(x.shape, rate, key)
    np.testing.assert_array_equal(be.to_host(y) != 0, keep)
    dy = rng.standard_normal(x.shape).astype(dtype)
    np.testing.assert_array_equal(be.to_host(be.dropout_backward(h(be, dy), cache)),
                                  REF.dropout_backward(dy, cache_ref))


# --- dense -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n,fin,fout", [(8, 20, 10), (1, 7, 3), (5, 33, 1), (3, 64, 17)])
def test_dense_forward_backward(be, dtype, n, fin, fout):
    rng = np.random.default_rng(5)
    x, w, b = (rng.standard_normal(s).astype(dtype) for s in ((n, fin), (fout, fin), (fout,)))
    y, cache = be.dense_forward(h(be, x), h(be, w), h(be, b))
    y_ref, cache_ref = REF.dense_forward(x, w, b)
    close(be.to_host(y), y_ref, "dense forward", tol(dtype))
    dy = rng.standard_normal(y_ref.shape).astype(dtype)
    for name, g, e in zip(("dx", "dw", "db"), be.dense_backward(h(be, dy), cache),
                          REF.dense_backward(dy, cache_ref)):
        close(be.to_host(g), e, f"dense backward {name}", tol(dtype))
    flat = h(be, np.zeros(w.size + fout, dtype))
    dx, dw, db = be.dense_backward(h(be, dy), cache, False, flat[:w.size].reshape(w.shape), flat[w.size:])
    assert dx is None
    host = be.to_host(flat)
    close(host[:w.size].reshape(w.shape), dy.T @ x, "dense dw into the flat buffer", tol(dtype))
    close(host[w.size:], dy.sum(axis=0), "dense db into the flat buffer", tol(dtype))


# --- loss ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("rows,label_dtype", [(16, np.int32), (300, np.int64), (1, np.int64), (257, np.int32)])
def test_loss_into_device_stats(be, dtype, rows, label_dtype):
    rng = np.random.default_rng(6)
    stats = be.new_step_stats(3)
    expected = []
    for slot in range(2):
        logits = (rng.standard_normal((rows, 10)) * 4).astype(dtype)
        logits[0, 3] = logits[0, 5] = logits[0].max() + 1  # a tie: the first maximum counts
        labels = rng.integers(0, 10, rows).astype(label_dtype)
        loss, correct, dl_ref = REF.softmax_cross_entropy(logits, labels)
        dl = be.softmax_cross_entropy_into(h(be, logits), h(be, labels), stats, slot)
        close(be.to_host(dl), dl_ref, "dlogits", tol(dtype, 1e-6, 1e-14), atol=tol(dtype, 2e-7, 1e-15))
        expected.append((loss, correct))
    got = be.read_step_stats(stats, 3)
    assert got.shape == (3, 2) and got.dtype == np.float64
    np.testing.assert_allclose(got[:2, 0], [e[0] for e in expected], rtol=tol(dtype, 2e-6, 1e-13))
    np.testing.assert_array_equal(got[:2, 1], [e[1] for e in expected])
    assert tuple(got[2]) == (0.0, 0.0)


def test_loss_with_host_labels_and_a_bad_label(be):
    rng = np.random.default_rng(7)
    logits = rng.standard_normal((8, 10)).astype(np.float32)
    labels = rng.integers(0, 10, 8)  # host int64
    loss, correct, dl = be.softmax_cross_entropy(h(be, logits), labels)
    loss_ref, correct_ref, dl_ref = REF.softmax_cross_entropy(logits, labels)
    assert loss == pytest.approx(loss_ref, rel=1e-6) and correct == correct_ref
    close(be.to_host(dl), dl_ref, "dlogits", 1e-6, atol=2e-7)
    labels[3] = 10
    loss, _, _ = be.softmax_cross_entropy(h(be, logits), labels)
    assert np.isnan(loss), "a label outside the classes makes the loss NaN, never a silent number"
    with pytest.raises(ValueError, match="labels"):
        be.softmax_cross_entropy(h(be, logits), labels[:5])


@pytest.mark.parametrize("dtype", DTYPES)
def test_softmax(be, dtype):
    logits = (np.random.default_rng(8).standard_normal((9, 10)) * 5).astype(dtype)
    close(be.to_host(be.softmax(h(be, logits))), REF.softmax(logits), "softmax", tol(dtype, 1e-6, 1e-14),
          atol=tol(dtype, 2e-7, 1e-15))


# --- optimizers: rounding as the reference, one launch over the flat buffer ---------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
def test_optimizers_round_exactly_as_the_reference(be, dtype):
    rng = np.random.default_rng(9)
    p, g = (rng.standard_normal(1000).astype(dtype) for _ in range(2))
    pd, gd = h(be, p), h(be, g)
    md, vd, veld = (be.zeros_like(pd) for _ in range(3))
    pr, mr, vr, velr = p.copy(), np.zeros_like(p), np.zeros_like(p), np.zeros_like(p)
    before = be.device_counters()["kernel_launches"]
    for t in range(1, 4):
        be.adam_step(pd, gd, md, vd, 1e-2, 0.9, 0.999, 1e-8, t)
        REF.adam_step(pr, g, mr, vr, 1e-2, 0.9, 0.999, 1e-8, t)
    assert be.device_counters()["kernel_launches"] - before == 3, "one launch per Adam step"
    np.testing.assert_array_equal(be.to_host(pd), pr, err_msg="adam")
    np.testing.assert_array_equal(be.to_host(vd), vr, err_msg="adam v")
    be.sgd_step(pd, gd, veld, 0.1, 0.9)
    REF.sgd_step(pr, g, velr, 0.1, 0.9)
    np.testing.assert_array_equal(be.to_host(pd), pr, err_msg="momentum")
    be.sgd_step(pd, gd, None, 0.05, 0.0)
    REF.sgd_step(pr, g, None, 0.05, 0.0)
    np.testing.assert_array_equal(be.to_host(pd), pr, err_msg="sgd")
    with pytest.raises(ValueError, match="contiguous"):
        be.sgd_step(pd[::2], gd[::2], None, 0.1, 0.0)


# --- data on the device ------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
def test_gather_batch_is_bit_identical_to_to_float_nchw(be, dtype):
    rng = np.random.default_rng(10)
    images = rng.integers(0, 256, (50, 28, 28), dtype=np.uint8)
    images[0] = np.arange(28 * 28).reshape(28, 28) % 256  # every byte value
    labels = rng.integers(0, 10, 50)
    data = be.upload_dataset(images, labels)
    indices = np.array([3, 49, 0, 3, 17, 0], np.int64)
    before = be.device_counters()
    x, y = be.gather_batch(data, indices, dtype)
    after = be.device_counters()
    np.testing.assert_array_equal(be.to_host(x), to_float_nchw(images[indices]).astype(dtype))
    assert be.to_host(x).dtype == dtype and be.to_host(x).shape == (6, 1, 28, 28)
    np.testing.assert_array_equal(be.to_host(y), labels[indices])
    assert after["kernel_launches"] - before["kernel_launches"] == 1
    assert after["host_to_device_bytes"] - before["host_to_device_bytes"] == 6 * 4, "only int32 indices cross"
    with pytest.raises(IndexError):
        be.gather_batch(data, np.array([50]), dtype)
    with pytest.raises(IndexError):
        be.gather_batch(data, np.array([-1]), dtype)


# --- a whole network, step by step, against the reference ----------------------------------------------------
def _train(backend, spec, dtype, steps, batch, data_images, labels, optimizer="adam"):
    model = Sequential.from_spec(spec).initialise(0, dtype).to(backend)
    opt = Optimizer(optimizer).to(backend)
    data = backend.upload_dataset(data_images, labels)
    stats = backend.new_step_stats(steps)
    order = np.random.default_rng(1).permutation(len(labels))
    grads = []
    for step in range(steps):
        idx = order[(np.arange(batch) + step * batch) % len(order)]
        grads.append(training_step(backend, model, opt, data, idx, stats, step, step, 1e-3, before_update=lambda: (
            backend.to_host(model.named_parameters().flat.grad).copy())))
    return model.state_dict(), backend.read_step_stats(stats, steps), grads


@pytest.fixture(scope="module")
def mnist():
    from cnnviz.data.datasets import load_dataset
    d = load_dataset("mnist")
    return d.train_images[:256], d.train_labels[:256]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("spec,batch", [("seed", 12), ("keras", 7), ("conv3-4-valid,pool,conv4-6,relu,dropout-0.3,dense-10", 5)])
def test_training_steps_follow_the_reference(be, mnist, dtype, spec, batch):
    images, labels = mnist
    steps = 3
    state, stats, grads = _train(be, spec, dtype, steps, batch, images, labels)
    state_ref, stats_ref, grads_ref = _train(REF, spec, dtype, steps, batch, images, labels)
    for g, e in zip(grads, grads_ref):
        close(g, e, f"{spec} flat gradient", tol(dtype, 2e-4, 1e-10))
    np.testing.assert_allclose(stats[:, 0], stats_ref[:, 0], rtol=tol(dtype, 1e-5, 1e-12))
    assert np.abs(stats[:, 1] - stats_ref[:, 1]).max() <= (1 if dtype == np.float32 else 0)
    for name in state_ref:
        close(state[name], state_ref[name], f"{spec} {name} after {steps} Adam steps", tol(dtype, 2e-3, 1e-9))


# --- counters, launches, allocations -------------------------------------------------------------------------
def _seed_step_runner(be, batch=8):
    from cnnviz.data.datasets import load_dataset
    d = load_dataset("mnist")
    model = Sequential.from_spec("seed").initialise(0).to(be)
    opt = Optimizer("adam").to(be)
    data = be.upload_dataset(d.train_images[:64], d.train_labels[:64])
    stats = be.new_step_stats(8)
    state = {"k": 0}

    def step():
        k = state["k"]
        state["k"] += 1
        training_step(be, model, opt, data, (np.arange(batch) + k * batch) % 64, stats, k % 8, k, 1e-3)

    return model, stats, step


def test_seed_step_launches_copies_and_allocations_by_construction(be, fake):
    model, stats, step = _seed_step_runner(be, batch=8)
    be.warm_up(np.float32)
    step()
    step()  # the pool now holds every block a step needs
    pool = None if fake else cupy_backend.counting_pool(be.xp)
    pool_bytes = pool.total_bytes() if pool is not None else None
    before = be.device_counters()
    fake_before = dict(fake.counters) if fake else None
    step()
    be.synchronize()
    after = be.device_counters()
    if pool is not None:  # counted again, independently, by CuPy's pool
        assert pool.total_bytes() == pool_bytes, "a step after the first two took new device memory"
    delta = {k: after[k] - before[k] for k in COUNTER_NAMES}
    assert set(after) == set(COUNTER_NAMES)
    expected = cupy_backend.launches_per_step(model.layers)
    assert expected == 35
    assert delta == {"kernel_launches": 35, "allocations": 0, "host_to_device_bytes": 8 * 4,
                     "device_to_host_bytes": 0}
    if fake is not None:  # counted again, independently, by the stand-in for CuPy
        assert {k: fake.counters[k] - fake_before[k] for k in fake.counters} == {
            "launches": 35, "host_to_device_bytes": 32, "device_to_host_bytes": 0, "driver_allocations": 0}
    before = be.device_counters()
    be.read_step_stats(stats, 3)
    assert be.device_counters()["device_to_host_bytes"] - before["device_to_host_bytes"] == 3 * 2 * 8


@pytest.mark.parametrize("spec", ["keras", "tiny", "conv3-4,relu,dropout-0.0,dense-16,dropout-0.5,relu,dense-10"])
def test_launches_per_step_formula_counts_what_runs(be, spec):
    model = Sequential.from_spec(spec).initialise(0).to(be)
    opt = Optimizer("momentum").to(be)
    data = be.upload_dataset(np.zeros((8, 28, 28), np.uint8), np.arange(8) % 10)
    stats = be.new_step_stats(1)

    def step(k):
        training_step(be, model, opt, data, np.arange(4), stats, 0, k, 1e-2)

    step(0)  # the optimizer's first step also zeroes its state
    before = be.device_counters()["kernel_launches"]
    step(1)
    assert be.device_counters()["kernel_launches"] - before == cupy_backend.launches_per_step(model.layers)


def test_warm_up_compiles_once_and_training_compiles_nothing(be, fake):
    seconds = be.warm_up(np.float32)
    assert seconds >= 0.0 and be.needs_warmup
    if fake is not None:
        compiled = fake.compiled_modules
        _, _, step = _seed_step_runner(be, batch=4)
        step()
        assert fake.compiled_modules == compiled, "a training step after warm_up compiled a module"


def test_wide_index_kernels_give_the_same_results(be, monkeypatch, fake):
    if fake is None:
        pytest.skip("on a GPU the 64-bit variants are reached only by tensors of 2**31 elements")
    rng = np.random.default_rng(11)
    x, w, b = (rng.standard_normal(s).astype(np.float32) for s in ((2, 3, 9, 8), (4, 3, 3, 3), (4,)))
    dy = rng.standard_normal((2, 4, 9, 8)).astype(np.float32)

    def run():
        y, cache = be.conv2d_forward(h(be, x), h(be, w), h(be, b), (1, 1, 1, 1))
        p, pc = be.maxpool2x2_forward(y)
        r, rc = be.relu_forward(p)
        grads = be.conv2d_backward(h(be, dy), cache)
        return [be.to_host(a) for a in (y, p, r, be.maxpool2x2_backward(r, pc), *grads)]

    narrow = run()
    launched = len(fake.launch_log)
    monkeypatch.setattr(cupy_kernels, "INDEX_LIMIT_32", 1)
    wide = run()
    assert all(name.endswith("_u64") for name in fake.launch_log[launched:] if name != "gemm")
    for a, b_ in zip(narrow, wide):
        np.testing.assert_array_equal(a, b_)


def test_non_contiguous_inputs_are_copied_and_counted(be):
    rng = np.random.default_rng(12)
    x = rng.standard_normal((6, 4)).astype(np.float32)
    xt = h(be, x.T.copy()).T  # a transposed (F-contiguous) view on the device
    before = be.device_counters()["kernel_launches"]
    y, _ = be.relu_forward(xt)
    assert be.device_counters()["kernel_launches"] - before == 2  # one copy, one kernel
    np.testing.assert_array_equal(be.to_host(y), np.maximum(x, 0))


def test_timing_and_description(be):
    start = be.mark()
    be.relu_forward(h(be, np.ones((64, 64), np.float32)))
    end = be.mark()
    assert be.elapsed_ms(start, end) >= 0.0
    assert "compute capability" in be.describe()


# --- reasons a GPU cannot be used -----------------------------------------------------------------------------
def test_a_missing_cublas_is_named_with_the_fix_that_installs_it(monkeypatch):
    from importlib import metadata

    def version(name):
        if name == "cupy-cuda12x":
            return "14.2.0"
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", version)
    reason = cupy_backend.missing_library_reason(
        "cuBLAS", ImportError("libcublas.so.12: cannot open shared object file"), 12090)
    assert "cuBLAS" in reason and "libcublas.so.12" in reason
    assert 'pip install "cupy-cuda12x[ctk]"' in reason
    assert '[gpu]"' not in reason, "never tell the user to run the command they just ran"


def test_launch_arguments_are_checked_by_the_emulator(be, fake):
    if fake is None:
        pytest.skip("emulator only")
    import cuda_emulator
    x = h(be, np.ones(4, np.float32))
    with pytest.raises(cuda_emulator.LaunchError, match="scalar"):
        be._launch("relu_fwd", np.float32, 4, (x, x, np.int64(4)))
    with pytest.raises(cuda_emulator.LaunchError, match="float64"):
        be._launch("relu_fwd", np.float32, 4, (h(be, np.ones(4)), x, 4))


def _probe_cupy(kernel_error=None, matmul_error=None):
    """A `cupy` whose device opens and whose first kernel or matrix product fails like a missing library."""
    from types import SimpleNamespace

    class Array:
        def __init__(self, host):
            self.host = host

        def sum(self):
            return self.host.sum()

        @property
        def T(self):
            return Array(self.host.T)

        def __matmul__(self, other):
            if matmul_error:
                raise matmul_error
            return Array(self.host @ other.host)

    def raw_kernel(code, name):
        def launch(grid, block, args):
            if kernel_error:
                raise kernel_error
            args[0].host += 1.0
        return launch

    runtime = SimpleNamespace(runtimeGetVersion=lambda: 12090, getDeviceCount=lambda: 1)
    return SimpleNamespace(__version__="14.2.0", float32=np.float32, cuda=SimpleNamespace(runtime=runtime),
                           zeros=lambda n, dtype: Array(np.zeros(n, dtype)), RawKernel=raw_kernel,
                           asarray=lambda host: Array(np.asarray(host)))


@pytest.mark.parametrize("kernel_error,matmul_error,library,detail", [
    (RuntimeError("CuPy failed to load libnvrtc.so.12: OSError: libnvrtc.so.12: cannot open shared object file"),
     None, "NVRTC", "libnvrtc.so.12"),
    (None, ImportError("libcublas.so.12: cannot open shared object file: No such file or directory"),
     "cuBLAS", "libcublas.so.12"),
])
def test_create_names_the_missing_cuda_library(monkeypatch, kernel_error, matmul_error, library, detail):
    import sys

    from cnnviz.backends import gpu_probe

    monkeypatch.setitem(sys.modules, "cupy", _probe_cupy(kernel_error, matmul_error))
    monkeypatch.setattr(gpu_probe, "driver_status", lambda: gpu_probe.DriverStatus(None, 12090, 1))
    with pytest.raises(BackendUnavailable) as info:
        cupy_backend.create()
    reason = str(info.value)
    assert reason.startswith(f"CuPy cannot use {library}") and detail in reason
    assert "[ctk]" in reason and '[gpu]"' not in reason

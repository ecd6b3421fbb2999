"""The cuda backend: the conformance suite every backend runs (tests/backend_conformance.py; here, since
the main process cannot run the CUDA simulator), on small shapes that still cross the test tiles' borders
(the simulator runs one Python thread per CUDA thread), plus what only this backend has: the production
tiles, the workspace arena, the fused ReLU copy, device-array reshapes, its timing marks, and that every
launch's argument types are the ones the PTX test compiles.
"""

from __future__ import annotations

import numpy as np
from cuda_signatures import signatures
from traffic import DeviceTraffic

from backend_conformance import VALID, BackendConformance, assert_close, same_pads
from cnnviz.backends.base import COUNTER_NAMES
from cnnviz.backends.numba_cuda import kernels as kern
from cnnviz.nn.model import Sequential
from cnnviz.nn.optim import Optimizer
from cnnviz.train.step import training_step


class TestCuda(BackendConformance):
    TOL = {"float32": 1e-5, "float64": 1e-10}
    TOL_OPS = {
        **BackendConformance.TOL_OPS,
        "loss": {"float32": 1e-6, "float64": 1e-12},
        "conv backward": {"float32": 1e-5},
    }
    DTYPES = (np.float64,)  # float32: test_conv2d_float32_keeps_dtype and test_training_step.py
    CONV_CASES = [  # larger than the simulator's 4x4 test tiles, so that tile borders and halos are hit
        (2, 2, 6, 6, 3, 3, same_pads(3)),
        (2, 2, 6, 6, 2, 3, VALID),
        (2, 2, 6, 6, 2, 2, same_pads(2)),  # even kernel: one more pad after than before
        (1, 3, 5, 7, 2, 4, same_pads(4)),  # non-square, odd sizes
        (2, 1, 6, 6, 2, 5, VALID),  # 2x2 output
        (1, 2, 5, 6, 2, 3, (2, 0, 1, 0)),  # asymmetric padding
        (1, 2, 9, 8, 5, 7, same_pads(7)),  # 7 rows > the test slab's 2 rows per stage; 5 channels > BM
        (1, 1, 16, 17, 2, 15, VALID),  # the largest kernel, one row per stage
        (3, 1, 4, 4, 9, 1, same_pads(1)),  # 1x1 kernel, more channels than tiles
    ]
    POOL_SHAPES = [(2, 2, 6, 6), (1, 2, 5, 7), (2, 1, 3, 2)]
    ELEMENTWISE_SHAPES = [(2, 4), (2, 2, 3, 3)]
    DENSE_CASES = [(3, 7, 5), (2, 4, 10), (5, 9, 1)]
    LOSS_ROWS = [1, 11]
    OPTIMIZER_SIZES = [(3, 2, 3, 3)]
    TRAINING_NETS = [("conv3-3,relu,pool,conv2-2,relu,dropout-0.5,dense-10", (1, 6, 6))]
    HYPOTHESIS_EXAMPLES = 0
    GRADIENT_ELEMENTS = 2


def test_conv2d_float32_keeps_dtype(be, ref):
    rng = np.random.default_rng(2)
    x = rng.standard_normal((2, 2, 6, 6)).astype(np.float32)
    wt = rng.standard_normal((2, 2, 3, 3)).astype(np.float32)
    b = rng.standard_normal(2).astype(np.float32)
    y, cache = be.conv2d_forward(be.from_host(x), be.from_host(wt), be.from_host(b), (1, 1, 1, 1))
    y_ref, cache_ref = ref.conv2d_forward(x, wt, b, (1, 1, 1, 1))
    assert_close(be.to_host(y), y_ref, "conv2d_forward float32", 1e-5)
    dy = rng.standard_normal(y_ref.shape).astype(np.float32)
    got = be.conv2d_backward(be.from_host(dy), cache)
    for name, g, e in zip(("dx", "dw", "db"), got, ref.conv2d_backward(dy, cache_ref)):
        assert_close(be.to_host(g), e, f"conv2d_backward {name} float32", 1e-5)


def test_conv2d_default_tiles(ref):
    """The production tile sizes (64x64 GEMM tiles of 256 threads, 128-thread reductions)."""
    from cnnviz.backends import numba_cuda

    be16 = numba_cuda.create(numba_cuda.PRODUCTION)  # (under the simulator the default is SIMULATOR)
    assert be16.config == numba_cuda.PRODUCTION
    rng = np.random.default_rng(3)
    x, wt, b = rng.standard_normal((1, 2, 5, 6)), rng.standard_normal((2, 2, 3, 3)), rng.standard_normal(2)
    y, cache = be16.conv2d_forward(be16.from_host(x), be16.from_host(wt), be16.from_host(b), (1, 1, 1, 1))
    y_ref, cache_ref = ref.conv2d_forward(x, wt, b, (1, 1, 1, 1))
    assert_close(be16.to_host(y), y_ref, "conv2d_forward production tiles", 1e-10)
    dy = rng.standard_normal(y_ref.shape)
    for name, g, e in zip(
        ("dx", "dw", "db"), be16.conv2d_backward(be16.from_host(dy), cache), ref.conv2d_backward(dy, cache_ref)
    ):
        assert_close(be16.to_host(g), e, f"conv2d_backward {name} production tiles", 1e-10)
    xd, wd_, bd = rng.standard_normal((3, 5)), rng.standard_normal((4, 5)), rng.standard_normal(4)
    yd, _ = be16.dense_forward(be16.from_host(xd), be16.from_host(wd_), be16.from_host(bd))
    assert_close(be16.to_host(yd), ref.dense_forward(xd, wd_, bd)[0], "dense_forward production tiles", 1e-10)


def test_dense_after_flatten_of_device_array(be, ref):
    """Flatten reshapes the backend's array: a contiguous device array must reshape without a copy."""
    rng = np.random.default_rng(7)
    x = rng.standard_normal((2, 2, 3, 3)).astype(np.float32)
    xd = be.from_host(x)
    flat = xd.reshape(xd.shape[0], -1)
    assert tuple(flat.shape) == (2, 18) and flat.dtype == np.float32
    w, b = rng.standard_normal((4, 18)).astype(np.float32), np.zeros(4, np.float32)
    y, _ = be.dense_forward(flat, be.from_host(w), be.from_host(b))
    assert_close(be.to_host(y), ref.dense_forward(x.reshape(2, -1), w, b)[0], "dense after flatten", 1e-5)
    np.testing.assert_array_equal(be.to_host(flat.reshape(x.shape)), x)
    mask = be.from_host(np.array([True, False]))
    assert be.to_host(mask).dtype == np.bool_


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

    backend = registry.get("cuda")
    info = registry.info("cuda")
    assert info.available and info.detail == backend.describe()


def test_relu_after_a_conv_or_dense_takes_the_fused_copy(be, ref, monkeypatch):
    rng = np.random.default_rng(4)
    x, w, b = rng.standard_normal((2, 2, 5, 5)), rng.standard_normal((3, 2, 3, 3)), rng.standard_normal(3)
    y, _ = be.conv2d_forward(be.from_host(x), be.from_host(w), be.from_host(b), (1, 1, 1, 1))
    traffic = DeviceTraffic(be, monkeypatch)
    r, cache = be.relu_forward(y)
    assert traffic.launches == 0, "the ReLU of a conv output is written by the conv kernel"
    expected = np.maximum(ref.conv2d_forward(x, w, b, (1, 1, 1, 1))[0], 0)
    np.testing.assert_allclose(be.to_host(r), expected, rtol=1e-12)
    # Anything launched in between invalidates the copy: the ReLU then runs its own kernel.
    y2, _ = be.conv2d_forward(be.from_host(x), be.from_host(w), be.from_host(b), (1, 1, 1, 1))
    be.maxpool2x2_forward(y2)
    launches = traffic.launches
    r2, _ = be.relu_forward(y2)
    assert traffic.launches == launches + 1
    np.testing.assert_allclose(be.to_host(r2), expected, rtol=1e-12)


SPEC = "conv3-3,relu,pool,conv3-4,relu,pool,dropout-0.3,dense-5,relu,dense-10"
INPUT = (1, 6, 6)


def _step(be, model, opt, data, stats, indices, slot):
    """The trainer's step (timing marks on, as in a timed step)."""
    training_step(be, model, opt, data, indices, stats, slot, 1000 + slot, 1e-2, marks=[])


def test_workspace_reuses_every_temporary(be, monkeypatch):
    rng = np.random.default_rng(5)
    data = be.upload_dataset(rng.integers(0, 256, (10, 6, 6), dtype=np.uint8), rng.integers(0, 10, 10))
    model = Sequential.from_spec(SPEC, input_shape=INPUT).initialise(0).to(be)
    opt = Optimizer("adam").to(be)
    stats = be.new_step_stats(3)
    _step(be, model, opt, data, stats, np.array([1, 2, 3]), 0)
    traffic = DeviceTraffic(be, monkeypatch)
    before = be.device_counters()
    _step(be, model, opt, data, stats, np.array([4, 5, 6]), 1)
    assert traffic.allocations == 0 and be.device_counters()["allocations"] == before["allocations"]
    # outside a workspace the same step allocates its temporaries
    x, y = be.gather_batch(data, np.array([1, 2, 3]), np.float32)
    assert traffic.allocations == 3  # indices, images, labels
    # a different batch size has its own buffers, reused from then on
    _step(be, model, opt, data, stats, np.array([1, 2]), 2)
    allocated = traffic.allocations
    _step(be, model, opt, data, stats, np.array([3, 4]), 2)
    assert traffic.allocations == allocated


def test_counters_are_cumulative_and_named(be):
    counters = be.device_counters()
    assert set(counters) == set(COUNTER_NAMES) and all(isinstance(v, int) for v in counters.values())
    be.relu_forward(be.from_host(np.ones(3, np.float32)))
    after = be.device_counters()
    assert after["kernel_launches"] == counters["kernel_launches"] + 1
    assert after["host_to_device_bytes"] == counters["host_to_device_bytes"] + 12


def test_every_launch_uses_the_argument_types_the_ptx_test_compiles(be, monkeypatch):
    """A float32 and a float64 training step with every layer kind, the host-number loss, the
    optimizers and warm_up: each launch's argument types appear in cuda_signatures."""
    traffic = DeviceTraffic(be, monkeypatch)
    rng = np.random.default_rng(6)
    data = be.upload_dataset(rng.integers(0, 256, (6, 6, 6), dtype=np.uint8), rng.integers(0, 10, 6))
    for dtype in (np.float32, np.float64):
        be.warm_up(dtype)
        for kind in ("adam", "momentum", "sgd"):
            model = Sequential.from_spec(SPEC, input_shape=INPUT).initialise(0, dtype).to(be)
            opt = Optimizer(kind).to(be)
            _step(be, model, opt, data, be.new_step_stats(1), np.array([0, 5]), 0)
        logits = be.from_host(rng.standard_normal((3, 10)).astype(dtype))
        be.softmax_cross_entropy(logits, be.from_host(np.array([1, 2, 3], np.int64)))
        be.softmax(logits)
    names = {}
    for dtype in ("float32", "float64"):
        k = kern.build_kernels(dtype, be.config)
        names.update({id(getattr(k, name)): (name, dtype) for name in kern.KERNEL_NAMES})
    launched = set()
    for kernel_id, types in traffic.argument_types:
        name, dtype = names[kernel_id]
        launched.add(name)
        assert types in signatures(dtype)[name], f"{name} ({dtype}) launched with {types}"
    assert launched == set(kern.KERNEL_NAMES)

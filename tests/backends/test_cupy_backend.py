"""The CuPy backend: the conformance suite (tests/backend_conformance.py) and what only CuPy has.

Every test runs twice:

* ``gpu``: CuPy on a real GPU (skipped with the reason when there is none);
* ``emulated``: the same backend code with ``cupy`` replaced by a strict CPU
  stand-in (``fake_cupy``) and the very CUDA C kernels compiled for the CPU
  (``cuda_emulator``), so kernel logic, launch arguments and the launch,
  copy and allocation counts are checked on any machine with a C++ compiler.

What only the GPU run can show: NVRTC/driver behaviour, cuBLAS results, speed.
"""

from __future__ import annotations

import fake_cupy
import numpy as np
import pytest

from backend_conformance import BackendConformance
from cnnviz.backends import cupy_backend, numpy_ref
from cnnviz.backends.base import COUNTER_NAMES, BackendUnavailable
from cnnviz.backends.cupy_backend import kernels as cupy_kernels
from cnnviz.backends.cupy_backend.counting_pool import counting_pool
from cnnviz.nn.model import Sequential
from cnnviz.nn.optim import Optimizer
from cnnviz.train.step import training_step

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


def h(be, a):
    return be.from_host(np.ascontiguousarray(a))


class TestCupy(BackendConformance):
    """The conformance suite, emulated and on a GPU; the optimizers round exactly as the reference."""

    TOL_OPS = {
        **BackendConformance.TOL_OPS,
        "optimizer": {"float32": 0.0, "float64": 0.0},
        "conv backward": {"float32": 1e-4},
    }


# --- what only CuPy has: its im2col kernels, the launch and copy counts ------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize(
    "shape,k,padding",
    [((4, 3, 12, 11), 3, (1, 1, 1, 1)), ((3, 2, 9, 10), 2, (0, 1, 0, 1)), ((2, 4, 6, 5), 4, (1, 2, 2, 1))],
)
def test_im2col_and_col2im_kernels_are_exact(be, dtype, shape, k, padding):
    rng = np.random.default_rng(0)
    x = rng.standard_normal(shape).astype(dtype)
    cols, ho, wo = be.im2col(h(be, x), k, k, padding)
    cols_ref, ho_ref, wo_ref = REF.im2col(x, k, k, padding)
    assert (ho, wo) == (ho_ref, wo_ref)
    np.testing.assert_array_equal(be.to_host(cols), cols_ref, err_msg="im2col is a pure copy")
    dcols = rng.standard_normal(cols_ref.shape).astype(dtype)
    np.testing.assert_array_equal(
        be.to_host(be.col2im(h(be, dcols), x.shape, k, k, padding, ho, wo)),
        REF.col2im(dcols, x.shape, k, k, padding, ho, wo),
        err_msg="col2im sums in the reference's order",
    )


def test_a_label_outside_the_classes_makes_the_loss_nan(be):
    rng = np.random.default_rng(7)
    logits = rng.standard_normal((8, 10)).astype(np.float32)
    labels = rng.integers(0, 10, 8)
    labels[3] = 10
    loss, _, _ = be.softmax_cross_entropy(h(be, logits), labels)
    assert np.isnan(loss), "a label outside the classes makes the loss NaN, never a silent number"


@pytest.mark.parametrize("dtype", DTYPES)
def test_an_optimizer_step_is_one_launch_over_a_contiguous_buffer(be, dtype):
    rng = np.random.default_rng(9)
    pd, gd = (h(be, rng.standard_normal(1000).astype(dtype)) for _ in range(2))
    md, vd = be.zeros_like(pd), be.zeros_like(pd)
    before = be.device_counters()["kernel_launches"]
    for t in range(1, 4):
        be.adam_step(pd, gd, md, vd, 1e-2, 0.9, 0.999, 1e-8, t)
    assert be.device_counters()["kernel_launches"] - before == 3, "one launch per Adam step"
    with pytest.raises(ValueError, match="contiguous"):
        be.sgd_step(pd[::2], gd[::2], None, 0.1, 0.0)


@pytest.mark.parametrize("dtype", DTYPES)
def test_gather_batch_is_one_launch_and_only_the_indices_cross(be, dtype):
    rng = np.random.default_rng(10)
    data = be.upload_dataset(rng.integers(0, 256, (50, 28, 28), dtype=np.uint8), rng.integers(0, 10, 50))
    before = be.device_counters()
    be.gather_batch(data, np.array([3, 49, 0, 3, 17, 0], np.int64), dtype)
    after = be.device_counters()
    assert after["kernel_launches"] - before["kernel_launches"] == 1
    assert after["host_to_device_bytes"] - before["host_to_device_bytes"] == 6 * 4, "only int32 indices cross"


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
    pool = None if fake else counting_pool(be.xp)
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
    assert delta == {"kernel_launches": 35, "allocations": 0, "host_to_device_bytes": 8 * 4, "device_to_host_bytes": 0}
    if fake is not None:  # counted again, independently, by the stand-in for CuPy
        assert {k: fake.counters[k] - fake_before[k] for k in fake.counters} == {
            "launches": 35,
            "host_to_device_bytes": 32,
            "device_to_host_bytes": 0,
            "driver_allocations": 0,
        }
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
    be.warm_up(np.float32)
    assert be.needs_warmup
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
    reason = cupy_backend.discovery.missing_library_reason(
        "cuBLAS", ImportError("libcublas.so.12: cannot open shared object file"), 12090
    )
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
    return SimpleNamespace(
        __version__="14.2.0",
        float32=np.float32,
        cuda=SimpleNamespace(runtime=runtime),
        zeros=lambda n, dtype: Array(np.zeros(n, dtype)),
        RawKernel=raw_kernel,
        asarray=lambda host: Array(np.asarray(host)),
    )


@pytest.mark.parametrize(
    "kernel_error,matmul_error,library,detail",
    [
        (
            RuntimeError("CuPy failed to load libnvrtc.so.12: OSError: libnvrtc.so.12: cannot open shared object file"),
            None,
            "NVRTC",
            "libnvrtc.so.12",
        ),
        (
            None,
            ImportError("libcublas.so.12: cannot open shared object file: No such file or directory"),
            "cuBLAS",
            "libcublas.so.12",
        ),
    ],
)
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

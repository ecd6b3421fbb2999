"""The device-resident training protocol (base.Backend) on the cuda backend, against the NumPy reference.

The conformance suite every backend runs (tests/backend_conformance.py, imported: the main
process cannot run the cuda backend), plus what is specific to this backend: the workspace
arena, the fused ReLU copy, and that every launch's argument types are the ones the PTX test
compiles.
"""

from __future__ import annotations

import numpy as np
import pytest

from cnnviz.backends.numba_cuda import kernels as kern
from cnnviz.backends.base import COUNTER_NAMES, dropout_keep_mask
from cnnviz.data.batches import to_float_nchw
from cnnviz.nn.model import Sequential
from cnnviz.nn.optim import Optimizer
from cnnviz.train.step import training_step
from backend_conformance import *  # noqa: F401,F403 - the suite every backend runs
from cuda_signatures import signatures
from traffic import DeviceTraffic


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

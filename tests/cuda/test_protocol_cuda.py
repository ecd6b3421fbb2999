"""The device-resident training protocol (base.Backend) on the cuda backend, against the NumPy reference.

The same checks as tests/backends/test_protocol.py (which cannot run the cuda
backend in the main process), plus what is specific to this backend: the
workspace arena, the fused ReLU copy, and that every launch's argument types
are the ones the PTX test compiles.
"""

from __future__ import annotations

import numpy as np
import pytest

from cnnviz.backends import numba_cuda_kernels as kern
from cnnviz.backends.base import COUNTER_NAMES, dropout_keep_mask
from cnnviz.data.batches import to_float_nchw
from cnnviz.nn.model import Sequential
from cnnviz.nn.optim import Optimizer
from cuda_signatures import signatures
from traffic import DeviceTraffic


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_gather_batch_is_to_float_nchw_of_the_chosen_images(be, dtype):
    rng = np.random.default_rng(1)
    images = rng.integers(0, 256, (50, 7, 6), dtype=np.uint8)
    labels = rng.integers(0, 10, 50)
    data = be.upload_dataset(images, labels)
    indices = np.array([3, 49, 0, 3, 17], np.int64)
    x, y = be.gather_batch(data, indices, dtype)
    expected = to_float_nchw(images[indices]).astype(dtype)
    got = be.to_host(x)
    assert got.dtype == dtype and got.shape == (5, 1, 7, 6)
    assert got.tobytes() == expected.tobytes()
    assert be.to_host(y).dtype == np.int32
    np.testing.assert_array_equal(be.to_host(y), labels[indices])


def test_gather_batch_refuses_bad_indices(be):
    data = be.upload_dataset(np.zeros((4, 3, 3), np.uint8), np.arange(4))
    with pytest.raises(IndexError):
        be.gather_batch(data, np.array([0, 4]), np.float32)
    with pytest.raises(IndexError):
        be.gather_batch(data, np.array([-1]), np.float32)
    with pytest.raises(ValueError):
        be.gather_batch(data, np.array([0.5]), np.float32)


def test_upload_dataset_refuses_what_is_not_uint8_images(be):
    with pytest.raises(ValueError, match="uint8"):
        be.upload_dataset(np.zeros((2, 28, 28), np.float32), np.zeros(2))
    with pytest.raises(ValueError, match="labels"):
        be.upload_dataset(np.zeros((2, 28, 28), np.uint8), np.zeros(3))


def test_dropout_mask_is_made_on_the_device_and_matches_the_spec(be, ref):
    x = np.random.default_rng(0).random((3, 2, 5, 7)).astype(np.float32) + 0.1
    y = be.to_host(be.dropout_forward(be.from_host(x), 0.3, 0xDEADBEEF)[0])
    keep = dropout_keep_mask(x.shape, 0.3, 0xDEADBEEF)
    np.testing.assert_array_equal(y != 0, keep)
    assert y.tobytes() == ref.dropout_forward(x, 0.3, 0xDEADBEEF)[0].tobytes()


def test_loss_written_into_device_stats_equals_the_host_loss(be, ref):
    rng = np.random.default_rng(2)
    stats = be.new_step_stats(4)
    expected = []
    for slot in range(3):
        logits = (rng.standard_normal((16, 10)) * 3).astype(np.float32)
        labels = rng.integers(0, 10, 16).astype(np.int32)
        loss, correct, dl_ref = ref.softmax_cross_entropy(logits, labels)
        dl = be.softmax_cross_entropy_into(be.from_host(logits), be.from_host(labels), stats, slot)
        np.testing.assert_allclose(be.to_host(dl), dl_ref, rtol=1e-5, atol=1e-7)
        expected.append((loss, correct))
    got = be.read_step_stats(stats, 3)
    assert got.shape == (3, 2) and got.dtype == np.float64
    np.testing.assert_allclose(got[:, 0], [e[0] for e in expected], rtol=1e-5)
    np.testing.assert_array_equal(got[:, 1], [e[1] for e in expected])
    assert be.to_host(stats)[3].tolist() == [0.0, 0.0]
    with pytest.raises(IndexError):
        be.softmax_cross_entropy_into(be.from_host(logits), be.from_host(labels), stats, 4)


def test_parameter_gradients_are_written_into_the_given_buffers(be, ref):
    rng = np.random.default_rng(3)
    x, w, b = rng.standard_normal((4, 3, 9, 9)), rng.standard_normal((5, 3, 3, 3)), rng.standard_normal(5)
    y, cache = be.conv2d_forward(be.from_host(x), be.from_host(w), be.from_host(b), (1, 1, 1, 1))
    dy = rng.standard_normal(be.to_host(y).shape)
    flat = be.from_host(np.full(w.size + 5 + 2, 7.0))  # the elements around the views must stay untouched
    dw_view, db_view = flat[1:w.size + 1].reshape(w.shape), flat[w.size + 1:w.size + 6]
    dx, dw, db = be.conv2d_backward(be.from_host(dy), cache, True, dw_view, db_view)
    assert dw is dw_view and db is db_view
    _, cache_ref = ref.conv2d_forward(x, w, b, (1, 1, 1, 1))
    dx_ref, dw_ref, db_ref = ref.conv2d_backward(dy, cache_ref)
    host = be.to_host(flat)
    np.testing.assert_allclose(host[1:w.size + 1].reshape(w.shape), dw_ref, rtol=1e-10)
    np.testing.assert_allclose(host[w.size + 1:w.size + 6], db_ref, rtol=1e-10)
    assert host[0] == 7.0 and host[-1] == 7.0
    np.testing.assert_allclose(be.to_host(dx), dx_ref, rtol=1e-10)

    xd, wd = rng.standard_normal((6, 7)), rng.standard_normal((4, 7))
    _, cached = be.dense_forward(be.from_host(xd), be.from_host(wd), be.from_host(np.zeros(4)))
    dyd = rng.standard_normal((6, 4))
    flat = be.from_host(np.zeros(wd.size + 4))
    be.dense_backward(be.from_host(dyd), cached, False, flat[:wd.size].reshape(wd.shape), flat[wd.size:])
    host = be.to_host(flat)
    np.testing.assert_allclose(host[:wd.size].reshape(wd.shape), dyd.T @ xd, rtol=1e-10)
    np.testing.assert_allclose(host[wd.size:], dyd.sum(axis=0), rtol=1e-10)
    with pytest.raises(ValueError, match="gradient buffer"):
        be.dense_backward(be.from_host(dyd), cached, False, flat[:wd.size], flat[wd.size:])


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


def _step(be, model, opt, data, stats, indices, slot, dtype=np.float32):
    with be.workspace():
        x, y = be.gather_batch(data, indices, dtype)
        logits = model.forward(x, True, 1000 + slot, [])
        dl = be.softmax_cross_entropy_into(logits, y, stats, slot)
        model.backward(dl)
        opt.step(model.named_parameters(), 1e-2)


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
            _step(be, model, opt, data, be.new_step_stats(1), np.array([0, 5]), 0, dtype)
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

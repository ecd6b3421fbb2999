"""The backend conformance suite: the device-resident training protocol (base.Backend) checked
against the NumPy reference, written once for every backend.

A test module runs it for its backends by importing the tests and providing two fixtures,
``be`` (the backend under test) and ``ref`` (the NumPy reference):
tests/backends/test_protocol.py for numpy, numba and cupy in the main process, and
tests/cuda/test_protocol_cuda.py for numba.cuda under the CUDA simulator (or a real GPU).
"""

from __future__ import annotations

import numpy as np
import pytest

from cnnviz.backends.base import Backend, dropout_keep_mask
from cnnviz.backends.warm_up import exercise_every_op
from cnnviz.data.batches import to_float_nchw

__all__ = [
    "test_dropout_matches_the_mask_spec",
    "test_gather_batch_is_to_float_nchw_of_the_chosen_images",
    "test_gather_batch_refuses_bad_indices",
    "test_upload_dataset_refuses_what_is_not_uint8_images",
    "test_loss_written_into_device_stats_equals_the_host_loss",
    "test_parameter_gradients_are_written_into_the_given_buffers",
    "test_workspace_and_counters_are_part_of_every_backend",
    "test_the_warm_up_step_runs_every_op_of_the_protocol",
]

NOT_OPS = {"describe", "warm_up", "from_host", "to_host", "zeros_like", "synchronize", "workspace",
           "device_counters", "mark", "elapsed_ms"}
"""Methods of base.Backend that are not ops a training step or an evaluation compiles."""


def test_dropout_matches_the_mask_spec(be, ref):
    rng = np.random.default_rng(0)
    x = rng.random((3, 2, 5, 7)).astype(np.float32) + 0.1
    y, cache = be.dropout_forward(be.from_host(x), 0.3, 0xDEADBEEF)
    got = be.to_host(y)
    np.testing.assert_array_equal(got != 0, dropout_keep_mask(x.shape, 0.3, 0xDEADBEEF))
    assert got.tobytes() == ref.dropout_forward(x, 0.3, 0xDEADBEEF)[0].tobytes()
    dy = rng.standard_normal(x.shape).astype(np.float32)
    np.testing.assert_array_equal(be.to_host(be.dropout_backward(be.from_host(dy), cache)),
                                  ref.dropout_backward(dy, ref.dropout_forward(x, 0.3, 0xDEADBEEF)[1]))


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_gather_batch_is_to_float_nchw_of_the_chosen_images(be, dtype):
    rng = np.random.default_rng(1)
    images = rng.integers(0, 256, (50, 7, 6), dtype=np.uint8)  # not square: height and width kept apart
    labels = rng.integers(0, 10, 50)
    data = be.upload_dataset(images, labels)
    indices = np.array([3, 49, 0, 3, 17], np.int64)
    x, y = be.gather_batch(data, indices, dtype)
    expected = to_float_nchw(images[indices]).astype(dtype)
    got = be.to_host(x)
    assert got.dtype == dtype and got.shape == (5, 1, 7, 6)
    assert got.tobytes() == expected.tobytes()
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
    assert be.to_host(stats)[3].tolist() == [0.0, 0.0], "the slot not written stays as it was"
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
    with pytest.raises(ValueError, match="gradient buffer"):  # a buffer of another shape is never written
        be.conv2d_backward(be.from_host(dy), cache, False, flat[:w.size], db_view)

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


def test_workspace_and_counters_are_part_of_every_backend(be):
    with be.workspace():
        pass
    counters = be.device_counters()
    assert counters is None if not be.is_gpu else set(counters) >= {"kernel_launches", "allocations"}
    assert be.warm_up(np.float32) >= 0.0


def test_the_warm_up_step_runs_every_op_of_the_protocol(be, monkeypatch):
    """The one warm-up routine (backends/warm_up.py) calls every op base.Backend declares, each
    backend's own: an op added to the protocol and not to the warm-up would compile in the first
    timed step."""
    ops = {name for name in vars(Backend) if not name.startswith("_") and callable(getattr(Backend, name))} - NOT_OPS
    assert {"conv2d_forward", "gather_batch", "softmax_cross_entropy_into", "adam_step"} <= ops
    called = set()
    for name in ops:
        method = getattr(be, name)

        def recorded(*args, _name=name, _method=method, **kwargs):
            called.add(_name)
            return _method(*args, **kwargs)

        monkeypatch.setattr(be, name, recorded)
    exercise_every_op(be, np.float32)
    assert called == ops, f"not run by the warm-up step: {sorted(ops - called)}"

"""The device-resident training protocol (base.Backend), on every backend that runs here.

Each backend is checked against the NumPy reference: batches gathered on the
device, the loss written into a device stats buffer, parameter gradients
written into given buffers, and the hashed dropout mask. (The numba.cuda
backend runs the same checks under the CUDA simulator in tests/cuda.)
"""

import numpy as np
import pytest

from cnnviz.backends import registry
from cnnviz.backends.base import BackendUnavailable, dropout_keep_mask, dropout_key, dropout_threshold, hash32
from cnnviz.data.batches import to_float_nchw

REF = registry.get("numpy")


def _backends():
    out = []
    for name in ("numpy", "numba", "cupy"):
        try:
            out.append(pytest.param(registry.get(name), id=name))
        except BackendUnavailable as exc:
            out.append(pytest.param(None, id=name, marks=pytest.mark.skip(reason=f"{name}: {exc}")))
    return out


@pytest.fixture(params=_backends())
def be(request):
    return request.param


def test_hash32_matches_the_published_lowbias32_values():
    # lowbias32 written out with Python integers (arbitrary precision, masked to 32 bits).
    def lowbias32(x):
        x ^= x >> 16
        x = (x * 0x7FEB352D) & 0xFFFFFFFF
        x ^= x >> 15
        x = (x * 0x846CA68B) & 0xFFFFFFFF
        x ^= x >> 16
        return x

    values = [0, 1, 2, 12345, 0xFFFFFFFF, 0x80000000, 987654321]
    np.testing.assert_array_equal(hash32(np.array(values, np.uint32)), [lowbias32(v) for v in values])


def test_dropout_mask_drops_the_requested_fraction_independently_per_key():
    masks = [dropout_keep_mask((200, 500), 0.3, dropout_key(0, step, 1)) for step in range(3)]
    for m in masks:
        assert abs(1 - m.mean() - 0.3) < 0.005
    # different steps (keys) give different, nearly uncorrelated masks
    assert 0.45 < (masks[0] == masks[1]).mean() < 0.62
    assert dropout_threshold(0.0) == 0 and dropout_keep_mask((10,), 0.0, 5).all()
    assert dropout_key(0, 1, 2) != dropout_key(0, 2, 1) != dropout_key(1, 1, 2)


def test_dropout_matches_the_mask_spec(be):
    rng = np.random.default_rng(0)
    x = rng.random((8, 3, 5, 5)).astype(np.float32) + 0.1
    y, cache = be.dropout_forward(be.from_host(x), 0.4, 777)
    keep = dropout_keep_mask(x.shape, 0.4, 777)
    np.testing.assert_array_equal(be.to_host(y), np.where(keep, x * np.float32(1 / 0.6), 0))
    dy = rng.standard_normal(x.shape).astype(np.float32)
    np.testing.assert_array_equal(be.to_host(be.dropout_backward(be.from_host(dy), cache)),
                                  REF.dropout_backward(dy, REF.dropout_forward(x, 0.4, 777)[1]))


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_gather_batch_is_to_float_nchw_of_the_chosen_images(be, dtype):
    rng = np.random.default_rng(1)
    images = rng.integers(0, 256, (50, 28, 28), dtype=np.uint8)
    labels = rng.integers(0, 10, 50)
    data = be.upload_dataset(images, labels)
    indices = np.array([3, 49, 0, 3, 17], np.int32)
    x, y = be.gather_batch(data, indices, dtype)
    expected = to_float_nchw(images[indices]).astype(dtype)
    assert be.to_host(x).dtype == dtype and be.to_host(x).shape == (5, 1, 28, 28)
    np.testing.assert_array_equal(be.to_host(x), expected)
    np.testing.assert_array_equal(be.to_host(y), labels[indices])


def test_upload_dataset_refuses_what_is_not_uint8_images(be):
    with pytest.raises(ValueError, match="uint8"):
        be.upload_dataset(np.zeros((2, 28, 28), np.float32), np.zeros(2))
    with pytest.raises(ValueError, match="labels"):
        be.upload_dataset(np.zeros((2, 28, 28), np.uint8), np.zeros(3))


def test_loss_written_into_device_stats_equals_the_host_loss(be):
    rng = np.random.default_rng(2)
    stats = be.new_step_stats(4)
    expected = []
    for slot in range(3):
        logits = (rng.standard_normal((16, 10)) * 3).astype(np.float32)
        labels = rng.integers(0, 10, 16).astype(np.int32)
        loss, correct, dl_ref = REF.softmax_cross_entropy(logits, labels)
        dl = be.softmax_cross_entropy_into(be.from_host(logits), be.from_host(labels), stats, slot)
        np.testing.assert_allclose(be.to_host(dl), dl_ref, rtol=1e-5, atol=1e-7)
        expected.append((loss, correct))
    got = be.read_step_stats(stats, 3)
    assert got.shape == (3, 2) and got.dtype == np.float64
    np.testing.assert_allclose(got[:, 0], [e[0] for e in expected], rtol=1e-5)
    np.testing.assert_array_equal(got[:, 1], [e[1] for e in expected])


def test_parameter_gradients_are_written_into_the_given_buffers(be):
    rng = np.random.default_rng(3)
    x = rng.standard_normal((4, 3, 9, 9))
    w = rng.standard_normal((5, 3, 3, 3))
    b = rng.standard_normal(5)
    y, cache = be.conv2d_forward(be.from_host(x), be.from_host(w), be.from_host(b), (1, 1, 1, 1))
    dy = rng.standard_normal(be.to_host(y).shape)
    flat = be.from_host(np.zeros(w.size + 5 + 1))  # one spare element must stay untouched
    dw_view, db_view = flat[:w.size].reshape(w.shape), flat[w.size:w.size + 5]
    dx, dw, db = be.conv2d_backward(be.from_host(dy), cache, True, dw_view, db_view)
    _, cache_ref = REF.conv2d_forward(x, w, b, (1, 1, 1, 1))
    dx_ref, dw_ref, db_ref = REF.conv2d_backward(dy, cache_ref)
    host = be.to_host(flat)
    np.testing.assert_allclose(host[:w.size].reshape(w.shape), dw_ref, rtol=1e-10)
    np.testing.assert_allclose(host[w.size:w.size + 5], db_ref, rtol=1e-10)
    assert host[-1] == 0.0
    np.testing.assert_allclose(be.to_host(dx), dx_ref, rtol=1e-10)

    xd = rng.standard_normal((6, 7))
    wd = rng.standard_normal((4, 7))
    yd, cached = be.dense_forward(be.from_host(xd), be.from_host(wd), be.from_host(np.zeros(4)))
    dyd = rng.standard_normal((6, 4))
    flat = be.from_host(np.zeros(wd.size + 4))
    be.dense_backward(be.from_host(dyd), cached, False, flat[:wd.size].reshape(wd.shape), flat[wd.size:])
    host = be.to_host(flat)
    np.testing.assert_allclose(host[:wd.size].reshape(wd.shape), dyd.T @ xd, rtol=1e-10)
    np.testing.assert_allclose(host[wd.size:], dyd.sum(axis=0), rtol=1e-10)


def test_workspace_and_counters_are_part_of_every_backend(be):
    with be.workspace():
        pass
    counters = be.device_counters()
    assert counters is None if not be.is_gpu else set(counters) >= {"kernel_launches", "allocations"}
    assert be.warm_up(np.float32) >= 0.0


def test_host_arrays_reach_the_cuda_backend_with_canonical_strides():
    # x[:, None] is "C-contiguous" to NumPy with a stride-0 axis; numba's device copy of it
    # then refuses to be flattened ("operation requires copying"), as seen on an H100.
    from cnnviz.backends.numba_cuda_memory import canonical_host_array

    x = np.arange(2 * 28 * 28, dtype=np.float32).reshape(2, 28, 28)[:, None]
    assert x.flags.c_contiguous and x.strides[1] == 0
    fixed = canonical_host_array(x)
    assert fixed.strides == (3136, 3136, 112, 4)
    np.testing.assert_array_equal(fixed, x)
    assert to_float_nchw(x[:, 0].astype(np.uint8)).strides[1] == 28 * 28 * 4

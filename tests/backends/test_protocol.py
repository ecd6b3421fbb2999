"""The device-resident training protocol (base.Backend), on every backend that runs here.

The conformance suite (tests/backend_conformance.py) runs here for numpy, numba and cupy against the
NumPy reference; tests/cuda/test_protocol_cuda.py runs the same suite for the numba.cuda backend under
the CUDA simulator. What is here besides it is not about one backend.
"""

import numpy as np
import pytest

from cnnviz.backends import registry
from cnnviz.backends.base import BackendUnavailable, dropout_keep_mask, dropout_key, dropout_threshold, hash32
from cnnviz.data.batches import to_float_nchw

from backend_conformance import *  # noqa: F401,F403 - the suite, run for the backends below

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


@pytest.fixture
def ref():
    return REF


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


def test_host_arrays_reach_the_cuda_backend_with_canonical_strides():
    # x[:, None] is "C-contiguous" to NumPy with a stride-0 axis; numba's device copy of it
    # then refuses to be flattened ("operation requires copying"), as seen on an H100.
    from cnnviz.backends.numba_cuda.memory import canonical_host_array

    x = np.arange(2 * 28 * 28, dtype=np.float32).reshape(2, 28, 28)[:, None]
    assert x.flags.c_contiguous and x.strides[1] == 0
    fixed = canonical_host_array(x)
    assert fixed.strides == (3136, 3136, 112, 4)
    np.testing.assert_array_equal(fixed, x)
    assert to_float_nchw(x[:, 0].astype(np.uint8)).strides[1] == 28 * 28 * 4

"""What the device-resident protocol (base.Backend) defines for every backend, outside any one backend:
the dropout mask's hash and keys, the host arrays a backend is given.

The op-level checks every backend runs are the conformance suite (tests/backend_conformance.py),
subclassed per backend: test_numpy_ref.py, test_numba_cpu.py, test_cupy_backend.py and, under the CUDA
simulator, tests/cuda/test_protocol_cuda.py.
"""

import numpy as np

from cnnviz.backends.base import dropout_keep_mask, dropout_key, dropout_threshold, hash32
from cnnviz.data.batches import to_float_nchw


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

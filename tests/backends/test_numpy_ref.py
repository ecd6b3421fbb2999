"""The NumPy reference, the specification every backend is compared with, against its own oracle: the
naive loops of tests/naive_reference.py (convolution, pooling, dense), on shapes small enough for loops;
every backward pass against finite differences (the conformance suite's gradient checks); and its fast
paths (numpy_ref.NumpyFastBackend, what the app runs) against it, bit for bit."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from backend_conformance import VALID, BackendConformance, assert_close, same_pads
from cnnviz.backends import numpy_ref
from naive_reference import NaiveReference


class TestNumpyReference(BackendConformance):
    TOL = {"float32": 2e-5, "float64": 1e-12}
    TOL_OPS = {
        **BackendConformance.TOL_OPS,
        "optimizer": {"float32": 0.0, "float64": 0.0},
        "loss": {"float32": 0.0, "float64": 0.0},
    }
    CONV_CASES = [
        (1, 1, 5, 5, 1, 3, same_pads(3)),
        (2, 3, 7, 9, 4, 3, VALID),
        (2, 3, 6, 7, 2, 2, same_pads(2)),  # even kernel
        (1, 2, 5, 6, 2, 3, (2, 0, 1, 0)),  # asymmetric padding
        (1, 3, 5, 5, 2, 5, VALID),  # output 1x1
        (2, 2, 4, 4, 3, 1, same_pads(1)),
    ]
    POOL_SHAPES = [(1, 1, 2, 2), (2, 3, 8, 8), (2, 3, 7, 9), (1, 2, 3, 2)]
    HYPOTHESIS_EXAMPLES = 15

    @pytest.fixture
    def be(self):
        return numpy_ref.reference()

    @pytest.fixture
    def ref(self):
        return NaiveReference()


FAST = numpy_ref.create()
REFERENCE = numpy_ref.reference()


@settings(max_examples=60, deadline=None, database=None)
@given(
    n=st.integers(1, 3),
    c=st.integers(1, 3),
    h=st.integers(1, 9),
    w=st.integers(1, 9),
    dtype=st.sampled_from([np.float32, np.float64]),
    seed=st.integers(0, 2**16),
    specials=st.lists(st.sampled_from([np.nan, -0.0, 0.0, np.inf, -np.inf, 1.0]), max_size=6),
)
def test_the_fast_max_pooling_is_the_reference_bit_for_bit(n, c, h, w, dtype, seed, specials):
    rng = np.random.default_rng(seed)
    x = rng.integers(-2, 3, size=(n, c, h, w)).astype(dtype)  # ties in most windows
    x.flat[rng.integers(0, x.size, len(specials))] = specials
    y, (argmax, shape) = FAST.maxpool2x2_forward(x)
    y_ref, (argmax_ref, shape_ref) = REFERENCE.maxpool2x2_forward(x)
    assert_close(y, y_ref, "fast max pooling", 0.0)
    assert_close(argmax, argmax_ref, "fast max pooling's argmax", 0.0)
    assert shape == shape_ref

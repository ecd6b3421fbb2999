"""The NumPy reference, the specification every backend is compared with, against its own oracle: the
naive loops of tests/naive_reference.py (convolution, pooling, dense), on shapes small enough for loops;
and every backward pass against finite differences (the conformance suite's gradient checks)."""

from __future__ import annotations

import pytest

from backend_conformance import VALID, BackendConformance, same_pads
from cnnviz.backends import numpy_ref
from naive_reference import NaiveReference


class TestNumpyReference(BackendConformance):
    TOL = {"float32": 2e-5, "float64": 1e-12}
    TOL_OPS = {**BackendConformance.TOL_OPS, "optimizer": {"float32": 0.0, "float64": 0.0},
               "loss": {"float32": 0.0, "float64": 0.0}}
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

    @pytest.fixture(scope="class")
    def be(self):
        return numpy_ref.create()

    @pytest.fixture(scope="class")
    def ref(self):
        return NaiveReference()

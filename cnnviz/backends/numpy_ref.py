"""The NumPy reference backend: the specification every other backend is tested against.

Its code is ``_xp.ArrayBackend`` on NumPy: plain, vectorised array code with a derivation comment on
each backward pass; tests/naive_reference.py is its own oracle (the ops' definitions as loops).
``NumpyBackend`` is the reference as written; ``NumpyFastBackend`` (what ``create()`` gives: the
registry's ``numpy``, the app's inference on the NumPy copy) is the same with its fast paths, which
tests/backends/test_numpy_ref.py holds to the reference bit for bit.
"""

from __future__ import annotations

import numpy as np

from ..translatable import N_, Phrase
from ._xp import ArrayBackend, maxpool2x2_strided


class NumpyBackend(ArrayBackend):
    name = "numpy"
    is_gpu = False

    def __init__(self):
        super().__init__(np)

    def describe(self) -> str:
        return Phrase(N_("NumPy {version} reference (im2col + BLAS matrix products), CPU"), version=np.__version__)


class NumpyFastBackend(NumpyBackend):
    """The reference with max pooling on the windows' strided corners (2.2x faster, the same bits)."""

    def maxpool2x2_forward(self, x):
        return maxpool2x2_strided(self.xp, x)


def reference() -> NumpyBackend:
    """The reference exactly as written (the conformance suite's oracle)."""
    return NumpyBackend()


def create() -> NumpyFastBackend:
    return NumpyFastBackend()

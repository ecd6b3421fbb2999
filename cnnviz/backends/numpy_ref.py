"""The NumPy reference backend: the specification every other backend is tested against."""

from __future__ import annotations

import numpy as np

from ..translatable import N_, Phrase
from ._xp import ArrayBackend


class NumpyBackend(ArrayBackend):
    name = "numpy"
    is_gpu = False

    def __init__(self):
        super().__init__(np)

    def describe(self) -> str:
        return Phrase(N_("NumPy {version} reference (im2col + BLAS matrix products), CPU"), version=np.__version__)


def create() -> NumpyBackend:
    return NumpyBackend()

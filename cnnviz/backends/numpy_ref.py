"""The NumPy reference backend: the specification every other backend is tested against."""

from __future__ import annotations

import numpy as np

from ._xp import ArrayBackend


class NumpyBackend(ArrayBackend):
    name = "numpy"
    is_gpu = False

    def __init__(self):
        super().__init__(np)

    def describe(self) -> str:
        return f"NumPy {np.__version__} reference (im2col + BLAS matrix products), CPU"


def create() -> NumpyBackend:
    return NumpyBackend()

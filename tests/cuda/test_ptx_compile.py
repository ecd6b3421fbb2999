"""Every kernel compiles for a real GPU (PTX for sm_75) in float32 and float64.

The simulator runs kernels as plain Python, so it never type-checks them the
way numba.cuda's compiler does. This compiles each one without needing a GPU
or a driver, only NVVM/NVRTC (e.g. pip install nvidia-nvvm nvidia-cuda-nvrtc),
and checks that float32 kernels do no float64 arithmetic (slow on most GPUs).
Runs in the normal process (not under the simulator); see conftest.py.
"""

from __future__ import annotations

import re

import pytest

from cnnviz.backends import numba_cuda


def _signatures(dt):
    from numba import types

    def arr(dtype, ndim):
        return types.Array(dtype, ndim, "C")

    i64 = types.int64
    a1, a2, a4 = arr(dt, 1), arr(dt, 2), arr(dt, 4)
    return {
        "conv2d_forward": (a4, a4, a1, a4, i64, i64),
        "conv2d_backward_input": (a4, a4, a4, i64, i64),
        "conv2d_backward_params": (a4, a4, a4, a1, i64, i64),
        "maxpool_forward": (a4, a4, arr(types.int8, 4)),
        "maxpool_backward": (a4, arr(types.int8, 4), a4),
        "fill_zero": (a1,),
        "relu_forward": (a1, a1),
        "relu_backward": (a1, a1, a1),
        "dropout_apply": (a1, arr(types.boolean, 1), dt, a1),
        "matmul": (a2, a2, a2, a1, i64, i64, i64),
        "softmax_cross_entropy": (a2, arr(types.uint8, 1), dt, a2, arr(types.float64, 1)),
        "softmax_rows": (a2, a2),
        "sgd": (a1, a1, dt),
        "sgd_momentum": (a1, a1, a1, dt, dt),
        "adam": (a1, a1, a1, a1, dt, dt, dt, dt, dt, dt),
    }


KERNELS = [
    "conv2d_forward", "conv2d_backward_input", "conv2d_backward_params", "maxpool_forward", "maxpool_backward",
    "fill_zero", "relu_forward", "relu_backward", "dropout_apply", "matmul", "softmax_cross_entropy",
    "softmax_rows", "sgd", "sgd_momentum", "adam"]
# The loss kernel reduces in float64 on purpose (one block, a few hundred values).
FLOAT64_ALLOWED = {"softmax_cross_entropy"}


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", KERNELS)
def test_kernel_compiles_to_ptx(name, dtype):
    from numba import cuda, types

    dt = getattr(types, dtype)
    kernel = getattr(numba_cuda.build_kernels(dtype), name)
    ptx, _ = cuda.compile_ptx(kernel.py_func, _signatures(dt)[name], cc=(7, 5))
    assert ".entry" in ptx
    if dtype == "float32" and name not in FLOAT64_ALLOWED:
        assert not re.search(r"\.f64\b", ptx), f"{name} does float64 arithmetic in its float32 version"

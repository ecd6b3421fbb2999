"""The argument types the cuda backend launches each kernel with (per float dtype).

test_ptx_compile.py compiles every kernel with these; test_protocol_cuda.py
records the types of every launch the backend makes under the simulator and
checks they are listed here, so the PTX test compiles what training launches.
"""

from __future__ import annotations


def signatures(dtype_name: str) -> dict[str, list[tuple]]:
    from numba import types

    dt = getattr(types, dtype_name)

    def arr(d, ndim=1):
        return types.Array(d, ndim, "C")

    i64, u64 = types.int64, types.uint64
    a1 = arr(dt)
    conv = (a1,) * 5 + (i64,) * 17
    gemm = (a1,) * 6 + (i64,) * 6
    loss = [(arr(dt, 2), arr(label), dt, arr(dt, 2), arr(types.float64), i64) for label in (types.int32, types.int64)]
    return {
        "conv_forward": [conv],
        "conv_input_grad": [conv],
        "conv_forward_narrow": [conv],
        "conv_input_grad_narrow": [conv],
        "conv_weight_grad": [(a1,) * 3 + (i64,) * 12],
        "gemm_xwt": [gemm],
        "gemm_dyt_x": [gemm],
        "gemm_dy_w": [gemm],
        "splitk_reduce": [(a1, i64, i64, i64, i64, a1, a1, a1, i64)],
        "maxpool_forward": [(a1, a1, arr(types.int8), i64, i64, i64, i64)],
        "maxpool_backward": [(a1, arr(types.int8), a1, i64, i64, i64, i64)],
        "fill_zero": [(a1,)],
        "relu_forward": [(a1, a1)],
        "relu_backward": [(a1, a1, a1)],
        "dropout_apply": [(a1, a1, u64, u64, dt)],
        "gather_batch": [(arr(types.uint8), arr(types.int32), arr(types.int32), a1, arr(types.int32), i64)],
        "softmax_cross_entropy": loss,
        "softmax_rows": [(arr(dt, 2), arr(dt, 2))],
        "sgd": [(a1, a1, dt)],
        "sgd_momentum": [(a1, a1, a1, dt, dt)],
        "adam": [(a1, a1, a1, a1) + (dt,) * 6],
    }

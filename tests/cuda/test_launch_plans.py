"""The launch arithmetic of the cuda backend (plain Python): tiles cover every output, fit shared memory,
read the patch without bank conflicts, and split-K ranges cover the reduction exactly once."""

from __future__ import annotations

import pytest

from cnnviz.backends.numba_cuda.kernels import PRODUCTION, KernelConfig, _bank_conflicts, plan_conv, plan_splits

SEED_CONVS = [  # (images, output channels, out h, out w, kh, kw): seed conv1/conv2 forward, conv2 input gradient
    (128, 32, 28, 28, 5, 5),
    (128, 64, 14, 14, 5, 5),
    (128, 32, 14, 14, 5, 5),
    (96, 64, 14, 14, 5, 5),
    (128, 64, 24, 24, 3, 3),
    (7, 10, 7, 7, 15, 15),
    (3, 1024, 1, 1, 1, 1),
]


@pytest.mark.parametrize("shape", SEED_CONVS)
def test_conv_plan_covers_the_output_and_fits(shape):
    images, channels, ho, wo, kh, kw = shape
    p = plan_conv(PRODUCTION, *shape)
    n_tx, n_ty = p.block
    assert n_tx * n_ty == 256 and p.narrow == (channels <= 32)
    assert p.tile_h * p.tile_w <= n_tx * PRODUCTION.tn
    assert p.tiles_x * p.tile_w >= wo and (p.tiles_per_image // p.tiles_x) * p.tile_h >= ho
    assert p.grid == (images * p.tiles_per_image, -(-channels // (n_ty * PRODUCTION.tm)))
    assert (p.tile_h + p.rows_per_stage - 1) * p.pitch <= PRODUCTION.patch
    assert p.rows_per_stage * kw <= PRODUCTION.slab_taps
    if (kh, kw) == (5, 5):
        assert _bank_conflicts(p.tile_w, p.pitch, n_tx, PRODUCTION.tn) == 1


@pytest.mark.parametrize("tiles,reduction", [(13, 25088), (1, 100352), (16, 3136), (400, 128), (1, 5)])
def test_split_k_ranges_cover_the_reduction_once(tiles, reduction):
    splits, per = plan_splits(tiles, reduction, 16, 528, 64)
    assert per % 16 == 0 and splits >= 1
    assert (splits - 1) * per < reduction <= splits * per
    assert splits * tiles <= 528 or splits == 1


def test_tile_configs_are_checked():
    with pytest.raises(ValueError):
        KernelConfig(tx=16, ty=16, bk=24)
    with pytest.raises(ValueError):
        KernelConfig(slab_taps=8)

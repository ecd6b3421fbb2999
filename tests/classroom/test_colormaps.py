"""One colour-map module (cnnviz/classroom/colormaps.py) behind every picture: the report, the time-lapse GIF
(and, in tests/gui/test_colour_maps.py, the panels) give the same weights the same colours; the GIF can show
the feature maps as the Time-lapse tab does."""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageSequence

from cnnviz.classroom import colormaps, render, timelapse
from cnnviz.classroom.timelapse import TimeLapse


def test_the_report_and_the_gif_take_the_one_diverging_map():
    assert render.DIVERGING_LUT is colormaps.DIVERGING_LUT and timelapse.DIVERGING_LUT is colormaps.DIVERGING_LUT
    weights = np.linspace(-0.3, 0.3, 101)
    report = render.diverging_rgb(weights, 0.3).astype(int)
    shared = colormaps.apply(colormaps.DIVERGING_LUT, weights, -0.3, 0.3).astype(int)
    assert np.abs(report - shared).max() <= 3, "the same weights, the same colours (within one table step)"
    assert np.abs(report[50] - 247).max() <= 2 and report[0][2] > report[0][0] and report[-1][0] > report[-1][2]
    ramp = np.asarray(timelapse._fixed_palette().getpalette()[: 240 * 3]).reshape(-1, 3)
    rows = {tuple(row) for row in colormaps.DIVERGING_LUT}
    assert all(tuple(colour) in rows for colour in ramp), "the GIF's colours are the map's"


def test_the_sequential_map_is_pyqtgraphs_inferno_read_without_importing_it():
    lut = colormaps.SEQUENTIAL_LUT
    assert lut.shape == (256, 3) and lut.dtype == np.uint8
    assert tuple(lut[0]) == (0, 0, 4) and lut[-1][0] > 240 and lut[-1][1] > 240, "black to pale yellow"
    assert (np.diff(lut.astype(int).sum(axis=1)) >= -2).all(), "lightness rises"


def _lapse_with_maps(frames: int = 3) -> TimeLapse:
    rng = np.random.default_rng(0)
    lapse = TimeLapse()
    for step in range(frames):
        lapse.record(
            step * 10,
            step / 10,
            0.5 + step / 10,
            {"conv1": rng.normal(size=(8, 1, 5, 5))},
            feature_maps=[("conv1", rng.normal(size=(8, 24, 24))), ("pool2", np.abs(rng.normal(size=(16, 5, 5))))],
            input_image=rng.random((28, 28)),
        )
    return lapse


def test_the_gif_can_show_the_feature_maps_as_the_tab_does(tmp_path):
    lapse = _lapse_with_maps()
    kernels_only = lapse.render_frames("conv1")[0]
    with_maps = lapse.render_frames("conv1", feature_maps=True)
    assert len(with_maps) == 3 and len({im.size for im in with_maps}) == 1
    assert with_maps[0].height > kernels_only.height
    pixels = {tuple(p) for p in np.asarray(with_maps[0]).reshape(-1, 3)}
    sequential = {tuple(row) for row in colormaps.SEQUENTIAL_LUT}
    assert len(pixels & sequential) > 20, "the pooling maps in the sequential map, as in the tab"
    path = lapse.export_gif(tmp_path / "maps.gif", "conv1", feature_maps=True)
    with Image.open(path) as gif:
        assert gif.n_frames == 3
        assert {f.size for f in ImageSequence.Iterator(gif)} == {with_maps[0].size}

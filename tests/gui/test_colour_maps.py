"""The panels colour weights as the report and the GIF do: the Kernels panel, the Time-lapse tab and the
feature maps use classroom/colormaps.py's tables, and pyqtgraph draws the same weights in the report's
colours (the Time-lapse tab had a hand-made map up to 75 of 255 levels away)."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg

from cnnviz.classroom import colormaps, render
from cnnviz.gui import palette, theme


def _drawn(lut: np.ndarray, values: np.ndarray, levels: tuple[float, float]) -> np.ndarray:
    """The RGB pyqtgraph's ImageItem draws for ``values`` through ``lut`` with ``levels``."""
    argb, _ = pg.functions.makeARGB(values[None, :], lut=lut, levels=levels)
    return argb[0, :, [2, 1, 0]].T.astype(int)  # BGRA in memory -> RGB


def test_every_panel_uses_the_one_table_and_draws_the_reports_colours(window):
    assert palette.DIVERGING_LUT is theme.DIVERGING_LUT is colormaps.DIVERGING_LUT
    assert palette.SEQUENTIAL_LUT is theme.ACTIVATION_LUT is colormaps.SEQUENTIAL_LUT
    inferno = np.asarray(pg.colormap.get("inferno").getLookupTable(0.0, 1.0, 256, alpha=False))[:, :3]
    assert np.array_equal(inferno.astype(np.uint8), colormaps.SEQUENTIAL_LUT), "pyqtgraph's own inferno"
    items = {"kernels": window.panels.kernels.first_item, "time-lapse kernels": window.panels.timelapse.kernel_item}
    for name, item in items.items():
        assert np.array_equal(np.asarray(item.lut), colormaps.DIVERGING_LUT), name
    weights = np.linspace(-0.2, 0.2, 81)
    limit = 0.2
    report = render.diverging_rgb(weights, limit).astype(int)
    shown = _drawn(colormaps.DIVERGING_LUT, np.clip(weights / limit, -1, 1), (-1.0, 1.0))
    assert np.abs(shown - report).max() <= 4, "a weight has the same colour in the panel and the report"

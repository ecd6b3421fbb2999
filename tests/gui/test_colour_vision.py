"""Colours every student can tell apart: simulated deuteranopia, protanopia and tritanopia.

colorspacious simulates colour-vision deficiencies with Machado et al. (2009); severity 100 is the
full dichromacy (deuteranopia, protanopia, tritanopia), the hardest case. Distances are measured in
CAM02-UCS, a perceptually uniform space where 1 unit is about one just-noticeable difference between
two large patches side by side.

The threshold, MIN_CLASS_DISTANCE = 10: marks in a plot (thin lines, 8-pixel markers) need far more
than one just-noticeable difference to be told apart at a glance, and Okabe & Ito's palette, the
reference CVD-safe set, itself only reaches about 11 (orange vs reddish purple under tritanopia). So
10 asks the whole ten-colour palette to be as distinguishable as the reference eight are; below it
are pairs like a mid grey vs pink under deuteranopia (6.5), which really do look alike.
"""

from __future__ import annotations

import itertools
from types import SimpleNamespace

import numpy as np
import pytest

colorspacious = pytest.importorskip("colorspacious")

from cnnviz.gui import palette  # noqa: E402
from cnnviz.gui.panels.mistakes import MistakesPanel, matrix_colours  # noqa: E402

MIN_CLASS_DISTANCE = 10.0
DEFICIENCIES = ("deuteranomaly", "protanomaly", "tritanomaly")
"""At severity 100: deuteranopia, protanopia, tritanopia."""


def rgb1(colour) -> np.ndarray:
    if isinstance(colour, str):
        return np.array([int(colour[i : i + 2], 16) for i in (1, 3, 5)]) / 255.0
    return np.asarray(colour, dtype=np.float64)[..., :3] / 255.0


def seen(colours: np.ndarray, deficiency: str | None) -> np.ndarray:
    """sRGB in [0, 1] as a viewer with ``deficiency`` (None: normal vision) sees it, in CAM02-UCS."""
    colours = np.asarray(colours, dtype=np.float64)
    if deficiency is not None:
        cvd = {"name": "sRGB1+CVD", "cvd_type": deficiency, "severity": 100}
        colours = np.clip(colorspacious.cspace_convert(colours, cvd, "sRGB1"), 0, 1)
    return colorspacious.cspace_convert(colours, "sRGB1", "CAM02-UCS")


def smallest_distance(hexes) -> float:
    ucs = np.array([rgb1(h) for h in hexes])
    out = np.inf
    for deficiency in (None, *DEFICIENCIES):
        seen_ucs = seen(ucs, deficiency)
        for i, j in itertools.combinations(range(len(hexes)), 2):
            out = min(out, float(np.linalg.norm(seen_ucs[i] - seen_ucs[j])))
    return out


def test_every_pair_of_class_colours_stays_apart_under_each_deficiency():
    assert len(palette.CLASS_COLOURS) == 10 and len(set(palette.CLASS_COLOURS)) == 10
    assert smallest_distance(palette.CLASS_COLOURS) >= MIN_CLASS_DISTANCE


def test_the_threshold_catches_a_palette_that_is_not_cvd_safe():
    # The check can fail: the old curves' green and orange, or a mid grey next to Okabe-Ito's pink.
    assert smallest_distance(["#188038", "#e8710a", "#c5221f"]) < MIN_CLASS_DISTANCE
    assert smallest_distance([*palette.OKABE_ITO, "#999999"]) < MIN_CLASS_DISTANCE


def test_classes_also_differ_by_marker_and_series_by_line_style():
    assert len(set(palette.CLASS_SYMBOLS)) == len(palette.CLASS_COLOURS)
    assert smallest_distance(palette.SERIES_COLOURS) >= MIN_CLASS_DISTANCE
    looks = {(palette.series_colour(i), palette.series_pen_style(i)) for i in range(3 * len(palette.SERIES_COLOURS))}
    assert len(looks) == 3 * len(palette.SERIES_COLOURS)  # more series than colours: no two alike


@pytest.mark.parametrize("deficiency", [None, *DEFICIENCIES])
def test_the_sequential_map_gets_steadily_lighter_for_every_viewer(deficiency):
    lightness = seen(palette.SEQUENTIAL_LUT / 255.0, deficiency)[:, 0]
    steps = np.diff(lightness[::8])
    assert (steps > 0).all()  # an order that survives any CVD (and greyscale)
    assert lightness[-1] - lightness[0] > 60


@pytest.mark.parametrize("deficiency", ["deuteranomaly", "protanomaly"])
def test_the_diverging_map_keeps_negative_and_positive_apart(deficiency):
    lut = seen(palette.DIVERGING_LUT / 255.0, deficiency)
    middle = len(lut) // 2
    for k in (32, 64, 96, 127):  # equal magnitudes of opposite sign never look alike
        assert np.linalg.norm(lut[middle - k] - lut[middle + k]) >= MIN_CLASS_DISTANCE, k
    # The magnitude reads as lightness: darker away from zero on both sides.
    assert (np.diff(lut[:middle:8, 0]) > 0).all()
    assert (np.diff(lut[middle::8, 0]) < 0).all()
    # Red and blue halves stay on opposite sides of the blue-yellow axis (b'), which these viewers keep.
    assert lut[middle - 64, 2] < 0 < lut[middle + 64, 2]


def test_correct_and_wrong_differ_in_more_than_hue():
    right, wrong = palette.verdict(True), palette.verdict(False)
    assert right.mark != wrong.mark and right.mark and wrong.mark
    assert (right.border is None) != (wrong.border is None)  # a frame on wrong ones only
    assert right.word != wrong.word
    for deficiency in (None, *DEFICIENCIES):
        a, b = seen(np.array([rgb1(right.colour), rgb1(wrong.colour)]), deficiency)
        assert np.linalg.norm(a - b) >= 2 * MIN_CLASS_DISTANCE


def test_confusion_matrix_right_and_wrong_cells_differ_for_every_viewer():
    matrix = np.array([[90, 10], [10, 90]])
    rgb, _dark = matrix_colours(matrix)
    for deficiency in (None, *DEFICIENCIES):
        cells = seen(rgb.reshape(-1, 3) / 255.0, deficiency)
        assert np.linalg.norm(cells[0] - cells[1]) >= 2 * MIN_CLASS_DISTANCE


def test_confusion_matrix_counts_have_the_better_contrasting_text_colour():
    rgb, dark = matrix_colours(np.array([[100, 0, 0], [50, 40, 10], [1, 1, 98]]))

    def luminance(c):
        c = np.asarray(c, np.float64) / 255.0
        return float(np.where(c <= 0.03928, c / 12.92, ((c + 0.055) / 1.055) ** 2.4) @ [0.2126, 0.7152, 0.0722])

    for r in range(3):
        for c in range(3):
            lum = luminance(rgb[r, c])
            white, black = 1.05 / (lum + 0.05), (lum + 0.05) / 0.05
            assert dark[r, c] == (white > black), (r, c)
    assert dark[0, 0] and not dark[0, 1]  # a full diagonal cell: white counts; an empty one: dark


def test_mistake_galleries_mark_wrong_images_with_a_cross(qtbot):
    panel = MistakesPanel()
    qtbot.addWidget(panel)
    images = np.zeros((4, 28, 28), np.uint8)
    panel.set_dataset(images, [str(i) for i in range(10)])
    labels, predictions = np.array([3, 3, 5, 7]), np.array([3, 5, 5, 1])
    evaluation = SimpleNamespace(
        labels=labels,
        predictions=predictions,
        confidences=np.array([0.9, 0.8, 0.7, 0.95]),
        test_accuracy=0.5,
        samples=4,
        step=10,
    )
    panel.show_evaluation(evaluation)
    panel.draw()
    worst = [panel.worst_gallery.item(i).text() for i in range(panel.worst_gallery.count())]
    assert worst and all(text.endswith(palette.WRONG.mark) for text in worst)
    panel.select_cell(3, 3)
    right = [panel.cell_gallery.item(i).text() for i in range(panel.cell_gallery.count())]
    assert right == [f"3→3 90% {palette.CORRECT.mark}"]
    assert "wrong" in panel.worst_gallery.item(0).toolTip() and "correct" in panel.cell_gallery.item(0).toolTip()


def test_gallery_captions_keep_their_mark(qtbot):
    # The mark is at the end of the caption: a cell too narrow would cut it off ("3→3 1…").
    from cnnviz.gui.panels.gallery import Gallery

    gallery = Gallery(56)
    qtbot.addWidget(gallery)
    gallery.resize(300, 300)
    gallery.show()
    captions = ["3→3 100% ✓", "8→2 99% ✗", "1→1 97% ✓"]
    gallery.show_images(np.zeros((3, 28, 28)), [0, 1, 2], captions)
    gallery.setCurrentRow(0)  # the current item has a frame of its own
    margin = 2 * (gallery.style().pixelMetric(gallery.style().PixelMetric.PM_FocusFrameHMargin) + 1)
    for i, caption in enumerate(captions):
        need = gallery.fontMetrics().horizontalAdvance(caption) + margin
        assert gallery.visualItemRect(gallery.item(i)).width() >= need, caption


def test_the_backends_colours_stay_apart_under_each_deficiency():
    # The timings compare backends by colour (bars, images/s curves) with their names beside them.
    colours = list(palette.BACKEND_COLOURS.values())
    assert len(set(colours)) == len(colours) == 4
    assert smallest_distance(colours) >= MIN_CLASS_DISTANCE

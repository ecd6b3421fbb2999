"""The empty Draw canvas's "draw a digit here" stays inside the drawing square (issue 31: German presenter mode
at 1024x768, the canvas at its least, 200 px: "hier eine Ziffer zeichnen" on one line, cut on both sides)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("code", ["de", "ja"])
def test_the_empty_canvas_hint_stays_inside_the_drawing_square(qtbot, in_language, code):
    from PySide6.QtGui import QColor

    from cnnviz.gui.canvas import DrawingCanvas

    in_language(code)
    canvas = DrawingCanvas()
    qtbot.addWidget(canvas)
    canvas.resize(260, 200)  # (the square 200 px, 30 px of the light margin either side)
    image = canvas.grab().toImage()
    black = QColor("#000000").rgb()
    ratio = image.width() / canvas.width()
    # Qt clips the text to the square: a hint too wide is cut at its sides, its letters touch them.
    edges = [*range(int(32 * ratio), int(36 * ratio)), *range(int(224 * ratio), int(228 * ratio))]
    cut = [(x, y) for y in range(int(2 * ratio), int(197 * ratio)) for x in edges if image.pixel(x, y) != black]
    assert not cut, f"the hint is cut at the square's sides: {len(cut)} pixels, e.g. {cut[:3]}"
    inside = {image.pixel(x, y) for y in range(image.height()) for x in range(int(40 * ratio), int(220 * ratio))}
    assert len(inside) > 2, "the hint is drawn (not only black)"

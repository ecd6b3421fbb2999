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


def _lines(text: str, font, width: float) -> list[str]:
    """``text`` broken into lines ``width`` px wide as a word-wrapping label or ``drawText`` breaks it."""
    from PySide6.QtGui import QTextLayout, QTextOption

    layout = QTextLayout(text, font)
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    layout.setTextOption(option)
    layout.beginLayout()
    found = []
    while (line := layout.createLine()).isValid():
        line.setLineWidth(width)
        found.append(text[line.textStart() : line.textStart() + line.textLength()].replace("\u2060", ""))
    layout.endLayout()
    return found


def _badly_broken(lines: list[str]) -> list[str]:
    """A line that ends on an opening bracket or quote; a last line of one character (its punctuation aside)."""
    import re

    from cnnviz.gui.language import OPENING

    found = [f"ends on {line[-1]!r}: {lines}" for line in lines[:-1] if line.rstrip().endswith(tuple(OPENING))]
    last = re.sub(r"[）”」』》〉】’。，、：；！？…\s]", "", lines[-1])
    if len(lines) > 1 and len(last) == 1 and re.match(r"[\u3040-\u30ff\u3400-\u9fff]", last):
        found.append(f"{last!r} alone on the last line: {lines}")
    return found


@pytest.mark.parametrize("code", ["zh_CN", "ja"])
def test_the_canvas_hint_leaves_no_character_alone(qtbot, in_language, code):
    """Chinese "在这里写一个数" and "字" alone under it on a narrow canvas: Qt breaks CJK text between any two
    characters; the hint keeps its last two together (and an opening bracket with what follows)."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QFont

    from cnnviz.gui.canvas import DrawingCanvas

    in_language(code)
    wrong = []
    for side in range(60, 261, 4):
        font, _flags, room = DrawingCanvas.hint_layout(QFont(), QRectF(0, 0, side, side))
        wrong += _badly_broken(_lines(DrawingCanvas.hint_text(), font, room.width()))
    assert not wrong, wrong[:3]


@pytest.mark.parametrize("code", ["zh_CN", "ja"])
def test_a_lessons_wrapped_text_leaves_no_character_alone(qtbot, in_language, code):
    """The lesson strip's pages (the longest wrapped texts a class reads) at the widths a strip has."""
    from PySide6.QtGui import QFont
    from PySide6.QtWidgets import QLabel

    from cnnviz.classroom.lessons import bundled_lessons
    from cnnviz.gui.lesson_strip import LessonStrip

    in_language(code)
    strip = LessonStrip()
    qtbot.addWidget(strip)
    wrong = []
    for preset in bundled_lessons():
        strip.show_lesson(preset, [])
        for page in range(len(strip.pages)):
            strip.set_page(page)
            text = QLabel.text(strip.text_label)  # (what Qt lays out: a WrappedLabel's text() is the text given)
            for width in range(300, 1001, 35):
                wrong += _badly_broken(_lines(text, QFont(strip.text_label.font()), width))
    assert not wrong, f"{len(wrong)}: {wrong[:3]}"

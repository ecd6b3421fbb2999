"""The lesson strip does not flip its height from step to step (issue 31): a three-line step made it taller, so the
Draw panel under it, left with less room, re-arranged itself (beside -> row) and flipped back at the next step.
It grows for a taller step and stays so for the rest of the lesson (at this width and type)."""

from types import SimpleNamespace

import pytest
from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget

from cnnviz.gui.lesson_strip import LessonStrip

LESSON = SimpleNamespace(
    title="Strip height",
    description="Short.",
    steps=("One line.", "A long step. " * 30, "Two words."),
    visible_panels=("loss",),
    presenter=False,
)


def settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


@pytest.mark.parametrize("presenter", [False, True])
def test_the_strip_keeps_its_height_from_step_to_step(qtbot, presenter):
    window = QWidget()
    qtbot.addWidget(window)
    layout = QVBoxLayout(window)
    strip = LessonStrip()
    layout.addWidget(strip)
    layout.addStretch(1)  # (the panels under it)
    window.resize(700, 600)
    window.show()
    qtbot.waitExposed(window)
    strip.set_presenter(presenter)
    strip.show_lesson(LESSON, [])
    heights = []
    for page in [*range(len(strip.pages)), 0]:
        strip.set_page(page)
        settle()
        heights.append(strip.height())
        assert strip.text_label.height() >= strip.text_label.heightForWidth(strip.text_label.width()), page
    tall = LESSON.steps.index(max(LESSON.steps, key=len)) + 1
    assert heights[tall] > heights[0], heights  # (the long step needs more lines)
    assert set(heights[tall:]) == {heights[tall]}, heights  # ...and the strip keeps them after it
    strip.show_lesson(LESSON, [])  # a lesson opened again starts from its first page's height
    settle()
    assert strip.height() == heights[0]

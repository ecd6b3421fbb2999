"""The wheel over the sidebar scrolls it; it never changes a setting the user did not choose (issue 31,
session 38: scrolling down to the learning rate at 1024x768 changed it from 0.5 to 0.48 unasked)."""

from PySide6.QtCore import QPoint, QPointF, QRect, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication


def wheel_down(widget, notches=3):
    centre = QPointF(widget.width() / 2, widget.height() / 2)
    for _ in range(notches):
        event = QWheelEvent(
            centre,
            widget.mapToGlobal(centre),
            QPoint(0, 0),
            QPoint(0, -120),
            Qt.NoButton,
            Qt.NoModifier,
            Qt.NoScrollPhase,
            False,
        )
        QApplication.sendEvent(widget, event)


def test_the_wheel_over_an_unchosen_setting_scrolls_the_sidebar_and_keeps_the_value(qtbot, window):
    window.resize(1024, 600)  # the sidebar is taller than its room: it scrolls
    qtbot.waitUntil(lambda: window.workspace.sidebar.verticalScrollBar().maximum() > 0, timeout=5000)
    c, bar = window.controls, window.workspace.sidebar.verticalScrollBar()
    window.workspace.tabs.setFocus()
    for widget in (c.lr_spin, c.lr_slider, c.momentum_spin, c.batch_spin, c.epochs_spin, c.optimizer_combo):
        before = widget.value() if hasattr(widget, "value") else widget.currentIndex()
        bar.setValue(0)
        wheel_down(widget)
        after = widget.value() if hasattr(widget, "value") else widget.currentIndex()
        assert after == before, type(widget).__name__
        assert bar.value() > 0, "the wheel scrolls the sidebar instead"


def test_the_wheel_still_steps_the_box_the_user_chose(qtbot, window):
    spin = window.controls.momentum_spin
    spin.setFocus()
    qtbot.waitUntil(spin.hasFocus, timeout=5000)
    before = spin.value()
    wheel_down(spin, notches=1)
    assert spin.value() < before


def test_the_wheel_over_the_class_canvas_task_scrolls_its_column(qtbot, window):
    """The same on the class canvas's column: the wheel over its task box changed what the phones ask for."""
    cc = window.class_canvas
    cc.open(host="127.0.0.1")
    try:
        window.resize(1024, 500)  # the column is taller than its room: it scrolls
        bar = cc.column.verticalScrollBar()
        qtbot.waitUntil(lambda: bar.maximum() > 0, timeout=5000)
        window.workspace.tabs.setFocus()
        for box in (cc.panel.task_box, cc.panel.interface_box):
            before = box.currentIndex()
            bar.setValue(0)
            wheel_down(box)
            assert box.currentIndex() == before and bar.value() > 0
    finally:
        cc.close()


def test_start_comes_back_in_sight_when_a_lesson_closes_or_the_run_has_news(qtbot, window):
    """At 1024x768 the sidebar scrolls; scrolled down to a setting during a lesson, it stayed so after the lesson
    closed and when "Training diverged" came, Start off screen (real X). Then Start is scrolled into sight; an
    info message ("Autosaved.") leaves the sidebar where the teacher put it."""
    from test_draw_panel_beside_a_warning import too_high
    from test_fit import at_screen

    from cnnviz.gui.questions import LessonClosing

    at_screen(window, qtbot, (1024, 768))
    sidebar, start = window.workspace.sidebar, window.controls.start_button

    def start_in_sight() -> bool:
        top_left = start.mapTo(sidebar.viewport(), QPoint(0, 0))
        return sidebar.viewport().rect().contains(QRect(top_left, start.size()))

    def scrolled_down():
        bar = sidebar.verticalScrollBar()
        bar.setValue(bar.maximum())
        assert bar.maximum() > 0 and not start_in_sight()

    assert window.lessons.apply(too_high(), ask=False)
    scrolled_down()
    window.banner.show_message("Autosaved.", "info")
    assert not start_in_sight()
    window.banner.show_message("Training diverged and is paused.", "warning")
    assert start_in_sight()
    scrolled_down()
    window.lessons.parts.close_question = lambda can_keep: LessonClosing(keep=True)
    assert window.lessons.close()
    assert start_in_sight()

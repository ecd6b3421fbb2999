"""The wheel over the sidebar scrolls it; it never changes a setting the user did not choose (issue 31,
session 38: scrolling down to the learning rate at 1024x768 changed it from 0.5 to 0.48 unasked)."""

from PySide6.QtCore import QPoint, QPointF, Qt
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

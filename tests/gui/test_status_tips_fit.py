"""A menu entry's status tip fits the status bar beside the test accuracy, cut with an ellipsis where it must be
(issue 31: a lesson's description cut mid-word by the bar's edge at 1024x768, "...in about half", "auf ei")."""

from __future__ import annotations


def test_a_long_status_tip_is_cut_to_the_bars_room_with_an_ellipsis(qtbot):
    from PySide6.QtGui import QStatusTipEvent
    from PySide6.QtWidgets import QApplication, QMainWindow, QStatusBar

    from cnnviz.gui.status import StatusFields

    window = QMainWindow()
    qtbot.addWidget(window)
    window.setStatusBar(QStatusBar())
    fields = StatusFields(window.statusBar())
    fields.show(state="running", step="step 1,234", test="test accuracy 98.0%")
    window.resize(1024, 300)
    window.show()
    qtbot.wait(1)
    bar = window.statusBar()
    tip = "A tiny network (two small convolutions, 9,226 weights) learns to read handwritten digits " * 3
    QApplication.sendEvent(window, QStatusTipEvent(tip))
    shown = bar.currentMessage()
    assert shown.endswith("…") and tip.startswith(shown[:-1]), shown
    test_field = fields.labels["test"]
    assert test_field.isVisible()
    room = bar.width() - test_field.sizeHint().width() - fields.MESSAGE_MARGIN_PX
    assert bar.fontMetrics().horizontalAdvance(shown) <= room, (shown, room)
    QApplication.sendEvent(window, QStatusTipEvent("Open a lesson"))
    assert bar.currentMessage() == "Open a lesson", "a short tip shows whole"
    QApplication.sendEvent(window, QStatusTipEvent(""))
    assert bar.currentMessage() == ""

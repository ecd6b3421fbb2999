"""The mouse wheel scrolls the sidebar; it changes a setting only in the box the user chose.

Qt gives every spin box, slider and combo box the wheel under the pointer, focused or not. In the sidebar
(a scroll area: at 1024x768 the learning rate lies below its fold) scrolling down to reach the learning
rate ran the wheel into the box as it came under the pointer: on real X in the "learning rate too high"
lesson the rate went from 0.5 to 0.48 unasked, a mark "lr 0.48" appeared on the curves and the divergence
advice went (issue 31, session 38). Now a value widget without the keyboard focus passes the wheel on to
the scroll bar; clicked or tabbed into, the wheel steps its value as before.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractSlider, QAbstractSpinBox, QComboBox, QScrollArea, QWidget

VALUE_WIDGETS = (QAbstractSpinBox, QAbstractSlider, QComboBox)


class WheelGuard(QObject):
    """Installed on the value widgets inside ``area``: the wheel over one that has no focus scrolls ``area``."""

    def __init__(self, area: QScrollArea):
        super().__init__(area)
        self.area = area

    def guard(self, root: QWidget) -> None:
        """Every value widget under ``root`` (call again for widgets added later: installing twice is harmless)."""
        for kind in VALUE_WIDGETS:
            for widget in root.findChildren(kind):
                if widget.focusPolicy() & Qt.WheelFocus == Qt.WheelFocus:
                    widget.setFocusPolicy(Qt.StrongFocus)  # the wheel alone does not choose the box
                widget.removeEventFilter(self)
                widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() != QEvent.Wheel or not isinstance(watched, QWidget) or watched.hasFocus():
            return False
        QCoreApplication.sendEvent(self.area.verticalScrollBar(), event)
        return True

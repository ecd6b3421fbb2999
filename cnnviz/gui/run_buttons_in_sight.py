"""Start (Resume) in sight in the sidebar, and kept there while the sidebar's view changes size.

A warning banner scrolls the sidebar to the run buttons (:meth:`.layout.Workspace.show_run_buttons`). At start-up
the banner comes before the window is laid out (``--language zh_CN`` without a CJK font, a restored autosave): the
sidebar was scrolled for the size its view had then and stayed so once the window had its size, Start half hidden
under the banner (real X, 1024x768). Now the run buttons are brought into sight again whenever the view changes size,
until the user scrolls the sidebar (or moves the focus to a setting in it: that one stays in sight).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QScrollArea, QWidget


class RunButtonsInSight(QObject):
    """Keeps ``target`` (the run buttons' box) in sight in ``area`` after :meth:`show`, until the user scrolls."""

    def __init__(self, area: QScrollArea, target: QWidget):
        super().__init__(area)
        self.area, self.target = area, target
        self.wanted = False
        """In sight at every change of the view's size (set by :meth:`show`, cleared when the user scrolls)."""
        area.viewport().installEventFilter(self)
        area.verticalScrollBar().actionTriggered.connect(self._on_user_scroll)

    def show(self) -> None:
        """In sight now, once the sidebar is laid out, and whenever its view changes size until the user scrolls."""
        self.wanted = True
        self._bring()
        QTimer.singleShot(0, self._bring)  # (after the layout pass a banner or a new size has posted)

    def _bring(self) -> None:
        focus = QApplication.focusWidget()
        if focus is not None and self.area.isAncestorOf(focus) and not self.target.isAncestorOf(focus):
            return  # the user is at a setting: it stays in sight
        self.area.ensureWidgetVisible(self.target, 0, 0)

    def _on_user_scroll(self, _action: int) -> None:
        self.wanted = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if self.wanted and event.type() == QEvent.Resize and watched is self.area.viewport():
            QTimer.singleShot(0, self._bring)  # (the controls are laid out for the new size after this event)
        return False

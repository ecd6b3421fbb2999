"""A text button at the menu bar's right end, no taller than the menu bar (the class canvas's toggle)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt, QTimer
from PySide6.QtWidgets import QToolButton


class SlimButton(QToolButton):
    """A text button as tall as its text (the menu bar's entries are): it never makes the menu bar taller."""

    texts: tuple[str, ...] = ()
    """Every text it may show: as wide as the widest (the menu bar places it by its size hint)."""

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        extra = hint.width() - self.fontMetrics().horizontalAdvance(self.text())
        width = max([hint.width()] + [self.fontMetrics().horizontalAdvance(t) + extra for t in self.texts])
        return QSize(width, min(hint.height(), self.fontMetrics().height() + 4))

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def changeEvent(self, event) -> None:
        # Presenter mode and zoom change the font: the menu bar places its corner widget only when set or
        # resized, so it is set again (after this event) at its new size.
        super().changeEvent(event)
        bar = self.parentWidget()
        if (
            event.type() in (QEvent.FontChange, QEvent.StyleChange)
            and bar is not None
            and hasattr(bar, "setCornerWidget")
        ):
            self.updateGeometry()
            QTimer.singleShot(
                0,
                self,
                lambda: bar.cornerWidget(Qt.TopRightCorner) is self and bar.setCornerWidget(self, Qt.TopRightCorner),
            )  # (not after self is gone)

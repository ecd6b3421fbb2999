"""The middle column's tabs: their pages, and their tab bar apart, which runs across the whole window; and
whether the bar's titles fit (the workspace shortens them where they do not, ``--check-layout`` checks them)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QStackedWidget, QTabBar, QWidget


class Tabs(QStackedWidget):
    """The middle column's pages with the QTabWidget calls the app uses, their tab bar apart: it runs
    across the whole window (above the sidebar and the right column too), so that every tab title fits
    on a 1024-pixel screen, in presenter mode as well."""

    currentChanged = Signal(int)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.bar = QTabBar()
        self.bar.setDocumentMode(True)
        self.bar.setExpanding(False)
        self.bar.setUsesScrollButtons(False)
        self.bar.setElideMode(Qt.ElideNone)
        self.bar.setDrawBase(True)
        self.bar.currentChanged.connect(self._on_bar)

    def tabBar(self) -> QTabBar:
        return self.bar

    def _on_bar(self, index: int) -> None:
        if 0 <= index < self.count():
            super().setCurrentIndex(index)
        self.currentChanged.emit(index)

    def addTab(self, page: QWidget, title: str) -> int:
        return self.insertTab(self.count(), page, title)

    def insertTab(self, index: int, page: QWidget, title: str) -> int:
        index = self.insertWidget(index, page)
        self.bar.blockSignals(True)
        self.bar.insertTab(index, title)
        self.bar.setCurrentIndex(super().currentIndex())
        self.bar.blockSignals(False)
        return index

    def removeTab(self, index: int) -> None:
        if 0 <= index < self.count():
            self.bar.blockSignals(True)
            self.removeWidget(self.widget(index))
            self.bar.removeTab(index)
            self.bar.setCurrentIndex(super().currentIndex())
            self.bar.blockSignals(False)

    def setCurrentIndex(self, index: int) -> None:
        self.bar.setCurrentIndex(index)  # -> _on_bar

    def setCurrentWidget(self, page: QWidget) -> None:
        self.setCurrentIndex(self.indexOf(page))

    def setTabVisible(self, index: int, visible: bool) -> None:
        if visible == self.bar.isTabVisible(index):
            return
        self.bar.setTabVisible(index, visible)
        # Qt left the hidden tab's width as a gap before the tabs after it (presenter mode hides the learning-rate
        # tab: "统计 | gap | 全班的手写", real X, session 44) until something lays the bar out again: its text set anew.
        self.bar.setTabText(index, self.bar.tabText(index))

    def isTabVisible(self, index: int) -> bool:
        return self.bar.isTabVisible(index)

    def setTabText(self, index: int, text: str) -> None:
        self.bar.setTabText(index, text)

    def tabText(self, index: int) -> str:
        return self.bar.tabText(index)

    def setTabToolTip(self, index: int, text: str) -> None:
        self.bar.setTabToolTip(index, text)


TAB_TITLE_MARGIN_PX = 8
"""A tab is at least this much wider than its title's text, or Qt has squeezed (elided) it."""


def tab_title_squeezed(bar, index: int) -> bool:
    return bar.tabRect(index).width() < bar.fontMetrics().horizontalAdvance(bar.tabText(index)) + TAB_TITLE_MARGIN_PX


def titles_squeezed(bar) -> bool:
    """The tab bar needs more than its width, or Qt squeezed a visible tab's title (the bar's size hint
    can fit while a tab, in a CJK fallback font, gets a few pixels less than its text)."""
    return bar.sizeHint().width() > bar.width() or any(
        tab_title_squeezed(bar, i) for i in range(bar.count()) if bar.isTabVisible(i)
    )

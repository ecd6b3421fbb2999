"""Where the panels sit: the controls sidebar, the tabs in the middle, the right column.

Everything is placed from the panel registry (:mod:`.panels.registry`): a
panel's ``place`` says which column (or tab) it goes to and its ``share``
how much of the column's height it gets. Showing and hiding panels (the View
menu, lessons) and the initial splitter sizes live here too, so the
arrangement can change without touching the window.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QSplitter, QTabWidget, QVBoxLayout, QWidget

from .panels import registry
from .panels.registry import RIGHT, TAB, TRAINING

MIDDLE_SHARE = 0.58
"""Of the width beside the sidebar, the tabs get this much and the right column the rest."""


def _column(specs, panels) -> QSplitter:
    splitter = QSplitter(Qt.Vertical)
    for i, spec in enumerate(specs):
        splitter.addWidget(panels[spec.key])
        splitter.setStretchFactor(i, max(1, round(10 * spec.share)))
    splitter.setChildrenCollapsible(False)
    splitter.setHandleWidth(6)
    return splitter


class Workspace(QWidget):
    """The window's central widget: the banner above, then sidebar | tabs | right column."""

    def __init__(self, banner: QWidget, controls: QWidget, panels: dict[str, QWidget]):
        super().__init__()
        self.panels = panels
        self.controls = controls
        self.sidebar = QScrollArea()
        self.sidebar.setWidget(controls)
        self.sidebar.setWidgetResizable(True)
        self.sidebar.setFrameShape(QFrame.NoFrame)
        self.sidebar.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.sidebar.setVerticalScrollBarPolicy(Qt.ScrollBarAsNeeded)
        self.fit_sidebar()

        self.training = _column(registry.placed(TRAINING), panels)
        self.right = _column(registry.placed(RIGHT), panels)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tab_pages: dict[str, QWidget] = {registry.TRAINING: self.training}
        self.tab_pages.update({spec.key: panels[spec.key] for spec in registry.placed(TAB)})
        for key in registry.TABS:
            self.tabs.addTab(self.tab_pages[key], registry.tab_title(key))
        self.main = QSplitter(Qt.Horizontal)
        self.main.addWidget(self.sidebar)
        self.main.addWidget(self.tabs)
        self.main.addWidget(self.right)
        self.main.setStretchFactor(0, 0)
        self.main.setStretchFactor(1, 5)
        self.main.setStretchFactor(2, 4)
        self.main.setChildrenCollapsible(False)
        self.user_sized = False
        """The user dragged a splitter: the window stops sizing them."""
        for splitter in (self.main, self.training, self.right):
            splitter.splitterMoved.connect(self._on_user_sized)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 2)
        layout.setSpacing(6)
        layout.addWidget(banner)
        layout.addWidget(self.main, 1)

    def _on_user_sized(self, *_args) -> None:
        self.user_sized = True

    # --- sizes ----------------------------------------------------------------------------
    def fit_sidebar(self) -> None:
        """As wide as the controls want (they grow in presenter mode), never clipped."""
        width = self.controls.minimumSizeHint().width() + self.sidebar.verticalScrollBar().sizeHint().width() + 4
        self.sidebar.setMinimumWidth(width)
        self.sidebar.setMaximumWidth(width + 40)

    def size_splitters(self, width: int, height: int) -> None:
        """Initial proportions for a window of this size (until the user drags a splitter)."""
        if self.user_sized:
            return
        side = self.sidebar.minimumWidth()
        rest = max(width - side - 30, 600)
        self.main.setSizes([side, int(rest * MIDDLE_SHARE), rest - int(rest * MIDDLE_SHARE)])
        h = max(height - 80, 500)
        for splitter, place in ((self.training, TRAINING), (self.right, RIGHT)):
            shares = [spec.share for spec in registry.placed(place)]
            sizes = [int(h * share) for share in shares[:-1]]
            splitter.setSizes([*sizes, h - sum(sizes)])

    # --- tabs and visibility ----------------------------------------------------------------
    def show_tab(self, key: str) -> None:
        page = self.tab_pages[key]
        self.tabs.setTabVisible(self.tabs.indexOf(page), True)
        self.tabs.setCurrentWidget(page)

    def tab_visible(self, key: str) -> bool:
        return self.tabs.isTabVisible(self.tabs.indexOf(self.tab_pages[key]))

    def set_tab_note(self, key: str, note: str, tooltip: str = "") -> None:
        """A mark after a tab's title (e.g. the statistics' warning sign), with its explanation."""
        index = self.tabs.indexOf(self.tab_pages[key])
        self.tabs.setTabText(index, f"{registry.tab_title(key)} {note}".strip())
        self.tabs.setTabToolTip(index, tooltip)

    def show_views(self, views: set[str]) -> None:
        """Show the panels of these lesson views, hide the others (an empty tab or column goes too)."""
        for spec in registry.PANELS:
            panel = self.panels[spec.key]
            shown = set(spec.shown_by) & views
            if len(spec.shown_by) > 1:
                panel.show_views(shown)
            if spec.place != TAB:
                panel.setVisible(bool(shown))
        self.right.setVisible(any(set(spec.shown_by) & views for spec in registry.placed(RIGHT)))
        shown_tabs = {key: registry.tab_shown(key, views) for key in registry.TABS}
        for key, shown in shown_tabs.items():
            self.tabs.setTabVisible(self.tabs.indexOf(self.tab_pages[key]), shown)
        self.tabs.setVisible(any(shown_tabs.values()))
        if not self.tabs.isTabVisible(self.tabs.currentIndex()):
            first = next((key for key in registry.TABS if shown_tabs[key]), None)
            if first is not None:
                self.tabs.setCurrentWidget(self.tab_pages[first])

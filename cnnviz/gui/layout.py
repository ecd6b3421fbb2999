"""Where the panels sit, for the screen at hand: the one place to change for the classroom layout.

The workspace is the controls sidebar, the tabs in the middle and the right column. Panels are placed from
the registry (:mod:`.panels.registry`): ``place`` says which column (or tab), ``share`` how much of its height.
The *arrangement* (:mod:`.arrangement`) changes with the screen: on a narrow or short window, and in presenter
mode, right-column panels become tabs instead of shrinking to dots; the minimum size fits 1024x768. Showing and
hiding panels, the tab titles that fit, the Tab order, the floating banner and busy notice live here too;
the tabs themselves and their bar, which runs across the window, are :mod:`.tabs`'s.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt, QTimer
from PySide6.QtWidgets import QFrame, QScrollArea, QSplitter, QVBoxLayout, QWidget

from . import theme
from .arrangement import Arrangement, arrangement, fold_key, fold_title
from .panels import registry
from .panels.registry import TAB, TRAINING
from .panels.registry import shown_title as tab_title
from .status import Banner, BusyNotice
from .tab_order import ordered_tab_stops
from .tabs import Tabs, titles_squeezed
from .wheel_guard import WheelGuard

MIN_SIZE = QSize(1000, 560)
"""The workspace's minimum size: with the menu and status bars, a window that fits a 1024x768 screen
(even with a desktop panel and a title bar)."""
RIGHT_SHARE = 0.40
"""Of the width beside the sidebar, the right column gets this much (the canvas needs it)."""
PRESENTER_RIGHT_SHARE = 0.40
PRESENTER_TRAINING_SHARES = {"curves": 0.5, "feature_maps": 0.5}
"""Presenter mode's feature maps are one layer, bigger than normal mode's; the curves are bigger too."""
MIDDLE_LEAST_PX = 440  # the tabs' least width at 100 %, times the zoom (at 150 % the curves side by side need it)
BESIDE_GUEST_PX = 640
"""The tabs' least width at 100 % (times the zoom) for the sidebar to stay beside a guest column (the class
canvas): below it, the sidebar gives way to the slim run toolbar, as in presenter mode."""


def _column(orientation=Qt.Vertical, parent: QWidget | None = None) -> QSplitter:
    splitter = QSplitter(orientation, parent)
    splitter.setChildrenCollapsible(False)
    splitter.setHandleWidth(6)
    return splitter


class Workspace(QWidget):
    """The window's central widget: sidebar | tabs | right column, the lesson strip and the banner above
    them, a busy notice floating over them."""

    def __init__(self, controls: QWidget, panels: dict[str, QWidget], parent: QWidget | None = None):
        # Built from the top down: each container has its parent (the window: ``parent``) before anything goes
        # into it. Under the application's style sheet, a widget that moves to another parent has its whole
        # subtree unpolished and polished again (Qt's inheritStyle): the panels, placed into a splitter that
        # went into the tabs, then the main splitter, then this, then the window, were restyled five times
        # (~55 ms of a core each time for all the panels, 2026-11-29).
        super().__init__(parent)
        self.panels = panels
        self.controls = controls
        self.main = QSplitter(Qt.Horizontal, self)
        self.sidebar = QScrollArea(self.main)
        self.sidebar.setWidget(controls)
        self.sidebar.setWidgetResizable(True)
        self.sidebar.setFrameShape(QFrame.NoFrame)
        self.sidebar.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.sidebar.setVerticalScrollBarPolicy(Qt.ScrollBarAsNeeded)
        self.sidebar.setFocusPolicy(Qt.NoFocus)  # Tab goes to its controls (it scrolls to them), not to it
        self.compact = False
        """The sidebar gave way to the slim run toolbar (presenter mode, or a guest column on a narrow screen)."""
        self.full_sidebar_px = 0
        """The sidebar's width with all its controls (not compact)."""
        self.wheel_guard = WheelGuard(self.sidebar)
        self.wheel_guard.guard(controls)  # the wheel scrolls the sidebar, not the setting under the pointer
        self.fit_sidebar()

        self.tabs = Tabs(self.main)
        self.right = _column(parent=self.main)
        self.training = _column(parent=self.tabs)
        for i, spec in enumerate(registry.placed(TRAINING)):
            self.training.addWidget(panels[spec.key])
            self.training.setStretchFactor(i, max(1, round(10 * spec.share)))
        self.tab_pages: dict[str, QWidget] = {registry.TRAINING: self.training}
        self.tab_pages.update({spec.key: panels[spec.key] for spec in registry.placed(TAB)})
        for spec in registry.placed(TAB):
            if spec.beside:  # a page that can take the right-column panel it is used with beside it
                page = QSplitter(Qt.Horizontal, self.tabs)
                page.setChildrenCollapsible(False)
                page.addWidget(panels[spec.key])
                self.tab_pages[spec.key] = page
        self.lent: str | None = None
        """The right-column panel on loan to the open tab (its spec's ``beside``), if any."""
        for key in registry.TABS:
            self.tabs.addTab(self.tab_pages[key], tab_title(key))
        self.fold_pages: dict[str, QSplitter] = {}
        """Tabs made of right-column panels (key: :func:`fold_key`)."""
        self.main.addWidget(self.sidebar)
        self.main.addWidget(self.tabs)
        self.main.addWidget(self.right)
        self.main.setStretchFactor(0, 0)
        self.main.setStretchFactor(1, 6)
        self.main.setStretchFactor(2, 4)
        self.main.setChildrenCollapsible(False)
        self.user_sized = False
        """The user dragged a splitter: the window stops sizing them."""
        for splitter in (self.main, self.training, self.right):
            splitter.splitterMoved.connect(self._on_user_sized)

        self.layout_ = QVBoxLayout(self)
        self.layout_.setContentsMargins(6, 2, 6, 2)
        self.layout_.setSpacing(4)
        self.toolbar = getattr(controls, "toolbar", None)
        """Presenter mode's slim run toolbar (instead of the sidebar), above the tab bar."""
        if self.toolbar is not None:
            self.layout_.addWidget(self.toolbar)
            self.toolbar.hide()
        self.layout_.addWidget(self.tabs.tabBar())
        self.banner = Banner()
        self.layout_.addWidget(self.banner)  # (under the tab bar and the lesson strip: it moves the panels down)
        self.banner.shown.connect(lambda on: on and self.banner.kind != "info" and self.show_run_buttons())
        self.layout_.addWidget(self.main, 1)
        self.busy = BusyNotice(self, self._busy_area)

        self.presenter = False
        self.guest: QWidget | None = None
        """A column at the right end for a part that comes and goes (the class canvas while open)."""
        self.views: set[str] = set(registry.VIEWS)
        self.short_titles = False
        self.notes: dict[str, tuple[str, str]] = {}
        """tab key -> (mark after its title, tooltip)."""
        self.current: Arrangement | None = None
        # Sizes depend on the final geometry: a resize often comes in steps (menu and status bar heights
        # change after a style change), so the splitters are sized once more when the steps are over.
        self._settle = QTimer(self)
        self._settle.setSingleShot(True)
        self._settle.setInterval(0)
        self._settle.timeout.connect(self._on_settled)
        self.arrange(force=True)
        self.tabs.currentChanged.connect(lambda _index: self.lend_beside())

    def minimumSizeHint(self) -> QSize:
        # Whatever the arrangement: it changes with the size, so the window may always shrink to this.
        return MIN_SIZE

    def add_strip(self, widget: QWidget) -> None:
        """A strip across the top, under the tab bar (the lesson's steps)."""
        self.layout_.insertWidget(self.layout_.indexOf(self.tabs.tabBar()) + 1, widget)

    def show_run_buttons(self) -> None:
        """Start (Resume) in sight: the sidebar, scrolled down to a setting, stayed so with Start off screen at
        1024x768 after a lesson closed and when "Training diverged" (a warning, or an error: news of the run) came."""
        if not self.compact and hasattr(self.controls, "show_run_buttons_in"):
            self.controls.show_run_buttons_in(self.sidebar)

    def _on_settled(self) -> None:
        if not self.arrange():
            self.size_splitters()
            self.fit_tab_titles()

    def _on_user_sized(self, *_args) -> None:
        self.user_sized = True

    # --- the floating busy notice: over the tabs and the right column, below the tab bar -----------
    def _content_rect(self) -> QRect:
        top_left = self.tabs.mapTo(self, self.tabs.rect().topLeft())
        right = self.right if self.right.isVisible() else self.tabs
        bottom_right = right.mapTo(self, right.rect().bottomRight())
        return QRect(top_left, bottom_right)

    def _busy_area(self, _host: QRect) -> QRect:
        area = self._content_rect()
        width = min(area.width() - 40, 640)
        return QRect(area.center().x() - width // 2, area.top() + area.height() // 3, width, area.height() // 3)

    # --- the arrangement -------------------------------------------------------------------------
    def set_presenter(self, on: bool) -> None:
        """Presenter mode's arrangement, or back to the one before it."""
        self.presenter = bool(on)
        self.fit_compact()
        self.arrange(force=True)

    def add_guest(self, widget: QWidget) -> None:
        """A column at the workspace's right end, beside the tabs, for a part of the window that comes and goes
        (the class canvas): hidden until :meth:`show_guest`. It is as wide as its minimum width."""
        self.guest = widget
        widget.hide()
        self.main.addWidget(widget)
        index = self.main.indexOf(widget)
        self.main.setStretchFactor(index, 0)
        self.main.setCollapsible(index, False)

    def show_guest(self, on: bool) -> None:
        """The guest column shown (the other columns make room: the right column's panels become tabs and the
        sidebar gives way to the slim run toolbar where the screen is too narrow for all) or hidden."""
        if self.guest is None:
            return
        self.guest.setVisible(bool(on))
        self.refit()

    def refit(self) -> None:
        """The arrangement again after the guest column changed its width (presenter mode's type)."""
        self.fit_compact()
        self.arrange(force=True)

    def guest_width(self) -> int:
        guest = self.guest
        return guest.minimumWidth() + self.main.handleWidth() if guest is not None and guest.isVisibleTo(self) else 0

    def _guest_crowds(self) -> bool:
        """The guest column leaves the tabs too little room beside the sidebar."""
        if not self.guest_width():
            return False
        side = self.full_sidebar_px or self.sidebar.minimumWidth()
        room = self.width() - self.guest_width() - side - 2 * self.main.handleWidth() - 12
        return room < theme.zoomed_px(BESIDE_GUEST_PX)

    def fit_compact(self) -> None:
        """The sidebar, or the slim run toolbar instead (presenter mode; a guest column on a narrow screen)."""
        compact = self.presenter or self._guest_crowds()
        if compact != self.compact or self.sidebar.isVisibleTo(self) == compact:
            self.compact = compact
            set_compact = getattr(self.controls, "set_compact", None)
            if set_compact is not None:
                set_compact(compact)
            self.sidebar.setVisible(not compact)
            if self.toolbar is not None:
                self.toolbar.setVisible(compact)
            self.fit_sidebar()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.guest_width():
            self.fit_compact()
        if not self.arrange():
            self.size_splitters()
            self.fit_tab_titles()
        self._settle.start()

    def arrange(self, force: bool = False) -> bool:
        """Place the right-column panels for the current size; True when the arrangement changed."""
        size = self.size()
        guest = self.guest_width()
        # (the heights the panels need grow with the zoom: at 150 % a 1366x768 laptop's kernels beside the Draw
        # panel pushed its canvas over its Clear button; below 100 % the plots' least heights in pixels stay)
        height = round(size.height() / max(theme.ZOOM, 1.0))
        wanted = arrangement(size.width() - guest, height, self.presenter, guest=bool(guest))
        if wanted == self.current and not force:
            return False
        current_key = self._current_tab_key()
        self.setUpdatesEnabled(False)
        try:
            self._place(wanted)
        finally:
            self.setUpdatesEnabled(True)
        self.current = wanted
        self.show_views(self.views)
        if current_key in self.tab_pages and self.tab_visible(current_key):
            self.tabs.setCurrentWidget(self.tab_pages[current_key])
        self.lend_beside()
        self.size_splitters(force=True)
        self.fit_tab_titles()
        self._settle.start()
        return True

    def _place(self, wanted: Arrangement) -> None:
        self.lent = None  # (placed anew below, wherever it is now)
        for key, page in list(self.fold_pages.items()):
            self.tabs.removeTab(self.tabs.indexOf(page))
            del self.tab_pages[key]
        old_pages = list(self.fold_pages.values())
        self.fold_pages = {}
        for key in wanted.right:
            self.right.addWidget(self.panels[key])
        for i, key in enumerate(wanted.right):
            self.right.setStretchFactor(i, max(1, round(10 * registry.BY_KEY[key].share)))
        for n, keys in enumerate(wanted.folds, start=1):
            page = _column(parent=self.tabs)
            for key in keys:
                page.addWidget(self.panels[key])
            self.fold_pages[fold_key(keys)] = page
            self.tab_pages[fold_key(keys)] = page
            self.tabs.insertTab(n, page, fold_title(keys))
        for page in old_pages:
            page.deleteLater()

    def lend_beside(self) -> None:
        """The open tab's ``beside`` panel comes into it while that panel sits in a folded tab (not beside
        the tabs), and goes back to its tab when another tab opens."""
        key = self._current_tab_key()
        spec = registry.BY_KEY.get(key or "")
        wanted = spec.beside if spec is not None and spec.place == TAB else ""
        folded = self.current is not None and wanted not in self.current.right
        if self.lent and (self.lent != wanted or not folded):
            self._give_back()
        if wanted and folded and self.lent is None:
            page = self.tab_pages[key]
            page.addWidget(self.panels[wanted])
            page.setStretchFactor(0, 11)
            page.setStretchFactor(1, 9)
            half = max(page.width(), 400)
            page.setSizes([half * 11 // 20, half - half * 11 // 20])
            self.lent = wanted

    def tab_order(self) -> list[QWidget]:
        """Tab: presenter toolbar, sidebar (run buttons, settings), tab bar, tabs, right column, the guest column (the
        class canvas); panels as read."""
        return ordered_tab_stops(
            self,
            [
                w
                for w in (self.toolbar, self.sidebar, self.tabs.tabBar(), self.tabs, self.right, self.guest)
                if w is not None
            ],
            self.panels.values(),
        )

    def _give_back(self) -> None:
        lent, self.lent = self.lent, None
        fold = self.tab_key_of(lent)
        if fold in self.fold_pages:
            keys = fold.split("+")
            self.fold_pages[fold].insertWidget(keys.index(lent), self.panels[lent])
            self.size_splitters()

    def current_tab(self) -> str | None:
        """The key of the tab open (None: none)."""
        return self._current_tab_key()

    def _current_tab_key(self) -> str | None:
        page = self.tabs.currentWidget()
        return next((key for key, p in self.tab_pages.items() if p is page), None)

    def tab_key_of(self, key: str) -> str:
        """The tab showing panel (or tab) ``key``; the Training tab for a panel beside the tabs."""
        if key in self.tab_pages:
            return key
        for fold, _page in self.fold_pages.items():
            if key in fold.split("+"):
                return fold
        return registry.TRAINING

    # --- sizes ----------------------------------------------------------------------------
    def fit_sidebar(self) -> None:
        """As wide as the controls want (they are narrower in presenter mode), never clipped: never narrower than
        their own least width either (the Chinese sidebar at 80 % wanted 190 px, under its 220: the sidebar, 190
        wide, cut at its right edge the controls laid out at 220)."""
        fit_zoom = getattr(self.controls, "fit_zoom", None)
        if fit_zoom is not None:
            fit_zoom()  # (its least and greatest width at the zoom in force)
        self.controls.ensurePolished()
        for child in self.controls.findChildren(QWidget):
            child.ensurePolished()
        self.controls.layout().activate()
        wanted = max(self.controls.minimumSizeHint().width(), self.controls.minimumWidth())
        width = min(wanted, self.controls.maximumWidth())
        width += self.sidebar.verticalScrollBar().sizeHint().width() + 4
        self.sidebar.setMinimumWidth(width)
        self.sidebar.setMaximumWidth(width + 40)
        if not self.compact:
            self.full_sidebar_px = width

    def size_splitters(self, force: bool = False) -> None:
        """Proportions for the current size (until the user drags a splitter)."""
        if self.user_sized and not force:
            return
        self.tabs.setMinimumWidth(theme.zoomed_px(MIDDLE_LEAST_PX))
        width, height = self.width(), self.height()
        side = self.sidebar.minimumWidth() if self.sidebar.isVisibleTo(self) else 0
        guest = self.guest_width()
        rest = max(width - side - guest - 30, 400)
        extra = [max(0, guest - self.main.handleWidth())] if self.guest is not None else []
        if self.current is not None and self.current.right:
            share = PRESENTER_RIGHT_SHARE if self.presenter else RIGHT_SHARE
            right = max(int(rest * share), self.right.minimumSizeHint().width())
            self.main.setSizes([side, rest - right, right, *extra])
        else:
            self.main.setSizes([side, rest, 0, *extra])
        h = max(height - 60, 300)
        shares = PRESENTER_TRAINING_SHARES if self.presenter else {}
        columns = [(self.training, [shares.get(spec.key, spec.share) for spec in registry.placed(TRAINING)])]
        if self.current is not None:
            columns.append((self.right, [registry.BY_KEY[k].share for k in self.current.right]))
            for keys in self.current.folds:
                columns.append((self.fold_pages[fold_key(keys)], [registry.BY_KEY[k].share for k in keys]))
        for splitter, shares in columns:
            if shares:
                total = sum(shares)
                sizes = [int(h * s / total) for s in shares[:-1]]
                splitter.setSizes([*sizes, h - sum(sizes)])

    def _titles(self, key: str) -> tuple[str, str]:
        """(full, short) title of tab ``key``."""
        if key in self.fold_pages:
            keys = tuple(key.split("+"))
            return fold_title(keys), fold_title(keys, short=True)
        return tab_title(key), tab_title(key, short=True)

    def fit_tab_titles(self) -> None:
        """Full tab titles as far as they fit side by side; the longest give way to their short form
        first. The tab bar never scrolls."""
        bar = self.tabs.tabBar()
        shortened: set[str] = set()

        def apply() -> None:
            for key, page in self.tab_pages.items():
                full, short = self._titles(key)
                note, tooltip = self.notes.get(key, ("", ""))
                index = self.tabs.indexOf(page)
                text = f"{short if key in shortened else full} {note}".strip()
                if self.tabs.tabText(index) != text:  # (setting a title lays the tab bar out again, even the same one)
                    self.tabs.setTabText(index, text)
                self.tabs.setTabToolTip(index, tooltip or (full if key in shortened else ""))

        apply()
        candidates = sorted(
            (key for key in self.tab_pages if self._titles(key)[0] != self._titles(key)[1]),
            key=lambda k: len(self._titles(k)[1]) - len(self._titles(k)[0]),
        )
        for key in candidates:
            if not titles_squeezed(bar):
                break
            shortened.add(key)
            apply()
        self.short_titles = bool(shortened)

    # --- tabs and visibility ----------------------------------------------------------------
    def show_tab(self, key: str) -> None:
        """Show tab ``key``, or the tab holding panel ``key``."""
        page = self.tab_pages[self.tab_key_of(key)]
        self.tabs.setTabVisible(self.tabs.indexOf(page), True)
        self.tabs.setCurrentWidget(page)

    def switch_tab(self, step: int) -> None:
        """Ctrl+Tab / Ctrl+PgDown (``step`` 1) and Ctrl+Shift+Tab / Ctrl+PgUp (-1): the next or previous
        shown tab, round the end, wherever the focus is."""
        tabs = self.tabs
        shown = [i for i in range(tabs.count()) if tabs.isTabVisible(i)]
        if not shown:
            return
        now = tabs.currentIndex()
        later = [i for i in shown if (i - now) * step > 0]
        tabs.setCurrentIndex(min(later, key=lambda i: abs(i - now)) if later else (shown[0] if step > 0 else shown[-1]))

    def tab_visible(self, key: str) -> bool:
        return self.tabs.isTabVisible(self.tabs.indexOf(self.tab_pages[self.tab_key_of(key)]))

    def tab_keys(self) -> list[str]:
        """Every tab's key, in tab-bar order."""
        pages = {page: key for key, page in self.tab_pages.items()}
        return [pages[self.tabs.widget(i)] for i in range(self.tabs.count())]

    def set_tab_note(self, key: str, note: str, tooltip: str = "") -> None:
        """A mark after a tab's title (e.g. the statistics' warning sign), with its explanation."""
        self.notes[key] = (note, tooltip)
        self.fit_tab_titles()

    def show_views(self, views: set[str]) -> None:
        """Show the panels of these lesson views, hide the others (an empty tab or column goes too)."""
        self.views = set(views)
        for spec in registry.PANELS:
            panel = self.panels[spec.key]
            shown = set(spec.shown_by) & self.views
            if len(spec.shown_by) > 1:
                panel.show_views(shown)
            if spec.place != TAB:
                panel.setVisible(bool(shown))

        def any_shown(keys) -> bool:
            return any(set(registry.BY_KEY[k].shown_by) & self.views for k in keys)

        right = self.current.right if self.current is not None else ()
        self.right.setVisible(any_shown(right))
        shown_tabs = {key: registry.tab_shown(key, self.views, self.presenter) for key in registry.TABS}
        left_out = self.current.left_out if self.current is not None else ()
        shown_tabs.update({key: any_shown(key.split("+")) and key not in left_out for key in self.fold_pages})
        for key, shown in shown_tabs.items():
            self.tabs.setTabVisible(self.tabs.indexOf(self.tab_pages[key]), shown)
        self.tabs.setVisible(any(shown_tabs.values()))
        self.tabs.tabBar().setVisible(self.tabs.isVisibleTo(self))
        if not self.tabs.isTabVisible(self.tabs.currentIndex()):
            first = next((key for key in self.tab_keys() if shown_tabs[key]), None)
            if first is not None:
                self.tabs.setCurrentWidget(self.tab_pages[first])
        self.fit_tab_titles()


DEFAULT_WINDOW = QSize(1600, 1000)


def initial_geometry(available: QRect) -> tuple[QRect, bool]:
    """Where the window opens on a screen whose free area is ``available``: (geometry, maximised).
    A screen smaller than the default window gets a maximised one; a larger one a centred window."""
    if available.width() < DEFAULT_WINDOW.width() or available.height() < DEFAULT_WINDOW.height():
        return QRect(available), True
    geometry = QRect(0, 0, DEFAULT_WINDOW.width(), DEFAULT_WINDOW.height())
    geometry.moveCenter(available.center())
    return geometry, False

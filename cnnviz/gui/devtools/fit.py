"""Does the window fit the screen? What the back row would see, measured.

:func:`problems` looks at the window as it is now (one mode, one tab) and lists
what does not fit: a widget outside the window, cut off by its parent, squeezed
below the size its text needs, on top of a neighbour; a tab bar that scrolls or
cuts a title; feature maps, kernels or the drawing canvas too small to read; a
legend over a curve or a label over a label; a gallery's caption cut; the
probability bars' digits run together. :func:`check_every_view` goes
through normal and presenter mode and every tab. The layout tests use it at
1024x768, 1280x720, 1366x768 and 1920x1080, offscreen and on a real X server,
and ``cnnviz gui --check-layout`` runs it on the screen at hand.
"""

from __future__ import annotations

import json
import sys
import time

import pyqtgraph as pg
from PySide6.QtCore import QAbstractEventDispatcher, QEventLoop, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QFontInfo, QFontMetrics, QGuiApplication
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLabel,
    QScrollArea,
    QSplitterHandle,
    QStyle,
    QStyleOptionComboBox,
    QTabBar,
    QWidget,
)

from ...app.feature_map_layout import MIN_TILE_PX
from ..focus_rings import PictureRing
from ..panels.common import ElidedLabel
from ..tabs import tab_title_squeezed
from . import fit_plots

MIN_FEATURE_MAP_PX = MIN_TILE_PX
MIN_KERNEL_PX = 16
MIN_CANVAS_PX = 200
READABLE_PX = 28
"""Presenter mode's test accuracy and predicted digit, from the back of a room."""
TOGETHER = ("curves", "feature maps", "canvas", "answer")
"""What presenter mode shows at once, on one screen: draw, and watch the answer change while the network learns."""
SCREENS = ((1024, 768), (1280, 720), (1366, 768), (1920, 1080))
"""Projectors and school laptops, and a common desktop."""
DECORATIONS_PX = 72
"""A maximised window on a real desktop is shorter than the screen: a title bar and a panel (taskbar)."""


def _rect_in(widget: QWidget, ancestor: QWidget) -> QRect:
    return QRect(widget.mapTo(ancestor, QPoint(0, 0)), widget.size())


def _name(widget: QWidget) -> str:
    text = ""
    if isinstance(widget, (QLabel, QAbstractButton)):
        text = widget.text()[:30]
    owner = widget
    while owner is not None and not owner.objectName() and owner.parentWidget() is not None:
        owner = owner.parentWidget()
    where = f" in {type(owner).__name__}" if owner is not widget and owner is not None else ""
    return f"{type(widget).__name__}{f' {text!r}' if text else ''}{where}"


def _scrolled(widget: QWidget, root: QWidget) -> bool:
    """Inside a scroll area's viewport (the sidebar, a list): clipping there is scrolling, by design."""
    parent = widget.parentWidget()
    while parent is not None and parent is not root:
        if isinstance(parent, QAbstractScrollArea) and not isinstance(parent, pg.GraphicsView):
            return True
        parent = parent.parentWidget()
    return False


def _leaves(root: QWidget):
    for widget in root.findChildren(QWidget):
        if isinstance(widget, PictureRing):
            continue  # the focus ring over a picture: on top of it by design
        if widget.isVisible() and not widget.isWindow() and widget.width() > 0:
            yield widget


def _widget_problems(window) -> list[str]:
    found = []
    area = window.rect()
    floating = (window.workspace.banner, window.workspace.busy)
    for widget in _leaves(window):
        if any(f is widget or f.isAncestorOf(widget) for f in floating):
            continue
        if _scrolled(widget, window):
            continue
        rect = _rect_in(widget, window)
        if not area.contains(rect):
            found.append(f"{_name(widget)} lies outside the window: {rect.getRect()} not in {area.getRect()}")
            continue
        parent = widget.parentWidget()
        if parent is not None and parent is not window and not isinstance(widget, QSplitterHandle):
            inside = QRect(QPoint(0, 0), parent.size())
            if not inside.contains(QRect(widget.pos(), widget.size())):
                found.append(f"{_name(widget)} is cut off by its parent {_name(parent)}")
                continue
        found += _squeezed(widget)
    return found


def _squeezed(widget: QWidget) -> list[str]:
    """A control or a label smaller than its text needs (a layout squeezed it: the text is cut)."""
    if isinstance(widget, ElidedLabel):
        return []
    if isinstance(widget, QLabel):
        if not widget.text() or widget.sizePolicy().horizontalPolicy() == widget.sizePolicy().Policy.Ignored:
            return []
        if widget.wordWrap():
            need = widget.heightForWidth(widget.width())
            return (
                [f"{_name(widget)} needs {need} px of height, has {widget.height()}"]
                if need > widget.height() + 2
                else []
            )
        need = widget.minimumSizeHint()
        if widget.width() + 2 < need.width() or widget.height() + 2 < need.height():
            return [
                f"{_name(widget)} is {widget.width()}x{widget.height()}, its text needs {need.width()}x{need.height()}"
            ]
        return []
    if isinstance(widget, QComboBox) and widget.currentText():
        # Its minimum size hint may be that of its first items (or none): the text it shows now must fit.
        option = QStyleOptionComboBox()
        widget.initStyleOption(option)
        text = widget.fontMetrics().horizontalAdvance(widget.currentText())
        need = widget.style().sizeFromContents(QStyle.CT_ComboBox, option, QSize(text, 1), widget).width()
        if widget.width() + 2 < need:
            return [f"{_name(widget)} is {widget.width()} px wide, its text {widget.currentText()!r} needs {need}"]
    if isinstance(widget, (QAbstractButton, QComboBox, QAbstractSpinBox)):
        need = widget.minimumSizeHint()
        if widget.width() + 2 < need.width() or widget.height() + 2 < need.height():
            return [f"{_name(widget)} is {widget.width()}x{widget.height()}, needs {need.width()}x{need.height()}"]
    return []


def cut_sideways(window) -> list[str]:
    """A scroll area that never scrolls sideways (the sidebar) narrower than what it shows: cut at its right edge."""
    found = []
    for area in window.findChildren(QScrollArea):
        inner = area.widget()
        if area.isVisible() and inner is not None and area.horizontalScrollBarPolicy() == Qt.ScrollBarAlwaysOff:
            if inner.width() > area.viewport().width() + 1:
                found.append(f"{_name(inner)} is {inner.width()} px wide, its view {area.viewport().width()} (cut)")
    return found


def _overlaps(window) -> list[str]:
    """Neighbours (widgets with the same parent) never on top of each other."""
    found = []
    floating = (window.workspace.banner, window.workspace.busy)
    parents = {w.parentWidget() for w in _leaves(window)}
    for parent in parents:
        if parent is None or _scrolled(parent, window) or isinstance(parent, QTabBar):
            continue
        children = [
            c
            for c in parent.children()
            if isinstance(c, QWidget)
            and c.isVisible()
            and not c.isWindow()
            and c not in floating
            and not isinstance(c, PictureRing)
        ]
        for i, a in enumerate(children):
            for b in children[i + 1 :]:
                overlap = QWidget.geometry(a).intersected(QWidget.geometry(b))
                if overlap.width() > 1 and overlap.height() > 1:
                    found.append(f"{_name(a)} and {_name(b)} overlap by {overlap.width()}x{overlap.height()}")
    return found


def _tab_bar(window) -> list[str]:
    tabs = window.workspace.tabs
    if not tabs.isVisible():
        return []
    bar = tabs.tabBar()
    found = []
    for i in range(bar.count()):
        if not bar.isTabVisible(i):
            continue
        rect = bar.tabRect(i)
        text = bar.tabText(i)
        need = bar.fontMetrics().horizontalAdvance(text)
        if rect.right() > bar.width() or rect.left() < 0:
            found.append(f"tab {text!r} is outside the tab bar (it would scroll)")
        elif tab_title_squeezed(bar, i):
            found.append(f"tab {text!r} is {rect.width()} px wide, its title needs {need}")
    if bar.sizeHint().width() > bar.width() + 1:
        found.append(f"the tab bar needs {bar.sizeHint().width()} px, has {bar.width()}")
    return found


def _pictures(window) -> list[str]:
    """Readable sizes of what the class looks at, for the panels on screen."""
    found = []
    panels = window.panels
    maps = panels.feature_maps
    if maps.isVisible() and maps.graphics.isVisible():
        for name in maps.views:
            px = maps.tile_pixels(name)
            if px < MIN_FEATURE_MAP_PX:
                found.append(f"feature maps of {name} are {px:.0f} px, fewer than {MIN_FEATURE_MAP_PX}")
    kernels = panels.kernels
    if kernels.isVisible() and kernels.graphics.isVisible():
        px = kernels.tile_pixels()
        if px < MIN_KERNEL_PX:
            found.append(f"kernels are {px:.0f} px, fewer than {MIN_KERNEL_PX}")
    canvas = panels.classify.canvas
    if canvas.isVisible():
        side = canvas.drawing_side()
        if side < MIN_CANVAS_PX:
            found.append(f"the drawing canvas is {side:.0f} px, fewer than {MIN_CANVAS_PX}")
    return found


def _on_screen(widget: QWidget, window) -> bool:
    if not widget.isVisible() or widget.width() <= 0 or widget.height() <= 0:
        return False
    return window.rect().intersects(_rect_in(widget, window)) and not widget.visibleRegion().isEmpty()


def visible_together(window) -> list[str]:
    """What the class sees at once now (the panels of the current tab and those beside it), by name."""
    panels = window.panels
    seen = [key.replace("_", " ") for key, panel in panels.items() if _on_screen(panel, window)]
    classify = panels.classify
    if "classify" in panels and _on_screen(classify, window):
        seen.remove("classify")
        seen += [
            name
            for name, widget in (("canvas", classify.canvas), ("answer", classify.digit_label))
            if _on_screen(widget, window)
        ]
    return seen


def presenter_readable(window) -> list[str]:
    """Presenter mode: the test accuracy and the predicted digit big, the probability bars' percentage axis shown
    (their digits apart: :func:`.fit_plots.crowded_bar_digits`, in every mode)."""
    if not window.state.presenter:
        return []
    found = []
    figures = (
        ("the test accuracy", window.controls.accuracy_figure, True),
        ("the predicted digit", window.panels.classify.digit_label, False),
    )
    for what, label, always in figures:
        if not label.isVisible():
            if always:
                found.append(f"{what} is not shown in presenter mode")
            continue
        px = QFontInfo(label.font()).pixelSize()
        if px < READABLE_PX:
            found.append(f"{what} is {px} px high, fewer than {READABLE_PX} (the back row cannot read it)")
        elif label.height() + 2 < QFontMetrics(label.font()).height():
            need = QFontMetrics(label.font()).height()
            found.append(f"{what} is cut: {label.height()} px high, its text needs {need}")
    classify = window.panels.classify
    if classify.graphics.isVisible():
        left = classify.prob_plot.getAxis("left")
        text = QFontMetrics(left.style.get("tickFont") or left.font()).horizontalAdvance("100%")
        if not left.isVisible() or left.width() < text:
            # (pyqtgraph leaves out a tick label wider than its axis)
            found.append("the probability bars have no percentage axis (no 50% label) in presenter mode")
    return found


def _galleries(window) -> list[str]:
    """Every caption under a gallery's pictures whole ("7→2 97 % ✗" was cut at its mark in presenter mode at
    1024x768: the Mistakes tab's gallery squeezed narrower than its cells)."""
    from ..panels.gallery import Gallery

    found = []
    for gallery in window.findChildren(Gallery):
        if gallery.isVisible() and gallery.width() > 0:
            name = gallery.accessibleName() or "a gallery"
            found += [f"{name!r}: {problem}" for problem in cut_captions(gallery)]
    return found


def cut_captions(gallery) -> list[str]:
    """The captions of ``gallery`` (a :class:`~..panels.gallery.Gallery`) shown narrower than their text, or a view
    shorter than one row of pictures and captions."""
    cut = []
    view = gallery.viewport().width()
    if view + 1 < gallery.gridSize().width():
        cut.append(f"a cell is {gallery.gridSize().width()} px wide, its view {view} (the captions are cut)")
    if gallery.count() and gallery.viewport().height() + 1 < gallery.gridSize().height():
        # (a view shorter than one row scrolls its only row: "3→7 99% ✗" cut at the bottom, presenter 1280x720)
        cut.append(
            f"a row is {gallery.gridSize().height()} px high, its view {gallery.viewport().height()} "
            "(the captions are cut at the bottom)"
        )
    metrics = gallery.fontMetrics()
    for i in range(min(gallery.count(), 5)):  # (the cells are uniform: the first few say it for all)
        item = gallery.item(i)
        need = max(metrics.horizontalAdvance(line) for line in item.text().split("\n"))
        have = min(gallery.visualItemRect(item).width(), view)
        if need > have:
            cut.append(f"the caption {item.text()!r} needs {need} px, it is shown in {have}")
    return cut


def _banners(window) -> list[str]:
    """One warning at a time: the banner and a panel's own warning box never both."""
    shown = [w for w in window.findChildren(QWidget, "banner") if w.isVisible()]
    stats = window.panels.statistics
    if stats.isVisible() and getattr(stats, "findings", None) and stats.hint_box.isVisible():
        shown.append(stats.hint_box)
    return [f"{len(shown)} warnings are shown at once (one at a time)"] if len(shown) > 1 else []


def problems(window) -> list[str]:
    """What does not fit in the window as it is now (its current mode and tab)."""
    QApplication.processEvents()
    return (
        _widget_problems(window)
        + cut_sideways(window)
        + _overlaps(window)
        + _tab_bar(window)
        + _pictures(window)
        + fit_plots.overlaps(window)
        + fit_plots.crowded_axes(window)
        + presenter_readable(window)
        + fit_plots.crowded_bar_digits(window)
        + fit_plots.axis_titles_and_short_plots(window)
        + _banners(window)
        + _galleries(window)
        + fit_plots.cut_texts(window)
        + fit_plots.run_past_their_view(window)
        + fit_plots.small_pictures(window)
    )


def together_problems(window) -> list[str]:
    """Presenter mode on its Training tab shows every one of :data:`TOGETHER`."""
    missing = [name for name in TOGETHER if name not in visible_together(window)]
    return (
        [f"presenter mode does not show {', '.join(missing)} together with the rest of {', '.join(TOGETHER)}"]
        if missing
        else []
    )


def _layout_now(window) -> tuple:
    """The window's widgets as laid out now: shown or not, and where (a layout pass changes one of them)."""
    return tuple((w.isVisible(), w.geometry().getRect()) for w in window.findChildren(QWidget))


def settle_layout(window, quiet_passes: int = 3, most_seconds: float = 3.0) -> bool:
    """Process events until the window is at rest: ``quiet_passes`` event-loop passes in a row in which nothing
    was handled (no timer fired, no posted event: the event dispatcher says so), twice, every widget where it was
    the first time (layouts, flow layouts and lazy panels settle over a few passes, through posted events and
    zero-interval timers, one pass per timer). No fixed wait: a quiet window is done in milliseconds, a busy
    machine takes as long as it needs (at most ``most_seconds``: then the caller looks at the window as it is).
    Whether it came to rest in time."""
    dispatcher = QAbstractEventDispatcher.instance()
    deadline = time.perf_counter() + most_seconds
    last = None
    while time.perf_counter() < deadline:
        idle = 0
        while idle < quiet_passes and time.perf_counter() < deadline:
            idle = 0 if dispatcher.processEvents(QEventLoop.AllEvents) else idle + 1
        now = _layout_now(window)  # (looked at once the loop is idle: ~2 ms for the main window's ~330 widgets)
        if now == last:
            return True
        last = now
    return False


def check_every_view(window, settle=None, together: dict | None = None) -> dict[str, list[str]]:
    """Normal and presenter mode, every tab: ``{"normal/training": [...], ...}`` (only those with problems).
    ``settle()`` runs after each change (process events, let lazy panels draw; :func:`settle_layout` unless
    given). ``together``, when given,
    gets what each mode shows at once on its first tab (``{"normal": [...], "presenter": [...]}``);
    presenter mode must show :data:`TOGETHER` there."""
    settle = settle or (lambda: settle_layout(window))
    found = {}
    for presenter in (False, True):
        mode = "presenter" if presenter else "normal"
        window.set_presenter(presenter, full_screen=False)
        settle()
        first = next((key for key in window.workspace.tab_keys() if window.workspace.tab_visible(key)), None)
        if first is not None:
            window.show_tab(first)
            settle()
        if together is not None:
            together[mode] = visible_together(window)
        if presenter and first == "training" and together_problems(window):
            found["presenter/together"] = together_problems(window)
        for key in window.workspace.tab_keys():
            if not window.workspace.tab_visible(key):
                continue
            window.show_tab(key)
            settle()
            listed = problems(window)
            if listed:
                found[f"{'presenter' if presenter else 'normal'}/{key}"] = listed
    window.set_presenter(False, full_screen=False)
    settle()
    return found


def check_this_view(window, settle=None, name: str = "") -> dict[str, list[str]]:
    """Every shown tab in the mode and panels as they are now (a lesson's view: presenter mode with only
    its panels), without changing them: ``{"<name>/<tab>": [...]}`` (only those with problems)."""
    settle = settle or (lambda: settle_layout(window))
    found = {}
    mode = name or ("presenter" if window.state.presenter else "normal")
    keys = [key for key in window.workspace.tab_keys() if window.workspace.tab_visible(key)]
    for key in keys:
        window.show_tab(key)
        settle()
        listed = problems(window)
        # (a lesson's view may leave out some of the four on purpose: they must be together when all shown)
        shown = {k for k, panel in window.panels.items() if not panel.isHidden()}
        if window.state.presenter and key == "training" and {"curves", "feature_maps", "classify"} <= shown:
            listed += together_problems(window)
        if listed:
            found[f"{mode}/{key}"] = listed
    return found


def _process(app, seconds: float, until=None) -> bool:
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        if until is not None and until():
            return True
        app.processEvents()
        time.sleep(0.01)
    return until() if until is not None else True


def window_problems(window) -> list[str]:
    """The window itself on its screen: it lies on the screen, and it may shrink to a 1024x768 one."""
    found = []
    available = window.screen().availableGeometry()
    frame = window.frameGeometry()
    if not available.contains(frame):
        found.append(f"the window {frame.getRect()} does not lie on the screen's free area {available.getRect()}")
    minimum = window.minimumSizeHint().expandedTo(window.minimumSize())
    if minimum.width() > 1024 or minimum.height() > 768 - DECORATIONS_PX:
        found.append(f"the window cannot shrink below {minimum.width()}x{minimum.height()}: too big for 1024x768")
    return found


def report(app, window, train_seconds: float = 0.0, out=None) -> int:
    """``cnnviz gui --check-layout``: open the window as it opens on this screen (with a drawing and,
    after ``train_seconds`` of training, curves and timings), check every mode and tab, print one JSON
    object; 1 when something does not fit."""
    from ...train.events import RunPhase
    from ..canvas import demo_digit_strokes

    out = out or sys.stdout
    window.show_fitted()
    _process(app, 0.5)
    canvas = window.panels.classify.canvas
    canvas.draw_strokes(demo_digit_strokes(3))
    window.pad.classify()
    if train_seconds > 0:
        window.start()
        _process(app, 300.0, until=lambda: window.state.run.last_step is not None or not window.session.active)
        _process(app, train_seconds)
        if window.session.active:
            window.toggle_pause()
            _process(app, 10.0, until=lambda: window.state.run.state == RunPhase.PAUSED or not window.session.active)
    _process(app, 0.3)
    found = {"window": window_problems(window)} if window_problems(window) else {}
    together: dict[str, list[str]] = {}
    found.update(check_every_view(window, together=together))  # (settle_layout after each change)
    screen = window.screen().geometry()
    print(
        json.dumps(
            {
                "screen": [screen.width(), screen.height()],
                "platform": QGuiApplication.platformName(),
                "window": [window.width(), window.height()],
                "maximised": window.isMaximized(),
                "together": together,
                "problems": found,
            }
        ),
        file=out,
    )
    window.shutdown()
    window.close()
    return 1 if found else 0

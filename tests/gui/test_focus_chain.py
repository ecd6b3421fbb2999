"""Keyboard only: Tab goes through every control of the window, in a sensible order, and the control
with the focus always shows the focus ring (normal and presenter mode, every tab of the middle column).

The walk presses Tab as a keyboard does (a key event to the widget with the focus) until the focus is
back where it started."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QApplication,
    QButtonGroup,
    QComboBox,
    QLineEdit,
    QMenuBar,
    QRadioButton,
    QScrollBar,
    QWidget,
)

from cnnviz.gui import accessibility, focus_rings, tab_order
from cnnviz.gui.canvas import DrawingCanvas

MAX_STOPS = 200


def walk(qtbot, window, start: QWidget) -> tuple[list[QWidget], list[QWidget]]:
    """Every widget Tab reaches from ``start`` round to ``start`` again, and those that had no focus ring."""
    start.setFocus(Qt.TabFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is start, timeout=3000)
    reached, ringless = [start], []
    for _ in range(MAX_STOPS):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Tab)
        now = QApplication.focusWidget()
        if now is start:
            return reached, ringless
        assert now is not None and now not in reached, f"Tab went round without coming back to {start}"
        reached.append(now)
        if not focus_rings.has_focus_ring(now):
            ringless.append(now)
    raise AssertionError(f"no way back to {start} after {MAX_STOPS} Tabs")


def operable(window) -> list[QWidget]:
    """Every enabled, visible control, picture and the canvas (one button of each exclusive radio group:
    the arrow keys choose within it, as everywhere)."""
    found = []
    for widget in window.findChildren(QWidget):
        if widget.window() is not window or not widget.isVisible() or not widget.isEnabled():
            continue
        if isinstance(widget, QScrollBar) or not isinstance(
            widget, accessibility.INTERACTIVE + accessibility.PICTURES + (DrawingCanvas,)
        ):
            continue
        if isinstance(widget.parentWidget(), QMenuBar):
            continue  # the menu bar's corner button (the class canvas): the menu bar's keys reach it (Alt, F6), not Tab
        if isinstance(widget, QLineEdit) and isinstance(widget.parentWidget(), (QAbstractSpinBox, QComboBox)):
            continue  # the text part of a spin box or combo box
        if isinstance(widget, QRadioButton) and _grouped(widget) and not widget.isChecked():
            continue
        found.append(widget)
    return found


def _grouped(radio: QRadioButton) -> bool:
    group = radio.group()
    return (isinstance(group, QButtonGroup) and group.exclusive()) or radio.autoExclusive()


def _panel_of(widget: QWidget, window):
    panels = set(map(id, window.panels.values())) | {id(window.controls)}
    parent = widget
    while parent is not None and id(parent) not in panels:
        parent = parent.parentWidget()
    return parent


def _reading_order(a: QWidget, b: QWidget, window) -> bool:
    """``b`` after ``a`` as one reads: on the same line further right, or on a line further down."""
    box_a, box_b = (tab_order.top_left(w, window) for w in (a, b))
    if tab_order.same_row(box_a, box_b):
        return box_b[1] >= box_a[1]
    return box_b[0] > box_a[0]


def check_chain(qtbot, window, presenter: bool) -> None:
    controls, bar = window.controls, window.workspace.tabs.tabBar()
    for key in window.workspace.tab_keys():
        if not window.workspace.tab_visible(key):
            continue
        window.show_tab(key)
        qtbot.wait(120)
        reached, ringless = walk(qtbot, window, controls.start_button)
        where = f"{'presenter' if presenter else 'normal'} mode, tab {key}"
        missed = [accessibility.effective_name(w) or type(w).__name__ for w in operable(window) if w not in reached]
        assert not missed, f"{where}: Tab never reaches {missed}"
        assert not ringless, f"{where}: no focus ring on {[type(w).__name__ for w in ringless]}"
        # The sidebar's (or presenter toolbar's) run buttons first, its settings after them.
        run = [
            b
            for b in (controls.start_button, controls.pause_button, controls.step_button, controls.reset_button)
            if b in reached
        ]
        sidebar = (controls, controls.toolbar)  # (presenter mode: the run buttons and learning rate in a toolbar)
        settings = [
            i
            for i, w in enumerate(reached)
            if any(part.isAncestorOf(w) for part in sidebar) and not isinstance(w, QAbstractButton)
        ]
        assert settings, where
        assert max(reached.index(b) for b in run) < min(settings), where
        # Then the tab bar, then the open tab's panels; the right column last.
        page = window.workspace.tabs.currentWidget()
        in_page = [i for i, w in enumerate(reached) if page.isAncestorOf(w)]
        in_right = [i for i, w in enumerate(reached) if window.workspace.right.isAncestorOf(w)]
        assert in_page, where
        assert max(settings) < reached.index(bar) < min(in_page), where
        assert not in_right or max(in_page) < min(in_right), where
        # Top to bottom (left to right along a row) within each panel.
        for a, b in zip(reached, reached[1:]):
            if _panel_of(a, window) is _panel_of(b, window) is not None:
                assert _reading_order(a, b, window), (
                    f"{where}: Tab goes from {accessibility.effective_name(a)!r} up to "
                    f"{accessibility.effective_name(b)!r}"
                )


@pytest.fixture
def window(module_window):
    """The three tests share one window: each walks or clicks and leaves presenter mode off."""
    module_window.set_presenter(False, full_screen=False)
    return module_window


@pytest.mark.parametrize("presenter", [False, True], ids=["normal", "presenter"])
def test_tab_reaches_every_control_in_order_with_a_ring(qtbot, window, presenter):
    window.showNormal()
    window.resize(1366, 728)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)
    if presenter:
        window.set_presenter(True, full_screen=False)
        qtbot.wait(150)
    check_chain(qtbot, window, presenter)
    window.set_presenter(False, full_screen=False)


def test_a_click_shows_no_ring_but_the_keyboard_does(qtbot, window):
    """The ring is for the keyboard: a mouse click on a button or the canvas leaves none."""
    canvas, step = window.panels.classify.canvas, window.controls.step_button
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)
    qtbot.mouseClick(canvas, Qt.LeftButton, pos=canvas.rect().center())
    assert QApplication.focusWidget() is canvas and not focus_rings.has_focus_ring(canvas)
    step.setFocus(Qt.TabFocusReason)
    assert focus_rings.has_focus_ring(step)
    canvas.setFocus(Qt.TabFocusReason)
    assert focus_rings.has_focus_ring(canvas) and not focus_rings.has_focus_ring(step)
    step.setFocus(Qt.TabFocusReason)
    qtbot.wait(10)  # (the ring is deleted later)
    assert not focus_rings.has_focus_ring(canvas), "the ring goes with the focus"

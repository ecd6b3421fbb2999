"""Every key of the table (gui/shortcuts.py SHORTCUTS) acts with the focus on the tab bar, on a plot and on the
drawing canvas: Ctrl+S did nothing with the tab bar focused (there was no save key at all)."""

import pytest
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from cnnviz.gui import shortcuts


@pytest.fixture
def keyed(make_window, qtbot):
    window = make_window(steps=3, eval_every=3, schedule="constant")
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)
    return window


def counted(window) -> dict[str, list]:
    """Each shortcut's target replaced by a counter (a key's own effect would open dialogs, go full screen...)."""
    hits: dict[str, list] = {}
    for name, made in window.shortcuts.items():
        hits[name] = []
        for item in made:
            signal = item.triggered if isinstance(item, QAction) else item.activated
            signal.disconnect()
            if isinstance(item, QAction) and item.isCheckable():
                item.toggled.disconnect()
                item.setCheckable(False)
            elif not isinstance(item, QAction):
                item.activatedAmbiguously.disconnect()
            signal.connect(lambda *_, n=name: hits[n].append(1))
    return hits


def test_the_save_key_saves_the_model():
    assert shortcuts.BY_NAME["save_model"].keys[0] == "Ctrl+S"
    assert any("Ctrl+S" in keys for keys, _ in shortcuts.rows())


def test_every_key_acts_on_the_tab_bar_a_plot_and_the_canvas(qtbot, keyed):
    window = keyed
    hits = counted(window)
    plot = window.panels.curves.graphics
    assert plot.isVisible()
    targets = {"tab bar": window.workspace.tabs.tabBar(), "plot": plot, "canvas": window.panels.classify.canvas}
    failed = []
    for where, widget in targets.items():
        for s in shortcuts.SHORTCUTS:
            widget.setFocus()
            assert QApplication.focusWidget() is widget, where
            before = len(hits[s.name])
            if s.name in ("previous_test_image", "next_test_image") and where == "tab bar":
                continue  # a focused tab bar takes its arrows (test_keys_tabs_and_buttons)
            combo = QKeySequence(s.keys[0])[0]
            QTest.keyClick(widget, combo.key(), combo.keyboardModifiers())
            if len(hits[s.name]) == before:
                failed.append((where, s.keys[0]))
    assert not failed

"""Keyboard only: Ctrl+Tab / Ctrl+PgDown and back switch tabs wherever the focus is, a focused tab bar takes
its arrows, a focused button is pressed by Space and Return, and no key replaces a trained model unasked."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from cnnviz.classroom.lessons import bundled_lessons
from cnnviz.gui import shortcuts

TIMEOUT_MS = 60_000


def press(qtbot, window, key, modifier=Qt.NoModifier):
    qtbot.keyClick(QApplication.focusWidget() or window, key, modifier)


@pytest.fixture
def keyed(make_window, qtbot):
    window = make_window(steps=3, eval_every=3, schedule="constant")
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)
    return window


def shown_tabs(window):
    tabs = window.workspace.tabs
    return [i for i in range(tabs.count()) if tabs.isTabVisible(i)]


def test_ctrl_tab_and_ctrl_page_keys_switch_tabs_wherever_the_focus_is(qtbot, keyed):
    window, tabs = keyed, keyed.workspace.tabs
    shown = shown_tabs(window)
    assert len(shown) >= 3
    tabs.setCurrentIndex(shown[0])
    for focus in (window.controls.start_button, tabs.tabBar(), window.panels.classify.canvas, None):
        if focus is None:
            window.leave_text_field()
        else:
            focus.setFocus()
        before = tabs.currentIndex()
        press(qtbot, window, Qt.Key_Tab, Qt.ControlModifier)
        assert tabs.currentIndex() == shown[shown.index(before) + 1], focus
        press(qtbot, window, Qt.Key_PageDown, Qt.ControlModifier)
        assert tabs.currentIndex() == shown[shown.index(before) + 2], focus
        press(qtbot, window, Qt.Key_Backtab, Qt.ControlModifier | Qt.ShiftModifier)  # (Ctrl+Shift+Tab)
        press(qtbot, window, Qt.Key_PageUp, Qt.ControlModifier)
        assert tabs.currentIndex() == before, focus
    tabs.setCurrentIndex(shown[0])
    press(qtbot, window, Qt.Key_PageUp, Qt.ControlModifier)
    assert tabs.currentIndex() == shown[-1]  # round the end


def test_f1_lists_the_tab_keys():
    listed = dict(shortcuts.rows())
    assert any("Ctrl+Tab" in keys and "Ctrl+PgDown" in keys for keys in listed)
    assert any("Ctrl+Shift+Tab" in keys and "Ctrl+PgUp" in keys for keys in listed)


def test_arrows_on_a_focused_tab_bar_switch_its_tabs_not_the_test_image(qtbot, keyed):
    window, tabs = keyed, keyed.workspace.tabs
    shown = shown_tabs(window)
    tabs.setCurrentIndex(shown[0])
    tabs.tabBar().setFocus()
    index = window.panels.feature_maps.test_index
    press(qtbot, window, Qt.Key_Right)
    assert tabs.currentIndex() == shown[1]
    assert window.panels.feature_maps.test_index == index
    window.panels.classify.canvas.setFocus()  # elsewhere the arrows still step through the test images
    press(qtbot, window, Qt.Key_Right)
    assert window.panels.feature_maps.test_index == (index + 1) % window.panels.feature_maps.test_count


def test_space_and_return_press_the_focused_button(qtbot, keyed):
    window = keyed
    window.lessons.apply(bundled_lessons()[0], ask=False)
    strip = window.lessons.strip
    strip.next_button.setFocus()
    press(qtbot, window, Qt.Key_Return)
    qtbot.waitUntil(lambda: strip.page == 1, timeout=2000)
    press(qtbot, window, Qt.Key_Space)
    qtbot.waitUntil(lambda: strip.page == 2, timeout=2000)
    assert not window.session.active  # Space pressed the button; it started no run
    strip.prev_button.setFocus()
    press(qtbot, window, Qt.Key_Enter, Qt.KeypadModifier)
    qtbot.waitUntil(lambda: strip.page == 1, timeout=2000)


def test_no_key_replaces_a_trained_model_unasked(qtbot, keyed, monkeypatch):
    window = keyed
    window.start()
    qtbot.waitUntil(
        lambda: not window.session.active and window.state.run.state in ("finished", "stopped"), timeout=TIMEOUT_MS
    )
    assert window.state.run.unsaved
    asked = []
    monkeypatch.setattr(window.checkpoints, "auto_answer", "cancel")
    ask = window.checkpoints.ask_before_discard
    monkeypatch.setattr(window.checkpoints, "ask_before_discard", lambda what=None: asked.append(what) or ask(what))
    window.leave_text_field()
    press(qtbot, window, Qt.Key_S)  # S on a finished run
    window.controls.start_button.setFocus()
    press(qtbot, window, Qt.Key_Space)  # Space on the focused Start button
    window.leave_text_field()
    press(qtbot, window, Qt.Key_Space)
    assert len(asked) == 3 and not window.session.active and window.state.run.unsaved
    # Kept for comparison (K), the run stays on the plots: a new one starts without a question.
    press(qtbot, window, Qt.Key_K)
    assert window.state.kept is not None
    press(qtbot, window, Qt.Key_Space)
    qtbot.waitUntil(lambda: window.session.active, timeout=TIMEOUT_MS)
    assert len(asked) == 3
    window.stop_run(wait=True)

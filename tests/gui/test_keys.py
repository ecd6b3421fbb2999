"""The keys a teacher presses, as real key events sent where the focus is, in normal and presenter mode."""

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QLabel, QScrollArea

from cnnviz.classroom.lessons import bundled_lessons
from cnnviz.gui import shortcuts
from cnnviz.gui.canvas import demo_digit_strokes

TIMEOUT_MS = 30_000


def press(qtbot, window, key, modifier=Qt.NoModifier):
    """A key as the keyboard sends it: to the widget with the focus (the window when none has it)."""
    qtbot.keyClick(QApplication.focusWidget() or window, key, modifier)


def typed(qtbot, window, text):
    qtbot.keyClicks(QApplication.focusWidget(), text)


@pytest.fixture
def keyed(make_window, qtbot):
    window = make_window(steps=400, schedule="constant")
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)
    return window


def enter_presenter_with_f5(qtbot, window):
    window.controls.net_combo.setFocus()  # focus in the sidebar, on a box presenter mode hides
    window.set_full_screen = lambda on: None  # (offscreen: no window manager to go full screen with)
    press(qtbot, window, Qt.Key_F5)
    assert window.state.presenter


@pytest.mark.parametrize("mode", ["normal", "presenter"])
def test_space_c_arrows_and_lesson_keys_work_wherever_the_focus_is(qtbot, keyed, mode):
    window = keyed
    if mode == "presenter":
        enter_presenter_with_f5(qtbot, window)
        # F5 never leaves the focus in an input (it used to select the learning rate's text).
        assert not shortcuts.is_text_field(QApplication.focusWidget())
    lr = window.controls.lr
    canvas = window.panels.classify.canvas
    canvas.draw_strokes(demo_digit_strokes(3))
    assert not canvas.is_empty
    window.controls.start_button.setFocus()  # a focused button does not take Space for itself
    press(qtbot, window, Qt.Key_C)
    assert canvas.is_empty

    index = window.panels.feature_maps.test_index
    window.controls.lr_slider.setFocus()  # nor does a slider take the arrows
    press(qtbot, window, Qt.Key_Right)
    press(qtbot, window, Qt.Key_Right)
    assert window.panels.feature_maps.test_index == index + 2
    press(qtbot, window, Qt.Key_Left)
    assert window.panels.feature_maps.test_index == index + 1
    assert window.controls.lr == lr

    window.lessons.apply(next(p for p in bundled_lessons() if "too high" in p.title))
    strip = window.lessons.strip
    press(qtbot, window, Qt.Key_PageDown)
    assert strip.text_label.text() == strip.pages[1]
    press(qtbot, window, Qt.Key_N)
    assert strip.page == 2
    press(qtbot, window, Qt.Key_PageUp)
    assert strip.page == 1

    combo = window.controls.lr_slider if mode == "presenter" else window.controls.optimizer_combo
    combo.setFocus()  # a focused combo box does not open its list on Space
    press(qtbot, window, Qt.Key_Space)
    qtbot.waitUntil(lambda: window.state.run.state == "running", timeout=TIMEOUT_MS)
    press(qtbot, window, Qt.Key_Space)
    qtbot.waitUntil(lambda: window.state.run.state == "paused", timeout=TIMEOUT_MS)
    window.stop_run(wait=True)


def test_typing_a_rate_then_enter_then_space_resumes_with_it(qtbot, keyed):
    """ "Type 0.05 as the learning rate and press Resume (Space)", after F5, as the lesson says."""
    window = keyed
    enter_presenter_with_f5(qtbot, window)
    press(qtbot, window, Qt.Key_S)  # one step, paused
    qtbot.waitUntil(
        lambda: window.state.run.state == "paused" and window.state.run.last_step is not None, timeout=TIMEOUT_MS
    )
    spin = window.controls.lr_spin
    spin.setFocus(Qt.TabFocusReason)  # as a click or Tab puts it there: the text selected
    spin.selectAll()
    typed(qtbot, window, "0.05")
    assert window.state.run.state == "paused"  # nothing typed started or paused anything
    press(qtbot, window, Qt.Key_Return)
    assert not shortcuts.is_text_field(QApplication.focusWidget())  # Enter left the field
    assert window.controls.lr == pytest.approx(0.05)
    press(qtbot, window, Qt.Key_Space)
    qtbot.waitUntil(lambda: window.state.run.last_step.step >= 3, timeout=TIMEOUT_MS)
    assert window.state.run.last_step.lr == pytest.approx(0.05)
    assert window.session.trainer.config.lr == pytest.approx(0.05)
    window.stop_run(wait=True)


def test_in_a_field_the_keys_type_and_escape_leaves_it_unchanged(qtbot, keyed):
    window = keyed
    name = window.panels.drawings.student_edit
    window.show_tab("drawings")
    name.setFocus()
    typed(qtbot, window, "Cleo C")
    assert name.text() == "Cleo C" and not window.session.active  # C and Space typed, nothing started
    press(qtbot, window, Qt.Key_Escape)
    assert name.text() == "" and not shortcuts.is_text_field(QApplication.focusWidget())

    spin = window.controls.batch_spin
    spin.setFocus()
    spin.selectAll()
    typed(qtbot, window, "32")
    press(qtbot, window, Qt.Key_Escape)
    assert spin.value() == 64 and spin.text() == "64"
    press(qtbot, window, Qt.Key_Space)  # the keys act again
    qtbot.waitUntil(lambda: window.session.active, timeout=TIMEOUT_MS)
    window.stop_run(wait=True)


def test_a_read_only_field_never_swallows_the_keys(qtbot, keyed):
    window = keyed
    spec = window.controls.spec_edit
    assert spec.isReadOnly()  # a preset network's spec is shown, not edited
    spec.setFocus()
    canvas = window.panels.classify.canvas
    canvas.draw_strokes(demo_digit_strokes(1))
    press(qtbot, window, Qt.Key_C)
    assert canvas.is_empty


@pytest.mark.parametrize("key,modifier", [(Qt.Key_F1, Qt.NoModifier), (Qt.Key_Question, Qt.ShiftModifier)])
def test_f1_lists_every_key_of_the_table_that_installs_them(qtbot, keyed, key, modifier):
    window = keyed
    window.controls.start_button.setFocus()
    press(qtbot, window, key, modifier)
    dialog = window.keys_dialog
    assert isinstance(dialog, QDialog) and dialog.isVisible()
    text = dialog.findChild(QLabel, "shortcutTable").text()
    for keys, what in shortcuts.rows():
        assert keys in text and what in text
    # Every entry of the table is installed (a QShortcut, or a menu action's own keys).
    for entry in shortcuts.SHORTCUTS:
        installed = window.shortcuts[entry.name]
        got = {
            k.toString()
            for item in installed
            for k in (item.shortcuts() if hasattr(item, "shortcuts") else [item.key()])
        }
        assert got >= {shortcuts.QKeySequence(k).toString() for k in entry.keys}, entry.name
    dialog.close()


def test_the_f1_list_fits_the_screen_in_presenter_mode(qtbot, keyed):
    """Presenter mode's large font made the list 1,046 px wide: at 1024x768 its Close button was off-screen."""
    window = keyed
    enter_presenter_with_f5(qtbot, window)
    press(qtbot, window, Qt.Key_F1)
    dialog = window.keys_dialog
    qtbot.waitUntil(dialog.isVisible, timeout=TIMEOUT_MS)
    room = dialog.screen().availableGeometry()
    table = dialog.findChild(QLabel, "shortcutTable")
    assert table.sizeHint().width() > room.width()  # the case: the list does not fit as one line per key
    assert dialog.frameGeometry().width() <= room.width() and dialog.frameGeometry().height() <= room.height()
    close = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.Close)
    assert dialog.rect().contains(close.geometry().translated(close.parentWidget().mapTo(dialog, QPoint(0, 0))))
    scroll = dialog.findChild(QScrollArea, "shortcutScroll")
    assert table.width() <= scroll.viewport().width()  # wrapped, never cut at the right
    dialog.close()


def test_the_menu_shows_the_tables_keys_and_no_key_is_bound_twice(keyed):
    window = keyed
    assert window.menus.presenter_action.shortcut().toString() == "F5"
    assert window.menus.quit_action.shortcut().toString() == "Ctrl+Q", "Qt's standard Quit key is empty here"
    seen = {"Ctrl+Q": "quit"}
    for entry in shortcuts.SHORTCUTS:
        for key in entry.keys:
            assert key not in seen, f"{key} bound to {seen.get(key)} and {entry.name}"
            seen[key] = entry.name


def test_the_key_list_says_or_in_the_language_shown(in_language):
    """German's F1 list said "Bild abwärts or N"."""
    in_language("de")
    two = next(s for s in shortcuts.SHORTCUTS if len(s.keys) == 2)
    text = shortcuts.key_text(two.name, all_keys=True)
    assert " oder " in text and " or " not in text, text

"""Zoom (Ctrl+= / Ctrl+- / Ctrl+0): the app's type and plots grow and shrink in steps, the level is
kept for the next session (in a settings file under the test's own folder: conftest), and a
stored value that makes no sense is ignored."""

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from cnnviz.gui import presenter, shortcuts, theme, zoom


def press(qtbot, window, key, modifier=Qt.ControlModifier):
    qtbot.keyClick(QApplication.focusWidget() or window, key, modifier)


@pytest.fixture
def keyed(make_window, qtbot):
    window = make_window()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)
    return window


def _sizes(window) -> tuple[float, float, float]:
    """A button's text height, a curve's tick font and the panel title's font, in pixels/points."""
    button = window.controls.start_button
    tick = window.panels.curves.loss_plot.getAxis("left").style["tickFont"]
    title = window.panels.curves.title_label
    return button.fontMetrics().height(), tick.pointSizeF(), title.fontInfo().pointSizeF()


def test_the_keys_step_the_zoom_and_the_type_grows(qtbot, keyed):
    window = keyed
    window.controls.start_button.setFocus()
    before = _sizes(window)
    assert window.zoom_level == 100 and window.menus.zoom_level_action.text() == "Zoom 100%"
    press(qtbot, window, Qt.Key_Equal)
    assert window.zoom_level == 110
    press(qtbot, window, Qt.Key_Equal)
    assert window.zoom_level == 125 and window.menus.zoom_level_action.text() == "Zoom 125%"
    qtbot.wait(50)
    grown = _sizes(window)
    assert all(b < g for b, g in zip(before, grown)), (before, grown)
    assert window.statusBar().currentMessage() == "Zoom 125%"
    press(qtbot, window, Qt.Key_Minus)
    assert window.zoom_level == 110
    press(qtbot, window, Qt.Key_0)
    assert window.zoom_level == 100
    qtbot.wait(50)
    assert _sizes(window) == before, "actual size is exactly the sizes it started with"
    for _ in range(12):  # the steps end at 80 and 200 %
        press(qtbot, window, Qt.Key_Minus)
    assert window.zoom_level == zoom.STEPS[0]
    window.zoom_by(+1)
    assert window.zoom_level == 90


def test_zoom_scales_presenter_mode_too(qtbot, window):
    window.set_presenter(True, full_screen=False)
    qtbot.wait(50)
    normal = window.controls.start_button.fontInfo().pointSizeF()
    window.set_zoom(200)
    qtbot.wait(50)
    assert window.controls.start_button.fontInfo().pointSizeF() > normal
    assert f"font-size: {presenter.zoomed(presenter.BASE_PT)}pt" in window.styleSheet()
    window.set_presenter(False, full_screen=False)
    assert window.styleSheet() == theme.zoom_style_sheet() and theme.ZOOM == 2.0
    window.set_zoom(100)
    assert window.styleSheet() == ""


def test_the_level_survives_a_new_window(qtbot, make_window):
    first = make_window()
    first.resize(1366, 768)  # (150 % fits a 1366x768 laptop, not the test windows' 1280x800: zoom.FITS)
    qtbot.waitUntil(lambda: first.width() == 1366, timeout=5000)
    first.zoom_by(+1)
    first.zoom_by(+1)
    first.zoom_by(+1)
    assert first.zoom_level == 150
    assert json.loads(zoom.settings_path().read_text())["zoom"] == 150
    second = make_window()
    assert second.zoom_level == 150 and theme.BASE_POINT_SIZE == round(11 * 1.5)
    assert second.menus.zoom_level_action.text() == "Zoom 150%"
    # --zoom (screenshots, --check-layout) is for one session: it is not stored.
    third = make_window(zoom_level=80)
    assert third.zoom_level == 80 and json.loads(zoom.settings_path().read_text())["zoom"] == 150


@pytest.mark.parametrize(
    "stored",
    [
        "{not json",
        json.dumps({"zoom": 5000}),
        json.dumps({"zoom": "big"}),
        json.dumps([150]),
        json.dumps({"zoom": float("nan")}),
        "",
    ],
)
def test_a_corrupt_or_absurd_stored_level_is_ignored(qtbot, make_window, stored):
    path = zoom.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(stored)
    window = make_window()
    assert window.zoom_level == 100 and theme.ZOOM == 1.0
    window.zoom_by(+1)  # and it is replaced by a good one
    assert json.loads(path.read_text())["zoom"] == 110


def test_the_f1_list_names_the_zoom_keys():
    names = {s.name for s in shortcuts.SHORTCUTS}
    assert {"zoom_in", "zoom_out", "zoom_reset"} <= names
    assert any("Zoom in" in what for _keys, what in shortcuts.rows())


def test_steps_and_validation_are_plain_functions():
    assert zoom.step(100, +1) == 110 and zoom.step(100, -1) == 90
    assert zoom.step(200, +1) == 200 and zoom.step(80, -1) == 80
    assert zoom.step(130, +1) == 150 and zoom.step(130, -1) == 125  # a --zoom between steps
    assert zoom.valid(True) is None and zoom.valid(49) is None and zoom.valid(301) is None
    assert zoom.valid(125.0) == 125

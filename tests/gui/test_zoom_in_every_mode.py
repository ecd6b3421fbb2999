"""What a zoom step does where a replay on a real X server found it wrong (session 44): the Chinese sidebar at 80 %
was cut at its right edge; in presenter mode at 1280x720, Ctrl++ to 125 % changed the feature maps' titles only and
said nothing; the surest mistakes beside the matrix showed a picture and a half (presenter mode, 1024x768); the
matrix cell's tooltip was in normal type in presenter mode."""

import pyqtgraph as pg
from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QFontInfo
from PySide6.QtWidgets import QApplication, QToolTip, QWidget
from test_fit import at_screen

from cnnviz.gui import presenter
from cnnviz.gui.devtools import fit


def test_the_chinese_sidebar_is_never_cut_at_its_right_edge(qtbot, windows_by_language, in_language):
    """Its controls wanted 190 px at 80 %, under their own least width (220 px at 100 %): the sidebar was sized to
    the 190 and cut the controls, laid out at 220, at its right edge (by 2 px at 100 % too)."""
    window = windows_by_language("zh_CN")
    in_language("zh_CN")
    at_screen(window, qtbot, (1280, 720))
    try:
        for level in (80, 100, 150):
            window.set_zoom(level, remember=False)
            fit.settle_layout(window)
            sidebar = window.workspace.sidebar
            assert window.controls.width() <= sidebar.viewport().width(), (level, "the controls wider than their view")
            assert fit.cut_sideways(window) == [], level
    finally:
        window.set_zoom(100, remember=False)


def test_the_check_names_a_sidebar_cut_at_its_right_edge(qtbot, windows_by_language, in_language):
    window = windows_by_language("zh_CN")
    in_language("zh_CN")
    sidebar = window.workspace.sidebar
    least = sidebar.minimumWidth()
    try:
        sidebar.setMinimumWidth(120)
        sidebar.setMaximumWidth(120)
        fit.settle_layout(window)
        found = fit.cut_sideways(window)
        assert len(found) == 1 and "cut" in found[0], found
    finally:
        sidebar.setMaximumWidth(least + 40)
        sidebar.setMinimumWidth(least)

"""Presenter mode: larger type, thicker lines, a high-contrast look, for a projector.

Everything is applied to one window (its style sheet and its pyqtgraph items),
never to the application, and undone exactly when the mode is left.
"""

from __future__ import annotations

from dataclasses import dataclass

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QWidget

from ..number_format import format_percent
from . import palette, theme

BASE_PT = 15
TITLE_PT = 19
AXIS_PT = 14
LINE_SCALE = 1.8
FIGURE_PT = 24
"""The toolbar's test accuracy: 32 px at 96 dpi, readable from the back of a room."""
READABLE_PX = 28
"""The test accuracy and the predicted digit are at least this tall in presenter mode (the layout check)."""


def zoom_factor(zoom: float) -> float:
    """How much larger than its own sizes presenter mode's are at the user's ``zoom``: presenter mode is
    already a zoom (15 pt instead of 11: 136 %), so a smaller zoom leaves it as it is and a larger one
    makes it as large as normal mode's type is then (150 %: 10 % larger; 200 %: 47 %)."""
    return max(1.0, zoom * theme.UNZOOMED["BASE_POINT_SIZE"] / BASE_PT)


def zoomed(points: float, zoom: float | None = None) -> int:
    """Presenter mode's ``points`` at the user's zoom (the zoom in force by default)."""
    return max(1, round(points * zoom_factor(theme.ZOOM if zoom is None else zoom)))


def style_sheet(zoom: float = 1.0) -> str:
    """Presenter mode's window style sheet at the user's ``zoom`` (see :func:`zoom_factor`)."""

    def pt(points: float) -> int:
        return zoomed(points, zoom)

    return f"""
QWidget {{ font-size: {pt(BASE_PT)}pt; color: #000000; }}
QMainWindow, QMainWindow > QWidget {{ background: #e9ecf1; }}
QLabel#panelTitle {{ font-size: {pt(TITLE_PT)}pt; font-weight: 800; color: #000000; }}
QLabel#hint {{ color: #1d2330; }}
QLabel#bigDigit {{ font-size: {pt(40)}pt; font-weight: 900; color: #0b3d91; }}
QLabel#bigFigure {{ font-size: {pt(FIGURE_PT)}pt; font-weight: 900; color: {palette.ACCURACY_COLOURS["good"]}; }}
QLabel#bigFigure[level="learning"] {{ color: {palette.ACCURACY_COLOURS["learning"]}; }}
QLabel#bigFigure[level="chance"] {{ color: {palette.ACCURACY_COLOURS["chance"]}; }}
QLabel#figureCaption {{ font-size: {pt(BASE_PT - 4)}pt; font-weight: 700; }}
QFrame#panel {{ background: #ffffff; border: 2px solid #1d2330; border-radius: 6px; }}
QGroupBox {{ background: #ffffff; border: 2px solid #1d2330; border-radius: 6px; margin-top: 18px;
            padding: 10px 6px 6px 6px; font-weight: 700; }}
QPushButton {{ padding: 7px 12px; border: 2px solid #1d2330; border-radius: 5px; background: #ffffff; }}
QPushButton#primary {{ background: #0b3d91; color: #ffffff; border: 2px solid #000000; font-weight: 700; }}
QPushButton:disabled {{ color: #8a93a3; border-color: #b9c1ce; }}
QPushButton#primary:disabled {{ background: #9dbcf0; color: #ffffff; border-color: #9dbcf0; }}
QTabBar::tab {{ font-size: {pt(BASE_PT - 1)}pt; font-weight: 700; padding: 6px 7px; }}
QTabBar::tab:selected {{ background: #0b3d91; color: #ffffff; }}
QStatusBar QLabel {{ font-size: {pt(BASE_PT - 2)}pt; }}
QToolTip {{ font-size: {pt(BASE_PT)}pt; }}
"""


STYLE_SHEET = style_sheet()
"""Presenter mode's style sheet at 100 %."""


@dataclass
class ScreenStates:
    """What presenter mode and full screen put back when they are left (one per window): the window
    state and normal geometry before presenter mode, the window state before full screen."""

    before_presenter: tuple | None = None
    before_full_screen: Qt.WindowState = Qt.WindowNoState


def _graphics_widgets(root: QWidget) -> list[pg.GraphicsView]:
    return root.findChildren(pg.GraphicsView)


def _font(points: int, bold: bool = False) -> QFont:
    return theme.ui_font(points, bold)


def _style_items(root: QWidget, on: bool) -> None:
    """Each plot item of ``root`` in the look of the mode; one that has it already is left alone (this runs
    on every tab switch in presenter mode, for the items made since: restyling all of them again cost a
    tab switch a sixth of its time)."""
    axis_pt = zoomed(AXIS_PT) if on else theme.AXIS_POINT_SIZE
    font = _font(axis_pt)
    size = f"{axis_pt}pt"
    axis_pen = pg.mkPen("#000000" if on else "#8a93a3", width=2 if on else 1)
    text_pen = pg.mkPen("#000000" if on else theme.TEXT)
    for view in _graphics_widgets(root):
        for item in view.scene().items():
            if isinstance(item, pg.AxisItem):
                if item.style.get("tickFont") != font:
                    item.setTickFont(font)
                if item.pen() != axis_pen:
                    item.setPen(axis_pen)
                if item.textPen() != text_pen:
                    item.setTextPen(text_pen)
                if item.label is not None and item.labelText and item.labelStyle.get("font-size") != size:
                    item.labelStyle = dict(item.labelStyle, **{"font-size": size})
                    item._updateLabel()
            elif isinstance(item, pg.LabelItem):
                # An empty title too: the text it gets later (a Time-lapse frame's titles) is drawn at the
                # size of the mode in force. It kept the size it was made with, so presenter mode showed it
                # small until a zoom restyled it, and zooming back then left it larger than before.
                if item.opts.get("size") != size:
                    item.opts["size"] = size
                    if item.text:
                        item.setText(item.text)
            elif isinstance(item, pg.PlotDataItem):
                _scale_pen(item, on)


def _scale_pen(item: pg.PlotDataItem, on: bool) -> None:
    base = getattr(item, "_cnnviz_base_pen", None)
    if base is None:
        pen = item.opts.get("pen")
        if pen is None:
            return
        base = pg.mkPen(pen)
        item._cnnviz_base_pen = base
    pen = pg.mkPen(base)
    if on:
        pen.setWidthF(max(2.0, base.widthF() * LINE_SCALE))
    if item.opts.get("pen") != pen:
        item.setPen(pen)
    if item.opts.get("symbol") is not None:
        size = getattr(item, "_cnnviz_base_symbol", None) or item.opts.get("symbolSize", 8)
        item._cnnviz_base_symbol = size
        if item.opts.get("symbolSize") != int(size * (1.5 if on else 1)):
            item.setSymbolSize(int(size * (1.5 if on else 1)))


def style(window, on: bool) -> None:
    """Give ``window`` (a MainWindow) the presenter look, or take it away (plot items created
    since the last call get it too)."""
    sheet = style_sheet(theme.ZOOM) if on else theme.zoom_style_sheet()
    if window.styleSheet() != sheet:  # setting it again re-polishes every widget (~90 ms) for nothing
        window.setStyleSheet(sheet)
    _style_items(window, on)


def set_mode(window, on: bool, full_screen: bool = True) -> None:
    """Presenter mode on or off: the look; fewer, bigger pictures (one layer's feature maps, the
    canvas beside the tabs, the kernels and timings in tabs of their own); the sidebar reduced to the
    run buttons and the learning rate; full screen. Leaving it puts the window back exactly as it was
    (maximised stays maximised)."""
    on = bool(on)
    window.menus.set_checked(window.menus.presenter_action, on)
    screen = window.screen_states
    if on == window.state.presenter:
        if on and full_screen:
            set_full_screen(window, True)
        return
    if on:
        screen.before_presenter = (window.windowState(), window.normalGeometry())
    style(window, on)
    window.state.set_presenter(on)  # the parts that change with the mode observe it (MainWindow._observe)
    # Hiding the sidebar's boxes moves the focus along the chain, often into the learning-rate box with
    # its text selected (Space would then type instead of starting): the keys stay the window's.
    window.leave_text_field()
    if on:
        if full_screen:
            set_full_screen(window, True)
        return
    state, geometry = screen.before_presenter or (window.windowState() & ~Qt.WindowFullScreen, None)
    screen.before_presenter = None
    restore_window_state(window, state, geometry)


def accuracy_figure(accuracy: float | None) -> str:
    """The big figure for a test accuracy of 0.973: "97.3%" (German "97,3 %"; "–" when not known)."""
    return "–" if accuracy is None else format_percent(accuracy, 1)


def follow_accuracy(state, controls) -> None:
    """The toolbar's big figure (shown in presenter mode) is the app model's test accuracy of the weights
    now: it follows the run's evaluations and other weights (random, loaded, a run put back)."""

    def show(*_changed) -> None:
        accuracy, names = state.test_accuracy, state.run.class_names
        level = palette.accuracy_level(accuracy, len(names) if names else 10)
        controls.set_accuracy_figure(accuracy_figure(accuracy), level)

    for event in (state.events.evaluated, state.events.weights, state.events.history):
        event.connect(show)
    show()


def restore_window_state(window, state, geometry) -> None:
    """Back to ``state`` (normal, maximised or full screen) and, when normal, to ``geometry``."""
    if window.windowState() != state:
        window.setWindowState(state)
    if not state & (Qt.WindowMaximized | Qt.WindowFullScreen) and geometry is not None and geometry.isValid():
        window.setGeometry(geometry)
    window.menus.set_checked(window.menus.fullscreen_action, bool(state & Qt.WindowFullScreen))


def set_full_screen(window, on: bool) -> None:
    window.menus.set_checked(window.menus.fullscreen_action, on)
    if on and not window.isFullScreen():
        window.screen_states.before_full_screen = window.windowState()
        window.showFullScreen()
    elif not on and window.isFullScreen():
        before = window.screen_states.before_full_screen & ~Qt.WindowFullScreen
        window.setWindowState(before)

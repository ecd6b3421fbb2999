"""Colours, fonts and colour maps: light, high contrast, readable on a projector."""

from __future__ import annotations

import math

import pyqtgraph as pg
from PySide6.QtCore import QSize
from PySide6.QtGui import QColor, QFont, QFontDatabase, QFontMetrics, QIcon, QPalette
from PySide6.QtWidgets import QApplication, QGraphicsItem

from .. import number_format
from ..classroom import colormaps
from . import garbage, palette
from .desktop import APP_ID, icon_files

BACKGROUND = "#ffffff"
PANEL = "#f4f6f9"
TEXT = "#1d2330"
MUTED = "#5b6475"
ACCENT = "#1f6feb"
GRID_ALPHA = 0.25

BACKEND_MARK = "#8e24aa"
HYPER_MARK = "#6b7280"

BASE_POINT_SIZE = 11
AXIS_POINT_SIZE = 11
TITLE_POINT_SIZE = 13
"""The point sizes in force: the sizes of :data:`UNZOOMED` times :data:`ZOOM` (see :func:`set_zoom`)."""
UNZOOMED = {"BASE_POINT_SIZE": 11, "AXIS_POINT_SIZE": 11, "TITLE_POINT_SIZE": 13, "BIG_DIGIT_POINT_SIZE": 40}
BIG_DIGIT_POINT_SIZE = 40
ZOOM = 1.0
"""The user's zoom (View > Zoom in / out, :mod:`.zoom`): 1.25 makes every size of the app 25 % larger."""


def zoomed(points: float) -> int:
    """``points`` (a size at 100 %) at the zoom in force, in whole points (at least 1)."""
    return max(1, round(points * ZOOM))


def zoomed_px(pixels: float) -> int:
    """A minimum size in pixels (a plot's least height) at the zoom in force."""
    return max(1, round(pixels * ZOOM))


def set_zoom(factor: float) -> None:
    """Make :data:`ZOOM` ``factor`` and the module's point sizes follow it (widgets and plots made
    afterwards get them; :func:`cnnviz.gui.zoom.apply` restyles the ones that exist)."""
    global ZOOM
    ZOOM = float(factor)
    for name, points in UNZOOMED.items():
        globals()[name] = zoomed(points)


def zoom_style_sheet() -> str:
    """The window's style sheet for the zoom in force: empty at 100 % (the application's own sizes)."""
    if ZOOM == 1.0:
        return ""
    return (
        f"QWidget {{ font-size: {BASE_POINT_SIZE}pt; }}\n"
        f"QLabel#panelTitle {{ font-size: {TITLE_POINT_SIZE}pt; }}\n"
        f"QLabel#bigDigit {{ font-size: {BIG_DIGIT_POINT_SIZE}pt; }}\n"
    )


GENERIC_FAMILIES = frozenset({"", "sans serif", "sans-serif", "sans", "ms shell dlg", "ms shell dlg 2"})
"""Names a platform answers with when it has no UI font of its own (X11 without a desktop, offscreen, old Windows)."""
FALLBACK_FAMILIES = ("DejaVu Sans", "Noto Sans", "Liberation Sans", "Segoe UI", "Helvetica Neue", "Helvetica", "Arial")
"""Wide-coverage sans fonts, the first installed one used where the platform names no UI font."""


def choose_ui_family(system_family: str, installed) -> str:
    """The platform's UI font (Segoe UI on Windows, the system font on macOS, the desktop's on Linux);
    where the platform gives only a generic name, the first installed of ``FALLBACK_FAMILIES``;
    failing that the platform's answer (Qt's own fallback then picks a face)."""
    if system_family.strip().lower() not in GENERIC_FAMILIES:
        return system_family
    by_name = {family.lower(): family for family in installed}
    for family in FALLBACK_FAMILIES:
        if family.lower() in by_name:
            return by_name[family.lower()]
    return system_family or "Sans Serif"


_UI_FAMILY: list[str] = []


def ui_family() -> str:
    """The font family of all of cnnviz's text (chosen once; needs the QApplication)."""
    if not _UI_FAMILY:
        system = QFontDatabase.systemFont(QFontDatabase.SystemFont.GeneralFont).family()
        _UI_FAMILY.append(choose_ui_family(system, QFontDatabase.families()))
    return _UI_FAMILY[0]


SCRIPT_FAMILIES: list[str] = []
"""Fonts after ``ui_family`` for the GUI language's script (a CJK font for Japanese or Chinese: set by
``language.install``), so that its glyphs come from one font of the right regional style."""


def ui_font(point_size: int | None = None, bold: bool = False) -> QFont:
    """A QFont of ``ui_family`` (optionally of ``point_size`` points, bold)."""
    font = QFont(ui_family())
    if SCRIPT_FAMILIES:
        font.setFamilies([ui_family(), *SCRIPT_FAMILIES])
    if point_size is not None:
        font.setPointSize(point_size)
    if bold:
        font.setBold(True)
    return font


STYLE_SHEET = f"""
QMainWindow, QWidget {{ color: {TEXT}; }}
QMainWindow {{ background: {PANEL}; }}
QGroupBox {{
    background: {BACKGROUND}; border: 1px solid #d5dae3; border-radius: 6px;
    margin-top: 14px; padding: 8px 6px 6px 6px; font-weight: 600;
}}
QGroupBox::title {{ subcontrol-origin: margin; left: 10px; padding: 0 4px; color: {TEXT}; }}
QPushButton {{ padding: 5px 10px; border: 1px solid #b9c1ce; border-radius: 5px; background: #ffffff; }}
QPushButton:hover {{ background: #eef3fd; }}
QPushButton:disabled {{ color: #9aa3b2; background: #f3f4f6; }}
QPushButton#primary {{ background: {ACCENT}; color: white; border: 1px solid #1a5fcc; font-weight: 600; }}
QPushButton#primary:disabled {{ background: #9dbcf0; border-color: #9dbcf0; }}
QLabel#panelTitle {{ font-size: {TITLE_POINT_SIZE}pt; font-weight: 700; color: {TEXT}; }}
QLabel#hint {{ color: {MUTED}; }}
QLabel#error {{ color: #b3261e; }}
QLabel#bigDigit {{ font-size: 40pt; font-weight: 800; color: {ACCENT}; }}
QFrame#panel {{ background: {BACKGROUND}; border: 1px solid #d5dae3; border-radius: 6px; }}
QFrame#banner {{ border-radius: 6px; }}
QStatusBar QLabel {{ padding: 0 10px; }}
QSplitter::handle {{ background: {PANEL}; }}
"""


def apply(app: QApplication) -> None:
    """Style the application once (restyling live widgets later can crash Qt)."""
    if app.property("cnnviz_themed"):
        configure_pyqtgraph()
        return
    app.setProperty("cnnviz_themed", True)
    app.setStyle("Fusion")
    app.setFont(ui_font(BASE_POINT_SIZE))
    palette = app.palette()
    palette.setColor(QPalette.Window, QColor(PANEL))
    palette.setColor(QPalette.Base, QColor(BACKGROUND))
    palette.setColor(QPalette.Text, QColor(TEXT))
    palette.setColor(QPalette.WindowText, QColor(TEXT))
    palette.setColor(QPalette.ButtonText, QColor(TEXT))
    palette.setColor(QPalette.ToolTipBase, QColor("#fffbe6"))
    palette.setColor(QPalette.ToolTipText, QColor(TEXT))
    app.setPalette(palette)
    app.setStyleSheet(STYLE_SHEET)
    configure_pyqtgraph()


def application() -> QApplication:
    """The QApplication (created on first use) with cnnviz's look and identity."""
    app = QApplication.instance()
    if app is None:
        # argv[0] is "cnnviz" however the app was started: X11 takes WM_CLASS's instance name from its
        # base name ("__main__.py" under python -m cnnviz, "cnnviz-app", a bundle's path...).
        app = QApplication([APP_ID])
    identify(app)
    apply(app)
    garbage.collect_in_gui_thread()
    return app


def identify(app: QApplication) -> None:
    """Name and icon: WM_CLASS's class and the Wayland app id are "cnnviz" (matching cnnviz.desktop),
    and every window, the taskbar and the dock show cnnviz's icon."""
    app.setApplicationName(APP_ID)
    app.setDesktopFileName(APP_ID)
    icon = app_icon()
    if not icon.isNull():
        app.setWindowIcon(icon)


def app_icon() -> QIcon:
    """cnnviz's icon in every size there is (an empty icon if the files are missing: Qt's own then)."""
    icon = QIcon()
    try:
        files = icon_files()
    except FileNotFoundError:
        return icon
    for size, path in sorted(files.items()):
        if size:
            icon.addFile(str(path), QSize(size, size))
    return icon


def configure_pyqtgraph() -> None:
    # Antialiasing only where it shows (the smoothed curves): it is most of the painting cost.
    pg.setConfigOptions(background=BACKGROUND, foreground=TEXT, antialias=False, imageAxisOrder="row-major")


def axis_font() -> QFont:
    return ui_font(AXIS_POINT_SIZE)


def style_plot(plot: pg.PlotItem, left: str = "", bottom: str = "", title: str = "") -> pg.PlotItem:
    """Readable axes, light grid, labelled."""
    label_style = {"color": TEXT, "font-size": f"{AXIS_POINT_SIZE}pt"}
    for name in ("left", "bottom"):
        axis = plot.getAxis(name)
        # An axis draws the grid across the whole plot, so every curve update repainted it (text
        # and all, in Python): cached as a pixmap, it is redrawn only when its range or look changes.
        axis.setCacheMode(QGraphicsItem.DeviceCoordinateCache)
        axis.setTickFont(axis_font())
        axis.setPen(pg.mkPen("#8a93a3"))
        axis.setTextPen(pg.mkPen(TEXT))
        in_language_ticks(axis)
    if left:
        plot.setLabel("left", left, **label_style)
    if bottom:
        plot.setLabel("bottom", bottom, **label_style)
    if title:
        plot.setTitle(title, color=TEXT, size=f"{TITLE_POINT_SIZE}pt", bold=True)
    plot.showGrid(x=True, y=True, alpha=GRID_ALPHA)
    plot.setMenuEnabled(False)
    return plot


def plain_numbers(axis: pg.AxisItem) -> None:
    """The axis numbers its ticks as they are: never "0 ... 1000" for 0 ... 1 (pyqtgraph's SI prefix, which,
    without units, it shows nowhere). Turning it off keeps the scale pyqtgraph worked out for the range of that
    moment (pyqtgraph 0.14): an epoch axis linked to one ending at 0.9999999 kept x1000 at 125 % zoom."""
    axis.enableAutoSIPrefix(False)
    axis.autoSIPrefixScale = 1.0
    axis.labelUnitPrefix = ""
    in_language_ticks(axis)


def in_language_ticks(axis: pg.AxisItem) -> None:
    """The axis writes its tick numbers the way the GUI's language does (Qt's locale: "0,5", "2.000" in German):
    pyqtgraph writes them with Python's "." and no group marks, and as "1e-05" or "1e+06" at either end. Its own
    ``tickStrings`` is replaced by :func:`~cnnviz.number_format.tick_texts`; a subclass's (the learning-rate axis)
    is kept and its English text converted."""
    if getattr(axis, "ticks_in_language", False):
        return
    written = axis.tickStrings
    own = type(axis).tickStrings is pg.AxisItem.tickStrings

    def tick_strings(values, scale, spacing):
        if own and not axis.logMode:
            return number_format.tick_texts([v * scale for v in values], spacing * scale)
        return [number_format.relocalize(text) for text in written(values, scale, spacing)]

    axis.tickStrings = tick_strings
    axis.ticks_in_language = True


TICK_STEP_RANGE = (1e-300, 1e300)
"""Tick spacings are kept in this range: a history's extreme values (1e308, 1e-320, inf, nan) must not
make the tick code raise (``math.floor`` of an infinite logarithm) or loop."""


def _drawable(value: float) -> float:
    """``value`` as a spacing the tick code can compute with: NaN -> 1, clamped into :data:`TICK_STEP_RANGE`."""
    value = float(value)
    if math.isnan(value):
        return 1.0
    return min(max(value, TICK_STEP_RANGE[0]), TICK_STEP_RANGE[1])


def tick_step(at_least: float, at_most: float | None = None) -> float:
    """The smallest 1, 2 or 5 times a power of ten that is >= ``at_least`` (> 0): a tick spacing; but
    never over ``at_most`` (the largest such step under it then). Never raises: spacings beyond
    :data:`TICK_STEP_RANGE` (or not numbers) are taken as its nearest end."""
    at_least = _drawable(at_least)
    power = 10.0 ** math.floor(math.log10(at_least))
    step = next(m * power for m in (1.0, 2.0, 5.0, 10.0) if m * power >= at_least * (1 - 1e-12))
    if at_most is not None and step > _drawable(at_most):
        at_most = _drawable(at_most)
        power = 10.0 ** math.floor(math.log10(at_most))
        step = max(m * power for m in (1.0, 2.0, 5.0) if m * power <= at_most * (1 + 1e-12))
    return step


def _log_tick_label(m: int, exponent: int) -> str:
    """A log axis' number m·10^exponent as a rate is written (:func:`~cnnviz.number_format.format_rate`: "0,0005"
    in German, a power of ten below 0.00001: "10⁻⁶"), the way the hints above the plot say it; "10⁵" from 100000."""
    if exponent >= 5:
        return number_format.power_of_ten(str(m), exponent)
    if exponent >= 0:
        return number_format.format_number(m * 10**exponent, ",d")  # ("1.000" in German)
    return number_format.format_rate(float(f"{m}e{exponent}"), 1)


def log_ticks(lo: float, hi: float, max_labels: int = 8) -> list:
    """Ticks for a log10 axis showing ``lo`` to ``hi``: powers of ten, plus 2 and 5 times them when the range is
    short; never more labels than ``max_labels`` (the axis' height in lines of text), so that they never overlap.
    A range with fewer than two of those in it (less than a decade: the gradient norms after Reset were labelled
    "1" alone) gets evenly spaced round numbers instead, at least two."""
    lo, hi = sorted((max(float(lo), 1e-300), max(float(hi), 1e-300)))
    if not math.isfinite(math.log10(hi)):
        hi = lo
    first, last = math.floor(math.log10(lo)), math.ceil(math.log10(hi))
    decades = last - first + 1
    if decades * 3 <= max_labels:
        multiples = (1, 2, 5)
    elif decades * 2 <= max_labels:
        multiples = (1, 3)
    else:
        multiples = (1,)
    every = max(1, math.ceil(decades / max(max_labels, 1)))
    major = [
        (math.log10(m * 10.0**exponent), _log_tick_label(m, exponent))
        for exponent in range(first - 1, last + 2)
        if not (exponent - first) % every
        for m in multiples
    ]
    inside = [p for p, _text in major if math.log10(lo) <= p <= math.log10(hi)]
    if len(inside) >= 2 or hi <= lo * (1 + 1e-9):
        return [major, []]
    return [_round_ticks_between(lo, hi, max(2, max_labels)), []]


def _round_ticks_between(lo: float, hi: float, most: int) -> list:
    """At least two (at most about ``most``) round numbers between ``lo`` and ``hi`` (log10 positions, texts)."""
    step = tick_step(hi - lo)
    while True:
        values = [k * step for k in range(math.ceil(lo / step), math.floor(hi / step) + 1)]
        values = [v for v in values if lo <= v <= hi]
        if len(values) >= 2 or step <= (hi - lo) * 1e-6:
            break
        step = tick_step(step * 0.99, step * 0.99)
    values = values[:: max(1, math.ceil(len(values) / most))] if len(values) > 2 else values
    return list(zip((math.log10(v) for v in values), number_format.tick_texts(values, step)))  # (lo > 0: all are)


def keep_tick_labels_apart(plot: pg.PlotItem) -> None:
    """For a plot whose left axis pyqtgraph numbers by itself (not one with ticks of its own, such as layer
    names): pyqtgraph always labels its first tick level however short the axis is, so on a short plot (a
    projector, presenter mode's type) the labels lay on top of each other. There, widen the spacing until
    they are a line apart, and on an axis too short for two labels, show one round number near its middle.
    pyqtgraph's choice stays wherever it is already readable (and on a log axis)."""
    axis, view = plot.getAxis("left"), plot.getViewBox()
    chosen = [False]
    """Whether the spacing or the one tick on the axis now is this function's (undone before choosing again)."""

    def update(*_args) -> None:
        low, high = view.viewRange()[1]
        length, span = view.height(), high - low
        if chosen[0]:
            axis.setTicks(None)
            axis.setTickSpacing()
            chosen[0] = False
        # An axis this code cannot number (log, empty, or a range beyond what float steps can count: a
        # history's 1e308) keeps pyqtgraph's own ticks.
        if (
            axis.logMode
            or length <= 0
            or not TICK_STEP_RANGE[0] <= span <= TICK_STEP_RANGE[1]
            or not math.isfinite(low + high)
        ):
            return
        line = QFontMetrics(axis.style.get("tickFont") or axis.font()).height()
        need = 1.15 * line * span / length
        levels = axis.tickValues(low, high, length)
        if levels and levels[0][0] >= need:
            return
        chosen[0] = True
        margin = 0.5 * line * span / length  # pyqtgraph drops a label that would stick out at an end
        step = tick_step(need)
        while step <= span:
            if math.ceil((low + margin) / step) * step <= high - margin:
                axis.setTickSpacing(major=step, minor=step / 2)
                return
            step = tick_step(step * 1.01)
        step = tick_step(span / 2, span / 2)
        middle = (low + high) / 2
        value = round(middle / step) * step if math.isfinite(middle / step) else middle
        axis.setTicks([[(value, axis.tickStrings([value], 1.0, step)[0])], []])

    view.sigResized.connect(update)
    view.sigYRangeChanged.connect(update)


def backend_colour(name: str) -> str:
    return palette.BACKEND_COLOURS.get(name, "#444444")


# The colour maps of classroom/colormaps.py, the ones the report and the GIF use (the Time-lapse tab had its own
# hand-made pair, up to 75 of 255 levels from the Kernels panel's): negative blue, zero white, positive red;
# activations >= 0 in pyqtgraph's inferno; inputs grey.
DIVERGING_LUT = colormaps.DIVERGING_LUT
ACTIVATION_LUT = colormaps.SEQUENTIAL_LUT
GREY_LUT = colormaps.GREY_LUT

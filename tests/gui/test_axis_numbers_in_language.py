"""The plots' axes write their numbers the way the app's language does (German "0,1", "2.000", never "1e-05" or
"1e+06"), and a log axis over less than a decade (the gradient norm after Reset) still shows two numbers."""

import math

import pyqtgraph as pg
from PySide6.QtWidgets import QApplication
from test_classroom import stats_event

from cnnviz.gui import theme


def pump(rounds=5):
    for _ in range(rounds):
        QApplication.processEvents()


def test_an_axis_numbers_its_ticks_the_german_way(qtbot, in_language):
    in_language("de")
    plot = theme.style_plot(pg.PlotItem())
    theme.plain_numbers(plot.getAxis("left"))
    for axis in (plot.getAxis("left"), plot.getAxis("bottom")):
        assert axis.tickStrings([0.0, 0.1, 0.2], 1.0, 0.1) == ["0", "0,1", "0,2"]
        assert axis.tickStrings([0, 2000, 4000], 1.0, 2000) == ["0", "2.000", "4.000"]
        assert axis.tickStrings([10_000, 20_000], 1.0, 10_000) == ["10.000", "20.000"]
        assert axis.tickStrings([0.00005, 0.0001], 1.0, 0.00005) == ["0,00005", "0,00010"]
        assert axis.tickStrings([1e9, 2e9], 1.0, 1e9) == ["10⁹", "2·10⁹"]
    in_language("ja")
    plot = theme.style_plot(pg.PlotItem())
    assert plot.getAxis("bottom").tickStrings([0, 2000, 0.5], 1.0, 0.5) == ["0", "2,000.0", "0.5"]


def test_every_axis_of_the_german_window_writes_german_numbers(qtbot, in_language, make_window):
    in_language("de")
    window = make_window()
    pump()
    shown = [item for item in window.findChildren(pg.GraphicsView) for item in item.items()]
    axes = [a for a in shown if isinstance(a, pg.AxisItem) and a.isVisible() and a.style.get("showValues", True)]
    assert len(axes) > 10
    for axis in axes:
        if axis.logMode or getattr(axis, "_tickLevels", None) is not None:
            continue  # (ticks of its own: the layers' names, the log axes' powers of ten)
        texts = axis.tickStrings([0.5, 1.5, 2000.0], 1.0, 0.5)
        assert texts[:2] == ["0,5", "1,5"], (type(axis).__name__, texts)
        if type(axis).__name__ != "RateAxis":  # (a learning rate is never 2000)
            assert texts[2] == "2.000,0", (type(axis).__name__, texts)


def visible_ticks(plot):
    low, high = plot.getViewBox().viewRange()[1]
    (major, *_rest) = plot.getAxis("left")._tickLevels
    return [text for position, text in major if low <= position <= high]


def test_a_log_axis_over_less_than_a_decade_shows_two_numbers(qtbot, in_language):
    from cnnviz.gui.panels.statistics import StatisticsPanel

    in_language("de")
    panel = StatisticsPanel()
    qtbot.addWidget(panel)
    panel.resize(420, 420)  # (a short plot: three or four lines of numbers)
    panel.show()
    pump()
    for run in range(2):  # a run, Reset, the next run
        panel.clear()
        for i in range(6):
            panel.add_stats(stats_event(10 * (i + 1), 0.01))  # gradient norms 0.09 ... 0.15: within a decade
        panel.refresh()
        pump()
        for plot in (panel.grad_plot, panel.ratio_plot):
            ticks = visible_ticks(plot)
            assert len(ticks) >= 2, (run, plot.getViewBox().viewRange()[1], ticks)
            assert all("e" not in t and "." not in t for t in ticks), ticks
    low, high = panel.grad_plot.getViewBox().viewRange()[1]
    assert high - low < 1, "precondition: the axis spans less than a decade"
    assert not math.isnan(low)

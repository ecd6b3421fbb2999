"""Zoom at 1024x768 where ``cnnviz gui --check-layout`` still found views that do not fit (session 45): presenter
mode's Draw panel at 80 % gave its bars 35-47 px of their least 50."""

from test_fit import at_screen

from cnnviz.gui.devtools import fit, fit_plots
from cnnviz.gui.panels.classify_bars import ProbabilityBars, least_bars_px


def test_the_bars_at_the_height_they_ask_for_are_at_least_their_least(qtbot):
    """What the bars' widget asks for (the Draw panel's arrangement counts on it) leaves the bars themselves their
    least height: it counted two lines of digits and 6 px, not the layouts' 18 px of margins nor the bottom axis as
    pyqtgraph sizes it (its title at 0.8 of its height, the tick labels' offset)."""
    bars = ProbabilityBars()
    qtbot.addWidget(bars)
    font = bars.font()
    font.setPixelSize(22)  # (presenter mode's digits at 80 %)
    bars.plot.getAxis("bottom").setTickFont(font)
    bars.plot.setLabel("bottom", "digit")
    bars.resize(320, bars.height_needed())
    bars.show()
    qtbot.waitUntil(lambda: bars.plot.getViewBox().height() > 0, timeout=2000)
    assert bars.plot.getViewBox().height() >= least_bars_px() - 0.5, bars.height_needed()


def test_presenter_modes_draw_panel_at_80_percent_has_bars_of_their_least_height(qtbot, shared):
    window = shared()
    window.set_zoom(80, remember=False)
    try:
        at_screen(window, qtbot, (1024, 768))
        window.set_presenter(True, full_screen=False)
        fit.settle_layout(window)
        box = window.panels.classify.prob_plot.getViewBox()
        assert box.height() >= least_bars_px() - 0.5
        assert fit_plots.axis_titles_and_short_plots(window) == []
    finally:
        window.set_zoom(100, remember=False)

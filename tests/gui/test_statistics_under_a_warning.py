"""The Statistics tab keeps a plot to read under the lesson strip and the divergence warning (session 44: German
presenter mode at 1024x768, "Learning rate too high" with its step open and the warning: the plot was ~60 px high,
its tick labels on top of each other, under the dead-ReLU warning's six bold lines)."""

from __future__ import annotations

from test_draw_panel_beside_a_warning import diverged, too_high
from test_fit import at_screen, describe
from test_statistics_tabs import dead_event

from cnnviz.gui.devtools import fit, fit_plots


def test_statistics_keeps_a_readable_plot_under_the_strip_and_the_warning(qtbot, in_language, make_window):
    in_language("de")
    window = make_window()
    window.set_full_screen = lambda on: None
    assert window.lessons.apply(too_high(), ask=False)
    window.lessons.use_lesson_view(True, full_screen=False)
    strip = window.lessons.strip
    strip.set_page(3)  # (before the warning: a page turned under it takes the room from it)
    for i in range(16):
        window.router.handle(dead_event(10 * (i + 1)))
    window.router.handle(diverged())
    if strip.text_label.isHidden():
        strip.collapse_button.click()  # the teacher opens the step over the warning
    window.show_tab("statistics")
    at_screen(window, qtbot, (1024, 768))
    panel = window.panels.statistics
    panel.update_diagnosis()
    panel.refresh()
    fit.settle_layout(window)
    assert window.banner.isVisible() and not strip.text_label.isHidden() and panel.findings
    shown = [plot for plot in panel.plots if plot.isVisible()]
    heights = [plot.getViewBox().height() for plot in shown]
    print(heights, panel.hint_box.height(), panel.graphics.height())
    found = fit.problems(window)
    assert found == [], describe({"lesson/statistics": found})
    assert min(heights) >= fit_plots.MIN_PLOT_PX, heights
    window.banner.close_button.click()  # the teacher closed the warning: the box says it, and the plot still fits
    fit.settle_layout(window)
    heights = [plot.getViewBox().height() for plot in panel.plots if plot.isVisible()]
    print(heights, panel.hint_box.height(), panel.graphics.height())
    assert panel.hint_box.isVisible() and "⚠" in panel.hint_box.text()
    found = fit.problems(window)
    assert found == [], describe({"lesson/statistics, the warning closed": found})


def test_a_warning_in_brief_is_its_first_sentence():
    from cnnviz.gui.panels.statistics_hints import first_sentence

    assert first_sentence("⚠ No gradient reaches conv1.weight: dead. Lower the rate.") == (
        "⚠ No gradient reaches conv1.weight: dead. …"
    )
    assert first_sentence("勾配が届いていません。学習率を下げてください。") == "勾配が届いていません。…"
    assert first_sentence("One sentence only.") == "One sentence only."

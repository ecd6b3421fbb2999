"""The statistics' plot tabs (one plot at a time where three would be too short): each tab shows its
plot with room to draw in, over the steps of the run now."""

from PySide6.QtWidgets import QApplication
from test_classroom import stats_event


def pump(rounds=10):
    for _ in range(rounds):
        QApplication.processEvents()


def one_plot_at_a_time(window):
    window.set_presenter(True, full_screen=False)
    window.resize(1024, 768)
    window.show_tab("statistics")
    pump()
    panel = window.panels.statistics
    for i in range(15):
        window.router.handle(stats_event(10 * (i + 1), 0.01))
    pump()
    panel.refresh()
    pump()
    assert panel.one_at_a_time, "precondition: presenter mode at 1024x768 shows one statistics plot at a time"
    return panel


def test_every_plot_tab_shows_a_plot_with_height(qtbot, make_window):
    """Each tab clicked after the first showed a legend and an axis over a plot of zero height."""
    panel = one_plot_at_a_time(make_window())
    for index in (1, 2, 0, 2, 1, 0):
        panel.plot_tabs.setCurrentIndex(index)
        pump()
        panel.catch_up()
        pump()
        shown = panel.plots[index]
        assert shown.isVisible() and [p for p in panel.plots if p.isVisible()] == [shown]
        assert shown.getViewBox().height() > 100, (index, shown.getViewBox().height())


def test_the_shown_plot_covers_every_step_of_the_run(qtbot, make_window):
    """After a 938-step run the weights plot still read steps 20-175."""
    window = make_window()
    panel = one_plot_at_a_time(window)
    for index in (2, 1, 0):
        panel.plot_tabs.setCurrentIndex(index)
        pump()
        for i in range(15, 94):
            window.router.handle(stats_event(10 * (i + 1), 0.01))
        pump()
        panel.refresh()
        pump()
        lo, hi = panel.plots[index].getViewBox().viewRange()[0]
        assert lo <= 10 and 940 <= hi <= 1000, (index, lo, hi)
        window.reset()  # the next run starts over at step 10
        assert panel.steps == []
        for i in range(15):
            window.router.handle(stats_event(10 * (i + 1), 0.01))
        pump()
        panel.refresh()
        lo, hi = panel.plots[index].getViewBox().viewRange()[0]
        assert hi <= 200, (index, lo, hi)
    window.set_presenter(False, full_screen=False)


def test_before_any_statistics_every_plot_reads_the_same_empty_range(qtbot, make_window):
    """Unlinked, the empty weights plot read "-400 ... 400 step (x0.001)" under two plots reading 0 ... 1."""
    panel = make_window().panels.statistics
    for plot in panel.plots:
        assert plot.getViewBox().viewRange()[0] == [0, 1]
        assert not plot.getAxis("bottom").autoSIPrefix


def test_the_limits_words_lie_beside_the_curves_not_over_them(qtbot, make_window):
    """ "too big" / "too small" were labels inside the plot at its left end: over the start of the curves
    (German "zu groß"); now they are the ticks of the plot's right axis."""
    import pyqtgraph as pg
    from PySide6.QtGui import QImage, QPainter

    window = make_window()
    window.show_tab("statistics")
    for i in range(15):
        window.router.handle(stats_event(10 * (i + 1), 0.5 if i < 5 else 1e-6))  # both limits in range
    pump()
    panel = window.panels.statistics
    panel.refresh()
    pump()
    view = panel.ratio_plot.getViewBox()
    inside = [
        item.toPlainText()
        for item in view.scene().items()
        if isinstance(item, pg.TextItem)
        and item.isVisible()
        and item.toPlainText() in ("too big", "too small")
        and view.sceneBoundingRect().intersects(item.sceneBoundingRect())
    ]
    assert inside == [], "no word over the curves"
    axis = panel.ratio_plot.getAxis("right")
    image = QImage(10, 10, QImage.Format_ARGB32)
    painter = QPainter(image)
    try:
        texts = [spec[2] for spec in axis.generateDrawSpecs(painter)[2]]
    finally:
        painter.end()
    assert axis.isVisible() and {"too big", "too small"} <= set(texts), texts


def dead_event(step):
    """Statistics of a net whose ReLUs died: not one gradient reaches a weight."""
    import numpy as np

    from cnnviz.train import events as ev
    from cnnviz.train.stats import parameter_stats

    w = {"conv1.weight": np.full((4, 1, 5, 5), 0.1), "dense1.weight": np.full((10, 20), 0.1)}
    grads = {k: np.zeros_like(v) for k, v in w.items()}
    return ev.ParameterStatsMeasured(step, step / 100, 0.5, tuple(parameter_stats(w, grads)))


def y_labels(plot) -> list[str]:
    """The labels the plot's left axis draws now."""
    from PySide6.QtGui import QImage, QPainter

    image = QImage(10, 10, QImage.Format_ARGB32)
    painter = QPainter(image)
    try:
        return [spec[2] for spec in plot.getAxis("left").generateDrawSpecs(painter)[2]]
    finally:
        painter.end()


def test_the_legend_shows_each_drawn_curve_not_a_crossed_out_eye(qtbot, make_window):
    """Learning rate too high (session 44): on the "Gradient norm" tab the legend showed pyqtgraph's crossed-out
    eye for every tensor: its entries were the update plot's curves, hidden with their plot behind the other tab
    (and a click on an entry hid a curve)."""
    panel = one_plot_at_a_time(make_window())
    for index in (1, 2, 0):
        panel.plot_tabs.setCurrentIndex(index)
        pump()
        samples = [sample.item for sample, _label in panel.legend.items]
        assert len(samples) == 2 and all(item.isVisible() for item in samples), index


def test_an_empty_log_plot_is_an_axis_waiting_for_data(qtbot, make_window):
    """The "Gradient norm" plot of dead ReLUs (every value 0: nothing a log axis can show) was an empty frame with
    one unlabelled tick, and before any statistics pyqtgraph's 1 to 10 read "2 3 4 ... 9"; now a labelled axis
    of the range such values have, and the words for why it is empty."""
    window = make_window()
    panel = one_plot_at_a_time(window)
    window.reset()
    pump()
    for index in (0, 1):
        panel.plot_tabs.setCurrentIndex(index)
        pump()
        labels = y_labels(panel.plots[index])
        assert "2" not in labels and len(labels) >= 2, labels
    assert not panel.no_gradient.isVisible()
    for i in range(15):
        window.router.handle(dead_event(10 * (i + 1)))
    pump()
    panel.refresh()
    pump()
    assert len(y_labels(panel.grad_plot)) >= 2
    assert panel.no_gradient.isVisible() and "0" in panel.no_gradient.toPlainText()
    assert panel.grad_plot.getViewBox().sceneBoundingRect().contains(panel.no_gradient.sceneBoundingRect().center())
    window.router.handle(stats_event(160, 0.01))  # gradients again
    pump()
    panel.refresh()
    assert not panel.no_gradient.isVisible()
    window.set_presenter(False, full_screen=False)


def test_a_lesson_step_brings_up_the_plot_it_talks_about(qtbot, make_window):
    """Learning rate too high, step 2 (the gradients that stop) opened Statistics on its first plot, "Update
    size"; the step names its part, "gradient_norm", and that plot comes up."""
    from pathlib import Path

    from cnnviz.classroom.lessons import load_lesson

    preset = load_lesson(Path(__file__).resolve().parents[2] / "assets" / "presets" / "03_learning_rate_too_high.json")
    page = next(i for i, text in enumerate(preset.steps) if "No gradient" in text) + 1
    window = make_window()
    window.set_presenter(True, full_screen=False)
    window.resize(1024, 768)
    for i in range(15):
        window.router.handle(stats_event(10 * (i + 1), 0.01))
    assert window.lessons.apply(preset, ask=False)
    window.lessons.use_lesson_view(True, full_screen=False)
    pump()
    window.lessons.strip.set_page(page)  # (the Statistics panel never shown before)
    panel = window.panels.statistics
    pump()
    panel.catch_up()
    pump()
    assert panel.isVisible() and panel.one_at_a_time
    assert [p for p in panel.plots if p.isVisible()] == [panel.grad_plot]
    # (the plots' tab bar under the hint, not over the panel's title: chosen while the panel was hidden, it was)
    assert panel.plot_tabs.geometry().top() >= panel.hint_box.geometry().bottom(), panel.plot_tabs.geometry()
    window.lessons.close(ask=False)


def test_after_the_rate_was_lowered_the_box_speaks_of_the_run_now(qtbot, make_window):
    """Learning rate too high (session 44): resumed at 0.05 from the weights put back, the dead-ReLU warning stayed
    100+ steps; it goes with the first records of the new rate, and "healthy" waits until they can be judged."""
    from dataclasses import replace

    window = make_window()
    window.show_tab("statistics")
    panel = window.panels.statistics
    for i in range(20):
        window.router.handle(dead_event(10 * (i + 1)))
    assert panel.update_diagnosis() and "⚠" in panel.hint_box.text()
    for i in range(20, 23):
        window.router.handle(replace(stats_event(10 * (i + 1), 0.01), lr=0.05))
    assert panel.update_diagnosis() == []
    assert "⚠" not in panel.hint_box.text() and "✓" not in panel.hint_box.text()  # (too few records to judge)
    for i in range(23, 33):
        window.router.handle(replace(stats_event(10 * (i + 1), 0.01), lr=0.05))
    assert panel.update_diagnosis() == [] and "✓" in panel.hint_box.text()


def test_the_legend_names_curves_only_where_they_are_drawn(qtbot, make_window):
    """The Weights tab draws one tensor's band, yet the legend above it listed conv1, conv2 and dense1 (real X,
    zh_CN, 1024x768): it shows with the update-size and gradient plots only."""
    panel = one_plot_at_a_time(make_window())
    for index in (2, 0, 2, 1):
        panel.plot_tabs.setCurrentIndex(index)
        pump()
        shown = panel.plots[index]
        assert panel.legend.items, "precondition: the legend names the run's tensors"
        assert panel.legend.isVisible() == (shown is not panel.weight_plot), index
        assert shown.getViewBox().height() > 100, (index, shown.getViewBox().height())

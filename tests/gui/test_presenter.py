"""Presenter mode and the lessons' views, as the back row sees them, at every classroom size: the check
(``cnnviz.gui.devtools.fit``) finds nothing, the big figures are big, the toolbar replaces the sidebar. Layout
only: no training (the panels are filled as a run would fill them)."""

import numpy as np
import pytest
from PySide6.QtGui import QFontInfo
from test_fit import CLASSROOM_SCREENS, at_screen, describe, fill

from cnnviz.app.classify_layout import COLUMN, ROW
from cnnviz.classroom.lessons import bundled_lessons
from cnnviz.gui import presenter
from cnnviz.gui.devtools import fit, fit_plots
from cnnviz.gui.panels.classify_bars import least_bars_px


def test_every_lesson_view_fits_the_screen(qtbot, make_window):
    """Each lesson's suggested view (presenter mode, only its panels) on every tab it shows, on the classroom's
    screens (1920x1080 is roomier in both directions than each of them). One window: each lesson is loaded
    and filled once, its view opened once (on the first screen), then looked at on each screen in turn (entering
    and leaving a lesson's view restyles the whole window: ~0.1 s of a core each time)."""
    window = make_window()
    window.set_full_screen = lambda on: None  # offscreen: no window manager to go full screen with
    found = {}
    for preset in bundled_lessons():
        window.lessons.apply(preset, ask=False)
        fill(window)
        at_screen(window, qtbot, CLASSROOM_SCREENS[0])
        window.lessons.use_lesson_view(True, full_screen=False)
        assert window.state.presenter == preset.presenter or window.state.presenter
        for screen in CLASSROOM_SCREENS:
            at_screen(window, qtbot, screen)
            name = f"{preset.title} at {screen[0]}x{screen[1]}"
            found.update(fit.check_this_view(window, name=name))
            if window.width() != screen[0]:  # (offscreen, a window wider than the screen has all of it inside)
                found[f"{name}/window"] = [f"the window is {window.width()} px wide, wider than the screen"]
        window.lessons.use_lesson_view(False, full_screen=False)
        fit.settle_layout(window)
    assert found == {}, describe(found)


def test_presenter_mode_trades_the_sidebar_for_a_toolbar_with_big_figures(qtbot, shared):
    window = shared()
    at_screen(window, qtbot, (1024, 768))
    controls, workspace = window.controls, window.workspace
    window.set_presenter(True, full_screen=False)
    fit.settle_layout(window)
    assert not workspace.sidebar.isVisible() and controls.toolbar.isVisible()
    in_bar = [
        controls.start_button,
        controls.pause_button,
        controls.step_button,
        controls.reset_button,
        controls.lr_spin,
        controls.lr_slider,
    ]
    assert all(controls.toolbar.isAncestorOf(w) and w.isVisible() for w in in_bar)
    assert not controls.save_button.isVisible() and not controls.backend_combo.isVisible()
    # The test accuracy, big, as the app model has it (the evaluation fill() made: 500 images, 1 in 9 wrong),
    # the status bar saying the same.
    figure = controls.accuracy_figure.text()
    assert figure == presenter.accuracy_figure(window.state.test_accuracy) and figure.endswith("%")
    assert window.status.text("test") == f"test accuracy {figure}"
    for label in (controls.accuracy_figure, window.panels.classify.digit_label):
        assert QFontInfo(label.font()).pixelSize() >= fit.READABLE_PX, label.objectName()
    # (under the canvas; the bars across the panel where the canvas keeps its least size with them under the answer,
    # else in a row beside it: since the bars ask for the height pyqtgraph gives them, a 1024x696 window has a row)
    assert window.panels.classify.arrangement in (COLUMN, ROW), "1024x768: the prediction under the canvas"
    assert window.panels.classify.prob_plot.getViewBox().height() >= least_bars_px() - 0.5
    assert set(fit.TOGETHER) <= set(fit.visible_together(window))
    window.set_presenter(False, full_screen=False)
    fit.settle_layout(window)
    assert workspace.sidebar.isVisible() and not controls.toolbar.isVisible()
    assert controls.run_box.isAncestorOf(controls.start_button) and controls.lr_row.isAncestorOf(controls.lr_spin)
    assert controls.save_button.isVisible()


def test_the_accuracy_figure_follows_the_app_models_evaluations_and_weights():
    """No status bar read: the figure observes the model's ``evaluated``, ``weights`` and ``history`` events."""
    from cnnviz.app.state import AppState
    from cnnviz.train import events as ev

    class Toolbar:
        figure = level = None

        def set_accuracy_figure(self, text, level):
            self.figure, self.level = text, level

    state, toolbar = AppState(), Toolbar()
    presenter.follow_accuracy(state, toolbar)
    assert toolbar.figure == "–"
    labels = np.zeros(3, np.int64)
    state.add_evaluation(ev.EvaluationFinished(5, 0.5, 0.4, 0.973, 3, labels, labels, np.ones(3, np.float32)))
    assert (toolbar.figure, toolbar.level) == ("97.3%", "good")
    chance = ev.EvaluationFinished(6, 0.5, 2.3, 0.098, 3, labels, labels, np.ones(3, np.float32))
    state.add_evaluation(chance)
    assert (toolbar.figure, toolbar.level) == ("9.8%", "chance")
    state.clear_history()  # the weights start over
    assert toolbar.figure == "–"
    state.run.known_accuracy = 0.9  # a loaded file's figure, then the weights event
    state.events.weights.emit()
    assert (toolbar.figure, toolbar.level) == ("90.0%", "good")


def test_chance_level_accuracy_is_not_shown_as_a_success(qtbot, shared):
    """Learning rate too high (session 44): 8-13 % in ten classes, a guess, was the big figure in the success
    green; it is coloured by what it means, and its tooltip says it."""
    from PySide6.QtGui import QPalette

    from cnnviz.gui import palette

    assert [palette.accuracy_level(a) for a in (None, 0.084, 0.13, 0.5, 0.928)] == [
        "learning",
        "chance",
        "chance",
        "learning",
        "good",
    ]
    assert palette.accuracy_level(0.5, classes=3) == "learning" and palette.accuracy_level(0.36, classes=3) == "chance"
    window = shared()
    window.set_presenter(True, full_screen=False)
    figure = window.controls.accuracy_figure
    try:
        colours = {}
        for level in ("chance", "good", "learning", "chance"):
            window.controls.set_accuracy_figure("8.4%", level)
            colours[level] = figure.palette().color(QPalette.WindowText).name()
        assert colours == palette.ACCURACY_COLOURS
        assert "chance" in figure.toolTip()
    finally:
        window.state.events.weights.emit()  # (the figure of the weights now again)
        window.set_presenter(False, full_screen=False)


def test_the_check_fails_when_presenter_mode_hides_one_of_the_four(qtbot, shared):
    """The old arrangement (the canvas a tab away at 1024x768) is what the check must catch."""
    window = shared()
    at_screen(window, qtbot, (1024, 768))
    window.set_presenter(True, full_screen=False)
    fit.settle_layout(window)
    assert fit.together_problems(window) == []
    window.panels.classify.hide()
    fit.settle_layout(window)
    listed = fit.together_problems(window)
    assert listed and "canvas" in listed[0] and "answer" in listed[0]
    window.panels.classify.show()
    window.set_presenter(False, full_screen=False)


def test_the_check_catches_overlapping_axis_titles_and_short_plots(qtbot, make_window):
    """Three statistics plots squeezed (the old lesson view at 1024x768): titles run into each other."""
    window = make_window()
    fill(window)
    at_screen(window, qtbot, (1024, 768))
    window.show_tab("statistics")
    fit.settle_layout(window)
    stats = window.panels.statistics
    assert fit_plots.axis_titles_and_short_plots(window) == []
    stats._choose = lambda: None  # (the panel's own remedy off: three plots whatever the height)
    stats.one_at_a_time = False
    stats.plot_tabs.hide()
    stats._place_plots()
    stats.graphics.setFixedHeight(260)
    fit.settle_layout(window)
    listed = fit_plots.axis_titles_and_short_plots(window)
    assert any("axis title" in p for p in listed) and any("fewer than 80" in p for p in listed), listed


def test_loss_axes_never_use_an_si_prefix(qtbot, window):
    """After loading a model the loss read "loss (x0.001)" with ticks 200-600."""
    curves = window.panels.curves
    curves.loss_plot.setYRange(0, 0.0006, padding=0)
    qtbot.wait(50)
    axis = curves.loss_plot.getAxis("left")
    assert axis.labelString().find("x0.001") < 0 and axis.autoSIPrefixScale == 1.0


def test_check_layout_states_what_each_mode_shows_together(qtbot, make_window):
    """``cnnviz gui --check-layout``'s report names the panels each mode shows at once."""
    import io
    import json

    from PySide6.QtWidgets import QApplication

    window = make_window()
    window.show_fitted = lambda: at_screen(window, qtbot, (1024, 768))
    out = io.StringIO()
    code = fit.report(QApplication.instance(), window, out=out)
    report = json.loads(out.getvalue().strip().splitlines()[-1])
    assert set(fit.TOGETHER) <= set(report["together"]["presenter"]), report["together"]
    assert "canvas" not in report["together"]["normal"], "1024x768: normal mode's canvas is a tab away"
    assert code == (1 if report["problems"] else 0)


@pytest.mark.parametrize("presenter_on", [False, True], ids=["normal", "presenter"])
def test_a_status_message_shows_whole_at_1024x768(qtbot, shared, presenter_on):
    """The fields step aside for a message (it was cut to "Autosav…"), the test accuracy stays, and
    every field comes back when the message goes."""
    window = shared()
    at_screen(window, qtbot, (1024, 768))
    if presenter_on:
        window.set_presenter(True, full_screen=False)
        fit.settle_layout(window)
    bar, status = window.statusBar(), window.status
    status.show(state="training", rate="3,210 images/s", eta="ETA 0:42")
    message = "Autosaved the model (step 3,752) in the models folder"
    bar.showMessage(message, 8000)
    fit.settle_layout(window)
    shown = [label for label in status.labels.values() if label.isVisible()]
    left = min(label.geometry().left() for label in shown)
    assert bar.fontMetrics().horizontalAdvance(message) + 8 <= left, (left, [lb.text() for lb in shown])
    assert status.labels["test"].isVisible() and len(shown) < len(status.labels)
    # The run ends under the message (seen on real X: the longer figures pushed it back to "…(step 9").
    status.show(state="finished after 1.00 epochs", test="test accuracy 97.3%", step="step 938,000")
    fit.settle_layout(window)
    shown = [label for label in status.labels.values() if label.isVisible()]
    left = min(label.geometry().left() for label in shown)
    assert bar.fontMetrics().horizontalAdvance(message) + 8 <= left, (left, [lb.text() for lb in shown])
    under_message = len([label for label in status.labels.values() if label.isVisible()])
    bar.clearMessage()
    fit.settle_layout(window)
    # The fields come back as far as they fit whole; the window stays on the screen (this asserted that all
    # came back, which the fields' least widths made true by widening the window past 1024 pixels).
    back = [label for label in status.labels.values() if label.isVisible()]
    assert len(back) > under_message and status.labels["test"] in back and window.width() == 1024
    assert all(label.width() >= label.sizeHint().width() for label in back)
    window.set_presenter(False, full_screen=False)


def test_the_pad_and_the_class_drawings_show_together_in_presenter_mode_at_1024x768(qtbot, shared):
    """A drawing costs no tab switch: the canvas beside the Class drawings tab, the name field and the
    digit buttons on screen, nothing in it cut off or overlapping."""
    window = shared()
    at_screen(window, qtbot, (1024, 768))
    window.set_presenter(True, full_screen=False)
    window.show_tab("drawings")
    fit.settle_layout(window)
    drawings, classify = window.panels.drawings, window.panels.classify
    on_screen = [
        classify.canvas,
        drawings.student_edit,
        drawings.finetune_button,
        drawings.gallery,
        *drawings.digit_buttons,
    ]
    assert all(w.isVisible() and w.visibleRegion().boundingRect().size() == w.size() for w in on_screen)
    assert classify.canvas.width() >= 200
    assert fit.check_this_view(window, name="drawings") == {}
    window.set_presenter(False, full_screen=False)


def test_in_normal_mode_at_1024x768_the_pad_comes_into_the_class_drawings_tab(qtbot, shared):
    """No right column at 1024x768 in normal mode: the canvas lives in a tab of its own, and the Class
    drawings tab borrows it while open (each drawing cost two tab switches), then gives it back."""
    window = shared()
    at_screen(window, qtbot, (1024, 768))
    workspace, classify, drawings = window.workspace, window.panels.classify, window.panels.drawings
    assert workspace.current.right == (), "the narrow arrangement"
    window.show_tab("drawings")
    fit.settle_layout(window)
    assert workspace.lent == "classify" and classify.canvas.isVisible() and drawings.isVisible()
    assert classify.canvas.width() >= 200 and drawings.digit_buttons[0].isVisible()
    assert fit.check_this_view(window, name="drawings") == {}
    window.show_tab("classify")  # its own tab again: it goes back there
    fit.settle_layout(window)
    assert workspace.lent is None and workspace.tab_key_of("classify") in workspace.fold_pages
    assert classify.isVisible() and workspace.fold_pages[workspace.tab_key_of("classify")].isAncestorOf(classify)
    window.show_tab("drawings")
    window.set_presenter(True, full_screen=False)  # beside the tabs in presenter mode: no loan
    fit.settle_layout(window)
    assert workspace.lent is None and workspace.right.isAncestorOf(classify)
    window.set_presenter(False, full_screen=False)
    fit.settle_layout(window)
    assert workspace.lent == "classify", "back in normal mode on the Class drawings tab"


def test_the_lesson_strip_reads_bigger_where_the_screen_has_room(qtbot):
    """Presenter mode's lesson strip stayed at 12 pt on every screen: small from the back row where a tall
    screen had the room. (The strip alone, in a window of a 1024x768 and a 1920x1080 screen's height.)"""
    from PySide6.QtWidgets import QVBoxLayout, QWidget

    from cnnviz.gui.lesson_strip import LessonStrip

    host = QWidget()
    qtbot.addWidget(host)
    strip = LessonStrip()
    QVBoxLayout(host).addWidget(strip)
    strip.show_lesson(bundled_lessons()[0], [])
    host.resize(1024, 700)
    host.show()
    strip.set_presenter(True)
    sizes = {}
    for height in (700, 1040, 700):  # (the strip follows the window's height: full screen, another screen)
        host.resize(1024, height)
        qtbot.waitUntil(lambda h=height: strip.height() > 0 and strip.window().height() == h)
        qtbot.wait(10)
        strip.text_label.ensurePolished()
        sizes.setdefault(height, []).append(strip.text_label.font().pointSize())
    assert sizes == {700: [12, 12], 1040: [16]}, sizes

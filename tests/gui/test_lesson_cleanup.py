"""A lesson cleans up after itself ("Overfitting on 200 images"): closing it puts back the settings,
panels and mode from before it; Reset and Load never inherit its overrides; the sidebar says when
training uses part of the data set; presenter mode survives loading a lesson and the lesson view."""

from cnnviz.classroom.lessons import bundled_lessons
from cnnviz.gui.run_control import data_note


def overfitting():
    return next(p for p in bundled_lessons() if "Overfitting" in p.title)


def load(qtbot, window, path):
    """Load a checkpoint (a background job) and wait until it has replaced the model, or failed."""
    job = window.checkpoints.load(str(path))
    qtbot.waitUntil(lambda: not job.running, timeout=30_000)
    return job


def no_full_screen(window):
    window.set_full_screen = lambda on: None  # offscreen: no window manager to go full screen with


def sidebar(window):
    c = window.controls
    return (
        c.spec,
        c.backend,
        c.optimizer_combo.currentText(),
        c.schedule_combo.currentText(),
        c.lr,
        c.momentum_spin.value(),
        c.batch_spin.value(),
        c.epochs,
    )


def test_the_data_note_says_how_many_images_are_used():
    assert data_note(200, 60_000, 2_000, 10_000) == "Training on 200 of 60,000 images, testing on 2,000 of 10,000"
    assert data_note(None, 60_000, None, 10_000) == ""
    assert data_note(60_000, 60_000) == ""
    assert data_note(None, 60_000, 500, 10_000) == "Testing on 500 of 10,000"


def test_closing_the_lesson_restores_settings_panels_and_mode(qtbot, window):
    window.controls.set_values(optimizer="sgd", lr=0.02, batch_size=32, epochs=2.0)
    window.state.set_view_visible("timings", False)
    before, views = sidebar(window), set(window.state.visible_views)
    note = window.controls.data_note
    assert not note.isVisibleTo(window.controls)

    preset = overfitting()
    assert window.lessons.apply(preset)
    assert window.controls.batch_spin.value() == 16 and window.controls.spec == preset.net
    assert window.runs.make_config().train_samples == 200
    assert note.isVisibleTo(window.controls) and "200 of 60,000" in note.text()

    no_full_screen(window)
    window.lessons.strip.view_button.click()  # the lesson's view: presenter mode, its four panels
    assert window.state.presenter and window.state.visible_views == set(preset.visible_panels)
    window.lessons.strip.close_button.click()

    assert not window.lessons.strip.isVisible() and window.lessons.current is None
    assert sidebar(window) == before
    assert window.state.visible_views == views and not window.state.presenter
    assert window.workspace.tab_visible("mistakes") and window.workspace.tab_visible("statistics")
    assert window.state.local.spec == before[0]  # the network from before, with new weights
    config = window.runs.make_config()
    assert config.train_samples is None and config.eval_samples == window.state.config_overrides["eval_samples"]
    assert window.state.test_samples is None and window.state.tested_on(window.state.dataset) is window.state.dataset
    assert not note.isVisibleTo(window.controls)
    # Reset afterwards: nothing of the lesson is left.
    window.reset()
    assert window.runs.make_config().train_samples is None and window.controls.batch_spin.value() == before[6]


def test_loading_a_model_ends_the_lesson_and_takes_nothing_from_it(qtbot, window, tmp_path):
    path = tmp_path / "tiny.npz"
    assert window.checkpoints.save(str(path))
    before = sidebar(window)
    window.lessons.apply(overfitting())
    no_full_screen(window)
    window.set_presenter(True, full_screen=False)  # the teacher went to presenter mode during the lesson
    load(qtbot, window, path)
    assert window.lessons.current is None and not window.lessons.strip.isVisible()
    assert window.state.presenter  # a load changes the model, not the mode
    config = window.runs.make_config()
    assert config.train_samples is None and config.batch_size == before[6] and config.epochs == before[7]
    assert window.state.test_samples is None and not window.controls.data_note.isVisibleTo(window.controls)


def test_loading_a_lesson_keeps_presenter_mode(qtbot, window):
    no_full_screen(window)
    window.set_presenter(True, full_screen=False)
    first = next(p for p in bundled_lessons() if "too high" in p.title)
    window.lessons.apply(first)
    assert window.state.presenter
    window.lessons.use_lesson_view(True, full_screen=False)
    window.lessons.apply(overfitting())  # the lesson view stays, with the new lesson's panels
    assert window.state.presenter and window.lessons.strip.view_button.isChecked()
    assert window.state.visible_views == set(overfitting().visible_panels)
    window.lessons.close()
    assert window.state.presenter  # it was on before the lessons
    assert window.state.visible_views == set(window.menus.view_actions)


def test_leaving_presenter_mode_brings_back_every_panel_shown_before(qtbot, window):
    no_full_screen(window)
    views = set(window.state.visible_views)
    window.lessons.apply(overfitting())
    window.lessons.use_lesson_view(True, full_screen=False)
    assert window.state.presenter and not window.workspace.tab_visible("statistics")
    window.menus.presenter_action.trigger()  # F5 / View -> Presenter mode: off
    assert not window.state.presenter
    assert window.state.visible_views == views
    assert window.workspace.tab_visible("statistics") and window.workspace.tab_visible("mistakes")
    assert not window.lessons.strip.view_button.isChecked() and window.lessons.current is not None


def test_the_lesson_view_button_answers_at_once_and_takes_no_second_click(qtbot, window, monkeypatch):
    no_full_screen(window)
    window.lessons.apply(overfitting())
    button = window.lessons.strip.view_button
    seen = []
    original = window.state.set_visible_views

    def slow_views(names):
        # While the view is applied, the button shows it is busy, and a second click does nothing.
        seen.append((button.isChecked(), button.isEnabled(), button.text()))
        button.click()
        original(names)

    monkeypatch.setattr(window.state, "set_visible_views", slow_views)
    button.click()
    assert seen and seen[0] == (True, False, "Applying…")
    assert button.isChecked() and button.isEnabled() and button.text() == "Lesson view"
    assert window.state.presenter


def test_closing_a_lesson_leaves_no_stale_epoch_axis(qtbot, window):
    """After the 20-epoch lesson's run, closing it: the curves' epoch axis spans the run Start would
    train now (2 epochs), not the lesson's 20."""
    from cnnviz.train import events as ev

    window.controls.set_values(epochs=2.0)
    curves = window.panels.curves
    upper = lambda: curves.loss_plot.getViewBox().viewRange()[0][1]  # noqa: E731
    assert 2.0 <= upper() < 2.2
    assert window.lessons.apply(overfitting(), ask=False)
    assert 20.0 <= upper() < 22.0, "the lesson's length, before its run"
    curves.set_epochs(20.0)
    curves.add_steps([ev.StepFinished(i, i / 13, 2.0 / i, 0.5, 16, 900.0, 3e-3, "numpy", 1.0) for i in range(1, 250)])
    curves.refresh()
    assert upper() >= 19.0
    assert window.lessons.close(ask=False)
    qtbot.wait(50)
    assert window.controls.epochs == 2.0 and len(curves.raw) == 0
    assert 2.0 <= upper() < 2.2, upper()
    window.controls.set_values(epochs=5.0)  # the sidebar's length, while nothing is drawn
    assert 5.0 <= upper() < 5.5, upper()

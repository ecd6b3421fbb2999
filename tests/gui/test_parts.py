"""The window's parts on their own: the panel registry, the run model, the router, background jobs."""

import dataclasses
import time

import numpy as np
import pytest

from cnnviz.app.input_choice import InputChoice
from cnnviz.app.run_state import MAX_TIMING_EVENTS, RunState
from cnnviz.classroom.lessons import PANELS as LESSON_VIEWS
from cnnviz.gui import jobs
from cnnviz.gui.panels import observed, registry, sidebar, sidebar_groups
from cnnviz.gui.router import EventRouter
from cnnviz.train import events as ev


@pytest.fixture
def window(module_window):
    """The window tests of this file share one window (none trains): each leaves the views, the lesson data
    and the phase as it found them; the one that moves the local model on comes after those that need it fresh."""
    return module_window


# --- the panel registry -------------------------------------------------------------------
def test_the_registry_is_consistent_and_names_every_lesson_view():
    assert registry.problems() == []
    assert registry.VIEWS == LESSON_VIEWS
    assert registry.TABS[0] == registry.TRAINING
    assert [s.key for s in registry.placed(registry.TAB)] == list(registry.TABS[1:])
    for place in (registry.TRAINING, registry.RIGHT):
        assert sum(s.share for s in registry.placed(place)) == pytest.approx(1.0), place


def test_a_panel_is_told_what_it_observes_and_a_wrong_declaration_is_a_problem(monkeypatch):
    class Listener:
        def __init__(self):
            self.heard = []

        def set_drawing(self, image):
            self.heard.append(image)

    spec = registry.PanelSpec(
        "listener", "Listener", registry.TAB, registry.BY_KEY["why"].widget, ("why",), observes=(observed.DRAWING,)
    )
    listener, deaf = Listener(), Listener()
    panels = registry.Panels(listener=listener, deaf=deaf)
    deaf_spec = dataclasses.replace(spec, key="deaf", observes=())
    monkeypatch.setattr(registry, "PANELS", (spec, deaf_spec))
    registry.tell(panels, observed.DRAWING, "image")
    assert listener.heard == ["image"] and deaf.heard == []
    monkeypatch.setattr(
        registry,
        "PANELS",
        (
            dataclasses.replace(spec, widget=registry.BY_KEY["kernels"].widget),
            dataclasses.replace(deaf_spec, observes=("gossip",)),
        ),
    )
    found = registry.problems()
    assert any("observes 'drawing' but has no method 'set_drawing'" in p for p in found), found
    assert any("cannot observe 'gossip'" in p for p in found), found


def test_a_panel_class_that_cannot_be_loaded_or_sits_in_another_module_is_a_problem(monkeypatch):
    def misspelt():
        from cnnviz.gui.panels.mistakes import MistakePanel  # noqa: F401 - the typo under test

        return MistakePanel

    def not_a_widget():
        return dict

    why = registry.BY_KEY["why"]
    monkeypatch.setattr(
        registry,
        "PANELS",
        (
            dataclasses.replace(why, widget=misspelt),
            dataclasses.replace(why, key="reasons"),
            dataclasses.replace(why, key="other", widget=not_a_widget),
        ),
    )
    found = registry.problems()
    assert any(p.startswith("why: its class cannot be loaded") and "MistakePanel" in p for p in found), found
    assert any(p.startswith("reasons: WhyPanel comes from cnnviz.gui.panels.why") for p in found), found
    assert any(p.startswith("other: ") and "is not a widget class" in p for p in found), found


def test_every_panel_module_is_named_after_its_key():
    for spec in registry.PANELS:
        assert spec.widget_class().__module__ == f"cnnviz.gui.panels.{spec.key}"


def test_the_window_is_built_from_the_registry(window):
    assert list(window.panels) == [spec.key for spec in registry.PANELS]
    workspace = window.workspace
    keys = workspace.tab_keys()
    # The registry's tabs in order; right-column panels that do not fit beside them get tabs after Training.
    assert [k for k in keys if k in registry.TABS] == list(registry.TABS)
    folded = [k for k in keys if k not in registry.TABS]
    assert keys[1 : 1 + len(folded)] == folded
    assert {k for key in folded for k in key.split("+")} | set(workspace.current.right) == {
        spec.key for spec in registry.placed(registry.RIGHT)
    }
    for spec in registry.PANELS:
        assert isinstance(window.panels[spec.key], spec.widget_class())
        assert getattr(window.panels, spec.key) is window.panels[spec.key]
    assert list(window.menus.view_actions) == list(registry.VIEWS)


# --- the sidebar's parts (sidebar.PARTS) --------------------------------------------------------
def sidebar_widgets(controls) -> list:
    """The widgets of the sidebar's layout, top to bottom (the stretch left out)."""
    layout = controls.layout()
    return [layout.itemAt(i).widget() for i in range(layout.count()) if layout.itemAt(i).widget() is not None]


def test_the_sidebar_is_built_from_its_parts(window):
    assert sidebar.problems() == []
    assert sidebar_widgets(window.controls) == [getattr(window.controls, part.key) for part in sidebar.PARTS]


def test_a_sidebar_part_declared_once_is_built_and_wired_and_a_wrong_one_is_a_problem(monkeypatch):
    """The recipe of docs/architecture.md ("How to add a sidebar group"), followed with a dummy part."""
    from PySide6.QtWidgets import QGroupBox

    from cnnviz.backends import registry as backends
    from cnnviz.gui.panels.controls import ControlsPanel

    def dummy_box(panel):
        panel.dummy_button_text = "built"
        return QGroupBox("Dummy")

    wired = []
    monkeypatch.setattr(sidebar_groups, "dummy_box", dummy_box, raising=False)
    monkeypatch.setattr(ControlsPanel, "wire_dummy", lambda panel: wired.append(panel), raising=False)
    parts = (*sidebar.PARTS[:2], sidebar.SidebarPart("dummy_box", wire="wire_dummy"), *sidebar.PARTS[2:])
    monkeypatch.setattr(sidebar, "PARTS", parts)
    assert sidebar.problems() == []
    controls = sidebar.create_sidebar(backends.available(), net="tiny", backend="numpy")
    try:
        assert sidebar_widgets(controls) == [getattr(controls, part.key) for part in parts]
        assert controls.dummy_box.title() == "Dummy" and controls.dummy_button_text == "built"
        assert wired == [controls]
        assert controls.backend == "numpy" and controls.dataset == "mnist"  # the parts after it still wired
    finally:
        controls.deleteLater()
    monkeypatch.setattr(
        sidebar,
        "PARTS",
        (*parts, sidebar.SidebarPart("no_such_box"), sidebar.SidebarPart("keys_hint", wire="no_such_method")),
    )
    found = sidebar.problems()
    assert any(p.startswith("no_such_box: no builder sidebar_groups.no_such_box") for p in found), found
    assert any("ControlsPanel has no method 'no_such_method'" in p for p in found), found
    assert any(p.startswith("every part's key must be unique") for p in found), found


def test_hiding_every_view_of_a_tab_hides_the_tab_and_a_column(window):
    window.state.set_visible_views({"loss", "why"})
    assert window.workspace.tab_visible("training") and window.workspace.tab_visible("why")
    assert not window.workspace.tab_visible("mistakes")
    assert not window.workspace.right.isVisible()
    assert not window.panels.feature_maps.isVisible()
    assert window.panels.curves.acc_plot not in window.panels.curves.graphics.ci.items
    assert not window.menus.view_actions["kernels"].isChecked()
    window.state.set_visible_views(registry.VIEWS)
    assert window.workspace.right.isVisible() and window.panels.curves.acc_plot.isVisible()


def test_the_window_follows_the_intents_of_its_model(window):
    """The model's intents, called on the model itself, reach the view through its events."""
    n_train, n_test = len(window.state.dataset.train_labels), len(window.state.dataset.test_labels)
    window.state.set_lesson_data(200, 100)
    assert window.controls.data_note.text() == f"Training on 200 of {n_train:,} images, testing on 100 of {n_test:,}"
    window.state.restore_lesson_data({}, None)
    assert window.controls.data_note.text() == ""
    window.state.set_view_visible("kernels", False)
    assert not window.menus.view_actions["kernels"].isChecked() and not window.panels.kernels.isVisibleTo(window)
    window.state.set_phase(ev.RunPhase.PAUSED)
    assert window.controls.pause_button.text() == "❚❚  Pause", "no run: nothing to resume"
    window.state.set_phase(ev.RunPhase.IDLE)
    window.state.set_view_visible("kernels", True)


def test_starting_over_asks_every_panel_the_registry_names_to_forget(window, monkeypatch):
    forgot = []
    for spec in registry.PANELS:
        if spec.forget:
            monkeypatch.setattr(window.panels[spec.key], spec.forget, lambda key=spec.key: forgot.append(key))
    window.runs.start_over()
    assert forgot == [spec.key for spec in registry.PANELS if spec.forget]
    assert {"curves", "mistakes", "why", "map", "timelapse", "statistics", "drawings", "timings"} <= set(forgot)


# --- the run model --------------------------------------------------------------------------
def step(i):
    return ev.StepFinished(i, i / 100, 1.0 / i, 0.5, 64, 1000.0, 1e-3, "numpy", 10.0)


def test_run_state_keeps_numbers_and_clear_forgets_the_history_not_the_state():
    run = RunState(state="running")
    run.add_steps([step(1), step(2)])
    labels = np.arange(10) % 10
    run.add_evaluation(ev.EvaluationFinished(2, 0.02, 0.4, 0.9, 10, labels, labels, np.ones(10, np.float32)))
    for i in range(MAX_TIMING_EVENTS + 3):
        run.add_timing(ev.TimingMeasured(i, "numpy", 64, (), 1.0))
    assert run.last_step.step == 2 and len(run.steps) == 2
    assert run.last_eval.labels.size == 10 and run.evaluations[0].labels.size == 0
    assert len(run.timings) == MAX_TIMING_EVENTS and run.timings[-1].step == MAX_TIMING_EVENTS + 2
    run.clear()
    assert (run.last_step, run.last_eval, run.result, run.steps, run.evaluations, run.timings) == (
        None,
        None,
        None,
        [],
        [],
        [],
    )
    assert run.state == "running"


# --- the live view: out of date through the model -------------------------------------------------
def test_the_live_view_goes_out_of_date_through_the_model(window, monkeypatch):
    view, state = window.live_view, window.state
    shown = []
    monkeypatch.setattr(window.panels.feature_maps, "show_snapshot", lambda snapshot, names: shown.append(snapshot))
    view.show_local()
    assert not view.out_of_date and shown[-1].step == 0
    state.add_steps([step(1), step(2)])
    assert view.out_of_date, "the run trained: the trainer's weights moved on"
    assert state.run.last_step.step == 2, "and its history recorded the steps"
    view.request(force=True)  # (no run: computed here, on the NumPy copy)
    assert not view.out_of_date
    local = state.local
    weights = {name: value * 0.5 for name, value in local.weights().items()}
    local.load(local.spec, weights, step=7)
    state.events.weights.emit()
    assert shown[-1].step == 7 and not view.out_of_date, "other weights: their view is computed at once"
    shown.clear()
    window.panels.feature_maps.select_test_image(3)
    assert shown and not view.out_of_date, "another input: shown at once while no run is active"


# --- the input the views show: the app model's (issue 30) ----------------------------------------
def test_the_chooser_asks_the_model_and_shows_its_choice(window):
    state, panel, view = window.state, window.panels.feature_maps, window.live_view
    chooser = panel.choice
    state.choose_test_image(5)  # the model's choice, shown
    assert panel.test_index == 5 and not panel.use_drawing
    chooser.next_button.click()
    assert state.input_choice == InputChoice(False, 6) and panel.test_index == 6
    chooser.drawing_radio.click()
    assert state.input_choice == InputChoice(True, 6) and view.input()[1] is None
    chooser.index_spin.setValue(9)  # a number typed: back to the test images
    assert state.input_choice == InputChoice(False, 9) and chooser.test_radio.isChecked()
    state.choose_test_image(0)
    chooser.prev_button.click()  # wrapped around, by the model
    assert state.input_choice.test_index == state.test_count - 1 == panel.test_index
    state.choose_drawing()
    assert chooser.drawing_radio.isChecked() and not chooser.test_radio.isChecked()
    state.choose_test_image(0)  # (the module's window as it was)
    assert panel.test_index == 0 and not panel.use_drawing


def test_the_drawing_pad_gives_the_model_the_drawing_the_views_show(window):
    state, pad = window.state, window.panels.classify
    pad.canvas.draw_strokes([[(0.5, 0.15), (0.5, 0.85)]])
    window.pad.classify()
    assert state.drawing_input is not None and state.drawing_input.max() > 0.5
    np.testing.assert_array_equal(state.drawing_input, pad.network_input)
    state.choose_drawing()
    np.testing.assert_array_equal(window.live_view.input()[0], pad.network_input)
    np.testing.assert_array_equal(panel_input(window), pad.network_input)
    pad.clear_drawing()
    window.pad.classify()
    assert state.drawing_input is None and not window.live_view.input()[0].any()
    state.choose_test_image(0)


def panel_input(window):
    """The input image the feature maps show now."""
    return window.panels.feature_maps.last_snapshot.input_image


# --- the router ---------------------------------------------------------------------------------
def test_every_event_the_trainer_sends_one_by_one_has_a_handler():
    batched = {ev.StepFinished, ev.TimingMeasured}  # these arrive together in EventBatch.steps / .timings
    events = {
        cls
        for cls in vars(ev).values()
        if dataclasses.is_dataclass(cls) and cls.__module__ == ev.__name__ and cls is not ev.LayerTiming
    }
    handled = set(vars(EventRouter)["handle"].dispatcher.registry) - {object}
    assert events - batched == handled


def test_a_handler_feeds_the_run_model_and_the_status(window):
    window.router.handle(ev.StateChanged("paused", 3))
    assert window.state.run.state == "paused" and window.status.text("state") == "paused"
    window.router.handle(ev.RunFinished(3, 0.03, 1.0, 1.0, 100.0, 0.92, 0.25, "numpy", False))
    assert window.state.run.result.steps == 3 and "92.0%" in window.status.text("test")


# --- background jobs ----------------------------------------------------------------------------
def test_a_job_delivers_its_result_or_its_error_on_the_gui_thread(qtbot):
    job = jobs.run_in_background(lambda a, b: a + b, 2, 3)
    with qtbot.waitSignal(job.succeeded, timeout=5000) as result:
        pass
    assert result.args == [5] and not job.running

    def fail():
        raise ValueError("no good")

    job = jobs.run_in_background(fail)
    with qtbot.waitSignal(job.failed, timeout=5000) as error:
        pass
    message, details = error.args
    assert message == "ValueError: no good" and "Traceback" in details


def test_a_cancelled_job_delivers_nothing(qtbot):
    job = jobs.run_in_background(lambda: 1)
    job.cancel()
    received = []
    job.succeeded.connect(received.append)
    qtbot.waitUntil(lambda: not job.running, timeout=5000)  # the result was delivered or held back by now
    assert received == []


def test_jobs_count_the_cpu_time_they_take(qtbot):
    """What the window's background work costs beside a run (the latency report says it)."""
    before = jobs.cpu_seconds()

    def burn():
        end = time.thread_time() + 0.05
        while time.thread_time() < end:
            pass

    job = jobs.run_in_background(burn)
    qtbot.waitUntil(lambda: not job.running, timeout=5000)
    assert jobs.cpu_seconds() - before >= 0.05

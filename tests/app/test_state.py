"""The application model without Qt: intents change the state and say so through its events."""

import subprocess
import sys

import numpy as np
import pytest

from cnnviz.app.events import Event, Events
from cnnviz.app.run import Run
from cnnviz.app.state import GUI_TRAIN_DEFAULTS, LARGE_NET_STATS_EVERY, VIEWS, AppState
from cnnviz.data.idx import DatasetError
from cnnviz.train import events as ev
from cnnviz.train.events import RunPhase

SETTINGS = dict(net="conv3-4,relu,pool,dense-10", backend="numpy", epochs=1.0, dataset="mnist")


def test_an_event_calls_its_callbacks_in_order_once_each_until_disconnected():
    event, seen = Event("views"), []
    first = event.connect(lambda value: seen.append(("first", value)))
    event.connect(lambda value: seen.append(("second", value)))
    event.connect(first)  # connecting twice calls it once
    event.emit(3)
    assert seen == [("first", 3), ("second", 3)]
    event.disconnect(first)
    event.emit(4)
    assert seen[-1] == ("second", 4) and len(seen) == 3
    events = Events("a", "b")
    assert [e.name for e in events] == ["a", "b"]


def test_the_app_model_imports_no_qt():
    code = (
        "import sys, cnnviz.app.state, cnnviz.app.run, cnnviz.app.autosave, cnnviz.app.feature_map_layout, "
        "cnnviz.app.explain, cnnviz.app.buffers; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6', 'pyqtgraph') "
        "or m.startswith('cnnviz.gui')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_views_and_presenter_intents_filter_and_announce():
    state, views, modes = AppState(), [], []
    state.events.views.connect(views.append)
    state.events.presenter.connect(modes.append)
    assert state.visible_views == set(VIEWS)
    state.set_visible_views({"loss", "no such view"})
    state.set_view_visible("why", True)
    state.set_view_visible("loss", False)
    assert views == [{"loss"}, {"loss", "why"}, {"why"}] and state.visible_views == {"why"}
    state.set_presenter(1)
    assert state.presenter is True and modes == [True]


def test_the_config_layers_the_sidebar_the_command_line_and_the_lesson():
    state = AppState(config_overrides={"seed": 7, "eval_every": 50})
    assert state.seed == 7 and state.config_overrides == {**GUI_TRAIN_DEFAULTS, "eval_every": 50}
    told = []
    state.events.lesson_data.connect(lambda: told.append(True))
    state.set_lesson_data(200, 100)
    assert told == [True] and state.train_samples == 200 and state.test_samples == 100
    state.local.set_spec(SETTINGS["net"], state.seed)
    config = state.make_config(dict(SETTINGS, lr=0.01))
    assert (config.seed, config.eval_every, config.train_samples, config.eval_samples, config.lr) == (
        7,
        50,
        200,
        None,
        0.01,
    )
    state.restore_lesson_data({}, None)
    assert state.train_samples is None and state.make_config(SETTINGS).eval_samples == 500
    assert state.next_seed() == 8 and state.make_config(SETTINGS).seed == 8


def test_a_large_network_gets_statistics_less_often_unless_the_command_line_says():
    big = "conv3-64,relu,pool,dense-128,relu,dense-10"
    state = AppState()
    state.local.set_spec(big)
    assert state.make_config(dict(SETTINGS, net=big)).stats_every == LARGE_NET_STATS_EVERY
    given = AppState(config_overrides={"stats_every": 10})
    given.local.set_spec(big)
    assert given.make_config(dict(SETTINGS, net=big)).stats_every == 10


def test_a_dataset_that_cannot_load_is_announced_as_none_then_raised(tmp_path):
    state, seen = AppState(data_dir=str(tmp_path)), []
    state.events.dataset.connect(seen.append)
    with pytest.raises(DatasetError, match="no-such-dataset"):
        state.load_dataset("no-such-dataset")
    assert seen == [None] and state.dataset is None


def test_the_phase_is_announced_and_survives_clearing_the_history():
    state, phases = AppState(), []
    state.events.phase.connect(phases.append)
    state.set_phase(RunPhase.RUNNING)
    assert state.run.running and phases == [RunPhase.RUNNING]
    state.run.add_steps([ev.StepFinished(1, 0.01, 2.0, 0.1, 64, 1000.0, 0.01, "numpy", None)])
    state.run.known_accuracy = 0.9
    state.run.label = "Fine-tuning"
    state.run.clear()
    assert state.run.state == RunPhase.RUNNING and state.run.last_step is None
    assert state.run.known_accuracy is None and state.run.label == "Fine-tuning"


def test_a_runs_figures_name_only_what_belongs_to_its_weights():
    run = Run()
    run.local.set_spec("conv3-4,relu,pool,dense-10")
    assert run.figures() == {"step": 0}
    run.known_accuracy = 0.97  # a loaded file's figure
    assert run.figures() == {"step": 0, "test_accuracy": 0.97}
    run.local.step = 5
    run.add_steps([ev.StepFinished(5, 0.5, 1.0, 0.5, 64, 1000.0, 0.01, "numpy", None)])
    labels = np.zeros(3, np.int64)
    run.add_evaluation(ev.EvaluationFinished(5, 0.5, 0.4, 0.88, 3, labels, labels, np.ones(3, np.float32)))
    assert run.figures() == {"step": 5, "epoch": 0.5, "test_accuracy": 0.88}

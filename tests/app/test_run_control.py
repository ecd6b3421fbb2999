"""The run's intents without Qt (issue 30: "Run intents are tested without Qt"): start, pause, step, reset,
stop and the changes made while training, carried out on a fake session and recorded in the app state."""

from dataclasses import replace

import numpy as np
import pytest

import cnnviz.app.state as state_module
from cnnviz.app import class_training, run_control
from cnnviz.app.run_control import NoDataSet, RunButtons, RunIntents
from cnnviz.app.state import AppState
from cnnviz.train.events import RunFinished, RunPhase

NET = "conv3-4,relu,pool,dense-10"
SHAPES = ("circle", "triangle", "star")
SETTINGS = dict(net=NET, backend="numpy", epochs=1.0, dataset="mnist", lr=0.01, schedule="constant")


class FakeTrainer:
    def __init__(self):
        self.commands = []

    def __getattr__(self, name):  # pause, resume, step_once, reset, set_hyperparameters, switch_backend
        return lambda *args, **kwargs: self.commands.append((name, args, kwargs))


class FakeSession:
    """Meets the :class:`~cnnviz.app.run_control.Session` protocol: no thread, it only records."""

    def __init__(self):
        self.trainer = None
        self.started = []

    @property
    def active(self) -> bool:
        return self.trainer is not None

    def start(self, trainer, view_input, paused=False, autosave=None):
        self.started.append((trainer, view_input, paused, autosave))
        self.trainer = FakeTrainer()

    def stop(self, wait=False):
        self.trainer = None


@pytest.fixture
def run():
    state, session = AppState(), FakeSession()
    state.new_random_weights(NET)
    return state, session, RunIntents(state, session)


def test_without_a_run_start_and_step_ask_for_a_launch_and_stop_does_nothing(run):
    state, session, control = run
    assert not control.resume() and not control.step() and not control.stop()
    control.toggle_pause()
    control.change_hyperparameters({"lr": 0.1})
    assert session.started == [] and state.run.state == RunPhase.IDLE


def test_a_launched_run_is_recorded_and_steered(run, small_mnist):
    state, session, control = run
    plan = object()
    trainer = control.launch(
        state.make_config(SETTINGS), small_mnist, (None, 0), paused=True, autosave=lambda: plan, label="Fine-tuning"
    )
    control.starting()
    assert session.started == [(trainer, (None, 0), True, plan)] and trainer.config.lr == 0.01
    assert state.run.state == RunPhase.STARTING and state.run.trained_with()["lr"] == 0.01
    state.set_phase(RunPhase.PAUSED)
    assert control.resume() and control.step()
    control.change_hyperparameters({"lr": 0.1})
    control.switch_backend("numba")
    seed, taken = control.reset()
    assert taken and seed == 1
    assert [name for name, _, _ in session.trainer.commands] == [
        "resume",
        "step_once",
        "set_hyperparameters",
        "switch_backend",
        "reset",
    ]
    assert control.stop() and state.run.state == RunPhase.STOPPED and not session.active


def test_a_run_the_trainer_refuses_changes_nothing(run, small_mnist):
    state, session, control = run
    with pytest.raises(ValueError):
        control.launch(replace(state.make_config(SETTINGS), batch_size=0), small_mnist, (None, None))
    assert session.started == [] and state.run.config is None


def test_a_run_that_ends_leaves_its_final_weights_and_result(run):
    state, session, control = run
    seen = []
    state.events.weights.connect(lambda: seen.append("weights"))
    state.events.phase.connect(seen.append)
    weights = {k: v + 1 for k, v in state.local.weights().items()}
    result = RunFinished(5, 0.1, 1.0, 0.9, 100.0, 0.5, 2.0, "numpy", False)
    assert control.ended(result, (NET, weights, 5)) is None
    assert seen == ["weights", RunPhase.FINISHED] and state.run.result is result and state.local.step == 5
    for name, w in weights.items():
        np.testing.assert_array_equal(state.local.weights()[name], w)
    assert isinstance(control.ended(None, ("not a net", weights, 6)), Exception)  # said, never raised


def test_reset_without_a_run_leaves_the_new_weights_to_the_caller(run):
    state, session, control = run
    assert control.reset() == (1, False) and state.seed == 1


# --- the decisions the window only shows ----------------------------------------------------------------------
def test_a_launch_is_prepared_from_the_sidebar_the_command_line_and_the_lesson(run, small_mnist):
    state, session, control = run
    with pytest.raises(NoDataSet):
        control.prepare_launch(SETTINGS)
    state.dataset = small_mnist  # (as load_dataset leaves it, without reading the bundled files)
    state.set_lesson_data(None, 100)  # the lesson tests on the first 100 test images
    launch = control.prepare_launch(SETTINGS, config_changes={"epochs": 2.0})
    assert launch.config.epochs == 2.0 and launch.planned_epochs == 2.0 and launch.continued_classes == 0
    assert len(launch.dataset.test_images) == 100 and launch.initial_weights is None
    assert control.prepare_launch(SETTINGS, config_changes={"steps": 5}).planned_epochs == 0.0
    with pytest.raises(ValueError):
        control.prepare_launch({**SETTINGS, "lr": -1.0})
    assert session.started == [] and state.run.config is None  # preparing launches nothing


def test_weights_of_the_class_s_own_classes_go_on_learning_them_or_say_what_is_missing(run, small_mnist):
    state, session, control = run
    state.dataset = small_mnist
    state.new_weights(None, SHAPES)
    state.new_random_weights(class_training.class_net(3), own_classes=True)
    with pytest.raises(class_training.NotEnoughDrawings):  # no drawings of them yet: its words say what to do
        control.prepare_launch(SETTINGS)
    assert session.started == []


def test_new_random_weights_keep_the_run_s_own_classes_when_the_sidebar_s_net_has_their_outputs(run):
    state, session, control = run
    state.new_weights(None, SHAPES)
    assert control.new_random_model(class_training.class_net(3), class_outputs=3) == SHAPES
    assert state.local.model.parameter_count() > 0
    assert control.new_random_model(NET, class_outputs=None) is None
    with pytest.raises(ValueError):
        control.new_random_model("not a net")


def test_a_new_model_starts_the_run_over_with_what_its_file_knows(run):
    state, session, control = run
    heard = []
    state.events.history.connect(lambda: heard.append("history"))
    state.events.phase.connect(heard.append)
    state.set_phase(RunPhase.FINISHED)
    control.new_model({"lr": 0.5, "not a setting": 1}, None, accuracy=0.9, epoch=2.5)
    assert heard == [RunPhase.FINISHED, "history", RunPhase.IDLE]
    assert state.test_accuracy == 0.9 and state.run.known_epoch == 2.5 and state.run.trained_with()["lr"] == 0.5


def test_the_final_frame_is_of_trained_weights_with_the_accuracy_of_their_step(run):
    state, session, control = run
    assert control.final_frame(have_view=True) is None  # untrained weights
    weights = state.local.weights()
    state.final_weights(NET, weights, 40)
    assert control.final_frame(have_view=False) is None
    assert control.final_frame(have_view=True) == (40, 0.0, None)


def test_a_data_set_that_cannot_load_is_said_and_leaves_none(run, monkeypatch):
    state, session, control = run

    def refuse(name, data_dir):
        raise OSError(f"no {name} here")

    monkeypatch.setattr(state_module, "load_dataset", refuse)
    error = control.load_dataset("fashion")
    assert isinstance(error, OSError) and "fashion" in str(error) and state.dataset is None
    assert control.buttons() == RunButtons(active=False, paused=False, has_data=False)


def test_the_window_s_numpy_work_shares_the_cores_only_while_a_run_trains(run, small_mnist, monkeypatch):
    state, session, control = run
    asked = []
    monkeypatch.setattr(run_control, "share_cores_with", asked.append)
    state.dataset = small_mnist
    launch = control.prepare_launch({**SETTINGS, "backend": "numpy"})
    control.launch(launch.config, launch.dataset, state.shown_input())
    assert control.starting().name == "numpy" and control.share_cores() and asked == ["numpy"]
    assert control.backend_switched("numba") and asked[-1] == "numba"
    state.set_phase(RunPhase.PAUSED)
    assert not control.share_cores() and asked[-1] is None
    assert control.buttons() == RunButtons(active=True, paused=True, has_data=True)

"""The run's intents without Qt (issue 30: "Run intents are tested without Qt"): start, pause, step, reset,
stop and the changes made while training, carried out on a fake session and recorded in the app state."""

from dataclasses import replace

import numpy as np
import pytest

from cnnviz.app.run_control import RunIntents
from cnnviz.app.state import AppState
from cnnviz.train.events import RunFinished, RunPhase

NET = "conv3-4,relu,pool,dense-10"
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

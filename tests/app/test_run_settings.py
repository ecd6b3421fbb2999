"""The one record of "the settings this run trains with": the app model's Run, not the sidebar.

A save, the HTML report, the comparison's labels and the curves' label read it; it follows the changes
made while the run trains (a learning rate, a backend switch) and forgets them when other weights come."""

import numpy as np

from cnnviz.app import comparison
from cnnviz.app.state import AppState
from cnnviz.train import events as ev
from cnnviz.train.events import RunPhase

NET = "conv3-4,relu,pool,dense-10"
SIDEBAR = dict(
    net=NET,
    backend="numpy",
    epochs=1.0,
    dataset="mnist",
    optimizer="adam",
    lr=0.01,
    momentum=0.9,
    batch_size=64,
    schedule="constant",
)


def started(state: AppState, **sidebar) -> AppState:
    state.local.set_spec(NET)
    state.start_run(state.make_config({**SIDEBAR, **sidebar}))
    return state


def test_a_run_is_recorded_with_the_settings_it_started_with_and_every_change_since():
    state, heard = AppState(), []
    state.events.settings.connect(heard.append)
    started(state, lr=0.01, epochs=0.5)
    assert state.run.trained_with()["lr"] == 0.01 and heard[-1]["epochs"] == 0.5
    state.change_hyperparameters({"lr": 0.05, "batch_size": 32})
    state.switch_backend("numba")
    trained = state.run.trained_with()
    assert (trained["lr"], trained["batch_size"], trained["backend"], trained["epochs"]) == (0.05, 32, "numba", 0.5)
    assert heard[-1] == trained and len(heard) == 3
    # What Start would train now (another rate in the sidebar) is not what the run trained with.
    now = state.run_settings({**SIDEBAR, "lr": 0.0005, "epochs": 1.0})
    assert now["lr"] == 0.05 and now["epochs"] == 0.5


def test_weights_no_run_trained_take_the_sidebars_settings_or_their_files():
    state = started(AppState(), lr=0.01)
    state.new_weights()  # Reset: fresh random weights
    assert state.run.trained_with() == {} and state.run_settings(dict(SIDEBAR, lr=0.2))["lr"] == 0.2
    state.new_weights({"lr": 0.003, "optimizer": "sgd", "net": NET, "not a setting": 1})  # a loaded file's
    assert state.run.trained_with() == {"lr": 0.003, "optimizer": "sgd", "net": NET}
    assert state.run_settings(dict(SIDEBAR, lr=0.2))["lr"] == 0.003
    state.change_hyperparameters({"lr": 0.5})  # (no run: nothing to change)
    assert state.run.trained_with()["lr"] == 0.003


def test_the_comparison_label_names_the_rate_the_run_trained_with_not_the_sidebars():
    state = started(AppState(), lr=0.01)
    state.add_steps([ev.StepFinished(1, 0.01, 2.0, 0.1, 64, 1000.0, 0.01, "numpy", None)])
    kept = comparison.keep(state.run, comparison.settings_now(state, SIDEBAR))
    state.start_run(state.make_config(dict(SIDEBAR, lr=0.001)))
    state.change_hyperparameters({"lr": 0.002})
    sidebar_now = dict(SIDEBAR, lr=0.3)  # changed in the sidebar, not started
    assert comparison.describe(kept, comparison.settings_now(state, sidebar_now)) == "lr 0.01 vs 0.002 now"


def test_the_evaluated_event_carries_the_last_evaluation_and_the_accuracy_follows_the_weights():
    state, heard = AppState(), []
    state.events.evaluated.connect(heard.append)
    assert state.test_accuracy is None
    labels = np.zeros(3, np.int64)
    evaluation = ev.EvaluationFinished(5, 0.5, 0.4, 0.88, 3, labels, labels, np.ones(3, np.float32))
    state.add_evaluation(evaluation)
    assert heard == [evaluation] and state.test_accuracy == 0.88 and state.run.last_eval is evaluation
    history = []
    state.events.history.connect(lambda: history.append(True))
    state.clear_history()
    assert history == [True] and state.test_accuracy is None
    state.run.known_accuracy = 0.97
    assert state.test_accuracy == 0.97


def test_a_run_put_aside_comes_back_whole_whatever_the_app_did_meanwhile():
    state = started(AppState(), lr=0.01)
    state.set_phase(RunPhase.FINISHED)
    state.add_steps([ev.StepFinished(1, 0.01, 2.0, 0.1, 64, 1000.0, 0.01, "numpy", None)])
    labels = np.zeros(3, np.int64)
    state.add_evaluation(ev.EvaluationFinished(1, 0.01, 0.4, 0.75, 3, labels, labels, np.ones(3, np.float32)))
    weights = {k: v.copy() for k, v in state.local.weights().items()}
    aside = state.set_run_aside()
    # A lesson: other weights (the same network: the copy must not share buffers), another run.
    state.local.load(NET, {k: v + 1 for k, v in weights.items()}, 7)
    state.clear_history()
    state.new_weights()
    state.start_run(state.make_config(dict(SIDEBAR, lr=0.5)))
    state.add_steps([ev.StepFinished(2, 0.02, 1.0, 0.5, 64, 1000.0, 0.5, "numpy", None)])
    heard = []
    for name in ("weights", "settings", "history", "phase"):
        getattr(state.events, name).connect(lambda *value, name=name: heard.append(name))
    state.put_back(aside)
    assert heard == ["weights", "settings", "history", "phase"]
    assert state.run.trained_with()["lr"] == 0.01 and state.run.state == RunPhase.FINISHED
    assert [s.step for s in state.run.steps] == [1] and state.test_accuracy == 0.75
    for name, w in weights.items():
        np.testing.assert_array_equal(state.local.weights()[name], w, err_msg=name)

"""After loading a model everything on screen describes that model (its step, its stored test
accuracy, its optimiser settings), and the Save and Load dialogs open in the models folder or
the last folder used."""

from pathlib import Path

import numpy as np
import pytest

from cnnviz.classroom.lessons import bundled_lessons
from cnnviz.gui import checkpoints as checkpoints_module
from cnnviz.gui.canvas import demo_digit_strokes
from cnnviz.gui.checkpoint_reading import settings_from_meta
from cnnviz.gui.panels.drawings import NOT_EVALUATED
from cnnviz.nn import checkpoint


def load(qtbot, window, path):
    """Load a checkpoint (a background job) and wait until it has replaced the model, or failed."""
    job = window.checkpoints.load(str(path))
    qtbot.waitUntil(lambda: not job.running, timeout=30_000)
    return job


STORED = {"optimizer": "sgd", "schedule": "constant", "lr": 0.02, "momentum": 0.8, "batch_size": 32}


def saved_model(window, path, **meta):
    checkpoint.save(path, window.state.local.spec, window.state.local.weights(), meta)
    return path


def test_a_loaded_model_is_described_as_itself(qtbot, window, tmp_path):
    path = saved_model(window, tmp_path / "m.npz", step=3752, epoch=4.0, test_accuracy=0.971, **STORED)
    window.lessons.apply(next(p for p in bundled_lessons() if "too high" in p.title))  # its settings must go
    window.panels.classify.canvas.draw_strokes(demo_digit_strokes(7))
    load(qtbot, window, path)
    assert window.state.local.step == 3752
    assert window.status.text("step") == "step 3,752" and window.status.text("epoch") == "epoch 4.00"
    assert window.status.text("test") == "test accuracy 97.1%"
    assert window.panels.drawings.mnist_label.text() == "97.1%"
    window.pad.classify()
    assert "weights of step 3752" in window.panels.classify.hint_label.text()
    c = window.controls
    got = {
        "optimizer": c.optimizer_combo.currentText(),
        "schedule": c.schedule_combo.currentText(),
        "lr": c.lr,
        "momentum": c.momentum_spin.value(),
        "batch_size": c.batch_spin.value(),
    }
    assert got == {**STORED, "lr": pytest.approx(0.02), "momentum": pytest.approx(0.8)}
    config = window.runs.make_config()
    assert (config.optimizer, config.batch_size, config.train_samples) == ("sgd", 32, None)


def test_a_model_without_a_stored_accuracy_says_not_evaluated_yet(qtbot, window, tmp_path):
    window.panels.drawings.set_mnist_accuracy(0.5)
    load(qtbot, window, saved_model(window, tmp_path / "m.npz", step=12))
    assert window.panels.drawings.mnist_label.text() == NOT_EVALUATED
    assert window.status.text("step") == "step 12"


def test_a_save_keeps_the_settings_and_the_accuracy_a_load_puts_back(qtbot, window, tmp_path):
    window.controls.set_values(**STORED)
    window.state.run.known_accuracy = None
    path = tmp_path / "m.npz"
    assert window.checkpoints.save(str(path))
    meta = checkpoint.load(path).meta
    assert {k: meta[k] for k in STORED} == {**STORED, "lr": pytest.approx(0.02), "momentum": pytest.approx(0.8)}
    window.controls.set_values(optimizer="adam", batch_size=64)
    load(qtbot, window, path)
    assert window.controls.optimizer_combo.currentText() == "sgd" and window.controls.batch_spin.value() == 32


def test_settings_from_a_file_are_taken_only_when_valid():
    assert settings_from_meta(STORED) == STORED
    bad = {"optimizer": "rmsprop!", "schedule": 3, "lr": float("nan"), "momentum": 1.5, "batch_size": True}
    assert settings_from_meta(bad) == {}
    assert settings_from_meta({"lr": 50.0, "batch_size": 10**9}) == {}
    assert settings_from_meta({}) == {}


def test_save_and_load_dialogs_open_in_the_models_folder_then_the_last_folder_used(
    qtbot, window, tmp_path, monkeypatch
):
    asked = []
    elsewhere = tmp_path / "class"
    elsewhere.mkdir()

    class Dialogs:
        @staticmethod
        def getSaveFileName(parent, title, start, filters):
            asked.append(("save", start))
            return str(elsewhere / "ours"), filters

        @staticmethod
        def getOpenFileName(parent, title, start, filters):
            asked.append(("load", start))
            return "", filters

    monkeypatch.setattr(checkpoints_module, "QFileDialog", Dialogs)
    models = checkpoint.default_models_dir()
    window.checkpoints.load_dialog()
    assert asked[-1] == ("load", str(models)) and models.is_dir()
    window.checkpoints.save_dialog()
    assert Path(asked[-1][1]).parent == models and asked[-1][1].endswith(".npz")
    assert (elsewhere / "ours.npz").is_file()  # ".npz" added
    window.checkpoints.load_dialog()
    assert asked[-1] == ("load", str(elsewhere))
    window.checkpoints.save_dialog()
    assert Path(asked[-1][1]).parent == elsewhere


def test_the_load_message_is_in_the_windows_language(qtbot, window, tmp_path, in_language):
    """Played on real X in Japanese (session 38): "… を読み込みました(…)。 Start continues training from these
    weights." — the second sentence stayed English."""
    path = saved_model(window, tmp_path / "m.npz", step=12, **STORED)
    in_language("de")
    load(qtbot, window, path)
    text = window.banner.label.text()
    assert "m.npz" in text and "Start continues" not in text


def test_a_loaded_net_of_the_class_classes_is_what_the_sidebar_shows_and_reset_rebuilds(qtbot, window, tmp_path):
    """Issue 32: after File > Load of a net of the class's own classes the sidebar kept its own network, so Reset
    built the sidebar's ten outputs, not the loaded net's three."""
    from cnnviz.app import class_training

    names = ["circle", "triangle", "star"]
    spec = class_training.class_net(3)
    path = tmp_path / "shapes.npz"
    checkpoint.save(path, spec, class_training.fresh_weights(3, seed=5), {"step": 40, "class_names": names})
    load(qtbot, window, path)
    c, state = window.controls, window.state
    assert "Could not load" not in window.banner.label.text()
    assert (c.spec, c.spec_edit.text(), c.class_outputs) == (spec, spec, 3), "the sidebar shows the loaded net"
    loaded_weights = state.local.weights()
    for _ in range(2):  # Reset, and Reset again (the sidebar's network, which is still the loaded one's)
        c.resetRequested.emit()
        assert state.local.step == 0 and state.local.model.shapes[-1] == (3,) and c.spec == spec
        assert state.run.class_names == tuple(names) and window.panels.classify.class_names == names
    assert not all(np.array_equal(loaded_weights[k], v) for k, v in state.local.weights().items()), "not reset"
    # A lesson borrows the app and gives the net back: the sidebar shows it as theirs again.
    window.lessons.apply(bundled_lessons()[0], ask=False)
    assert state.local.model.shapes[-1] == (10,) and c.class_outputs is None
    window.lessons.close(ask=False)
    assert (c.spec, c.class_outputs, state.run.class_names) == (spec, 3, tuple(names))
    c.resetRequested.emit()
    assert state.local.model.shapes[-1] == (3,)
    # A network of the data set chosen in the sidebar: ten outputs, the digits again.
    c.set_network("tiny")
    assert state.local.model.shapes[-1] == (10,) and state.run.class_names is None and c.class_outputs is None
    assert not c.set_network(spec, emit=False), "three outputs are no network of the data set"

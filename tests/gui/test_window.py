"""The window end to end: a real Trainer in a QThread on the tiny net."""

import threading
import time

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt

from cnnviz.backends import registry
from cnnviz.gui.session import STOP_WAIT_MS
from cnnviz.nn.model import Sequential
from cnnviz.train import events as ev

TIMEOUT_MS = 30_000
# The tests that train each get a window of their own (make_window, window); four that do not share one
# (module_window): they draw, read and fail to load, but none trains or changes the network.


def wait_steps(qtbot, window, at_least, timeout=TIMEOUT_MS):
    qtbot.waitUntil(
        lambda: window.state.run.last_step is not None and window.state.run.last_step.step >= at_least, timeout=timeout
    )


def load(qtbot, window, path):
    """Load a checkpoint (a background job) and wait until it has replaced the model, or failed."""
    job = window.checkpoints.load(str(path))
    qtbot.waitUntil(lambda: not job.running, timeout=TIMEOUT_MS)
    return job


def numba_available():
    return any(info.name == "numba" and info.available for info in registry.available())


def test_window_opens_with_real_panels(module_window):
    window = module_window  # (the first of the tests that share it: as made)
    assert window.isVisible()
    assert window.state.dataset is not None
    # Before any training the panels already show the untrained network.
    assert "conv1" in window.panels.feature_maps.images
    assert np.isfinite(window.panels.feature_maps.images["conv1"]).any()
    assert window.panels.kernels.first_image is not None
    assert not window.banner.isVisible()
    assert window.controls.start_button.isEnabled()
    assert not window.controls.pause_button.isEnabled()


def test_start_trains_and_every_panel_gets_data(qtbot, window):
    initial_kernels = window.panels.kernels.first_image.copy()
    window.start()
    wait_steps(qtbot, window, 12)
    qtbot.waitUntil(
        lambda: (
            window.panels.feature_maps.last_snapshot is not None and window.panels.feature_maps.last_snapshot.step > 0
        ),
        timeout=TIMEOUT_MS,
    )
    qtbot.waitUntil(lambda: "numpy" in window.panels.timings.latest, timeout=TIMEOUT_MS)

    # The curves redraw a few times a second, not at every step.
    # (getData() is (None, None) until the first redraw has data.)
    def curve_points():
        y = window.panels.curves.loss_raw.getData()[1]
        return 0 if y is None else len(y)

    qtbot.waitUntil(lambda: curve_points() >= 12, timeout=TIMEOUT_MS)

    x, y = window.panels.curves.loss_raw.getData()
    assert len(y) >= 12 and np.all(np.isfinite(y)) and np.all(y > 0)
    assert np.all(np.diff(x) > 0), "x is the fractional epoch, increasing"
    _, smooth = window.panels.curves.loss_smooth.getData()
    assert len(smooth) == len(y)
    _, acc = window.panels.curves.train_acc.getData()
    assert np.all((acc >= 0) & (acc <= 100))

    conv1 = window.panels.feature_maps.images["conv1"]
    assert conv1.ndim == 2 and np.nanmax(np.abs(conv1)) > 0
    np.testing.assert_array_equal(window.panels.feature_maps.views["conv1"][1].image, conv1)
    assert "pool2" in window.panels.feature_maps.images

    assert window.panels.kernels.first_item.image.shape == initial_kernels.shape
    assert not np.allclose(np.nan_to_num(window.panels.kernels.first_item.image), np.nan_to_num(initial_kernels))
    assert window.panels.kernels.deep_image is not None

    forward, backward = window.panels.timings.bars["numpy"]
    widths = np.asarray(forward.opts["width"])
    assert len(widths) == len(window.panels.timings.layer_names) and widths.max() > 0
    assert np.asarray(backward.opts["width"]).max() > 0

    # The canvas model follows the trainer's weights.
    assert window.state.local.trained and window.state.local.step > 0
    assert "step" in window.status.text("step")


class CountingEvent(threading.Event):
    """The trainer's wake-up event, counting how often the paused loop looked for work."""

    def __init__(self):
        super().__init__()
        self.waits = 0

    def wait(self, timeout=None):
        self.waits += 1
        return super().wait(timeout)


def wait_until_idle(qtbot, trainer, looks=5):
    """Until the paused trainer has looked for a command ``looks`` times and found nothing to train."""
    counter = CountingEvent()
    trainer._wake = counter
    qtbot.waitUntil(lambda: counter.waits >= looks, timeout=TIMEOUT_MS)


def test_pause_stops_steps(qtbot, window):
    window.start()
    wait_steps(qtbot, window, 2)
    window.toggle_pause()
    qtbot.waitUntil(lambda: window.state.run.state == "paused", timeout=TIMEOUT_MS)
    assert window.controls.pause_button.text().endswith("Resume")
    trainer = window.session.trainer
    wait_until_idle(qtbot, trainer)
    step = trainer.step
    wait_until_idle(qtbot, trainer)
    assert trainer.step == step, "the paused loop went round and trained nothing"
    window.toggle_pause()
    qtbot.waitUntil(lambda: window.session.trainer.step > step, timeout=TIMEOUT_MS)


def test_step_advances_exactly_one(qtbot, window):
    window.step()  # no run yet: starts one, paused, and trains one batch
    qtbot.waitUntil(
        lambda: window.state.run.state == "paused" and window.state.run.last_step is not None, timeout=TIMEOUT_MS
    )
    assert window.state.run.last_step.step == 1
    window.step()
    wait_steps(qtbot, window, 2)
    wait_until_idle(qtbot, window.session.trainer)  # back in the paused loop: no further step follows
    window.session.flush()
    assert window.session.trainer.step == 2
    assert window.state.run.last_step.step == 2
    assert len(window.panels.curves.loss_raw.getData()[1]) == 2


def test_switch_backend_mid_training_keeps_loss_continuous(qtbot, window):
    if not numba_available():
        pytest.skip("the numba backend is not available here")
    registry.get("numba")  # open it outside the measured window (compiling is slow)
    window.start()
    wait_steps(qtbot, window, 15)
    window.controls.select_backend("numba", emit=True)
    qtbot.waitUntil(lambda: window.state.run.last_step.backend == "numba", timeout=120_000)
    assert len(window.panels.curves.marks) == 1, "one marker: the switch"
    wait_steps(qtbot, window, window.state.run.last_step.step + 5, timeout=60_000)
    losses = window.panels.curves.raw.y
    assert np.all(np.isfinite(losses))
    # Same weights, same optimiser state: no jump back to the untrained loss.
    mark = window.panels.curves.marks.lines[0][0].value()
    epochs = window.panels.curves.raw.x
    before = losses[epochs <= mark][-5:]
    after = losses[epochs > mark][:5]
    assert after.mean() < max(2.0 * before.mean(), before.mean() + 0.3), (before, after)


def test_hyperparameter_change_applies_live_and_is_marked(qtbot, window):
    window.start()
    wait_steps(qtbot, window, 2)
    window.controls.lr_spin.setValue(0.01)
    window.controls.flush_pending()
    qtbot.waitUntil(lambda: len(window.panels.curves.marks) >= 1, timeout=TIMEOUT_MS)
    assert window.session.trainer.config.lr == pytest.approx(0.01)


def draw_stroke(qtbot, canvas, points):
    qtbot.mousePress(canvas, Qt.LeftButton, pos=QPoint(*points[0]))
    for p in points[1:]:
        qtbot.mouseMove(canvas, QPoint(*p))
    qtbot.mouseRelease(canvas, Qt.LeftButton, pos=QPoint(*points[-1]))


def test_drawing_a_stroke_gives_a_prediction(qtbot, window):
    canvas = window.panels.classify.canvas
    assert canvas.is_empty
    assert window.panels.classify.digit_label.text() == "–"
    w, h = canvas.width(), canvas.height()
    points = [(int(w * 0.5), int(h * (0.2 + 0.06 * i))) for i in range(11)]
    draw_stroke(qtbot, canvas, points)
    qtbot.waitUntil(lambda: window.panels.classify.digit_label.text() != "–", timeout=5000)
    assert not canvas.is_empty
    probs = window.panels.classify.probabilities
    assert probs.shape == (10,) and probs.sum() == pytest.approx(1.0, abs=1e-4)
    assert window.panels.classify.network_input.max() > 0.5
    # The drawing as the feature-map input.
    window.panels.feature_maps.choice.drawing_radio.setChecked(True)
    qtbot.waitUntil(lambda: window.panels.feature_maps.last_snapshot.input_label is None, timeout=5000)
    assert np.allclose(window.panels.feature_maps.last_snapshot.input_image, window.panels.classify.network_input)
    # C clears.
    qtbot.keyClick(window, Qt.Key_C)
    assert canvas.is_empty


def test_canvas_inference_costs_about_one_forward_pass(module_window):
    window = module_window
    # Relative, not absolute (a busy machine slows both alike): a stroke's classification is one
    # small forward pass plus drawing, never something that grows with the data set or the run.
    window.panels.classify.canvas.draw_strokes([[(0.3, 0.2), (0.7, 0.2), (0.4, 0.8)]])
    image = window.panels.classify.network_input

    def best_of(fn, n=10):
        times = []
        for _ in range(n):
            t0 = time.perf_counter()
            fn()
            times.append(time.perf_counter() - t0)
        return min(times)

    forward = best_of(lambda: window.state.local.classify(image))
    assert best_of(window.pad.classify) < max(50 * forward, 0.25)


def test_save_then_load_round_trips(tmp_path, qtbot, window):
    window.reset()
    saved = window.state.local.weights()
    path = tmp_path / "model.npz"
    assert window.checkpoints.save(str(path))
    assert path.is_file() and window.state.run.saved_to == path
    window.reset()
    assert not np.allclose(window.state.local.weights()["conv1.weight"], saved["conv1.weight"])
    load(qtbot, window, path)
    loaded = window.state.local.weights()
    assert set(loaded) == set(saved)
    for name in saved:
        np.testing.assert_array_equal(loaded[name], saved[name])
    assert window.state.run.initial_weights is not None
    # Start continues from the loaded weights.
    window.step()
    qtbot.waitUntil(
        lambda: (
            window.panels.feature_maps.last_snapshot is not None and window.panels.feature_maps.last_snapshot.step == 1
        ),
        timeout=TIMEOUT_MS,
    )
    after_one = window.panels.feature_maps.last_snapshot.weights["conv1.weight"]
    assert np.abs(after_one - saved["conv1.weight"]).max() < 0.05


def test_loading_a_checkpoint_starts_the_panels_over(tmp_path, qtbot, make_window):
    window = make_window(steps=3, test_samples=500)
    window.start()
    qtbot.waitUntil(lambda: not window.session.active and window.state.run.result is not None, timeout=60_000)
    assert window.state.run.steps and len(window.panels.timelapse.timelapse) > 0
    path = tmp_path / "model.npz"
    assert window.checkpoints.save(str(path))
    load(qtbot, window, path)
    # The drawings are judged by the loaded model, not by the one before it.
    assert window.panels.drawings.model is window.state.local.model
    # What the panels held belonged to the previous run.
    assert window.state.run.steps == [] and window.state.run.evaluations == [] and window.state.run.timings == []
    assert window.state.run.last_step is None and window.state.run.last_eval is None
    assert len(window.panels.timelapse.timelapse) == 0
    assert "steps trained" not in window.exports.report_settings()


def test_the_evaluation_history_keeps_numbers_not_per_image_arrays(tmp_path, module_window):
    window = module_window
    n = 10_000
    rng = np.random.default_rng(0)
    labels = rng.integers(0, 10, n)
    event = ev.EvaluationFinished(100, 0.5, 0.3, 0.9, n, labels, labels.copy(), rng.random(n).astype(np.float32))
    for _ in range(3):
        window.router.handle(event)
    assert window.state.run.last_eval is event  # the confusion matrix and the report's still need them
    assert len(window.state.run.evaluations) == 3
    for kept in window.state.run.evaluations:
        assert kept.labels.size == kept.predictions.size == kept.confidences.size == 0
        assert (kept.step, kept.epoch, kept.test_loss, kept.test_accuracy, kept.samples) == (100, 0.5, 0.3, 0.9, n)
    assert window.exports.export_metrics_csv(str(tmp_path / "m.csv"))
    assert window.exports.export_html_report(str(tmp_path / "r.html"))


def test_load_errors_are_shown_not_raised(tmp_path, qtbot, module_window):
    window = module_window
    window.banner.hide()  # (a message from a test before it)
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a zip file")
    load(qtbot, window, bad)
    assert window.banner.isVisible() and window.banner.kind == "error"
    assert "Could not load" in window.banner.label.text()
    assert not window.checkpoints.save(str(tmp_path / "no-such-folder" / "m.npz"))
    assert "Could not save" in window.banner.label.text()


def test_invalid_custom_spec_shows_a_message(window):
    controls = window.controls
    controls.net_combo.setCurrentText("custom")
    assert controls.set_network("conv5-8,relu,dense-7") is False
    assert controls.spec_message.objectName() == "error"
    assert "dense-10" in controls.spec_message.text()
    assert controls.set_network("conv3-4,relu,pool,dense-10") is True
    assert window.state.local.spec == "conv3-4,relu,pool,dense-10"
    # A loaded checkpoint gives its spec: one that spells out a preset shows the preset's name.
    assert controls.set_network("conv5-32,relu,pool,conv5-64,relu,pool,dense-512,relu,dense-10") is True
    assert controls.net_combo.currentText() == "seed" and controls.spec_edit.isReadOnly()


def test_closing_mid_training_ends_the_thread(qtbot, window):
    window.start()
    wait_steps(qtbot, window, 2)
    thread = window.session.thread
    assert thread.isRunning()
    window.close()  # returns at once (tests/gui/test_closing.py proves it with a step that blocks)
    qtbot.waitUntil(lambda: not window.session.stopping and not window.session.active, timeout=STOP_WAIT_MS)
    assert not window.isVisible()


def test_worker_exception_is_shown_and_the_app_keeps_running(qtbot, window, monkeypatch):
    original = Sequential.forward
    calls = {"n": 0}

    def flaky(self, x, *args, **kwargs):  # the third training step's forward pass fails
        train = args[0] if args else kwargs.get("train", False)
        calls["n"] += bool(train)
        if train and calls["n"] == 3:
            raise RuntimeError("boom in a training step")
        return original(self, x, *args, **kwargs)

    monkeypatch.setattr(Sequential, "forward", flaky)
    window.start()
    qtbot.waitUntil(lambda: window.banner.isVisible() and window.banner.kind == "error", timeout=TIMEOUT_MS)
    assert "boom in a training step" in window.banner.label.text()
    qtbot.waitUntil(lambda: not window.session.active, timeout=TIMEOUT_MS)
    assert window.controls.start_button.isEnabled()
    # Starting again after the failure creates a new Trainer that trains.
    window.start()
    wait_steps(qtbot, window, 2)
    assert window.state.run.state == "running"


def test_restart_after_a_finished_run_makes_a_new_trainer(qtbot, make_window):
    window = make_window(steps=3, test_samples=500)
    window.start()
    qtbot.waitUntil(lambda: not window.session.active and window.state.run.result is not None, timeout=60_000)
    assert window.state.run.result.steps == 3
    assert window.state.run.state == "finished"
    window.start()
    assert window.session.active
    wait_steps(qtbot, window, 1)


def test_a_finished_run_leaves_its_final_weights_in_the_window(qtbot, make_window):
    window = make_window(steps=4, test_samples=500)
    window.start()
    qtbot.waitUntil(lambda: not window.session.active and window.state.run.result is not None, timeout=60_000)
    assert window.state.local.step == 4
    assert window.panels.feature_maps.last_snapshot.step == 4

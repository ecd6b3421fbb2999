"""The Draw panel says "not sure" (with why) for what looks like no digit, once the threshold is calibrated
on held-out digits for the latest weights; photos open (menu, button, drag and drop) through the same
preprocessing as ``cnnviz predict``, and a bad file gives a message, never a crash."""

import time

import numpy as np
import pytest
from PIL import Image
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from cnnviz.classroom import uncertainty
from cnnviz.classroom.lessons import bundled_lessons
from cnnviz.data.datasets import load_dataset
from cnnviz.gui import drawing_pad
from cnnviz.gui.canvas import demo_not_digit_strokes
from cnnviz.train import events as ev

HASH_SIGN = demo_not_digit_strokes("hash")
"""A "#": with the test model its energy score is -1.7 against a threshold of -2.4 (flagged with room)."""
HELD_OUT_DIGIT = 0
"""Test image 0 (a 7) is not among the images the threshold is calibrated on (``CALIBRATION_SLICE``)."""


@pytest.fixture(scope="module")
def mnist():
    return load_dataset("mnist")


def load_model(qtbot, window, path):
    job = window.checkpoints.load(str(path))
    qtbot.waitUntil(lambda: not job.running, timeout=30_000)


def calibrated(qtbot, window):
    classify = window.panels.classify
    qtbot.waitUntil(lambda: classify.not_sure.calibration is not None, timeout=30_000)
    return classify.not_sure.calibration


def open_and_wait(qtbot, window, path):
    job = window.pad.open_image(str(path))
    qtbot.waitUntil(lambda: not job.running, timeout=30_000)
    QApplication.processEvents()
    return job


def drag(canvas, mime) -> bool:
    """A drag entering the canvas (Qt delivers the drop only after one was accepted): accepted?"""
    enter = QDragEnterEvent(
        QPoint(canvas.width() // 2, canvas.height() // 2), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier
    )
    QApplication.sendEvent(canvas, enter)
    return enter.isAccepted()


def dark_digit_on_gradient_paper(mnist, index, path):
    """A photo-like picture: the MNIST digit enlarged, in dark ink, on paper lit unevenly (light to grey)."""
    digit = Image.fromarray(mnist.test_images[index]).resize((160, 160), Image.BILINEAR)
    ink = np.asarray(digit, dtype=np.float32) / 255
    paper = np.linspace(235, 150, 400, dtype=np.float32)[None, :].repeat(300, axis=0)
    paper += np.random.default_rng(1).normal(0, 3, paper.shape)
    patch = paper[70:230, 120:280]
    paper[70:230, 120:280] = patch * (1 - ink) + 30 * ink
    Image.fromarray(np.clip(paper, 0, 255).astype(np.uint8)).convert("RGB").save(path, quality=90)
    return path


def test_no_calibration_no_verdict_then_one_after_an_evaluation(qtbot, window, tiny_model_path, mnist):
    classify = window.panels.classify
    classify.canvas.draw_strokes(HASH_SIGN)
    window.pad.classify()
    assert classify.not_sure.calibration is None
    assert "?" not in classify.digit_label.text() and not classify.verdict_label.isVisibleTo(classify)
    assert "not sure" not in classify.accessibleDescription()

    load_model(qtbot, window, tiny_model_path)  # a trained model: calibrated for it at once
    first = calibrated(qtbot, window)
    assert first.method == uncertainty.DEFAULT_METHOD and first.images == 2000 and first.accepted >= 0.95
    classify.forget_calibration()
    assert classify.not_sure.calibration is None

    # A test evaluation (as the trainer reports one) calibrates for the latest weights again.
    window.live_view.show_local()  # the panels are told the weights
    labels = mnist.test_labels[:50].astype(np.int64)
    window.router.handle(
        ev.EvaluationFinished(
            step=window.state.local.step,
            epoch=0.1,
            test_loss=0.2,
            test_accuracy=0.9,
            samples=50,
            labels=labels,
            predictions=labels.copy(),
            confidences=np.full(50, 0.9),
        )
    )
    again = calibrated(qtbot, window)
    assert again.threshold == pytest.approx(first.threshold)
    assert classify.not_sure.step == window.state.local.step


def test_a_real_digit_is_accepted_and_a_scribble_is_not_sure(qtbot, window, tiny_model_path, mnist, tmp_path):
    classify = window.panels.classify
    load_model(qtbot, window, tiny_model_path)
    calibration = calibrated(qtbot, window)
    assert HELD_OUT_DIGIT not in range(len(mnist.test_labels))[uncertainty.CALIBRATION_SLICE]

    # A held-out MNIST test digit, opened as a file: accepted, answered without doubt.
    Image.fromarray(mnist.test_images[HELD_OUT_DIGIT]).save(tmp_path / "seven.png")
    open_and_wait(qtbot, window, tmp_path / "seven.png")
    assert classify.canvas.picture is not None and not classify.canvas.is_empty
    assert classify.digit_label.text() == str(mnist.test_labels[HELD_OUT_DIGIT])
    assert classify.uncertainty <= calibration.threshold and not classify.verdict_label.isVisibleTo(classify)
    assert classify.accessibleDescription().startswith("predicted 7")

    # Drawing on the photo starts a drawing: a "#" is no digit, and the panel says so, and why.
    classify.canvas.draw_strokes(HASH_SIGN)
    window.pad.classify()
    assert classify.canvas.picture is None
    assert classify.uncertainty > calibration.threshold
    assert classify.digit_label.text().endswith("?") and "but unlike real digits" in classify.confidence_label.text()
    assert classify.verdict_label.isVisibleTo(classify)
    assert "less like any digit than 96% of real test digits" in classify.verdict_label.text()
    assert classify.accessibleDescription().startswith("not sure, predicted")
    assert classify.probabilities.sum() == pytest.approx(1.0, abs=1e-4)  # the bars stay

    # Weights starting over take the threshold away: no verdict without one.
    window.runs.new_random_model()
    window.pad.classify()
    assert classify.not_sure.calibration is None and not classify.verdict_label.isVisibleTo(classify)


def test_open_image_and_drag_and_drop_classify_a_photo(qtbot, window, tiny_model_path, mnist, tmp_path, monkeypatch):
    classify = window.panels.classify
    load_model(qtbot, window, tiny_model_path)
    calibrated(qtbot, window)
    photo = dark_digit_on_gradient_paper(mnist, HELD_OUT_DIGIT, tmp_path / "photo.jpg")
    assert window.menus.open_image_action.text() == "Open image…"
    assert window.shortcuts["open_image"] == [window.menus.open_image_action]

    canvas = classify.canvas
    text = QMimeData()
    text.setText("7")
    assert not drag(canvas, text)  # only files are taken
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(photo))])
    opened = []
    canvas.fileDropped.connect(opened.append)
    assert drag(canvas, mime)
    QApplication.sendEvent(
        canvas,
        QDropEvent(QPointF(canvas.width() / 2, canvas.height() / 2), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier),
    )
    assert opened == [str(photo)]
    qtbot.waitUntil(lambda: canvas.picture is not None, timeout=30_000)
    QApplication.processEvents()
    assert canvas.picture_name == "photo.jpg"
    # The input view shows what the network gets: a white-on-black MNIST-style digit, centred.
    seen = classify.network_input
    assert seen.shape == (28, 28) and seen[0].max() < 0.05 and seen.max() > 0.9
    assert classify.digit_label.text().rstrip("?") == "7"
    assert window.pad._input is canvas.picture_input

    canvas.clear()  # C: back to an empty pad
    window.pad.classify()
    assert canvas.picture is None and classify.digit_label.text() == "–"

    # The canvas's right-click menu (and File > Open image…) ask for a file, then open it.
    asked = []
    monkeypatch.setattr(
        drawing_pad.QFileDialog, "getOpenFileName", lambda *args: (asked.append(args) or str(photo), "")
    )
    menu = canvas.context_menu()
    next(a for a in menu.actions() if a.text() == "Open image…").trigger()
    assert asked
    qtbot.waitUntil(lambda: canvas.picture is not None, timeout=30_000)
    canvas.clear()
    window.menus.open_image_action.trigger()
    assert len(asked) == 2
    qtbot.waitUntil(lambda: canvas.picture is not None, timeout=30_000)


@pytest.mark.parametrize("content", [b"this is not an image", b"\x89PNG\r\n\x1a\n" + b"\0" * 40])
def test_a_file_that_is_no_image_gives_a_message(qtbot, window, tmp_path, content):
    classify = window.panels.classify
    classify.canvas.draw_strokes(HASH_SIGN)
    bad = tmp_path / "holiday.png"
    bad.write_bytes(content)
    open_and_wait(qtbot, window, bad)
    text = window.banner.label.text()
    assert text.startswith("Cannot open this image") and "holiday.png" in text
    assert "Error" not in text.split(":")[0]
    assert classify.canvas.picture is None and not classify.canvas.is_empty  # the drawing stays
    open_and_wait(qtbot, window, tmp_path / "missing.png")
    assert window.banner.label.text().startswith("Cannot open this image")


def test_the_not_a_digit_lesson_loads(qtbot, window):
    preset = next(p for p in bundled_lessons() if p.title.startswith("Draw something that is not a digit"))
    assert "draw" in preset.visible_panels and preset.steps
    assert any("not sure" in step for step in preset.steps) and any("photo" in step for step in preset.steps)
    window.lessons.apply(preset)
    assert window.controls.net_combo.currentText() == "tiny"
    assert window.panels.classify.isVisibleTo(window)


def test_while_a_run_trains_calibrations_keep_to_their_share_of_a_core(qtbot, window, tiny_model_path, monkeypatch):
    """A calibration after every evaluation took a third of a core from the training workers: while a
    run trains, the next one waits its turn (cost / share), the newest weights are the ones calibrated,
    and the one waiting starts as soon as training stops."""
    not_sure = window.panels.classify.not_sure
    load_model(qtbot, window, tiny_model_path)
    first = calibrated(qtbot, window)
    assert not_sure.cost_s is not None and not_sure.cost_s > 0
    spec, weights, step = window.state.local.spec, window.state.local.weights(), window.state.local.step

    not_sure.set_training(False)  # not training: every recalibration starts at once
    assert not_sure.recalibrate(spec, weights, step + 1) and not_sure.busy
    qtbot.waitUntil(lambda: not not_sure.busy and not_sure.step == step + 1, timeout=30_000)

    monkeypatch.setattr("cnnviz.gui.not_sure.CALIBRATION_CPU_SHARE", 1e-6)  # a turn far away
    qtbot.waitUntil(lambda: not not_sure.busy, timeout=30_000)
    not_sure.recalibrate(spec, weights, step + 2)  # sets the turn from this calibration's cost
    qtbot.waitUntil(lambda: not_sure.step == step + 2, timeout=30_000)
    not_sure.set_training(True)
    assert not_sure.wait_s() > 60
    for later in (step + 3, step + 4):
        assert not_sure.recalibrate(spec, weights, later)
        assert not not_sure.busy and not_sure.step == step + 2  # waits
    not_sure.set_training(False)  # the run paused: the newest waiting weights are calibrated now
    assert not_sure.busy
    qtbot.waitUntil(lambda: not not_sure.busy, timeout=30_000)
    assert not_sure.step == step + 4 and not_sure.calibration.threshold == pytest.approx(first.threshold)


def test_the_turn_comes_by_itself_while_training(qtbot, window, tiny_model_path):
    not_sure = window.panels.classify.not_sure
    load_model(qtbot, window, tiny_model_path)
    calibrated(qtbot, window)
    qtbot.waitUntil(lambda: not not_sure.busy, timeout=30_000)
    local = window.state.local
    not_sure.set_training(True)
    not_sure._not_before = time.perf_counter() + 0.3  # the turn in 0.3 s
    assert not_sure.recalibrate(local.spec, local.weights(), local.step + 7)
    assert not not_sure.busy
    qtbot.waitUntil(lambda: not_sure.step == local.step + 7, timeout=30_000)
    not_sure.set_training(False)


def test_the_run_control_tells_the_calibration_whether_a_run_trains(window):
    from cnnviz.train.events import RunPhase

    not_sure = window.panels.classify.not_sure
    window.state.set_phase(RunPhase.RUNNING)
    assert not_sure.training
    window.state.set_phase(RunPhase.PAUSED)
    assert not not_sure.training

"""Issue 11's guidance and state: lessons ask before they stop a run and keep their steps on screen,
the status bar and panels never show an old run, the first compile shows where the user looks, Why?
explains without being asked; issue 12: text from files and users is shown as plain text."""

from dataclasses import replace

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from cnnviz.classroom.lessons import bundled_lessons
from cnnviz.gui.devtools.driving import draw_demo_digit
from cnnviz.nn import checkpoint
from cnnviz.train import events as ev

TIMEOUT_MS = 60_000
HOSTILE = "<b>x</b><img src=/etc/passwd>"


@pytest.fixture
def answers(monkeypatch):
    """The app's questions, answered without a dialog: ``answers.reply`` is the button pressed."""

    class Answers:
        reply = QMessageBox.Cancel
        boxes: list = []

    def exec_(box):
        Answers.boxes.append((box.text(), box.textFormat()))
        return Answers.reply

    monkeypatch.setattr(QMessageBox, "exec", exec_)
    return Answers


def run_steps(qtbot, make_window, steps=6):
    window = make_window(steps=steps, test_samples=500)
    window.start()
    qtbot.waitUntil(lambda: not window.session.active and window.state.run.result is not None, timeout=TIMEOUT_MS)
    return window


# --- lessons guide ------------------------------------------------------------------------
def test_loading_a_lesson_while_training_asks_first(qtbot, window, answers):
    lesson = next(p for p in bundled_lessons() if "too high" in p.title)
    window.start()
    qtbot.waitUntil(lambda: window.state.run.last_step is not None, timeout=TIMEOUT_MS)
    optimizer = window.controls.optimizer_combo.currentText()
    answers.reply = QMessageBox.Cancel
    assert not window.lessons.apply(lesson)
    assert window.session.active, "Keep training keeps the run"
    assert window.controls.optimizer_combo.currentText() == optimizer
    assert lesson.title in answers.boxes[-1][0]
    answers.reply = QMessageBox.Yes
    assert window.lessons.apply(lesson)
    assert not window.session.active
    assert window.controls.optimizer_combo.currentText() == lesson.optimizer


def test_a_lesson_without_a_run_asks_nothing_and_its_text_stays_while_training(qtbot, make_window, answers):
    window = make_window(steps=4)
    lesson = bundled_lessons()[0]
    assert window.lessons.apply(lesson)
    assert answers.boxes == []
    strip = window.lessons.strip
    assert strip.isVisible() and strip.text_label.text().endswith(lesson.description)
    window.start()
    qtbot.waitUntil(lambda: window.state.run.last_step is not None, timeout=TIMEOUT_MS)
    assert strip.isVisible(), "the instructions do not disappear once training starts"
    strip.next_button.click()
    assert strip.text_label.text() == lesson.steps[0]
    strip.collapse_button.click()
    assert strip.isVisible() and not strip.text_label.isVisible()


# --- state is always current -----------------------------------------------------------------
@pytest.mark.parametrize("how", ["reset", "lesson", "checkpoint", "network"])
def test_what_the_old_run_showed_goes_when_the_weights_start_over(qtbot, make_window, tmp_path, answers, how):
    window = run_steps(qtbot, make_window)
    assert window.status.text("state") == "finished" and window.status.text("step") == "step 6"
    assert window.status.text("test").startswith("test accuracy ") and window.panels.timings.layer_names
    if how == "reset":
        window.reset()
    elif how == "lesson":
        window.lessons.apply(bundled_lessons()[0])
    elif how == "checkpoint":
        path = tmp_path / "model.npz"
        assert window.checkpoints.save(str(path))
        job = window.checkpoints.load(str(path))  # read off the GUI thread
        qtbot.waitUntil(lambda: not job.running, timeout=TIMEOUT_MS)
    else:
        window.controls.net_combo.setCurrentText("keras")
    assert window.status.text("state") == "ready"
    if how == "checkpoint":  # the figures the loaded file states about its weights
        assert window.status.text("step") == "step 6" and window.status.text("epoch") != "epoch 0.00"
        assert window.status.text("test") != "test accuracy –"
    else:
        assert window.status.text("step") == "step 0" and window.status.text("epoch") == "epoch 0.00"
        assert window.status.text("test") == "test accuracy –"
    assert window.status.text("eta") == "ETA –"
    assert window.status.text("rate") == "– images/s"
    assert window.panels.timings.latest == {} and window.panels.timings.layer_names == ()
    # the curves are gone, but for a loaded file's, which carries them (issue 31, item 8)
    saved = checkpoint.load(tmp_path / "model.npz").meta["history"]["train"] if how == "checkpoint" else []
    assert window.panels.curves.raw.x.size == len(saved) and window.panels.mistakes.evaluation is None
    assert window.state.run.steps == [] and window.state.run.last_eval is None


def test_paused_means_no_images_per_second_and_no_eta(qtbot, window):
    window.start()
    qtbot.waitUntil(lambda: window.state.run.last_step is not None and window.state.run.running, timeout=TIMEOUT_MS)
    qtbot.waitUntil(lambda: window.status.text("rate") != "– images/s", timeout=TIMEOUT_MS)
    window.toggle_pause()
    qtbot.waitUntil(lambda: window.state.run.state == "paused", timeout=TIMEOUT_MS)
    assert window.status.text("rate") == "– images/s" and window.status.text("eta") == "ETA –"
    before = window.state.run.last_step.step
    window.step()  # one step while paused: still nothing moving
    qtbot.waitUntil(lambda: window.state.run.last_step.step == before + 1, timeout=TIMEOUT_MS)
    assert window.status.text("rate") == "– images/s" and window.status.text("eta") == "ETA –"


# --- visible progress ------------------------------------------------------------------------
def test_the_first_compile_shows_over_the_panels(qtbot, window):
    busy = window.workspace.busy
    window.router.handle(ev.WarmupStarted("numba", "numba: compiling kernels (the first start only)"))
    qtbot.waitUntil(busy.isVisible, timeout=3000)
    assert "compiling kernels, first start only" in busy.label.text() and busy.label.text().endswith("\u00a0s")
    panels = window.workspace.tabs
    area = panels.mapTo(window, panels.rect().center())
    assert busy.geometry().adjusted(-400, -400, 400, 400).contains(window.workspace.mapFrom(window, area)), (
        "in the middle of the panels, where the user looks"
    )
    window.router.handle(ev.WarmupFinished("numba", 4.2, "numba: compiled kernels in 4.2 s"))
    assert not busy.isVisible()


def test_a_quick_warm_up_never_flashes(qtbot, window):
    window.router.handle(ev.WarmupStarted("numba", "cache"))
    window.router.handle(ev.WarmupFinished("numba", 0.1, "loaded"))
    busy = window.workspace.busy
    assert not busy._delay.isActive(), "the delayed appearance was called off"
    busy._delay.timeout.emit()  # even a late timer finds nothing to show
    assert not busy.isVisible()


# --- Why? -------------------------------------------------------------------------------------
def test_why_explains_as_soon_as_it_is_seen_and_again_after_each_evaluation(qtbot, window):
    panel = window.panels.why
    assert panel.result is None
    window.show_tab("why")
    qtbot.waitUntil(lambda: panel.result is not None and not panel.busy, timeout=TIMEOUT_MS)
    # The saliency map is painted, not white (the first RGB image used to get the grey image's levels).
    item = panel.views[1][1]
    item.render()
    assert list(np.asarray(item.levels).ravel()) == [0, 255]
    first = panel.result
    labels = window.state.dataset.test_labels[:10]
    window.router.handle(ev.EvaluationFinished(5, 0.01, 1.0, 0.5, 10, labels, labels, np.ones(10, np.float32)))
    qtbot.waitUntil(lambda: panel.result is not first and not panel.busy, timeout=TIMEOUT_MS)


# --- issue 12: plain text ---------------------------------------------------------------------
def test_text_from_files_and_users_is_plain_text(qtbot, make_window, tmp_path, answers):
    window = make_window(drawings_dir=tmp_path / "class")
    window.banner.show_message(f"Cannot load {HOSTILE}", "error", details=HOSTILE)
    assert window.banner.label.textFormat() == Qt.PlainText and HOSTILE in window.banner.label.text()
    assert "&lt;img" in window.banner.toolTip() and "<img" not in window.banner.toolTip()
    lesson = replace(bundled_lessons()[0], title=HOSTILE, description=HOSTILE, steps=(HOSTILE,))
    window.start()
    answers.reply = QMessageBox.Cancel
    window.lessons.apply(lesson)
    assert answers.boxes[-1][1] == Qt.PlainText and HOSTILE in answers.boxes[-1][0]
    window.stop_run(wait=True)
    window.lessons.apply(lesson)
    strip = window.lessons.strip
    for label in (strip.title_label, strip.text_label):
        assert label.textFormat() == Qt.PlainText and HOSTILE in label.text()
    window.panels.drawings.student_edit.setText(HOSTILE[:40])
    draw_demo_digit(window, 3)
    assert window.pad.save(3)
    tip = window.panels.drawings.gallery.item(0).toolTip()
    assert "&lt;b&gt;" in tip and "<b>x" not in tip
    controls = window.controls
    controls.net_combo.setCurrentText("custom")
    controls.spec_edit.setText(HOSTILE)
    controls.spec_edit.textEdited.emit(HOSTILE)
    assert controls.spec_message.textFormat() == Qt.PlainText
    assert window.lessons.strip.title_label.toolTip().count("&lt;b&gt;") == 1

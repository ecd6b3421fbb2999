"""Closing a lesson gives back the run in force before it (issue 31, item 6): its weights, curves, figures,
comparison and tab, not the lesson's; a run answered "Discard" is not offered for saving again. A loaded
model or a restored autosave shows the curves its file carries (item 8)."""

import numpy as np

from cnnviz.classroom.lessons import bundled_lessons
from cnnviz.gui.worker import EventBatch
from cnnviz.nn import checkpoint
from cnnviz.train import events as ev


def run_to_end(qtbot, window):
    window.start()
    qtbot.waitUntil(lambda: not window.session.active and window.state.run.result is not None, timeout=60_000)


def lesson():
    return next(p for p in bundled_lessons() if "Overfitting" in p.title)


def test_closing_a_lesson_gives_back_the_run_from_before_it(qtbot, make_window):
    window = make_window(steps=4)
    window.controls.set_values(lr=0.01, schedule="constant")
    run_to_end(qtbot, window)
    window.workspace.show_tab("mistakes")
    assert window.comparison.keep_current()
    kept = window.state.kept
    steps, accuracy = [s.step for s in window.state.run.steps], window.state.test_accuracy
    weights = {k: v.copy() for k, v in window.state.local.weights().items()}
    figure, curve = window.controls.accuracy_figure.text(), window.panels.curves.raw.y.copy()
    assert window.state.run.unsaved and accuracy is not None

    assert window.lessons.apply(lesson())  # "Discard" (the tests' answer)
    window.comparison.stop()
    window.workspace.show_tab("statistics")
    # The lesson's own training, as the trainer's events would bring it.
    window.router.apply(EventBatch(steps=[(0.0, ev.StepFinished(1, 0.01, 0.5, 0.9, 16, 100.0, 0.1, "numpy", None))]))
    labels = window.state.dataset.test_labels[:50]
    window.router.handle(ev.EvaluationFinished(1, 0.01, 2.0, 0.102, 50, labels, labels, np.ones(50, np.float32)))
    assert window.controls.accuracy_figure.text() == "10.2%"

    window.lessons.close()
    run = window.state.run
    assert [s.step for s in run.steps] == steps and window.state.test_accuracy == accuracy
    for name, w in weights.items():
        np.testing.assert_array_equal(window.state.local.weights()[name], w, err_msg=name)
    assert window.controls.accuracy_figure.text() == figure and figure.endswith("%")
    np.testing.assert_array_equal(window.panels.curves.raw.y, curve)
    assert window.panels.mistakes.evaluation is run.last_eval
    assert window.state.kept is kept and window.workspace.current_tab() == "mistakes"
    assert run.trained_with()["lr"] == 0.01
    assert not run.unsaved, "answered Discard when the lesson opened: not offered again at quit"


def test_a_loaded_model_shows_the_curves_its_file_carries(qtbot, make_window, tmp_path):
    window = make_window(steps=4)
    run_to_end(qtbot, window)
    path = tmp_path / "run.npz"
    assert window.checkpoints.save(str(path))
    assert checkpoint.load(path).meta["history"]["train"]
    other = make_window()
    job = other.checkpoints.load(str(path))
    qtbot.waitUntil(lambda: not job.running, timeout=30_000)
    curves = other.panels.curves
    assert len(curves.raw) == len(checkpoint.load(path).meta["history"]["train"]) > 0
    assert curves.test_points and not curves.placeholder.isVisible()
    # Saved again without training: the file's history goes with it.
    again = tmp_path / "again.npz"
    assert other.checkpoints.save(str(again))
    assert checkpoint.load(again).meta["history"] == checkpoint.load(path).meta["history"]


def test_a_restored_autosave_shows_the_curves_it_carries(qtbot, make_window):
    window = make_window(steps=30, eval_every=10)
    run_to_end(qtbot, window)
    path = window.checkpoints.autosave_path
    qtbot.waitUntil(lambda: path.exists() and checkpoint.load(path).meta["step"] == 30, timeout=30_000)
    history = checkpoint.load(path).meta["history"]
    assert history["train"] and history["eval"], "the autosave carries the curves up to its last evaluation"
    window.checkpoints.autosave_instance.release()  # that app has ended

    restored = make_window()
    restored.checkpoints.auto_answer = "yes"
    job = restored.checkpoints.offer_restore()
    qtbot.waitUntil(lambda: not job.running, timeout=30_000)
    curves = restored.panels.curves
    assert restored.state.local.step == 30 and len(curves.raw) == len(history["train"])
    assert len(curves.test_points) == len(history["eval"]) and not curves.placeholder.isVisible()


def test_closing_a_lesson_gives_back_the_phase_of_the_run_from_before_it(qtbot, make_window):
    """Played on real X (session 38): after a lesson's run, closing the lesson put back the untrained run
    from before it, but the status bar said "stopped" (or "finished") beside "step 0"."""
    window = make_window(steps=2)
    assert window.lessons.apply(lesson())
    window.status.show(state="stopped", step="step 436")  # what the lesson's run, stopped, left there
    window.lessons.close()
    assert window.status.text("state") == "ready" and window.status.text("step") == "step 0"


def test_a_loaded_model_keeps_its_epoch_beside_its_step_when_a_lesson_gives_it_back(qtbot, make_window, tmp_path):
    """Played on real X (session 39): closing "Teach it our shapes" put a loaded run back with "epoch 0.00"
    beside "step 883"; the file's epoch was shown at loading and then forgotten. A save of the loaded model
    lost it as well."""
    window = make_window(steps=4)
    run_to_end(qtbot, window)
    saved = tmp_path / "saved.npz"
    assert window.checkpoints.save(str(saved))
    ckpt = checkpoint.load(saved)
    assert ckpt.meta["epoch"] == round(window.state.run.last_step.epoch, 4) > 0
    # A file that names its step and epoch but carries no curves (another tool's, an older cnnviz's); its
    # epoch one that "epoch 0.00" cannot pass for (4 steps of 64 images are epoch 0.004).
    meta = {k: v for k, v in ckpt.meta.items() if k not in ("history", "format", "cnnviz_version", "spec")}
    epoch = meta["epoch"] = 0.75
    path = checkpoint.save(tmp_path / "run.npz", ckpt.spec, ckpt.weights, meta)
    other = make_window()
    job = other.checkpoints.load(str(path))
    qtbot.waitUntil(lambda: not job.running, timeout=30_000)
    shown = (f"epoch {epoch:.2f}", "step 4")
    assert (other.status.text("epoch"), other.status.text("step")) == shown
    assert other.lessons.apply(lesson())
    other.lessons.close()
    assert (other.status.text("epoch"), other.status.text("step")) == shown, "the lesson gave the loaded run back"
    again = tmp_path / "again.npz"
    assert other.checkpoints.save(str(again))
    assert checkpoint.load(again).meta["epoch"] == checkpoint.load(path).meta["epoch"]


def _answer(monkeypatch, answer: str, seen: list):
    """Every question is answered by clicking its button named ``answer``; ``seen`` gets (title, buttons)."""
    from PySide6.QtWidgets import QMessageBox

    def exec_(box):
        seen.append((box.windowTitle(), {b.text() for b in box.buttons()}))
        for button in box.buttons():
            if button.text() == answer:
                button.click()
        return 0

    monkeypatch.setattr(QMessageBox, "exec", exec_)


CLOSING_ANSWERS = {"Keep it to compare", "Save it…", "Discard it", "Go on with the lesson"}


def test_closing_a_lesson_while_its_run_trains_asks_once_what_becomes_of_the_run(qtbot, make_window, monkeypatch):
    """Played on real X (session 39): closing a lesson whose run trained asked "Stop and go ahead?" and then
    "Save the trained model?", and neither said that the run from before the lesson comes back. One question
    now, whose answers say what becomes of the lesson's run; "Go on with the lesson" leaves it training."""
    from cnnviz.train.events import RunPhase

    window = make_window()
    assert window.lessons.apply(next(p for p in bundled_lessons() if "First look" in p.title))
    window.controls.select_backend("numpy")  # (the lesson's "auto" may compile numba's kernels first)
    window.start()
    qtbot.waitUntil(
        lambda: window.state.run.last_step is not None and window.state.run.state == RunPhase.RUNNING,
        timeout=60_000,
    )
    window.checkpoints.auto_answer = None  # the real questions
    seen = []
    _answer(monkeypatch, "Go on with the lesson", seen)
    assert not window.lessons.close()
    assert seen == [("Close the lesson?", CLOSING_ANSWERS)]
    step = window.session.trainer.step
    qtbot.waitUntil(
        lambda: window.session.trainer.step > step + 2 and window.state.run.state == RunPhase.RUNNING,
        timeout=60_000,
    )
    assert window.lessons.current is not None

    seen.clear()
    _answer(monkeypatch, "Keep it to compare", seen)
    assert window.lessons.close()
    assert [title for title, _ in seen] == ["Close the lesson?"], "asked once"
    assert not window.session.active and window.lessons.current is None
    kept = window.state.kept
    assert kept is not None and len(kept.curves.train) and kept.weights is not None, "the lesson's run, kept"
    assert window.state.run.last_step is None, "the (untrained) run from before the lesson is back"
    assert "Kept the lesson's run" in window.banner.label.text()


def test_a_lessons_unsaved_run_is_saved_with_one_question(qtbot, make_window, monkeypatch, tmp_path):
    window = make_window()
    assert window.lessons.apply(lesson())
    window.router.apply(EventBatch(steps=[(0.0, ev.StepFinished(1, 0.01, 0.5, 0.9, 16, 100.0, 0.1, "numpy", None))]))
    assert window.state.run.unsaved and not window.session.active
    window.checkpoints.auto_answer = None
    path = tmp_path / "lesson.npz"
    monkeypatch.setattr(window.checkpoints, "choose_save_path", lambda: str(path))
    seen = []
    _answer(monkeypatch, "Save it…", seen)
    assert window.lessons.close()
    assert [title for title, _ in seen] == ["Close the lesson?"]
    assert checkpoint.load(path).weights and window.lessons.current is None
    assert window.state.run.last_step is None, "the (untrained) run from before the lesson is back"

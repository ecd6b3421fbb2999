"""Before a lesson replaces a running run, the run pauses while "Stop and go ahead?" and Save / Discard /
Cancel are asked: the second names the steps and accuracy of the weights a Save writes (seen under a real X
server: the run went on from step 124 to 181 while the question said 124, and from 839 to 883 while the first
question was asked). Cancel or "Keep training" leaves the run running."""

from __future__ import annotations

from cnnviz.train.events import RunPhase

TIMEOUT_MS = 60_000


def _answer(monkeypatch, answers, seen, window):
    from PySide6.QtWidgets import QMessageBox

    def exec_(box):
        seen.append((box.windowTitle(), window.state.run.state))
        return answers.pop(0) if answers else QMessageBox.Discard  # the window's close at the end

    monkeypatch.setattr(QMessageBox, "exec", exec_)
    return QMessageBox


def _running_window(make_window, qtbot):
    window = make_window()
    window.checkpoints.auto_answer = None  # the real questions
    window.start()
    qtbot.waitUntil(
        lambda: window.state.run.last_step is not None and window.state.run.state == RunPhase.RUNNING,
        timeout=TIMEOUT_MS,
    )
    return window


def test_the_run_is_paused_while_save_is_asked_and_cancel_resumes_it(qtbot, make_window, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    window = _running_window(make_window, qtbot)
    seen = []
    _answer(monkeypatch, [QMessageBox.Yes, QMessageBox.Cancel], seen, window)
    assert not window.confirm_discard("load the lesson")
    assert seen == [("Training is running", RunPhase.PAUSED), ("Save the trained model?", RunPhase.PAUSED)]
    step = window.session.trainer.step
    # Trains again, and the state says so (its phase arrives with the session's next flush, after the steps).
    qtbot.waitUntil(
        lambda: window.session.trainer.step > step + 2 and window.state.run.state == RunPhase.RUNNING,
        timeout=TIMEOUT_MS,
    )
    window.stop_run(wait=True)


def test_nothing_trains_while_stop_is_asked_and_keep_training_resumes_it(qtbot, make_window, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    window = _running_window(make_window, qtbot)
    steps = []

    def exec_(box):
        if steps or window.session.trainer is None:
            return QMessageBox.Discard  # the window's close at the end
        steps.append(window.session.trainer.step)
        qtbot.wait(300)  # the teacher reads the question
        steps.append(window.session.trainer.step)
        return QMessageBox.Cancel  # "Keep training"

    monkeypatch.setattr(QMessageBox, "exec", exec_)
    assert not window.confirm_discard("close the lesson")
    assert len(steps) == 2 and steps[0] == steps[1], f"trained on while the question was asked: {steps}"
    qtbot.waitUntil(
        lambda: window.session.trainer.step > steps[1] + 2 and window.state.run.state == RunPhase.RUNNING,
        timeout=TIMEOUT_MS,
    )
    window.stop_run(wait=True)


def test_discard_goes_ahead_with_the_run_paused(qtbot, make_window, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    window = _running_window(make_window, qtbot)
    seen = []
    _answer(monkeypatch, [QMessageBox.Yes, QMessageBox.Discard], seen, window)
    assert window.confirm_discard("load the lesson")
    assert seen[-1] == ("Save the trained model?", RunPhase.PAUSED)
    step = window.session.trainer.step
    qtbot.wait(300)
    assert window.session.trainer.step == step  # nothing trained after the answer either
    window.stop_run(wait=True)


def test_a_paused_run_stays_paused_after_cancel(qtbot, make_window, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    window = _running_window(make_window, qtbot)
    window.toggle_pause()
    qtbot.waitUntil(lambda: window.state.run.state == RunPhase.PAUSED, timeout=TIMEOUT_MS)
    seen = []
    _answer(monkeypatch, [QMessageBox.Yes, QMessageBox.Cancel], seen, window)
    assert not window.confirm_discard("close the lesson")
    assert [state for _, state in seen] == [RunPhase.PAUSED, RunPhase.PAUSED]
    qtbot.wait(300)
    assert window.state.run.state == RunPhase.PAUSED
    window.stop_run(wait=True)


def test_a_paused_run_is_asked_about_as_paused_and_stays_paused(qtbot, make_window, monkeypatch):
    """A lesson asked "Training is running ... Keep training" over a paused run (seen playing a lesson)."""
    from PySide6.QtWidgets import QMessageBox

    window = _running_window(make_window, qtbot)
    window.session.trainer.pause()
    qtbot.waitUntil(lambda: window.state.run.state == RunPhase.PAUSED, timeout=TIMEOUT_MS)
    seen, buttons = [], []

    def exec_(box):
        seen.append(box.windowTitle())
        buttons.append(box.button(QMessageBox.Cancel).text() if box.button(QMessageBox.Cancel) else "")
        return QMessageBox.Cancel

    monkeypatch.setattr(QMessageBox, "exec", exec_)
    assert not window.confirm_discard("load the lesson")
    assert seen == ["The run is paused"] and buttons == ["Keep the run"]
    qtbot.wait(200)
    assert window.session.active and window.state.run.state == RunPhase.PAUSED, "Cancel leaves it paused"
    window.stop_run(wait=True)


def test_a_lesson_opens_over_a_running_run_with_one_question_that_says_it_comes_back(qtbot, make_window, monkeypatch):
    """Played on real X (session 40): opening a lesson over a training run asked "Stop and go ahead? ... the
    weights trained so far are replaced", then "Save the trained model?"; but the lesson sets the run aside and
    closing it gives the run back. One question now, which says so; "Keep training" leaves it training."""
    from PySide6.QtWidgets import QMessageBox

    from cnnviz.classroom.lessons import bundled_lessons

    window = _running_window(make_window, qtbot)
    first_look = next(p for p in bundled_lessons() if "First look" in p.title)
    seen, answers = [], ["Keep training", "Open the lesson"]

    def exec_(box):
        seen.append((box.windowTitle(), {b.text() for b in box.buttons()}, box.text()))
        wanted = answers.pop(0) if answers else "Discard"
        for button in box.buttons():
            if button.text() == wanted:
                button.click()
        return QMessageBox.Discard  # (the window's close at the end)

    monkeypatch.setattr(QMessageBox, "exec", exec_)
    assert not window.lessons.apply(first_look)
    assert [(title, buttons) for title, buttons, _ in seen] == [
        ("Open the lesson?", {"Save it first…", "Open the lesson", "Keep training"})
    ]
    assert "closing the lesson brings it back" in seen[0][2]
    step = window.session.trainer.step
    qtbot.waitUntil(
        lambda: window.session.trainer.step > step + 2 and window.state.run.state == RunPhase.RUNNING,
        timeout=TIMEOUT_MS,
    )
    seen.clear()
    assert window.lessons.apply(first_look)
    assert [title for title, _, _ in seen] == ["Open the lesson?"], "asked once"
    assert not window.session.active and window.lessons.current is first_look


def test_reset_asks_with_the_run_paused_and_the_run_goes_on_with_new_weights(qtbot, make_window, monkeypatch):
    """Reset clicked while a run trains: Save / Discard / Cancel named 354 steps while the run went on to 384 behind it
    (real X, session 44); now nothing trains while it is asked, and after Discard the run goes on from step 0."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QMessageBox

    window = _running_window(make_window, qtbot)
    seen = []
    _answer(monkeypatch, [QMessageBox.Discard], seen, window)
    qtbot.mouseClick(window.controls.reset_button, Qt.LeftButton)
    assert seen == [("Save the trained model?", RunPhase.PAUSED)]
    qtbot.waitUntil(
        lambda: window.state.run.state == RunPhase.RUNNING and 0 < window.session.trainer.step < 50, timeout=TIMEOUT_MS
    )
    window.stop_run(wait=True)


def test_a_clicked_run_button_leaves_space_to_start_and_pause(qtbot, make_window):
    """Space is start / pause (the sidebar and F1 say so); a run button clicked with the mouse kept the focus, so
    Space pressed Reset again (and asked Save / Discard / Cancel again). Tab still reaches the buttons."""
    from PySide6.QtCore import Qt

    window = make_window()
    window.activateWindow()
    controls = window.controls
    for button in (controls.start_button, controls.pause_button, controls.step_button, controls.reset_button):
        assert button.focusPolicy() == Qt.TabFocus, button.text()
    qtbot.mouseClick(controls.reset_button, Qt.LeftButton)
    assert not controls.reset_button.hasFocus()


def test_closing_asks_with_the_run_paused_and_cancel_resumes_it(qtbot, make_window, monkeypatch):
    """Ctrl+Q while training (real X, Chinese, session 46): the question said 224 steps while the status bar
    counted on to 254, and a Save would have written weights the question did not name."""
    from PySide6.QtWidgets import QMessageBox

    window = _running_window(make_window, qtbot)
    steps = []

    def exec_(box):
        if steps or window.session.trainer is None:
            return QMessageBox.Discard  # the window's close at the end
        steps.append((window.state.run.state, window.session.trainer.step))
        qtbot.wait(300)  # the teacher reads the question
        steps.append((window.state.run.state, window.session.trainer.step))
        return QMessageBox.Cancel

    monkeypatch.setattr(QMessageBox, "exec", exec_)
    window.close()
    assert window.isVisible() and len(steps) == 2, "Cancel keeps the window"
    assert steps[0] == steps[1] and steps[0][0] == RunPhase.PAUSED, f"trained on while closing was asked: {steps}"
    qtbot.waitUntil(
        lambda: window.session.trainer.step > steps[1][1] + 2 and window.state.run.state == RunPhase.RUNNING,
        timeout=TIMEOUT_MS,
    )
    window.stop_run(wait=True)


def test_one_step_is_said_as_one_step(qtbot, make_window, in_language):
    """S pressed once, then Ctrl+Q (real X, session 46): "The model was trained for 1 steps"."""
    window = make_window()
    window.step()
    qtbot.waitUntil(lambda: window.state.run.last_step is not None, timeout=TIMEOUT_MS)  # (then paused)
    assert window.state.run.last_step.step == 1 and window.state.run.unsaved
    said = window.checkpoints._describe_unsaved()
    assert said.startswith("The model was trained for one step") and "1 steps" not in said
    in_language("de")
    assert window.checkpoints._describe_unsaved().startswith("Das Modell wurde einen Schritt trainiert")

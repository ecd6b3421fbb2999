"""A run the teacher answered for (kept to compare, discarded, saved) never comes back as "Restore an autosaved run?"
at the next start (issue 31: after closing a lesson with "Keep it to compare" its run's autosave was offered). The
run from before a lesson that the lesson did not touch keeps its autosave."""

from cnnviz.app import autosave
from cnnviz.classroom.lessons import bundled_lessons
from cnnviz.gui.questions import LessonClosing
from cnnviz.train import events as ev
from cnnviz.train.events import RunPhase


def _lesson(words):
    return next(p for p in bundled_lessons() if words in p.title)


def _trained(window, steps=3):
    window.state.run.add_steps(
        [ev.StepFinished(s, s / 100, 0.5, 0.5, 64, 1000.0, 0.01, "numpy", None) for s in range(1, steps + 1)]
    )
    window.checkpoints.autosave_path.write_bytes(b"an autosave")  # what the run's worker writes


def _teacher_discards(window, monkeypatch):
    """The Save / Discard / Cancel question answered "Discard" by a person (an automatic answer, a signal's quit,
    keeps the autosave)."""
    monkeypatch.setattr(window.checkpoints, "auto_answer", None)
    monkeypatch.setattr(window.checkpoints, "_ask_save_discard_cancel", lambda what: "discard")


def _offered_after(window) -> list:
    folder = window.checkpoints.autosave_path.parent
    window.shutdown()
    found = autosave.orphans(folder)
    for orphan in found:
        orphan.leave()
    return found


def test_a_lessons_run_stopped_by_an_answer_leaves_no_autosave_even_its_last_one(qtbot, make_window, monkeypatch):
    """The lesson's run trains, another lesson is loaded ("Discard"): the run writes its last autosave as it stops,
    after the answer; that one goes too. Then closing the lesson with "Keep it to compare"."""
    window = make_window()
    assert window.lessons.apply(_lesson("two learning rates"), ask=False)
    window.controls.select_backend("numpy")
    path = window.checkpoints.autosave_path
    window.start()
    qtbot.waitUntil(
        lambda: window.state.run.last_step is not None and window.state.run.state == RunPhase.RUNNING,
        timeout=60_000,
    )
    window.questions.confirm_stop = lambda action, paused: True  # "Stop and go ahead"
    _teacher_discards(window, monkeypatch)
    assert window.lessons.apply(_lesson("First look"))
    assert not window.session.active
    qtbot.waitUntil(lambda: not path.exists(), timeout=5000)
    qtbot.wait(50)  # (a queued "autosaved" that would write it back)
    assert not path.exists()

    _trained(window)  # the second lesson's run, kept to compare as the lesson closes
    window.checkpoints.launches += 1  # (as its start counts)
    window.lessons.parts.close_question = lambda can_keep: LessonClosing(keep=True)
    assert window.lessons.close()
    assert not path.exists()
    assert _offered_after(window) == []


def test_discard_at_quit_and_reset_leave_no_autosave(make_window, monkeypatch):
    window = make_window()
    path = window.checkpoints.autosave_path
    _teacher_discards(window, monkeypatch)
    _trained(window)
    window.runs.reset()  # Save / Discard / Cancel: "Discard"
    assert not path.exists()
    _trained(window)
    assert window.checkpoints.ask_before_discard()  # as closing the window asks: "Discard"
    assert _offered_after(window) == []


def test_an_unanswered_run_and_the_run_a_lesson_left_untouched_keep_their_autosave(make_window):
    window = make_window()
    path = window.checkpoints.autosave_path
    _trained(window)
    window.checkpoints.auto_answer = "cancel"
    assert not window.checkpoints.ask_before_discard()
    window.checkpoints.auto_answer = "discard"  # nobody answered (a signal's quit, an unattended mode)
    assert window.checkpoints.ask_before_discard()
    assert path.exists()
    window.state.answered_unsaved()  # (as if saved: the lesson opens without a question)
    assert window.lessons.apply(_lesson("First look"), ask=False)
    assert window.lessons.close(ask=False)  # the lesson trained nothing: the autosave is still the run's
    assert path.exists()
    window.shutdown()
    assert path.exists()  # offered at the next start

"""The "Training diverged" banner says what is true now: it goes when the run trains again, when the
learning rate it advises about changes, and when the lesson closes."""

from cnnviz.classroom.lessons import bundled_lessons
from cnnviz.train import events as ev
from cnnviz.translatable import Phrase


def diverged():
    return ev.Diverged(
        step=160,
        epoch=0.17,
        loss=2.30,
        restored_step=8,
        cause=Phrase("the loss has stayed at chance level for 150 steps"),
        advice=Phrase("Lower the learning rate (now 0.5) and resume."),
    )


def test_the_divergence_banner_goes_when_the_run_trains_again(qtbot, window):
    banner = window.banner
    window.router.handle(diverged())
    assert banner.isVisible() and "now 0.5" in banner.label.text()
    window.router.handle(ev.StateChanged(ev.RunPhase.PAUSED, 160))
    assert banner.isVisible()
    window.router.handle(ev.StateChanged(ev.RunPhase.RUNNING, 160))
    assert not banner.isVisible()


def test_the_divergence_banner_goes_when_the_learning_rate_changes(qtbot, window):
    window.router.handle(diverged())
    window.router.handle(ev.HyperparametersChanged(160, 0.17, {"momentum": 0.5}))
    assert window.banner.isVisible()
    window.router.handle(ev.HyperparametersChanged(160, 0.17, {"lr": 0.05}))
    assert not window.banner.isVisible()


def test_other_messages_stay_when_the_run_trains_again(qtbot, window):
    window.banner.show_message("Cannot use this lesson file: …", "error")
    window.router.handle(ev.StateChanged(ev.RunPhase.RUNNING, 3))
    assert window.banner.isVisible()


def test_the_divergence_banner_goes_when_the_lesson_closes(qtbot, window):
    lesson = next(p for p in bundled_lessons() if "too high" in p.title)
    assert window.lessons.apply(lesson, ask=False)
    window.router.handle(diverged())
    assert window.banner.isVisible()
    assert window.lessons.close(ask=False)
    assert not window.banner.isVisible()

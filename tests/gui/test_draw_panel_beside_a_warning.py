"""A warning in presenter mode takes the lesson strip's text's room and says itself in brief (issue 31 item 1:
German, 1024x768, the lesson "Learning rate too high" with its divergence warning in five bold lines: every panel
squeezed under it, the Draw panel's canvas over its Clear button and "stroke" label)."""

from __future__ import annotations

from test_fit import at_screen, describe, fill

from cnnviz.classroom.lessons import bundled_lessons
from cnnviz.gui.devtools import fit
from cnnviz.train import events as ev
from cnnviz.translatable import N_, Phrase


def diverged() -> ev.Diverged:
    """The event the trainer sends in this lesson (recovery.py's words: the loss at chance level)."""
    cause = Phrase(
        N_(
            "the loss has stayed at chance level ({chance:.2f} = ln 10, a guess among ten classes) "
            "for {steps} steps after having been far higher"
        ),
        chance=2.302585,
        steps=150,
    )
    advice = Phrase(N_("Lower the learning rate (now {lr:g}) and resume."), lr=0.5)
    return ev.Diverged(step=151, epoch=0.16, loss=2.30, restored_step=0, cause=cause, advice=advice)


def too_high() -> object:
    return next(p for p in bundled_lessons() if p.title == "Learning rate too high")


def test_the_training_tab_fits_under_the_divergence_warning_in_german_presenter_mode(qtbot, in_language, make_window):
    in_language("de")
    window = make_window()
    window.set_full_screen = lambda on: None
    fill(window)
    assert window.lessons.apply(too_high(), ask=False)
    window.set_presenter(True, full_screen=False)
    window.router.handle(diverged())
    at_screen(window, qtbot, (1024, 768))  # (one settling of the layout for all of it)
    banner, strip, panel = window.banner, window.lessons.strip, window.panels.classify
    clear = panel.clear_button.mapTo(panel.canvas.parentWidget(), panel.clear_button.rect().topLeft()).y()
    assert panel.canvas.geometry().bottom() < clear, (panel.canvas.geometry().getRect(), clear)
    found = fit.problems(window)
    assert found == [], describe({"presenter/training": found})
    assert banner.isVisible() and "0,5" in banner.label.text()
    assert banner.label.text().startswith("Das Training ist divergiert und pausiert.")
    assert "Zufallsniveau" in banner.toolTip()  # (the whole story)
    assert strip.isVisible() and strip.text_label.isHidden() and strip.collapse_button.text() == "▾"
    window.router.handle(ev.HyperparametersChanged(151, 0.16, {"lr": 0.05}))  # the advice taken: the warning goes
    assert not banner.isVisible() and not strip.text_label.isHidden()


def test_the_next_step_shows_its_text_under_the_divergence_warning(qtbot, filled_window, normal_mode_after):
    """Next under the warning that folded the strip (presenter mode, 1024x768, real X): the new step's text shows,
    the warning read gives it its room, and everything still fits (the step's number alone showed before)."""
    window = filled_window()
    normal_mode_after(window)
    strip, banner = window.lessons.strip, window.banner
    assert window.lessons.apply(too_high(), ask=False)
    try:
        window.set_presenter(True, full_screen=False)
        strip.set_page(3)
        window.router.handle(diverged())
        at_screen(window, qtbot, (1024, 768))
        assert banner.isVisible() and strip.text_label.isHidden()  # the warning has the room
        strip.next_button.click()  # the last step: "Type 0.05 as the learning rate and press Resume"
        fit.settle_layout(window)
        assert strip.page == 4 and not strip.text_label.isHidden() and strip.collapse_button.text() == "▴"
        assert strip.text_label.text().startswith("Type 0.05") and not banner.isVisible()
        assert fit.problems(window) == [], describe({"presenter/training": fit.problems(window)})
        banner.show_message("Training stopped: no memory.", "error")  # an error stays: the text opens over it
        strip.prev_button.click()
        assert banner.isVisible() and not strip.text_label.isHidden()
        strip.set_page(3)  # the page shown already (a PgUp at the first step, a Next at the last): nothing moves
        banner.show_message("Autosaved.", "info")
        strip.set_page(3)
        assert banner.isVisible() and strip.text_label.isHidden()
    finally:
        banner.hide()
        window.lessons.close(ask=False)


def test_the_lesson_text_gives_way_to_a_message_only_in_presenter_mode(qtbot, module_window, normal_mode_after):
    window = module_window
    normal_mode_after(window)
    strip, banner = window.lessons.strip, window.banner
    assert window.lessons.apply(too_high(), ask=False)
    try:
        banner.show_message("Autosaved.", "info")
        assert not strip.text_label.isHidden()  # normal mode: room for both
        window.set_presenter(True, full_screen=False)
        assert strip.text_label.isHidden() and strip.collapse_button.text() == "▾"
        strip.collapse_button.click()  # the teacher opens it over the message
        assert not strip.text_label.isHidden()
        banner.show_message("Another one.", "warning")  # a new message: it gives way again
        assert strip.text_label.isHidden()
        banner.close_button.click()
        assert not strip.text_label.isHidden()
        strip.collapse_button.click()  # hidden by the teacher: it stays hidden after a message
        banner.show_message("Autosaved.", "info")
        banner.hide()
        assert strip.text_label.isHidden()
        strip.collapse_button.click()
    finally:
        banner.hide()
        window.lessons.close(ask=False)


def test_a_message_shows_in_brief_only_where_it_would_take_more_than_two_lines(qtbot, module_window):
    banner = module_window.banner
    whole = "Training diverged: the whole story, what happened and why. " * 4
    try:
        banner.show_message(whole, "warning", short="Training diverged and is paused.", details="trace")
        banner.resize(4000, banner.height())  # two lines at most here: the whole text
        assert banner.label.text() == whole and "trace" in banner.toolTip() and "story" not in banner.toolTip()
        banner.resize(500, banner.height())
        assert banner.label.text() == "Training diverged and is paused."
        assert "the whole story" in banner.toolTip() and "trace" in banner.toolTip()
        banner.show_message(whole, "warning")  # no short form: the whole text, however long
        assert banner.label.text() == whole
    finally:
        banner.hide()
        module_window.workspace.layout().activate()

"""No two buttons a teacher sees at once say the same thing, in any language.

In German the paused run's Resume button and the lesson strip's Next button were both "Weiter" on one screen
(lesson "Learning rate too high", after the divergence paused the run): the class heard "press Weiter" and the
teacher had two to choose from. Each window is walked with every bundled lesson open and the run paused, in
normal mode and in presenter mode (its slim run toolbar), and the words of the buttons that can be read there
(``isVisibleTo``) are compared. The lesson strip's buttons are the same in every lesson: the lesson where the
clash was seen stands for them (each lesson's sidebar and tabs are the window's own, walked with it).
"""

from __future__ import annotations

import re
from collections import defaultdict

import pytest
from PySide6.QtWidgets import QAbstractButton, QApplication

from cnnviz.classroom.lessons import bundled_lessons
from cnnviz.gui import language

LESSON = "Learning rate too high"

LETTERS = re.compile(r"[^\w]+")


def label(button: QAbstractButton) -> str:
    """The words of a button's text, as a listener hears them (no symbol, no mnemonic, no case)."""
    return LETTERS.sub(" ", button.text().replace("&", "")).strip().casefold()


def shared_labels(window) -> dict[str, list[str]]:
    """The labels that more than one readable button carries -> the buttons' object names (or texts)."""
    buttons = defaultdict(list)
    for button in window.findChildren(QAbstractButton):
        if button.isVisibleTo(window) and label(button):
            buttons[label(button)].append(button.objectName() or button.text())
    return {text: names for text, names in buttons.items() if len(names) > 1}


@pytest.mark.parametrize("code", sorted(language.LANGUAGES))
def test_buttons_seen_together_have_distinct_labels(windows_by_language, in_language, code):
    in_language(code)
    window = windows_by_language(code)
    found = {}
    try:
        window.resize(1024, 768)  # (the sidebar at its fitted width, as on a classroom projector)
        preset = next(p for p in bundled_lessons() if p.title == LESSON)
        assert window.lessons.apply(preset, ask=False)
        window.controls.show_run(active=True, paused=True, has_data=True)  # (the divergence paused it)
        for presenter in (False, True):
            window.set_presenter(presenter, full_screen=False)
            QApplication.processEvents()
            assert window.lessons.strip.next_button.isVisibleTo(window)
            pause = window.controls.pause_button
            if not presenter:  # (Resume whole: German "Fortsetzen" was cut to "Fortsetzer" in the fitted sidebar)
                assert pause.width() >= pause.sizeHint().width(), (pause.text(), pause.width(), pause.sizeHint())
            for text, names in shared_labels(window).items():
                found[f"presenter mode {presenter}: {text!r}"] = names
    finally:
        window.set_presenter(False, full_screen=False)
        window.lessons.close(ask=False)
    assert not found, found

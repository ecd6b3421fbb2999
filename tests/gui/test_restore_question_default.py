"""Return on the restore question changes nothing (issue 31): a teacher pressing Return to get on with a lesson
restored an old run over the window's, its default button being Restore. Return now answers Later, as Escape
does: the autosave stays (offered again at the next start) and the window keeps what it has; restoring takes a
click (or a double click on the run)."""

from types import SimpleNamespace

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QListWidget

from cnnviz.gui import restore_question


@pytest.mark.parametrize("runs", [1, 2])
@pytest.mark.parametrize("key", [Qt.Key_Return, Qt.Key_Enter, Qt.Key_Escape])
def test_return_on_the_restore_question_restores_nothing(qtbot, monkeypatch, runs, key):
    monkeypatch.setattr(restore_question, "describe_offer", lambda offer: f"network tiny, step {offer}")

    def press(dialog):
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        qtbot.keyClick(dialog.focusWidget() or dialog, key)  # (where the focus is when the question opens)
        return 0

    monkeypatch.setattr(QDialog, "exec", press)
    found = [SimpleNamespace(offer=n) for n in range(runs)]
    answer, index, _clean = restore_question.ask(None, found, 0)
    assert (answer, index) == ("later", 0)


def test_restore_is_a_click_away(qtbot, monkeypatch):
    monkeypatch.setattr(restore_question, "describe_offer", lambda offer: f"network tiny, step {offer}")

    def choose_second(dialog):
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        runs = dialog.findChild(QListWidget, "restoreRuns")
        item = runs.item(1)
        runs.setCurrentItem(item)
        runs.itemDoubleClicked.emit(item)
        return 0

    monkeypatch.setattr(QDialog, "exec", choose_second)
    answer, index, _clean = restore_question.ask(None, [SimpleNamespace(offer=1), SimpleNamespace(offer=2)], 0)
    assert (answer, index) == ("restore", 1)

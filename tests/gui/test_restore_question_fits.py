"""The restore question shows its whole text (issue 31, session 38: on real X at 1024x768 and 125 % the
dialog lost the first and last lines of its word-wrapped question)."""

from types import SimpleNamespace

from PySide6.QtWidgets import QDialog, QLabel, QListWidget

from cnnviz.gui import restore_question

NETWORK = "network conv5-8,relu,pool,conv3-16,relu,pool,dense-10, step 436, 96.4 %, autosaved 2026-11-28 17:29"


def test_every_line_of_the_restore_question_has_room(qtbot, make_window, monkeypatch):
    window = make_window(zoom_level=125)
    checkpoints = window.checkpoints
    monkeypatch.setattr(type(checkpoints), "auto_answer", None)
    monkeypatch.setattr(restore_question, "describe_offer", lambda offer: NETWORK)
    short = []

    def look(dialog):
        dialog.show()
        qtbot.waitExposed(dialog)
        for label in dialog.findChildren(QLabel):
            if label.isVisible() and label.wordWrap() and label.height() < label.heightForWidth(label.width()):
                short.append((label.text(), label.height(), label.heightForWidth(label.width())))
        return 0

    monkeypatch.setattr(QDialog, "exec", look)
    answer, _index, _clean = checkpoints._ask_restore([SimpleNamespace(offer=None)], 0)
    assert answer == "later"
    assert not short, short


def test_each_offered_run_is_shown_whole(qtbot, make_window, monkeypatch):
    """Two autosaves of one network were cut at the list's edge after "network conv5-8,relu,…": their step,
    accuracy and time, what tells them apart, were out of sight (real X, German, session 38)."""
    window = make_window(zoom_level=125)
    checkpoints = window.checkpoints
    monkeypatch.setattr(type(checkpoints), "auto_answer", None)
    monkeypatch.setattr(restore_question, "describe_offer", lambda offer: NETWORK + f" ({offer})")
    cut = []

    def look(dialog):
        dialog.show()
        qtbot.waitExposed(dialog)
        runs = dialog.findChild(QListWidget, "restoreRuns")
        width = runs.viewport().width()
        for row in range(runs.count()):
            rect = runs.visualItemRect(runs.item(row))
            if rect.right() > width:
                cut.append((row, rect.width(), width))
        return 0

    monkeypatch.setattr(QDialog, "exec", look)
    checkpoints._ask_restore([SimpleNamespace(offer=1), SimpleNamespace(offer=2)], 0)
    assert not cut, cut

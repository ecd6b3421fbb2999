"""The restore question: the autosaves of apps that have ended, newest first, each described whole; Restore the one
chosen, Discard them or Later, and whether to delete the older ones only counted
(:meth:`~.checkpoints.Checkpoints.offer_restore` asks it and carries out the answer)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QDialog, QDialogButtonBox, QListWidget, QVBoxLayout

from ..app import autosave
from ..data.limits import shorten
from ..translatable import in_language
from .language import tr
from .wrapped_label import WrappedLabel


def describe_offer(offer: autosave.Offer) -> str:
    return tr("network {network}, {run}, autosaved {when}").format(
        network=shorten(offer.spec, 80), run=offer.describe().text(tr), when=in_language(offer.when(), tr)
    )


def ask(parent, found: list, older: int) -> tuple[str, int, bool]:
    """The question over ``parent``: (restore, discard or later: Return and Escape
    answer later; which of ``found`` (autosave orphans, newest
    first) to restore; whether to delete the ``older`` ones, only counted)."""
    dialog = QDialog(parent)
    dialog.setObjectName("restoreOffer")
    dialog.setWindowTitle(tr("Restore an autosaved run?"))
    layout = QVBoxLayout(dialog)
    question = WrappedLabel(
        tr("A run of an earlier session was autosaved{count}:\n{describe_offer}.\nRestore it?").format(
            count="", describe_offer=describe_offer(found[0].offer)
        )
        if len(found) == 1
        else tr("Runs of earlier sessions were autosaved (newest first). Restore the one chosen?")
    )
    question.setTextFormat(Qt.PlainText)  # the network's name comes from a file
    layout.addWidget(question)
    runs = QListWidget(dialog)
    runs.setObjectName("restoreRuns")
    for orphan in found:
        runs.addItem(describe_offer(orphan.offer))
    runs.setCurrentRow(0)
    # Each run on as many lines as it takes: cut at the list's edge, two runs of one network read the same
    # ("network conv5-8,relu,…") and their step, accuracy and time, what tells them apart, were out of sight
    # (real X at 1024x768, German, session 38).
    runs.setWordWrap(True)
    runs.setResizeMode(QListWidget.Adjust)
    runs.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
    # A network's spec has no space to wrap at: the list is as wide as its longest run (within the screen).
    widest = runs.sizeHintForColumn(0) + 2 * runs.frameWidth() + runs.verticalScrollBar().sizeHint().width() + 8
    screen = dialog.screen().availableGeometry().width() if dialog.screen() is not None else widest
    runs.setMinimumWidth(min(widest, int(0.85 * screen)))
    runs.setVisible(len(found) > 1)
    layout.addWidget(runs)
    clean = QCheckBox(tr("Also delete the {count:,} older autosaves (not listed)").format(count=older), dialog)
    clean.setObjectName("deleteOlder")
    clean.setChecked(True)
    clean.setVisible(older > 0)
    layout.addWidget(clean)
    note = WrappedLabel(
        tr("Discard deletes the autosave; Later offers it again at the next start.")
        if len(found) == 1
        else tr("Discard deletes the autosaves listed; Later offers them again at the next start.")
    )
    layout.addWidget(note)
    buttons = QDialogButtonBox(dialog)
    restore = buttons.addButton(tr("Restore"), QDialogButtonBox.AcceptRole)
    discard = buttons.addButton(tr("Discard"), QDialogButtonBox.DestructiveRole)
    later = buttons.addButton(tr("Later"), QDialogButtonBox.RejectRole)
    clicked = []
    buttons.clicked.connect(lambda button: (clicked.append(button), dialog.done(0)))
    runs.itemDoubleClicked.connect(lambda _item: (clicked.append(restore), dialog.done(0)))
    # Return answers Later, as Escape does: it loses nothing (the autosave is offered again at the next start)
    # and replaces nothing (a teacher pressing Return to get on with a lesson restored an old run: issue 31).
    # Restoring takes a click, or a double click on the run. No other button takes Return when it has the focus.
    for button in (restore, discard):
        button.setAutoDefault(False)
    later.setDefault(True)
    later.setFocus()
    layout.addWidget(buttons)
    fit_wrapped_text(dialog)
    dialog.exec()  # Escape, the window's close button, a signal: Later
    button = clicked[0] if clicked else later
    answer = "restore" if button is restore else "discard" if button is discard else "later"
    return answer, max(0, runs.currentRow()), bool(older and clean.isChecked())


def fit_wrapped_text(dialog) -> None:
    """Give ``dialog`` the height its word-wrapped labels need at the width it opens with. Qt sizes a dialog
    from its labels' size hints, made for another width: on real X at 1024x768 and 125 % the restore question
    lost its first and last lines ("A run of an earlier session was autosaved:", "Restore it?")."""
    layout = dialog.layout()
    layout.activate()
    screen = dialog.screen().availableGeometry() if dialog.screen() is not None else None
    width = dialog.sizeHint().width()
    if screen is not None:
        width = min(width, int(0.9 * screen.width()))
    dialog.setMinimumSize(width, layout.totalHeightForWidth(width))

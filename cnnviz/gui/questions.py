"""The one place that asks before something stops the training run or replaces unsaved weights.

A running run: "Stop and go ahead?"; then unsaved weights: Save / Discard / Cancel. Nothing trains while
either question is asked (the second names the steps and accuracy of the weights a Save writes: under a real
X server the run went on from step 124 to 181 while the question said 124, and from 839 to 883 while the
first was asked), closing the window included; "Keep training" or Cancel leaves the run as it was, running again
if it ran.

Closing a lesson asks once (:meth:`RunQuestions.ask_closing_lesson`), with answers that say what becomes of
the lesson's run: keep it to compare, save it, discard it, or go on with the lesson (it asked "Stop and go
ahead?" and then Save / Discard / Cancel, neither saying that the run from before the lesson comes back).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QEventLoop, Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from ..app import comparison
from ..app.state import AppState
from ..train.events import RunPhase
from .language import grouped, number, tr
from .language import sentences as joined
from .wrapped_label import WrappedMessageBox

PAUSE_WAIT_MS = 5000
"""How long a question waits for a running run to pause (one training step; a seed-net step on a busy
laptop takes well under a second)."""


@dataclass(frozen=True)
class LessonClosing:
    """How a lesson's run goes when the lesson closes (:meth:`RunQuestions.ask_closing_lesson`'s answer)."""

    keep: bool = False
    """Kept for comparison: its curves (and weights) stay beside the run the lesson gives back."""
    save: Callable[[], bool] | None = None
    """Saves it to the file the user chose, once the run has stopped (True: saved)."""


class RunQuestions:
    def __init__(self, state: AppState, session, checkpoints, parent: QWidget):
        self.state, self.session, self.checkpoints, self.parent = state, session, checkpoints, parent

    def confirm_discard(self, action: str) -> bool:
        """Ask before ``action`` (e.g. "load the lesson ...") stops the training run or replaces a trained
        model that is not saved; True to go ahead."""
        if not self.session.active:
            return self.checkpoints.ask_before_discard(tr("you {action}").format(action=action))
        paused = self.state.run.state == RunPhase.PAUSED  # (asked about as the user left it)
        resume = self.pause_for_question()
        if not self.confirm_stop(action, paused):
            self.resume_after_question(resume)
            return False
        go_ahead = self.checkpoints.ask_before_discard(tr("you {action}").format(action=action))
        if not go_ahead:
            self.resume_after_question(resume)
        return go_ahead

    def ask_before_closing(self) -> bool:
        """Save / Discard / Cancel as the window closes, a running run paused while a person is asked (it trained
        on behind the question: real X, the question said 224 steps while the status bar counted 254); Cancel
        leaves it running again. True to close."""
        asked = self.checkpoints.would_ask() and not self.checkpoints.auto_answer
        resume = self.pause_for_question() if asked else False
        go_ahead = self.checkpoints.ask_before_discard(tr("closing"))
        if not go_ahead:
            self.resume_after_question(resume)
        return go_ahead

    def confirm_new_run(self) -> bool:
        """Before Start, Space or S begin a new run (none is going on): a trained model that is neither saved
        nor kept for comparison is not replaced without Save / Discard / Cancel (Space on a focused button
        and S on a finished run replaced a 98 % model silently). True to go ahead."""
        if self.session.active:
            return True  # (resume, pause or one more step of the run going on)
        kept, run = self.state.kept, self.state.run
        if kept is not None and kept.source == "this session" and kept.curves:
            now = comparison.curves_of(run)
            if now and now.last_epoch == kept.curves.last_epoch and len(now.train) == len(kept.curves.train):
                return True  # K kept this very run: it stays on the plots beside the new one
        return self.checkpoints.ask_before_discard(tr("you {action}").format(action=tr("start a new run")))

    def pause_for_question(self) -> bool:
        """Pause a running run and wait (user input held back) until the paused state has arrived, at most
        ``PAUSE_WAIT_MS``; True if it was running."""
        trainer = self.session.trainer
        if trainer is None or self.state.run.state == RunPhase.PAUSED:
            return False
        trainer.pause()
        deadline = time.monotonic() + PAUSE_WAIT_MS / 1000
        while self.session.active and self.state.run.state != RunPhase.PAUSED and time.monotonic() < deadline:
            QApplication.processEvents(QEventLoop.ExcludeUserInputEvents, 50)
        return True

    def resume_after_question(self, paused_it: bool) -> None:
        """The run trains again after a question that paused it (``paused_it``: :meth:`pause_for_question`'s answer),
        if it is still there."""
        if paused_it and self.session.active:
            self.session.trainer.resume()

    def confirm_stop(self, action: str, paused: bool) -> bool:
        """Ask whether the run going on (training, or ``paused`` by the user: it says which) may stop for
        ``action``."""
        if paused:
            title, text, keep = (
                tr("The run is paused"),
                tr(
                    "A training run is paused. To {action}, it has to stop (the weights trained so far "
                    "are replaced).\n\nStop the run and go ahead?"
                ),
                tr("Keep the run"),
            )
        else:
            title, text, keep = (
                tr("Training is running"),
                tr(
                    "A training run is going on. To {action}, it has to stop (the weights trained so far "
                    "are replaced).\n\nStop the run and go ahead?"
                ),
                tr("Keep training"),
            )
        box = WrappedMessageBox(
            QMessageBox.Question, title, text.format(action=action), QMessageBox.Yes | QMessageBox.Cancel, self.parent
        )
        box.setTextFormat(Qt.PlainText)  # the action may name a lesson file's title
        box.setDefaultButton(QMessageBox.Cancel)
        box.button(QMessageBox.Yes).setText(tr("Stop and go ahead"))
        box.button(QMessageBox.Cancel).setText(keep)
        answer = box.exec()
        box.deleteLater()  # a child of the window: else every question asked stays with it
        return answer == QMessageBox.Yes

    def ask_closing_lesson(self, can_keep: bool) -> LessonClosing | None:
        """Before a lesson closes: one question, asked only when its run would be lost (training, paused, or
        trained and not saved), whose answers say what becomes of it: kept to compare (``can_keep``: it has
        curves to compare), saved, or discarded; None (the run trains again if it trained): the lesson stays."""
        run, active = self.state.run, self.session.active
        if not active and not (run.unsaved and self.state.local.model is not None):
            return LessonClosing()  # nothing to lose: nothing asked
        paused = run.state == RunPhase.PAUSED
        resume = self.pause_for_question() if active else False
        answer = self._ask_closing_lesson(can_keep, active, paused)
        closing = None
        if answer == "keep":
            closing = LessonClosing(keep=True)
        elif answer == "discard":
            closing = LessonClosing()
        elif answer == "save":
            path = self.checkpoints.choose_save_path()
            if path:
                closing = LessonClosing(save=lambda: self.checkpoints.save(path))
        if closing is None:
            self.resume_after_question(resume)
        return closing

    def confirm_lesson_over_run(self, title: str) -> bool:
        """Before the lesson ``title`` opens over the run (no lesson open: it is set aside, and closing the lesson
        gives it back): one question, asked while it trains or is paused or when it is not saved, which says so
        (it asked "Stop and go ahead? ... the weights trained so far are replaced", then Save / Discard /
        Cancel). Its answers: save it first, open the lesson, or keep the run. True to go ahead."""
        run, active = self.state.run, self.session.active
        unsaved = run.unsaved and self.state.local.model is not None
        if not active and not unsaved:
            return True
        paused = run.state == RunPhase.PAUSED
        resume = self.pause_for_question() if active else False
        answer = self._ask_lesson_over_run(title, active, paused, unsaved)
        go_ahead = answer == "open"
        if answer == "save":
            path = self.checkpoints.choose_save_path()
            go_ahead = bool(path) and self.checkpoints.save(path)
        if not go_ahead:
            self.resume_after_question(resume)
        return go_ahead

    def _ask_lesson_over_run(self, title: str, active: bool, paused: bool, unsaved: bool) -> str:
        auto = self.checkpoints.auto_answer
        if auto and not active:  # (a run going on is asked about in a box, as "Stop and go ahead?" was)
            return {"discard": "open", "yes": "open", "save": "save"}.get(auto, "cancel")
        run = self.state.run
        step = f"{grouped(run.last_step.step if run.last_step is not None else self.state.local.step):,}"
        if not active:
            sentences = [tr("The run now (step {step}) is not saved.").format(step=step)]
        else:
            sentences = [
                (
                    tr("A training run is paused at step {step}.")
                    if paused
                    else tr("A training run is going on (paused for this question at step {step}).")
                ).format(step=step)
            ]
            if unsaved:
                sentences.append(tr("It is not saved."))
        sentences.append(
            tr(
                "The lesson “{title}” sets it aside, stopped: closing the lesson brings it back, with its "
                "weights and curves."
            ).format(title=title)
        )
        shown = (QMessageBox.Save if unsaved else QMessageBox.NoButton) | QMessageBox.Yes | QMessageBox.Cancel
        box = WrappedMessageBox(QMessageBox.Question, tr("Open the lesson?"), joined(sentences), shown, self.parent)
        box.setTextFormat(Qt.PlainText)  # (a lesson file's title)
        if unsaved:
            box.button(QMessageBox.Save).setText(tr("Save it first…"))
        box.button(QMessageBox.Yes).setText(tr("Open the lesson"))
        box.button(QMessageBox.Cancel).setText(tr("Keep training") if active and not paused else tr("Keep the run"))
        box.setDefaultButton(QMessageBox.Yes)
        answer = box.exec()
        clicked = box.clickedButton()
        if clicked is not None:
            answer = box.standardButton(clicked)
        box.deleteLater()  # a child of the window: else every question asked stays with it
        return {QMessageBox.Save: "save", QMessageBox.Yes: "open"}.get(answer, "cancel")

    def _ask_closing_lesson(self, can_keep: bool, active: bool, paused: bool) -> str:
        auto = self.checkpoints.auto_answer
        if auto:
            return {"yes": "discard", "no": "cancel"}.get(auto, auto)
        run = self.state.run
        step = run.last_step.step if run.last_step is not None else self.state.local.step
        if not active:
            where = tr("The lesson's run is not saved (step {step}).")
        elif paused:
            where = tr("The lesson's run is paused at step {step}.")
        else:
            where = tr("The lesson's run is training (paused for this question at step {step}).")
        sentences = [where.format(step=f"{grouped(step):,}")]
        accuracy = self.state.test_accuracy
        if accuracy is not None:
            sentences.append(tr("Its test accuracy: {accuracy}%.").format(accuracy=f"{number(100 * accuracy):.1f}"))
        sentences.append(
            tr("Closing the lesson stops it and brings back the settings and the run from before the lesson.")
        )
        text = joined(sentences)
        box = WrappedMessageBox(QMessageBox.Question, tr("Close the lesson?"), text, QMessageBox.NoButton, self.parent)
        box.setTextFormat(Qt.PlainText)
        buttons = {}
        if can_keep:
            buttons[box.addButton(tr("Keep it to compare"), QMessageBox.AcceptRole)] = "keep"
        buttons[box.addButton(tr("Save it…"), QMessageBox.AcceptRole)] = "save"
        buttons[box.addButton(tr("Discard it"), QMessageBox.DestructiveRole)] = "discard"
        stay = box.addButton(tr("Go on with the lesson"), QMessageBox.RejectRole)
        box.setDefaultButton(stay)
        box.setEscapeButton(stay)
        informative = [
            tr("Keep it to compare: its curves stay on the plots, grey and dashed, beside the run from before."),
            tr("Save it: a model file to load again later."),
            tr("Discard it: the lesson's run is gone."),
        ]
        box.setInformativeText("\n".join(informative[0 if can_keep else 1 :]))
        box.exec()
        answer = buttons.get(box.clickedButton(), "cancel")
        box.deleteLater()  # a child of the window: else every question asked stays with it
        return answer

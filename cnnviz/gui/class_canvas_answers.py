"""What the network says about the class canvas's drawings: the phones' answers, computed on the NumPy copy of the
weights at most once a second and only when the weights or the drawings changed, and its score on the class's own
test set (the drawings held back) beside its MNIST accuracy.

The timer's answers are computed off the window's thread (a background job on a private copy of the weights: up to
400 drawings through the network took most of the window's time with 40 phones sending), one job at a time; the
answers are stored, and the phones told, back in the window's thread. :meth:`PhoneAnswers.refresh` answers at once
(the tests, and after the teacher acts).
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QObject, QTimer

from ..app import class_training
from ..app.inference import LocalModel
from .jobs import run_in_background
from .language import percent, tr

ANSWER_EVERY_MS = 1000
ANSWERS_AT_MOST = 400
"""The newest live drawings answered each time (a bigger net costs more per image)."""


class PhoneAnswers(QObject):
    """The phones' answers and the test set's score, for :class:`~.class_canvas.ClassCanvasWindow`: its
    ``timer`` runs while the canvas is open; ``label`` shows the score."""

    def __init__(self, state, panels, label, parent=None):
        super().__init__(parent)
        self.state, self.panels, self.label = state, panels, label
        self.model = state.class_canvas
        self.answered = None
        """(weights' version, live drawings) answered last: the same again is not answered again."""
        self.job = None
        """The background job answering now (None: none)."""
        self.private = LocalModel()
        """The background job's own copy of the weights (the window's are copied into it while no job runs)."""
        self.timer = QTimer(self)
        self.timer.setInterval(ANSWER_EVERY_MS)
        self.timer.timeout.connect(self.refresh_in_background)

    def stale(self) -> None:
        """A drawing accepted or a new net launched: answer at the next tick even if the count looks the same."""
        self.answered = None

    def classify(self, images: np.ndarray):
        return _classify(self.state.local.model, self.panels.classify.not_sure_calibration(), images)

    def refresh(self, force: bool = False) -> int:
        """The phones' answers on the weights now, when they or the drawings changed since the last time."""
        local = self.state.local
        if local.model is None:
            return 0
        key = (local.version, len(self.model.live_drawings()))
        if key == self.answered and not force:
            return 0
        self.answered = key
        answered = self.model.refresh_answers(self.classify, step=local.step, limit=ANSWERS_AT_MOST)
        self.show_test_set()
        return answered

    def refresh_in_background(self) -> bool:
        """The timer's tick: :meth:`refresh`'s answers computed by a background job; False when nothing changed,
        or a job is still answering (the next tick looks again)."""
        local = self.state.local
        if local.model is None or self.job is not None or not self.model.is_open:
            return False
        key = (local.version, len(self.model.live_drawings()))
        if key == self.answered:
            return False
        ids, images = self.model.to_answer(ANSWERS_AT_MOST)
        self.answered = key
        if not ids:
            return False
        # Copies (a new net's are not copied by load): the window's weights change in place 3 times a second.
        self.private.load(local.spec, {name: np.array(w, copy=True) for name, w in local.weights().items()}, local.step)
        step = local.step
        self.job = run_in_background(_classify, self.private.model, self.panels.classify.not_sure_calibration(), images)
        self.job.succeeded.connect(lambda result: self._answered(ids, result, step))
        self.job.failed.connect(self._failed)
        return True

    def stop(self) -> None:
        """The canvas ended: no more ticks, and the job answering now (if any) is not waited for."""
        self.timer.stop()
        if self.job is not None:
            self.job.cancel()
            self.job = None
            self.private = LocalModel()  # (the cancelled job may still be reading the old one)
        self.answered = None

    def _answered(self, ids, result, step: int) -> None:
        self.job = None
        probs, unsure = result
        self.model.store_answers(ids, probs, unsure, step)
        self.show_test_set()

    def _failed(self, _message: str, _details: str) -> None:
        self.job = None
        self.answered = None  # (tried again at the next tick)

    def show_test_set(self) -> None:
        images, labels = self.model.test_set()
        last, run = self.state.run.last_eval, self.state.run
        # A run of the class's own classes evaluates on their drawings, not on MNIST: no MNIST figure then.
        mnist = percent(last.test_accuracy, 1) if last is not None and not run.class_names else "–"
        if not len(labels) or self.state.local.model is None:
            self.label.setText(tr("Our test set: none held back yet · MNIST: {mnist}").format(mnist=mnist))
            return
        own = class_training.own_classes(self.model.classes)
        knows = not own or tuple(run.class_names or ()) == self.model.classes
        if not knows or self.state.local.model.shapes[-1] != (len(self.model.classes),):
            # The net in the window has other classes (the digits' net before a class net trained): a score on our
            # classes' drawings would compare its digits with their labels.
            self.label.setText(
                tr("Our test set: {count} held back; this network does not know our classes yet").format(
                    count=len(labels)
                )
            )
            return
        probs, _unsure = self.classify(images)
        right = int((probs.argmax(axis=1) == labels).sum())
        self.label.setText(
            tr("Our test set: {right} of {count} right · MNIST: {mnist}").format(
                right=right, count=len(labels), mnist=mnist
            )
        )


def _classify(model, calibration, images: np.ndarray):
    """``(probabilities, not sure)`` of ``model`` for (N, 28, 28) images (any thread, on a model no other uses)."""
    from ..classroom import uncertainty

    with np.errstate(over="ignore", invalid="ignore"):
        probs, _values, unsure = uncertainty.assess(model, images.astype(np.float32), calibration)
    return probs, unsure

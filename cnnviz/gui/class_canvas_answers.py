"""What the network says about the class canvas's drawings: the phones' answers, computed on the NumPy copy of the
weights at most once a second and only when the weights or the drawings changed, and its score on the class's own
test set (the drawings held back) beside its MNIST accuracy.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QObject, QTimer

from ..app import class_training
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
        self.timer = QTimer(self)
        self.timer.setInterval(ANSWER_EVERY_MS)
        self.timer.timeout.connect(self.refresh)

    def stale(self) -> None:
        """A drawing accepted or a new net launched: answer at the next tick even if the count looks the same."""
        self.answered = None

    def classify(self, images: np.ndarray):
        from ..classroom import uncertainty

        local = self.state.local
        calibration = self.panels.classify.not_sure_calibration()
        with np.errstate(over="ignore", invalid="ignore"):
            probs, _values, unsure = uncertainty.assess(local.model, images.astype(np.float32), calibration)
        return probs, unsure

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

"""The class's own handwriting: label drawings, see how well the network
reads them next to MNIST, and fine-tune it on them."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QSizePolicy, QVBoxLayout

from ...app.inference import accuracy_on
from ...classroom.drawings import DrawingStore, read_drawing
from ...translatable import N_, comma_list, in_language
from .. import accessibility, palette
from ..jobs import run_in_background
from ..language import number, percent, tr
from ..wrapped_label import WrappedLabel
from .common import ElidedLabel, LazyPanel, row_of
from .gallery import Gallery

SHOWN = 60


NOT_EVALUATED = N_("not evaluated yet")
"""The MNIST accuracy of weights no evaluation has measured (nor a loaded file stated); shown through ``tr``."""


NAME_CHARS = 10
"""A student's name under a drawing is cut to this many characters (the tooltip has it whole)."""


def short_name(student: str) -> str:
    return student if len(student) <= NAME_CHARS else student[: NAME_CHARS - 1] + "…"


class DrawingsPanel(LazyPanel):
    saveRequested = Signal(int)
    """The student says the drawing on the pad is this digit."""
    finetuneRequested = Signal()
    message = Signal(str, str)

    def __init__(self, store: DrawingStore, parent=None):
        super().__init__(tr("Our drawings"), tr("does the network read the class's handwriting?"), parent)
        self.store = store
        step = WrappedLabel(
            tr(
                "<b>1.</b> Draw a digit on the drawing pad.  <b>2.</b> Click the digit you meant: "
                "it is saved for the class."
            )
        )
        step.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.body.addWidget(step)
        digits = QHBoxLayout()
        digits.setSpacing(5)
        self.digit_buttons = []
        for d in range(10):
            button = QPushButton(str(d))
            button.setObjectName("digitButton")
            button.setMinimumSize(34, 42)
            button.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Fixed)
            button.setToolTip(tr("Save the drawing as a {digit}").format(digit=d))
            accessibility.set_name(button, tr("Save the drawing as a {digit}").format(digit=d))
            button.setStyleSheet("QPushButton { font-size: 17pt; font-weight: 700; padding: 2px; }")
            button.clicked.connect(lambda _c=False, d=d: self.saveRequested.emit(d))
            digits.addWidget(button)
            self.digit_buttons.append(button)
        self.body.addLayout(digits)
        self.student_edit = QLineEdit()
        self.student_edit.setPlaceholderText(tr("who drew it"))
        self.student_edit.setMaxLength(40)
        self.student_edit.setMinimumWidth(120)
        # Short: beside the two figures in a panel that shares a 1024x768 screen with the drawing pad.
        self.finetune_button = QPushButton(tr("Fine-tune"))
        self.finetune_button.setObjectName("primary")
        self.finetune_button.setToolTip(
            tr(
                "Fine-tune on our drawings: train the current network one pass more on "
                "MNIST mixed with the class's drawings (a quarter of the images), "
                "starting from its current weights"
            )
        )
        self.finetune_button.setSizePolicy(QSizePolicy.Minimum, QSizePolicy.Fixed)
        name_row = QHBoxLayout()
        name_row.addWidget(row_of(QLabel(tr("Name (optional)")), self.student_edit))
        name_row.addStretch(1)
        self.body.addLayout(name_row)

        self.ours_label = QLabel("–")
        self.ours_label.setStyleSheet(f"font-size: 26pt; font-weight: 800; color: {palette.NAVY};")
        self.ours_caption = WrappedLabel(tr("our drawings"))
        self.mnist_label = WrappedLabel()  # "noch nicht ausgewertet" on two lines where the column is narrow
        self.set_mnist_accuracy(None)
        mnist_caption = WrappedLabel(tr("the MNIST test set"))
        pair = QHBoxLayout()
        pair.setSpacing(16)
        for big, caption in ((self.ours_label, self.ours_caption), (self.mnist_label, mnist_caption)):
            column = QVBoxLayout()
            column.setSpacing(0)
            big.setAlignment(Qt.AlignCenter)
            caption.setAlignment(Qt.AlignCenter)
            caption.setMinimumWidth(100)
            column.addWidget(big)
            column.addWidget(caption)
            pair.addLayout(column, 1)
        # Beside the two figures it changes (one row less: at 1024x768 the pad and the collection share
        # the screen in presenter mode).
        pair.addWidget(self.finetune_button, 0, Qt.AlignVCenter)
        self.body.addLayout(pair)

        self.counts_label = WrappedLabel("")
        self.counts_label.setObjectName("hint")
        self.counts_label.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.body.addWidget(self.counts_label)
        self.gallery = Gallery(56)
        self.gallery.placeholder = tr("The class's drawings appear here.")
        accessibility.set_name(
            self.gallery,
            tr("The class's drawings"),
            tr("Each drawing with its label, what the network reads and a check mark or a cross"),
        )
        self.body.addWidget(self.gallery, 1)
        folder_row = QHBoxLayout()
        self.folder_label = ElidedLabel("", mode=Qt.ElideMiddle)  # a path: its start and its end stay
        self.folder_label.setObjectName("hint")
        self.folder_label.setTextInteractionFlags(Qt.TextSelectableByMouse)
        folder_row.addWidget(self.folder_label, 1)
        self.open_button = QPushButton(tr("Open folder"))
        self.open_button.clicked.connect(self._open_folder)
        folder_row.addWidget(self.open_button)
        self.delete_button = QPushButton(tr("Delete selected"))
        self.delete_button.setToolTip(tr("Remove a scribble or a wrongly labelled drawing"))
        self.delete_button.clicked.connect(self.delete_selected)
        folder_row.addWidget(self.delete_button)
        self.body.addLayout(folder_row)
        self.finetune_button.clicked.connect(self.finetuneRequested.emit)
        self.ours_caption.setText(tr("our drawings"))

        self.images = np.zeros((0, 28, 28), np.float32)
        self.labels = np.zeros(0, np.int64)
        self.entries = []
        self.accuracy: float | None = None
        self.before_finetune: float | None = None
        """The drawings' accuracy before the fine-tuning run that made the current weights (None: none)."""
        self.predictions: np.ndarray | None = None
        self.model = None
        """The model the drawings are judged with."""
        self._loading = None
        """The background job reading the folder (a class's folder may hold thousands of drawings)."""
        self._changed_while_loading = False
        self.reload()

    # --- store -----------------------------------------------------------------------------------
    def reload(self) -> None:
        """Read the folder again, off the GUI thread; the panel shows what it had until then."""
        self.folder_label.setText(tr("Saved in {folder}").format(folder=self.store.folder))
        if self._loading is not None:
            self._loading.cancel()
        self._changed_while_loading = False
        self.counts_label.setText(
            tr("Reading the class's drawings…") if not len(self.labels) else self.counts_label.text()
        )
        self._loading = run_in_background(self.store.load_entries)
        self._loading.succeeded.connect(self._loaded)
        self._loading.failed.connect(
            lambda message, _details: self.message.emit(
                tr("Could not read the drawings folder: {error}").format(error=message), "error"
            )
        )

    @property
    def loading(self) -> bool:
        return self._loading is not None and self._loading.running

    def _loaded(self, result) -> None:
        self._loading = None
        if self._changed_while_loading:  # a drawing was saved or deleted meanwhile: read the folder again
            self.reload()
            return
        self.entries, self.images, self.labels = result
        self._changed()

    def _changed(self) -> None:
        counts = np.bincount(self.labels, minlength=10) if len(self.labels) else np.zeros(10, int)
        missing = [str(d) for d in range(10) if counts[d] == 0]
        per_digit = " · ".join(f"{d}:\u00a0{counts[d]}" for d in range(10))  # ("7:" never ends a line, "0" alone)
        text = (
            tr("{count} drawings · {per_digit} · still missing: {missing}")
            if missing and len(self.labels)
            else tr("{count} drawings · {per_digit}")
        )
        self.counts_label.setText(
            text.format(count=len(self.labels), per_digit=per_digit, missing=in_language(comma_list(missing), tr))
        )
        self.finetune_button.setEnabled(len(self.labels) > 0)
        self.predictions = None
        self.before_finetune = None  # other drawings: the comparison no longer holds
        self.refresh()

    def save(self, image28: np.ndarray, raw: np.ndarray | None, label: int, student: str | None = None) -> bool:
        """Store a drawing as ``label``, by ``student`` (None: the name typed in the panel)."""
        try:
            path = self.store.add(
                image28, int(label), self.student_edit.text() if student is None else student, raw=raw
            )
            pixels = read_drawing(path)  # as stored (8-bit), as the folder will be read next time
        except Exception as exc:  # ValueError (blank drawing), OSError (disk, permissions)
            self.message.emit(tr("Could not save the drawing: {exc}").format(exc=exc), "error")
            return False
        # Added to what is shown, not by reading the whole folder again (a class's folder grows all lesson).
        self._changed_while_loading = self.loading
        self.entries = [*self.entries, self.store.describe(path)]
        self.images = np.concatenate([self.images, pixels[None]])
        self.labels = np.append(self.labels, np.int64(label))
        self._changed()
        self.message.emit(
            tr("Saved as a {digit} ({count} drawings in {folder})").format(
                digit=label, count=len(self.labels), folder=path.parent
            ),
            "info",
        )
        return True

    def delete_selected(self) -> None:
        item = self.gallery.currentItem()
        if item is None:
            return
        row = self.gallery.row(item)
        entries = list(reversed(self.entries))[:SHOWN]
        if 0 <= row < len(entries):
            try:
                self.store.remove(entries[row])
            except Exception as exc:
                self.message.emit(tr("Could not delete the drawing: {exc}").format(exc=exc), "error")
                return
            self._changed_while_loading = self.loading
            keep = len(self.entries) - 1 - row  # the gallery shows the newest first
            self.entries = self.entries[:keep] + self.entries[keep + 1 :]
            self.images = np.delete(self.images, keep, axis=0)
            self.labels = np.delete(self.labels, keep)
            self._changed()

    def _open_folder(self) -> None:
        self.store.folder.mkdir(parents=True, exist_ok=True)
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(self.store.folder)))

    # --- accuracy --------------------------------------------------------------------------------
    def set_model(self, model) -> None:
        """The model to judge the drawings with (evaluated when the tab is open)."""
        self.model = model
        self.invalidate()

    def evaluated(self, event) -> None:
        """A test evaluation ended (observed through the registry): the MNIST figure beside ours, and the
        drawings judged again by the weights now."""
        self.set_mnist_accuracy(event.test_accuracy)
        self.invalidate()

    def start_over(self) -> None:
        """Other weights (a new run, a reset, a loaded model): no MNIST figure, no fine-tuning comparison."""
        self.set_mnist_accuracy(None)
        self.before_finetune = None
        self.invalidate()

    def accuracy_now(self) -> float | None:
        """The current model's accuracy on the drawings (None: no model or no drawings)."""
        return accuracy_on(self.model, self.images, self.labels)

    def began_finetune(self, before: float | None) -> None:
        """A fine-tuning run started from weights that read ``before`` of the drawings: the panel shows
        that figure beside the new one, apart from MNIST's."""
        self.before_finetune = before
        self.invalidate()

    def history_replaced(self, _run, test_accuracy: float | None) -> None:
        self.set_mnist_accuracy(test_accuracy)

    def set_mnist_accuracy(self, accuracy: float | None) -> None:
        self.mnist_label.setText(tr(NOT_EVALUATED) if accuracy is None else percent(accuracy, 1))
        size = "13pt" if accuracy is None else "26pt"  # the words in smaller type: the column stays narrow
        self.mnist_label.setStyleSheet(f"font-size: {size}; font-weight: 800; color: {palette.BLUISH_GREEN};")

    def draw(self) -> None:
        """Judge the drawings with the model: the accuracy and the gallery's captions."""
        n = len(self.labels)
        if self.model is not None and n:
            probs = self.model.predict_proba(self.images[:, None], batch_size=500)
            self.predictions = probs.argmax(axis=1)
            correct = int((self.predictions == self.labels).sum())
            self.accuracy = correct / n
            self.ours_label.setText(percent(self.accuracy, 0))
            if self.before_finetune is None:
                self.ours_caption.setText(tr("our drawings ({correct} of {n})").format(correct=correct, n=n))
                self.ours_caption.setToolTip("")
            else:
                self.ours_caption.setText(
                    tr("our drawings ({correct} of {n}), {before_finetune:.0f}% before fine-tuning").format(
                        correct=correct, n=n, before_finetune=number(100 * self.before_finetune)
                    )
                )
                self.ours_caption.setToolTip(
                    tr("Measured on the drawings the network was fine-tuned on: new drawings are the fair test.")
                )
        else:
            self.accuracy = None
            self.predictions = None
            self.ours_label.setText("–")
            self.ours_caption.setText(tr("our drawings (none yet)") if not n else tr("our drawings"))
        self._show_gallery()

    def _show_gallery(self) -> None:
        order = np.arange(len(self.labels))[::-1][:SHOWN]  # newest first
        captions, borders, tips = [], [], []
        for i in order:
            label = int(self.labels[i])
            entry = self.entries[i] if i < len(self.entries) else None
            student = entry.student if entry is not None and entry.student else ""
            name = f"\n{short_name(student)}" if student else ""  # who drew it, under the verdict
            if self.predictions is None:
                captions.append(f"{label}{name}")
                borders.append(None)
                tips.append(
                    (tr("labelled {label} by {student}") if student else tr("labelled {label}")).format(
                        label=label, student=student
                    )
                )
            else:
                p = int(self.predictions[i])
                verdict = palette.verdict(p == label)
                captions.append(f"{label} → {p} {verdict.mark}{name}")
                borders.append(verdict.border)
                tips.append(
                    (
                        tr("labelled {label} by {student}; the network reads {answer}, {verdict}")
                        if student
                        else tr("labelled {label}; the network reads {answer}, {verdict}")
                    ).format(label=label, student=student, answer=p, verdict=tr(verdict.word))
                )
        self.gallery.show_images(self.images[order], [-1] * len(order), captions, borders, tips)

"""The drawing pad: what the network makes of a drawing or of an opened photo (and whether it is not
sure), and the class's own handwriting (keep a drawing with the digit it was meant to be, fine-tune on
MNIST mixed with them)."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QFileDialog

from ..classroom.drawings import FINETUNE_MNIST_SAMPLES, finetune_dataset
from ..data.drawing import ImageError, load_digit_picture, preprocess_digit
from ..data.limits import shorten
from ..translatable import N_
from .dialog_folders import DialogFolder
from .jobs import Job, run_in_background
from .language import ALL_FILES, file_filter, grouped, tr

IMAGE_FILES = (N_("Images"), "*.png *.jpg *.jpeg *.bmp *.gif *.tif *.tiff *.webp")

RECLASSIFY_S = 2.0
"""While training, the drawing is classified with the newest weights at most this often."""


class DrawingPad(QObject):
    """Given the app state (it gives it the drawing's network input: the feature maps observe that), the panels,
    the sidebar (the data set chosen), the banner, and the run control (fine-tuning)."""

    def __init__(self, state, panels, controls, banner, runs, parent=None):
        super().__init__(parent)
        self.state, self.panels, self.controls, self.banner = state, panels, controls, banner
        self.runs = runs
        # The many mouse moves of one event-loop pass make one inference.
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.classify)
        self._input: np.ndarray | None = None
        """The drawing's 28x28 network input, kept until the drawing changes (new weights reuse it)."""
        self._last_reclassify = 0.0
        self._input_version = 0
        self._classified: tuple | None = None
        """(input version, weights version) of the probabilities shown."""
        self._image_job: Job | None = None
        self.image_folder = DialogFolder()
        self._image_name = ""
        pad = panels.classify
        pad.drawingChanged.connect(self._on_changed)
        pad.fileDropped.connect(self.open_image)
        pad.openRequested.connect(self.open_image_dialog)
        state.events.weights.connect(self.classify)
        state.events.weights.connect(self._calibrate_new_weights)

    def _on_changed(self) -> None:
        self._input = None
        if not self._timer.isActive():
            self._timer.start()

    def reclassify(self, every_s: float = RECLASSIFY_S) -> None:
        """New weights arrived: the drawing's probabilities again, at most once per ``every_s``
        (they move slowly; a new drawing is classified at once by :meth:`classify`)."""
        now = time.perf_counter()
        if self.panels.classify.drawing_empty or now - self._last_reclassify < every_s:
            return
        self._last_reclassify = now
        self.classify()

    def classify(self) -> None:
        """The 28x28 input and the probabilities for the drawing (on the NumPy copy of the weights)."""
        p = self.panels
        local, pad = self.state.local, p.classify
        if pad.drawing_empty:
            p.classify.show_input(np.zeros((28, 28), np.float32))
            p.classify.show_probabilities(None)
            self._classified = None
            self.state.set_drawing_input(None)  # (the live view and the panels observe the app model's drawing)
        else:
            image = self._input
            if image is None:
                image = pad.picture_input
                if image is None:
                    image = preprocess_digit(pad.drawing(), allow_blank=True)
                self._input = image
                self._input_version += 1
                p.classify.show_input(image)
                self.state.set_drawing_input(image)
            key = (self._input_version, local.version)
            if local.model is not None and key != self._classified:  # not the same answer again
                self._classified = key
                note = (
                    tr("weights of step {step}").format(step=local.step) if local.trained else tr("untrained weights")
                )
                probs, score = local.classify(image)
                p.classify.show_probabilities(probs, note, score)

    def calibrate_now(self) -> None:
        """Calibrate "not sure" for the weights now in the NumPy model, unless a calibration is there."""
        if self.panels.classify.calibration is None:
            self._calibrate_new_weights()

    def _calibrate_new_weights(self) -> None:
        """Other trained weights (a loaded model, a run's final ones): calibrate "not sure" for them."""
        local = self.state.local
        if local.model is not None and local.trained:
            self.panels.classify.recalibrate(local.spec, local.weights(), local.step)

    # --- photos ---------------------------------------------------------------------------------------
    def open_image_dialog(self) -> None:
        """File > Open image… (Ctrl+O), the canvas's right-click menu."""
        path, _ = QFileDialog.getOpenFileName(
            self.panels.classify,
            tr("Open an image of a digit"),
            self.image_folder.start(),
            file_filter(IMAGE_FILES, ALL_FILES),
        )
        if path:
            self.image_folder.chose(path)
            self.open_image(path)

    def open_image(self, path: str) -> Job:
        """Read a photo or scan (``cnnviz predict``'s loader: bounded size, the same preprocessing) in the
        background, then show it on the canvas and classify it; a file that cannot be read says why in
        the banner (the canvas keeps what it showed)."""
        if self._image_job is not None:
            self._image_job.cancel()
        job = self._image_job = run_in_background(load_digit_picture, path)
        self._image_name = shorten(Path(path).name, 60)
        # Bound methods, not lambdas: Qt drops the connections when the pad goes (a closed window).
        job.succeeded.connect(self._show_picture)
        job.failed.connect(self._picture_failed)
        return job

    def _show_picture(self, result) -> None:
        network_input, gray = result
        name = self._image_name
        self.panels.classify.show_picture(gray, network_input, name)
        self.banner.show_message(
            tr(
                "Opened {name}: the network gets it as the 28×28 input beside the canvas. "
                "Draw on the canvas (or press C) to draw again."
            ).format(name=name),
            "info",
            auto_hide_ms=6000,
        )

    def _picture_failed(self, message: str, details: str) -> None:
        # ImageError says what is wrong with the file, in words; anything else is a bug, shown as such.
        text = message.split(": ", 1)[1] if message.startswith(f"{ImageError.__name__}: ") else message
        self.banner.show_message(tr("Cannot open this image: {why}").format(why=shorten(text, 300)), "error", details)

    def save(self, label: int) -> bool:
        """The drawing on the pad, labelled ``label``; the pad is cleared for the next student."""
        pad, drawings = self.panels.classify, self.panels.drawings
        if pad.drawing_empty:
            self.banner.show_message(
                tr("Draw a digit on the pad first, then click which digit it is."), "warning", auto_hide_ms=6000
            )
            return False
        if pad.picture_shown:
            self.banner.show_message(
                tr(
                    "An opened photo is shown: the class drawings keep drawings made on the pad. "
                    "Draw the digit on the pad, then click which digit it is."
                ),
                "warning",
                auto_hide_ms=6000,
            )
            return False
        raw = pad.drawing()
        if not drawings.save(preprocess_digit(raw, allow_blank=True), raw, label):
            return False
        drawings.set_model(self.state.local.model)
        pad.clear_drawing()
        return True

    def finetune(self) -> bool:
        """Train on MNIST mixed with the class's drawings, from the current weights."""
        state, banner = self.state, self.banner
        if state.dataset is None:
            banner.show_message(tr("No data set is loaded."), "error")
            return False
        if state.dataset.num_classes != 10 or self.controls.dataset != "mnist":
            banner.show_message(tr("Fine-tuning on drawings needs the MNIST digits data set."), "warning")
            return False
        self.runs.stop_run(wait=True)
        drawings = self.panels.drawings
        try:
            # The drawings the panel holds: the folder is not read again on the GUI thread.
            dataset = finetune_dataset(state.dataset, drawings.images, drawings.labels, seed=state.seed)
        except Exception as exc:  # ValueError: no drawings yet
            banner.show_message(tr("Cannot fine-tune: {exc}").format(exc=exc), "warning")
            return False
        label = tr("Fine-tuning on {count} class drawings").format(count=len(drawings.labels))  # "… finished."
        before = drawings.accuracy_now()
        if not self.runs.launch(
            dataset=dataset,
            initial_weights=state.local.weights(),
            label=label,
            config_changes={"epochs": 1.0, "steps": None, "train_samples": None},
        ):
            return False
        drawings.began_finetune(before)
        mnist = min(FINETUNE_MNIST_SAMPLES, len(state.dataset.train_labels))
        banner.show_message(
            tr(
                "{label}: one pass over {count:,} images, {mnist:,} of them MNIST digits (so that it keeps "
                "reading MNIST) and the drawings repeated to make up the rest, from the current weights. Class "
                "drawings shows the drawings' accuracy before and after, apart from MNIST's (the MNIST test accuracy "
                "is on MNIST's own test images)."
            ).format(label=label, count=grouped(len(dataset.train_labels)), mnist=grouped(mnist)),
            "info",
            auto_hide_ms=15000,
        )
        return True

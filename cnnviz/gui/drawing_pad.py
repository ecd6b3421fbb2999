"""The drawing pad: what the network makes of a drawing, and the class's own handwriting
(keep a drawing with the digit it was meant to be, fine-tune on MNIST mixed with them)."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QObject, QTimer

from ..data.drawing import preprocess_digit


class DrawingPad(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.window = window
        # The many mouse moves of one event-loop pass make one inference.
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.classify)
        window.panels.classify.canvas.changed.connect(self._on_changed)

    def _on_changed(self) -> None:
        if not self._timer.isActive():
            self._timer.start()

    def classify(self) -> None:
        """The 28x28 input and the probabilities for the drawing (on the NumPy copy of the weights)."""
        window, p = self.window, self.window.panels
        local, canvas = window.local, p.classify.canvas
        if canvas.is_empty:
            p.classify.show_input(np.zeros((28, 28), np.float32))
            p.classify.show_probabilities(None)
            p.why.set_drawing(None)
        else:
            image = preprocess_digit(canvas.to_array(), allow_blank=True)
            p.classify.show_input(image)
            p.why.set_drawing(image)
            if local.model is not None:
                note = f"weights of step {local.step}" if local.trained else "untrained weights"
                p.classify.show_probabilities(local.predict(image), note)
        if p.feature_maps.use_drawing:
            window.live_view.dirty = True
            if not window.session.active:
                window.live_view.show_local()

    def save(self, label: int) -> bool:
        """The drawing on the pad, labelled ``label``; the pad is cleared for the next student."""
        window = self.window
        canvas, drawings = window.panels.classify.canvas, window.panels.drawings
        if canvas.is_empty:
            window.banner.show_message("Draw a digit on the pad first, then click which digit it is.", "warning",
                                       auto_hide_ms=6000)
            return False
        raw = canvas.to_array()
        if not drawings.save(preprocess_digit(raw, allow_blank=True), raw, label):
            return False
        drawings.set_model(window.local.model)
        canvas.clear()
        return True

    def finetune(self) -> bool:
        """Train on MNIST mixed with the class's drawings, from the current weights."""
        window = self.window
        if window.dataset is None:
            window.banner.show_message("No data set is loaded.", "error")
            return False
        if window.dataset.num_classes != 10 or window.controls.dataset != "mnist":
            window.banner.show_message("Fine-tuning on drawings needs the MNIST digits data set.", "warning")
            return False
        window.stop_run(wait=True)
        drawings = window.panels.drawings
        try:
            dataset = drawings.store.finetune_dataset(window.dataset, seed=window.seed)
        except Exception as exc:  # ValueError: no drawings yet
            window.banner.show_message(f"Cannot fine-tune: {exc}", "warning")
            return False
        label = f"Fine-tuning on {len(drawings.labels)} class drawings"
        if not window.launch(dataset=dataset, initial_weights=window.local.weights(), label=label,
                             config_changes={"epochs": 1.0, "steps": None, "train_samples": None}):
            return False
        window.banner.show_message(f"{label} mixed with MNIST ({len(dataset.train_labels):,} images, one pass), "
                                   "continuing from the current weights.", "info", auto_hide_ms=10000)
        return True

"""Why did it say that? Saliency and occlusion maps over the input.

Both are computed as soon as the tab is seen and again after each test
evaluation (and when the input changes, or Update is pressed), on a private
NumPy copy of the latest weights (``model_from_weights``) and as a background
job (:mod:`..jobs`), so neither the trainer's model nor the GUI thread is ever
held up. A hidden tab computes nothing: it catches up when it is shown.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QComboBox, QLabel, QPushButton, QSizePolicy, QSpinBox

from ...classroom.saliency import model_from_weights, occlusion_map, saliency_map
from .. import accessibility, palette
from ..jobs import Job
from ..language import grouped, number, tr
from ..wrapped_label import WrappedLabel
from .common import JobPanel, row_of
from .input_source import DrawingOrTestImage, InputSource
from .pictures import keep_captions_within, titled_image_row
from .why_arrangement import PicturesArrangement, captions

HEAT = palette.HEAT_LUT.astype(np.float64)


def _heat_rgb(strength: np.ndarray) -> np.ndarray:
    """[0, 1] -> the perceptually uniform sequential map (dark purple - orange - yellow)."""
    return HEAT[np.rint(np.clip(strength, 0, 1) * (len(HEAT) - 1)).astype(int)]


def overlay(image: np.ndarray, values: np.ndarray, signed: bool) -> np.ndarray:
    """The grey input with ``values`` painted over it: (28, 28, 3) uint8.

    Unsigned (saliency): |values| on the sequential map (strong: bright yellow), transparent where small.
    Signed (occlusion): vermillion where hiding the pixel lowers the class's
    probability (evidence for it), blue where it raises it (evidence against).
    """
    image = np.clip(np.asarray(image, dtype=np.float64), 0, 1)
    values = np.nan_to_num(np.asarray(values, dtype=np.float64))
    base = np.repeat((0.25 + 0.45 * image)[..., None] * 255.0, 3, axis=2)  # dimmed input: the colours stand out
    limit = float(np.percentile(np.abs(values), 99)) or float(np.abs(values).max()) or 1.0
    scaled = np.clip(values / limit, -1, 1)
    if signed:
        colour = np.where(
            (scaled >= 0)[..., None], np.array(palette.POSITIVE_RGB, float), np.array(palette.NEGATIVE_RGB, float)
        )
        alpha = np.abs(scaled)[..., None] ** 0.8
    else:
        strength = np.abs(scaled)
        colour = _heat_rgb(strength)
        alpha = np.clip((strength - 0.1) / 0.6, 0, 1)[..., None] ** 1.2  # faint gradients stay invisible
    return np.clip(base * (1 - alpha) + colour * alpha, 0, 255).astype(np.uint8)


def explain(
    spec: str, weights: dict, step: int, image: np.ndarray, target: int | None, patch: int, what: InputSource
) -> dict:
    """Saliency and occlusion maps of ``image`` for class ``target`` (None: the predicted one). No Qt:
    it runs as a background job."""
    model = model_from_weights(spec, weights)
    probs = model.predict_proba(image[None, None])[0]
    cls = int(np.argmax(probs)) if target is None else int(target)
    saliency = saliency_map(model, image, cls)
    occlusion = occlusion_map(model, image, patch=patch, stride=max(1, patch // 3), target=cls)
    return {
        "image": image,
        "saliency": saliency,
        "occlusion": occlusion,
        "probs": probs,
        "cls": cls,
        "step": step,
        "what": what,
    }


class WhyPanel(DrawingOrTestImage, JobPanel, PicturesArrangement):
    key = "why"
    inputChosen = Signal(bool)
    """The user asks to work on the drawing (True) or on the test image (the model answers: ``show_own_input``)."""

    def __init__(self, parent=None):
        super().__init__(
            tr("Why did it say that?"), tr("on a copy of the latest weights, after each evaluation"), parent
        )
        self.make_input_choice()
        self.update_button = QPushButton(tr("Update"))
        self.update_button.setToolTip(tr("Compute again with the latest weights"))
        self.class_combo = QComboBox()
        self.class_names = [str(d) for d in range(10)]
        """The classes the weights name (the digits, or the class's own classes: :meth:`show_classes`)."""
        self._fill_class_combo()
        self.class_combo.setToolTip(tr("Which class's evidence to show (default: the one the network chose)"))
        self.patch_spin = QSpinBox()
        self.patch_spin.setRange(2, 14)
        self.patch_spin.setValue(6)
        self.patch_spin.setSuffix(" px")
        self.patch_spin.setToolTip(tr("Side of the black square slid over the image for the occlusion map"))
        self.add_toolbar_widget(
            row_of(QLabel(tr("Explain")), self.test_radio, self.drawing_radio),
            self.update_button,
            row_of(QLabel(tr("evidence for class")), self.class_combo),
            row_of(QLabel(tr("occlusion patch")), self.patch_spin),
        )
        accessibility.set_name(self.class_combo, tr("evidence for class"), self.class_combo.toolTip())
        accessibility.set_name(self.patch_spin, tr("Occlusion patch size"), self.patch_spin.toolTip())

        self.source_label = WrappedLabel("")
        self.source_label.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.body.addWidget(self.source_label)
        self.graphics = pg.GraphicsLayoutWidget()
        accessibility.set_name(
            self.graphics,
            tr("Saliency and occlusion maps"),
            tr(
                "The input; where a change would "
                "move the score most; where hiding the image hurts (orange) or helps (blue)"
            ),
        )
        self.graphics.ci.setSpacing(8)
        self.body.addWidget(self.graphics, 1)
        self.titles, self.views = titled_image_row(self.graphics.ci, captions())
        self.fit_captions = keep_captions_within(self.graphics, self.titles)
        self.explain_label = WrappedLabel("")
        self.explain_label.setObjectName("hint")
        self.explain_label.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.explain_label.setText(
            tr(
                "Saliency: the gradient of the class score with respect to each pixel (exact, one backward pass). "
                "Occlusion: a black square slides over the image and we watch the probability drop."
            )
        )
        self.body.addWidget(self.explain_label)
        self.arranging = QTimer(self)  # (after the layout pass that changed the sizes: one arrangement)
        self.arranging.setSingleShot(True)
        self.arranging.setInterval(0)
        self.arranging.timeout.connect(self.arrange)
        self.graphics.centralWidget.geometryChanged.connect(self.arranging.start)
        self.views[0][0].sigResized.connect(self.arranging.start)  # (captions wrapped: the same row, lower pictures)

        self.model_source: tuple[str, dict, int] | None = None
        """(spec, weights, step) of the latest weights."""
        self.result: dict | None = None
        self.saliency_rgb: np.ndarray | None = None
        self.occlusion_rgb: np.ndarray | None = None
        self.job: Job | None = None
        self.dirty = True
        self.update_button.clicked.connect(lambda: self.request(force=True))
        self.class_combo.currentIndexChanged.connect(lambda _i: self.invalidate())
        self.patch_spin.valueChanged.connect(lambda _v: self.invalidate())

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        self.arranging.start()  # (sized while hidden, the arrangement waited: :meth:`arrange`)

    # --- inputs ------------------------------------------------------------------------
    def _fill_class_combo(self) -> None:
        combo = self.class_combo
        combo.blockSignals(True)
        combo.clear()
        combo.addItem(tr("predicted"), None)
        for index, name in enumerate(self.class_names):
            combo.addItem(name, index)
        combo.blockSignals(False)

    def show_classes(self, class_names, dataset) -> None:
        """The classes the weights now name (observed): the evidence is asked for, and the answer said, by name."""
        names = [str(name) for name in (class_names or ())] or [str(d) for d in range(10)]
        if names != self.class_names:
            self.class_names = names
            self._fill_class_combo()
            self.invalidate()

    def set_weights(self, spec: str, weights: dict, step: int) -> None:
        """The latest weights (no copy: Snapshot weights are never modified). The first ones are
        explained at once (when seen); later ones after the next evaluation (:meth:`evaluated`)."""
        first = self.model_source is None or self.result is None
        self.model_source = (spec, weights, step)
        if first:
            self.invalidate()
        elif self.result.get("step") != step:
            self.update_button.setText(tr("Update (step {step:,})").format(step=grouped(step)))

    def evaluated(self, _event=None) -> None:
        """A test evaluation happened: explain again with the latest weights (now if seen, else when shown)."""
        self.invalidate()

    def clear_result(self) -> None:
        """Other weights: what was shown explained the old ones."""
        self.cancel_job()
        self.result = None
        self.saliency_rgb = self.occlusion_rgb = None
        for _view, item in self.views:
            item.clear()
        self.source_label.setText("")
        self.update_button.setText(tr("Update"))
        self.dirty = True

    # --- computing -------------------------------------------------------------------------
    def draw(self) -> None:
        self.request()

    def request(self, force: bool = False) -> bool:
        """Start a background computation for the current input; False when there is nothing to explain."""
        image, source = self.current_input()
        if image is None or self.model_source is None:
            self.source_label.setText(
                tr("Nothing to explain yet: there are no weights (start training or load a model).")
                if image is not None
                else source.say(
                    tr("Nothing to explain yet: draw a digit on the pad first."),
                    tr("Nothing to explain yet: no test image is loaded yet."),
                )
            )
            self.dirty = True
            return False
        if self.waits_for_job(force):
            return True  # computed again when the running job ends
        spec, weights, step = self.model_source
        self.source_label.setText(
            source.say(
                tr("Explaining your drawing with the weights of step {step}…"),
                tr("Explaining test image #{index} (true label {label}) with the weights of step {step}…"),
                step=step,
            )
        )
        self.start_job(
            explain,
            spec,
            weights,
            step,
            np.array(image, dtype=np.float32),
            self.class_combo.currentData(),
            self.patch_spin.value(),
            source,
        )
        return True

    def show_failure(self, message: str, details: str) -> None:
        self.source_label.setText(tr("Could not explain: {message}").format(message=message))
        self.source_label.setToolTip(details)

    def show_result(self, result: dict) -> None:
        self.result = result
        image = result["image"]
        self.saliency_rgb = overlay(image, result["saliency"], signed=False)
        self.occlusion_rgb = overlay(image, result["occlusion"], signed=True)
        (v0, i0), (v1, i1), (v2, i2) = self.views
        i0.setImage(image, autoLevels=False, levels=(0.0, 1.0))
        i1.setImage(self.saliency_rgb, autoLevels=False, levels=(0, 255))
        i2.setImage(self.occlusion_rgb, autoLevels=False, levels=(0, 255))
        for view in (v0, v1, v2):
            view.autoRange(padding=0.01)
        probs, cls = result["probs"], result["cls"]
        best = int(np.argmax(probs))
        names = self.class_names if len(self.class_names) == len(probs) else [str(i) for i in range(len(probs))]
        chosen = (
            ""
            if cls == best
            else tr("; showing the evidence for <b>{digit}</b> ({percent}%)").format(
                digit=names[cls], percent=f"{number(100 * probs[cls]):.0f}"
            )
        )
        self.source_label.setText(
            result["what"].say(
                tr("Your drawing: the network says <b>{answer}</b> ({percent}% sure){chosen} · weights of step {step}"),
                tr(
                    "Test image #{index} (true label {label}): the network says <b>{answer}</b> ({percent}% "
                    "sure){chosen} · "
                    "weights of step {step}"
                ),
                answer=names[best],
                percent=f"{number(100 * probs[best]):.0f}",
                chosen=chosen,
                step=result["step"],
            )
        )
        self.update_button.setText(tr("Update"))

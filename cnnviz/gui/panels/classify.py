"""Draw a digit; see the 28x28 image the network gets and its ten probabilities."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import QBoxLayout, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QSlider, QVBoxLayout

from ...app import classify_layout
from ...app.classify_layout import INPUT_PX
from ...classroom.uncertainty import not_sure_reason
from .. import accessibility, theme
from ..canvas import DrawingCanvas
from ..language import number, tr
from ..not_sure import NotSureCalibration
from ..wrapped_label import WrappedLabel
from .classify_arrangement import DrawArrangement
from .classify_bars import PLAIN, ProbabilityBars
from .common import Panel, never_raises
from .pictures import image_view, show


class ClassifyPanel(Panel, DrawArrangement):
    drawingChanged = Signal()
    """The drawing on the canvas changed (a stroke, a clear, a picture shown)."""
    fileDropped = Signal(str)
    """An image file was dropped on the canvas (its path)."""
    openRequested = Signal()
    """Open image was asked for on the canvas."""

    def __init__(self, parent=None):
        super().__init__(tr("Draw and classify"), "", parent)
        self._described_answer = None  # (class, not sure) last described: spoken again only when it changes
        # The canvas and what the network makes of it sit side by side in a wide panel and one
        # above the other in a tall one, whichever gives the bigger canvas (see resizeEvent).
        self.box = QBoxLayout(QBoxLayout.LeftToRight)
        self.box.setSpacing(classify_layout.SPACING_PX)
        self.body.addLayout(self.box, 1)

        # the canvas and its tools
        left = QVBoxLayout()
        self.canvas = DrawingCanvas()
        accessibility.set_name(
            self.canvas,
            tr("Drawing canvas"),
            tr(
                "Draw a digit here with the mouse or a pen; the "
                "network classifies it as you draw. C clears it. Drop an image file here, or "
                "right-click and Open image, to classify a photo or scan."
            ),
        )
        left.addWidget(self.canvas, 1)
        self.canvas.changed.connect(self.drawingChanged)
        self.canvas.fileDropped.connect(self.fileDropped)
        self.canvas.openRequested.connect(self.openRequested)
        tools = QHBoxLayout()
        self.clear_button = QPushButton(tr("Clear"))
        self.clear_button.setToolTip(tr("Clear the drawing (C)"))
        tools.addWidget(self.clear_button)
        tools.addWidget(QLabel(tr("stroke")))
        self.width_slider = QSlider(Qt.Horizontal)
        self.width_slider.setRange(8, 40)
        self.width_slider.setValue(int(self.canvas.stroke_width))
        self.width_slider.setToolTip(tr("Stroke width"))
        accessibility.set_name(self.width_slider, tr("Stroke width"))
        self.width_slider.setMinimumWidth(60)
        tools.addWidget(self.width_slider, 1)
        left.addLayout(tools)
        self.canvas.keep_moves_over(self.clear_button, self.width_slider)
        self.canvas_column = left
        self.box.addLayout(left, 1)

        # what the network sees, the prediction, the probabilities
        self.side = QBoxLayout(QBoxLayout.TopToBottom)
        self.side.setSpacing(6)
        top = QHBoxLayout()
        seen = QVBoxLayout()
        seen_title = QLabel(tr("input"))
        self.seen_title = seen_title
        seen_title.setObjectName("hint")
        seen_title.setToolTip(tr("What the network gets: your drawing as 28×28 pixels, centred like MNIST"))
        seen.addWidget(seen_title)
        self.input_graphics = pg.GraphicsLayoutWidget()
        self.input_graphics.setFixedSize(INPUT_PX, INPUT_PX)
        accessibility.set_name(
            self.input_graphics,
            tr("Network input"),
            tr("Your drawing as the 28 by 28 pixels the network gets, centred like MNIST"),
        )
        self.input_graphics.ci.setContentsMargins(0, 0, 0, 0)
        self.input_view, self.input_item = image_view(theme.GREY_LUT, (0.0, 1.0))
        self.input_view.setDefaultPadding(0)
        self.input_graphics.addItem(self.input_view)
        seen.addWidget(self.input_graphics)
        seen.addStretch(1)
        top.addLayout(seen)
        guess = QBoxLayout(QBoxLayout.TopToBottom)
        self.guess = guess
        self.digit_label = QLabel("–")
        self.digit_label.setObjectName("bigDigit")
        self.digit_label.setAlignment(Qt.AlignCenter)
        self.digit_label.setToolTip(tr("The network's answer: the class with the highest probability"))
        guess.addWidget(self.digit_label, 1)
        self.confidence_label = WrappedLabel("")  # "weights of step 12345" must not widen the column
        self.confidence_label.setAlignment(Qt.AlignCenter)
        # "4, 97% sure" under a drawn star read as if the network took the star for a 4 (issue 31): the share is
        # among its classes only, and the label says so: "97% among digits" (a longer one, "97% sure, if it is a
        # digit", crowded the bars in German).
        self.confidence_label.setToolTip(
            tr(
                "How sure it is of this answer among its classes: it always picks one of them. Whether the drawing "
                'looks like any of them at all is what "not sure" says.'
            )
        )
        guess.addWidget(self.confidence_label)
        top.addLayout(guess, 1)
        self.side.addLayout(top)
        # "Not sure", and why: under the answer, only while the network is not sure (text and a sign, not
        # a colour alone); the bars stay.
        self.verdict_label = WrappedLabel("")
        self.verdict_label.setObjectName("notSure")
        self.verdict_label.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.verdict_label.setStyleSheet(f"border-left: 4px solid {theme.ACCENT}; padding-left: 6px;")
        self.verdict_label.hide()
        accessibility.set_name(self.verdict_label, tr("Not sure"), tr("Why the network is not sure of its answer"))
        self.side.addWidget(self.verdict_label)
        self.graphics = ProbabilityBars()
        self.prob_plot, self.bars = self.graphics.plot, self.graphics.bars
        self.side.addWidget(self.graphics, 1)
        self.box.addLayout(self.side, 0)
        self.set_class_names([str(i) for i in range(10)])
        self.probabilities = np.zeros(10, np.float32)
        self.answered = False
        self._weights: tuple | None = None
        """(spec, weights, step) of the latest weights."""
        self.uncertainty: float | None = None
        """The shown input's uncertainty score (``classroom.uncertainty.DEFAULT_METHOD``), None: none."""
        self.note = ""
        self.network_input = np.zeros((28, 28), np.float32)
        self.not_sure = NotSureCalibration(self)
        self.not_sure.changed.connect(lambda _calibration: self._show_answer())
        self.width_slider.valueChanged.connect(self.canvas.set_stroke_width)
        self.clear_button.clicked.connect(self.canvas.clear)

    @never_raises(QSize)  # Qt asks while it lays out: nothing may escape into it (issue 33)
    def minimumSizeHint(self):
        # The narrowest arrangement's width (see resizeEvent: the panel stacks itself in a narrow column).
        hint = super().minimumSizeHint()
        return QSize(min(hint.width(), self.narrow_width()), hint.height())

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        # (the title and margins grow with the zoom)
        self.arrange(event.size().width() - 24, event.size().height() - theme.zoomed_px(80))

    def set_class_names(self, names) -> None:
        """Digits label their bars; longer class names (Fashion-MNIST) show as numbers
        under the bars and in full in the prediction."""
        self.class_names = list(names)
        ticks = [(i, n if len(n) <= 2 else str(i)) for i, n in enumerate(self.class_names)]
        self.prob_plot.getAxis("bottom").setTicks([ticks])
        self.prob_plot.setLabel(
            "bottom",
            tr("class") if any(len(n) > 2 for n in self.class_names) else tr("digit"),
            color=theme.TEXT,
            **{"font-size": f"{theme.AXIS_POINT_SIZE}pt"},
        )

    def show_input(self, image: np.ndarray) -> None:
        self.network_input = image
        show(self.input_item, self.input_view, image, (0.0, 1.0))

    def show_probabilities(self, probs: np.ndarray | None, note: str = "", uncertainty: float | None = None) -> None:
        """The ten probabilities (None: nothing to classify), ``note`` in the header (whose weights), and
        the input's ``uncertainty`` score: above the calibrated threshold, the answer says "not sure"."""
        self.answered = probs is not None
        self.probabilities = np.zeros(10, np.float32) if probs is None else np.asarray(probs, dtype=np.float32)
        self.uncertainty = None if uncertainty is None else float(uncertainty)
        self.note = note
        self._show_answer()

    def not_sure_calibration(self):
        """The "not sure" calibration in force for this network (None until the first one is made): what other
        parts that classify drawings with the same verdict use (the class canvas's phone answers)."""
        return self.not_sure.calibration

    def not_sure_reason(self) -> tuple[str, str] | None:
        """Why the network is not sure of the input shown: (the sentence shown, "Not sure: ..."; the reason alone,
        for the screen reader's "not sure, ...: {reason}"). None: it is sure, or there is no calibration.
        Two whole sentences each, never one cut out of the other (the prefix's punctuation differs by language)."""
        calibration = self.not_sure.calibration
        if calibration is None or self.uncertainty is None or not self.answered:
            return None
        digits = all(name.isdigit() for name in self.class_names)
        if not_sure_reason(calibration, self.uncertainty) is None:
            return None
        percent = f"{number(100 * calibration.accepted):.0f}"
        if digits:
            return (
                tr("Not sure: this looks less like any digit than {percent}% of real test digits do").format(
                    percent=percent
                ),
                tr("this looks less like any digit than {percent}% of real test digits do").format(percent=percent),
            )
        return (
            tr("Not sure: this looks less like any image than {percent}% of real test images do").format(
                percent=percent
            ),
            tr("this looks less like any image than {percent}% of real test images do").format(percent=percent),
        )

    def _show_answer(self) -> None:
        probs = self.probabilities
        self.hint_label.setText(self.note)  # "weights of step 1234", in the header: the column stays narrow
        if not self.answered:
            self.bars.setOpts(height=np.zeros(10), brushes=[PLAIN] * 10)
            self.digit_label.setText("–")
            self.confidence_label.setText(tr("draw a digit"))
            self.verdict_label.hide()
            self.describe_prediction(tr("no prediction: draw a digit"))
            return
        best = int(np.argmax(probs))
        not_sure = self.not_sure_reason()
        reason, why = not_sure if not_sure else (None, None)
        brushes = [theme.ACCENT if i == best else PLAIN for i in range(len(probs))]
        self.bars.setOpts(height=100.0 * probs, brushes=brushes)
        name = self.class_names[best] if best < len(self.class_names) else str(best)
        self.digit_label.setStyleSheet("" if len(name) <= 2 else "font-size: 18pt;")
        # Not sure: a question mark on the answer and the reason in words (never a colour alone).
        self.digit_label.setText(f"{name}?" if reason else name)
        percent = f"{number(100 * probs[best]):.0f}"
        # Not sure says why beside a high probability ("96%, not sure" read as a contradiction): the verdict
        # is not the probability's, it says the input is unlike the real test images (the calibration).
        digits = all(class_name.isdigit() for class_name in self.class_names)
        unlike = tr("{percent}%, but unlike real digits") if digits else tr("{percent}%, but unlike real images")
        among = tr("{percent}% among digits") if digits else tr("{percent}% among its classes")
        self.confidence_label.setText((unlike if reason else among).format(percent=percent))
        self.verdict_label.setText(f"⚠ {reason}." if reason else "")
        self.verdict_label.setVisible(bool(reason))
        text = accessibility.prediction_text(name, probs[best])
        if reason:
            text = tr("not sure, {prediction}: {reason}").format(prediction=text, reason=why)
        self.describe_prediction(text, announce=True, answer=(best, bool(reason)))

    # --- the "not sure" threshold (observed: the data set, the weights, the evaluations) --------------
    def show_dataset(self, dataset) -> None:
        self.not_sure.set_dataset(dataset)
        if dataset is not None:
            self.set_class_names(dataset.class_names)

    def show_classes(self, class_names, dataset) -> None:
        """The classes the weights now name (observed): the run's data set calibrates "not sure" when given; without
        one (a loaded net of the class's own classes) there is no "not sure" verdict until it trains on the class's
        drawings: the data set loaded is not of its classes (a threshold set on MNIST digits it never saw would call
        digits sure and say nothing of drawings)."""
        if dataset is not None:
            self.show_dataset(dataset)
        else:
            self.set_class_names(class_names)
            self.not_sure.set_dataset(None)
            self.not_sure.forget()

    def set_weights(self, spec: str, weights: dict, step: int) -> None:
        """The latest weights: the next evaluation calibrates for them (a copy of them then)."""
        self._weights = (spec, weights, step)

    def evaluated(self, _event=None) -> None:
        """A test evaluation ended: calibrate the threshold again, for the latest weights."""
        if self._weights is not None:
            self.not_sure.recalibrate(*self._weights)

    def forget_calibration(self) -> None:
        """The weights start over: no threshold until they are evaluated (or a trained model is loaded)."""
        self._weights = None
        self.not_sure.forget()

    @property
    def calibration(self):
        """The "not sure" threshold's calibration now (None: not calibrated for these weights)."""
        return self.not_sure.calibration

    def recalibrate(self, spec: str, weights: dict, step: int) -> None:
        """Calibrate the "not sure" threshold for these weights now (a loaded model, not evaluated here)."""
        self.not_sure.recalibrate(spec, weights, step)

    def set_training(self, training: bool) -> None:
        """A run trains (its calibrations take a small share of a core) or not."""
        self.not_sure.set_training(training)

    # --- the drawing (the pad's: the app asks the panel, never its canvas) ------------------------------
    @property
    def drawing_empty(self) -> bool:
        return self.canvas.is_empty

    def clear_drawing(self) -> None:
        self.canvas.clear()

    def draw_strokes(self, strokes) -> None:
        """A new drawing made of ``strokes`` (the canvas's demo digits), as a hand would draw it."""
        self.canvas.clear()
        self.canvas.draw_strokes(strokes)

    def draw_segment(self, a, b) -> None:
        """One stroke from ``a`` to ``b`` (canvas points) on the drawing."""
        self.canvas.draw_segment(a, b)

    @property
    def pad_on_screen(self) -> bool:
        """The drawing pad can be drawn on now (it is shown)."""
        return self.canvas.isVisible()

    def show_picture(self, gray: np.ndarray, network_input: np.ndarray, name: str) -> None:
        """An opened picture (a photo, a scan) on the canvas, with what the network reads of it."""
        self.canvas.show_picture(gray, network_input, name)

    @property
    def picture_shown(self) -> bool:
        """An opened picture is on the canvas (not a drawing)."""
        return self.canvas.picture is not None

    @property
    def picture_input(self) -> np.ndarray | None:
        """The network's input of the picture shown (None: a drawing)."""
        return self.canvas.picture_input

    def drawing(self) -> np.ndarray:
        """The drawing as float32 (280, 280) in [0, 1], ink = 1."""
        return self.canvas.to_array()

    def describe_prediction(self, text: str, announce: bool = False, answer: tuple | None = None) -> None:
        """The prediction for screen readers: the panel's, the answer's and the canvas's description;
        spoken when ``answer`` (the predicted class, and whether the network is sure) changes. (Not
        the text's first words: "预测为 3，把握 97 %" has no "," to cut the percentage off at.)"""
        changed = answer != self._described_answer
        self._described_answer = answer
        for widget in (self, self.digit_label, self.canvas, self.graphics):
            widget.setAccessibleDescription(text)
        if announce and changed:
            accessibility.announce(self, text)

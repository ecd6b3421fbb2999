"""Fool the network: change the input just enough that the network answers another digit.

The attack is :func:`cnnviz.classroom.adversarial.fool`, the one ``cnnviz fool``
runs, on a private NumPy copy of the latest weights (``model_from_weights``)
and as a background job (:mod:`..jobs`). It runs when asked (Attack) and when
what is attacked changes while the tab is seen (the input, the target, the
budget, the way), after a short pause so that a spin box's clicks or a
stroke being drawn start one attack, not ten. New weights alone do not start
one: the result on the screen stays the one the teacher is talking about, and
the Attack button says that newer weights are there. A hidden tab computes
nothing: it catches up when it is shown.
"""

from __future__ import annotations

import time

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QComboBox, QFileDialog, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QSpinBox

from ...classroom.adversarial import DEFAULT_STEPS, LEVELS, FoolResult, fool, save_png
from ...classroom.saliency import model_from_weights
from ...translatable import N_
from .. import accessibility, palette, theme
from ..dialog_folders import DialogFolder
from ..jobs import Job
from ..language import PNG_FILES, file_filter, grouped, number, tr
from ..wrapped_label import WrappedLabel
from .common import JobPanel, row_of
from .fool_bars import BAR, PLOT_PX, BarsArrangement, SourceLabel
from .input_source import DrawingOrTestImage, InputSource
from .pictures import keep_captions_within, titled_image_row

WAYS = ((N_("a little everywhere"), "bim"), (N_("the fewest pixels"), "pixels"))
"""The attack's modes, in the student's words (shown translated)."""
BUDGET = {"bim": 50, "pixels": LEVELS}
"""The budget a way starts with, in grey levels: a change hard to see everywhere; or any change to few pixels."""
PAUSE_MS = 300
"""A change of what is attacked waits this long for the next one before the attack starts."""


def attack(
    spec: str, weights: dict, step: int, image: np.ndarray, target: int, levels: int, mode: str, what: InputSource
) -> dict:
    """The attack on a private copy of the weights, timed. No Qt: it runs as a background job."""
    model = model_from_weights(spec, weights)
    started = time.perf_counter()
    result = fool(model, image, target, epsilon=levels / LEVELS, mode=mode, steps=DEFAULT_STEPS[mode])
    return {"result": result, "seconds": time.perf_counter() - started, "step": step, "what": what, "levels": levels}


def amplification(result: FoolResult) -> int:
    """The whole factor that makes the change's largest pixel (nearly) full colour."""
    largest = int(round(result.linf * LEVELS))
    return max(1, LEVELS // largest) if largest else 1


def change_rgb(change: np.ndarray, factor: float) -> np.ndarray:
    """The signed change ``factor`` times stronger on white: (28, 28, 3) uint8, vermillion where a pixel got
    brighter (more ink), blue where it got darker."""
    change = np.asarray(change, dtype=np.float64)
    alpha = np.clip(np.abs(change) * factor, 0, 1)[..., None]
    colour = np.where(
        (change >= 0)[..., None], np.array(palette.POSITIVE_RGB, float), np.array(palette.NEGATIVE_RGB, float)
    )
    return np.clip(255.0 * (1 - alpha) + colour * alpha, 0, 255).astype(np.uint8)


def verdict(result: FoolResult, levels: int) -> str:
    """Whether it worked, in plain words (in the GUI's language)."""
    probs, target = result.probabilities, result.target
    now = int(np.argmax(probs))
    if result.label == target:
        return tr("It already says {target} ({percent}%): choose another digit to aim for.").format(
            target=target, percent=f"{number(100 * probs[target]):.0f}"
        )
    if result.fooled:
        return tr("The network now says {target} ({percent}%) instead of {label}.").format(
            target=target, percent=f"{number(100 * probs[target]):.0f}", label=result.label
        )
    return tr(
        "Could not make it say {target} within ± {levels} levels: try a bigger budget "
        "(it still says {now}, {percent}%)."
    ).format(target=target, levels=levels, now=now, percent=f"{number(100 * probs[now]):.0f}")


def measures(result: FoolResult, seconds: float) -> str:
    """How small the change is: the most any pixel changed, its overall size, how many pixels changed."""
    levels = int(round(result.linf * LEVELS))
    return tr(
        "{changed} of {pixels} pixels changed<br>by at most ± {levels} levels<br>size (L2): {l2}<br>"
        "{steps} steps, {seconds} s"
    ).format(
        changed=result.pixels_changed,
        pixels=result.change.size,
        levels=levels,
        l2=f"{number(result.l2):.2f}",
        steps=result.steps,
        seconds=f"{number(seconds):.2f}",
    )


class FoolPanel(DrawingOrTestImage, JobPanel, BarsArrangement):
    key = "fool"
    inputChosen = Signal(bool)
    """The user asks to work on the drawing (True) or on the test image (the model answers: ``show_own_input``)."""

    def __init__(self, parent=None):
        super().__init__(
            tr("Fool the network"), tr("change the input a little so that it answers another digit"), parent
        )
        self.save_folder = DialogFolder()
        self.make_input_choice()
        self.target_combo = QComboBox()
        for d in range(10):
            self.target_combo.addItem(str(d), d)
        self.target_combo.setCurrentIndex(8)
        self.target_combo.setToolTip(tr("The digit the network should answer after the change"))
        accessibility.set_name(self.target_combo, tr("Target digit"), self.target_combo.toolTip())
        self.budget_spin = QSpinBox()
        self.budget_spin.setRange(1, LEVELS)
        self.budget_spin.setValue(BUDGET["bim"])
        self.budget_spin.setPrefix("± ")
        self.budget_spin.setSuffix(tr(" of {levels} grey levels").format(levels=LEVELS))
        self.budget_spin.setToolTip(tr("The most any one pixel may change (black is 0, white is 255)"))
        accessibility.set_name(self.budget_spin, tr("Budget per pixel"), self.budget_spin.toolTip())
        self.way_combo = QComboBox()
        for text, mode in WAYS:
            self.way_combo.addItem(tr(text), mode)
        self.way_combo.setToolTip(
            tr(
                "A little everywhere: every pixel may change, within the budget (basic iterative "
                "method). The fewest pixels: one pixel at a time, each as far as the budget allows"
            )
        )
        accessibility.set_name(self.way_combo, tr("How to change the input"), self.way_combo.toolTip())
        self.attack_button = QPushButton(tr("Attack"))
        self.attack_button.setObjectName("primary")
        self.attack_button.setToolTip(tr("Attack now, with the latest weights"))
        self.save_button = QPushButton(tr("Save fooling image…"))
        self.save_button.setToolTip(
            tr("Save the changed input as a 28×28 PNG: cnnviz predict --raw gives the same answer")
        )
        self.save_button.setEnabled(False)
        self.add_toolbar_widget(
            row_of(QLabel(tr("Fool")), self.test_radio, self.drawing_radio),
            row_of(QLabel(tr("make it say")), self.target_combo),
            # (apart: on a narrow panel the spin box wraps under its words, and the
            # middle column, which is as wide as its widest tab needs, stays narrow)
            QLabel(tr("change each pixel by at most")),
            self.budget_spin,
            row_of(self.way_combo),
            self.attack_button,
            self.save_button,
        )

        self.subtitle = self.hint_label.text()
        self.source_label = SourceLabel(self.source_said)
        self.source_label.setTextFormat(Qt.PlainText)  # a file's name is shown as it is
        self.source_label.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.body.addWidget(self.source_label)
        self.verdict_label = WrappedLabel("")
        self.verdict_label.setTextFormat(Qt.PlainText)
        self.verdict_label.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.verdict_label.setStyleSheet("font-size: 14pt; font-weight: 700;")
        self.body.addWidget(self.verdict_label)
        self.graphics = pg.GraphicsLayoutWidget()
        accessibility.set_name(
            self.graphics,
            tr("Original, change and fooled input"),
            tr(
                "The input, the change made to "
                "it (amplified; orange: brighter, blue: darker, white: unchanged) and the changed "
                "input"
            ),
        )
        self.graphics.ci.setSpacing(6)
        self.graphics.ci.setContentsMargins(2, 2, 2, 2)  # (pyqtgraph's 10 took the pictures' height at 125 %)
        self.body.addWidget(self.graphics, 1)
        self.titles, self.views = titled_image_row(self.graphics.ci, self._captions(None))
        self.fit_captions = keep_captions_within(self.graphics, self.titles)
        # Under the pictures: the probabilities before (under the original) and after (under the fooled
        # input), and how small the change is (under the change).
        self.before_widget, self.before_plot, self.before_bars = self.make_bars("before")
        self.after_widget, self.after_plot, self.after_bars = self.make_bars("after")
        self.measures_label = WrappedLabel("")
        self.measures_label.setTextFormat(Qt.RichText)
        self.measures_label.setAlignment(Qt.AlignCenter)
        self.measures_label.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.measures_label.setToolTip(
            tr(
                "How small the change is: the most any one pixel changed (L-infinity), "
                "the size of the whole change (L2, in units of full white) and how many "
                "pixels changed at all"
            )
        )
        self.under = QHBoxLayout()
        self.under.setSpacing(6)
        self.under.addWidget(self.before_widget, 1)
        self.under.addWidget(self.measures_label, 1)
        self.under.addWidget(self.after_widget, 1)
        self.body.addLayout(self.under, 0)
        self.answers: dict[str, tuple[int, str] | None] = {"before": None, "after": None}
        """Each plot's answer and its percentage (its title), None before an attack."""
        self.narrow = False
        self.short = False
        self.terse = False
        """Shorter still: the original's and the fooled input's captions are their names alone."""
        self.bare = False
        """Shorter still: no bars (the verdict says the answers), the measures alone across the row."""
        self.empty = False
        """Shorter still: nothing under the pictures (the measures are their tooltip)."""
        self.bare_row_px = 0
        """The measures' height across the row, as last seen bare (0: not yet)."""
        self.verdict_text = ""
        """What the verdict line says of the last attack (:meth:`show_verdict`)."""
        self.message_text = ""
        """The last message in the source line's place (:meth:`_tell`)."""
        self.measures_text = ""
        """How small the change is (terse: without its last line, the steps and the time)."""
        self.factor: int | None = None
        """The change's amplification shown (its caption)."""
        """Too short for the pictures, the source line, the bars and the measures: the source line in the header."""
        """The bars too narrow for their words and percentage axis: titled with the answer alone (:meth:`arrange`)."""
        self.bars_px = PLOT_PX
        """The bars' plot height now (:meth:`arrange`)."""
        self.arranging = QTimer(self)  # (after the layout pass that changed the sizes: one arrangement)
        self.arranging.setSingleShot(True)
        self.arranging.setInterval(0)
        self.arranging.timeout.connect(self.arrange)
        self.graphics.centralWidget.geometryChanged.connect(self.arranging.start)
        for widget in (self.before_widget, self.after_widget):
            # (their type changed without a picture changing size: presenter mode's, styled on a tab switch,
            # grew the titles past the width arranged for them; 193 px of plot in 168 in Chinese at 1024x768)
            widget.ci.geometryChanged.connect(self.arranging.start)
        self.arrange()

        self.model_source: tuple[str, dict, int] | None = None
        """(spec, weights, step) of the latest weights."""
        self.result: dict | None = None
        """The last attack: {"result": FoolResult, "seconds", "step", "what", "levels"}."""
        self.change_image: np.ndarray | None = None
        self.job: Job | None = None
        self.dirty = True
        self.pause = QTimer(self)
        self.pause.setSingleShot(True)
        self.pause.setInterval(PAUSE_MS)
        self.pause.timeout.connect(self.request)
        self.attack_button.clicked.connect(lambda: self.request(force=True))
        self.save_button.clicked.connect(self.save_dialog)
        self.target_combo.currentIndexChanged.connect(lambda _i: self.invalidate())
        self.budget_spin.valueChanged.connect(lambda _v: self.invalidate())
        self.way_combo.currentIndexChanged.connect(self._way_changed)

    def show_captions(self) -> None:
        """The pictures' captions and the measures under them, whole or terse (:meth:`arrange`)."""
        for title, caption in zip(self.titles, self._captions(self.factor, self.terse)):
            if title.text != caption:
                title.setText(caption)
        self.fit_captions()
        lines = self.measures_text.split("<br>")
        lines = lines[:-1] if self.terse and len(lines) > 1 else lines
        # (bare: the measures alone across the row, on as few lines as it takes)
        self.measures_label.setText((" · " if self.bare else "<br>").join(lines))
        self.graphics.setToolTip(self.measures_text if self.empty else "")

    @staticmethod
    def _captions(factor: int | None, terse: bool = False) -> tuple[str, str, str]:
        # Two lines at most: in a lesson's presenter view at 1280x720 three left the pictures no room.
        change = (
            tr("<b>the change ×{factor}</b><br>orange: brighter, blue: darker").format(factor=factor)
            if factor and factor > 1
            else tr("<b>the change</b><br>orange: brighter, blue: darker")
        )
        original, fooled = tr("<b>original</b><br>what the network saw"), tr("<b>fooled input</b><br>original + change")
        if terse:  # (the change keeps its colours' meaning)
            original, fooled = (caption.split("<br>")[0] for caption in (original, fooled))
        return (original, change, fooled)

    # --- inputs ------------------------------------------------------------------------
    def set_weights(self, spec: str, weights: dict, step: int) -> None:
        """The latest weights (no copy: Snapshot weights are never modified). Only the first ones start an
        attack (when seen); later ones wait for Attack, which says they are there."""
        first = self.model_source is None
        self.model_source = (spec, weights, step)
        if first:
            self.invalidate()
        elif self.result is not None and self.result["step"] != step:
            self.attack_button.setText(tr("Attack (step {step:,})").format(step=grouped(step)))
            self.attack_button.setToolTip(
                tr("Attack again with the weights of step {step:,} (the result shown used step {result:,})").format(
                    step=grouped(step), result=grouped(self.result["step"])
                )
            )

    def forget(self) -> None:
        """Other weights: what was shown fooled the old ones."""
        self.cancel_job()
        self.pause.stop()
        self.model_source = None
        self.result = None
        self.change_image = None
        for _view, item in self.views:
            item.clear()
        for bars in (self.before_bars, self.after_bars):
            bars.setOpts(height=np.zeros(10), brushes=[BAR] * 10)
        self.answers = {"before": None, "after": None}
        self.arrange()
        self.factor = None
        self.show_captions()
        self.measures_text = ""
        self.show_captions()
        self.verdict_text = self.message_text = ""
        self.source_label.setText("")
        self.attack_button.setText(tr("Attack"))
        self.save_button.setEnabled(False)
        self.dirty = True

    def _way_changed(self, _index: int) -> None:
        self.budget_spin.setValue(BUDGET[self.way_combo.currentData()])  # each way's own start
        self.invalidate()

    # --- attacking ---------------------------------------------------------------------
    def draw(self) -> None:
        self.pause.start()  # what is attacked changed (or the tab was shown): attack after a pause

    def request(self, force: bool = False) -> bool:
        """Start an attack on the current input; False when there is nothing to attack."""
        self.pause.stop()
        image, source = self.current_input()
        if self.model_source is None:
            self._say(tr("Nothing to attack yet: there are no weights (start training or load a model)."))
            self.dirty = True
            return False
        if image is None:
            self._say(
                source.say(
                    tr("Nothing to attack yet: draw a digit on the pad first."),
                    tr("Nothing to attack yet: no test image is loaded yet."),
                )
            )
            self.dirty = True
            return False
        if self.waits_for_job(force):
            return True  # attacked again when the running job ends
        spec, weights, step = self.model_source
        target, levels = max(0, self.target_combo.currentIndex()), self.budget_spin.value()  # item i: digit i
        self.source_label.setText(
            source.say(
                tr("Attacking your drawing with the weights of step {step:,}…"),
                tr("Attacking test image #{index} (true label {label}) with the weights of step {step:,}…"),
                step=grouped(step),
            )
        )
        self.source_label.setToolTip("")
        self.start_job(
            attack,
            spec,
            weights,
            step,
            np.array(image, dtype=np.float32),
            target,
            levels,
            self.way_combo.currentData(),
            source,
        )
        return True

    def _say(self, text: str) -> None:
        self.verdict_text = ""
        self._tell(text)

    def _tell(self, text: str) -> None:
        """A message in the source line's place (saved, could not...): short, where the verdict is, whole."""
        self.message_text = text
        self.source_label.setText(text)

    def show_verdict(self) -> None:
        """The verdict; short, with a message under it (the header's hint would cut it: "Saved /home/…")."""
        text = self.verdict_text
        message = self.message_text
        if self.short and message and self.source_label.text() == message:
            text = f"{text}\n{message}" if text else message
        if self.verdict_label.text() != text:
            self.verdict_label.setText(text)

    def show_failure(self, message: str, details: str) -> None:
        self._say(tr("Could not attack: {message}").format(message=message))
        self.source_label.setToolTip(details)

    def show_result(self, shown: dict) -> None:
        self.result = shown
        result: FoolResult = shown["result"]
        factor = amplification(result)
        self.change_image = change_rgb(result.change, factor)
        (v0, i0), (v1, i1), (v2, i2) = self.views
        i0.setImage(result.original, autoLevels=False, levels=(0.0, 1.0))
        i1.setImage(self.change_image, autoLevels=False, levels=(0, 255))
        i2.setImage(result.adversarial, autoLevels=False, levels=(0.0, 1.0))
        for view in (v0, v1, v2):
            view.autoRange(padding=0.01)
        self.factor = factor
        self.show_captions()
        for bars, probs, when in (
            (self.before_bars, result.original_probabilities, "before"),
            (self.after_bars, result.probabilities, "after"),
        ):
            best = int(np.argmax(probs))
            bars.setOpts(
                height=100.0 * np.asarray(probs), brushes=[theme.ACCENT if i == best else BAR for i in range(10)]
            )
            self.answers[when] = (best, f"{number(100 * probs[best]):.0f}")
        self.measures_text = measures(result, shown["seconds"])
        self.show_captions()
        self.arrange()  # (the titles' answers: another width)
        self.verdict_text = verdict(result, shown["levels"])
        self.show_verdict()
        self.source_label.setText(
            shown["what"].say(
                tr("Your drawing · weights of step {step}"),
                tr("Test image #{index} (true label {label}) · weights of step {step}"),
                step=f"{grouped(shown['step']):,}",
            )
        )
        self.source_label.setToolTip("")
        self.attack_button.setText(tr("Attack"))
        self.attack_button.setToolTip(tr("Attack now, with the latest weights"))
        self.save_button.setEnabled(True)
        accessibility.set_name(self.graphics, tr("Original, change and fooled input"), verdict(result, shown["levels"]))

    # --- saving ------------------------------------------------------------------------
    def save_dialog(self) -> None:
        if self.result is None:
            return
        result = self.result["result"]
        path, _ = QFileDialog.getSaveFileName(
            self,
            tr("Save fooling image"),
            self.save_folder.start(f"fooled-{result.label}-as-{result.target}.png"),
            file_filter(PNG_FILES),
        )
        if path:
            self.save_folder.chose(path)
            if not path.lower().endswith(".png"):
                path += ".png"
            self.save_to(path)

    def save_to(self, path: str) -> bool:
        """Write the fooling input as ``cnnviz fool`` does (28x28, 8-bit grey); the panel says how it went."""
        if self.result is None:
            self._say(tr("Nothing to save yet: attack first."))
            return False
        result = self.result["result"]
        try:
            written = save_png(result, path)
        except Exception as exc:  # OSError (disk, permissions), FileProblem...
            self._tell(tr("Could not save the fooling image: {exc}").format(exc=exc))
            return False
        answer = int(np.argmax(result.probabilities))
        self._tell(
            tr("Saved {written}: cnnviz predict --raw on it says {answer}.").format(written=written, answer=answer)
        )
        return True

"""A map of what it learned: every test image a dot, placed by what the network's last hidden layer makes of it.

The map (:mod:`cnnviz.classroom.embedding`: PCA of the classifier's input, aligned to the previous map by
orthogonal Procrustes) is computed when the tab is first seen and again after each test evaluation, on a
private NumPy copy of the latest weights, as a background job (:mod:`..jobs`): neither the trainer nor the
GUI thread waits for it. A hidden tab computes nothing and catches up when shown. The student's drawing is
a big star, placed with the same projection by one forward pass of the map's own model copy (on the GUI
thread: one image), so it moves as they draw.
"""

from __future__ import annotations

import threading

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSizePolicy, QSlider

from ...classroom.embedding import SUBSET, Embedding, features_of, map_images, map_of
from ...translatable import N_
from .. import accessibility, palette, theme
from ..jobs import Job, run_in_background
from ..language import grouped, number, tr
from ..wrapped_label import WrappedLabel
from .common import Cancelled, JobPanel, row_of
from .map_labels import centre_labels
from .map_picked import POINT_AT_A_DOT, PickedColumn, describe

MAX_HISTORY = 120
"""The maps of a run kept for going back (each is 2,000 points, their labels and the projection: about 100 kB)."""

DOT_SIZE = 6
STAR_SIZE = 40
DOT_PEN = pg.mkPen(0, 0, 0, 90, width=1)
"""A faint dark rim: the light classes (yellow 7, grey 9) stay visible on the white page."""
EXPLANATION = N_(
    "Each dot is a test image in its digit's colour. Close dots: images the network's last hidden "
    "layer sees as alike (seen along the two directions in which they differ most). Separate clouds: "
    "digits it tells apart."
)
EXPLANATION_CLASSES = N_(
    "Each dot is a test image in its class's colour. Close dots: images the network's last "
    "hidden layer sees as alike (seen along the two directions in which they differ most). "
    "Separate clouds: classes it tells apart."
)


class MapPanel(JobPanel):
    def __init__(self, parent=None):
        super().__init__(
            tr("Map of what it learned"), tr("each dot a test image, placed by the layer before the answer"), parent
        )
        self.update_button = QPushButton(tr("Update"))
        self.update_button.setToolTip(tr("Make the map again with the latest weights"))
        self.history_slider = QSlider(Qt.Horizontal)
        self.history_slider.setRange(0, 0)
        self.history_slider.setMinimumWidth(120)
        self.history_slider.setToolTip(
            tr(
                "Go back to the maps made earlier in the run (the Time-lapse's slider moves "
                "it too); at the right end: the latest"
            )
        )
        accessibility.set_name(self.history_slider, tr("Map at an earlier step"), self.history_slider.toolTip())
        self.history_label = QLabel("")
        self.history_row = row_of(self.history_label, self.history_slider)
        self.history_row.hide()
        self.add_toolbar_widget(self.update_button, self.history_row)

        self.source_label = WrappedLabel("")
        self.source_label.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.body.addWidget(self.source_label)

        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        self.graphics = pg.GraphicsLayoutWidget()
        accessibility.set_name(
            self.graphics,
            tr("Map of what it learned"),
            tr(
                "Every test image is a dot coloured by its "
                "digit; images the network finds alike lie close together; the star is your drawing"
            ),
        )
        self.plot = theme.style_plot(self.graphics.addPlot(enableMenu=False))
        for name in ("left", "bottom"):
            self.plot.hideAxis(name)  # the two directions have no unit a student could read
        self.plot.setAspectLocked(True)
        self.plot.showGrid(x=False, y=False)
        self.dots: list[pg.ScatterPlotItem] = []
        for digit in range(10):
            dots = pg.ScatterPlotItem(
                size=DOT_SIZE,
                symbol=palette.class_symbol(digit),
                pen=DOT_PEN,
                brush=pg.mkBrush(palette.class_colour(digit)),
                hoverable=True,
                tip=self._tip,
                hoverSize=DOT_SIZE * 2,
            )
            dots.sigHovered.connect(self._hovered)
            dots.sigClicked.connect(self._clicked)
            self.plot.addItem(dots)
            self.dots.append(dots)
        self.centre_labels: list[pg.TextItem] = []
        self.star = pg.ScatterPlotItem(
            size=STAR_SIZE, symbol="star", pen=pg.mkPen("#000000", width=3), brush=pg.mkBrush(palette.YELLOW)
        )  # a big black-rimmed star: not a dot
        self.star.setZValue(20)
        self.plot.addItem(self.star)
        row.addWidget(self.graphics, 1)

        self.picked_column = PickedColumn()
        column = self.picked_column
        self.picked_graphics, self.picked_view, self.picked_item = column.graphics, column.view, column.item
        self.picked_label, self.star_note = column.label, column.note
        row.addWidget(column)
        self.body.addLayout(row, 1)

        self.explain_label = WrappedLabel(tr(EXPLANATION))
        self.explain_label.setObjectName("hint")
        self.explain_label.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.body.addWidget(self.explain_label)

        self.dataset = None
        self.unmapped: tuple[str, ...] = ()
        """The classes of a loaded net of the class's own classes, whose drawings are not here to map."""
        self.subset: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None
        """(images in [0, 1], labels, indices) the map shows."""
        self.model_source: tuple[str, dict, int] | None = None
        """(spec, weights, step) of the latest weights."""
        self.result: Embedding | None = None
        """The latest map."""
        self.shown: Embedding | None = None
        """The map on screen: the latest, or an earlier one of :attr:`history` (the sliders)."""
        self.history: list[Embedding] = []
        """The maps made in this run, oldest first (at most ``MAX_HISTORY``: older ones thinned out)."""
        self.model = None
        """The private model copy the shown map was made with: it places the drawing."""
        self.drawing: np.ndarray | None = None
        self.star_point: np.ndarray | None = None
        self.picked: int | None = None
        self.job: Job | None = None
        self._stopping: threading.Event | None = None
        """Set to stop the running job at its next batch of images (out of sight, replaced, forgotten)."""
        self.dirty = True
        self.update_button.clicked.connect(lambda: self.request(force=True))
        self.history_slider.valueChanged.connect(self.show_history)

    # --- inputs ------------------------------------------------------------------------
    def show_classes(self, class_names, dataset) -> None:
        """The classes the weights now name (observed): a run's data set (the class's own drawings, or the data set
        loaded again) is what is mapped, coloured per class; a loaded net of the class's own classes without their
        drawings (``dataset`` None) maps nothing, and says why: the loaded data set's images are not of its classes."""
        if dataset is not None:
            self.show_dataset(dataset)
            return
        self.forget()
        self.dataset = None
        self.subset = None
        self.unmapped = tuple(str(name) for name in class_names or ())
        self.invalidate()

    def show_dataset(self, dataset) -> None:
        """The data set whose first ``SUBSET`` test images are mapped (None: none could be loaded)."""
        if dataset is self.dataset:
            return
        self.forget()
        self.unmapped = ()
        self.dataset = dataset
        self.subset = None
        self.explain_label.setText(tr(EXPLANATION if self.digits else EXPLANATION_CLASSES))
        self.invalidate()

    def set_weights(self, spec: str, weights: dict, step: int) -> None:
        """The latest weights (never modified: no copy). The first ones are mapped at once (when seen),
        later ones after the next evaluation (:meth:`evaluated`)."""
        first = self.model_source is None or self.result is None
        self.model_source = (spec, weights, step)
        if first:
            self.invalidate()
        elif self.result.step != step:
            self.update_button.setText(tr("Update (step {step:,})").format(step=grouped(step)))

    def evaluated(self, _event=None) -> None:
        """A test evaluation happened: map again with the latest weights (now if seen, else when shown)."""
        self.invalidate()

    def set_drawing(self, image: np.ndarray | None) -> None:
        self.drawing = None if image is None else np.array(image, dtype=np.float32)
        self.place_drawing()

    def forget(self) -> None:
        """Other weights (a new run, a loaded model): the map, its orientation and the star go."""
        self._stop_job()
        self.result = self.model = self.shown = None
        self.history = []
        self._update_history_slider()
        self.star_point = None
        self.picked = None
        for dots in self.dots:
            dots.clear()
        for label in self.centre_labels:
            self.plot.removeItem(label)
        self.centre_labels = []
        self.star.clear()
        self.star_note.setText("")
        self.picked_item.clear()
        self.picked_label.setText(tr(POINT_AT_A_DOT))
        self.source_label.setText("")
        self.source_label.setToolTip("")
        self.update_button.setText(tr("Update"))
        self.dirty = True

    # --- computing -------------------------------------------------------------------------
    def draw(self) -> None:
        self.request()

    def request(self, force: bool = False) -> bool:
        """Start a background computation of the map; False when there is nothing to map yet."""
        if self.dataset is None and self.unmapped:
            self.source_label.setText(
                tr(
                    "This network knows {names}: the map needs drawings of them. Press Start to train it on the "
                    "class canvas's drawings: the map then shows those held back."
                ).format(names=", ".join(self.unmapped))
            )
            self.dirty = True
            return False
        if self.dataset is None or self.model_source is None:
            self.source_label.setText(
                tr("Nothing to map yet: waiting for the test images.")
                if self.dataset is None
                else tr("Nothing to map yet: waiting for the network's weights.")
            )
            self.dirty = True
            return False
        if self.busy and not force:
            self.dirty = True  # computed again when the running job ends
            return True
        try:
            if self.subset is None:
                self.subset = map_images(self.dataset, SUBSET)
        except ValueError as exc:
            self.source_label.setText(tr("Could not make the map: {exc}").format(exc=exc))
            return False
        self.dirty = False
        self._stop_job()
        spec, weights, step = self.model_source
        images, labels, indices = self.subset
        self.source_label.setText(
            tr("Placing {count:,} test images with the weights of step {step}…").format(
                count=grouped(len(labels)), step=step
            )
        )
        self.source_label.setToolTip("")
        self._stopping = stopping = threading.Event()
        placed, started = [0], []

        def progress(count: int) -> None:
            if stopping.is_set():
                raise Cancelled("the map went out of sight or was asked for again")
            placed[0] += count
            if started:
                started[0].progressed.emit(placed[0])

        self.job = job = run_in_background(map_of, spec, weights, step, images, labels, indices, self.result, progress)
        started.append(job)
        job.succeeded.connect(self._on_result)
        job.failed.connect(self._on_error)
        # How far it got: on a busy 2-core machine placing took two minutes, and a line that never changed
        # read as stuck (issue 31).
        job.progressed.connect(lambda done: self._show_placing(job, step, len(labels), done))
        return True

    def _show_placing(self, job, step: int, count: int, done: int) -> None:
        if job is not self.job or not job.running:
            return  # a job replaced or stopped, or a late word from one whose map is shown
        if done >= count:  # what is left takes seconds too (the PCA): "2,000 of 2,000 read" read as stuck
            self.source_label.setText(
                tr(
                    "Placing {count:,} test images with the weights of step {step}… (all read: finding the two "
                    "directions in which they differ most)"
                ).format(count=grouped(count), step=step)
            )
            return
        self.source_label.setText(
            tr("Placing {count:,} test images with the weights of step {step}… ({done:,} of {count:,} read)").format(
                count=grouped(count), step=step, done=grouped(min(done, count))
            )
        )

    def _stop_job(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None
        if self._stopping is not None:
            self._stopping.set()
            self._stopping = None

    def hideEvent(self, event) -> None:
        """Out of sight (another tab, the window closing): stop placing the images (seconds of a core that the
        training would rather have); the map is made again when it is shown."""
        super().hideEvent(event)
        if self.busy:
            self._stop_job()
            self.dirty = True
            self.source_label.setText("")

    def _on_result(self, result: tuple[Embedding, object]) -> None:
        embedding, self.model = result
        at_latest = self.shown is None or self.shown is self.result
        self.result = embedding
        if self.history and self.history[-1].step == embedding.step:
            self.history[-1] = embedding
        else:
            self.history.append(embedding)
            if len(self.history) > MAX_HISTORY:  # every other older map goes, the newest half stays
                half = MAX_HISTORY // 2
                self.history = self.history[:-half:2] + self.history[-half:]
        self._update_history_slider(to_end=at_latest)
        if at_latest:
            self.show_map(embedding)
        else:  # an earlier map stays on screen (the slider): the line says which, no longer "Placing…"
            self._describe(self.shown)
        self._next()

    # --- going back in time ----------------------------------------------------------------
    def _update_history_slider(self, to_end: bool = True) -> None:
        slider = self.history_slider
        slider.blockSignals(True)
        slider.setRange(0, max(len(self.history) - 1, 0))
        if to_end:
            slider.setValue(slider.maximum())
        slider.blockSignals(False)
        self.history_row.setVisible(len(self.history) > 1)
        self._label_history()

    def _label_history(self) -> None:
        shown = self.shown
        self.history_label.setText(
            ""
            if shown is None
            else (
                tr("latest map")
                if shown is self.result
                else tr("map at step {step:,}").format(step=grouped(shown.step))
            )
        )

    def show_history(self, index: int) -> None:
        """The map made ``index``-th in this run (the slider); the last one is the latest."""
        if not self.history:
            return
        index = int(min(max(index, 0), len(self.history) - 1))
        self.show_map(self.history[index])

    def show_step(self, step: int) -> None:
        """The map of the latest weights at or before training step ``step`` (the Time-lapse's frame; the
        first map if none is that early; -1: the latest): scrubbing the time-lapse moves the map too."""
        if not self.history:
            return
        if step < 0:
            self.history_slider.setValue(self.history_slider.maximum())
            self.show_history(len(self.history) - 1)
            return
        steps = [embedding.step for embedding in self.history]
        index = max(int(np.searchsorted(steps, step, side="right")) - 1, 0)
        self.history_slider.setValue(index)  # shows it (and labels it)
        self.show_history(index)

    def _on_error(self, message: str, details: str) -> None:
        self.source_label.setText(tr("Could not make the map: {message}").format(message=message))
        self.source_label.setToolTip(details)
        self._next()

    # --- showing ---------------------------------------------------------------------------
    def show_map(self, embedding: Embedding) -> None:
        self.shown = embedding
        self._label_history()
        for digit, dots in enumerate(self.dots):
            members = np.flatnonzero(embedding.labels == digit)
            dots.setData(pos=embedding.points[members], data=members)
        for label in self.centre_labels:
            self.plot.removeItem(label)
        self.centre_labels = centre_labels(embedding, self.class_name)
        for label in self.centre_labels:
            self.plot.addItem(label)
        self.plot.getViewBox().autoRange(items=self.dots, padding=0.04)
        self._describe(embedding)
        self.update_button.setText(tr("Update"))
        if self.picked is not None:
            self.show_picked(self.picked)
        self.place_drawing()

    def _describe(self, embedding: Embedding) -> None:
        """The line above the map: how many images, whose weights, how many right, how much of the spread."""
        right = float((embedding.predictions == embedding.labels).mean())
        self.source_label.setText(
            tr(
                "{count:,} test images · weights of step {step:,} · the network gets {right:.0f}% of them right "
                "· the map keeps {explained:.0f}% of the spread"
            ).format(
                count=grouped(len(embedding.labels)),
                step=grouped(embedding.step),
                right=number(100 * right),
                explained=number(100 * embedding.explained),
            )
        )
        self.source_label.setToolTip("")

    def class_name(self, index: int) -> str:
        names = getattr(self.dataset, "class_names", None) or ()
        return str(names[index]) if 0 <= index < len(names) else str(index)

    @property
    def digits(self) -> bool:
        """Whether the classes are the digits (else words: Fashion-MNIST's)."""
        return all(self.class_name(c) == str(c) for c in range(10))

    def place_drawing(self) -> None:
        """The star at the drawing's place on the current map (hidden with no drawing or no map)."""
        self.star_point = None
        latest = self.shown is not None and self.shown is self.result
        if self.drawing is not None and self.drawing.any() and latest and self.model is not None:
            try:
                self.star_point = self.result.place(features_of(self.model, self.drawing))
            except ValueError as exc:
                self.source_label.setText(tr("Could not place your drawing: {exc}").format(exc=exc))
        if self.star_point is None:
            self.star.clear()
            on_earlier = self.drawing is not None and self.drawing.any() and not latest and self.shown is not None
            self.star_note.setText(tr("★ your drawing:\non the latest map") if on_earlier else "")
            return
        x, y = float(self.star_point[0]), float(self.star_point[1])
        self.star.setData(pos=[(x, y)])
        view = self.plot.getViewBox()
        if not view.viewRect().contains(x, y):  # a drawing unlike every test image: keep it in sight
            view.autoRange(items=[*self.dots, self.star], padding=0.08)
        centres = self.shown.class_centres()
        nearest = min(centres, key=lambda c: float(np.hypot(*(centres[c] - self.star_point))))
        self.star_note.setText(
            tr("★ your drawing:\nnearest the {digit}s").format(digit=nearest)
            if self.digits
            else tr("★ your drawing:\nnearest: {name}").format(name=self.class_name(nearest))
        )

    def _tip(self, x, y, data) -> str:
        return self.describe(int(data))

    def describe(self, member: int) -> str:
        return describe(self.shown, member, self.digits, self.class_name)

    def _hovered(self, _item, points, _event) -> None:
        if len(points):
            self.show_picked(int(points[0].data()))

    def _clicked(self, _item, points, _event) -> None:
        if len(points):
            self.show_picked(int(points[0].data()))

    def show_picked(self, member: int) -> None:
        """Show test image ``member`` of the map (its row) beside it, with its label and the network's answer."""
        if self.shown is None or self.subset is None or not 0 <= member < len(self.shown.labels):
            return
        self.picked = member
        self.picked_item.setImage(self.subset[0][member], autoLevels=False, levels=(0.0, 1.0))
        self.picked_view.autoRange(padding=0.01)
        self.picked_label.setText(self.describe(member))

    def show_first_mistake(self) -> bool:
        """Show the first mapped test image the network gets wrong (for a screenshot); False if none."""
        if self.result is None:
            return False
        wrong = np.flatnonzero(self.result.labels != self.result.predictions)
        if len(wrong):
            self.show_picked(int(wrong[0]))
        return bool(len(wrong))

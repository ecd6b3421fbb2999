"""What does this filter want to see? Each unit's top test images beside the input it likes best.

For the layer chosen (every conv layer, and the output classes), each unit
gets a tile: the 9 of the first :data:`TEST_IMAGES` test images that excite it
most, with the patch its strongest spot sees outlined (its receptive field),
and beside them the input that gradient ascent (with jitter and blur) makes
for it. For the classes this is "dream a 3". Everything is computed by
:mod:`cnnviz.classroom.filters` and :mod:`~cnnviz.classroom.optimised_inputs` on a private NumPy
copy of the latest weights (``model_from_weights``) as a background job (:mod:`..jobs`), when the tab is
seen: after each evaluation and when the layer changes. A hidden tab computes
nothing: it catches up when it is shown.
"""

from __future__ import annotations

import time

import numpy as np
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QComboBox, QLabel, QScrollArea, QSizePolicy, QWidget

from ...classroom import filters, optimised_inputs
from ...classroom.saliency import model_from_weights
from ...nn.model import Sequential
from ...translatable import N_, Phrase, in_language
from .. import accessibility
from ..jobs import Job, run_in_background
from ..language import grouped, number, tr
from ..wrapped_label import WrappedLabel
from .common import Cancelled, FlowLayout, JobPanel, row_of
from .unit_tile import UnitTile

TEST_IMAGES = 2000
"""The top images are searched for among the first this many test images (a layer in a few seconds)."""
STEPS = 32
"""Gradient-ascent steps of a conv layer's optimised inputs (timings in docs/see-inside.md)..."""
CLASS_STEPS = 64
"""... and of the classes' (ten units, a cheap backward pass: a dream needs more steps to look like a digit)..."""
CENTRE_SMOOTHING = 0.5
"""The blur of a centre unit's steps (a Gaussian's sigma, in pixels): a 5x5 patch holds no pattern finer than
the default 1.0 lets through (tiny's conv1: 4 of 8 centre units beat their best test image in 32 steps with
1.0, 8 of 8 with 0.5)."""
MIN_STEPS = 12
STEP_BUDGET_MACS = 11e9
"""... fewer on a costly layer, down to MIN_STEPS: at most this many forward multiply-adds (``step_macs``: each
unit's picture through the layers below and its own channel of the layer) in all: a budget of work, not of
seconds, so that a slow machine shows the same pictures later rather than worse ones. The seed net's conv2
(64 filters) gets its 32 steps since a step computes only each picture's own channel (16 before)."""


class Progress:
    """What the background job is doing, for the panel to show (plain attributes: one writer, one reader).
    ``text``: a :class:`~cnnviz.translatable.Phrase` (English; the panel shows it in the GUI's language)."""

    def __init__(self):
        self.text = ""
        self.cancelled = False


def optimisation_steps(model, layer: filters.UnitLayer, most: int) -> int:
    """``most`` steps, fewer where they would cost more than :data:`STEP_BUDGET_MACS` (never below MIN_STEPS)."""
    per_step = max(optimised_inputs.step_macs(model, layer), 1)
    return int(np.clip(STEP_BUDGET_MACS // per_step, min(MIN_STEPS, most), most))


def look_into(
    spec: str,
    weights: dict,
    step: int,
    images: np.ndarray,
    layer_name: str,
    progress: Progress,
    steps: int = STEPS,
    class_steps: int = CLASS_STEPS,
) -> dict:
    """Top images, their strongest patches and the optimised inputs of ``layer_name``'s units. No Qt: it runs
    as a background job. ``images``: (N, 28, 28) float32 in [0, 1].

    A conv unit's input is optimised for the unit at the centre of its map, inside that unit's patch
    (``centre_field``), without jitter (a shift of one or two pixels smears a 5-pixel patch); the classes'
    with the jitter of :func:`~cnnviz.classroom.optimised_inputs.optimise_inputs`, over the whole image, from each
    class's strongest test image."""
    started = time.perf_counter()
    model = model_from_weights(spec, weights)
    layers = filters.unit_layers(model)
    chosen = [layer for layer in layers if layer.name == layer_name]
    if not chosen:
        raise ValueError(
            f"this network has no layer {layer_name!r}; its layers with units are "
            f"{', '.join(layer.name for layer in layers)}"
        )
    layer = chosen[0]
    classes = layer is layers[-1]
    steps = optimisation_steps(model, layer, class_steps if classes else steps)
    named = dict(count=layer.units, layer=layer.name, steps=steps)
    progress.text = (
        Phrase(N_("Finding the test images that excite the {count} classes…"), **named)
        if classes
        else Phrase(N_("Finding the test images that excite the {count} filters of {layer}…"), **named)
    )

    def searching(_count: int) -> None:
        if progress.cancelled:
            raise Cancelled("a newer request replaced this one")

    acts = filters.mean_activations(model, images, [layer], progress=searching)[layer.name]
    top, values = filters.top_images(acts, min(filters.TOP, len(images)))
    boxes = filters.strongest_patches(model, layer, images, top)
    searched = time.perf_counter()
    done = [0]

    def tick(count: int) -> None:
        if progress.cancelled:
            raise Cancelled("a newer request replaced this one")
        done[0] += count
        progress.text = (
            Phrase(
                N_("Dreaming up the input that the {count} classes want most: step {done} of {steps}…"),
                done=done[0],
                **named,
            )
            if classes
            else Phrase(
                N_("Dreaming up the input that the {count} filters of {layer} want most: step {done} of {steps}…"),
                done=done[0],
                **named,
            )
        )

    field = filters.centre_field(model, layer)
    # The classes climb from their strongest test images, as in `cnnviz filters`; a conv unit's centre from
    # an even grey (its strongest test image is strongest somewhere else on the map).
    optimised, optimised_values = optimised_inputs.optimise_inputs(
        model,
        layer,
        steps,
        seed=0,
        progress=tick,
        **(
            {"start": images[top[:, 0]]}
            if field is None
            else {"centre": True, "jitter": 0, "smoothing": CENTRE_SMOOTHING}
        ),
    )
    return {
        "layer": layer.name,
        "classes": classes,
        "step": step,
        "top": top,
        "values": values,
        "boxes": boxes,
        "optimised": optimised,
        "optimised_values": optimised_values,
        "field": field,
        "search_seconds": searched - started,
        "optimise_seconds": time.perf_counter() - searched,
        "images": len(images),
        "steps": steps,
    }


class FiltersPanel(JobPanel):
    def __init__(self, parent=None):
        super().__init__(
            tr("What each filter wants to see"), tr("on a copy of the latest weights, after each evaluation"), parent
        )
        self.layer_combo = QComboBox()
        self.layer_combo.setToolTip(tr("Whose units to look at: a conv layer's filters, or the output classes"))
        accessibility.set_name(self.layer_combo, tr("Layer"), self.layer_combo.toolTip())
        self.add_toolbar_widget(row_of(QLabel(tr("Layer")), self.layer_combo))

        self.status_label = WrappedLabel("")
        self.status_label.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        accessibility.set_name(self.status_label, tr("Filters status"))
        self.body.addWidget(self.status_label)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.scroll.setFrameShape(QScrollArea.NoFrame)
        accessibility.set_name(
            self.scroll, tr("Filters"), tr("For each unit, its top test images beside the input optimised to excite it")
        )
        self.grid = QWidget()
        self.flow = FlowLayout(self.grid, spacing=10)
        self.scroll.setWidget(self.grid)
        self.body.addWidget(self.scroll, 1)
        self.caption = WrappedLabel("")
        self.caption.setObjectName("hint")
        self.caption.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.body.addWidget(self.caption)

        self.tiles: list[UnitTile] = []
        self.images: np.ndarray | None = None
        """The first :data:`TEST_IMAGES` test images, (N, 28, 28) uint8."""
        self.class_names: tuple[str, ...] = ()
        self.model_source: tuple[str, dict, int] | None = None
        """(spec, weights, step) of the latest weights."""
        self.layers: list[filters.UnitLayer] = []
        self.result: dict | None = None
        self.job: Job | None = None
        self.progress: Progress | None = None
        self.poll = QTimer(self)
        self.poll.setInterval(150)
        self.poll.timeout.connect(self._show_progress)
        self.dirty = True
        self.layer_combo.currentIndexChanged.connect(lambda _i: self.invalidate())
        self._caption()

    # --- inputs ------------------------------------------------------------------------
    def show_dataset(self, dataset) -> None:
        if dataset is None:
            return
        self.images = np.asarray(dataset.test_images[:TEST_IMAGES])
        self.class_names = tuple(dataset.class_names)
        self.clear_result()
        self._caption()
        self.invalidate()

    def set_weights(self, spec: str, weights: dict, step: int) -> None:
        """The latest weights (no copy: Snapshot weights are never modified). The first ones are looked into
        at once (when seen); later ones after the next evaluation (:meth:`evaluated`)."""
        new_spec = self.model_source is None or self.model_source[0] != spec
        first = self.model_source is None or self.result is None
        self.model_source = (spec, weights, step)
        if new_spec:
            self._fill_layers(spec)
        if first or new_spec:
            self.invalidate()

    def evaluated(self, _event=None) -> None:
        """A test evaluation happened: look again with the latest weights (now if seen, else when shown)."""
        self.invalidate()

    def clear_result(self) -> None:
        """Other weights: what was shown belonged to the old ones."""
        self._cancel()
        self.result = None
        self._set_tiles([])
        self.status_label.setText("")
        self.status_label.setToolTip("")
        self.dirty = True

    def _fill_layers(self, spec: str) -> None:
        keep = self.layer_combo.currentData()
        try:
            self.layers = filters.unit_layers(Sequential.from_spec(spec, num_classes=None))
        except ValueError as exc:
            self.layers = []
            self.status_label.setText(tr("Could not read the network {spec!r}: {exc}").format(spec=spec, exc=exc))
        self.layer_combo.blockSignals(True)
        self.layer_combo.clear()
        for i, layer in enumerate(self.layers):
            classes = i == len(self.layers) - 1
            self.layer_combo.addItem(
                tr("the {count} classes").format(count=layer.units) if classes else f"{layer.name} ({layer.units})",
                layer.name,
            )
        names = [layer.name for layer in self.layers]
        self.layer_combo.setCurrentIndex(names.index(keep) if keep in names else 0)
        self.layer_combo.blockSignals(False)
        self.clear_result()

    def choose_layer(self, name: str) -> None:
        index = self.layer_combo.findData(name)
        if index < 0:
            raise ValueError(f"no layer {name!r} here: {[layer.name for layer in self.layers]}")
        self.layer_combo.setCurrentIndex(index)

    # --- computing -------------------------------------------------------------------------
    def draw(self) -> None:
        self.request()

    def request(self) -> bool:
        """Start a background computation for the chosen layer; False when there is nothing to look at."""
        name = self.layer_combo.currentData()
        if self.images is None or self.model_source is None or name is None:
            self.status_label.setText(
                tr("Nothing to look at yet: waiting for the test images.")
                if self.images is None
                else tr("Nothing to look at yet: waiting for a network.")
            )
            self.dirty = True
            return False
        self.dirty = False
        self._cancel()
        spec, weights, step = self.model_source
        self.progress = Progress()
        self.progress.text = Phrase(N_("Looking into {layer} with the weights of step {step}…"), layer=name, step=step)
        self.status_label.setToolTip("")
        self.status_label.setText(in_language(self.progress.text, tr))
        images = self.images.astype(np.float32) / np.float32(255)
        self.job = run_in_background(look_into, spec, weights, step, images, name, self.progress)
        self.job.succeeded.connect(self._on_result)
        self.job.failed.connect(self._on_error)
        self.poll.start()
        return True

    def _cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None
        if self.progress is not None:
            self.progress.cancelled = True
        self.poll.stop()

    def _show_progress(self) -> None:
        if self.progress is not None and self.busy:
            self.status_label.setText(in_language(self.progress.text, tr))

    def _on_result(self, result: dict) -> None:
        self.poll.stop()
        self.show_result(result)
        self._next()

    def _on_error(self, message: str, details: str) -> None:
        self.poll.stop()
        self.status_label.setText(tr("Could not look into the filters: {message}").format(message=message))
        self.status_label.setToolTip(details)
        self._next()

    def hideEvent(self, event) -> None:
        """Out of sight (another tab, the window closing): stop computing; it catches up when shown again."""
        super().hideEvent(event)
        if self.busy:
            self._cancel()
            self.dirty = True
            self.status_label.setText("")

    # --- showing ---------------------------------------------------------------------------
    def show_result(self, result: dict) -> None:
        self.result = result
        tiles = []
        for unit in range(len(result["top"])):
            if result["classes"]:
                name = self.class_names[unit] if unit < len(self.class_names) else str(unit)
                title = tr("class {name}").format(name=name)
            else:
                title = tr("{layer} filter {unit}").format(layer=result["layer"], unit=unit)
            tile = UnitTile(
                title,
                self.images[result["top"][unit]],
                result["top"][unit],
                result["boxes"][unit],
                result["optimised"][unit],
                result["field"],
            )
            indices = ", ".join(f"#{int(i)}" for i in result["top"][unit])
            accessibility.set_name(
                tile,
                title,
                tr("The test images that excite it most ({indices}), and the input optimised to excite it").format(
                    indices=indices
                ),
            )
            tiles.append(tile)
        self._set_tiles(tiles)
        seconds = result["search_seconds"] + result["optimise_seconds"]
        text = (
            tr("<b>The {count} classes</b> with the weights of step {step} (computed in {seconds} s)")
            if result["classes"]
            else tr("<b>The {count} filters of {layer}</b> with the weights of step {step} (computed in {seconds} s)")
        )
        self.status_label.setText(
            text.format(count=len(tiles), layer=result["layer"], step=result["step"], seconds=f"{number(seconds):.1f}")
        )
        self._caption()

    def _set_tiles(self, tiles: list[UnitTile]) -> None:
        for tile in self.tiles:
            self.flow.removeWidget(tile)
            tile.hide()
            tile.deleteLater()
        self.tiles = tiles
        for tile in tiles:
            self.flow.addWidget(tile)
            tile.show()  # now: a layout shows a new child of a visible widget only later (a queued call)
        self.grid.updateGeometry()

    def _caption(self) -> None:
        count = TEST_IMAGES if self.images is None else len(self.images)
        classes = self.result is not None and self.result["classes"]
        steps = self.result["steps"] if self.result is not None else STEPS
        if classes:
            text = tr(
                "Each class: the 9 of the first {count} test images it scores highest; right: the input "
                "dreamed up to make it score highest (dream a 3), by {steps} steps of gradient ascent "
                "with jitter and blur. Click one to see it bigger."
            )
        else:
            text = tr(
                "Each filter: the 9 of the first {count} test images that excite it most, orange: the patch "
                "its strongest spot sees; right: the pattern that excites it most in such a patch, by {steps} "
                "steps of blurred gradient ascent. Click one to see it bigger."
            )
        self.caption.setText(text.format(count=f"{grouped(count):,}", steps=steps))

"""What each conv layer (and each pooling after it) makes of one input image."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, QTimer, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QWidget,
)

from ...app.explain import mosaic_cell
from ...app.feature_map_layout import (
    ALL,
    INPUT_STRETCH,
    LAYOUT_MARGIN_PX,
    LAYOUT_SPACING_PX,
    PAIR_STRETCH,
    SINGLE_STRETCH,
    most_maps,
    tile_gap,
)
from .. import accessibility, palette, theme
from ..language import number, tr
from .common import ElidedLabel, LazyPanel, best_grid, row_of
from .feature_maps_arrangement import MapsArrangement
from .input_choice import InputChoice
from .pictures import image_view, mosaic, natural_width, robust_max, show
from .pixel_explanation import PixelExplanation


class FeatureMapsPanel(LazyPanel, MapsArrangement):
    testImageChosen = Signal(int)
    """The user asks for test image N (any whole number: the app model wraps it around)."""
    drawingChosen = Signal()
    """The user asks for the drawing's feature maps."""

    def __init__(self, parent=None):
        super().__init__(tr("Feature maps"), "", parent)
        self.choice = InputChoice(self)
        """The input: a test image or the drawing."""
        self.layer_label = QLabel(tr("showing"))
        self.layer_combo = QComboBox()
        self.layer_combo.setSizeAdjustPolicy(QComboBox.AdjustToContents)  # "conv2 + pool2" whole
        self.layer_combo.setToolTip(
            tr(
                "The layers shown: when all of them would be too small to see, the panel "
                "shows one conv layer with its pooling, or one layer (presenter mode: one "
                "layer, big)"
            )
        )
        self.layer_box = row_of(self.layer_label, self.layer_combo)
        accessibility.set_name(self.layer_combo, tr("Layers shown"), self.layer_combo.toolTip())
        self.layer_box.setSizePolicy(QSizePolicy.Fixed, QSizePolicy.Preferred)
        self.layer_box.hide()
        self.add_toolbar_widget(*self.choice.toolbar_pieces())
        self.choice.testImageChosen.connect(self.testImageChosen)
        self.choice.drawingChosen.connect(self.drawingChosen)
        self.layer_combo.currentIndexChanged.connect(self._on_layer_chosen)

        # --- maps ------------------------------------------------------------
        self.graphics = pg.GraphicsLayoutWidget()
        self.graphics.ci.setSpacing(LAYOUT_SPACING_PX)
        accessibility.set_name(self.graphics, tr("Feature maps"), tr("The input image and what each layer makes of it"))
        self.graphics.ci.layout.setContentsMargins(*(LAYOUT_MARGIN_PX,) * 4)
        self.body.addWidget(self.graphics, 1)
        # Under the maps, one line: the layer chooser (when not all layers fit) and the hover explanation
        # (the whole of it in its tooltip). The line is as high with the chooser as without, so that
        # showing it never changes the room the maps get (the choice of what fits stays put).
        self.explain_label = ElidedLabel(
            tr(
                "Point at a feature-map pixel: what it sees lights up on the input; "
                "for conv1 you see the sum that made it."
            )
        )
        self.explain_label.setObjectName("hint")
        self.bottom_row = QWidget()
        self.bottom_layout = QHBoxLayout(self.bottom_row)
        self.bottom_layout.setContentsMargins(0, 0, 0, 0)
        self.bottom_layout.setSpacing(8)
        self.bottom_layout.addWidget(self.layer_box)
        self.bottom_layout.addWidget(self.explain_label, 1)
        self.body.addWidget(self.bottom_row)
        self.graphics.installEventFilter(self)
        self._relayout = QTimer(self)
        self._relayout.setSingleShot(True)
        self._relayout.setInterval(0)
        self._relayout.timeout.connect(self._relayout_if_needed)
        self.graphics.scene().sigMouseMoved.connect(self._on_mouse_moved)
        self.mosaics: dict[str, tuple[int, int, int, int, int, int]] = {}
        """layer -> (channels, h, w, rows, cols, gap) of its mosaic."""
        self.explanation = PixelExplanation(self.explain_label, self.graphics)
        """The pixel pointed at, explained."""
        self.layer_names: tuple[str, ...] = ()
        self.views: dict[str, tuple[pg.ViewBox, pg.ImageItem, pg.LabelItem]] = {}
        self.images: dict[str, np.ndarray] = {}
        self.input_view = None
        self.last_snapshot = None
        self._class_names = None
        self._rebuild = False
        """Lay the grids out again at the next draw (the panel changed size)."""
        self.grids: dict[str, tuple[int, int, int]] = {}
        """layer -> (maps shown, rows, cols) of its mosaic."""
        self.single_layer = False
        """Presenter mode: always one layer, big."""
        self.normal_tile_px = 0.0
        """The smallest tile normal mode showed last (presenter mode's are bigger)."""
        self.level = ALL
        """What the maps on screen show: ALL, PAIR or ONE (see :meth:`fitting_level`)."""
        self.chosen: str | None = None
        """The layer the user chose to see (its pair, at PAIR), kept across levels."""
        self.side = None
        """The kept run (A) shown left of this one (B), one layer: :class:`~cnnviz.app.side_by_side.SideBySide`.
        ``kept_views``: A's view of each layer shown; ``kept_note``: why A's maps are not shown (or "")."""
        self.kept_views: dict[str, tuple[pg.ViewBox, pg.ImageItem, pg.LabelItem]] = {}
        self.kept_note = ""
        self.kept_titles: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
        """layer -> A's and B's titles beside a kept run, longest first (see :meth:`_fit_kept_titles`)."""
        self._measure = pg.LabelItem("", color=theme.TEXT)
        self._title_widths: dict[tuple[str, int], float] = {}

    # --- input choice (the app model's, shown by InputChoice) ----------------
    @property
    def use_drawing(self) -> bool:
        """The drawing is shown (as the chooser shows the app model's choice)."""
        return self.choice.use_drawing

    @property
    def test_index(self) -> int:
        """The test image shown (as the chooser shows the app model's choice)."""
        return self.choice.test_index

    def show_input_choice(self, choice) -> None:
        """The app model chose the input shown (observed through the registry)."""
        self.choice.show_choice(choice)

    @property
    def test_count(self) -> int:
        return self.choice.test_count

    def show_dataset(self, dataset) -> None:
        """The data set loaded (observed through the registry): its test images can be chosen."""
        if dataset is not None:
            self.set_test_count(len(dataset.test_images))

    def show_view(self, snapshot, class_names=None) -> None:
        """The live view (observed through the registry)."""
        self.show_snapshot(snapshot, class_names)

    def select_drawing(self) -> None:
        """Ask for the drawing's feature maps (as clicking "My drawing")."""
        self.choice.select_drawing()

    def set_test_count(self, count: int) -> None:
        self.choice.set_test_count(count)

    def select_test_image(self, index: int) -> None:
        """Ask for test image ``index`` (as choosing it in the toolbar; the app model wraps it around)."""
        self.choice.select_test_image(index)

    # --- layout --------------------------------------------------------------
    def set_kept(self, side) -> None:
        """The kept run to show beside (None: none): one layer at a time, A | B, each side on its own colour scale."""
        self.side = side
        self._lay_out_again()

    def _lay_out_again(self) -> None:
        """The snapshot shown, with its grids laid out anew (the level, the layer chosen or the size changed)."""
        if self.last_snapshot is not None:
            self.show_snapshot(self.last_snapshot, self._class_names, rebuild=True)

    def eventFilter(self, watched, event) -> bool:
        if watched is self.graphics and event.type() == QEvent.Resize and self.last_snapshot is not None:
            self._relayout.start()  # after the resize: never rebuild the scene inside its own resize
        return super().eventFilter(watched, event)

    def _build(self, feature_maps) -> None:
        layout = self.graphics.ci
        layout.clear()
        self.views.clear()
        self.kept_views.clear()
        self.kept_titles.clear()
        self.images.clear()
        self.grids.clear()
        self.title_texts: dict[str, tuple[str, str, int, float]] = {}
        shapes = {name: arr.shape for name, arr in feature_maps}
        pairs = self._layout_pairs(feature_maps)
        self.input_title = self._label(tr("input"))
        layout.addItem(self.input_title, row=0, col=0)
        view, item = image_view(theme.GREY_LUT, (0.0, 1.0))
        layout.addItem(view, row=1, col=0)
        self.input_view = (view, item)
        self.explanation.mark_input(view)
        layout.layout.setColumnStretchFactor(0, INPUT_STRETCH)
        for r, pair in enumerate(pairs):
            for c, name in enumerate(pair, start=1 if self.side is None else 2):
                if name is None:
                    continue
                channels, h, w = shapes[name]
                what = tr("{count} maps").format(count=channels) if name.startswith("conv") else "ReLU, pool"
                full = f"<b>{name}</b> {what} {h}×{w}"
                title = self._label(full)  # (or the name alone: see _fit_titles)
                self.title_texts[name] = (full, f"<b>{name}</b>", c, natural_width(title))
                lut = palette.DIVERGING_LUT if name.startswith("conv") else palette.SEQUENTIAL_LUT
                levels = (-1.0, 1.0) if name.startswith("conv") else (0.0, 1.0)
                view, item = image_view(lut, levels)
                layout.addItem(title, row=2 * r, col=c)
                layout.addItem(view, row=2 * r + 1, col=c)
                self.views[name] = (view, item, title)
                if self.side is not None:  # A, left of B
                    kept_title = self._label("")
                    kept_view, kept_item = image_view(lut, levels)
                    layout.addItem(kept_title, row=2 * r, col=c - 1)
                    layout.addItem(kept_view, row=2 * r + 1, col=c - 1)
                    self.kept_views[name] = (kept_view, kept_item, kept_title)
                self.explanation.mark_layer(name, view)
                view.sigResized.connect(lambda _v, n=name: self._on_view_resized(n))
        columns = max((sum(1 for name in pair if name) for pair in pairs), default=1) + len(self.kept_views)
        for c in range(1, columns + 1):
            layout.layout.setColumnStretchFactor(c, PAIR_STRETCH if columns > 1 else SINGLE_STRETCH)
        for c in (1, 2):  # (A's and B's equal widths undone: see _fit_kept_titles)
            layout.layout.setColumnMinimumWidth(c, 0)
            layout.layout.setColumnPreferredWidth(c, 0)
        for r in range(len(pairs)):
            layout.layout.setRowStretchFactor(2 * r, 0)
            layout.layout.setRowStretchFactor(2 * r + 1, 10)
        self.layer_names = tuple(name for name, _ in feature_maps)
        # A resize that came while the layout was empty left the central item clamped to the height of
        # its labels (Qt keeps a widget within its layout's maximum size): fill the view again.
        self.graphics.ci.setGeometry(self.graphics.range)

    def _grid_for(self, name: str, channels: int, h: int, w: int, gap: int) -> tuple[int, int, int]:
        """(maps shown, rows, columns) that make the tiles as big as the view allows; beside a kept run, the
        first maps only when all of them would be smaller than MIN_TILE_PX."""
        size = self.views[name][0].size()
        if name in self.kept_views:
            channels = most_maps(channels, h, w, size.width(), size.height())
        return (channels, *best_grid(channels, h, w, size.width(), size.height(), gap))

    def _on_view_resized(self, name: str) -> None:
        snapshot = self.last_snapshot
        if snapshot is None or name not in self.views or name not in self.grids:
            return
        arr = dict(snapshot.feature_maps).get(name)
        if arr is None:
            return
        c, h, w = arr.shape
        if self._grid_for(name, c, h, w, tile_gap(h)) != self.grids[name]:
            self._show_layer(name, arr, self._kept_maps().get(name))

    def tile_pixels(self, name: str, kept: bool = False) -> float:
        """How many screen pixels one feature map of ``name`` is tall (the readability check; ``kept``: A's,
        beside a kept run)."""
        view, item, _title = (self.kept_views if kept else self.views)[name]
        if item.image is None or name not in self.mosaics:
            return 0.0
        _c, h, _w, _rows, _cols, _gap = self.mosaics[name]
        top = view.mapViewToDevice(pg.QtCore.QPointF(0, 0))
        bottom = view.mapViewToDevice(pg.QtCore.QPointF(0, h))
        return abs(bottom.y() - top.y()) if top is not None and bottom is not None else 0.0

    # --- data ------------------------------------------------------------------
    def show_snapshot(self, snapshot, class_names=None, rebuild: bool = False) -> None:
        """Keep ``snapshot``; draw it now if the panel is seen, else when it is shown next
        (``rebuild``: lay the grids out again, e.g. after the panel changed size)."""
        self.last_snapshot = snapshot
        self._class_names = class_names
        self._rebuild = rebuild or self._rebuild
        self.invalidate()

    def draws_while_hidden(self) -> bool:
        return not self.views

    def draw(self) -> None:
        self._draw_snapshot()

    def _draw_snapshot(self) -> None:
        snapshot, class_names = self.last_snapshot, self._class_names
        rebuild, self.dirty, self._rebuild = self._rebuild, False, False
        names = tuple(name for name, _ in snapshot.feature_maps)
        if rebuild or names != self.layer_names or not self.views or self.fitting_level() != self.level:
            self._build(snapshot.feature_maps)
            self._relayout.start()  # presenter mode's height limit, once the layout has settled
        view, item = self.input_view
        show(item, view, snapshot.input_image, (0.0, 1.0))
        maps = dict(snapshot.feature_maps)
        kept = self._kept_maps()
        for name in self.views:
            self._show_layer(name, maps[name], kept.get(name))
        probs = snapshot.probabilities
        predicted = int(np.argmax(probs))
        names_ = list(class_names or ())
        names_ += [str(i) for i in range(len(names_), max(len(probs), (snapshot.input_label or 0) + 1))]
        # (a net of the class's own classes shown a digit test image: its label is beyond their names)
        source = (
            tr("your drawing")
            if snapshot.input_label is None
            else tr("label {label}").format(label=names_[snapshot.input_label])
        )
        # One short line (the confidence in its tooltip): the input's column stays narrow, the maps get
        # the width, and the title rows stay one line high.
        self.input_title.setText(f"{source} → <b>{names_[predicted]}</b>")
        self.input_title.setToolTip(
            tr("{source}: the network says {answer}, {percent}% sure").format(
                source=source, answer=names_[predicted], percent=f"{number(100 * probs[predicted]):.0f}"
            )
        )
        self.setToolTip(tr("Feature maps of the weights of step {step}").format(step=snapshot.step))
        self._fit_titles()

    def _kept_maps(self) -> dict[str, np.ndarray]:
        """A's maps for the input shown, of the layers it shares with B (else why not, in :attr:`kept_note`)."""
        snapshot, self.kept_note = self.last_snapshot, ""
        if self.side is None or snapshot is None or not self.kept_views:
            return {}
        maps, self.kept_note = self.side.maps_beside(snapshot.input_image, dict(snapshot.feature_maps), self.kept_views)
        return maps

    def _show_layer(self, name: str, arr: np.ndarray, kept: np.ndarray | None = None) -> None:
        """B's maps of layer ``name`` (and A's ``kept`` ones beside them, on the same grid). Each side on its own colour
        scale, as each run's maps are alone: one scale for both left the new run's maps near white beside a lesson's
        run kept after its weights blew up (real X, 1024x768: A's conv1 reached 32, B's 2)."""
        view, item, title = self.views[name]
        c, h, w = arr.shape
        gap = tile_gap(h)
        shown, rows, cols = self.grids[name] = self._grid_for(name, c, h, w, gap)
        conv = name.startswith("conv")
        extent = robust_max(np.abs(arr) if conv else arr)
        levels = (-1.0, 1.0) if conv else (0.0, 1.0)
        self.mosaics[name] = (shown, h, w, rows, cols, gap)
        image = mosaic(np.clip(arr[:shown] / extent, -1, 1), rows, cols, gap=gap)
        self.images[name] = image
        show(item, view, image, levels)
        if name in self.kept_views:
            kept_view, kept_item, kept_title = self.kept_views[name]
            what = (
                name
                if shown == c
                else tr("{layer} maps 0–{last} of {count}").format(layer=name, last=shown - 1, count=c)
            )
            a_what = (what, name) if kept is not None else (tr("not shown"),) * 2
            self.kept_titles[name] = tuple(
                (f"<b>{short}</b> · {whats[0]}", f"<b>{short}</b> · {whats[1]}", f"<b>{short}</b>", f"<b>{letter}</b>")
                for short, whats, letter in ((self.side.a_short, a_what, "A"), (self.side.b_short, (what, name), "B"))
            )
            self.explain_label.setText(self.kept_note or self.side.maps_legend)  # (why not, or which is which)
            if kept is None:
                kept_item.clear()
            else:
                own = robust_max(np.abs(kept) if conv else kept)
                show(kept_item, kept_view, mosaic(np.clip(kept[:shown] / own, -1, 1), rows, cols, gap=gap), levels)
            # Last: fitting the titles lays the row out again, and a view resized there draws both sides anew on
            # its new grid (_on_view_resized); A drawn after it here had the old one (2x4 beside B's 1x8, real X).
            self._fit_kept_titles()

    # --- explain a number (PixelExplanation's) ------------------------------------
    def _on_mouse_moved(self, pos) -> None:
        if self.last_snapshot is None:
            return
        for name, (_view, item, _title) in self.views.items():
            if item.image is None or not item.sceneBoundingRect().contains(pos):
                continue
            p = item.mapFromScene(pos)
            cell = mosaic_cell(p.x(), p.y(), *self.mosaics.get(name, (0, 1, 1, 0, 0, 1)))
            if cell is not None:
                self.explain(name, *cell)
                return
        self.explanation.hide()

    def explain(self, layer: str, channel: int, y: int, x: int) -> dict | None:
        """Show where feature-map pixel (channel, y, x) of ``layer`` looks and how it was computed."""
        snapshot = self.last_snapshot
        self.catch_up()  # the geometry must be that of this snapshot
        if snapshot is None or layer not in self.views:
            return None
        return self.explanation.show(snapshot, layer, channel, y, x, self.mosaics[layer])

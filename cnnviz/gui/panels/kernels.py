"""Convolution kernels: blue negative, white zero, red positive; with a kept run, A | B.

Without a kept run: the first conv layer's kernels beside one output channel of a deeper layer. With one
(:class:`~cnnviz.app.side_by_side.SideBySide`): the same two mosaics for the kept run (A, left) and the run
now (B, right), one pair per row, each pair on one colour scale (the larger of the two sides' largest
weight) and the same grid, so the tiles line up and a bigger weight looks bigger.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QComboBox, QLabel, QSpinBox

from ...app.side_by_side import shared_limit
from .. import accessibility, palette, theme
from ..language import tr
from ..wrapped_label import WrappedLabel
from .common import LazyPanel, best_grid, row_of, set_items
from .pictures import image_view, mosaic, show

FIRST, DEEP = "first", "deep"


class KernelsPanel(LazyPanel):
    def __init__(self, parent=None):
        super().__init__(tr("Kernels"), tr("blue < 0 < red"), parent)
        self.layer_combo = QComboBox()
        self.layer_combo.setToolTip(tr("A deeper conv layer: its kernels for one output channel"))
        self.channel_spin = QSpinBox()
        self.channel_spin.setToolTip(tr("Output channel whose kernels (one per input channel) are shown"))
        self.add_toolbar_widget(
            row_of(QLabel(tr("Deeper:")), self.layer_combo), row_of(QLabel(tr("channel")), self.channel_spin)
        )
        accessibility.set_name(self.layer_combo, tr("Deeper layer"), self.layer_combo.toolTip())
        accessibility.set_name(self.channel_spin, tr("Output channel"), self.channel_spin.toolTip())
        self.compare_note = WrappedLabel("")
        self.compare_note.setObjectName("hint")
        self.compare_note.hide()
        accessibility.set_name(self.compare_note, tr("Kernels of the kept run"), tr("A is the kept run, B the run now"))
        self.body.addWidget(self.compare_note)
        self.graphics = pg.GraphicsLayoutWidget()
        self.graphics.ci.setSpacing(6)
        accessibility.set_name(
            self.graphics, tr("Convolution kernels"), tr("Weights as colours: blue negative, white zero, red positive")
        )
        self.body.addWidget(self.graphics)

        def title() -> pg.LabelItem:
            item = pg.LabelItem("", color=theme.TEXT, size=f"{theme.AXIS_POINT_SIZE}pt")
            item.setMaximumHeight(24)
            return item

        self.first_title, self.deep_title = title(), title()
        self.first_view, self.first_item = image_view(palette.DIVERGING_LUT, (-1.0, 1.0))
        self.deep_view, self.deep_item = image_view(palette.DIVERGING_LUT, (-1.0, 1.0))
        self.kept_titles = {FIRST: title(), DEEP: title()}
        """The kept run's (A) titles, views and images, shown while a run is kept."""
        self.kept_views = {
            FIRST: image_view(palette.DIVERGING_LUT, (-1.0, 1.0)),
            DEEP: image_view(palette.DIVERGING_LUT, (-1.0, 1.0)),
        }
        self.kept_images: dict[str, np.ndarray | None] = {FIRST: None, DEEP: None}
        self.side = None
        """The kept run as shown beside this one (None: no comparison)."""
        self.why_not: dict[str, str] = {}
        """FIRST/DEEP -> why A is not shown beside B (empty when it is)."""
        self._arrange()
        self.kernels: dict[str, np.ndarray] = {}
        self.first_image: np.ndarray | None = None
        self.deep_image: np.ndarray | None = None
        self.grids: dict[str, tuple[int, int]] = {}
        """"first"/"deep" -> (rows, cols) of its mosaic: as big as its view allows, laid out again on a resize."""
        self.layer_combo.currentIndexChanged.connect(self._on_layer)
        self.channel_spin.valueChanged.connect(lambda _v: self._show_deep())
        self.first_view.sigResized.connect(lambda _v: self._on_view_resized(FIRST))
        self.deep_view.sigResized.connect(lambda _v: self._on_view_resized(DEEP))

    def _arrange(self) -> None:
        """Alone: first | deep on one row. Compared: A first | B first, then A deep | B deep."""
        layout = self.graphics.ci
        for item in list(layout.items):
            layout.removeItem(item)
            item.setParentItem(None)
            if item.scene() is not None:
                item.scene().removeItem(item)
        own = ((self.first_title, self.first_view), (self.deep_title, self.deep_view))
        if self.side is None:
            places = [(title, 0, c) for c, (title, _) in enumerate(own)] + [
                (view, 1, c) for c, (_, view) in enumerate(own)
            ]
        else:
            places = []
            for r, (which, (title, view)) in enumerate(zip((FIRST, DEEP), own)):
                places += [
                    (self.kept_titles[which], 2 * r, 0),
                    (self.kept_views[which][0], 2 * r + 1, 0),
                    (title, 2 * r, 1),
                    (view, 2 * r + 1, 1),
                ]
        for item, row, col in places:
            layout.addItem(item, row=row, col=col)
        rows = 2 if self.side is None else 4
        for r in range(rows):
            layout.layout.setRowStretchFactor(r, 10 if r % 2 else 0)

    def set_kept(self, side) -> None:
        """The kept run to show beside this one (:class:`~cnnviz.app.side_by_side.SideBySide`; None: stop
        comparing): drawn now if the panel is seen, else when it is shown next."""
        comparing_before = self.side is not None
        self.side = side
        if (side is not None) != comparing_before:
            self._arrange()
        if side is None:
            self.compare_note.hide()
            for which in (FIRST, DEEP):
                self.kept_views[which][1].clear()
                self.kept_images[which] = None
        self.invalidate()

    def _fitting_grid(self, which: str, count: int, kh: int, kw: int) -> tuple[int, int]:
        """Rows and columns of ``count`` kernels that make them as big as the ``which`` view allows."""
        size = (self.first_view if which == FIRST else self.deep_view).size()
        return best_grid(count, kh, kw, size.width(), size.height(), gap=1)

    def _grid(self, which: str, count: int, kh: int, kw: int) -> tuple[int, int]:
        self.grids[which] = self._fitting_grid(which, count, kh, kw)
        return self.grids[which]

    def _on_view_resized(self, which: str) -> None:
        name = next(iter(self.kernels), None) if which == FIRST else self.layer_combo.currentText()
        if which not in self.grids or name not in self.kernels:
            return
        out, inp, kh, kw = self.kernels[name].shape
        if self._fitting_grid(which, out if which == FIRST else inp, kh, kw) != self.grids[which]:
            self._draw_kernels() if which == FIRST else self._show_deep()

    def show_kernels(self, kernels) -> None:
        """``kernels``: (conv layer name, (out, in, kh, kw)) pairs, first layer first; drawn now if the
        panel is seen, else when it is shown next."""
        self.kernels = dict(kernels)
        self.invalidate()

    def show_view(self, snapshot, _class_names=None) -> None:
        """The live view (observed through the registry): its kernels."""
        self.show_kernels(snapshot.kernels)

    def draws_while_hidden(self) -> bool:
        return self.first_image is None

    def draw(self) -> None:
        self._draw_kernels()

    def _kept(self, which: str, name: str, shape: tuple[int, ...]) -> np.ndarray | None:
        """A's weights of layer ``name`` when they can stand beside B's (else why not, in :attr:`why_not`)."""
        self.why_not[which] = "" if self.side is None else self.side.why_not(name, shape)
        return None if self.side is None or self.why_not[which] else self.side.kernels[name]

    def _show_pair(
        self,
        which: str,
        tiles: np.ndarray,
        kept_tiles: np.ndarray | None,
        limit: float,
        rows: int,
        cols: int,
        title: str,
    ) -> np.ndarray:
        """B's ``tiles`` (and A's, beside them) on one colour scale (``limit`` is +-1); returns B's mosaic."""
        image = mosaic(tiles / limit, rows, cols)
        own_view, own_item = (self.first_view, self.first_item) if which == FIRST else (self.deep_view, self.deep_item)
        show(own_item, own_view, image, (-1.0, 1.0))
        (self.first_title if which == FIRST else self.deep_title).setText(
            title if self.side is None else f"<b>B</b> · {title}"
        )
        if self.side is not None:
            view, item = self.kept_views[which]
            if kept_tiles is None:
                item.clear()
                self.kept_images[which] = None
                self.kept_titles[which].setText(tr("<b>A</b> · not shown (see above)"))
            else:
                self.kept_images[which] = mosaic(kept_tiles / limit, rows, cols)
                show(item, view, self.kept_images[which], (-1.0, 1.0))
                self.kept_titles[which].setText(f"<b>A</b> · {title}")
            notes = [note for note in self.why_not.values() if note]
            self.compare_note.setText(tr("; ").join(dict.fromkeys(notes)) if notes else self.side.legend)
            self.compare_note.show()
        return image

    def _draw_kernels(self) -> None:
        self.dirty = False
        names = list(self.kernels)
        deeper = names[1:]
        if set_items(self.layer_combo, deeper):
            self._on_layer(self.layer_combo.currentIndex(), refresh=False)
        self.layer_combo.setEnabled(bool(deeper))
        self.channel_spin.setEnabled(bool(deeper))
        if not names:
            return
        first = self.kernels[names[0]]
        out, inp, kh, kw = first.shape
        kept = self._kept(FIRST, names[0], first.shape)
        tiles = first[:, 0] if inp == 1 else first.mean(axis=1)
        kept_tiles = None if kept is None else (kept[:, 0] if inp == 1 else kept.mean(axis=1))
        rows, cols = self._grid(FIRST, out, kh, kw)
        what = "" if inp == 1 else " " + tr("(mean over {count} inputs)").format(count=inp)
        self.first_image = self._show_pair(
            FIRST,
            tiles,
            kept_tiles,
            shared_limit(kept_tiles, tiles),
            rows,
            cols,
            f"<b>{names[0]}</b>: {out} × {kh}×{kw}{what}",
        )
        self._show_deep()

    def _on_layer(self, index: int, refresh: bool = True) -> None:
        name = self.layer_combo.itemText(index) if index >= 0 else ""
        if name in self.kernels:
            self.channel_spin.setRange(0, self.kernels[name].shape[0] - 1)
        if refresh:
            self._show_deep()

    def _show_deep(self) -> None:
        name = self.layer_combo.currentText()
        if name not in self.kernels:
            for title, item in ((self.deep_title, self.deep_item), (self.kept_titles[DEEP], self.kept_views[DEEP][1])):
                title.setText("")
                item.clear()
            self.deep_image = self.kept_images[DEEP] = None
            self.why_not[DEEP] = ""
            return
        weights = self.kernels[name]
        kept = self._kept(DEEP, name, weights.shape)
        channel = min(self.channel_spin.value(), weights.shape[0] - 1)
        tiles = weights[channel]
        kept_tiles = None if kept is None else kept[channel]
        inp, kh, kw = tiles.shape
        rows, cols = self._grid(DEEP, inp, kh, kw)
        # (on the scale of the whole layer's largest weight, of either side)
        self.deep_image = self._show_pair(
            DEEP,
            tiles,
            kept_tiles,
            shared_limit(kept, weights),
            rows,
            cols,
            f"<b>{name}</b> "
            + tr("channel {channel}: {count} × {size}").format(channel=channel, count=inp, size=f"{kh}×{kw}"),
        )

    def tile_pixels(self) -> float:
        """How many screen pixels one kernel is tall, the smallest of the mosaics shown (the readability check)."""
        sizes = []
        shown = [
            (self.first_view, self.first_item, next(iter(self.kernels), None)),
            (self.deep_view, self.deep_item, self.layer_combo.currentText()),
        ]
        if self.side is not None:
            shown += [(*self.kept_views[FIRST], shown[0][2]), (*self.kept_views[DEEP], shown[1][2])]
        for view, item, name in shown:
            if item.image is None or name not in self.kernels:
                continue
            kh = self.kernels[name].shape[2]
            top = view.mapViewToDevice(QPointF(0, 0))
            bottom = view.mapViewToDevice(QPointF(0, kh))
            if top is not None and bottom is not None:
                sizes.append(abs(bottom.y() - top.y()))
        return min(sizes, default=0.0)

"""Convolution kernels: blue negative, white zero, red positive."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QComboBox, QLabel, QSpinBox

from .. import accessibility, palette, theme
from .common import LazyPanel, best_grid, image_view, mosaic, row_of, set_items, show


class KernelsPanel(LazyPanel):
    def __init__(self, parent=None):
        super().__init__("Kernels", "blue < 0 < red", parent)
        self.layer_combo = QComboBox()
        self.layer_combo.setToolTip("A deeper conv layer: its kernels for one output channel")
        self.channel_spin = QSpinBox()
        self.channel_spin.setToolTip("Output channel whose kernels (one per input channel) are shown")
        self.add_toolbar_widget(row_of(QLabel("Deeper:"), self.layer_combo),
                                row_of(QLabel("channel"), self.channel_spin))
        accessibility.set_name(self.layer_combo, "Deeper layer", self.layer_combo.toolTip())
        accessibility.set_name(self.channel_spin, "Output channel", self.channel_spin.toolTip())
        self.graphics = pg.GraphicsLayoutWidget()
        self.graphics.ci.setSpacing(6)
        accessibility.set_name(self.graphics, "Convolution kernels", "Weights as colours: blue negative, white "
                               "zero, red positive")
        self.body.addWidget(self.graphics)
        layout = self.graphics.ci
        self.first_title = pg.LabelItem("", color=theme.TEXT, size=f"{theme.AXIS_POINT_SIZE}pt")
        self.deep_title = pg.LabelItem("", color=theme.TEXT, size=f"{theme.AXIS_POINT_SIZE}pt")
        layout.addItem(self.first_title, row=0, col=0)
        layout.addItem(self.deep_title, row=0, col=1)
        self.first_view, self.first_item = image_view(palette.DIVERGING_LUT, (-1.0, 1.0))
        self.deep_view, self.deep_item = image_view(palette.DIVERGING_LUT, (-1.0, 1.0))
        layout.addItem(self.first_view, row=1, col=0)
        layout.addItem(self.deep_view, row=1, col=1)
        layout.layout.setRowStretchFactor(0, 0)
        layout.layout.setRowStretchFactor(1, 10)
        for title in (self.first_title, self.deep_title):
            title.setMaximumHeight(24)
        self.kernels: dict[str, np.ndarray] = {}
        self.first_image: np.ndarray | None = None
        self.deep_image: np.ndarray | None = None
        self.grids: dict[str, tuple[int, int]] = {}
        """"first"/"deep" -> (rows, cols) of its mosaic: as big as its view allows, laid out again on a resize."""
        self.layer_combo.currentIndexChanged.connect(self._on_layer)
        self.channel_spin.valueChanged.connect(lambda _v: self._show_deep())
        self.first_view.sigResized.connect(lambda _v: self._on_view_resized("first"))
        self.deep_view.sigResized.connect(lambda _v: self._on_view_resized("deep"))

    def _fitting_grid(self, which: str, count: int, kh: int, kw: int) -> tuple[int, int]:
        """Rows and columns of ``count`` kernels that make them as big as the ``which`` view allows."""
        size = (self.first_view if which == "first" else self.deep_view).size()
        return best_grid(count, kh, kw, size.width(), size.height(), gap=1)

    def _grid(self, which: str, count: int, kh: int, kw: int) -> tuple[int, int]:
        self.grids[which] = self._fitting_grid(which, count, kh, kw)
        return self.grids[which]

    def _on_view_resized(self, which: str) -> None:
        name = next(iter(self.kernels), None) if which == "first" else self.layer_combo.currentText()
        if which not in self.grids or name not in self.kernels:
            return
        out, inp, kh, kw = self.kernels[name].shape
        if self._fitting_grid(which, out if which == "first" else inp, kh, kw) != self.grids[which]:
            self._draw_kernels() if which == "first" else self._show_deep()

    def show_kernels(self, kernels) -> None:
        """``kernels``: (conv layer name, (out, in, kh, kw)) pairs, first layer first; drawn now if the
        panel is seen, else when it is shown next."""
        self.kernels = dict(kernels)
        self.invalidate()

    def draws_while_hidden(self) -> bool:
        return self.first_image is None

    def draw(self) -> None:
        self._draw_kernels()

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
        tiles = first[:, 0] if inp == 1 else first.mean(axis=1)
        rows, cols = self._grid("first", out, kh, kw)
        limit = max(float(np.abs(tiles).max()), 1e-8)
        self.first_image = mosaic(tiles / limit, rows, cols)
        show(self.first_item, self.first_view, self.first_image, (-1.0, 1.0))
        what = "" if inp == 1 else f" (mean over {inp} inputs)"
        self.first_title.setText(f"<b>{names[0]}</b>: {out} × {kh}×{kw}{what}")
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
            self.deep_title.setText("")
            self.deep_item.clear()
            self.deep_image = None
            return
        weights = self.kernels[name]
        channel = min(self.channel_spin.value(), weights.shape[0] - 1)
        tiles = weights[channel]
        inp, kh, kw = tiles.shape
        rows, cols = self._grid("deep", inp, kh, kw)
        limit = max(float(np.abs(weights).max()), 1e-8)
        self.deep_image = mosaic(tiles / limit, rows, cols)
        show(self.deep_item, self.deep_view, self.deep_image, (-1.0, 1.0))
        self.deep_title.setText(f"<b>{name}</b> channel {channel}: {inp} × {kh}×{kw}")

    def tile_pixels(self) -> float:
        """How many screen pixels one kernel is tall, the smaller of the two mosaics (the readability check)."""
        sizes = []
        for view, item, name in ((self.first_view, self.first_item, next(iter(self.kernels), None)),
                                 (self.deep_view, self.deep_item, self.layer_combo.currentText())):
            if item.image is None or name not in self.kernels:
                continue
            kh = self.kernels[name].shape[2]
            top = view.mapViewToDevice(QPointF(0, 0))
            bottom = view.mapViewToDevice(QPointF(0, kh))
            if top is not None and bottom is not None:
                sizes.append(abs(bottom.y() - top.y()))
        return min(sizes, default=0.0)

"""The Feature maps panel's "explain a number": pointing at a pixel of a map lights up what it sees on the
input (its receptive field) and marks the pixel; the line under the maps says how it was computed."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPen
from PySide6.QtWidgets import QGraphicsRectItem, QLabel

from ...app.explain import describe_pixel, layer_geometry, receptive_field

MARK_COLOUR = "#00e5ff"


def _mark(fill: bool = False) -> QGraphicsRectItem:
    rect = QGraphicsRectItem()
    rect.setPen(QPen(QColor(MARK_COLOUR), 0))
    if fill:
        rect.setBrush(QColor(0, 229, 255, 60))
    rect.setZValue(10)
    rect.hide()
    return rect


class PixelExplanation:
    """The marks on the input and on the maps, and the words for the pixel pointed at (``label``; the whole of
    it in ``graphics``' tooltip). ``last`` is what the latest explanation said (None: none yet)."""

    def __init__(self, label: QLabel, graphics: pg.GraphicsLayoutWidget):
        self.label = label
        self.graphics = graphics
        self.field_rect: QGraphicsRectItem | None = None
        self.pixel_rects: dict[str, QGraphicsRectItem] = {}
        self.last: dict | None = None
        self._chains: dict[str, list] = {}
        self._chains_spec: str | None = None

    def mark_input(self, view: pg.ViewBox) -> None:
        """The maps were laid out anew: ``view`` shows the input (the receptive field's marks go on it)."""
        self.pixel_rects = {}
        self.field_rect = _mark(fill=True)
        view.addItem(self.field_rect, ignoreBounds=True)

    def mark_layer(self, name: str, view: pg.ViewBox) -> None:
        """``view`` shows layer ``name``'s mosaic (a pixel's mark goes on it)."""
        marker = _mark()
        view.addItem(marker, ignoreBounds=True)
        self.pixel_rects[name] = marker

    def hide(self) -> None:
        if self.field_rect is not None:
            self.field_rect.hide()
        for marker in self.pixel_rects.values():
            marker.hide()

    def _chain(self, spec: str, layer: str) -> list:
        if spec != self._chains_spec:
            self._chains = layer_geometry(spec)
            self._chains_spec = spec
        return self._chains.get(layer, [])

    def show(self, snapshot, layer: str, channel: int, y: int, x: int, mosaic: tuple) -> dict:
        """Where feature-map pixel (channel, y, x) of ``layer`` looks and how it was computed; ``mosaic`` is
        the layer's (channels, h, w, rows, cols, gap) on screen."""
        field = receptive_field(self._chain(snapshot.spec, layer), y, x)
        self.field_rect.setRect(QRectF(field.left, field.top, field.width, field.height))
        self.field_rect.show()
        _c, h, w, _rows, cols, gap = mosaic
        r, c = divmod(channel, cols)
        for marker in self.pixel_rects.values():
            marker.hide()
        marker = self.pixel_rects[layer]
        marker.setRect(QRectF(c * (w + gap) + x, r * (h + gap) + y, 1, 1))
        marker.show()
        where, tooltip, info = describe_pixel(snapshot, layer, channel, y, x, field)
        self.label.setText(where)
        self.graphics.setToolTip(tooltip or where)
        self.last = info
        return info

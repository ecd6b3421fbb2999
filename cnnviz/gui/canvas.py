"""A drawing pad for digits: mouse, pen and touch (Qt turns pen and touch
into mouse events), white ink on black like MNIST, at a fixed resolution so
the stroke width means the same whatever the widget's size."""

from __future__ import annotations

import math

import numpy as np
from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

RESOLUTION = 280
"""Side of the drawing in pixels (10x the network's 28)."""


class DrawingCanvas(QWidget):
    changed = Signal()
    """The drawing changed (emitted while drawing, for every stroke segment)."""
    strokeFinished = Signal()

    def __init__(self, parent=None, stroke_width: float = 22.0):
        super().__init__(parent)
        self.image = QImage(RESOLUTION, RESOLUTION, QImage.Format_Grayscale8)
        self.image.fill(0)
        self.stroke_width = stroke_width
        self._last: QPointF | None = None
        self._empty = True
        self.setAttribute(Qt.WA_OpaquePaintEvent)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
        self.setMinimumSize(200, 200)  # the smallest canvas a child can draw on (the layout test checks it)
        self.setCursor(Qt.CrossCursor)
        self.setToolTip("Draw a digit with the mouse, a pen or a finger. C clears.")
        # A Tab stop (screen readers read its name; the focus ring shows where the keys are), keys unused.
        self.setFocusPolicy(Qt.StrongFocus)
        self.setProperty("cnnvizPicture", True)  # accessibility.PICTURE_PROPERTY: a ring over it when focused

    # --- geometry --------------------------------------------------------
    def sizeHint(self) -> QSize:
        return QSize(280, 280)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return width

    def drawing_side(self) -> float:
        """The side of the square one draws on, in screen pixels."""
        return self._target().width()

    def _target(self) -> QRectF:
        side = min(self.width(), self.height())
        return QRectF((self.width() - side) / 2, (self.height() - side) / 2, side, side)

    def _to_image(self, pos: QPointF) -> QPointF:
        rect = self._target()
        scale = RESOLUTION / max(1.0, rect.width())
        return QPointF((pos.x() - rect.x()) * scale, (pos.y() - rect.y()) * scale)

    # --- drawing ---------------------------------------------------------
    @property
    def is_empty(self) -> bool:
        return self._empty

    def clear(self) -> None:
        self.image.fill(0)
        self._empty = True
        self._last = None
        self.update()
        self.changed.emit()

    def set_stroke_width(self, width: float) -> None:
        self.stroke_width = float(width)

    def draw_segment(self, a: QPointF, b: QPointF) -> None:
        """A straight piece of stroke between two points in image coordinates."""
        painter = QPainter(self.image)
        painter.setRenderHint(QPainter.Antialiasing)
        painter.setPen(QPen(QColor(255, 255, 255), self.stroke_width, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
        if a == b:
            painter.drawPoint(a)
        else:
            painter.drawLine(a, b)
        painter.end()
        self._empty = False
        self.update()
        self.changed.emit()

    def draw_strokes(self, strokes) -> None:
        """Draw polylines given in 0..1 coordinates (used for the demo digit)."""
        for stroke in strokes:
            points = [QPointF(x * RESOLUTION, y * RESOLUTION) for x, y in stroke]
            painter = QPainter(self.image)
            painter.setRenderHint(QPainter.Antialiasing)
            painter.setPen(QPen(QColor(255, 255, 255), self.stroke_width, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
            path = QPainterPath(points[0])
            for p in points[1:]:
                path.lineTo(p)
            painter.drawPath(path)
            painter.end()
        self._empty = False
        self.update()
        self.changed.emit()
        self.strokeFinished.emit()

    def to_array(self) -> np.ndarray:
        """The drawing as float32 (280, 280) in [0, 1], ink = 1."""
        width = self.image.width()
        ptr = self.image.constBits()
        data = np.frombuffer(ptr, dtype=np.uint8, count=self.image.bytesPerLine() * self.image.height())
        data = data.reshape(self.image.height(), self.image.bytesPerLine())[:, :width]
        return data.astype(np.float32) / np.float32(255.0)

    # --- events ----------------------------------------------------------
    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.LeftButton:
            p = self._to_image(event.position())
            self._last = p
            self.draw_segment(p, p)

    def mouseMoveEvent(self, event) -> None:
        if self._last is not None and event.buttons() & Qt.LeftButton:
            p = self._to_image(event.position())
            self.draw_segment(self._last, p)
            self._last = p

    def mouseReleaseEvent(self, event) -> None:
        if event.button() == Qt.LeftButton and self._last is not None:
            self._last = None
            self.strokeFinished.emit()

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor("#f4f6f9"))
        rect = self._target()
        painter.setRenderHint(QPainter.SmoothPixmapTransform)
        painter.drawImage(rect, self.image)
        if self._empty:
            painter.setPen(QColor("#8a93a3"))
            font = painter.font()
            font.setPointSize(13)
            painter.setFont(font)
            painter.drawText(rect, Qt.AlignCenter, "draw a digit here")
        painter.setPen(QPen(QColor("#b9c1ce"), 1))
        painter.drawRect(rect.adjusted(0, 0, -1, -1))
        painter.end()


def demo_digit_strokes(digit: int = 3) -> list[list[tuple[float, float]]]:
    """Hand-like strokes for a digit, in 0..1 coordinates (screenshots, tests)."""
    if digit == 3:
        upper = [(0.5 + 0.2 * math.cos(a), 0.33 + 0.15 * math.sin(a))
                 for a in np.linspace(-math.pi * 0.95, math.pi * 0.5, 24)]
        lower = [(0.5 + 0.23 * math.cos(a), 0.66 + 0.17 * math.sin(a))
                 for a in np.linspace(-math.pi * 0.5, math.pi * 0.9, 24)]
        return [upper + lower[1:]]
    if digit == 7:
        return [[(0.28, 0.22), (0.72, 0.22), (0.45, 0.82)]]
    # 1 (and anything else): a slanted bar
    return [[(0.52, 0.18), (0.48, 0.82)]]

"""A drawing pad for digits: mouse, pen and touch (Qt turns pen and touch
into mouse events), white ink on black like MNIST, at a fixed resolution so
the stroke width means the same whatever the widget's size.

It also shows an opened (or dropped) photo of a digit: the picture as it was read, in its own greys,
with its name, until one draws on the canvas or clears it (then it is a drawing pad again, empty).
The network gets the photo's own preprocessing (``picture_input``), not the canvas's pixels.

Every mouse move of a stroke reaches the canvas, however busy the GUI thread (:func:`keep_every_move`)."""

from __future__ import annotations

import math
from functools import partial

import numpy as np
from PySide6.QtCore import QCoreApplication, QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QImage, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QMenu, QSizePolicy, QWidget

from .language import kept_together, tr

RESOLUTION = 280
"""Side of the drawing in pixels (10x the network's 28)."""
HINT_POINT_SIZE = 13
"""The empty canvas's "draw a digit here", where it fits (else smaller, see ``DrawingCanvas.hint_layout``)."""
HINT_MARGIN_PX = 8

_keeping: set[int] = set()
"""The canvases (their ids) that want every mouse move now."""
_compressed_before = True


def keep_every_move(canvas_id: int, keep: bool) -> None:
    """Qt's X11 plugin drops every mouse move but the newest among those queued while the GUI thread was busy
    (``Qt.AA_CompressHighFrequencyEvents``, on by default): while training kept the thread busy, a quick "7" came
    out as one straight line from its start to its end, its corner dropped. Qt decides when it reads the queued
    events, before any widget sees one, so the compression is off while the pointer is over a canvas (before the
    press) or its Clear button (Clear, then the next digit), or a stroke goes on: a move costs the canvas one
    painted segment (0.1-0.2 ms). Elsewhere it stays on: a move over the plots and feature maps costs the window
    1-2 ms while training, and a fast mouse's hundreds of moves a second would queue up there."""
    global _compressed_before
    app = QCoreApplication.instance()
    if app is None:
        return
    was_keeping = bool(_keeping)
    (_keeping.add if keep else _keeping.discard)(canvas_id)
    if _keeping and not was_keeping:
        _compressed_before = app.testAttribute(Qt.AA_CompressHighFrequencyEvents)
        app.setAttribute(Qt.AA_CompressHighFrequencyEvents, False)
    elif was_keeping and not _keeping:
        app.setAttribute(Qt.AA_CompressHighFrequencyEvents, _compressed_before)


class DrawingCanvas(QWidget):
    changed = Signal()
    """The drawing changed (emitted while drawing, for every stroke segment)."""
    strokeFinished = Signal()
    fileDropped = Signal(str)
    """A local file was dropped on the canvas (its path): the drawing pad opens it as a photo."""
    openRequested = Signal()
    """"Open image…" in the canvas's right-click menu."""

    def __init__(self, parent=None, stroke_width: float = 22.0):
        super().__init__(parent)
        self.image = QImage(RESOLUTION, RESOLUTION, QImage.Format_Grayscale8)
        self.image.fill(0)
        self.stroke_width = stroke_width
        self._last: QPointF | None = None
        """The stroke's last point (image coordinates) while a stroke goes on, else None."""
        self._pointer_over: set[int] = set()
        """The canvas and the tools beside it (:meth:`keep_moves_over`) that the pointer is over (their ids)."""
        self.destroyed.connect(partial(keep_every_move, id(self), False))  # (not a method: the canvas is gone)
        self._empty = True
        self.picture: QImage | None = None
        """An opened photo shown instead of the drawing (greys, at most RESOLUTION a side)."""
        self.picture_input: np.ndarray | None = None
        """The photo as the network gets it, 28x28 (None: no photo, the drawing is classified)."""
        self.picture_name = ""
        self.setAcceptDrops(True)
        self.setAttribute(Qt.WA_OpaquePaintEvent)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
        self.setMinimumSize(200, 200)  # the smallest canvas a child can draw on (the layout test checks it)
        self.setCursor(Qt.CrossCursor)
        self.setToolTip(
            tr(
                "Draw a digit with the mouse, a pen or a finger. C clears. Right-click or drop a file "
                "to classify a photo."
            )
        )
        # A Tab stop (screen readers read its name; the focus ring shows where the keys are), keys unused.
        self.setFocusPolicy(Qt.StrongFocus)
        self.setProperty("cnnvizPicture", True)  # focus_rings.PICTURE_PROPERTY: a ring over it when focused

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
        return self._empty and self.picture is None

    def clear(self) -> None:
        self.image.fill(0)
        self._empty = True
        self._last = None
        self._drop_picture()
        self.update()
        self.changed.emit()

    def show_picture(self, gray: np.ndarray, network_input: np.ndarray, name: str = "") -> None:
        """Show a photo (greys in [0, 1], any size: shrunk to fit) instead of the drawing; the network
        classifies ``network_input`` (its MNIST preprocessing). Drawing or clearing ends it."""
        gray = np.asarray(gray, dtype=np.float32)
        step = max(1, -(-max(gray.shape) // RESOLUTION))  # a cheap shrink: the canvas scales it smoothly
        pixels = np.ascontiguousarray(np.clip(gray[::step, ::step] * 255 + 0.5, 0, 255).astype(np.uint8))
        height, width = pixels.shape
        self.picture = QImage(pixels.data, width, height, width, QImage.Format_Grayscale8).copy()
        self.picture_input = np.array(network_input, dtype=np.float32)
        self.picture_name = name
        self.image.fill(0)
        self._empty = True
        self._last = None
        self.update()
        self.changed.emit()

    def _drop_picture(self) -> None:
        self.picture, self.picture_input, self.picture_name = None, None, ""

    def set_stroke_width(self, width: float) -> None:
        self.stroke_width = float(width)

    def draw_segment(self, a: QPointF, b: QPointF) -> None:
        """A straight piece of stroke between two points in image coordinates."""
        self._drop_picture()  # drawing on a photo: back to the drawing pad (empty under the photo)
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
        self._drop_picture()
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
    def keep_moves_over(self, *widgets: QWidget) -> None:
        """Every mouse move is kept while the pointer is over these widgets beside the canvas too (its Clear
        button: Clear, then the next digit; the press on the canvas comes with the moves that follow it)."""
        for widget in widgets:
            widget.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        kind = event.type()
        if kind == QEvent.Enter:
            self._pointer_over.add(id(watched))
            self._keep_every_move()
        elif kind in (QEvent.Leave, QEvent.Hide):
            self._pointer_over.discard(id(watched))
            self._keep_every_move()
        return False

    def _keep_every_move(self) -> None:
        keep_every_move(id(self), self.isVisible() and bool(self._pointer_over or self._last is not None))

    def enterEvent(self, event) -> None:
        self._pointer_over.add(id(self))
        self._keep_every_move()
        super().enterEvent(event)

    def leaveEvent(self, event) -> None:
        self._pointer_over.discard(id(self))
        self._keep_every_move()
        super().leaveEvent(event)

    def hideEvent(self, event) -> None:
        self._pointer_over.clear()  # (the tools beside it go with it)
        self._last = None  # (a hidden canvas's stroke is over)
        self._keep_every_move()
        super().hideEvent(event)

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.LeftButton:
            p = self._to_image(event.position())
            self._last = p
            self._keep_every_move()
            self.draw_segment(p, p)

    def mouseMoveEvent(self, event) -> None:
        if self._last is not None and event.buttons() & Qt.LeftButton:
            p = self._to_image(event.position())
            self.draw_segment(self._last, p)
            self._last = p

    def mouseReleaseEvent(self, event) -> None:
        if event.button() == Qt.LeftButton and self._last is not None:
            self._last = None
            self._keep_every_move()
            self.strokeFinished.emit()

    def context_menu(self) -> QMenu:
        """The right-click menu: open a photo, clear."""
        menu = QMenu(self)
        menu.addAction(tr("Open image…"), self.openRequested.emit)
        menu.addAction(tr("Clear"), self.clear)
        return menu

    def contextMenuEvent(self, event) -> None:
        menu = self.context_menu()
        menu.exec(event.globalPos())
        menu.deleteLater()

    @staticmethod
    def dropped_file(mime) -> str | None:
        """The local file a drag carries (the first one), or None."""
        if mime is None or not mime.hasUrls():
            return None
        files = [url.toLocalFile() for url in mime.urls() if url.isLocalFile()]
        return files[0] if files else None

    def dragEnterEvent(self, event) -> None:
        if self.dropped_file(event.mimeData()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event) -> None:
        self.dragEnterEvent(event)

    def dropEvent(self, event) -> None:
        path = self.dropped_file(event.mimeData())
        if path:
            event.acceptProposedAction()
            self.fileDropped.emit(path)
        else:
            event.ignore()

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor("#f4f6f9"))
        rect = self._target()
        painter.setRenderHint(QPainter.SmoothPixmapTransform)
        if self.picture is not None:
            self._paint_picture(painter, rect)
            painter.end()
            return
        painter.drawImage(rect, self.image)
        if self._empty:
            painter.setPen(QColor("#8a93a3"))
            font, flags, room = self.hint_layout(painter.font(), rect)
            painter.setFont(font)
            painter.drawText(room, flags, self.hint_text())
        painter.setPen(QPen(QColor("#b9c1ce"), 1))
        painter.drawRect(rect.adjusted(0, 0, -1, -1))
        painter.end()

    @staticmethod
    def hint_text() -> str:
        """The empty canvas's hint, its last characters kept together (Chinese: never "字" alone on a line)."""
        return kept_together(tr("draw a digit here"))

    @staticmethod
    def hint_layout(font: QFont, rect: QRectF) -> tuple[QFont, int, QRectF]:
        """The empty canvas's hint inside ``rect``: broken between words, in :data:`HINT_POINT_SIZE` or smaller
        where a word is still too wide (German "hier eine Ziffer zeichnen" on one 13 pt line ran past a 200 px
        canvas on both sides, cut: issue 31)."""
        font = QFont(font)
        flags = int(Qt.AlignCenter | Qt.TextWordWrap)
        room = rect.adjusted(HINT_MARGIN_PX, HINT_MARGIN_PX, -HINT_MARGIN_PX, -HINT_MARGIN_PX)
        text = DrawingCanvas.hint_text()
        for points in range(HINT_POINT_SIZE, 6, -1):
            font.setPointSize(points)
            if room.toRect().contains(QFontMetrics(font).boundingRect(room.toRect(), flags, text)):
                break
        return font, flags, room

    def _paint_picture(self, painter: QPainter, rect: QRectF) -> None:
        """The photo, fitted into the drawing square (its aspect kept), and its name under a note."""
        painter.fillRect(rect, QColor("#000000"))
        w, h = self.picture.width(), self.picture.height()
        scale = min(rect.width() / w, rect.height() / h)
        shown = QRectF(
            rect.x() + (rect.width() - w * scale) / 2, rect.y() + (rect.height() - h * scale) / 2, w * scale, h * scale
        )
        painter.drawImage(shown, self.picture)
        font = painter.font()
        font.setPointSize(10)
        painter.setFont(font)
        line = painter.fontMetrics().height() + 6
        band = QRectF(rect.x(), rect.bottom() - line, rect.width(), line)
        painter.fillRect(band, QColor(0, 0, 0, 170))
        painter.setPen(QColor("#ffffff"))
        text = (
            tr("photo: {name} · draw to start over").format(name=self.picture_name)
            if self.picture_name
            else tr("photo · draw to start over")
        )
        painter.drawText(
            band.adjusted(6, 0, -6, 0),
            Qt.AlignVCenter | Qt.AlignLeft,
            painter.fontMetrics().elidedText(text, Qt.ElideMiddle, int(band.width()) - 12),
        )
        painter.setPen(QPen(QColor("#b9c1ce"), 1))
        painter.drawRect(rect.adjusted(0, 0, -1, -1))


def demo_digit_strokes(digit: int = 3) -> list[list[tuple[float, float]]]:
    """Hand-like strokes for a digit, in 0..1 coordinates (screenshots, tests)."""
    if digit == 3:
        upper = [
            (0.5 + 0.2 * math.cos(a), 0.33 + 0.15 * math.sin(a))
            for a in np.linspace(-math.pi * 0.95, math.pi * 0.5, 24)
        ]
        lower = [
            (0.5 + 0.23 * math.cos(a), 0.66 + 0.17 * math.sin(a))
            for a in np.linspace(-math.pi * 0.5, math.pi * 0.9, 24)
        ]
        return [upper + lower[1:]]
    if digit == 7:
        return [[(0.28, 0.22), (0.72, 0.22), (0.45, 0.82)]]
    # 1 (and anything else): a slanted bar
    return [[(0.52, 0.18), (0.48, 0.82)]]


def demo_not_digit_strokes(kind: str = "face") -> list[list[tuple[float, float]]]:
    """Strokes of something that is no digit, in 0..1 coordinates (the "not sure" screenshot, tests):
    a smiling face or a "#"."""
    if kind == "hash":
        return [
            [(0.35, 0.1), (0.35, 0.9)],
            [(0.65, 0.1), (0.65, 0.9)],
            [(0.1, 0.35), (0.9, 0.35)],
            [(0.1, 0.65), (0.9, 0.65)],
        ]
    head = [(0.5 + 0.35 * math.cos(a), 0.5 + 0.35 * math.sin(a)) for a in np.linspace(0, 2 * math.pi, 40)]
    smile = [(0.35 + 0.3 * t, 0.62 + 0.1 * math.sin(math.pi * t)) for t in np.linspace(0, 1, 12)]
    return [head, [(0.38, 0.4), (0.39, 0.41)], [(0.62, 0.4), (0.63, 0.41)], smile]

"""One unit's tile in the Filters tab: the test images that excite it most, the patch its strongest spot sees
outlined, and beside them the input it likes best (a button: clicked, it is shown twice as big)."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPen
from PySide6.QtWidgets import QAbstractButton

from .. import palette, theme
from ..language import tr

MARGIN = 3
"""Pixels of the optimised input shown around a conv unit's patch."""
TILE_PX = 44
"""On-screen side of one test image in a tile (twice that when the tile is clicked open)."""


def grey_image(image: np.ndarray) -> QImage:
    """(28, 28) in [0, 1] (or uint8) -> a QImage of its own (white ink on black, as the network sees it)."""
    data = np.asarray(image)
    if data.dtype != np.uint8:
        data = np.rint(np.clip(data, 0, 1) * 255).astype(np.uint8)
    data = np.ascontiguousarray(data)
    return QImage(data.data, data.shape[1], data.shape[0], data.shape[1], QImage.Format_Grayscale8).copy()


def dim_outside(image: np.ndarray, field: tuple[int, int, int, int] | None, keep: float = 0.35) -> np.ndarray:
    """``image`` with what lies outside ``field`` (the unit's patch: all it sees) dimmed to ``keep``."""
    if field is None:
        return image
    top, left, bottom, right = field
    out = np.asarray(image, dtype=np.float32) * keep
    out[top : bottom + 1, left : right + 1] = image[top : bottom + 1, left : right + 1]
    return out


class UnitTile(QAbstractButton):
    """One unit: its top images (3x3, the strongest first, patches outlined) and its optimised input.
    Clicking it (or Space) shows it twice as big."""

    GAP = 2
    SPACE = 8

    def __init__(
        self,
        title: str,
        images: np.ndarray,
        indices: np.ndarray,
        boxes: np.ndarray,
        optimised: np.ndarray,
        field: tuple[int, int, int, int] | None = None,
        parent=None,
    ):
        super().__init__(parent)
        self.setCheckable(True)
        self.setFocusPolicy(Qt.StrongFocus)
        self.setCursor(Qt.PointingHandCursor)
        self.title = title
        self.images = np.asarray(images)
        """(k, 28, 28) uint8: the unit's top test images, the strongest first."""
        self.indices = np.asarray(indices)
        """Their test-set indices."""
        self.boxes = np.asarray(boxes)
        """(k, 4) (top, left, bottom, right) of the patch outlined in each, -1: none."""
        self.optimised = np.asarray(optimised)
        """(28, 28) in [0, 1]: the input optimised to excite the unit."""
        self.field = field
        """The patch it was optimised in (a conv unit's centre), outlined; None: the whole image (a class)."""
        self.crop = (
            (0, 0, 27, 27)
            if field is None
            else (
                max(field[0] - MARGIN, 0),
                max(field[1] - MARGIN, 0),
                min(field[2] + MARGIN, 27),
                min(field[3] + MARGIN, 27),
            )
        )
        """(top, left, bottom, right) of the optimised input shown: the patch and a margin."""
        self._qimages = [grey_image(image) for image in self.images]
        self._optimised_qimage = grey_image(dim_outside(self.optimised, field))
        self.setToolTip(tr("{title}: click to see it bigger").format(title=title))
        self.toggled.connect(lambda _on: self.updateGeometry())

    def tile_px(self) -> int:
        return 2 * TILE_PX if self.isChecked() else TILE_PX

    def _title_height(self) -> int:
        return self.fontMetrics().height() + 4

    def sizeHint(self) -> QSize:
        block = 3 * self.tile_px() + 2 * self.GAP
        return QSize(2 * block + self.SPACE + 8, self._title_height() + block + 8)

    minimumSizeHint = sizeHint

    def paintEvent(self, _event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.SmoothPixmapTransform, False)  # pixels stay square
        painter.fillRect(self.rect(), QColor(theme.PANEL))
        painter.setPen(QColor(theme.TEXT))
        bold = QFont(self.font())
        bold.setBold(True)
        painter.setFont(bold)
        painter.drawText(
            QRect(4, 2, self.width() - 8, self._title_height()), Qt.AlignLeft | Qt.AlignVCenter, self.title
        )
        painter.setBrush(Qt.NoBrush)
        tile, x0, y0 = self.tile_px(), 4, 4 + self._title_height()
        for j, image in enumerate(self._qimages):
            row, col = divmod(j, 3)
            target = QRect(x0 + col * (tile + self.GAP), y0 + row * (tile + self.GAP), tile, tile)
            painter.drawImage(target, image)
            if self.boxes[j][0] >= 0:
                self._outline(painter, target, (0, 0, 27, 27), self.boxes[j], 2 if self.isChecked() else 1)
        block = 3 * tile + 2 * self.GAP
        top, left, bottom, right = self.crop
        target = QRect(x0 + block + self.SPACE, y0, block, block)
        painter.drawImage(target, self._optimised_qimage, QRect(left, top, right - left + 1, bottom - top + 1))
        if self.field is not None:
            self._outline(painter, target, self.crop, self.field, 2)
        if self.hasFocus():
            painter.setPen(QPen(QColor(theme.ACCENT), 2))
            painter.drawRect(self.rect().adjusted(1, 1, -1, -1))
        painter.end()

    @staticmethod
    def _outline(painter: QPainter, target: QRect, shown, box, width: int) -> None:
        """Outline ``box`` (top, left, bottom, right in image pixels) of the part ``shown`` drawn in ``target``."""
        scale = target.width() / (shown[3] - shown[1] + 1)
        top, left, bottom, right = (int(v) for v in box)
        painter.setPen(QPen(QColor(palette.ORANGE), width))
        x, y = target.x() + round((left - shown[1]) * scale), target.y() + round((top - shown[0]) * scale)
        painter.drawRect(
            QRect(x, y, max(2, round((right - left + 1) * scale) - 1), max(2, round((bottom - top + 1) * scale) - 1))
        )

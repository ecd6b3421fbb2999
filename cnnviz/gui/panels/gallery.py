"""A strip of small test images with a caption each (true → predicted, confidence)."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontInfo, QFontMetrics, QIcon, QImage, QPainter, QPixmap
from PySide6.QtWidgets import QAbstractItemView, QListView, QListWidget, QListWidgetItem, QStyle

from .. import theme
from ..language import kept_together
from ..status import plain_tooltip

INDEX_ROLE = Qt.UserRole + 1
WIDEST_CAPTION = "8→8 100% ✗"


def gray_pixmap(image: np.ndarray, size: int, border: str | None = None) -> QPixmap:
    """A (H, W) image in [0, 1] (or uint8) as a pixmap ``size`` pixels wide, nearest-neighbour."""
    array = np.asarray(image)
    if array.dtype != np.uint8:
        array = np.clip(np.rint(np.nan_to_num(array) * 255), 0, 255).astype(np.uint8)
    array = np.ascontiguousarray(array)
    h, w = array.shape
    qimage = QImage(array.data, w, h, w, QImage.Format_Grayscale8).copy()
    pixmap = QPixmap.fromImage(qimage.scaled(size, size, Qt.KeepAspectRatio, Qt.FastTransformation))
    if border:
        painter = QPainter(pixmap)
        pen = painter.pen()
        pen.setColor(QColor(border))
        pen.setWidth(4)
        painter.setPen(pen)
        painter.drawRect(1, 1, pixmap.width() - 3, pixmap.height() - 3)
        painter.end()
    return pixmap


class Gallery(QListWidget):
    """Thumbnails in a wrapping grid; clicking one emits its test-set index."""

    imageChosen = Signal(int)

    def __init__(self, icon_size: int = 64, parent=None):
        super().__init__(parent)
        self.setViewMode(QListView.IconMode)
        self.setFlow(QListView.LeftToRight)
        self.setWrapping(True)
        self.setResizeMode(QListView.Adjust)
        self.setMovement(QListView.Static)
        self.setUniformItemSizes(True)
        self.setSelectionMode(QAbstractItemView.SingleSelection)
        self.setSpacing(4)
        self.setWordWrap(False)  # one line per caption: the cell is made wide enough for it
        self._shown: tuple = ()
        """(the side they were drawn at, the images, their borders) of the pictures shown."""
        self.shown_px = self._text_px = int(icon_size)
        """The pictures' side now (:meth:`_filling_px`); the captions' width."""
        # Cells wrap onto the next row, so a view at least one cell wide never scrolls sideways; a sideways
        # scroll bar meant a view narrower than its cell, the caption cut at its mark (presenter mode, 1024x768).
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.set_icon_size(icon_size)
        self.setStyleSheet(
            f"QListWidget {{ background: #ffffff; border: 1px solid #d5dae3; }}"
            f"QListWidget::item {{ color: {theme.TEXT}; }}"
        )
        self.indices: list[int] = []
        self.itemClicked.connect(self._on_click)
        self.placeholder = ""

    def set_icon_size(self, size: int) -> None:
        self.icon_px = int(size)
        self._fit_grid()

    def _fit_grid(self) -> None:
        """Cells wide enough for the longest caption in the current font (bigger in presenter mode), the pictures
        as large as fill the view's height with whole rows (:meth:`_filling_px`)."""
        self.shown_px = self._filling_px()
        self.setIconSize(QSize(self.shown_px, self.shown_px))
        self._fit_cells(self.shown_px)
        # Never narrower than one cell (at the pictures' own size) and the scroll bar beside it: a splitter or a
        # layout that squeezed the view cut every caption ("7→2 97 % ✗" at the mark). (A short one scrolls.)
        self.setMinimumWidth(self.least_width())
        if self._shown and self._shown[0] != self.shown_px:
            self._render()

    def _rows(self) -> int:
        return max([c.count("\n") + 1 for c in (self.item(i).text() for i in range(self.count()))] + [1])

    def _filling_px(self) -> int:
        """The pictures' side at which the view's height holds whole rows: a view 1.5 rows high showed the surest
        mistakes' second picture cut in half (presenter mode at 1024x768). Never wider than the view."""
        view = self.viewport()
        row = self.icon_px + self._rows() * self.fontMetrics().height() + 16
        if not self.count() or view.height() < row:
            return self.icon_px
        rows = view.height() // row
        grown = self.icon_px + (view.height() - rows * row) // rows
        return max(self.icon_px, min(grown, view.width() - 26 - 2 * self.spacing()))

    def _fit_cells(self, icon: int) -> None:
        metrics = self.fontMetrics()
        captions = [self.item(i).text() for i in range(self.count())] or [WIDEST_CAPTION]
        lines = [line for c in [*captions, WIDEST_CAPTION] for line in c.split("\n")]
        text = max(metrics.horizontalAdvance(line) for line in lines) + 2 * self.spacing() + 12
        rows = self._rows()  # (a drawing's caption has its student's name under it)
        self.setGridSize(QSize(max(icon + 26, text), icon + rows * metrics.height() + 16))
        # Each item as wide as its cell: Qt's own size for it (the first caption's, measured tighter
        # than it is drawn) cut "3→3 100% ✓" to "3→3 1…".
        item_size = QSize(self.gridSize().width() - 2 * self.spacing(), icon + rows * metrics.height() + 8)
        for i in range(self.count()):
            self.item(i).setSizeHint(item_size)
        self._text_px = text

    def least_width(self) -> int:
        """One cell (its pictures at their own size), the vertical scroll bar and the frame: the view's width that
        cuts no caption."""
        bar = self.style().pixelMetric(QStyle.PM_ScrollBarExtent, None, self)
        return max(self.icon_px + 26, self._text_px) + bar + 2 * self.frameWidth() + 2 * self.spacing()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.count() and self._filling_px() != self.shown_px:
            self._fit_grid()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.FontChange, QEvent.StyleChange) and hasattr(self, "_shown"):
            self._fit_grid()

    def show_images(
        self,
        images: np.ndarray,
        indices,
        captions: list[str],
        borders: list[str | None] | None = None,
        tooltips: list[str] | None = None,
    ) -> None:
        self.setUpdatesEnabled(False)
        self.clear()
        self.indices = [int(i) for i in indices]
        self._shown = (self.shown_px, images, borders)
        for k, (index, caption) in enumerate(zip(self.indices, captions)):
            border = borders[k] if borders else None
            item = QListWidgetItem(QIcon(gray_pixmap(images[k], self.shown_px, border)), caption)
            item.setData(INDEX_ROLE, index)
            item.setTextAlignment(Qt.AlignHCenter | Qt.AlignTop)
            if tooltips:
                item.setToolTip(plain_tooltip(tooltips[k]))
            self.addItem(item)
        self._fit_grid()
        self.setUpdatesEnabled(True)

    def _render(self) -> None:
        """The pictures shown again at the side the view gives them now (a QIcon never scales a picture up)."""
        _px, images, borders = self._shown
        self._shown = (self.shown_px, images, borders)
        for k in range(min(self.count(), len(images))):
            self.item(k).setIcon(QIcon(gray_pixmap(images[k], self.shown_px, borders[k] if borders else None)))

    def clear(self) -> None:
        super().clear()
        self._shown = ()

    def _on_click(self, item: QListWidgetItem) -> None:
        index = item.data(INDEX_ROLE)
        if index is not None and int(index) >= 0:
            self.imageChosen.emit(int(index))

    def paintEvent(self, event) -> None:
        super().paintEvent(event)
        if self.count() == 0 and self.placeholder:
            painter = QPainter(self.viewport())
            painter.setPen(QColor(theme.MUTED))
            area = self.viewport().rect().adjusted(6, 6, -6, -6)
            text = kept_together(self.placeholder)  # (Chinese "前。" alone on the last line: never)
            painter.setFont(placeholder_font(self.font(), text, area))
            painter.drawText(area, Qt.AlignCenter | Qt.TextWordWrap, text)
            painter.end()


def placeholder_font(font: QFont, text: str, area) -> QFont:
    """``font``, or a smaller one, in which ``text`` wrapped fits ``area`` (down to 8 px): presenter mode's type in a
    short gallery cut the hint top and bottom ("chosen cell appear here, the most")."""
    fitted = QFont(font)
    pixels = QFontInfo(font).pixelSize()
    while pixels > 8:
        fitted.setPixelSize(pixels)
        need = QFontMetrics(fitted).boundingRect(area, Qt.AlignCenter | Qt.TextWordWrap, text)
        if need.width() <= area.width() and need.height() <= area.height():
            break
        pixels -= 1
    return fitted

"""Beside the map: the test image of the dot under the pointer (or last clicked), its lines (number, true
digit, the network's answer) and where the drawing's star lies.

The column scrolls rather than overlapping when the panel is too short for it: Japanese presenter mode at
1024x768 gave it 231 of the 269 px it needs, and its lines were drawn over the picture.
"""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QVBoxLayout, QWidget

from ...translatable import N_
from .. import accessibility, palette, theme
from ..language import tr
from .pictures import image_view

POINT_AT_A_DOT = N_("Point at a dot\nto see its image")
PICKED_SIZE = 112
"""The side of the test image shown for a hovered or clicked dot, in pixels."""


class PickedColumn(QScrollArea):
    """The picture (``graphics``, ``view``, ``item``), its lines (``label``) and the star's note (``note``)."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setFrameShape(QFrame.NoFrame)
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.NoFocus)  # Tab goes to the picture in it (tab_order skips plain scroll areas only)
        side = QWidget()  # as wide as its lines (no wrapping: they grow with presenter mode's type)
        side.setMinimumWidth(PICKED_SIZE + 12)
        column = QVBoxLayout(side)
        column.setContentsMargins(0, 0, 0, 0)
        self.graphics = pg.GraphicsLayoutWidget()
        self.graphics.setFixedSize(PICKED_SIZE, PICKED_SIZE)
        accessibility.set_name(
            self.graphics,
            tr("Test image under the pointer"),
            tr("The test image of the dot under the pointer or last clicked"),
        )
        self.view, self.item = image_view(theme.GREY_LUT, (0.0, 1.0))
        self.graphics.addItem(self.view)
        self.label = QLabel(tr(POINT_AT_A_DOT))
        column.addWidget(self.graphics, 0, Qt.AlignHCenter)
        column.addWidget(self.label)
        self.note = QLabel("")
        column.addWidget(self.note)
        column.addStretch(1)
        self.setWidget(side)
        side.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        # New lines (a longer answer, the star's note) change the column's width: the row around it must hear.
        if watched is self.widget() and event.type() == QEvent.LayoutRequest:
            self.updateGeometry()
        return super().eventFilter(watched, event)

    def _width(self) -> int:
        """The lines' width, and the scroll bar's beside them when the column is too short."""
        return self.widget().sizeHint().width() + self.verticalScrollBar().sizeHint().width()

    def sizeHint(self) -> QSize:
        return QSize(self._width(), self.widget().sizeHint().height())

    def minimumSizeHint(self) -> QSize:
        return QSize(self._width(), PICKED_SIZE // 2)


def describe(embedding, member: int, digits: bool, class_name) -> str:
    """Test image ``member`` of the map in three lines: its number, its true digit (or class), the answer."""
    if embedding is None or not 0 <= member < len(embedding.labels):
        return ""
    label, said = int(embedding.labels[member]), int(embedding.predictions[member])
    text = (
        tr("test image #{index}\ntrue digit {label}\nit says {said} {mark}")
        if digits
        else tr("test image #{index}\ntrue class {label}\nit says {said} {mark}")
    )
    mark = palette.verdict(label == said).mark
    return text.format(index=int(embedding.indices[member]), label=class_name(label), said=class_name(said), mark=mark)

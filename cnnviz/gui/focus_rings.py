"""A visible focus ring: with cnnviz's style sheet a focused button or combo box looks exactly like an
unfocused one (measured: not one pixel differs), so :class:`FocusRings` draws a two-tone ring (dark outside,
yellow inside: visible on white and on the blue primary button) over the focused control. It is a graphics
effect, not a style rule, so presenter mode's window style sheet cannot hide it; a focused plot or the canvas
gets the same ring as a see-through widget on top (:class:`PictureRing`). Installed once per application
(:func:`install_focus_rings`, by the window)."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QGraphicsEffect, QLineEdit, QWidget

from .accessibility import PICTURES, needs_name

RING_OUTER = QColor("#1d2330")
RING_INNER = QColor("#ffd400")
RING_WIDTH = 2
"""Each of the two tones, in pixels: 4 in all."""


def paint_two_tones(painter: QPainter, inset_rect, middle) -> None:
    """The ring's two tones, dark outside and yellow inside, each :data:`RING_WIDTH` wide: ``inset_rect(d)`` is
    the rectangle ``d`` inside the ring's outer edge, ``middle`` the offset of a pen's middle from its tone's edge."""
    painter.setBrush(Qt.NoBrush)
    for colour, inset in ((RING_OUTER, 0), (RING_INNER, RING_WIDTH)):
        pen = QPen(colour, RING_WIDTH)
        pen.setJoinStyle(Qt.MiterJoin)
        painter.setPen(pen)
        painter.drawRect(inset_rect(inset + middle))


class FocusRing(QGraphicsEffect):
    """A ring drawn over a widget (and its children) as it is painted. An effect, not a widget on
    top: it takes no clicks, follows every resize, and adds nothing to the widget tree."""

    def draw(self, painter: QPainter) -> None:
        self.drawSource(painter)
        rect = self.sourceBoundingRect(Qt.LogicalCoordinates)
        painter.save()
        # (a QRectF: the pen's middle half a width inside each tone's edge)
        paint_two_tones(painter, lambda half: rect.adjusted(half, half, -half, -half), RING_WIDTH / 2)
        painter.restore()


class PictureRing(QWidget):
    """The same ring over a focused picture (a plot, the drawing canvas): a see-through child on top of
    it that paints only the ring. A graphics effect would repaint the live plot through a pixmap at every
    update; this repaints four lines. It takes no clicks and no focus, and goes with the focus."""

    def __init__(self, target: QWidget):
        super().__init__(target)
        self.setObjectName("focusRing")
        self.setAttribute(Qt.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WA_NoSystemBackground)
        self.setFocusPolicy(Qt.NoFocus)
        self.setGeometry(target.rect())
        target.installEventFilter(self)
        self.raise_()
        self.show()

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Resize:
            self.setGeometry(watched.rect())
            self.raise_()
        return False

    def paintEvent(self, _event) -> None:
        painter = QPainter(self)
        # (a QRect: whole pixels, its right and bottom edges one pixel inside the widget)
        paint_two_tones(painter, lambda half: self.rect().adjusted(half, half, -half - 1, -half - 1), RING_WIDTH // 2)
        painter.end()


def is_picture(widget: QWidget) -> bool:
    """A picture that takes the keyboard focus: a plot, or a widget marked so (the drawing canvas)."""
    return isinstance(widget, PICTURES) or bool(widget.property(PICTURE_PROPERTY))


PICTURE_PROPERTY = "cnnvizPicture"
"""Set on a focusable widget that paints a picture of its own (the canvas): it gets a :class:`PictureRing`."""


def has_focus_ring(widget: QWidget) -> bool:
    """Whether ``widget`` shows the focus ring now (its effect, or a ring over it)."""
    if isinstance(widget.graphicsEffect(), FocusRing):
        return True
    return any(ring.isVisible() for ring in widget.findChildren(PictureRing, options=Qt.FindDirectChildrenOnly))


class FocusRings(QObject):
    """Puts a :class:`FocusRing` on whichever control has the keyboard focus. Focus given by a mouse
    click shows no ring on buttons and the like (the pointer is where the user looks); text fields,
    the keyboard and the program's own focus changes always show it. Containers that only hold the
    focus to keep it out of text fields get none, nor does a widget with an effect of its own; a plot
    or the canvas gets a :class:`PictureRing` (an effect repaints through a pixmap: a live plot would
    pay for it at every update)."""

    def __init__(self, app: QApplication):
        super().__init__(app)
        self.target: QWidget | None = None
        app.focusChanged.connect(self.follow)

    def follow(self, _old, new) -> None:
        if self.target is not None and shiboken6.isValid(self.target):
            if isinstance(self.target.graphicsEffect(), FocusRing):
                self.target.setGraphicsEffect(None)
            for ring in self.target.findChildren(PictureRing, options=Qt.FindDirectChildrenOnly):
                ring.hide()  # (kept for the next time: deleting it as the focus moved crashed Qt)
        self.target = None
        if new is None or not shiboken6.isValid(new) or new.isWindow():
            return
        picture = is_picture(new)
        if not picture and (not needs_name(new) or new.graphicsEffect() is not None):
            return
        clicked = QApplication.mouseButtons() != Qt.NoButton
        if clicked and not isinstance(new, (QLineEdit, QAbstractSpinBox)):
            return
        if picture:
            ring = new.findChild(PictureRing, options=Qt.FindDirectChildrenOnly) or PictureRing(new)
            ring.setGeometry(new.rect())
            ring.raise_()
            ring.show()
        else:
            new.setGraphicsEffect(FocusRing(new))
        self.target = new


def install_focus_rings(app: QApplication) -> FocusRings:
    """Once per application."""
    rings = getattr(app, "_cnnviz_focus_rings", None)
    if rings is None or not shiboken6.isValid(rings):
        rings = FocusRings(app)
        app._cnnviz_focus_rings = rings
    return rings

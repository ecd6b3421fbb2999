"""The panels' pictures: a grey or coloured image in a fixed-aspect view (``image_view``, ``show``), tiles in
one mosaic, a colour scale one outlier cannot wash out, and a row of captioned pictures (Why?, Fool)."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument

from .. import theme

MIN_PICTURE_PX = 56
"""The least side of a 28x28 input shown in a row of pictures (Why?, Fool): two screen pixels per input pixel,
so that one changed pixel (Fool's "the fewest pixels") is a dot the class can see, not a blur."""


def robust_max(values: np.ndarray) -> float:
    """The 99.5th percentile (the largest value when that is ~0): a colour scale that one outlier cannot wash out."""
    m = float(np.percentile(values, 99.5)) if values.size else 0.0
    return m if m > 1e-8 else max(float(values.max()) if values.size else 0.0, 1e-8)


def mosaic(tiles: np.ndarray, rows: int, cols: int, gap: int = 1, fill: float = np.nan) -> np.ndarray:
    """(N, H, W) -> one (rows*(H+gap)-gap, cols*(W+gap)-gap) image, tiles row by row."""
    n, h, w = tiles.shape
    out = np.full((rows * (h + gap) - gap, cols * (w + gap) - gap), fill, dtype=np.float32)
    for i in range(n):
        r, c = divmod(i, cols)
        out[r * (h + gap) : r * (h + gap) + h, c * (w + gap) : c * (w + gap) + w] = tiles[i]
    return out


def image_view(lut: np.ndarray, levels: tuple[float, float]) -> tuple[pg.ViewBox, pg.ImageItem]:
    """A locked-aspect, non-interactive ViewBox showing one ImageItem (rows down)."""
    view = pg.ViewBox(lockAspect=True, invertY=True, enableMouse=False, enableMenu=False)
    view.setDefaultPadding(0.01)
    item = pg.ImageItem(axisOrder="row-major")
    item.setLookupTable(lut)
    # pyqtgraph keeps levels given before the first image and applies them *after* that image's own:
    # the first RGB (0-255) image then showed white (Why? blank until Update). An empty first image
    # makes the levels take effect now; every later setImage passes its own.
    item.setImage(np.zeros((1, 1), np.float32), autoLevels=False, levels=levels)
    item.clear()
    view.addItem(item)
    return view, item


def titled_image_row(layout: pg.GraphicsLayout, captions) -> tuple[list, list]:
    """Grey pictures side by side in ``layout``, each under its caption (rich text): the pictures take the height,
    the columns share the width. Returns the title items and the (view, image item) pairs (Why?, Fool)."""
    titles, views = [], []
    for c, caption in enumerate(captions):
        title = pg.LabelItem(caption, color=theme.TEXT, size=f"{theme.AXIS_POINT_SIZE}pt")
        layout.addItem(title, row=0, col=c)
        view, item = image_view(theme.GREY_LUT, (0.0, 1.0))
        layout.addItem(view, row=1, col=c)
        titles.append(title)
        views.append((view, item))
    layout.layout.setRowStretchFactor(0, 0)
    layout.layout.setRowStretchFactor(1, 10)
    for c in range(len(titles)):
        layout.layout.setColumnStretchFactor(c, 1)
    return titles, views


def wrap_label(label: pg.LabelItem, width: float) -> None:
    """Lay ``label``'s text out at most ``width`` px wide, broken between words, its lines centred
    (``width`` < 0: on its own lines). pyqtgraph makes a label's text its minimum width."""
    option = label.item.document().defaultTextOption()
    option.setAlignment(Qt.AlignmentFlag.AlignHCenter)
    label.item.document().setDefaultTextOption(option)
    label.item.setTextWidth(width)
    label.updateMin()


def natural_width(label: pg.LabelItem) -> float:
    """The width of ``label``'s text on its own lines (whatever it is wrapped to now). (Measured on a copy
    Python made and frees: the document's ``clone()`` was Qt's to delete, and every call kept one, ~20 kB,
    some 3 MB a minute under the monkey: the feature maps' titles at each snapshot; issue 33.)"""
    shown = label.item.document()
    document = QTextDocument()
    document.setDefaultFont(shown.defaultFont())
    document.setDefaultStyleSheet(shown.defaultStyleSheet())
    document.setDocumentMargin(shown.documentMargin())
    document.setDefaultTextOption(shown.defaultTextOption())
    document.setHtml(shown.toHtml())
    document.setTextWidth(-1)
    return document.size().width()


def keep_captions_within(view: pg.GraphicsView, titles):
    """The captions of a :func:`titled_image_row` in ``view`` wrap where one is wider than its column's share
    of the view: German and Japanese captions at 125 % made the row wider than the Why? panel, its third
    picture cut off at the panel's edge. Again whenever the view or its layout changes size (presenter
    mode's bigger type too); returns the fitting, to call after a caption changed."""

    def fit(*_args) -> None:
        layout = view.centralWidget.layout
        left, _top, right, _bottom = layout.getContentsMargins()
        room = view.viewport().width() - left - right - layout.horizontalSpacing() * (len(titles) - 1)
        share = max(1.0, room / len(titles))
        changed = False
        for title in titles:
            wanted = share if natural_width(title) > share else -1.0
            if abs(title.item.textWidth() - wanted) > 0.5:  # (no change, no new layout pass: no loop)
                wrap_label(title, wanted)
                changed = True
        if changed:  # the row as wide as the view again (it kept the width the wide captions forced)
            layout.activate()
            view.setRange(view.range, padding=0, disableAutoPixel=False)

    view.sigDeviceRangeChanged.connect(fit)
    view.centralWidget.geometryChanged.connect(fit)
    return fit


def show(item: pg.ImageItem, view: pg.ViewBox, image: np.ndarray, levels: tuple[float, float]) -> None:
    """Set the image with fixed levels; re-fit the view only when the shape changed."""
    old = item.image
    item.setImage(image, autoLevels=False, levels=levels)
    if old is None or old.shape != image.shape:
        view.autoRange(padding=0.01)

"""Pieces shared by the panels: a titled frame, one that redraws only when seen, image-grid helpers."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtWidgets import QComboBox, QFrame, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget


class Panel(QFrame):
    """A white card with a bold title, an optional hint, and a body."""

    def __init__(self, title: str, hint: str = "", parent=None):
        super().__init__(parent)
        self.setObjectName("panel")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(10, 8, 10, 8)
        outer.setSpacing(4)
        header = QHBoxLayout()
        header.setSpacing(8)
        self.title_label = QLabel(title)
        self.title_label.setObjectName("panelTitle")
        header.addWidget(self.title_label)
        self.hint_label = QLabel(hint)
        self.hint_label.setObjectName("hint")
        # The hint gives way (clipped) before the panel grows wider than the screen.
        self.hint_label.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.hint_label.setMinimumWidth(0)
        header.addWidget(self.hint_label, 1)
        self.header = header
        outer.addLayout(header)
        self.toolbar = QHBoxLayout()
        self.toolbar.setSpacing(6)
        outer.addLayout(self.toolbar)
        self.body = QVBoxLayout()
        self.body.setContentsMargins(0, 0, 0, 0)
        self.body.setSpacing(4)
        outer.addLayout(self.body, 1)

    def add_toolbar_widget(self, widget: QWidget, stretch: int = 0) -> None:
        """A row under the title (keeps the panel narrow enough for 1280x800)."""
        self.toolbar.addWidget(widget, stretch)

    def show_views(self, views: set[str]) -> None:
        """A panel showing several lesson views (see panels/registry.py) hides those not in ``views``."""


class LazyPanel(Panel):
    """A panel whose drawing is costly and worth doing only when it is seen.

    :meth:`invalidate` marks it out of date and redraws at once if it is
    visible, otherwise at its next ``showEvent``; :meth:`refresh` redraws now.
    Subclasses implement :meth:`draw`.
    """

    def __init__(self, title: str, hint: str = "", parent=None):
        super().__init__(title, hint, parent)
        self.dirty = False

    def invalidate(self) -> None:
        self.dirty = True
        if self.isVisible():
            self.refresh()

    def refresh(self) -> None:
        self.dirty = False
        self.draw()

    def draw(self) -> None:
        raise NotImplementedError

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self.dirty:
            self.refresh()


def set_items(combo: QComboBox, items: list[str]) -> bool:
    """Give ``combo`` these items (no signal), keeping the current one when it is still there.
    False when it already had exactly them."""
    if [combo.itemText(i) for i in range(combo.count())] == items:
        return False
    keep = combo.currentText()
    combo.blockSignals(True)
    combo.clear()
    combo.addItems(items)
    if keep in items:
        combo.setCurrentText(keep)
    combo.blockSignals(False)
    return True


def robust_max(values: np.ndarray) -> float:
    """The 99.5th percentile (the largest value when that is ~0): a colour scale that one outlier cannot wash out."""
    m = float(np.percentile(values, 99.5)) if values.size else 0.0
    return m if m > 1e-8 else max(float(values.max()) if values.size else 0.0, 1e-8)


NICE_STEPS = (1.0, 1.5, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0)


def nice_ceiling(value: float) -> float:
    """The smallest 1, 1.5, 2, 3, 4, 5, 6 or 8 times a power of ten that is >= ``value`` (> 0): an axis
    end that changes a few times per decade as a figure grows, not at every redraw."""
    if not np.isfinite(value) or value <= 0:
        return 1.0
    power = 10.0 ** np.floor(np.log10(value))
    return float(next(step * power for step in NICE_STEPS if step * power >= value * (1 - 1e-12)))


def grid_shape(count: int, tile_h: int, tile_w: int, aspect: float = 1.4) -> tuple[int, int]:
    """Rows and columns for ``count`` tiles so the mosaic is about ``aspect`` wide:high."""
    best = (count, 1)
    best_score = float("inf")
    for cols in range(1, count + 1):
        rows = -(-count // cols)
        ratio = (cols * tile_w) / (rows * tile_h)
        waste = rows * cols - count
        score = abs(np.log(ratio / aspect)) + 0.15 * waste / count
        if score < best_score:
            best, best_score = (rows, cols), score
    return best


def mosaic(tiles: np.ndarray, rows: int, cols: int, gap: int = 1, fill: float = np.nan) -> np.ndarray:
    """(N, H, W) -> one (rows*(H+gap)-gap, cols*(W+gap)-gap) image, tiles row by row."""
    n, h, w = tiles.shape
    out = np.full((rows * (h + gap) - gap, cols * (w + gap) - gap), fill, dtype=np.float32)
    for i in range(n):
        r, c = divmod(i, cols)
        out[r * (h + gap):r * (h + gap) + h, c * (w + gap):c * (w + gap) + w] = tiles[i]
    return out


def image_view(lut: np.ndarray, levels: tuple[float, float]) -> tuple[pg.ViewBox, pg.ImageItem]:
    """A locked-aspect, non-interactive ViewBox showing one ImageItem (rows down)."""
    view = pg.ViewBox(lockAspect=True, invertY=True, enableMouse=False, enableMenu=False)
    view.setDefaultPadding(0.01)
    item = pg.ImageItem(axisOrder="row-major")
    item.setLookupTable(lut)
    item.setLevels(levels)
    view.addItem(item)
    return view, item


def show(item: pg.ImageItem, view: pg.ViewBox, image: np.ndarray, levels: tuple[float, float]) -> None:
    """Set the image with fixed levels; re-fit the view only when the shape changed."""
    old = item.image
    item.setImage(image, autoLevels=False, levels=levels)
    if old is None or old.shape != image.shape:
        view.autoRange(padding=0.01)

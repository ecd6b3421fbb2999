"""Which digits the network mixes up: the confusion matrix of the latest
evaluation, a gallery of the images behind any cell, and its surest mistakes."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QFontInfo, QFontMetrics
from PySide6.QtWidgets import QSizePolicy, QSplitter, QVBoxLayout, QWidget

from ...classroom.confusion import (
    cell_examples,
    confusion_matrix,
    most_confused_pairs,
    per_class_accuracy,
    worst_mistakes,
)
from .. import accessibility, palette, theme
from ..language import grouped, number, percent, tr
from ..wrapped_label import WrappedLabel
from .common import LazyPanel
from .gallery import Gallery

GALLERY_LIMIT = 40
SPELLED_OUT_CLASSES = 5
"""Up to this many classes the matrix's axes name them in words (the class's own classes)."""
SHORT_NAME_CHARS = 9
CORRECT_RGB = np.array(palette.CORRECT_RGB, np.float64)
WRONG_RGB = np.array(palette.WRONG_RGB, np.float64)
MISTAKE_FULL = 0.15
"""An off-diagonal cell is fully vermillion when this share of its true class lands there."""


def matrix_colours(matrix: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(rows, cols, 3) uint8 colours and a (rows, cols) bool 'dark background' mask.

    The diagonal is blue by the share of its row answered right; every other
    cell is vermillion by the share of the row that went there (square root, so that
    a handful of mistakes is already visible), white when empty.
    """
    matrix = np.asarray(matrix, dtype=np.float64)
    totals = np.maximum(matrix.sum(axis=1, keepdims=True), 1.0)
    share = matrix / totals
    n = matrix.shape[0]
    diagonal = np.eye(n, dtype=bool)
    strength = np.where(diagonal, share, np.sqrt(np.clip(share / MISTAKE_FULL, 0, 1)))
    strength = np.where(matrix > 0, np.maximum(strength, 0.12), 0.0)
    target = np.where(diagonal[..., None], CORRECT_RGB, WRONG_RGB)
    rgb = np.clip(255.0 + (target - 255.0) * strength[..., None], 0, 255)
    # White counts where they contrast more than black (WCAG relative luminance below 0.179).
    linear = np.where(rgb <= 10.31, rgb / 3294.6, ((rgb / 255.0 + 0.055) / 1.055) ** 2.4)
    dark = linear @ np.array([0.2126, 0.7152, 0.0722]) < 0.179
    return rgb.astype(np.uint8), dark


class ClickableImage(pg.ImageItem):
    cellClicked = Signal(int, int)
    """(row, column) of the clicked pixel."""
    cellHovered = Signal(int, int)
    """(row, column) of the pixel under the pointer: a receiver may set the tooltip, before it shows."""

    def mouseClickEvent(self, event) -> None:
        if event.button() != Qt.LeftButton or self.image is None:
            return
        p = event.pos()
        row, col = int(np.floor(p.y())), int(np.floor(p.x()))
        if 0 <= row < self.image.shape[0] and 0 <= col < self.image.shape[1]:
            event.accept()
            self.cellClicked.emit(row, col)

    def hoverEvent(self, event) -> None:
        # (a signal, not a callable kept on the item: the panel's bound method there made a cycle panel -> image
        # -> method -> panel that only the collector could break, and collecting it destroyed the panel's Qt
        # objects inside the collection: a segfault in pyqtgraph's GarbageCollector, CI run 42b)
        if not event.isExit():
            event.acceptClicks(Qt.LeftButton)
            if self.image is not None:
                p = event.pos()
                self.cellHovered.emit(int(np.floor(p.y())), int(np.floor(p.x())))


class MistakesPanel(LazyPanel):
    imageChosen = Signal(int)
    """A gallery image was clicked: its test-set index."""

    def __init__(self, parent=None):
        super().__init__(
            tr("Mistakes"), tr("rows: the true digit · columns: what the network said · click a cell"), parent
        )
        self.test_images: np.ndarray | None = None
        self.class_names = [str(i) for i in range(10)]
        self.evaluation = None
        self.matrix: np.ndarray | None = None
        self.selected: tuple[int, int] | None = None

        splitter = QSplitter(Qt.Horizontal)
        splitter.setChildrenCollapsible(False)
        self.body.addWidget(splitter, 1)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        self.summary_label = WrappedLabel(tr("Train for a while: the matrix fills in at each test evaluation."))
        self.summary_label.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        left_layout.addWidget(self.summary_label)
        self.graphics = pg.GraphicsLayoutWidget()
        self.graphics.setMinimumSize(260, 260)
        accessibility.set_name(self.graphics, tr("Confusion matrix"), tr("Empty until the first test evaluation"))
        self.plot = theme.style_plot(
            self.graphics.addPlot(enableMenu=False), left=tr("true digit"), bottom=tr("predicted digit")
        )
        self.plot.showGrid(x=False, y=False)
        self.plot.setMouseEnabled(x=False, y=False)
        self.plot.hideButtons()
        self.plot.invertY(True)
        self.plot.setAspectLocked(True)
        self.plot.getViewBox().setDefaultPadding(0.0)
        for side in ("left", "bottom"):
            # (no tick marks: pyqtgraph draws them 5 px into the plot, where a wide count in the first column read
            # "-33" at 1280x720 presenter; the names beside the rows and columns say which is which)
            self.plot.getAxis(side).setStyle(tickLength=0)
        self.image = ClickableImage(axisOrder="row-major")
        self.plot.addItem(self.image)
        self.selection = pg.QtWidgets.QGraphicsRectItem(0, 0, 1, 1)
        self.selection.setPen(pg.mkPen(palette.BLACK, width=4))
        self.selection.setZValue(20)
        self.selection.hide()
        self.plot.addItem(self.selection)
        self.texts: list[list[pg.TextItem]] = []
        self.plot.getViewBox().sigResized.connect(self._fit_fonts)
        self.plot.getViewBox().sigResized.connect(self._rebalance_later)
        left_layout.addWidget(self.graphics, 1)
        self.pairs_label = WrappedLabel("")
        self.pairs_label.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        left_layout.addWidget(self.pairs_label)
        splitter.addWidget(left)

        right = QSplitter(Qt.Vertical)
        right.setChildrenCollapsible(False)
        for attr, title in (
            ("cell", "Click a cell of the matrix to see its images."),
            ("worst", "Surest mistakes: wrong, and very confident about it"),
        ):
            box = QWidget()
            layout = QVBoxLayout(box)
            layout.setContentsMargins(0, 0, 0, 0)
            label = WrappedLabel(title)
            label.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
            label.setStyleSheet("font-weight: 600;")
            gallery = Gallery(56)
            gallery.imageChosen.connect(self.imageChosen.emit)
            layout.addWidget(label)
            layout.addWidget(gallery, 1)
            right.addWidget(box)
            setattr(self, f"{attr}_label", label)
            setattr(self, f"{attr}_gallery", gallery)
            accessibility.set_name(
                gallery,
                tr("Images of the chosen cell") if attr == "cell" else tr("Surest mistakes"),
                tr("Each image with its true digit, the prediction, how sure, and a check mark or a cross"),
            )
        self.cell_gallery.placeholder = tr("The images of the chosen cell appear here, the most confident first.")
        self.worst_gallery.placeholder = tr("No mistakes yet (or no evaluation yet).")
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 5)
        splitter.setStretchFactor(1, 4)
        self.splitter = splitter
        self._rebalance_timer = QTimer(self)
        self._rebalance_timer.setSingleShot(True)
        self._rebalance_timer.timeout.connect(self._rebalance)
        self.image.cellClicked.connect(self.select_cell)
        self.image.cellHovered.connect(self._tip_cell)
        # The 10 x 10 frame an empty matrix shows; the cells' counts (100 text items, ~0.1 s of a core, most of
        # what a new window spent on this panel) are made by the first draw, for the classes it has.
        self.plot.setRange(xRange=(0, 10), yRange=(0, 10), padding=0.0)

    # --- data -----------------------------------------------------------------------
    def set_dataset(self, test_images: np.ndarray, class_names) -> None:
        self.test_images = test_images
        self.class_names = list(class_names)
        self.evaluation = None
        self.matrix = None
        self.cell_gallery.clear()
        self.worst_gallery.clear()

    def clear(self) -> None:
        """Other weights: the matrix and the galleries of the old ones go."""
        self.evaluation = None
        self.matrix = None
        self.selected = None
        self.image.clear()
        self.plot.getAxis("left").setTicks([[]])  # no per-digit rates of weights that are gone
        self.selection.hide()
        self.graphics.setAccessibleDescription(tr("Empty until the first test evaluation"))
        for row in self.texts:
            for item in row:
                item.setText("")
        self.cell_gallery.clear()
        self.worst_gallery.clear()
        self.summary_label.setText(tr("Train for a while: the matrix fills in at each test evaluation."))
        self.pairs_label.setText("")
        self.cell_label.setText(tr("Click a cell of the matrix to see its images."))
        self.worst_label.setText(tr("Surest mistakes: wrong, and very confident about it"))

    def show_dataset(self, dataset) -> None:
        """The data set loaded (observed through the registry)."""
        if dataset is not None:
            self.set_dataset(dataset.test_images, dataset.class_names)

    def show_classes(self, class_names, dataset) -> None:
        """The classes the weights now name (observed): the test images of the data set the run learns on; for a
        loaded net of the class's own classes (``dataset`` None) their names and no images (the data set loaded
        has none of theirs: its pictures under their names would lie)."""
        if dataset is not None:
            self.show_dataset(dataset)
        elif class_names:
            self.set_dataset(None, class_names)

    def history_replaced(self, run, _test_accuracy) -> None:
        """A run's history as a whole (a run put back, a loaded file): its latest evaluation's matrix."""
        if run.last_eval is not None:
            self.show_evaluation(run.last_eval)

    def evaluated(self, evaluation) -> None:
        """A test evaluation ended (observed through the registry): its matrix."""
        self.show_evaluation(evaluation)

    def show_evaluation(self, evaluation) -> None:
        """Keep the latest evaluation; draw it now if visible, else when the tab is opened."""
        self.evaluation = evaluation
        self.invalidate()

    def draw(self) -> None:
        e = self.evaluation
        if e is None:
            return
        n = len(self.class_names)
        self.matrix = confusion_matrix(e.labels, e.predictions, n)
        rgb, dark = matrix_colours(self.matrix)
        self.image.setImage(rgb, autoLevels=False)
        if len(self.texts) != n:
            self._build_texts(n)
        for r in range(n):
            for c in range(n):
                self.texts[r][c].setColor("#ffffff" if dark[r, c] else theme.TEXT)
        self._fit_fonts()
        recall = per_class_accuracy(e.labels, e.predictions, n)
        short = self.short_names()
        self.plot.getAxis("left").setTicks(
            [[(r + 0.5, f"{short[r]}  {'–' if np.isnan(recall[r]) else percent(recall[r], 0)}") for r in range(n)]]
        )
        self.plot.getAxis("bottom").setTicks([[(c + 0.5, short[c]) for c in range(n)]])
        self.plot.setRange(xRange=(0, n), yRange=(0, n), padding=0.0)
        self.summary_label.setText(
            tr(
                "Test accuracy <b>{test_accuracy:.1f}%</b> on {samples:,} test images at step {step:,}. Left: "
                "how often each digit is read right."
            ).format(test_accuracy=number(100 * e.test_accuracy), samples=grouped(e.samples), step=grouped(e.step))
        )
        pairs = most_confused_pairs(self.matrix, 4)
        accuracy = dict(percent=f"{number(100 * e.test_accuracy):.1f}", step=f"{grouped(e.step):,}")
        self.graphics.setAccessibleDescription(
            tr("Test accuracy {percent}% at step {step}. Most often mixed up: {pairs}.").format(
                pairs=tr(", ").join(
                    tr("{truth} taken for {answer} {count} times").format(truth=short[t], answer=short[p], count=k)
                    for t, p, k in pairs
                ),
                **accuracy,
            )
            if pairs
            else tr("Test accuracy {percent}% at step {step}. No mistakes at all.").format(**accuracy)
        )
        self.pairs_label.setText(
            tr("Most often mixed up: {pairs}").format(
                pairs=", ".join(f"<b>{short[t]}→{short[p]}</b> ({k})" for t, p, k in pairs)
            )
            if pairs
            else tr("No mistakes at all.")
        )
        self._show_worst()
        if self.selected is not None:
            self.select_cell(*self.selected)

    def _build_texts(self, n: int) -> None:
        for row in self.texts:
            for item in row:
                self.plot.removeItem(item)
        self.texts = []
        for r in range(n):
            row = []
            for c in range(n):
                item = pg.TextItem("", anchor=(0.5, 0.5), color=theme.TEXT)
                item.setPos(c + 0.5, r + 0.5)
                self.plot.addItem(item)
                row.append(item)
            self.texts.append(row)
        self._fit_fonts()

    def _rebalance_later(self, *_args) -> None:
        self._rebalance_timer.start(0)  # (not inside the layout pass that resized the plot)

    def _rebalance(self) -> None:
        """The width the square matrix cannot use goes to the galleries beside it, and comes back when it can.

        A short panel (presenter mode at 1280x720) left ~160 px empty beside the matrix while the galleries'
        column, narrow, wrapped its titles over four lines and cut the surest mistakes' one row at its captions."""
        sizes = self.splitter.sizes()
        total = sum(sizes)
        view = self.plot.getViewBox()
        if len(sizes) != 2 or total <= 0 or view.width() <= 0 or view.height() <= 0:
            return
        spare = view.width() - view.height()  # the matrix is square: a wider view leaves this much empty
        most = total * 3 // 4  # (the galleries keep a quarter where the matrix could use it all)
        left = int(min(most, sizes[0] - spare))
        # Never so narrow that the words above and below the matrix, wrapping onto more lines, leave it less than
        # its least height (the Japanese "Overfitting on 200 images" lesson view: the matrix under its words).
        while left < most and self._left_height_needed(left) > self.splitter.widget(0).height():
            left += 8
        if abs(left - sizes[0]) > 8:
            self.splitter.setSizes([left, total - left])

    def _left_height_needed(self, width: int) -> int:
        """The matrix's column's least height at ``width``: its words wrapped and the matrix's least height."""
        spacing = max(self.splitter.widget(0).layout().spacing(), 0)
        words = sum(
            label.heightForWidth(width) if label.text() else 0 for label in (self.summary_label, self.pairs_label)
        )
        return words + self.graphics.minimumHeight() + 2 * spacing + 12  # (rich text wraps a little taller)

    def _fit_fonts(self, *_args) -> None:
        """The counts in a third of a cell's side, never below normal mode's type (9 px counts in presenter mode at
        1024x768 were unreadable from the back row); a count wider than its cell at that type is left out, its
        colour stays and the cell's tooltip says it."""
        view = self.plot.getViewBox()
        n = max(len(self.texts), 1)
        cell_px = min(view.width(), view.height()) / n
        least = QFontInfo(theme.axis_font()).pixelSize()
        font = theme.ui_font()
        font.setPixelSize(int(max(least, min(cell_px * 0.34, 30))))
        font.setBold(True)
        metrics = QFontMetrics(font)
        for r, row in enumerate(self.texts):
            for c, item in enumerate(row):
                item.setFont(font)
                count = int(self.matrix[r, c]) if self.matrix is not None and r < len(self.matrix) else 0
                text = str(count) if count else ""
                # (a view not laid out yet, 0 px, shows them all: the next resize decides)
                fits = cell_px <= 0 or metrics.horizontalAdvance(text) + 2 <= cell_px
                item.setText(text if fits else "")

    def _tip_cell(self, row: int, col: int) -> None:
        self.image.setToolTip(self.cell_tip(row, col))

    def cell_tip(self, row: int, col: int) -> str:
        """The tooltip of the matrix's cell (``row`` true, ``col`` predicted): its count, said in words."""
        if self.matrix is None or not (0 <= row < len(self.matrix) and 0 <= col < len(self.matrix)):
            return ""
        names = self.class_names
        return (
            tr("True {truth}, taken for {answer}: {total} images").format(
                truth=names[row], answer=names[col], total=int(self.matrix[row, col])
            )
            if row != col
            else tr("True {truth}, read correctly: {total} images").format(
                truth=names[row], total=int(self.matrix[row, col])
            )
        )

    def _captions(self, indices: np.ndarray) -> tuple[list[str], list[str], list[str | None]]:
        e = self.evaluation
        short = [name if len(name) <= 2 else str(i) for i, name in enumerate(self.class_names)]
        captions, tips, borders = [], [], []
        for i in indices:
            t, p, conf = int(e.labels[i]), int(e.predictions[i]), float(e.confidences[i])
            verdict = palette.verdict(t == p)
            captions.append(f"{short[t]}→{short[p]} {percent(conf, 0)} {verdict.mark}")
            tips.append(
                tr(
                    "test image #{index}: true {truth}, predicted {answer} ({percent}% sure), {verdict}. "
                    "Click to look inside (feature maps, Why?)."
                ).format(
                    index=int(i),
                    truth=self.class_names[t],
                    answer=self.class_names[p],
                    percent=f"{number(100 * conf):.1f}",
                    verdict=tr(verdict.word),
                )
            )
            borders.append(verdict.border)
        return captions, tips, borders

    def short_names(self) -> list[str]:
        """The axes' names of the classes: whole where few (the class's own classes: "circle"), else the digits or
        the classes' numbers (Fashion-MNIST's ten words have no room side by side)."""
        names = self.class_names
        if len(names) <= SPELLED_OUT_CLASSES:
            return [name if len(name) <= SHORT_NAME_CHARS else name[: SHORT_NAME_CHARS - 1] + "…" for name in names]
        return [name if len(name) <= 2 else str(i) for i, name in enumerate(names)]

    def _images(self, indices: np.ndarray) -> np.ndarray:
        if self.test_images is None or len(indices) == 0:
            return np.zeros((0, 28, 28), np.uint8)
        return self.test_images[np.asarray(indices, dtype=np.int64)]

    def _show_worst(self) -> None:
        e = self.evaluation
        indices = worst_mistakes(e.labels, e.predictions, e.confidences, GALLERY_LIMIT)
        captions, tips, borders = self._captions(indices)
        self.worst_gallery.show_images(self._images(indices), indices, captions, borders, tips)
        wrong = int((np.asarray(e.labels) != np.asarray(e.predictions)).sum())
        self.worst_label.setText(
            tr("Surest mistakes: {wrong} wrong of {samples:,}; the most confident first").format(
                wrong=wrong, samples=grouped(e.samples)
            )
        )

    def select_cell(self, true: int, predicted: int) -> np.ndarray:
        """Fill the cell gallery with the images of class ``true`` predicted as ``predicted``."""
        self.selected = (int(true), int(predicted))
        e = self.evaluation
        if e is None:
            return np.zeros(0, np.int64)
        indices = cell_examples(e.labels, e.predictions, e.confidences, true, predicted, GALLERY_LIMIT)
        captions, tips, borders = self._captions(indices)
        self.cell_gallery.show_images(self._images(indices), indices, captions, borders, tips)
        total = int(self.matrix[true, predicted]) if self.matrix is not None else len(indices)
        names = self.class_names
        text = (
            tr("True {truth}, read correctly: {total} images")
            if true == predicted
            else tr("True {truth}, taken for {answer}: {total} images")
        )
        text = text.format(truth=names[true], answer=names[predicted], total=total)
        if total > len(indices):
            text += tr(", showing the {count} surest").format(count=len(indices))
        self.cell_label.setText(text)
        self.selection.setRect(predicted, true, 1, 1)
        self.selection.show()
        return indices

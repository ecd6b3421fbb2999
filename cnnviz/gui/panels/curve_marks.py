"""The curves' marks: a dashed line across both plots where the run changed mid-way (another backend, other
hyperparameters), its label on the loss plot on the highest free line."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import Qt

from ...number_format import relocalize_words
from .. import theme

MAX_MARKERS = 40
"""Only the latest marks are drawn (each one is a plot item)."""


class Marks:
    """The marks of the loss and accuracy plots (the latest :data:`MAX_MARKERS`)."""

    def __init__(self, loss_plot: pg.PlotItem, acc_plot: pg.PlotItem):
        self.loss_plot, self.acc_plot = loss_plot, acc_plot
        self.lines: list[tuple[pg.InfiniteLine, pg.InfiniteLine]] = []
        """(on the loss plot, with the label; on the accuracy plot), oldest first."""
        self.kept_lines: list[tuple[pg.InfiniteLine, pg.InfiniteLine]] = []
        """The kept run's own marks (:meth:`show_kept`): in its grey, dotted, "A:" before the label; they stay when
        the run now starts over."""

    def __len__(self) -> int:
        return len(self.lines)

    def add(self, epoch: float, text: str, colour: str) -> None:
        self.lines.append(self._pair(epoch, text, colour, Qt.DashLine))
        if len(self.lines) > MAX_MARKERS:
            a, b = self.lines.pop(0)
            self.loss_plot.removeItem(a)
            self.acc_plot.removeItem(b)
        self.place_labels()

    def show_kept(self, marks, colour: str) -> None:
        """The kept run's ``marks`` ((epoch, kind, text), its latest :data:`MAX_MARKERS`) in ``colour``, dotted and
        labelled "A: ..." (the kept run is A over the plots), told apart from the run now's dashed coloured ones."""
        for a, b in self.kept_lines:
            self.loss_plot.removeItem(a)
            self.acc_plot.removeItem(b)
        self.kept_lines = [
            self._pair(epoch, f"A: {text}", colour, Qt.DotLine) for epoch, _kind, text in list(marks)[-MAX_MARKERS:]
        ]
        self.place_labels()

    def _pair(self, epoch: float, text: str, colour: str, style) -> tuple[pg.InfiniteLine, pg.InfiniteLine]:
        pair = []
        for plot, show_label in ((self.loss_plot, True), (self.acc_plot, False)):
            line = pg.InfiniteLine(
                pos=epoch,
                angle=90,
                pen=pg.mkPen(colour, width=2, style=style),
                # (the label is a format string: a file's "{" or "}" must not be read as a field; the run keeps the mark
                # in English, "lr 0.01", and it is shown in the language's way, "lr 0,01")
                label=relocalize_words(text).replace("{", "{{").replace("}", "}}") if show_label else None,
                labelOpts={
                    "position": 0.9,
                    "color": colour,
                    "fill": (255, 255, 255, 220),
                    "anchors": [(0, 0.5), (0, 0.5)],
                },
            )
            if show_label:
                font = theme.axis_font()
                line.label.textItem.setFont(font)
            plot.addItem(line, ignoreBounds=True)
            pair.append(line)
        return tuple(pair)

    def clear(self) -> None:
        for a, b in self.lines:
            self.loss_plot.removeItem(a)
            self.acc_plot.removeItem(b)
        self.lines.clear()

    def place_labels(self, *_args) -> None:
        """Each mark's label on the highest free line of the plot, from the top: labels of marks close
        together go one under the other, and one with no free line left is hidden (the mark stays). A label that
        would run past the plot's right edge stands left of its line ("A: lr 0.005" of a mark near the run's end
        was cut to "A: lr 0.00" on real X, in every language)."""
        view = self.loss_plot.getViewBox()
        height = view.height()
        if height <= 0 or not (self.lines or self.kept_lines):
            return
        edges = view.sceneBoundingRect()
        taken: list[tuple[int, float, float]] = []  # (line, left, right) in pixels
        for line, _acc in [*self.kept_lines, *self.lines]:
            label = line.label
            box = label.boundingRect()
            step = box.height() + 2
            rows = max(int(height // step), 1)
            x = view.mapViewToScene(pg.QtCore.QPointF(line.value(), 0)).x()
            leftwards = x + box.width() > edges.right() and x - box.width() >= edges.left()
            left, right = (x - box.width(), x) if leftwards else (x, x + box.width())
            anchors = [(1, 0.5), (1, 0.5)] if leftwards else [(0, 0.5), (0, 0.5)]
            if label.anchors != anchors:
                label.anchors = anchors
            for row in range(rows):
                if not any(r == row and a < right + 4 and left < b + 4 for r, a, b in taken):
                    taken.append((row, left, right))
                    label.setPosition(1.0 - (row * step + box.height() / 2) / height)
                    label.setVisible(True)
                    break
            else:
                label.setVisible(False)

    def label_rects(self) -> list:
        """Where the marks' labels are, in scene coordinates (the layout test checks they do not overlap)."""
        return [line.label.sceneBoundingRect() for line, _ in [*self.kept_lines, *self.lines] if line.label.isVisible()]

"""Where the Draw panel puts its canvas and what the network makes of it, for the size it has now: a part of
:class:`~.classify.ClassifyPanel` (:class:`DrawArrangement`) that measures the panel's widgets for
:func:`cnnviz.app.classify_layout.plan` and lays them out as it says."""

from __future__ import annotations

from PySide6.QtWidgets import QBoxLayout

from ...app import classify_layout
from ...app.classify_layout import BESIDE, COLUMN, INPUT_PX, INPUT_PX_STACKED, LEAST_BARS_PX, ROW
from .. import theme
from ..language import tr
from .common import QWIDGETSIZE_MAX


class DrawArrangement:
    """The canvas beside or above the prediction, the bars as wide as they can be read (a part of
    :class:`~.classify.ClassifyPanel`: it uses the panel's canvas, its tools, the answer's labels, the input
    thumbnail and the bars, and its layouts ``box``, ``side`` and ``guess``)."""

    def narrow_width(self) -> int:
        """The panel's least width: the narrower of the arrangements (a narrow column is fine, the panel stacks
        itself in it), with the canvas never below its minimum of 200 px."""
        row = (
            INPUT_PX_STACKED
            + max(
                self.digit_label.minimumSizeHint().width(),
                self.confidence_label.fontMetrics().horizontalAdvance("100% sure"),
            )
            + self.graphics.minimumWidth()
            + 2 * self.side.spacing()
        )
        return max(self.canvas.minimumWidth(), self.title_label.minimumSizeHint().width(), row) + 40

    @property
    def stacked(self) -> bool:
        """The canvas above the prediction (a tall, narrow panel), not beside it."""
        return self.box.direction() == QBoxLayout.TopToBottom

    @property
    def arrangement(self) -> str:
        """BESIDE (the prediction beside the canvas), ROW (under it: input, answer and bars in one row) or
        COLUMN (under it: input and answer, then the bars across the panel)."""
        if not self.stacked:
            return BESIDE
        return ROW if self.side.direction() == QBoxLayout.LeftToRight else COLUMN

    def least_canvas_width(self) -> int:
        """The canvas column's least width: the canvas or its tools (Clear, stroke), whichever is wider."""
        return max(self.canvas.minimumWidth(), self.canvas_column.minimumSize().width())

    def under_heights(self) -> tuple[int, int]:
        """Height under the canvas in the ROW and the COLUMN arrangement (tools, answer, bars)."""
        tools = self.clear_button.sizeHint().height() + 8
        bars = self.graphics.height_needed()
        answer = max(INPUT_PX_STACKED, self.digit_label.sizeHint().height())
        # In a row the answer's words wrap at :meth:`row_answer_width`: their lines under the digit.
        words = self.confidence_label.heightForWidth(self.row_answer_width())
        in_row = max(INPUT_PX_STACKED, self.digit_label.sizeHint().height() + words)
        return tools + max(bars, in_row) + 8, tools + answer + bars + 16

    def row_answer_width(self) -> int:
        """The answer's words at most this wide in a row under the canvas (as wide as "100% sure" was): "97% among
        digits" wraps onto two lines rather than widening the answer's column into the bars' (the row's room for
        the bars, ``classify_layout.ROW_BESIDE_BARS_PX``, counts on this width: a wider answer crowded the bars'
        digits in Japanese)."""
        return self.confidence_label.fontMetrics().horizontalAdvance("100% sure") + 8

    def answer_word_width(self) -> int:
        """The answer's widest word in the language shown: in a column under the canvas the answer is never
        narrower (Japanese "数字の中で 30%" broke inside its first word there: a line may break between any two CJK
        characters)."""
        metrics = self.confidence_label.fontMetrics()
        answers = (tr("{percent}% among digits"), tr("{percent}% among its classes"))
        return max(metrics.horizontalAdvance(word) for text in answers for word in text.format(percent=100).split()) + 8

    def plan(self, width: int, height: int) -> classify_layout.Plan:
        """What goes where in a panel body of ``width`` x ``height`` (:func:`~cnnviz.app.classify_layout.plan`,
        on what the canvas, its tools, the answer and the bars measure now)."""
        return classify_layout.plan(
            width,
            height,
            self.graphics.width_needed(),
            self.least_canvas_width(),
            *self.under_heights(),
            axis_px=self.graphics.axis_width(),
            bars_readable=self.graphics.width_readable(),
            keep_axis=self.graphics.in_big_type(),
        )

    def choose(self, width: int, height: int) -> str:
        """The arrangement for a panel body of ``width`` x ``height`` (:meth:`plan`'s)."""
        return self.plan(width, height).arrangement

    def rearrange(self, *_changed) -> None:
        """Arrange again for the type now in force (presenter mode's bigger axis labels need a wider
        percent axis: pyqtgraph drops a tick label that does not fit, and "50%" went missing)."""
        self.arrange(self.width() - 24, self.height() - theme.zoomed_px(80))

    def arrange(self, width: int, height: int) -> None:
        self.prob_plot.getAxis("left").setWidth(self.graphics.axis_width())
        self.graphics.setMinimumHeight(self.graphics.height_needed())
        plan = self.plan(width, height)
        chosen = plan.arrangement
        in_row = chosen == ROW  # (as wide as it wraps at: narrower, Qt wrapped it after every word)
        self.confidence_label.setMinimumWidth(self.row_answer_width() if in_row else self.answer_word_width())
        self.confidence_label.setMaximumWidth(self.row_answer_width() if in_row else QWIDGETSIZE_MAX)
        # The canvas is square: what it cannot use goes to the bars (taller under it, wider beside it).
        self.graphics.setMinimumWidth(plan.bars if chosen == BESIDE else LEAST_BARS_PX)
        if chosen == BESIDE:
            side = min(height, width - max(classify_layout.SIDE_PX, plan.bars))
            self.canvas.setMaximumSize(max(self.canvas.minimumWidth(), side), QWIDGETSIZE_MAX)
        else:
            under = self.under_heights()[0 if chosen == ROW else 1]
            self.canvas.setMaximumSize(QWIDGETSIZE_MAX, max(self.canvas.minimumHeight(), min(width, height - under)))
        # The percentage axis (its "50%") wherever the bars have the room for it; in a row, the input
        # thumbnail gives way first.
        self.input_graphics.setVisible(plan.input_shown)
        self.seen_title.setVisible(plan.input_shown and chosen != COLUMN)
        self.prob_plot.showAxis("left", plan.axis_shown)
        if chosen != self.arrangement:
            self.box.setDirection(QBoxLayout.LeftToRight if chosen == BESIDE else QBoxLayout.TopToBottom)
            self.side.setDirection(QBoxLayout.LeftToRight if chosen == ROW else QBoxLayout.TopToBottom)
            side = INPUT_PX if chosen == BESIDE else INPUT_PX_STACKED
            self.input_graphics.setFixedSize(side, side)
            # Across the panel the answer stands beside its certainty, in one short row over the bars.
            self.guess.setDirection(QBoxLayout.LeftToRight if chosen == COLUMN else QBoxLayout.TopToBottom)
            self._place_verdict(chosen)

    def _place_verdict(self, chosen: str) -> None:
        """Why it is not sure: under the answer beside the canvas or across the panel (COLUMN), and under the
        whole row in a ROW: in the row itself (input, answer, bars side by side) it had no width at all, its
        words unreadable beside the input thumbnail."""
        target = self.box if chosen == ROW else self.side
        current = self.side if self.side.indexOf(self.verdict_label) >= 0 else self.box
        if target is current:
            return
        current.removeWidget(self.verdict_label)
        if target is self.side:
            self.side.insertWidget(1, self.verdict_label)  # after the input and the answer, over the bars
        else:
            self.box.addWidget(self.verdict_label)

"""Draw a digit; see the 28x28 image the network gets and its ten probabilities."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QPushButton, QSlider, QVBoxLayout

from .. import theme
from ..canvas import DrawingCanvas
from .common import Panel, image_view, show


class ClassifyPanel(Panel):
    def __init__(self, parent=None):
        super().__init__("Draw and classify", "", parent)
        grid = QGridLayout()
        grid.setSpacing(8)
        self.body.addLayout(grid, 1)

        # left: the canvas and its tools
        left = QVBoxLayout()
        self.canvas = DrawingCanvas()
        left.addWidget(self.canvas, 1)
        tools = QHBoxLayout()
        self.clear_button = QPushButton("Clear")
        self.clear_button.setToolTip("Clear the drawing (C)")
        tools.addWidget(self.clear_button)
        tools.addWidget(QLabel("stroke"))
        self.width_slider = QSlider(Qt.Horizontal)
        self.width_slider.setRange(8, 40)
        self.width_slider.setValue(int(self.canvas.stroke_width))
        self.width_slider.setToolTip("Stroke width")
        self.width_slider.setMinimumWidth(70)
        tools.addWidget(self.width_slider, 1)
        left.addLayout(tools)
        grid.addLayout(left, 0, 0)

        # right: what the network sees, the prediction, the probabilities
        right = QVBoxLayout()
        top = QHBoxLayout()
        seen = QVBoxLayout()
        seen_title = QLabel("input 28×28")
        seen_title.setObjectName("hint")
        seen.addWidget(seen_title)
        self.input_graphics = pg.GraphicsLayoutWidget()
        self.input_graphics.setFixedSize(96, 96)
        self.input_graphics.ci.setContentsMargins(0, 0, 0, 0)
        self.input_view, self.input_item = image_view(theme.GREY_LUT, (0.0, 1.0))
        self.input_view.setDefaultPadding(0)
        self.input_graphics.addItem(self.input_view)
        seen.addWidget(self.input_graphics)
        top.addLayout(seen)
        guess = QVBoxLayout()
        guess_title = QLabel("prediction")
        guess_title.setObjectName("hint")
        guess.addWidget(guess_title, 0, Qt.AlignHCenter)
        self.digit_label = QLabel("–")
        self.digit_label.setObjectName("bigDigit")
        self.digit_label.setAlignment(Qt.AlignCenter)
        guess.addWidget(self.digit_label, 1)
        self.confidence_label = QLabel("")
        self.confidence_label.setAlignment(Qt.AlignCenter)
        self.confidence_label.setWordWrap(True)  # "weights of step 12345" must not widen the column
        guess.addWidget(self.confidence_label)
        top.addLayout(guess, 1)
        right.addLayout(top)
        self.graphics = pg.GraphicsLayoutWidget()
        self.graphics.setMinimumHeight(110)
        self.prob_plot = theme.style_plot(self.graphics.addPlot(), left="%")
        self.prob_plot.showGrid(x=False, y=True, alpha=theme.GRID_ALPHA)
        self.prob_plot.setMouseEnabled(x=False, y=False)
        self.prob_plot.hideButtons()
        self.prob_plot.setYRange(0, 100, padding=0.02)
        self.prob_plot.setXRange(-0.6, 9.6, padding=0)
        self.prob_plot.getAxis("left").setTicks([[(0, "0"), (50, "50"), (100, "100")]])
        self.prob_plot.getAxis("left").setWidth(40)
        self.bars = pg.BarGraphItem(x=np.arange(10), y0=np.zeros(10), width=0.75, height=np.zeros(10),
                                    brushes=["#b9c8e6"] * 10, pen=None)
        self.prob_plot.addItem(self.bars)
        right.addWidget(self.graphics, 1)
        grid.addLayout(right, 0, 1)
        grid.setColumnStretch(0, 5)
        grid.setColumnStretch(1, 4)
        self.set_class_names([str(i) for i in range(10)])
        self.probabilities = np.zeros(10, np.float32)
        self.network_input = np.zeros((28, 28), np.float32)
        self.width_slider.valueChanged.connect(self.canvas.set_stroke_width)
        self.clear_button.clicked.connect(self.canvas.clear)

    def set_class_names(self, names) -> None:
        """Digits label their bars; longer class names (Fashion-MNIST) show as numbers
        under the bars and in full in the prediction."""
        self.class_names = list(names)
        ticks = [(i, n if len(n) <= 2 else str(i)) for i, n in enumerate(self.class_names)]
        self.prob_plot.getAxis("bottom").setTicks([ticks])
        self.prob_plot.setLabel("bottom", "class" if any(len(n) > 2 for n in self.class_names) else "digit",
                                color=theme.TEXT, **{"font-size": f"{theme.AXIS_POINT_SIZE}pt"})

    def show_input(self, image: np.ndarray) -> None:
        self.network_input = image
        show(self.input_item, self.input_view, image, (0.0, 1.0))

    def show_probabilities(self, probs: np.ndarray | None, note: str = "") -> None:
        if probs is None:
            self.probabilities = np.zeros(10, np.float32)
            self.bars.setOpts(height=np.zeros(10), brushes=["#b9c8e6"] * 10)
            self.digit_label.setText("–")
            self.confidence_label.setText(note or "draw a digit")
            return
        self.probabilities = np.asarray(probs, dtype=np.float32)
        best = int(np.argmax(probs))
        brushes = [theme.ACCENT if i == best else "#b9c8e6" for i in range(len(probs))]
        self.bars.setOpts(height=100.0 * self.probabilities, brushes=brushes)
        name = self.class_names[best] if best < len(self.class_names) else str(best)
        self.digit_label.setStyleSheet("" if len(name) <= 2 else "font-size: 18pt;")
        self.digit_label.setText(name)
        self.confidence_label.setText(f"{100 * probs[best]:.0f}% sure" + (f"\n{note}" if note else ""))

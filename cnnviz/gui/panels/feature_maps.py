"""What each conv layer (and each pooling after it) makes of one input image."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QButtonGroup, QHBoxLayout, QLabel, QPushButton, QRadioButton, QSpinBox, QWidget

from .. import theme
from .common import Panel, grid_shape, image_view, mosaic, show


def _robust_max(values: np.ndarray) -> float:
    m = float(np.percentile(values, 99.5)) if values.size else 0.0
    return m if m > 1e-8 else max(float(values.max()) if values.size else 0.0, 1e-8)


def layer_pairs(names: list[str]) -> list[tuple[str, str | None]]:
    """Each conv layer with the pooling that follows it before the next conv."""
    pairs: list[tuple[str, str | None]] = []
    for name in names:
        if name.startswith("conv"):
            pairs.append((name, None))
        elif name.startswith("pool") and pairs and pairs[-1][1] is None:
            pairs[-1] = (pairs[-1][0], name)
    return pairs


class FeatureMapsPanel(Panel):
    inputChanged = Signal()
    """The user chose another input (test index or the drawing)."""

    def __init__(self, parent=None):
        super().__init__("Feature maps", "", parent)
        # --- input chooser -------------------------------------------------
        chooser = QWidget()
        row = QHBoxLayout(chooser)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(4)
        self.test_radio = QRadioButton("Test image")
        self.drawing_radio = QRadioButton("My drawing")
        self.test_radio.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.test_radio)
        group.addButton(self.drawing_radio)
        self.prev_button = QPushButton("◀")
        self.next_button = QPushButton("▶")
        self.random_button = QPushButton("Random")
        for b in (self.prev_button, self.next_button):
            b.setFixedWidth(34)
        self.index_spin = QSpinBox()
        self.index_spin.setRange(0, 9999)
        self.index_spin.setPrefix("#")
        self.index_spin.setToolTip("Index of the test image shown")
        self.random_button.setToolTip("A random test image")
        for w in (self.test_radio, self.prev_button, self.index_spin, self.next_button, self.random_button,
                  self.drawing_radio):
            row.addWidget(w)
        row.addStretch(1)
        self.add_toolbar_widget(chooser, 1)
        self.test_count = 10000
        self._rng = np.random.default_rng()
        self.prev_button.clicked.connect(lambda: self._set_index(self.index_spin.value() - 1))
        self.next_button.clicked.connect(lambda: self._set_index(self.index_spin.value() + 1))
        self.random_button.clicked.connect(lambda: self._set_index(int(self._rng.integers(self.test_count))))
        self.index_spin.valueChanged.connect(self._on_index)
        self.test_radio.toggled.connect(lambda _checked: self.inputChanged.emit())

        # --- maps ------------------------------------------------------------
        self.graphics = pg.GraphicsLayoutWidget()
        self.graphics.ci.setSpacing(6)
        self.body.addWidget(self.graphics)
        self.layer_names: tuple[str, ...] = ()
        self.views: dict[str, tuple[pg.ViewBox, pg.ImageItem, pg.LabelItem]] = {}
        self.images: dict[str, np.ndarray] = {}
        self.input_view = None
        self.last_snapshot = None

    # --- input choice -------------------------------------------------------
    @property
    def use_drawing(self) -> bool:
        return self.drawing_radio.isChecked()

    @property
    def test_index(self) -> int:
        return self.index_spin.value()

    def set_test_count(self, count: int) -> None:
        self.test_count = max(1, count)
        self.index_spin.setMaximum(self.test_count - 1)

    def _set_index(self, index: int) -> None:
        self.test_radio.setChecked(True)
        self.index_spin.setValue(index % self.test_count)

    def _on_index(self, _value: int) -> None:
        if self.test_radio.isChecked():
            self.inputChanged.emit()
        else:
            self.test_radio.setChecked(True)

    # --- layout --------------------------------------------------------------
    def _label(self, text: str) -> pg.LabelItem:
        return pg.LabelItem(text, color=theme.TEXT, size=f"{theme.AXIS_POINT_SIZE}pt")

    def _build(self, feature_maps) -> None:
        layout = self.graphics.ci
        layout.clear()
        self.views.clear()
        self.images.clear()
        shapes = {name: arr.shape for name, arr in feature_maps}
        pairs = layer_pairs([name for name, arr in feature_maps if arr.ndim == 3])
        self.input_title = self._label("input")
        layout.addItem(self.input_title, row=0, col=0)
        view, item = image_view(theme.GREY_LUT, (0.0, 1.0))
        layout.addItem(view, row=1, col=0)
        self.input_view = (view, item)
        layout.layout.setColumnStretchFactor(0, 1)
        for r, pair in enumerate(pairs):
            for c, name in enumerate(pair, start=1):
                if name is None:
                    continue
                channels, h, w = shapes[name]
                kind = "conv output" if name.startswith("conv") else "after ReLU, pool"
                title = self._label(f"<b>{name}</b> {kind}<br>{channels} maps {h}×{w}")
                lut = theme.DIVERGING_LUT if name.startswith("conv") else theme.ACTIVATION_LUT
                levels = (-1.0, 1.0) if name.startswith("conv") else (0.0, 1.0)
                view, item = image_view(lut, levels)
                layout.addItem(title, row=2 * r, col=c)
                layout.addItem(view, row=2 * r + 1, col=c)
                layout.layout.setColumnStretchFactor(c, 3)
                self.views[name] = (view, item, title)
        for r in range(len(pairs)):
            layout.layout.setRowStretchFactor(2 * r, 0)
            layout.layout.setRowStretchFactor(2 * r + 1, 10)
        self.layer_names = tuple(name for name, _ in feature_maps)

    # --- data ------------------------------------------------------------------
    def show_snapshot(self, snapshot, class_names=None) -> None:
        self.last_snapshot = snapshot
        names = tuple(name for name, _ in snapshot.feature_maps)
        if names != self.layer_names or not self.views:
            self._build(snapshot.feature_maps)
        view, item = self.input_view
        show(item, view, snapshot.input_image, (0.0, 1.0))
        maps = dict(snapshot.feature_maps)
        for name, (view, item, _title) in self.views.items():
            arr = maps[name]
            c, h, w = arr.shape
            rows, cols = grid_shape(c, h, w)
            if name.startswith("conv"):
                scaled = arr / _robust_max(np.abs(arr))
                levels = (-1.0, 1.0)
            else:
                scaled = arr / _robust_max(arr)
                levels = (0.0, 1.0)
            image = mosaic(np.clip(scaled, -1, 1), rows, cols, gap=max(1, h // 10))
            self.images[name] = image
            show(item, view, image, levels)
        probs = snapshot.probabilities
        predicted = int(np.argmax(probs))
        names_ = class_names or [str(i) for i in range(len(probs))]
        source = "your drawing" if snapshot.input_label is None else f"label {names_[snapshot.input_label]}"
        self.input_title.setText(f"{source}<br>→ <b>{names_[predicted]}</b> ({100 * probs[predicted]:.0f}%)")
        self.hint_label.setText(f"step {snapshot.step}")

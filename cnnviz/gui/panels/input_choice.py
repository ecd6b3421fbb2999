"""The Feature maps panel's input: a test image (its number, the previous, the next or a random one) or the
drawing; its pieces go in the panel's toolbar, where they wrap when the panel is narrow."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QButtonGroup, QPushButton, QRadioButton, QSpinBox, QWidget

from .. import accessibility
from ..language import tr
from .common import row_of


class InputChoice(QObject):
    """Which image the feature maps are of; ``changed`` when the user chose another."""

    changed = Signal()

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.test_radio = QRadioButton(tr("Test image"))
        self.drawing_radio = QRadioButton(tr("My drawing"))
        self.test_radio.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.test_radio)
        group.addButton(self.drawing_radio)
        self.prev_button = QPushButton("◀")
        self.next_button = QPushButton("▶")
        self.random_button = QPushButton(tr("Random"))
        for b in (self.prev_button, self.next_button):
            b.setMinimumWidth(30)
            b.setMaximumWidth(48)
        self.index_spin = QSpinBox()
        self.index_spin.setRange(0, 9999)
        self.index_spin.setPrefix("#")
        self.index_spin.setToolTip(tr("Index of the test image shown"))
        accessibility.set_name(self.prev_button, tr("Previous test image"))
        accessibility.set_name(self.next_button, tr("Next test image"))
        accessibility.set_name(self.index_spin, tr("Test image number"), tr("Index of the test image shown"))
        self.random_button.setToolTip(tr("A random test image"))
        self.test_count = 10000
        self._rng = np.random.default_rng()
        self.prev_button.clicked.connect(lambda: self.select_test_image(self.index_spin.value() - 1))
        self.next_button.clicked.connect(lambda: self.select_test_image(self.index_spin.value() + 1))
        self.random_button.clicked.connect(lambda: self.select_test_image(int(self._rng.integers(self.test_count))))
        self.index_spin.valueChanged.connect(self._on_index)
        self.test_radio.toggled.connect(lambda _checked: self.changed.emit())

    def toolbar_pieces(self) -> tuple[QWidget, ...]:
        """The pieces of the panel's toolbar, in order (◀ #0 ▶ wrap together)."""
        return (
            self.test_radio,
            row_of(self.prev_button, self.index_spin, self.next_button),
            self.random_button,
            self.drawing_radio,
        )

    @property
    def use_drawing(self) -> bool:
        return self.drawing_radio.isChecked()

    @property
    def test_index(self) -> int:
        return self.index_spin.value()

    def select_drawing(self) -> None:
        self.drawing_radio.setChecked(True)

    def set_test_count(self, count: int) -> None:
        self.test_count = max(1, count)
        self.index_spin.setMaximum(self.test_count - 1)

    def select_test_image(self, index: int) -> None:
        """Test image ``index`` (wrapped around)."""
        self.test_radio.setChecked(True)
        self.index_spin.setValue(index % self.test_count)

    def _on_index(self, _value: int) -> None:
        if self.test_radio.isChecked():
            self.changed.emit()
        else:
            self.test_radio.setChecked(True)

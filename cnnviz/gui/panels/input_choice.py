"""The Feature maps panel's input: a test image (its number, the previous, the next or a random one) or the
drawing; its pieces go in the panel's toolbar, where they wrap when the panel is narrow.

The choice is the app model's (:class:`cnnviz.app.input_choice.InputChoice`): what the user does here is asked of
it (``testImageChosen``, ``drawingChosen``), and what it chose is shown (:meth:`InputChoice.show_choice`)."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QObject, QSignalBlocker, Signal
from PySide6.QtWidgets import QButtonGroup, QPushButton, QRadioButton, QSpinBox, QWidget

from .. import accessibility
from ..language import tr
from .common import row_of


class InputChoice(QObject):
    """Which image the feature maps are of: the user asks for test image N (``testImageChosen``, any whole number:
    the model wraps it around) or the drawing (``drawingChosen``); :meth:`show_choice` shows the model's."""

    testImageChosen = Signal(int)
    drawingChosen = Signal()

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
        self.index_spin.valueChanged.connect(self.select_test_image)
        self.test_radio.toggled.connect(self._on_test_radio)

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
        """As clicking "My drawing": asked of the model."""
        self.drawingChosen.emit()

    def set_test_count(self, count: int) -> None:
        self.test_count = max(1, count)
        with QSignalBlocker(self.index_spin):  # the model clamps its choice to the data set's images itself
            self.index_spin.setMaximum(self.test_count - 1)

    def select_test_image(self, index: int) -> None:
        """As choosing test image ``index`` here: asked of the model (which wraps it around)."""
        self.testImageChosen.emit(int(index))

    def _on_test_radio(self, checked: bool) -> None:
        if checked:
            self.select_test_image(self.index_spin.value())
        else:
            self.select_drawing()

    def show_choice(self, choice) -> None:
        """The app model's choice (:class:`~cnnviz.app.input_choice.InputChoice`), shown without asking again."""
        with QSignalBlocker(self.test_radio), QSignalBlocker(self.drawing_radio), QSignalBlocker(self.index_spin):
            radio = self.drawing_radio if choice.drawing else self.test_radio
            if not radio.isChecked():
                radio.setChecked(True)
            if self.index_spin.value() != choice.test_index:  # (the same value again would move the cursor)
                self.index_spin.setValue(choice.test_index)

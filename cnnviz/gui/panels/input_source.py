"""A panel's own input (Why?, Fool): the student's drawing or the chosen test image, as the app model says."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QButtonGroup, QRadioButton

from ..language import tr


class DrawingOrTestImage:
    """For a LazyPanel that works on the student's drawing or the chosen test image (Why?, Fool): both come from
    the app model through the registry (``set_drawing``: DRAWING, ``set_test_image``: TEST_IMAGE), and so does
    which of them the panel works on (``show_own_input``: OWN_INPUT, the model's ``drawing_views``); the panel is
    invalidated when the one it works on changes. Its radio buttons only ask (``inputChosen``, a signal the
    panel class declares) and show the model's answer. The panel has a ``key`` and calls :meth:`make_input_choice`."""

    key: str
    """The panel's registry key (the app model names the views with their own input by it)."""
    drawing_radio: QRadioButton
    test_radio: QRadioButton
    drawing: np.ndarray | None
    test: tuple[np.ndarray, int, int] | None
    """(image, label, index)"""
    on_drawing: bool
    """The model says: work on the drawing (else on the test image)."""

    def make_input_choice(self) -> None:
        """The two radio buttons (the test image chosen at first), and no input of either kind yet."""
        self.drawing_radio = QRadioButton(tr("my drawing"))
        self.test_radio = QRadioButton(tr("the test image"))
        self.test_radio.setToolTip(tr("The test image chosen in Feature maps, or clicked in Mistakes"))
        self.test_radio.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.drawing_radio)
        group.addButton(self.test_radio)
        self.drawing = None
        self.test = None
        self.on_drawing = False
        self.test_radio.toggled.connect(self._radio_toggled)

    def _radio_toggled(self, test_checked: bool) -> None:
        """A click asks the model (``inputChosen``); the buttons then show what the model holds (a panel no model
        answers keeps its input)."""
        self.inputChosen.emit(not test_checked)
        self._show_radio()

    def _show_radio(self) -> None:
        radio = self.drawing_radio if self.on_drawing else self.test_radio
        if not radio.isChecked():
            with QSignalBlocker(self.test_radio), QSignalBlocker(self.drawing_radio):
                radio.setChecked(True)

    def show_own_input(self, drawing_views) -> None:
        """The app model's choice: this panel works on the drawing when its key is in ``drawing_views``."""
        self.use_drawing(self.key in drawing_views)

    def use_drawing(self, yes: bool) -> None:
        """Work on the drawing (``yes``) or on the test image, as the model said (shown, never asked again)."""
        changed = bool(yes) != self.on_drawing
        self.on_drawing = bool(yes)
        self._show_radio()
        if changed:
            self.invalidate()

    def set_drawing(self, image) -> None:
        new = None if image is None else np.array(image, dtype=np.float32)
        same = (new is None and self.drawing is None) or (
            new is not None and self.drawing is not None and np.array_equal(new, self.drawing)
        )
        if same:
            return
        self.drawing = new
        if self.on_drawing:
            self.invalidate()

    def set_test_image(self, image, label: int, index: int) -> None:
        new = np.asarray(image, dtype=np.float32)
        if self.test is not None and self.test[1:] == (int(label), int(index)) and np.array_equal(self.test[0], new):
            return  # (the same index of another data set is another image)
        self.test = (new, int(label), int(index))
        if not self.on_drawing:
            self.invalidate()

    def current_input(self) -> tuple[np.ndarray | None, InputSource]:
        """(the input chosen, which one it is); (None, why there is none) when there is none yet. A panel
        says it in whole sentences of its own (:meth:`InputSource.say`), never an English phrase glued in."""
        if self.on_drawing:
            if self.drawing is None or not self.drawing.any():
                return None, InputSource("drawing")
            return self.drawing, InputSource("drawing")
        if self.test is None:
            return None, InputSource("test")
        image, label, index = self.test
        return image, InputSource("test", index, label)


@dataclass(frozen=True)
class InputSource:
    """Which input a panel works on: the drawing, or test image ``index`` (true label ``label``)."""

    kind: str
    """"drawing" or "test"."""
    index: int = -1
    label: int = -1

    @property
    def drawing(self) -> bool:
        return self.kind == "drawing"

    def say(self, drawing: str, test: str, **values) -> str:
        """The sentence (already translated) for this input: ``drawing`` for the drawing, ``test`` for a test
        image (its ``{index}`` and ``{label}`` filled in), with ``values`` for their other placeholders."""
        return (drawing if self.drawing else test).format(index=self.index, label=self.label, **values)

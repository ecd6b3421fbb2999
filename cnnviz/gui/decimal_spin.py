"""A box for a decimal number (the learning rate, momentum, epochs) in the GUI's language: it shows "0,01"
in German and "0.01" in English, and takes either mark typed, so that a German teacher's "0,01" and a
lesson's "0.01" both mean one hundredth (Qt's own box, in a German locale, reads "." as a thousands mark)."""

from __future__ import annotations

from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QDoubleSpinBox

from .language import current


class DecimalSpinBox(QDoubleSpinBox):
    def __init__(self, parent=None):
        super().__init__(parent)
        locale = QLocale(current())
        locale.setNumberOptions(QLocale.NumberOption.OmitGroupSeparator)
        self.setLocale(locale)

    def typed(self, text: str) -> str:
        """``text`` with the other decimal mark read as the language's ("0.01" -> "0,01" in German)."""
        mark = self.locale().decimalPoint()
        return text.replace("," if mark == "." else ".", mark)

    def validate(self, text: str, pos: int):
        return super().validate(self.typed(text), pos)

    def valueFromText(self, text: str) -> float:
        return super().valueFromText(self.typed(text))

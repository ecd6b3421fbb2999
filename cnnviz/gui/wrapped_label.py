"""The label whose text wraps: every one of the window's word-wrapped labels is a :class:`WrappedLabel`.

Qt may break a line of Japanese or Chinese between any two characters, so a wrapped label could end a line on
"（" or leave one character alone on its last line ("…出\\n现"). :func:`language.kept_together` keeps them
together; applied at each ``setText`` call it was on 5 labels of 38 and missing on the rest (session 45), so the
label applies it itself, to whatever text it is given (plain or rich), whoever sets it."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QMessageBox, QWidget

from .language import kept_together


class WrappedLabel(QLabel):
    """A QLabel that wraps its words, its Japanese or Chinese text kept together (other languages' as given).
    ``text()`` is the text given, as a caller compares it or reads it out (a screen reader, a test); Qt shows
    and sizes ``QLabel.text(label)``, the text kept together (invisible word joiners, a no-break space)."""

    def __init__(self, text: str = "", parent: QWidget | None = None):
        super().__init__(parent)
        self._given = self._shown = ""
        self.setWordWrap(True)
        WrappedLabel.setText(self, text)  # (not a subclass's setText: it may need state of its own, not set yet)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        self._given, self._shown = text, kept_together(text)
        super().setText(self._shown)

    def text(self) -> str:
        shown = super().text()
        return self._given if shown == self._shown else shown  # (changed by Qt itself: clear(), setNum())


class WrappedMessageBox(QMessageBox):
    """A QMessageBox (its text wraps) whose Japanese or Chinese text and informative text are kept together: the
    close-lesson question left "す。" alone on a line (real X, 1024x768, session 45)."""

    def __init__(self, icon, title: str, text: str, buttons=QMessageBox.NoButton, parent: QWidget | None = None):
        super().__init__(icon, title, kept_together(text), buttons, parent)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        super().setText(kept_together(text))

    def setInformativeText(self, text: str) -> None:  # noqa: N802 - Qt's name
        super().setInformativeText(kept_together(text))

"""The run's log: one line per start and end of a run."""

from __future__ import annotations

from PySide6.QtWidgets import QPlainTextEdit

from .common import Panel


class LogPanel(Panel):
    def __init__(self, parent=None):
        super().__init__("Run log", "what happened, in order", parent)
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        self.body.addWidget(self.text, 1)

    def add(self, line: str) -> None:
        self.text.appendPlainText(line)

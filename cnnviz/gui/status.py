"""What the window tells the user: a closable banner across the top, and the status bar's fields."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QStatusBar


class Banner(QFrame):
    """A closable message across the top of the window (errors never need a dialog)."""

    STYLES = {
        "error": ("#fde7e9", "#b3261e", "#8c1d18"),
        "warning": ("#fff4e0", "#c77700", "#6b4100"),
        "info": ("#e8f0fe", "#1f6feb", "#0b3d91"),
    }

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("banner")
        row = QHBoxLayout(self)
        row.setContentsMargins(12, 6, 6, 6)
        self.label = QLabel("")
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextSelectableByMouse)
        row.addWidget(self.label, 1)
        self.close_button = QPushButton("✕")
        self.close_button.setFixedWidth(32)
        self.close_button.setToolTip("Hide this message")
        self.close_button.clicked.connect(self.hide)
        row.addWidget(self.close_button)
        self.kind = "info"
        self._hide_timer = QTimer(self)
        self._hide_timer.setSingleShot(True)
        self._hide_timer.timeout.connect(self.hide)
        self.hide()

    def show_message(self, text: str, kind: str = "info", details: str = "", auto_hide_ms: int = 0) -> None:
        background, border, colour = self.STYLES.get(kind, self.STYLES["info"])
        self.setStyleSheet(f"QFrame#banner {{ background: {background}; border: 1px solid {border}; }}"
                           f"QFrame#banner QLabel {{ color: {colour}; font-weight: 600; }}")
        self.kind = kind
        self.label.setText(text)
        self.setToolTip(details[-3000:] if details else "")
        self.show()
        if auto_hide_ms:
            self._hide_timer.start(auto_hide_ms)
        else:
            self._hide_timer.stop()

    def show_notice(self, text: str, kind: str) -> None:
        """A panel's message: errors stay, everything else hides after a while."""
        self.show_message(text, kind, auto_hide_ms=0 if kind == "error" else 8000)


class StatusFields:
    """The run's figures, each in its own label on the right of the status bar."""

    KEYS = ("state", "epoch", "step", "rate", "backend", "eta", "test")

    def __init__(self, bar: QStatusBar):
        self.labels: dict[str, QLabel] = {}
        for key in self.KEYS:
            label = QLabel("")
            bar.addPermanentWidget(label)
            self.labels[key] = label

    def show(self, **texts: str) -> None:
        for key, text in texts.items():
            self.labels[key].setText(text)

    def text(self, key: str) -> str:
        return self.labels[key].text()

    def show_start(self) -> None:
        """No step trained yet."""
        self.show(epoch="epoch 0.00", step="step 0", eta="ETA –", test="test accuracy –")

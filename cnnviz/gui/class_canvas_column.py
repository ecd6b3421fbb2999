"""The class canvas's column: the QR code and address, the network, the phones counter, A/H/R and the wall of
waiting drawings, the task, the class's own classes and its test set. Widgets only: :mod:`.class_canvas`
fills them from the app model and connects them to its intents.
"""

from __future__ import annotations

import io

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFontMetrics, QImage, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QListWidget,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ..app.class_canvas import MAX_CLASS_NAME_CHARS
from . import accessibility, shortcuts
from .language import tr
from .wrapped_label import WrappedLabel

QR_MIN_PX = 220
"""The QR code's side at least (the issue asks 200 px at 1024x768, presenter mode too)."""
THUMB_PX = 56
ID_ROLE = Qt.UserRole + 1
"""Where a thumbnail on the wall keeps its drawing's number."""


def qr_image(text: str, side: int) -> QImage:
    """``text`` as a QR code (segno, error correction M) about ``side`` pixels square, black on white."""
    import segno

    code = segno.make(text, error="m", micro=False)
    modules = code.symbol_size(scale=1, border=2)[0]
    buffer = io.BytesIO()
    code.save(buffer, kind="png", scale=max(1, side // modules), border=2, dark="#000000", light="#ffffff")
    image = QImage.fromData(buffer.getvalue(), "PNG")
    return image.scaled(side, side, Qt.KeepAspectRatio, Qt.FastTransformation)


class ClassCanvasPanel(QWidget):
    """The column's content; public widgets for the tests and the glue."""

    def __init__(self, parent=None):
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.setSpacing(5)
        self.qr_label = QLabel()
        self.qr_label.setAlignment(Qt.AlignCenter)
        self.qr_label.setMinimumSize(QR_MIN_PX, QR_MIN_PX)
        self.qr_label.setStyleSheet("background: #ffffff;")
        accessibility.set_name(self.qr_label, tr("QR code of the class canvas's address"))
        self.address_label = WrappedLabel()
        self.address_label.setAlignment(Qt.AlignCenter)
        self.address_label.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.address_label.setStyleSheet("font-size: 13pt; font-weight: 800;")
        self.interface_box = QComboBox()
        self.interface_box.setToolTip(tr("The network the phones are on"))
        self.network_note = WrappedLabel()
        self.network_note.setStyleSheet("color: #a33a00; font-weight: 600;")
        self.phones_label = QLabel()
        self.phones_label.setStyleSheet("font-size: 12pt; font-weight: 700;")
        self.task_box = QComboBox()
        self.task_box.setToolTip(tr("What the phones ask for"))
        self.task_box.addItem(tr("Draw any digit and say which"), ("any", None))
        for d in range(10):
            self.task_box.addItem(tr("Draw a {digit}").format(digit=d), ("digit", d))
        # The class's own classes: named here (a line to type in, the names so far), then trained from scratch.
        self.classes_toggle = QToolButton()
        self.classes_toggle.setCheckable(True)
        self.classes_toggle.setText(tr("Our own classes…"))
        self.classes_toggle.setToolTip(
            tr(
                "Name 2 to 10 classes of your own (circle, triangle, star...): the phones "
                "draw them and a new small network learns them from scratch"
            )
        )
        self.classes_toggle.setToolButtonStyle(Qt.ToolButtonTextOnly)
        self.classes_box = QWidget()
        box = QVBoxLayout(self.classes_box)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(3)
        self.class_name_edit = QLineEdit()
        self.class_name_edit.setMaxLength(MAX_CLASS_NAME_CHARS)
        self.class_name_edit.setPlaceholderText(tr("A class's name, e.g. circle"))
        shortcuts.stay_on_enter(self.class_name_edit)  # (one name after another)
        accessibility.set_name(self.class_name_edit, tr("A class's name"))
        self.add_class_button = QPushButton(tr("Add"))
        self.add_class_button.setFocusPolicy(Qt.NoFocus)  # (clicking it leaves the name in its field)
        self.remove_class_button = QPushButton(tr("Remove"))
        self.class_list = QListWidget()
        self.class_list.setFlow(QListView.LeftToRight)
        self.class_list.setWrapping(True)
        self.class_list.setResizeMode(QListView.Adjust)
        self.class_list.setSpacing(2)
        self.class_list.setFixedHeight(2 * self.fontMetrics().height() + 18)
        accessibility.set_name(self.class_list, tr("Our own classes"))
        self.save_classes_button = QPushButton(tr("Save our drawings…"))
        self.save_classes_button.setToolTip(
            tr(
                "The accepted drawings of our classes, with the classes' names, into a "
                "folder (those held back in its our-test folder); nothing is saved "
                "otherwise"
            )
        )
        self.save_classes_button.setVisible(False)
        self.classes_note = WrappedLabel()
        name_row = QHBoxLayout()
        name_row.addWidget(self.class_name_edit, 1)
        name_row.addWidget(self.add_class_button)
        name_row.addWidget(self.remove_class_button)
        box.addLayout(name_row)
        box.addWidget(self.class_list)
        box.addWidget(self.classes_note)
        box.addWidget(self.save_classes_button, 0, Qt.AlignLeft)
        self.classes_box.setVisible(False)
        self.classes_toggle.toggled.connect(self.classes_box.setVisible)
        self.train_classes_button = QPushButton(tr("Train a new net on our classes"))
        self.train_classes_button.setObjectName("primary")
        self.train_classes_button.setToolTip(
            tr(
                "A new tiny network learns our classes from scratch, from the accepted "
                "drawings only (those held back are its test)"
            )
        )
        self.train_classes_button.setVisible(False)
        self.wall = QListWidget()
        self.wall.setViewMode(QListView.IconMode)
        self.wall.setIconSize(QSize(THUMB_PX, THUMB_PX))
        self.wall.setResizeMode(QListView.Adjust)
        self.wall.setMovement(QListView.Static)
        self.wall.setSelectionMode(QAbstractItemView.ExtendedSelection)
        # One row of thumbnails at least: on a 1024x768 screen the column has room for the QR code, the counts,
        # the keys' buttons and one row without scrolling; a taller screen shows more rows.
        self.wall.setMinimumHeight(THUMB_PX + 2 * self.fontMetrics().height() + 14)
        self.wall.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
        accessibility.set_name(self.wall, tr("Drawings waiting for the teacher"))
        self.queue_label = QLabel()
        self.accept_button = QPushButton(tr("Accept (A)"))
        self.accept_button.setObjectName("primary")
        self.hold_back_button = QPushButton(tr("Our test (H)"))
        self.hold_back_button.setToolTip(tr("Accept it into the class's own test set: never trained on"))
        self.reject_button = QPushButton(tr("Reject (R)"))
        self.reject_phone_button = QPushButton(tr("Reject everything from this phone"))
        self.test_label = WrappedLabel()
        self.end_button = QPushButton(tr("End class canvas"))
        # What the teacher uses all lesson long at the top, in view without scrolling on a 1024x768 screen: the
        # code and address, the counts, A/H/R and the wall; what is set once (the task, the classes) below it.
        for widget in (self.qr_label, self.address_label, self.interface_box, self.network_note):
            layout.addWidget(widget)
        counts = QHBoxLayout()
        counts.addWidget(self.phones_label)
        counts.addStretch(1)
        counts.addWidget(self.queue_label)
        layout.addLayout(counts)
        row = QHBoxLayout()
        for button in (self.accept_button, self.hold_back_button, self.reject_button):
            row.addWidget(button)
        layout.addLayout(row)
        layout.addWidget(self.wall, 1)
        for widget in (
            self.reject_phone_button,
            self.task_box,
            self.classes_toggle,
            self.classes_box,
            self.train_classes_button,
            self.test_label,
            self.end_button,
        ):
            layout.addWidget(widget)

    def show_qr(self, address: str | None) -> None:
        side = max(QR_MIN_PX, min(self.qr_label.width(), self.qr_label.height()))
        self.qr_label.setPixmap(QPixmap.fromImage(qr_image(address, side)) if address else QPixmap())
        self.address_label.setText(address or "")
        self.fit_address()

    def fit_address(self) -> None:
        """The address in one line, whole: its type as large as the panel's width allows (13 pt at most, 8 at least;
        an address has no place to wrap, and a cut one cannot be typed)."""
        label, text = self.address_label, self.address_label.text()
        font = label.font()
        room = max(QR_MIN_PX, self.width() - 16)
        for points in (13, 12, 11, 10, 9, 8):
            font.setPointSize(points)
            if QFontMetrics(font).horizontalAdvance(text) <= room:
                break
        label.setStyleSheet(f"font-size: {font.pointSize()}pt; font-weight: 800;")

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.address_label.text():
            self.fit_address()

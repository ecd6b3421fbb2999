"""The class canvas in the window: the QR code and address, the phones counter, the task, the wall of
drawings waiting for the teacher (one key to accept, hold back or reject), the class's own test set.

:class:`ClassCanvasWindow` observes the app model (:class:`cnnviz.app.class_canvas.ClassCanvas`, on
``state.class_canvas``) and carries out the teacher's intents on it; the server (``cnnviz.web``) is
only started and stopped from here. A drawing reaches the wall when the server's thread has put it in
the model's inbox and woken the window (a queued signal): :meth:`ClassCanvasWindow.collect` takes it
from there in the window's thread. Its column's widgets are :mod:`.class_canvas_column`'s; what the network says
about the drawings, :mod:`.class_canvas_answers`'.
"""

from __future__ import annotations

import time

import numpy as np
from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QComboBox, QFileDialog, QFrame, QListWidgetItem, QScrollArea, QToolButton

from ..app import class_training
from ..app.class_canvas import DIGIT_NAMES, MAX_CLASS_NAME_CHARS, MAX_CLASSES, MIN_CLASSES, ClassCanvas
from ..translatable import in_language
from ..web.interfaces import network_interfaces
from . import accessibility, theme
from .class_canvas_answers import PhoneAnswers
from .class_canvas_column import ID_ROLE, THUMB_PX, ClassCanvasPanel
from .language import tr
from .panels.gallery import gray_pixmap
from .slim_button import SlimButton
from .wheel_guard import WheelGuard

COLLECT_EVERY_S = 0.25
"""The wall takes what arrived at most this often (40 phones send ~20 drawings a second: one wall update each
stalled the window): a drawing after a quiet spell is taken at once, one in a busy spell waits at most this long."""


def _ink_bytes(images: list) -> np.ndarray:
    """The drawings (28x28, ink 1) as bytes, all at once (one by one, NumPy's overhead was half a thumbnail's cost)."""
    if not images:
        return np.zeros((0, 28, 28), np.uint8)
    return np.clip(np.rint(np.nan_to_num(np.stack(images)) * 255), 0, 255).astype(np.uint8)


def _find(box: QComboBox, data) -> int:
    """The row of ``data`` (a tuple: ``findData`` compares Python objects by identity), or -1."""
    return next((i for i in range(box.count()) if box.itemData(i) == data), -1)


class ClassCanvasWindow(QObject):
    """The class canvas's part of the window: its column, the toggle, the wall's intents."""

    arrived = Signal()
    """A drawing is in the model's inbox (emitted in the server's thread: delivered queued)."""
    changed = Signal(bool)
    """Open (True) or ended (False)."""

    def __init__(self, state, panels, banner, window, runs=None, workspace=None):
        super().__init__(window)
        self.state, self.panels, self.banner, self.window = state, panels, banner, window
        self.runs = runs
        """The run control (``gui/run_control.py``): a net of the class's own classes is launched as any run."""
        self.names: list[str] = []
        """The class's own classes as named so far (the model takes them from two on)."""
        self.model: ClassCanvas = state.class_canvas
        self.panel = ClassCanvasPanel()
        # A column of the workspace at its right end while open (the other columns make room: the right column's
        # panels become tabs, and on a narrow screen the sidebar gives way to the slim run toolbar), so that it
        # covers nothing: the curves and feature maps, the net learning, stay in view. In a scroll area: on a
        # short screen what is set once (the task, the classes) is scrolled to, never squeezed or cut.
        self.workspace = window.centralWidget() if workspace is None else workspace
        self.column = QScrollArea()
        self.column.setObjectName("classCanvasColumn")
        accessibility.set_name(self.column, tr("Class canvas"))
        self.column.setWidget(self.panel)
        self.column.setWidgetResizable(True)
        self.column.setFrameShape(QFrame.NoFrame)
        self.column.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.wheel_guard = WheelGuard(self.column)
        self.wheel_guard.guard(self.panel)  # scrolling the column never changes the phones' task under the pointer
        self.workspace.add_guest(self.column)
        self.interfaces = []
        self.last_error = ""
        """Why the class canvas could not start the last time it was asked to."""
        self.answers = PhoneAnswers(state, panels, self.panel.test_label, self)
        self.collect_timer = QTimer(self)
        self.collect_timer.setSingleShot(True)
        self.collect_timer.timeout.connect(self.collect)
        self._collected_at = float("-inf")
        self.arrived.connect(self._on_arrived, Qt.QueuedConnection)
        self.model.notify = self.arrived.emit
        m, p = self.model.events, self.panel
        m.opened.connect(self._on_opened)
        m.closed.connect(self._on_closed)
        m.queue.connect(self._show_queue)
        m.phones.connect(self._show_phones)
        m.accepted.connect(self._on_accepted)
        m.classes.connect(self._show_classes)
        # Presenter mode and zoom change the panel's type, so its size: placed again once it has its new size.
        state.events.presenter.connect(lambda *_on: QTimer.singleShot(0, self, self._place_again))
        m.task.connect(self._show_task)
        p.add_class_button.clicked.connect(lambda: self.add_class(p.class_name_edit.text()))
        # Enter adds the name typed and leaves the focus in the field for the next (shortcuts.stay_on_enter);
        # leaving the field adds it too. (The field is empty once added, so never twice.)
        for said in (p.class_name_edit.editingFinished, p.class_name_edit.returnPressed):
            said.connect(lambda: p.class_name_edit.text().strip() and self.add_class(p.class_name_edit.text()))
        p.remove_class_button.clicked.connect(self.remove_selected_class)
        p.train_classes_button.clicked.connect(self.train_classes)
        p.save_classes_button.clicked.connect(self.save_drawings_dialog)
        p.end_button.clicked.connect(self.close)
        p.accept_button.clicked.connect(lambda: self.accept_selected())
        p.hold_back_button.clicked.connect(lambda: self.accept_selected(hold_back=True))
        p.reject_button.clicked.connect(self.reject_selected)
        p.reject_phone_button.clicked.connect(self.reject_phone_selected)
        p.task_box.currentIndexChanged.connect(self._on_task)
        p.interface_box.activated.connect(self._on_interface)
        self._show_phones(0)
        self._show_queue([])
        self.answers.show_test_set()

    def corner_button(self, menu_bar) -> QToolButton:
        """The button at the menu bar's right end (a toolbar's place, without a toolbar's height: no taller than
        the menu bar, which the layout's fit on a 1024x768 screen counts on)."""
        button = SlimButton()
        button.setObjectName("classCanvasButton")
        button.setText(tr("Class canvas"))
        button.setAutoRaise(True)
        button.setToolButtonStyle(Qt.ToolButtonTextOnly)
        button.setStyleSheet("QToolButton { padding: 0px 6px; font-weight: 700; }")
        button.setToolTip(tr("Open the class canvas: phones on the classroom network draw for the network"))
        button.setFocusPolicy(Qt.NoFocus)
        button.clicked.connect(self.toggle)
        button.texts = (tr("End class canvas"), tr("Class canvas"))  # either whole, whichever is shown
        self.changed.connect(lambda on: button.setText(tr("End class canvas") if on else tr("Class canvas")))
        menu_bar.setCornerWidget(button, Qt.TopRightCorner)
        return button

    # The keys act on the wall only while the canvas is open (A, H and R are letters nothing else uses).
    def accept_key(self) -> None:
        if self.model.is_open:
            self.accept_selected()

    def hold_back_key(self) -> None:
        if self.model.is_open:
            self.accept_selected(hold_back=True)

    def reject_key(self) -> None:
        if self.model.is_open:
            self.reject_selected()

    # --- open and end -------------------------------------------------------------------------------
    def list_interfaces(self) -> None:
        box = self.panel.interface_box
        self.interfaces = network_interfaces()
        box.blockSignals(True)
        box.clear()
        for interface in self.interfaces:
            box.addItem(f"{interface.name}: {interface.address}", interface.address)
        box.addItem(tr("This computer only (127.0.0.1)"), "127.0.0.1")
        box.blockSignals(False)
        box.setVisible(len(self.interfaces) > 1 or not self.interfaces)
        self.panel.network_note.setText(
            ""
            if self.interfaces
            else tr(
                "No network found: connect this computer to the classroom Wi-Fi or turn on its hotspot, then "
                "choose the network here. Only this computer can reach the canvas now."
            )
        )
        self.panel.network_note.setVisible(not self.interfaces)

    def open(self, host: str | None = None, port: int = 0, limits=None) -> str | None:
        """Start the server on ``host`` (None: the first network found, else this computer only) and show the
        column; the address, or None when it could not start (the banner says why)."""
        from ..web.server import PhoneServer  # aiohttp: loaded when a teacher first opens the canvas

        self.list_interfaces()
        if host is None:
            host = self.interfaces[0].address if self.interfaces else "127.0.0.1"
        try:
            address = self.model.open(lambda model: PhoneServer(model, host, port, *([limits] if limits else [])))
        except (OSError, ValueError) as error:
            self.last_error = str(error)
            self.banner.show_message(tr("The class canvas could not start: {error}").format(error=error), "error")
            return None
        index = self.panel.interface_box.findData(self.model.host)
        if index >= 0:
            self.panel.interface_box.setCurrentIndex(index)
        return address

    def close(self) -> None:
        self.model.close()

    def toggle(self) -> None:
        """The menu entry, the key and the button: open it, or end it when open."""
        if self.model.is_open:
            self.close()
        else:
            self.open()

    def _on_interface(self, index: int) -> None:
        host = self.panel.interface_box.itemData(index)
        if host and self.model.is_open and host != self.model.host:
            self.close()
            self.open(host)

    def fit_column(self) -> None:
        """The column as wide as the panel needs (the presenter's bigger type, a language's longer words)."""
        need = self.panel.minimumSizeHint().width() + self.column.verticalScrollBar().sizeHint().width() + 4
        self.column.setMinimumWidth(need)
        self.column.setMaximumWidth(need + 40)

    def column_style(self) -> str:
        """Presenter mode: the column keeps normal mode's type (the QR code and the address are as big in both; the
        presenter's big type would take the curves' room on a 1024-pixel screen)."""
        if not self.state.presenter:
            return ""
        return f"QWidget {{ font-size: {theme.BASE_POINT_SIZE}pt; }}\nQPushButton {{ padding: 4px 8px; }}\n"

    def _place_again(self) -> None:
        sheet = self.column_style()
        if self.column.styleSheet() != sheet:
            self.column.setStyleSheet(sheet)
        if self.column.isVisibleTo(self.workspace):
            self.panel.adjustSize()
            self.fit_column()
            self.workspace.refit()
            self.panel.show_qr(self.model.address)

    def _on_opened(self, address: str) -> None:
        self.column.setStyleSheet(self.column_style())
        self.fit_column()
        self.workspace.show_guest(True)
        self.panel.show_qr(address)
        self.answers.timer.start()
        self.changed.emit(True)

    def _on_closed(self) -> None:
        self.collect_timer.stop()
        self.answers.stop()
        self.panel.show_qr(None)
        self.workspace.show_guest(False)
        self.changed.emit(False)

    # --- the queue ----------------------------------------------------------------------------------------
    def _on_arrived(self) -> None:
        """A drawing is in the inbox: collected now, or at the end of this quarter second when one was just
        collected (the arrivals between go onto the wall together)."""
        if self.collect_timer.isActive():
            return
        wait = self._collected_at + COLLECT_EVERY_S - time.monotonic()
        if wait <= 0:
            self.collect()
        else:
            self.collect_timer.start(max(1, round(1000 * wait)))

    def collect(self) -> None:
        self.collect_timer.stop()
        self._collected_at = time.monotonic()
        self.model.collect()

    def _show_phones(self, count: int) -> None:
        text = tr("1 phone so far") if count == 1 else tr("{count} phones so far").format(count=count)
        self.panel.phones_label.setText(text)

    def _caption(self, sub) -> str:
        label = "?" if sub.label is None else self.model.classes[sub.label]
        return f"{label} · {sub.pseudonym}" if sub.pseudonym else label

    def _show_queue(self, queue) -> None:
        wall = self.panel.wall
        wanted = {sub.id for sub in queue}
        shown, gone = set(), []
        for row in range(wall.count()):
            number = wall.item(row).data(ID_ROLE)
            if number in wanted:
                shown.add(number)
            else:
                gone.append(row)
        # One relayout for the whole change, not one per item (a wall of 400 cleared at once stalled the window
        # for seconds with 40 phones sending: --latency-report --phones 40).
        wall.setUpdatesEnabled(False)
        for row in reversed(gone):
            wall.takeItem(row)
        new = [sub for sub in queue if sub.id not in shown]
        for sub, ink in zip(new, _ink_bytes([sub.image for sub in new])):
            item = QListWidgetItem(QIcon(gray_pixmap(ink, THUMB_PX)), self._caption(sub))
            item.setData(ID_ROLE, sub.id)
            item.setToolTip(tr("from phone {phone}").format(phone=sub.phone[:8]))
            wall.addItem(item)
        wall.setUpdatesEnabled(True)
        if wall.count() and not wall.selectedItems():
            wall.setCurrentRow(0)
        self.panel.queue_label.setText(tr("{count} waiting for you").format(count=len(queue)))

    def selected_ids(self) -> list[int]:
        items = self.panel.wall.selectedItems() or ([self.panel.wall.item(0)] if self.panel.wall.count() else [])
        return [item.data(ID_ROLE) for item in items]

    def _select_next(self, row: int) -> None:
        wall = self.panel.wall
        if wall.count():
            wall.setCurrentRow(min(row, wall.count() - 1))

    def accept_selected(self, hold_back: bool = False) -> int:
        """A (H: into the class's test set): the selected drawings; how many were taken."""
        row = self.panel.wall.currentRow()
        taken = [self.model.accept(n, hold_back=hold_back) for n in self.selected_ids()]
        missing = sum(1 for sub in taken if sub is None)
        if missing:
            self.banner.show_notice(tr("A drawing without a label waits: the phone did not say which it is"), "info")
        self._select_next(max(0, row))
        return len(taken) - missing

    def reject_selected(self) -> int:
        row = self.panel.wall.currentRow()
        rejected = self.model.reject(self.selected_ids())
        self._select_next(max(0, row))
        return len(rejected)

    def reject_phone_selected(self) -> int:
        ids = set(self.selected_ids())
        phones = {sub.phone for sub in self.model.queue if sub.id in ids}
        return sum(len(self.model.reject_phone(phone)) for phone in phones)

    def _on_accepted(self, sub) -> None:
        if sub.status == "held_back":
            self.answers.show_test_set()
        elif self.model.classes == DIGIT_NAMES:  # the digits go into Class drawings, like the teacher's own
            self.panels.drawings.save(sub.image, None, int(sub.label), student=sub.pseudonym)
        self.answers.stale()

    def _on_task(self, index: int) -> None:
        kind, digit = self.panel.task_box.itemData(index)
        self.model.set_task(kind, digit)

    def _show_task(self, task) -> None:
        box = self.panel.task_box
        index = _find(box, (task.kind, task.digit))
        if index >= 0 and index != box.currentIndex():
            box.blockSignals(True)
            box.setCurrentIndex(index)
            box.blockSignals(False)

    # --- the class's own classes ----------------------------------------------------------------------
    def _say(self, text: str) -> None:
        self.panel.classes_note.setText(text)

    def add_class(self, name: str) -> bool:
        """A class's name typed by the teacher: added to the class's own classes (the model takes them from two
        on); False, and the note says why, for an empty, repeated or eleventh name."""
        name = " ".join(str(name).split())[:MAX_CLASS_NAME_CHARS]
        if not name:
            self._say(tr("Type a name first."))
            return False
        if name in self.names:
            self._say(tr("{name} is named already.").format(name=name))
            return False
        if len(self.names) >= MAX_CLASSES:
            self._say(tr("At most {count} classes.").format(count=MAX_CLASSES))
            return False
        self.panel.class_name_edit.clear()
        return self._use(self.names + [name])

    def remove_selected_class(self) -> bool:
        """Remove the class chosen in the list, unless drawings on the wall or accepted are labelled with it or a
        class after it (their labels would change)."""
        row = self.panel.class_list.currentRow()
        if not 0 <= row < len(self.names):
            self._say(tr("Choose a class in the list first."))
            return False
        if class_training.own_classes(self.model.classes) and any(
            sub.label is not None and sub.label >= row for sub in self.model.live_drawings()
        ):
            self._say(
                tr("Drawings of {name} or of a class after it are on the wall or accepted: it stays.").format(
                    name=self.names[row]
                )
            )
            return False
        return self._use(self.names[:row] + self.names[row + 1 :])

    def _use(self, names: list[str]) -> bool:
        self.names = names
        try:
            self.model.set_classes(names if len(names) >= MIN_CLASSES else [])
        except ValueError:  # (checked above: never; a name the model refuses leaves it as it was)
            self._say(tr("Give 2 to 10 different names."))
            return False
        self._show_classes(self.model.classes)
        return True

    def _show_classes(self, classes) -> None:
        p = self.panel
        own = class_training.own_classes(classes)
        if own:
            self.names = list(classes)
        p.class_list.clear()
        p.class_list.addItems(self.names)
        box = p.task_box
        index = _find(box, ("class", None))
        box.blockSignals(True)
        if own and index < 0:
            box.addItem(tr("Draw one of our classes and say which"), ("class", None))
        elif not own and index >= 0:
            box.removeItem(index)
        box.blockSignals(False)
        self._show_task(self.model.task)
        p.train_classes_button.setVisible(own)
        p.save_classes_button.setVisible(own)
        if len(self.names) < MIN_CLASSES:
            self._say(tr("Name at least 2 classes: the phones then draw them instead of digits."))
        else:
            self._say(
                tr("The phones draw {names}. Accept at least {least} drawings of each, then train.").format(
                    names=", ".join(self.names), least=class_training.MIN_PER_CLASS
                )
            )

    def save_drawings_dialog(self) -> bool:
        """Save our drawings…: a folder chosen, then :meth:`save_drawings` into it."""
        folder = QFileDialog.getExistingDirectory(self.column, tr("Save our drawings in a folder"))
        return bool(folder) and self.save_drawings(folder)

    def save_drawings(self, folder: str) -> bool:
        """The drawings of the class's own classes with their names into ``folder`` (only when the teacher asks:
        they are otherwise in memory only); the banner says how many, or why not."""
        try:
            count = class_training.save_drawings(self.model, folder)
        except class_training.NotEnoughDrawings as exc:
            self.banner.show_message(in_language(exc.args[0], tr), "warning", auto_hide_ms=10000)
            return False
        except (OSError, ValueError) as exc:
            self.banner.show_message(tr("Could not save the drawings: {error}").format(error=exc), "error")
            return False
        self.banner.show_message(
            tr("Saved {count} drawings of {names} in {folder}.").format(
                count=count, names=", ".join(self.model.classes), folder=folder
            ),
            "info",
            auto_hide_ms=8000,
        )
        return True

    def train_classes(self) -> bool:
        """A new tiny net learns the class's own classes from scratch on the accepted drawings (an ordinary run:
        the curves, kernels, feature maps and the phones' answers follow it); too few drawings: the banner says so."""
        try:
            dataset = class_training.class_dataset(self.model, seed=self.state.seed)
        except class_training.NotEnoughDrawings as exc:
            self.banner.show_message(in_language(exc.args[0], tr), "warning", auto_hide_ms=10000)
            return False
        if self.runs is None:
            return False
        count = len(self.model.classes)
        self.runs.stop_run(wait=True)
        label = tr("Learning our {count} classes").format(count=count)
        if not self.runs.launch(
            dataset=dataset,
            initial_weights=class_training.fresh_weights(count, self.state.seed),
            label=label,
            config_changes=class_training.run_settings(self.model),
        ):
            return False
        test = (
            tr("its test: the {count} drawings held back").format(count=len(self.model.held_back))
            if self.model.held_back
            else tr("no drawings held back, so its test is the drawings it learns from (hold some back with H)")
        )
        self.banner.show_message(
            tr("A new tiny network learns {names} from scratch on {count} accepted drawings; {test}.").format(
                names=", ".join(self.model.classes), count=len(self.model.accepted), test=test
            ),
            "info",
            auto_hide_ms=12000,
        )
        self.answers.stale()
        return True

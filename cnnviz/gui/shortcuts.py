"""The window's keys: one table says which key does what; the same table installs them and
lists them (F1).

The keys work wherever the focus is in the window (a button, a slider, a plot, the canvas),
except while a text field is being typed in (a line edit or a spin box with the focus): there
the keys type, Enter applies what was typed and leaves the field, Escape puts back what was
there and leaves it. Leaving a field gives the focus to a neutral widget (``home``), so the
next Space starts or pauses training again.

The table (:data:`SHORTCUTS`) is plain data; only :func:`install`, :class:`TypingGuard` and
:func:`show_help` touch Qt.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QLineEdit,
    QScrollArea,
    QTabBar,
    QVBoxLayout,
    QWidget,
)

from ..translatable import N_
from .language import kept_together, tr
from .wrapped_label import WrappedLabel


@dataclass(frozen=True)
class Shortcut:
    name: str
    """What it does, as the window's slot table names it."""
    keys: tuple[str, ...]
    """Portable key names (``QKeySequence`` text): the first is the one the hints show."""
    description: str


SHORTCUTS: tuple[Shortcut, ...] = (
    Shortcut("start_or_pause", ("Space",), N_("Start training, pause it, resume it")),
    Shortcut("step", ("S",), N_("Train exactly one batch")),
    Shortcut("clear_drawing", ("C",), N_("Clear the drawing")),
    Shortcut("save_model", ("Ctrl+S",), N_("Save the model to a file")),
    Shortcut("open_image", ("Ctrl+O",), N_("Open a photo or scan of a digit to classify (or drop it on the canvas)")),
    Shortcut("previous_test_image", ("Left",), N_("The previous test image (feature maps, Why?)")),
    Shortcut("next_test_image", ("Right",), N_("The next test image (feature maps, Why?)")),
    Shortcut("lesson_next", ("PgDown", "N"), N_("The lesson's next step")),
    Shortcut("lesson_back", ("PgUp", "B"), N_("The lesson's previous step")),
    Shortcut("next_tab", ("Ctrl+Tab", "Ctrl+PgDown"), N_("The next tab")),
    Shortcut("previous_tab", ("Ctrl+Shift+Tab", "Ctrl+PgUp"), N_("The previous tab")),
    Shortcut("keep_for_comparison", ("K",), N_("Keep this run for comparison (the next run is drawn over it)")),
    Shortcut("presenter", ("F5",), N_("Presenter mode on or off")),
    Shortcut("full_screen", ("F11",), N_("Full screen on or off")),
    Shortcut("zoom_in", ("Ctrl+=", "Ctrl++"), N_("Zoom in: larger text and plots (up to 200%)")),
    Shortcut("zoom_out", ("Ctrl+-",), N_("Zoom out (down to 80%)")),
    Shortcut("zoom_reset", ("Ctrl+0",), N_("Actual size (zoom 100%)")),
    Shortcut("class_canvas", ("F6",), N_("Open the class canvas (phones draw for the network), or end it")),
    Shortcut("accept_drawing", ("A",), N_("Class canvas: accept the chosen drawing")),
    Shortcut("hold_back_drawing", ("H",), N_("Class canvas: keep the chosen drawing for our own test set")),
    Shortcut("reject_drawing", ("R",), N_("Class canvas: reject the chosen drawing")),
    Shortcut("help", ("F1", "?"), N_("This list of keys")),
)
BY_NAME = {shortcut.name: shortcut for shortcut in SHORTCUTS}
TYPING_NOTE = N_(
    "While you type in a field (the learning rate, a network spec, a name) the keys type: "
    "Enter applies it and leaves the field, Escape leaves it unchanged."
)


def key_text(name: str, all_keys: bool = False) -> str:
    """How the key of shortcut ``name`` is written for people ("Space", "F5", "PgDown or N")."""
    keys = BY_NAME[name].keys if all_keys else BY_NAME[name].keys[:1]
    texts = [QKeySequence(key).toString(QKeySequence.NativeText) or key for key in keys]
    text = texts[0]
    for other in texts[1:]:  # (in the GUI's language: German's F1 list said "Bild abwärts or N")
        text = tr("{keys} or {key}").format(keys=text, key=other)
    return text


def rows() -> list[tuple[str, str]]:
    """(keys, what they do) for every shortcut, in table order: the help lists these."""
    return [(key_text(s.name, all_keys=True), tr(s.description)) for s in SHORTCUTS]


def install(window: QWidget, targets: dict[str, Callable[[], object] | QAction]) -> dict[str, list]:
    """Give every shortcut of the table its keys in ``window``: a ``QAction`` target (a menu entry)
    gets them as its own shortcuts (the menu shows them), a callable gets ``QShortcut`` objects.
    Every name of the table needs a target (a test checks that nothing is left out)."""
    missing = [s.name for s in SHORTCUTS if s.name not in targets]
    if missing:
        raise ValueError(f"no target for the shortcuts {missing}")
    installed: dict[str, list] = {}
    for s in SHORTCUTS:
        target = targets[s.name]
        sequences = [QKeySequence(key) for key in s.keys]
        if isinstance(target, QAction):
            target.setShortcuts(sequences)
            target.setShortcutContext(Qt.WindowShortcut)
            if target not in window.actions():
                window.addAction(target)  # still works when the menu bar is hidden (full screen)
            installed[s.name] = [target]
            continue
        made = []
        for sequence in [QKeySequence(key) for key in _with_shifted(s.keys)]:
            shortcut = QShortcut(sequence, window)
            shortcut.setContext(Qt.WindowShortcut)
            shortcut.setAutoRepeat(s.name in ("previous_test_image", "next_test_image"))
            shortcut.activated.connect(target)
            # "?" and "Shift+?" both match on some platforms: both are ours and do the same.
            shortcut.activatedAmbiguously.connect(target)
            made.append(shortcut)
        installed[s.name] = made
    return installed


def _with_shifted(keys: tuple[str, ...]) -> list[str]:
    """``keys`` and, for a punctuation key typed with Shift ("?"), the same with Shift held: keyboards
    report "?" with the Shift modifier, which not every platform's shortcut matching drops; Shift+Tab
    arrives as Shift+Backtab."""
    extra = [f"Shift+{key}" for key in keys if len(key) == 1 and not key.isalnum() and key != " "]
    extra += [key.replace("Shift+Tab", "Shift+Backtab") for key in keys if "Shift+Tab" in key]
    return [*keys, *extra]


def is_text_field(widget) -> bool:
    """A widget that takes typed text (where the keys type instead of acting)."""
    if isinstance(widget, QLineEdit):
        return not widget.isReadOnly()
    if isinstance(widget, QAbstractSpinBox):
        return not widget.isReadOnly()
    return False


STAYS_ON_ENTER = "staysOnEnter"
"""A text field's property: Enter applies what was typed and the field keeps the focus (:func:`stay_on_enter`)."""


def stay_on_enter(field: QLineEdit) -> None:
    """Enter in ``field`` applies (its ``returnPressed``) and leaves the focus in it, for a field that takes one
    entry after another (the class canvas's class names: "type circle, Enter, then triangle and star" sent
    "triangle" to the window's keys, N for the next lesson step and S for one training step); Escape leaves it."""
    field.setProperty(STAYS_ON_ENTER, True)


class TypingGuard(QObject):
    """On every text field of a window: Enter applies and leaves the field, Escape puts the text back
    and leaves it; a read-only field never swallows the window's keys. ``home`` gets the focus on
    leaving; ``applied`` is called after Enter (the window sends the new settings at once)."""

    def __init__(self, home: QWidget, applied: Callable[[], None] | None = None):
        super().__init__(home)
        self.home = home
        self.applied = applied
        self.before: dict[int, str] = {}
        """id(field) -> its text when it got the focus (Escape puts it back)."""

    def watch(self, root: QWidget) -> None:
        """Guard every line edit and spin box under ``root``, and let its buttons and tab bars take their own
        keys (call again for widgets made later)."""
        for widget in [
            *root.findChildren(QLineEdit),
            *root.findChildren(QAbstractSpinBox),
            *root.findChildren(QAbstractButton),
            *root.findChildren(QTabBar),
        ]:
            if isinstance(widget, QLineEdit) and isinstance(widget.parentWidget(), QAbstractSpinBox):
                continue  # its spin box gets the keys
            widget.removeEventFilter(self)
            widget.installEventFilter(self)

    def leave(self) -> None:
        """Give the focus back to the window (the keys act again)."""
        self.home.setFocus(Qt.OtherFocusReason)

    def eventFilter(self, watched, event) -> bool:
        kind = event.type()
        if isinstance(watched, (QAbstractButton, QTabBar)):
            return self._own_keys(watched, event)
        if kind == QEvent.FocusIn:
            self.before[id(watched)] = self._text(watched)
        elif kind == QEvent.ShortcutOverride and not is_text_field(watched):
            event.ignore()  # a read-only field: Space, C, arrows are the window's
            return True
        elif kind == QEvent.KeyPress and is_text_field(watched):
            key = event.key()
            if key in (Qt.Key_Return, Qt.Key_Enter):
                if watched.property(STAYS_ON_ENTER):
                    return False  # (the field's own Enter: returnPressed, and the next entry typed into it)
                if isinstance(watched, QAbstractSpinBox):
                    watched.interpretText()
                self.leave()  # a line edit says editingFinished as it loses the focus
                if self.applied is not None:
                    self.applied()
                return True
            if key == Qt.Key_Escape:
                self._put_back(watched)
                self.leave()
                return True
        return False

    @staticmethod
    def _own_keys(widget, event) -> bool:
        """A focused button takes Space and Return (it is pressed, as everywhere else: Space started or
        paused the run instead, and Return did nothing); a focused tab bar takes the arrows (they moved the
        test image behind it)."""
        kind = event.type()
        if kind not in (QEvent.ShortcutOverride, QEvent.KeyPress) or event.modifiers() & ~Qt.KeypadModifier:
            return False
        key = event.key()
        if isinstance(widget, QTabBar):
            own = key in (Qt.Key_Left, Qt.Key_Right)
        else:
            own = key in (Qt.Key_Space, Qt.Key_Return, Qt.Key_Enter) and widget.isEnabled()
        if not own:
            return False
        if kind == QEvent.ShortcutOverride:
            event.accept()  # the widget's, not the window's shortcut
            return True
        if isinstance(widget, QAbstractButton) and key in (Qt.Key_Return, Qt.Key_Enter):
            widget.animateClick()
            return True
        return False  # Space on a button, arrows on a tab bar: Qt's own handling

    @staticmethod
    def _text(widget) -> str:
        if isinstance(widget, QAbstractSpinBox):
            return widget.text()
        return widget.text() if isinstance(widget, QLineEdit) else ""

    def _put_back(self, widget) -> None:
        if isinstance(widget, QAbstractSpinBox):
            # Typed text is applied only by Enter or leaving (no keyboard tracking): showing the value
            # again drops what was typed.
            if hasattr(widget, "setValue") and hasattr(widget, "value"):
                widget.setValue(widget.value())
        elif isinstance(widget, QLineEdit):
            before = self.before.get(id(widget))
            if before is not None:
                widget.setText(before)


def show_help(parent: QWidget) -> QDialog:
    """A dialog listing every key (from :data:`SHORTCUTS`); it closes with Escape, Enter or F1. It never
    outgrows the screen (presenter mode's large font at 1024x768 made it 1,046 px wide, its Close button
    off-screen): the table wraps its descriptions and scrolls when there is no room."""
    dialog = QDialog(parent)
    dialog.setObjectName("shortcutHelp")
    dialog.setWindowTitle(tr("Keys"))
    layout = QVBoxLayout(dialog)
    table = "".join(
        f"<tr><td style='padding-right:18px'><b>{_html(keys)}</b></td><td>{_html(kept_together(text))}</td></tr>"
        for keys, text in rows()
    )
    label = WrappedLabel(f"<table>{table}</table>")
    label.setTextFormat(Qt.RichText)
    label.setObjectName("shortcutTable")
    label.setAlignment(Qt.AlignLeft | Qt.AlignTop)
    label.setWordWrap(False)
    natural = label.sizeHint()  # (the table's width unwrapped)
    label.setWordWrap(True)
    scroll = QScrollArea()
    scroll.setObjectName("shortcutScroll")
    scroll.setFrameShape(QFrame.NoFrame)
    scroll.setWidgetResizable(True)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
    scroll.setWidget(label)
    layout.addWidget(scroll, 1)
    note = WrappedLabel(tr(TYPING_NOTE))
    note.setObjectName("hint")
    layout.addWidget(note)
    buttons = QDialogButtonBox(QDialogButtonBox.Close)
    buttons.rejected.connect(dialog.reject)
    buttons.accepted.connect(dialog.accept)
    layout.addWidget(buttons)
    closer = QShortcut(QKeySequence("F1"), dialog)
    closer.activated.connect(dialog.accept)
    dialog.setAttribute(Qt.WA_DeleteOnClose)
    _fit_on_screen(dialog, natural, scroll)
    dialog.show()
    return dialog


def _fit_on_screen(dialog: QDialog, table: QSize, scroll: QScrollArea) -> None:
    """The table's natural size where the screen has room for it, else the screen's room (less a margin for the
    window's frame); the dialog's own parts (note, buttons) below it."""
    screen = dialog.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        return
    room = screen.availableGeometry()
    margins = dialog.layout().contentsMargins()
    rest = dialog.layout().sizeHint().height() - scroll.sizeHint().height()
    scrollbar = scroll.verticalScrollBar().sizeHint().width()
    sides = scrollbar + margins.left() + margins.right()
    width = min(table.width() + sides, int(room.width() * 0.95))
    wrapped = scroll.widget().heightForWidth(width - sides)  # the descriptions wrap when the width is cut
    height = min(max(table.height(), wrapped) + rest, int(room.height() * 0.9))
    dialog.resize(max(width, dialog.minimumSizeHint().width()), height)
    dialog.setMaximumSize(room.size())


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

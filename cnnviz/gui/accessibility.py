"""Screen readers and keyboard users: accessible names, spoken announcements, a visible focus ring.

- Names: the panels name their own controls and pictures (:func:`set_name`); :func:`name_unnamed`
  then gives every interactive widget and picture still without a meaningful name (none, or only a
  symbol such as "◀") one taken from its tooltip, the label beside it, its placeholder or its panel's
  title, so a control added later without a name is still read out as something.
- Announcements: training milestones (started, paused, resumed, each evaluation's test accuracy,
  diverged, finished or stopped) and a changed prediction are spoken through
  ``QAccessibleAnnouncementEvent`` (Qt 6.8+); with an older Qt, :func:`announce` only records them.
- The visible focus ring is :mod:`.focus_rings`, the window's Tab order :mod:`.tab_order`.
"""

from __future__ import annotations

import html
import re
from collections import deque

import shiboken6
from PySide6 import QtGui
from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSlider,
    QAbstractSpinBox,
    QComboBox,
    QFormLayout,
    QGraphicsView,
    QGroupBox,
    QLabel,
    QLayout,
    QLineEdit,
    QMenuBar,
    QScrollBar,
    QTabBar,
    QToolButton,
    QWidget,
)

from ..train import events as ev
from ..translatable import N_
from .language import grouped, number, tr

INTERACTIVE = (QAbstractButton, QComboBox, QAbstractSpinBox, QLineEdit, QAbstractSlider, QTabBar, QAbstractItemView)
"""What a user operates (check boxes and radio buttons are buttons). Scroll bars are left to their
scroll area, which screen readers announce with its own name."""
PICTURES = (QGraphicsView,)
"""Every pyqtgraph plot or image is a QGraphicsView."""

ANNOUNCEMENT_SUPPORTED = hasattr(QtGui, "QAccessibleAnnouncementEvent")
"""Whether this Qt can speak a message (6.8 and later)."""
recent_announcements: deque[str] = deque(maxlen=50)
"""The latest messages passed to :func:`announce`, newest last (spoken or not): for tests and diagnosis."""


# --- names --------------------------------------------------------------------------------------------
def set_name(widget: QWidget, name: str, description: str | None = None) -> None:
    widget.setAccessibleName(name)
    if description is not None:
        widget.setAccessibleDescription(description)


def effective_name(widget: QWidget) -> str:
    """The name a screen reader gets for ``widget``: its accessible name; for a button or a tab bar's
    scroll arrow, else the text Qt derives from its label. (For a combo box, a spin box or a field Qt
    would say the current value, which does not tell what the control is: they need a name of their own.)"""
    if widget.accessibleName():
        return widget.accessibleName()
    if not isinstance(widget, QAbstractButton):
        return ""
    interface = QAccessible.queryAccessibleInterface(widget)
    return interface.text(QAccessible.Name) if interface is not None and interface.isValid() else ""


def meaningful(name: str) -> bool:
    """A name a listener can understand: it has a letter or digit ("◀" or "✕" alone has none)."""
    return any(ch.isalnum() for ch in name or "")


def needs_name(widget: QWidget) -> bool:
    if isinstance(widget, QScrollBar):
        return False
    if isinstance(widget, QLineEdit) and isinstance(widget.parentWidget(), (QAbstractSpinBox, QComboBox)):
        return False  # the text part of a spin box or combo box: read out as that control
    return isinstance(widget, INTERACTIVE + PICTURES)


def unnamed(root: QWidget) -> list[QWidget]:
    """The interactive widgets and pictures in ``root``'s window without a meaningful accessible name
    (pop-ups, which are windows of their own, are left out)."""
    window = root.window()
    return [
        w
        for w in root.findChildren(QWidget)
        if w.window() is window and needs_name(w) and not meaningful(effective_name(w))
    ]


def plain_text(text: str) -> str:
    """Rich text (a tooltip) as one line of plain text (no invisible word joiner: language.kept_together)."""
    text = re.sub(r"<br\s*/?>|</p>|</li>", " ", text or "", flags=re.I)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", text)).replace("\u2060", "").split())


def _first_clause(text: str, limit: int = 60) -> str:
    text = plain_text(text)
    clause = re.split(r"(?<=\w)[.:;(]\s|[。：；（]|\s[—–]\s|\n", text, maxsplit=1)[0].strip(" .:;")
    if len(clause) > limit:
        clause = clause[:limit].rsplit(" ", 1)[0] + "…"
    return clause


def _widget_at(layout: QLayout, index: int) -> QWidget | None:
    """The widget at ``index`` of ``layout``, found among its parent widget's children, not through
    ``layout.itemAt``: PySide keeps the item wrapper that ``itemAt`` returns alive as long as the layout,
    and when Qt deletes the item (its widget moved to another layout, or deleted) the wrapper stays
    registered at the freed address, where the next C++ object made there comes back to Python as that
    item (issue 33: this runs at every tab change)."""
    parent = layout.parentWidget()
    if parent is None:
        return None
    return next(
        (
            child
            for child in parent.findChildren(QWidget, options=Qt.FindDirectChildrenOnly)
            if layout.indexOf(child) == index
        ),
        None,
    )


def _label_beside(widget: QWidget, depth: int = 1) -> str:
    """The text of a QLabel that comes just before ``widget`` in a layout (a form's label for it), or
    before the row that holds it."""
    parent = widget.parentWidget()
    if parent is None:
        return ""
    if isinstance(parent.layout(), QLayout) and parent.layout().indexOf(widget) == 0 and depth > 0:
        above = _label_beside(parent, depth - 1)  # the first widget of a row: the row's label
        if above:
            return above
    for layout in parent.findChildren(QLayout):
        if isinstance(layout, QFormLayout):
            label = layout.labelForField(widget)
            if isinstance(label, QLabel) and meaningful(label.text()):
                return plain_text(label.text())
        index = layout.indexOf(widget)
        if index > 0:
            before = _widget_at(layout, index - 1)
            if isinstance(before, QLabel) and meaningful(before.text()):
                return plain_text(before.text()).rstrip(":：")
    return ""


def _panel_title(widget: QWidget) -> str:
    """The title of the panel or group box ``widget`` is in."""
    parent = widget.parentWidget()
    while parent is not None:
        title = getattr(parent, "title_label", None)
        if isinstance(title, QLabel) and meaningful(title.text()):
            return plain_text(title.text())
        if isinstance(parent, QGroupBox) and meaningful(parent.title()):
            return plain_text(parent.title()).replace("&", "")
        parent = parent.parentWidget()
    return ""


ARROW_NAMES = {
    Qt.LeftArrow: N_("scroll left"),
    Qt.RightArrow: N_("scroll right"),
    Qt.UpArrow: N_("scroll up"),
    Qt.DownArrow: N_("scroll down"),
}

KINDS = (
    (PICTURES, N_("picture"), N_("{title} picture")),
    (QAbstractItemView, N_("list"), N_("{title} list")),
    (QTabBar, N_("tabs"), N_("{title} tabs")),
    (QComboBox, N_("choice"), N_("{title} choice")),
    (QAbstractSpinBox, N_("number"), N_("{title} number")),
    (QLineEdit, N_("text field"), N_("{title} text field")),
    (QAbstractSlider, N_("slider"), N_("{title} slider")),
    (QWidget, N_("button"), N_("{title} button")),
)
"""What a control is, for a name made from nothing better: (class, the word alone, the word with its
panel's title), each a whole phrase of the catalogue (the word order differs between languages)."""


def derived_name(widget: QWidget) -> str:
    """A name in the user's language: from the label beside ``widget``, its tooltip, its placeholder
    (all translated where they are made), else what kind of control it is in which panel."""
    if isinstance(widget, QToolButton) and widget.arrowType() in ARROW_NAMES:
        return tr(ARROW_NAMES[widget.arrowType()])
    if isinstance(widget, QToolButton) and isinstance(widget.parentWidget(), QMenuBar):
        return tr("More menus")  # the menu bar's extension button
    title = _panel_title(widget)
    word, with_title = next((word, template) for kind, word, template in KINDS if isinstance(widget, kind))
    if isinstance(widget, PICTURES) and title:
        return tr(with_title).format(title=title)  # the label beside a picture is a status line, not its name
    for candidate in (
        _label_beside(widget),
        _first_clause(widget.toolTip()),
        plain_text(widget.placeholderText()) if isinstance(widget, QLineEdit) else "",
    ):
        if meaningful(candidate):
            return candidate
    return tr(with_title).format(title=title) if title else tr(word)


def name_unnamed(root: QWidget) -> int:
    """Name every interactive widget and picture of ``root`` that has no meaningful name; returns how
    many were named. The tooltip becomes the description where there is none."""
    named = 0
    for widget in unnamed(root):
        widget.setAccessibleName(derived_name(widget))
        if not widget.accessibleDescription() and widget.toolTip():
            widget.setAccessibleDescription(plain_text(widget.toolTip()))
        named += 1
    return named


def prediction_text(name: str, probability: float) -> str:
    """What the prediction panel says: "predicted 3, 97 % sure"."""
    return tr("predicted {name}, {percent}% sure").format(name=name, percent=f"{number(100 * float(probability)):.0f}")


# --- announcements ------------------------------------------------------------------------------------
def announce(source: QObject, message: str, assertive: bool = False) -> bool:
    """Have screen readers speak ``message`` (about ``source``); True if this Qt could send it."""
    recent_announcements.append(message)
    if not ANNOUNCEMENT_SUPPORTED or source is None or not shiboken6.isValid(source):
        return False
    event = QtGui.QAccessibleAnnouncementEvent(source, message)
    if assertive:
        event.setPoliteness(QAccessible.AnnouncementPoliteness.Assertive)
    QAccessible.updateAccessibility(event)
    return True


def milestone(event, previous_state=None) -> tuple[str, bool] | None:
    """The announcement for one trainer event, (message, assertive); None for events not announced."""
    if isinstance(event, ev.RunStarted):
        return tr("Training started on {backend}").format(backend=event.backend), False
    if isinstance(event, ev.StateChanged):
        if event.state == ev.RunPhase.PAUSED:
            return tr("Training paused"), False
        if event.state == ev.RunPhase.RUNNING and previous_state == ev.RunPhase.PAUSED:
            return tr("Training resumed"), False
        return None
    if isinstance(event, ev.EvaluationFinished):
        return tr("Test accuracy {percent}% at step {step}").format(
            percent=f"{number(100 * event.test_accuracy):.1f}", step=f"{grouped(event.step):,}"
        ), False
    if isinstance(event, ev.Diverged):
        return tr("Training diverged: {message}").format(message=event.message.text(tr)), True
    if isinstance(event, ev.RunFinished):
        stopped = event.phase == ev.RunPhase.STOPPED
        if event.test_accuracy is None:
            return (tr("Training stopped") if stopped else tr("Training finished")), False
        text = (
            tr("Training stopped, test accuracy {percent}%")
            if stopped
            else tr("Training finished, test accuracy {percent}%")
        )
        return text.format(percent=f"{number(100 * event.test_accuracy):.1f}"), False
    return None


class Announcer(QObject):
    """Speaks the training milestones of a window's runs (after the panels have shown them)."""

    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.state = None
        window.session.batchReady.connect(self.on_batch)

    def on_batch(self, batch) -> None:
        for event in batch.others:
            said = milestone(event, self.state)
            if isinstance(event, ev.StateChanged) and event.state != ev.RunPhase.RESET:
                self.state = event.state
            if said is not None:
                announce(self.window, *said)


def install(window) -> Announcer:
    """Names and announcements for a MainWindow (call once its panels are built; the focus rings are
    :func:`.focus_rings.install_focus_rings`)."""
    tabs = getattr(window.workspace, "tabs", None)
    if tabs is not None:
        bar = tabs.tabBar() if hasattr(tabs, "tabBar") else None
        if isinstance(bar, QTabBar) and not bar.accessibleName():
            set_name(bar, tr("Views"), tr("The pictures of the network: one tab each"))
        tabs.currentChanged.connect(lambda *_: name_unnamed(window))
    name_unnamed(window)
    return Announcer(window)

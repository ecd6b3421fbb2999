"""The lesson strip: a lesson's title and text, one step at a time, above the panels (collapsible, closable;
compact in presenter mode, where it gives a message above the panels its text's room). :mod:`.lessons` fills it
and answers its buttons. Lesson files come from outside: every text is shown as plain text.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout

from ..classroom.lessons import PANEL_TITLES
from .language import sentences, tr
from .status import plain_label, plain_tooltip

STRIP_STYLE = "QFrame#lessonStrip { background: #fffbe6; border: 1px solid #c77700; border-radius: 6px; }"
STRIP_COMPACT = """
QFrame#lessonStrip QLabel {{ font-size: {pt}pt; }}
QFrame#lessonStrip QPushButton {{ font-size: {pt}pt; padding: 1px 8px; border-width: 1px; }}
"""
STRIP_PRESENTER_PT = ((1000, 16), (860, 14), (0, 12))
"""Presenter mode's strip type by the window's height (from this many pixels, this size): 12 pt where a
1024x768 or 1366x768 screen has no room to spare, bigger for the back row where a taller screen has it."""


def strip_point_size(window_height: int) -> int:
    return next(pt for least, pt in STRIP_PRESENTER_PT if window_height >= least)


class LessonStrip(QFrame):
    """The lesson's title and text, one step at a time, above the panels; collapsible, closable."""

    page_shown = Signal(int)
    """A page is on screen (0: the lesson's description; 1...: its steps)."""
    wants_room = Signal()
    """The teacher turned to another page while the text gave way to a message: the message should give the new
    page its room (:mod:`.lessons` hides it), as presenter mode at 1024x768 has room for one of them."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("lessonStrip")
        self.presenter = False
        self.point_size = 0
        """Presenter mode's type size in force (0: normal mode's)."""
        self.set_presenter(False)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(10, 4, 6, 6)
        outer.setSpacing(2)
        header = QHBoxLayout()
        header.setSpacing(6)
        self.title_label = plain_label()
        self.title_label.setStyleSheet("font-weight: 700; color: #6b4100;")
        self.title_label.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        header.addWidget(self.title_label, 1)
        self.page_label = QLabel("")
        header.addWidget(self.page_label)
        self.prev_button = QPushButton("◀")
        self.prev_button.setToolTip(tr("The previous step"))
        self.next_button = QPushButton(tr("Next ▶"))
        self.next_button.setToolTip(tr("The next step"))
        self.view_button = QPushButton(tr("Lesson view"))
        self.view_button.setCheckable(True)
        self.collapse_button = QPushButton("▴")
        self.collapse_button.setToolTip(tr("Hide the text (the title stays)"))
        self.close_button = QPushButton("✕")
        self.close_button.setToolTip(tr("Close the lesson: the settings, panels and mode from before it come back"))
        for button in (self.prev_button, self.next_button, self.view_button, self.collapse_button, self.close_button):
            header.addWidget(button)
        outer.addLayout(header)
        self.text_label = plain_label(wrapped=True)
        self.text_label.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.text_label.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.text_label.setAlignment(Qt.AlignLeft | Qt.AlignTop)  # (a short step under a taller one's height)
        outer.addWidget(self.text_label)
        self.pages: list[str] = []
        self.page = 0
        self.first_step = 1
        self.text_floor: tuple = (None, 0)
        """((width, font) it was measured at, the tallest text height a page shown there needed)."""
        self.title = ""
        self.collapsed = False
        """The teacher hid the text (▴)."""
        self.message_showing = False
        """A message shows above the panels (the banner)."""
        self.opened_over_message = False
        """The teacher opened the text (▾) while it gave way to the message."""
        self.prev_button.clicked.connect(lambda: self.set_page(self.page - 1))
        self.next_button.clicked.connect(lambda: self.set_page(self.page + 1))
        self.collapse_button.clicked.connect(lambda: self.set_collapsed(not self.text_label.isHidden()))
        self.hide()

    def set_presenter(self, on: bool) -> None:
        """In presenter mode the strip is compact (the teacher reads it, the class looks at the panels
        under it): at 1024x768 its presenter-size buttons and text left the canvas and the plots too short.
        Where the window is taller its type grows (:data:`STRIP_PRESENTER_PT`), to be read from the back row."""
        self.presenter = bool(on)
        self.point_size = strip_point_size(self.window().height()) if on else 0
        self.setStyleSheet(STRIP_STYLE + (STRIP_COMPACT.format(pt=self.point_size) if on else ""))
        if hasattr(self, "text_label"):
            self._show_text()
            self._fit_text_height()  # (the type changed)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit_type()
        self._fit_text_height()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self._fit_type()
        self._fit_text_height()

    def _fit_type(self) -> None:
        if self.presenter and strip_point_size(self.window().height()) != self.point_size:
            self.set_presenter(True)  # (the window's height changed since: full screen, another screen)

    def _fit_text_height(self) -> None:
        """The text keeps the tallest height a page of this lesson needed at this width and type: a three-line step
        made the strip taller and the Draw panel under it, left with less room, re-arranged itself (beside -> row),
        and back at the next step (real X, 1024x768, session 42). The strip grows for a taller step and does not
        shrink back until the lesson, the width or the type changes. (Not the tallest page from the start: the
        first page's view at 1024x768 would lose room it needs.)"""
        label = self.text_label
        label.ensurePolished()
        width = label.contentsRect().width()
        if width <= 0 or not self.pages:
            return
        metrics = label.fontMetrics()
        page = self.pages[self.page] if 0 <= self.page < len(self.pages) else ""
        needed = metrics.boundingRect(QRect(0, 0, width, 100_000), Qt.TextWordWrap, page).height()
        needed += label.height() - label.contentsRect().height()  # (its frame and margins)
        key = (width, label.font().key())
        if self.text_floor[0] != key:
            self.text_floor = (key, 0)
        floor = max(self.text_floor[1], needed)
        self.text_floor = (key, floor)
        if label.minimumHeight() != floor:
            label.setMinimumHeight(floor)

    def show_lesson(self, preset, notes: list[str]) -> None:
        self.title = title = tr(preset.title)  # a bundled lesson in the GUI's language; a file of one's own as written
        self.pages = [sentences([*notes, tr(preset.description)]), *(tr(step) for step in preset.steps)]
        self.pages = [page for page in self.pages if page] or [title]
        self.first_step = len(self.pages) - len(preset.steps)
        self.text_floor = (None, 0)  # (a new lesson: its own steps' heights)
        self.text_label.setMinimumHeight(0)
        """The page of the lesson's first step (1 after the description; 0 when it has none)."""
        self.title_label.setText(tr("Lesson: {title}").format(title=title))
        self.title_label.setToolTip(plain_tooltip(title))
        views = ", ".join(tr(PANEL_TITLES[v]) for v in preset.visible_panels)
        suggested = (
            tr("The lesson's suggested view: presenter mode, only {views}. Click again for every panel.")
            if preset.presenter
            else tr("The lesson's suggested view: only {views}. Click again for every panel.")
        )
        self.view_button.setToolTip(plain_tooltip(suggested.format(views=views)))
        self.set_collapsed(False)
        self.set_page(0)
        self.show()

    def set_page(self, page: int) -> None:
        """Page ``page`` (clamped). Another page turned to while the text gives way to a message takes the room back:
        on real X at 1024x768 Next under "Training diverged" showed the new step's number, never its text."""
        page = max(0, min(page, len(self.pages) - 1))
        turned = page != self.page
        self.page = page
        self.text_label.setText(self.pages[self.page] if self.pages else "")
        last = len(self.pages) - 1
        self.page_label.setText(
            tr("step {page} of {last}").format(page=self.page, last=last)
            if self.page and last
            else (tr("{last} steps").format(last=last) if last else "")
        )
        self.prev_button.setEnabled(self.page > 0)
        self.next_button.setEnabled(self.page < last)
        self._fit_text_height()
        if turned and self.giving_way:
            self.wants_room.emit()  # (the message hides: give_way(False) shows the text)
            if self.giving_way:  # (nobody took the message away: the text opens over it, as ▾ does)
                self.opened_over_message = True
                self._show_text()
        self.page_shown.emit(self.page)

    def set_collapsed(self, collapsed: bool) -> None:
        """The teacher's ▴ / ▾: the text hidden (the title stays) or shown, over a message too."""
        self.collapsed = bool(collapsed)
        self.opened_over_message = not self.collapsed
        self._show_text()

    def give_way(self, message_showing: bool) -> None:
        """A message shows above the panels (the banner), or has gone. In presenter mode the text gives it its
        room (the title line stays, ▾ opens the text): at 1024x768 there is room for one of them, and the
        message ("Training diverged...: lower the learning rate") is the news the class should see; the text
        comes back when the message goes."""
        self.message_showing = bool(message_showing)
        self.opened_over_message = False
        self._show_text()

    @property
    def giving_way(self) -> bool:
        return self.presenter and self.message_showing and not self.opened_over_message

    def _show_text(self) -> None:
        hidden = self.collapsed or self.giving_way
        if self.text_label.isHidden() != hidden:
            self.text_label.setVisible(not hidden)
        self.collapse_button.setText("▾" if hidden else "▴")
        self.collapse_button.setToolTip(tr("Show the text") if hidden else tr("Hide the text (the title stays)"))

"""What the window tells the user: a closable banner and a "busy" notice floating over the
panels (they never push the layout: nothing moves under the mouse when one appears), and the
status bar's fields.

Every text here may come from outside (an error message, a file name, a lesson file): it is
shown as plain text, never interpreted as rich text.
"""

from __future__ import annotations

import html
import time

from PySide6.QtCore import QEvent, QObject, QRect, Qt, QTimer, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QFrame,
    QGraphicsDropShadowEffect,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QStatusBar,
    QWidget,
)

from .. import number_format
from ..translatable import N_, Phrase
from .language import grouped, tr
from .wrapped_label import WrappedLabel

FIELD_TEMPLATES = {
    "epoch": ("epoch ", N_("epoch {value}")),
    "step": ("step ", N_("step {value}")),
    "backend": ("backend ", N_("backend {value}")),
    "eta": ("ETA ", N_("ETA {value}")),
    "test": ("test accuracy ", N_("test accuracy {value}")),
}
"""A status field's English prefix and the template it is shown with in the GUI's language."""
WAITING = N_("waiting for the last run's step to end…")
"""A new run's thread waits for a stopped run's (a step cannot be interrupted): never two runs side by side."""
STILL_WAITING = N_("still waiting for the last run's step to end (over 30 s)…")
"""... and has waited :data:`~.session.SAY_WAITING_AFTER_S` (a step of a big batch under load, a hung backend)."""
STATES = (
    N_("ready"),
    N_("idle"),
    N_("starting"),
    N_("running"),
    N_("paused"),
    N_("reset"),
    N_("finished"),
    N_("stopped"),
    N_("failed"),
    N_("stopped by an error"),
    N_("ready · compiling kernels"),
    N_("starting (loading data)…"),
    N_("starting (loading data and compiling kernels)…"),
    WAITING,
    STILL_WAITING,
)
"""The state field's words (the run's phases and the app's own): each is shown translated."""


def plain_tooltip(text: str) -> str:
    """A tooltip that shows ``text`` as it is (Qt would render a tooltip that looks like HTML)."""
    if not text:
        return ""
    return "<p style='white-space:pre-wrap'>" + html.escape(text) + "</p>"


def plain_label(text: str = "", parent=None, wrapped: bool = False) -> QLabel:
    """A label of plain text (never read as HTML); ``wrapped``: a :class:`WrappedLabel`."""
    label = WrappedLabel("", parent) if wrapped else QLabel(parent)
    label.setTextFormat(Qt.PlainText)
    label.setText(text)
    return label


class Floating(QFrame):
    """A frame drawn over ``host`` (a child of it, outside every layout), placed by ``place(host_rect)``
    each time the host is resized or the frame is shown."""

    def __init__(self, host: QWidget, place):
        super().__init__(host)
        self._place = place
        host.installEventFilter(self)
        shadow = QGraphicsDropShadowEffect(self)
        shadow.setBlurRadius(18)
        shadow.setOffset(0, 3)
        shadow.setColor(QColor(0, 0, 0, 90))
        self.setGraphicsEffect(shadow)
        self.hide()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.parent() and event.type() == QEvent.Resize and self.isVisible():
            self.reposition()
        return False

    def reposition(self) -> None:
        host = self.parentWidget()
        area: QRect = self._place(host.rect())
        height = self.heightForWidth(area.width()) if self.hasHeightForWidth() else self.sizeHint().height()
        height = max(height, self.minimumSizeHint().height())
        self.setGeometry(area.x(), area.y(), area.width(), min(height, max(area.height(), 40)))
        self.raise_()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.reposition()


class Banner(QFrame):
    """A closable message above the panels, in the layout (errors never need a dialog): floating over them,
    a warning covered the legends, the plots' tops and the comparison's A | B line."""

    shown = Signal(bool)
    """The banner was shown (True) or hidden (False): the lesson strip gives its room in presenter mode."""
    MAX_LINES = 2
    """A message with a short form (``show_message(short=...)``) shows that where its whole text would take more
    lines than this at the banner's width, the whole text in its tooltip: German "Training diverged" took 5 bold
    lines in presenter mode at 1024x768 and squeezed every panel under it (the canvas over its controls)."""
    STYLES = {
        "error": ("#fde7e9", "#b3261e", "#8c1d18"),
        "warning": ("#fff4e0", "#c77700", "#6b4100"),
        "info": ("#e8f0fe", "#1f6feb", "#0b3d91"),
    }

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("banner")
        self.hide()
        row = QHBoxLayout(self)
        row.setContentsMargins(12, 6, 6, 6)
        self.label = plain_label(wrapped=True)
        self.label.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.label.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        row.addWidget(self.label, 1)
        self.close_button = QPushButton("✕")
        self.close_button.setFixedWidth(36)
        self.close_button.setToolTip(tr("Hide this message"))
        self.close_button.clicked.connect(self.hide)
        row.addWidget(self.close_button, 0, Qt.AlignTop)
        self.kind = "info"
        self.topic = ""
        self.text = self.short = self.details = ""
        """The message as given: its whole text, its short form ("": none) and its details (the tooltip)."""
        self._hide_timer = QTimer(self)
        self._hide_timer.setSingleShot(True)
        self._hide_timer.timeout.connect(self.hide)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        margins = self.layout().contentsMargins()
        text_width = max(width - margins.left() - margins.right() - self.close_button.width() - 12, 50)
        text = self.label.heightForWidth(text_width)
        return max(text, self.close_button.sizeHint().height()) + margins.top() + margins.bottom()

    def setVisible(self, visible: bool) -> None:
        hidden = self.isHidden()
        super().setVisible(visible)
        if hidden != self.isHidden():
            self.shown.emit(not self.isHidden())

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._choose_text()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.FontChange, QEvent.StyleChange) and self.short:
            self._choose_text()  # (presenter mode's type)

    def show_message(
        self,
        text: str,
        kind: str = "info",
        details: str = "",
        auto_hide_ms: int = 0,
        topic: str = "",
        short: str = "",
    ) -> None:
        """``topic`` names what the message is about (``"diverged"``), so that it goes when that is over
        (:meth:`hide_topic`). ``short``: the message in brief (what happened, what to do), shown where the whole
        ``text`` would take more than :data:`MAX_LINES` lines (its tooltip then has the whole text)."""
        self.topic = topic
        background, border, colour = self.STYLES.get(kind, self.STYLES["info"])
        self.setStyleSheet(
            f"QFrame#banner {{ background: {background}; border: 1px solid {border}; "
            f"border-radius: 6px; }}"
            f"QFrame#banner QLabel {{ color: {colour}; font-weight: 600; }}"
        )
        self.kind = kind
        self.text, self.short, self.details = text, short, details
        self._choose_text()
        if self.isHidden():
            self.show()
        else:
            self.shown.emit(True)  # (news: the lesson strip gives way again)
        if auto_hide_ms:
            self._hide_timer.start(auto_hide_ms)
        else:
            self._hide_timer.stop()

    def _choose_text(self) -> None:
        """The whole text, or its short form where the whole one would take more than :data:`MAX_LINES` lines
        at the label's width now (it depends on the width only, never on the height the layout gives)."""
        text = self.text
        if self.short and self.width() > 0:
            self.label.ensurePolished()
            margins = self.layout().contentsMargins()
            width = max(self.width() - margins.left() - margins.right() - self.close_button.width() - 12, 50)
            metrics = self.label.fontMetrics()
            height = metrics.boundingRect(QRect(0, 0, width, 100_000), Qt.TextWordWrap, text).height()
            if height > self.MAX_LINES * metrics.lineSpacing() + metrics.leading():
                text = self.short
        if self.label.text() != text:
            self.label.setText(text)
        tip = "\n\n".join(part for part in (self.text if text != self.text else "", self.details[-3000:]) if part)
        self.setToolTip(plain_tooltip(tip))

    def hide_topic(self, topic: str) -> None:
        """Hide the message if it is about ``topic`` (a divergence once the run trains again)."""
        if self.isVisible() and self.topic == topic:
            self.hide()

    def show_notice(self, text: str, kind: str) -> None:
        """A panel's message: errors stay, everything else hides after a while."""
        self.show_message(text, kind, auto_hide_ms=0 if kind == "error" else 8000)


class BusyNotice(Floating):
    """ "compiling kernels, first start only: 4 s" in the middle of the panels, counting seconds."""

    SHOW_AFTER_MS = 300
    """Quick warm-ups (kernels loaded from the cache) never flash on screen."""

    def __init__(self, host: QWidget, place):
        super().__init__(host, place)
        self.setObjectName("busyNotice")
        self.setStyleSheet(
            "QFrame#busyNotice { background: #fffbe6; border: 2px solid #c77700; border-radius: 8px; }"
            "QFrame#busyNotice QLabel { color: #6b4100; font-weight: 700; }"
        )
        row = QHBoxLayout(self)
        row.setContentsMargins(18, 14, 18, 14)
        self.label = plain_label(wrapped=True)
        self.label.setAlignment(Qt.AlignCenter)
        row.addWidget(self.label)
        self.text = ""
        self._started = 0.0
        self._tick = QTimer(self)
        self._tick.setInterval(500)
        self._tick.timeout.connect(self._update)
        self._delay = QTimer(self)
        self._delay.setSingleShot(True)
        self._delay.timeout.connect(self._appear)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        margins = self.layout().contentsMargins()
        return self.label.heightForWidth(width - margins.left() - margins.right()) + margins.top() + margins.bottom()

    @property
    def busy(self) -> bool:
        return bool(self.text)

    def start(self, text: str) -> None:
        self.text = text
        self._started = time.perf_counter()
        self._update()
        self._delay.start(self.SHOW_AFTER_MS)

    def _appear(self) -> None:
        if self.text:
            self.show()
            self._tick.start()

    def _update(self) -> None:
        seconds = time.perf_counter() - self._started
        self.label.setText(f"{self.text}: {seconds:.0f}\u00a0s")  # never "30" and "s" on two lines
        if self.isVisible():
            self.reposition()

    def stop(self) -> None:
        self.text = ""
        self._delay.stop()
        self._tick.stop()
        self.hide()


def _number_in_language(value: str) -> str:
    """``value`` as shown in the GUI's language when it is a number written in English ("2,000" -> German
    "2.000", "0.50" -> "0,50", "97.3%" -> "97,3 %"); anything else ("–", "numba") as it is."""
    if value.isascii() and value.isdigit():  # ("step 12000": grouped as the other fields are)
        return f"{grouped(int(value)):,}"
    return number_format.relocalize(value)


class _OnResize(QObject):
    """Calls ``react`` each time ``watched`` is resized (the status bar: its fields are fitted again)."""

    def __init__(self, watched: QWidget, react):
        super().__init__(watched)
        self._react = react
        watched.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Resize:
            self._react()
        return False


class _ShortStatusTips(QObject):
    """A menu entry's status tip (a lesson's description: "...in about half" and "auf ei" at 1024x768) shown
    whole where it fits beside the test accuracy, else cut at the bar's room with an ellipsis (the entry's
    tooltip has the whole text): Qt cut it wherever the bar ended, mid-word, with nothing to say more was there."""

    def __init__(self, window: QWidget, fields: StatusFields):
        super().__init__(window)
        self._fields = fields
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.StatusTip or not event.tip():
            return False
        bar = self._fields.bar
        shown = bar.fontMetrics().elidedText(event.tip(), Qt.ElideRight, self._fields.message_room())
        if shown == event.tip():
            return False
        bar.showMessage(shown)
        return True


class StatusFields:
    """The run's figures, each in its own label on the right of the status bar."""

    KEYS = ("state", "epoch", "step", "rate", "backend", "eta", "test")
    STEP_ASIDE = ("backend", "rate", "step", "epoch", "state", "eta")
    """Where the bar is too narrow for them all, or a message shows (left of the fields), the fields give room in
    this order, the least useful first: the backend (the sidebar names it), the speed, the step (the epoch says
    how far); the time left, what a teacher watches, goes last (German at 1024x768 dropped it first); the test
    accuracy always stays. At 1024x768 the message ("Autosaved the model…") was cut to "Autosav…"."""
    MESSAGE_MARGIN_PX = 24

    def __init__(self, bar: QStatusBar):
        self.bar = bar
        self.labels: dict[str, QLabel] = {}
        self.texts: dict[str, str] = {}
        """Each field's text in English (what :meth:`text` answers); its label shows it translated."""
        self.aside: set[str] = set()
        """The fields hidden for the message on show."""
        for key in self.KEYS:
            label = plain_label()
            # The fields never make the window wider than the screen: a label's least width is its text's,
            # and "starting (loading data and compiling kernels)…" with the other fields in presenter mode's
            # type (or in German) pushed a 1024-pixel window to 1200, past the screen's edge. A field that
            # does not fit steps aside whole (make_room), it is never cut.
            label.setMinimumWidth(1)
            bar.addPermanentWidget(label)
            self.labels[key] = label
        bar.messageChanged.connect(self.make_room)
        self._resized = _OnResize(bar, lambda: self.make_room(self.bar.currentMessage()))
        self._tips = _ShortStatusTips(bar.window(), self) if bar.window() is not bar else None

    def _spacing(self) -> int:
        return self.bar.style().pixelMetric(self.bar.style().PixelMetric.PM_LayoutHorizontalSpacing) + 8

    def message_room(self) -> int:
        """The most a message may take: the bar's width beside the test accuracy (the field that never steps
        aside), less the margins."""
        test = self.labels["test"]
        used = test.sizeHint().width() + self._spacing() if test.text() else 0
        return max(0, self.bar.width() - used - self.MESSAGE_MARGIN_PX)

    def make_room(self, message: str = "") -> None:
        """Hide the fewest fields (in :data:`STEP_ASIDE` order) that let ``message`` show whole beside the
        others, or, with no message, that let the others show whole; every field that fits is back."""
        spacing = self._spacing()
        needed = (
            self.bar.fontMetrics().horizontalAdvance(message) + self.MESSAGE_MARGIN_PX
            if message
            else self.MESSAGE_MARGIN_PX
        )
        shown = [key for key in self.KEYS if self.labels[key].text()]
        used = sum(self.labels[k].sizeHint().width() + spacing for k in shown)
        aside = set()
        for key in self.STEP_ASIDE:
            if needed + used <= self.bar.width():
                break
            if key in shown:
                aside.add(key)
                used -= self.labels[key].sizeHint().width() + spacing
        # Only the fields whose side changed are shown or hidden (this runs at every update of the figures).
        for key in self.aside - aside:
            self.labels[key].show()
        for key in aside - self.aside:
            self.labels[key].hide()
        self.aside = aside

    def show(self, **texts: str) -> None:
        for key, text in texts.items():
            self.texts[key] = text
            self.labels[key].setText(self.translated(key, text if isinstance(text, Phrase) else str(text)))
        # Longer figures ("finished", "test accuracy 97.3%"), under a message or not: room again.
        self.make_room(self.bar.currentMessage())

    def text(self, key: str) -> str:
        return self.texts.get(key, "")

    @staticmethod
    def translated(key: str, text: str) -> str:
        """A field's English text as the GUI shows it ("epoch 0.50" -> "Epoche 0,50"; "1,234 images/s" ->
        "1.234 Bilder/s", "97,3 %": a number written the language's way, by Qt's locale); a
        :class:`~cnnviz.translatable.Phrase` (the time left: "Rest 23 Min. 36 s") made in the language."""
        if isinstance(text, Phrase):
            return text.text(tr)
        if key == "rate" and text.endswith(" images/s"):
            return tr("{value} images/s").format(value=_number_in_language(text[: -len(" images/s")]))
        prefix, template = FIELD_TEMPLATES.get(key, ("", ""))
        if prefix and text.startswith(prefix):
            return tr(template).format(value=_number_in_language(text[len(prefix) :]))
        return tr(text)

    def show_start(self) -> None:
        """No step trained yet."""
        self.show(epoch="epoch 0.00", step="step 0", rate="– images/s", eta="ETA –", test="test accuracy –")

    def show_stopped(self) -> None:
        """Nothing is training (paused, stopped, finished): no speed and no time left to show."""
        self.show(rate="– images/s", eta="ETA –")

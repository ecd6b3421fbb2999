"""Pieces shared by the panels: a titled frame, one that redraws only when seen, image-grid helpers."""

from __future__ import annotations

import functools
import sys

import numpy as np
import shiboken6
from PySide6.QtCore import QEvent, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLayoutItem,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ...app.grids import best_grid, grid_shape  # noqa: F401  (the panels' grid arithmetic lives in the Qt-free app)
from ..jobs import run_in_background

QWIDGETSIZE_MAX = 16777215
"""Qt's "no maximum size" (QWIDGETSIZE_MAX, which PySide6 does not export)."""


def never_raises(fallback):
    """For a Python override of a Qt virtual that Qt calls from inside its own layout, sizing or painting
    passes (``sizeHint``, ``minimumSizeHint``, a layout's ``setGeometry``...): an exception must never
    reach Qt there. Shiboken keeps it and raises it again in every enclosing override until Python code
    is back in charge, and PySide 6.11 crashed (SIGSEGV in ``storePythonOverrideErrorOrPrint``) reporting
    such a chain (issue 33: the monkey test, 48-111 s into a run). The exception is reported as any other
    (``sys.excepthook``: printed, or counted by the monkey test) and Qt gets ``fallback()``."""

    def decorate(method):
        @functools.wraps(method)
        def total(self, *args):
            try:
                return method(self, *args)
            except Exception:  # (not BaseException: Ctrl-C and exit stay what they are)
                sys.excepthook(*sys.exc_info())
                return fallback()

        return total

    return decorate


def alive(obj) -> bool:
    """``obj`` (a widget, a layout item) still has its C++ object: not deleted behind Python's back."""
    return obj is not None and shiboken6.isValid(obj)


class FlowLayout(QLayout):
    """Widgets side by side, wrapping onto the next line when the width runs out (Qt's flow layout
    example): a panel's toolbar never clips its buttons on a narrow screen or in presenter mode.

    It keeps its items as C++ addresses, not as the Python wrappers Qt handed to :meth:`addItem`: Qt made
    those items, and shiboken marks such a wrapper deleted when an object it counts as the item's owner
    goes (``QBoxLayout.addLayout`` made the panel's outer layout the owner of the toolbar's first items),
    though the item lives on in this layout. Every later layout pass then raised "Internal C++ object
    (QWidgetItem) already deleted" inside Qt, and the app crashed (issue 33). An address gets a wrapper
    when it is used (the live one shiboken knows, or a new one). Qt calls every method here from inside
    its layout passes, so each is also total (:func:`never_raises`; an index out of range is None)."""

    def __init__(self, parent=None, spacing: int = 6):
        super().__init__(parent)
        self._items: list[int] = []
        """The C++ addresses of the items, in order (Qt deletes an item after :meth:`takeAt` hands it back)."""
        self._heights: dict[int, int] = {}
        """:meth:`heightForWidth`'s answers since the layout last changed (Qt asks for the same width many
        times in one layout pass: a tab switch spent a third of its time here). As Qt's box layouts do, it
        is forgotten in :meth:`invalidate`, which Qt calls when an item is added, taken, shown, hidden or
        changes its size hint."""
        self.setSpacing(spacing)
        self.setContentsMargins(0, 0, 0, 0)

    @staticmethod
    def _wrap(address: int):
        return shiboken6.wrapInstance(address, QLayoutItem)

    @never_raises(lambda: None)
    def addItem(self, item) -> None:
        self._items.append(shiboken6.getCppPointer(item)[0])
        self._heights.clear()

    @never_raises(lambda: 0)
    def count(self) -> int:
        return len(self._items)

    @never_raises(lambda: None)
    def itemAt(self, index: int):
        return self._wrap(self._items[index]) if 0 <= index < len(self._items) else None

    @never_raises(lambda: None)
    def takeAt(self, index: int):
        self._heights.clear()
        return self._wrap(self._items.pop(index)) if 0 <= index < len(self._items) else None

    @never_raises(lambda: None)
    def invalidate(self) -> None:
        self._heights.clear()
        super().invalidate()

    def expandingDirections(self):
        return Qt.Orientations(0)

    def hasHeightForWidth(self) -> bool:
        return True

    @never_raises(lambda: 0)
    def heightForWidth(self, width: int) -> int:
        if width not in self._heights:
            self._heights[width] = self._do_layout(QRect(0, 0, width, 0), apply=False)
        return self._heights[width]

    @never_raises(lambda: None)
    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._do_layout(rect, apply=True)

    @never_raises(QSize)
    def sizeHint(self) -> QSize:
        width = height = 0
        for _address, item in self._visible():
            hint = item.sizeHint()
            width, height = width + hint.width() + self.spacing(), max(height, hint.height())
        return QSize(max(width - self.spacing(), 0), height)

    @never_raises(QSize)
    def minimumSize(self) -> QSize:
        size = QSize()
        for _address, item in self._visible():
            size = size.expandedTo(item.minimumSize())
        margins = self.contentsMargins()
        return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    def _visible(self):
        """(address, item) of each item to place, one at a time, but not a hidden widget's, nor one whose
        widget is gone.
        Asking an item its size may run code that takes other items from this layout (and Qt deletes
        them): one taken meanwhile is skipped, never touched."""
        for address in list(self._items):
            if address not in self._items:
                continue
            item = self._wrap(address)
            widget = item.widget()
            if widget is None or (alive(widget) and not widget.isHidden()):
                yield address, item

    def _do_layout(self, rect: QRect, apply: bool) -> int:
        margins = self.contentsMargins()
        area = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        x, y, line_height = area.x(), area.y(), 0
        rows: list[list] = [[]]
        for address, item in self._visible():
            hint = item.sizeHint()
            if isinstance(item.widget(), ElidedLabel):
                # A hint never takes a line of its own: it gets what is left of this one (ending in "…"),
                # nothing when that is too little to read.
                room = area.right() + 1 - x
                hint = QSize(min(hint.width(), room) if room >= 40 else 0, hint.height())
            elif hint.width() > area.width() > 0:  # wider than a whole line: it gets the line
                hint = QSize(max(area.width(), item.minimumSize().width()), hint.height())
            if x + hint.width() > area.right() + 1 and line_height > 0:
                x, y = area.x(), y + line_height + self.spacing()
                line_height = 0
                rows.append([])
            rows[-1].append((address, item, QPoint(x, y), hint))
            x += hint.width() + self.spacing()
            line_height = max(line_height, hint.height())
        if apply:
            for row in rows:
                height = max((hint.height() for *_item, hint in row), default=0)
                for address, item, pos, hint in row:  # centred on the line
                    if address in self._items:  # (not taken meanwhile)
                        item.setGeometry(QRect(QPoint(pos.x(), pos.y() + (height - hint.height()) // 2), hint))
        return y + line_height - rect.y() + margins.bottom()


def row_of(*widgets: QWidget, spacing: int = 4) -> QWidget:
    """Widgets that belong together (e.g. ◀ #0 ▶) as one piece of a toolbar: they wrap together."""
    box = QWidget()
    row = QHBoxLayout(box)
    row.setContentsMargins(0, 0, 0, 0)
    row.setSpacing(spacing)
    for widget in widgets:
        row.addWidget(widget)
    return box


class ElidedLabel(QLabel):
    """One line of plain text that ends in "…" when it does not fit (the whole text in the tooltip),
    instead of being cut off mid-letter."""

    def __init__(self, text: str = "", parent=None, mode=Qt.ElideRight):
        super().__init__(parent)
        self.mode = mode
        """Qt.ElideRight, or Qt.ElideMiddle for a path (its start and its file name stay)."""
        self.setTextFormat(Qt.PlainText)
        # Preferred with a minimum of 0 (minimumSizeHint below): it asks for its whole text and gives way.
        self.setSizePolicy(QSizePolicy.Preferred, QSizePolicy.Preferred)
        self.setMinimumWidth(0)
        self._full = ""
        self.setText(text)

    def setText(self, text: str) -> None:
        self._full = text or ""
        self._elide()
        self.updateGeometry()  # its size hint is the whole text's, even while it shows less

    def text(self) -> str:
        return self._full

    @never_raises(QSize)
    def minimumSizeHint(self) -> QSize:
        return QSize(0, super().minimumSizeHint().height())

    @never_raises(QSize)
    def sizeHint(self) -> QSize:
        return QSize(self.fontMetrics().horizontalAdvance(self._full) + 4, super().sizeHint().height())

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._elide()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.FontChange, QEvent.StyleChange):
            self._elide()

    def _elide(self) -> None:
        shown = self.fontMetrics().elidedText(self._full, self.mode, max(self.width(), 10))
        if shown != self._full and len(shown) < 6:
            shown = ""  # a lone "w…" says nothing: the tooltip has the text
        super().setText(shown)
        self.setToolTip("" if shown == self._full else self._full)


class Panel(QFrame):
    """A white card with a bold title, an optional hint, and a body."""

    def __init__(self, title: str, hint: str = "", parent=None):
        super().__init__(parent)
        self.setObjectName("panel")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(10, 8, 10, 8)
        outer.setSpacing(4)
        # Title, hint and the panel's controls share one row, wrapping onto more when the panel is
        # narrow: classroom screens are short, and the pictures need the height.
        header = FlowLayout(spacing=8)
        self.title_label = QLabel(title)
        self.title_label.setObjectName("panelTitle")
        self.title_label.setTextFormat(Qt.PlainText)
        header.addWidget(self.title_label)
        self.hint_label = ElidedLabel(hint)
        self.hint_label.setObjectName("hint")
        header.addWidget(self.hint_label)
        self.header = self.toolbar = header
        outer.addLayout(header)
        self.body = QVBoxLayout()
        self.body.setContentsMargins(0, 0, 0, 0)
        self.body.setSpacing(4)
        outer.addLayout(self.body, 1)

    def add_toolbar_widget(self, *widgets: QWidget) -> None:
        """Pieces of the row under the title; on a narrow panel they wrap onto a second line."""
        for widget in widgets:
            self.toolbar.addWidget(widget)

    def show_views(self, views: set[str]) -> None:
        """A panel showing several lesson views (see panels/registry.py) hides those not in ``views``."""


class LazyPanel(Panel):
    """A panel whose drawing is costly and worth doing only when it is seen.

    :meth:`invalidate` marks it out of date and redraws at once if it is
    visible (or :meth:`draws_while_hidden`), otherwise at its next ``showEvent``;
    :meth:`refresh` redraws now; :meth:`catch_up` redraws only if out of date.
    Subclasses implement :meth:`draw`. The one "redraw only when seen" of the app.
    """

    def __init__(self, title: str, hint: str = "", parent=None):
        super().__init__(title, hint, parent)
        self.dirty = False

    def invalidate(self) -> None:
        self.dirty = True
        if self.isVisible() or self.draws_while_hidden():
            self.refresh()

    def draws_while_hidden(self) -> bool:
        """True: draw now although hidden (e.g. nothing was ever drawn, and the layout needs the views)."""
        return False

    def catch_up(self) -> None:
        """Draw now if out of date (before reading what is drawn)."""
        if self.dirty:
            self.refresh()

    def refresh(self) -> None:
        self.dirty = False
        self.draw()

    def draw(self) -> None:
        raise NotImplementedError

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self.dirty:
            self.refresh()


class Cancelled(Exception):
    """A newer request replaced a panel's background computation, or the panel went out of sight: the
    computation stops at its next step (its job was cancelled: nothing is delivered)."""


class JobPanel(LazyPanel):
    """A LazyPanel whose drawing is a background job (:mod:`..jobs`) in ``self.job``: ``request()`` starts one,
    and when it ends :meth:`_next` starts the next if the panel went out of date meanwhile and is seen.

    A panel that asks for one answer at a time (Why?, Fool) writes its ``request`` as: say why there is nothing
    to do, or ``if self.waits_for_job(force): return True``, then say what it does and :meth:`start_job`; it
    implements ``show_result(result)`` and ``show_failure(message, details)``, and forgets with :meth:`cancel_job`.
    """

    job = None

    @property
    def busy(self) -> bool:
        return self.job is not None and self.job.running

    def waits_for_job(self, force: bool = False) -> bool:
        """True: a job is running and, not forced, this request waits for it (the panel stays out of date, so the
        job's end asks again); False: go ahead (the panel is up to date once the job it starts delivers)."""
        if self.busy and not force:
            self.dirty = True
            return True
        self.dirty = False
        return False

    def start_job(self, fn, *args) -> None:
        """Run ``fn(*args)`` in the background in place of the job running (cancelled: it delivers nothing); its
        result goes to ``show_result``, its failure to ``show_failure``, and then the next request if out of date."""
        self.cancel_job()
        self.job = job = run_in_background(fn, *args)
        job.succeeded.connect(self._job_succeeded)
        job.failed.connect(self._job_failed)

    def cancel_job(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None

    def _job_succeeded(self, result) -> None:
        self.show_result(result)
        self._next()

    def _job_failed(self, message: str, details: str) -> None:
        self.show_failure(message, details)
        self._next()

    def show_result(self, result) -> None:
        raise NotImplementedError

    def show_failure(self, message: str, details: str) -> None:
        raise NotImplementedError

    def _next(self) -> None:
        if self.dirty and self.isVisible():
            self.request()


def set_items(combo: QComboBox, items: list[str]) -> bool:
    """Give ``combo`` these items (no signal), keeping the current one when it is still there.
    False when it already had exactly them."""
    if [combo.itemText(i) for i in range(combo.count())] == items:
        return False
    keep = combo.currentText()
    combo.blockSignals(True)
    combo.clear()
    combo.addItems(items)
    if keep in items:
        combo.setCurrentText(keep)
    combo.blockSignals(False)
    return True


NICE_STEPS = (1.0, 1.5, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0)


def nice_ceiling(value: float) -> float:
    """The smallest 1, 1.5, 2, 3, 4, 5, 6 or 8 times a power of ten that is >= ``value`` (> 0): an axis
    end that changes a few times per decade as a figure grows, not at every redraw."""
    if not np.isfinite(value) or value <= 0:
        return 1.0
    power = 10.0 ** np.floor(np.log10(value))
    return float(next(step * power for step in NICE_STEPS if step * power >= value * (1 - 1e-12)))

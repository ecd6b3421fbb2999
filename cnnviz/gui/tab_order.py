"""The window's Tab order: :func:`ordered_tab_stops` (the window follows it in ``focusNextPrevChild``): the
sidebar, the tab bar, the open tab, the right column; within a panel as one reads (:func:`reading_order`)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QScrollArea, QWidget


def tab_stops(root: QWidget) -> list[QWidget]:
    """The widgets under ``root`` that Tab stops at (shown or not), in the window's focus-chain order."""
    stops, widget = [], root.nextInFocusChain()
    for _ in range(20000):  # (the chain is a cycle through every widget of the window)
        if widget is None or widget is root or not root.isAncestorOf(widget):
            if widget is None or widget is root:
                break
            widget = widget.nextInFocusChain()
            continue
        if (
            widget.focusPolicy() & Qt.TabFocus
            and widget.focusProxy() is None
            and widget not in stops
            and type(widget) is not QScrollArea
        ):  # (a plain scroll area: Tab goes to what it holds)
            stops.append(widget)
        widget = widget.nextInFocusChain()
    # A stop inside another (the text part of a spin box, a tab bar's arrows, a plot's viewport) is that one's.
    return [w for w in stops if not any(other is not w and other.isAncestorOf(w) for other in stops)]


def ordered_tab_stops(root: QWidget, groups: list[QWidget], panels=()) -> list[QWidget]:
    """The Tab stops of ``root`` group by group (a group: a widget and everything in it), then the rest;
    within each of ``panels`` in reading order (:func:`reading_order`), elsewhere in the focus chain's.
    (Reordering Qt's own chain with setTabOrder crashed Qt 6.11 once panels moved between columns: the
    window follows this list in ``focusNextPrevChild`` instead.)"""
    every = tab_stops(root)
    ordered: list[QWidget] = []
    for group in groups:
        inside = [group] if group in every else [w for w in every if group.isAncestorOf(w)]
        ordered += [w for w in inside if w not in ordered]
    ordered += [w for w in every if w not in ordered]
    by_panel: dict[int, list[QWidget]] = {}
    for widget in ordered:
        panel = next((p for p in panels if p.isAncestorOf(widget)), None)
        by_panel.setdefault(id(panel) if panel is not None else id(widget), []).append(widget)
    return [w for stops in by_panel.values() for w in reading_order(stops, root)]


def top_left(widget: QWidget, root: QWidget):
    """(top, left, bottom) in ``root``, as if every scroll area it is in were scrolled to its start (the
    order must not change as Tab scrolls the focus into view)."""
    point = widget.mapTo(root, widget.rect().topLeft())
    y, x = point.y(), point.x()
    parent = widget.parentWidget()
    while parent is not None and parent is not root:
        if type(parent) is QScrollArea:
            y, x = y + parent.verticalScrollBar().value(), x + parent.horizontalScrollBar().value()
        parent = parent.parentWidget()
    return y, x, y + widget.height()


def same_row(a: tuple[int, int, int], b: tuple[int, int, int]) -> bool:
    """(top, left, bottom) boxes on one line: the middle of either lies within the other's height."""
    return a[0] <= (b[0] + b[2]) / 2 <= a[2] or b[0] <= (a[0] + a[2]) / 2 <= b[2]


def reading_order(widgets: list[QWidget], root: QWidget) -> list[QWidget]:
    """``widgets`` as one reads them: row after row from the top, each row left to right (a tall picture
    beside a row of buttons starts a row of its own)."""
    boxes = sorted(((top_left(w, root), i, w) for i, w in enumerate(widgets)), key=lambda e: (e[0][0], e[1]))
    rows: list[list] = []
    for box, i, widget in boxes:
        if rows and same_row(rows[-1][0][0], box):
            rows[-1].append((box, i, widget))
        else:
            rows.append([(box, i, widget)])
    return [w for row in rows for _box, _i, w in sorted(row, key=lambda e: (e[0][1], e[1]))]


def give_focus(stop: QWidget, forward: bool) -> None:
    """Tab's focus to ``stop``, scrolled into view in any scroll area it is in (as Qt's own Tab does)."""
    stop.setFocus(Qt.TabFocusReason if forward else Qt.BacktabFocusReason)
    parent = stop.parentWidget()
    while parent is not None:
        if type(parent) is QScrollArea:
            parent.ensureWidgetVisible(stop)
        parent = parent.parentWidget()


def next_tab_stop(stops: list[QWidget], current: QWidget | None, forward: bool) -> QWidget | None:
    """The stop after (or before) the one holding ``current`` among those that can take the focus now;
    None when ``current`` is in none of them."""
    able = [w for w in stops if w.isVisible() and w.isEnabled()]
    at = next(
        (i for i, w in enumerate(able) if current is not None and (w is current or w.isAncestorOf(current))), None
    )
    if at is None or len(able) < 2:
        return None
    return able[(at + (1 if forward else -1)) % len(able)]

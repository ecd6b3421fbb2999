"""The monkey's actions on the window (:mod:`.monkey`): the kinds of action (:func:`warm_up_kinds`), what it
clicks, draws and presses (:class:`Hands`, one action a tick) and the record of what it did (:class:`Record`)."""

from __future__ import annotations

import json
import time
import traceback

KEYS = ["Space", "S", "C", "F5", "Left", "Right", "PgDown", "PgUp", "F1", "Escape", "Tab", "3", "7", "Ctrl+Q"]


def clickable(window):
    """The visible, enabled buttons, combo boxes, spin boxes and tab bars of ``window`` a click may go to."""
    from PySide6.QtWidgets import QAbstractButton, QAbstractSpinBox, QComboBox, QTabBar, QWidget

    found = []
    for widget in window.findChildren(QWidget):
        if not isinstance(widget, (QAbstractButton, QComboBox, QAbstractSpinBox, QTabBar)):
            continue
        if not (widget.isVisible() and widget.isEnabled()) or widget.width() < 4 or widget.height() < 4:
            continue
        text = widget.text() if isinstance(widget, QAbstractButton) else ""
        if text.rstrip().endswith(("...", "…")):
            continue  # opens a native file dialog
        if widget.objectName() == "classCanvasButton":
            continue  # would listen on the machine's network (the class canvas has tests of its own)
        found.append(widget)
    return found


def warm_up_kinds(tabs) -> set[str]:
    """The kinds of action the warm-up waits for: a click, a stroke, each key of ``KEYS`` and each of the
    window's ``tabs`` shown (a dialog answered, a popup or a refusal come only when something opens one)."""
    return {"click", "stroke", *(f"key {key}" for key in KEYS), *(f"tab {tab}" for tab in tabs)}


def widget_name(widget) -> str:
    text = getattr(widget, "text", lambda: "")()
    label = widget.accessibleName() or text or widget.objectName()
    return f"{type(widget).__name__}:{label}"[:80]


class Record:
    """What a monkey run did: how many actions of each kind, when each kind (:func:`warm_up_kinds`) was first
    done, the exceptions raised in the window; each action is written as one JSON line to ``out``."""

    def __init__(self, out):
        self.out = out
        self.counts = {"click": 0, "stroke": 0, "key": 0, "dialog": 0, "popup": 0, "refused": 0}
        self.done_at: dict[str, float] = {}
        self.errors: list[str] = []
        self.start = time.perf_counter()  # (from the first action on: the monkey sets it again)

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def actions(self) -> int:
        return sum(self.counts.values())

    def done(self, kind: str) -> None:
        self.done_at.setdefault(kind, round(self.elapsed(), 2))

    def log(self, action: str, target: str = "") -> None:
        t_s = round(self.elapsed(), 2)
        self.done_at.setdefault(f"key {target}" if action == "key" else action, t_s)
        print(json.dumps({"t_s": t_s, "action": action, "target": target}), file=self.out, flush=True)

    def refused(self, what: str) -> None:
        self.counts["refused"] += 1
        self.log("refused", what[:120])

    def exception(self, kind, value, tb) -> None:  # a slot that raised: Qt reports it here and goes on
        self.errors.append("".join(traceback.format_exception(kind, value, tb))[-2000:])


class Hands:
    """The monkey's hands on ``window``: :meth:`act` is one action, every :data:`.monkey.ACTION_MS`. Its first round
    (:attr:`first_round`) does every kind of action the warm-up waits for once, in a seeded order, each as soon
    as it can be done (a stroke while the pad is shown: where the pad is folded into a tab, that tab is
    clicked first, and the stroke follows at the next tick; Ctrl+Q while there is something to save); random
    actions fill the ticks when none can, and follow once all were done."""

    def __init__(self, window, rng, record: Record, kinds):
        self.window, self.rng, self.record = window, rng, record
        self.first_round: list[str] = [str(kind) for kind in rng.permutation(sorted(kinds))]

    def something_to_save(self) -> bool:
        return bool(self.window.state.run.unsaved and self.window.state.local.model is not None)

    def act(self) -> None:
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest
        from PySide6.QtWidgets import QApplication

        record, rng = self.record, self.rng
        tab = self.window.workspace.current_tab()  # (shown since the last tick at least)
        if tab is not None:
            record.done(f"tab {tab}")
        modal = QApplication.activeModalWidget()
        if modal is not None and modal is not self.window:
            record.counts["dialog"] += 1
            record.log("dialog-cancel", modal.windowTitle()[:80])
            modal.reject() if hasattr(modal, "reject") else modal.close()
            return
        popup = QApplication.activePopupWidget()
        if popup is not None:  # an open combo box list or menu: pick or dismiss it as a user would
            QTest.keyClick(popup, Qt.Key_Escape if rng.random() < 0.5 else Qt.Key_Return)
            record.counts["popup"] += 1
            record.log("popup", type(popup).__name__)
            return
        if self.first_round and self.first_round_action():
            return
        roll = rng.random()
        if roll < 0.45 and self.click_something():
            return
        if roll < 0.7 and self.stroke():
            return
        if not self.press(KEYS[int(rng.integers(len(KEYS)))]):
            # Ctrl+Q with nothing unsaved would close the window at once (no question to answer Cancel to),
            # ending the monkey's own run. Another key instead.
            others = [other for other in KEYS if other != "Ctrl+Q"] or ["Escape"]
            self.press(others[int(rng.integers(len(others)))])

    def first_round_action(self) -> bool:
        """The first kind of the first round not done yet that can be done now, done (True); False: none can."""
        for kind in list(self.first_round):
            if kind in self.record.done_at:
                self.first_round.remove(kind)
                continue
            action, _, what = kind.partition(" ")
            if action == "tab":
                acted = self.show_tab(what)
            elif action == "key":
                acted = self.press(what)
            elif action == "stroke":
                if self.stroke():
                    acted = True
                elif self.bring_pad():  # its tab shown now: the stroke comes first at the next tick
                    self.first_round.remove(kind)
                    self.first_round.insert(0, kind)
                    return True
                else:
                    acted = False
            else:
                acted = self.click_something()
            if acted:
                self.first_round.remove(kind)  # once: a tab clicked counts when it is shown, at the next tick
                return True
        return False

    def click_something(self) -> bool:
        from PySide6.QtCore import QPoint, Qt
        from PySide6.QtTest import QTest

        targets = clickable(self.window)
        if not targets:
            return False
        rng = self.rng
        widget = targets[int(rng.integers(len(targets)))]
        point = QPoint(
            int(rng.integers(1, max(2, widget.width() - 1))), int(rng.integers(1, max(2, widget.height() - 1)))
        )
        QTest.mouseClick(widget, Qt.LeftButton, Qt.NoModifier, point)
        self.record.counts["click"] += 1
        self.record.log("click", widget_name(widget))
        return True

    def show_tab(self, key: str) -> bool:
        """A click on tab ``key`` in the tab bar (False: the tab is hidden now)."""
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest

        workspace = self.window.workspace
        tabs = workspace.tabs
        page = workspace.tab_pages.get(key)
        index = tabs.indexOf(page) if page is not None else -1
        if index < 0 or not tabs.isTabVisible(index):
            return False
        bar = tabs.tabBar()
        centre = bar.tabRect(index).center()
        if bar.isVisible() and bar.rect().contains(centre):
            QTest.mouseClick(bar, Qt.LeftButton, Qt.NoModifier, centre)
        else:
            tabs.setCurrentIndex(index)  # scrolled out of the bar: what its arrows and a click would do
        self.record.counts["click"] += 1
        self.record.log("click", f"QTabBar:{bar.tabText(index)}"[:80])
        return True

    def bring_pad(self) -> bool:
        """A click on the tab that holds the drawing pad, where it is folded into one (a narrow or short
        window, presenter mode: F5) and another tab is open; False: the pad is beside the tabs, or its tab
        is hidden (a lesson's views), or open already."""
        from ..panels.registry import TRAINING

        workspace = self.window.workspace
        key = workspace.tab_key_of("classify")
        if key == TRAINING or key == workspace.current_tab():
            return False
        return self.show_tab(key)

    def stroke(self) -> bool:
        from PySide6.QtCore import QPointF

        pad, rng = self.window.panels.classify, self.rng
        if not pad.pad_on_screen:
            return False
        a = QPointF(float(rng.uniform(20, 200)), float(rng.uniform(20, 200)))
        pad.draw_segment(a, QPointF(a.x() + float(rng.uniform(-30, 30)), a.y() + float(rng.uniform(5, 40))))
        self.window.pad.classify()
        self.record.counts["stroke"] += 1
        self.record.log("stroke")
        return True

    def press(self, key: str) -> bool:
        """``key`` pressed where the focus is (False: Ctrl+Q with nothing to save, which closes the window)."""
        from PySide6.QtGui import QKeySequence
        from PySide6.QtTest import QTest
        from PySide6.QtWidgets import QApplication

        if key == "Ctrl+Q" and not self.something_to_save():
            return False
        combo = QKeySequence(key)[0]
        QTest.keyClick(QApplication.focusWidget() or self.window, combo.key(), combo.keyboardModifiers())
        self.record.counts["key"] += 1
        self.record.log("key", key)
        return True

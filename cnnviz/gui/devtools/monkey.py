"""``cnnviz gui --monkey SECONDS``: random clicks, drags and keys on the live window, every action recorded.

A seeded random sequence of what a class does to the window while it trains: clicks on any visible,
enabled button, check box, tab, combo box or spin box; strokes on the canvas; the keys (Space, S, C,
F5, arrows, PgDown/PgUp, F1, Escape, Tab, digits, Ctrl+Q). A dialog that opens is answered the way a
hesitant user answers it (Escape: Cancel); the app's own Save/Discard question is answered Cancel, so
Ctrl+Q never closes it, and Ctrl+Q is pressed only while there is something to save (else it would
close the window at once and end the run). Nothing outside the app is opened meanwhile (a browser, a
file manager: :func:`outside_programs_refused`); each refusal is a "refused" action. Buttons that open a file dialog
(their text ends in "...") are left alone: a
native file dialog cannot be driven from here. Each action is one JSON line on stdout, the resident
memory is sampled every ``SAMPLE_S``, and a Python exception anywhere in the window counts as a
failure. The first actions are a round of every kind the warm-up waits for (:func:`warm_up_kinds`: a click,
a stroke, each key, a click on each tab), once each in a seeded order, each as soon as it can be done;
random actions follow. The warm-up ends at the first sample by which every kind was done, and not before a
quarter of the run (two minutes at most), so that first-time costs (kernels compiled, a tab's first drawing)
do not count as growth; if a kind is still missing at half the run, the warm-up ends there and
``warmup_missing`` names it. The growth after it is read from every sample from the warm-up's on
(``growth_samples`` of them), never from two: ``growth_after_warmup_mb`` is the median resident memory of
the last third of them less that of the first third (:func:`robust_growth`: one sample inside a run's step
does not decide it), ``slope_mb_per_min`` the trend over all of them (Theil-Sen: :func:`slope_per_minute`).
Each sample names the network, batch size, data set and backend the clicks had chosen by then, the
``trainers`` alive and the training ``threads`` still running or waiting to start (a stopped run's Trainer
lives until its thread has ended its step, and a run started meanwhile waits for it:
``samples_with_a_trainer_kept``, the samples with more Trainers than those threads, is 0 unless a run was
kept), and ``pool_mb``, the buffers the backends keep for the run's next step (the numba backend's pool: a
batch of 3000 needs 500 MB of them while it trains, and frees them when its run ends or its batch size
changes); ``growth_less_pools_mb`` is the growth without them, the figure that stays flat
however large a batch the clicks chose. Where the C library says how much of its heap is in use (glibc:
:func:`.memory.heap_mb`), each sample has ``heap_in_use_mb`` and the summary ``growth_in_use_mb``: growth of
what live allocations hold, apart from the pages malloc keeps after a free (``growth_in_use_less_pools_mb``
and ``slope_in_use_less_pools_mb_per_min``: apart from the pools too, the figures a leak would raise). There
each sample also gives back what malloc keeps freed (``TRIM_AT_SAMPLES``) and reads the resident memory again,
``rss_trimmed_mb``: what the process holds, which the summary's ``growth_trimmed_mb``,
``slope_trimmed_mb_per_min`` and ``rss_trimmed_by_minute_mb`` (medians, minute by minute: a rise that levels
off, or one that goes on) read "flat" from; ``app_trims`` and ``app_trim_ms`` say how often the window gave
memory back itself (``heap.KeptMemory``) and what that cost its thread.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
import traceback
import webbrowser
from dataclasses import dataclass

import numpy as np

from .driving import EXIT_OK, process_for, unattended_window
from .memory import heap_mb, rss_mb, trimmed_rss_mb
from .monkey_summary import pooled_mb, summarize

SAMPLE_S = 5.0
"""A memory sample every this many seconds (the growth after the warm-up is a median over them)."""
TRIM_AT_SAMPLES = True
"""Each sample reads the resident memory, then gives back what malloc keeps freed and reads it again
(``rss_trimmed_mb``): the memory the process holds, apart from pages glibc keeps for later. False: no trim
of the monkey's own (to see what the window's own trims, ``heap.KeptMemory``, leave)."""
RESTART_CHANCE = 0.3
"""At each sample with no run, a run is started with this chance (about one in two every 10 s)."""
ACTION_MS = 150
EXIT_FAILED = 1
KEYS = ["Space", "S", "C", "F5", "Left", "Right", "PgDown", "PgUp", "F1", "Escape", "Tab", "3", "7", "Ctrl+Q"]


def _clickable(window):
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


OPENERS = frozenset(
    "xdg-open gio gvfs-open kde-open kde-open5 gnome-open exo-open open explorer explorer.exe start x-www-browser"
    " www-browser sensible-browser firefox chromium google-chrome nautilus dolphin thunar pcmanfm".split()
)
"""Programs that open a file, a folder or an address outside the app: the monkey never starts one."""


@contextlib.contextmanager
def outside_programs_refused(refused):
    """While the monkey runs, nothing outside the app opens (a browser, a file manager: they would take the
    machine's cores and the screen, and outlive the run): ``QDesktopServices.openUrl``,
    ``QProcess.startDetached``, ``webbrowser.open``, ``os.startfile`` and any subprocess of an opener
    (``OPENERS``: xdg-open, open, explorer...) are refused, each call passed to ``refused(what)``."""
    from PySide6.QtCore import QProcess
    from PySide6.QtGui import QDesktopServices

    real_popen_init = subprocess.Popen.__init__

    def popen_init(self, args, *rest, **kwargs):
        program = args if isinstance(args, (str, bytes, os.PathLike)) else (args[0] if args else "")
        text = os.fsdecode(program)
        name = os.path.basename((text.split() or [""])[0] if kwargs.get("shell") else text)
        if name.lower() in OPENERS:
            refused(f"subprocess {name}")
            raise OSError(f"the monkey test starts no outside program ({name})")
        real_popen_init(self, args, *rest, **kwargs)

    def open_url(url, *_args):
        refused(f"openUrl {url.toString() if hasattr(url, 'toString') else url}")
        return False

    def start_detached(*args, **_kwargs):
        refused(f"startDetached {args[0] if args and isinstance(args[0], str) else ''}")
        return False

    def web_open(url, *_args, **_kwargs):
        refused(f"webbrowser {url}")
        return False

    patches = [
        (QDesktopServices, "openUrl", staticmethod(open_url)),
        (QProcess, "startDetached", staticmethod(start_detached)),
        (webbrowser, "open", web_open),
        (webbrowser, "open_new", web_open),
        (webbrowser, "open_new_tab", web_open),
        (subprocess.Popen, "__init__", popen_init),
    ]
    if hasattr(os, "startfile"):  # Windows
        patches.append((os, "startfile", lambda path, *_a, **_k: refused(f"startfile {path}")))
    saved = [
        (owner, attribute, owner.__dict__[attribute] if attribute in owner.__dict__ else getattr(owner, attribute))
        for owner, attribute, _ in patches
    ]
    for owner, attribute, replacement in patches:
        setattr(owner, attribute, replacement)
    try:
        yield
    finally:
        for owner, attribute, original in saved:
            setattr(owner, attribute, original)


@contextlib.contextmanager
def private_user_folders():
    """The user's own files are not the monkey's to change: its clicks save and delete class drawings, save
    models, autosave, change the zoom and other settings. While it runs, the data and settings folders
    (``user_folders.data`` and ``.settings``: drawings, models, autosaves, window.ini) are a temporary folder,
    removed at the end; the cache (numba's compiled kernels) and the log stay the user's. Yields the folder."""
    import tempfile
    from pathlib import Path

    from ... import user_folders

    saved = user_folders.data, user_folders.settings
    with tempfile.TemporaryDirectory(prefix="cnnviz-monkey-", ignore_cleanup_errors=True) as folder:
        user_folders.data = lambda: Path(folder) / "data"
        user_folders.settings = lambda: Path(folder) / "settings"
        try:
            yield Path(folder)
        finally:
            user_folders.data, user_folders.settings = saved


def warm_up_kinds(tabs) -> set[str]:
    """The kinds of action the warm-up waits for: a click, a stroke, each key of ``KEYS`` and each of the
    window's ``tabs`` shown (a dialog answered, a popup or a refusal come only when something opens one)."""
    return {"click", "stroke", *(f"key {key}" for key in KEYS), *(f"tab {tab}" for tab in tabs)}


def _name(widget) -> str:
    text = getattr(widget, "text", lambda: "")()
    label = widget.accessibleName() or text or widget.objectName()
    return f"{type(widget).__name__}:{label}"[:80]


@dataclass(frozen=True)
class Settings:
    """What a monkey run was asked for (``cnnviz gui --monkey SECONDS``'s options); ``enough_actions``: stop
    after that many actions if that comes first (tests: a number of actions does not depend on the load)."""

    net: str
    backend: str
    dataset_name: str
    data_dir: object
    seconds: float
    seed: int = 0
    enough_actions: int | None = None


class Record:
    """What a monkey run did: how many actions of each kind, when each kind (:func:`warm_up_kinds`) was first
    done, the exceptions raised in the window; each action is written as one JSON line to ``out``."""

    def __init__(self, out):
        self.out = out
        self.counts = {"click": 0, "stroke": 0, "key": 0, "dialog": 0, "popup": 0, "refused": 0}
        self.done_at: dict[str, float] = {}
        self.errors: list[str] = []
        self.start = time.perf_counter()  # (from the first action on: _drive sets it again)

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


def monkey(
    net: str,
    backend: str,
    dataset_name: str,
    data_dir,
    seconds: float,
    seed: int = 0,
    out=None,
    enough_actions: int | None = None,
) -> int:
    """Random actions for ``seconds``, or until ``enough_actions`` were made if that comes first (tests: a
    number of actions does not depend on how busy the machine is)."""
    from ..theme import application

    app = application()
    settings = Settings(net, backend, dataset_name, data_dir, seconds, seed, enough_actions)
    record = Record(out or sys.stdout)
    previous_hook = sys.excepthook
    sys.excepthook = record.exception
    with outside_programs_refused(record.refused), private_user_folders():
        try:
            return _drive(app, np.random.default_rng(seed), settings, record)
        finally:
            sys.excepthook = previous_hook


class _Hands:
    """The monkey's hands on ``window``: :meth:`act` is one action, every ``ACTION_MS``. Its first round
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

        targets = _clickable(self.window)
        if not targets:
            return False
        rng = self.rng
        widget = targets[int(rng.integers(len(targets)))]
        point = QPoint(
            int(rng.integers(1, max(2, widget.width() - 1))), int(rng.integers(1, max(2, widget.height() - 1)))
        )
        QTest.mouseClick(widget, Qt.LeftButton, Qt.NoModifier, point)
        self.record.counts["click"] += 1
        self.record.log("click", _name(widget))
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


def _sample(window, record: Record, trainer_class) -> dict:
    """One memory sample (after a full garbage collection), with what the clicks had chosen by then."""
    import gc

    from PySide6.QtCore import QCoreApplication, QEvent

    from .. import session

    # The threads are counted before the clean-up: a thread that ends after it would leave its Trainer, not yet
    # reaped, beside no thread (seed 1 once, session 41); one that has ended has posted its reaping already
    threads = session.running_training_threads() + int(window.session.waiting)  # (a run waiting to start too)
    # What a return to the event loop does first: the queued calls (a run whose thread has just ended is reaped
    # there), then the deleteLater calls they made; a Trainer counted before them was no Trainer kept
    QCoreApplication.sendPostedEvents()
    QCoreApplication.sendPostedEvents(None, QEvent.DeferredDelete)
    gc.collect()
    rss_before = rss_mb()
    trimmed = trimmed_rss_mb() if TRIM_AT_SAMPLES else None
    sample = {
        "t_s": round(record.elapsed(), 1),
        "rss_mb": round(rss_before, 1),
        "pool_mb": round(pooled_mb(), 1),
        "actions": record.actions(),
        "step": window.state.run.last_step.step if window.state.run.last_step else 0,
        # what the clicks chose: a bigger network or batch needs more memory, and is no leak
        "net": window.controls.spec,
        "batch": window.controls.hyperparameters()["batch_size"],
        "dataset": window.controls.dataset,
        "backend": window.controls.backend,
        # runs that ended must not stay (their model, optimizer state, workspace): one at most, besides those
        # whose thread still runs (a stopped run ends after its step: ``threads``)
        # (type(), not isinstance: isinstance asks a dead weakref.proxy its __class__ and raises ReferenceError)
        "trainers": sum(1 for o in gc.get_objects() if issubclass(type(o), trainer_class)),
        "threads": threads,
    }
    if trimmed is not None:  # (glibc: after malloc_trim; None elsewhere: nothing to give back)
        sample["rss_trimmed_mb"] = round(trimmed, 1)
    heap = heap_mb()
    if heap is not None:  # live allocations apart from what malloc keeps freed (glibc only)
        sample["heap_in_use_mb"], sample["heap_free_mb"] = round(heap[0], 1), round(heap[1], 1)
    sample["app_trims"] = window.kept_memory.trims  # (the window's own: heap.KeptMemory, and their time)
    sample["app_trim_ms"] = round(1000 * window.kept_memory.trim_seconds, 1)
    return sample


def _drive(app, rng, settings: Settings, record: Record) -> int:
    """The monkey's run proper: the window, the actions, the memory samples, the summary."""
    from PySide6.QtCore import QTimer

    from ... import user_folders
    from ...train.trainer import Trainer
    from ..panels import registry as panel_registry
    from ..window import MainWindow

    window = MainWindow(
        net=settings.net,
        backend=settings.backend,
        dataset=settings.dataset_name,
        data_dir=settings.data_dir,
        config_overrides={"seed": settings.seed},
    )
    unattended_window(window, user_folders.autosave())  # (private_user_folders: not the user's)
    window.checkpoints.auto_answer = "cancel"  # Ctrl+Q, Reset, Load...: "Cancel", the window stays
    window.resize(1024, 768)
    window.show()
    process_for(app, 0.3)

    def tabs_shown() -> list[str]:
        return [key for key in panel_registry.TABS if window.workspace.tab_visible(key)]

    hands = _Hands(window, rng, record, warm_up_kinds(tabs_shown()))
    timer = QTimer()
    timer.timeout.connect(hands.act)
    record.start = time.perf_counter()
    window.start()
    timer.start(ACTION_MS)
    samples = []
    while True:
        sample = _sample(window, record, Trainer)
        samples.append(sample)
        print(json.dumps(sample), file=record.out, flush=True)
        elapsed = record.elapsed()
        if elapsed >= settings.seconds or not window.isVisible():
            break
        if settings.enough_actions is not None and record.actions() >= settings.enough_actions:
            break
        if not window.session.active and rng.random() < RESTART_CHANCE:
            window.start()  # a class starts again after a run ends
        process_for(app, min(SAMPLE_S, max(0.05, settings.seconds - elapsed)))
    timer.stop()
    still_open = window.isVisible()
    tabs = tabs_shown() if still_open else []
    window.checkpoints.auto_answer = "discard"  # the monkey's own close: nothing to ask
    window.shutdown()
    window.close()
    summary = summarize(samples, record, settings, warm_up_kinds(tabs), still_open)
    for error in record.errors[:3]:
        print(error, file=sys.stderr)
    print(json.dumps(summary), file=record.out, flush=True)
    return EXIT_OK if not record.errors and still_open else EXIT_FAILED

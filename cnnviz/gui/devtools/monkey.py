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
failure. The summary's ``growth_after_warmup_mb`` is the last sample less the one at the end of the
warm-up: the first sample by which every kind of action (:func:`warm_up_kinds`: a click, a stroke, each
key, each tab shown) was done at least once, and not before a quarter of the run (two minutes at most),
so that first-time costs (kernels compiled, a tab's first drawing) do not count as growth; if a kind is
still missing at half the run, the warm-up ends there and ``warmup_missing`` names it. Each sample names
the network, batch size, data set and backend the clicks had chosen by then, and ``pool_mb``, the buffers
the backends keep for the run's
next step (the numba backend's pool: a batch of 3000 needs 500 MB of them while it trains, and frees
them when its run ends or its batch size changes); ``growth_less_pools_mb`` is the growth without them,
the figure that stays flat however large a batch the clicks chose. Where the C library says how much of
its heap is in use (glibc: :func:`.memory.heap_mb`), each sample has ``heap_in_use_mb`` and the summary
``growth_in_use_mb``: growth of what live allocations hold, apart from the pages malloc keeps after a free
(``growth_in_use_less_pools_mb``: apart from the pools too, the figure a leak would raise).
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

import numpy as np

from .driving import EXIT_OK, process_for, unattended_window
from .memory import heap_mb, rss_mb

SAMPLE_S = 10.0
ACTION_MS = 150
EXIT_FAILED = 1
WARM_UP_LEAST = 120.0
"""The warm-up lasts at least a quarter of the run, and at most this many seconds of it, however early
every kind of action was done (memory settles after them)."""
WARM_UP_MOST = 0.5
"""The warm-up ends at this fraction of the run at the latest, every kind done or not (``warmup_missing``)."""
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
    {
        "xdg-open",
        "gio",
        "gvfs-open",
        "kde-open",
        "kde-open5",
        "gnome-open",
        "exo-open",
        "open",
        "explorer",
        "explorer.exe",
        "start",
        "x-www-browser",
        "www-browser",
        "sensible-browser",
        "firefox",
        "chromium",
        "google-chrome",
        "nautilus",
        "dolphin",
        "thunar",
        "pcmanfm",
    }
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


def pooled_mb() -> float:
    """The buffers the opened backends keep for their next step, in MB (only the numba CPU backend
    keeps them in this process's memory: ``workspace_bytes``)."""
    from ...backends import registry

    return sum(getattr(backend, "workspace_bytes", lambda: 0)() for backend in registry.opened()) / 2**20


def warm_up_kinds(tabs) -> set[str]:
    """The kinds of action the warm-up waits for: a click, a stroke, each key of ``KEYS`` and each of the
    window's ``tabs`` shown (a dialog answered, a popup or a refusal come only when something opens one)."""
    return {"click", "stroke", *(f"key {key}" for key in KEYS), *(f"tab {tab}" for tab in tabs)}


def warm_up_end(samples: list[dict], done_at: dict[str, float], kinds, seconds: float) -> dict:
    """The warm-up's end: the first of ``samples`` (each with its ``t_s``) by which every one of ``kinds``
    was done (``done_at``: the time each kind was first done), not before ``min(WARM_UP_LEAST, seconds / 4)``
    and at the latest at ``WARM_UP_MOST`` of the ``seconds``. Returns ``sample`` (the first sample when no
    sample came after the warm-up: a short run), ``warmup_s``, ``warmup_every_kind_s`` (when the last kind
    was first done; None: not every kind was) and ``warmup_missing`` (the kinds not done by the warm-up's end)."""
    least = min(WARM_UP_LEAST, seconds / 4)
    most = max(least, seconds * WARM_UP_MOST)
    missing_ever = [kind for kind in kinds if kind not in done_at]
    every_kind = None if missing_ever else max((done_at[kind] for kind in kinds), default=0.0)
    end = most if every_kind is None else min(most, max(least, every_kind))
    sample = next((s for s in samples if s["t_s"] >= end), None)
    ended = sample is not None
    sample = sample or samples[0]
    at = sample["t_s"] if ended else end
    return {
        "sample": sample,
        "warmup_s": sample["t_s"] if ended else None,
        "warmup_every_kind_s": None if every_kind is None else round(every_kind, 1),
        "warmup_missing": sorted(kind for kind in kinds if done_at.get(kind, float("inf")) > at),
    }


def _name(widget) -> str:
    text = getattr(widget, "text", lambda: "")()
    label = widget.accessibleName() or text or widget.objectName()
    return f"{type(widget).__name__}:{label}"[:80]


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

    out = out or sys.stdout
    app = application()
    rng = np.random.default_rng(seed)
    errors: list[str] = []
    previous_hook = sys.excepthook

    def record_exception(kind, value, tb):  # a slot that raised: Qt reports it here and goes on
        errors.append("".join(traceback.format_exception(kind, value, tb))[-2000:])

    counts = {"click": 0, "stroke": 0, "key": 0, "dialog": 0, "popup": 0, "refused": 0}
    clock = {"start": time.perf_counter()}  # (from the first action on: _drive sets it again)
    done_at: dict[str, float] = {}
    """When each kind of action (:func:`warm_up_kinds`) was first done, in seconds from the start."""

    def log(action: str, target: str = "") -> None:
        t_s = round(time.perf_counter() - clock["start"], 2)
        kind = f"key {target}" if action == "key" else action
        done_at.setdefault(kind, t_s)
        print(json.dumps({"t_s": t_s, "action": action, "target": target}), file=out, flush=True)

    def refused(what: str) -> None:
        counts["refused"] += 1
        log("refused", what[:120])

    sys.excepthook = record_exception
    with outside_programs_refused(refused):
        try:
            return _drive(
                app,
                rng,
                counts,
                log,
                done_at,
                errors,
                clock,
                net,
                backend,
                dataset_name,
                data_dir,
                seconds,
                seed,
                out,
                enough_actions,
            )
        finally:
            sys.excepthook = previous_hook


def _drive(
    app,
    rng,
    counts,
    log,
    done_at,
    errors,
    clock,
    net,
    backend,
    dataset_name,
    data_dir,
    seconds,
    seed,
    out,
    enough_actions,
) -> int:
    """The monkey's run proper: the window, the random actions, the memory samples, the summary."""
    import gc
    import tempfile

    from PySide6.QtCore import QPoint, QPointF, Qt, QTimer
    from PySide6.QtGui import QKeySequence
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from ...train.trainer import Trainer
    from ..panels import registry as panel_registry
    from ..window import MainWindow

    window = MainWindow(
        net=net, backend=backend, dataset=dataset_name, data_dir=data_dir, config_overrides={"seed": seed}
    )
    unattended_window(window, tempfile.mkdtemp(prefix="cnnviz-monkey-"))
    window.checkpoints.auto_answer = "cancel"  # Ctrl+Q, Reset, Load...: "Cancel", the window stays
    window.resize(1024, 768)
    window.show()
    process_for(app, 0.3)

    def something_to_save() -> bool:
        return bool(window.state.run.unsaved and window.state.local.model is not None)

    def act():
        tab = window.workspace.current_tab()  # (shown since the last tick at least)
        if tab is not None:
            done_at.setdefault(f"tab {tab}", round(time.perf_counter() - clock["start"], 2))
        modal = QApplication.activeModalWidget()
        if modal is not None and modal is not window:
            counts["dialog"] += 1
            log("dialog-cancel", modal.windowTitle()[:80])
            modal.reject() if hasattr(modal, "reject") else modal.close()
            return
        popup = QApplication.activePopupWidget()
        if popup is not None:  # an open combo box list or menu: pick or dismiss it as a user would
            QTest.keyClick(popup, Qt.Key_Escape if rng.random() < 0.5 else Qt.Key_Return)
            counts["popup"] += 1
            log("popup", type(popup).__name__)
            return
        roll = rng.random()
        if roll < 0.45:
            targets = _clickable(window)
            if targets:
                widget = targets[int(rng.integers(len(targets)))]
                point = QPoint(
                    int(rng.integers(1, max(2, widget.width() - 1))), int(rng.integers(1, max(2, widget.height() - 1)))
                )
                QTest.mouseClick(widget, Qt.LeftButton, Qt.NoModifier, point)
                counts["click"] += 1
                log("click", _name(widget))
                return
        if roll < 0.7:
            pad = window.panels.classify
            if pad.pad_on_screen:
                a = QPointF(float(rng.uniform(20, 200)), float(rng.uniform(20, 200)))
                pad.draw_segment(a, QPointF(a.x() + float(rng.uniform(-30, 30)), a.y() + float(rng.uniform(5, 40))))
                window.pad.classify()
                counts["stroke"] += 1
                log("stroke")
                return
        key = KEYS[int(rng.integers(len(KEYS)))]
        if key == "Ctrl+Q" and not something_to_save():
            # Nothing unsaved: Ctrl+Q would close the window at once (no question to answer Cancel to),
            # ending the monkey's own run. Another key instead.
            others = [other for other in KEYS if other != "Ctrl+Q"] or ["Escape"]
            key = others[int(rng.integers(len(others)))]
        sequence = QKeySequence(key)
        combo = sequence[0]
        target = QApplication.focusWidget() or window
        QTest.keyClick(target, combo.key(), combo.keyboardModifiers())
        counts["key"] += 1
        log("key", key)

    timer = QTimer()
    timer.timeout.connect(act)
    start = clock["start"] = time.perf_counter()
    window.start()
    timer.start(ACTION_MS)
    samples = []
    while True:
        elapsed = time.perf_counter() - start
        gc.collect()
        sample = {
            "t_s": round(elapsed, 1),
            "rss_mb": round(rss_mb(), 1),
            "pool_mb": round(pooled_mb(), 1),
            "actions": sum(counts.values()),
            "step": window.state.run.last_step.step if window.state.run.last_step else 0,
            # what the clicks chose: a bigger network or batch needs more memory, and is no leak
            "net": window.controls.spec,
            "batch": window.controls.hyperparameters()["batch_size"],
            "dataset": window.controls.dataset,
            "backend": window.controls.backend,
            # runs that ended must not stay (their model, optimizer state, workspace): one at most
            # (type(), not isinstance: isinstance asks a dead weakref.proxy its __class__ and raises ReferenceError)
            "trainers": sum(1 for o in gc.get_objects() if issubclass(type(o), Trainer)),
        }
        heap = heap_mb()
        if heap is not None:  # live allocations apart from what malloc keeps freed (glibc only)
            sample["heap_in_use_mb"], sample["heap_free_mb"] = round(heap[0], 1), round(heap[1], 1)
        samples.append(sample)
        print(json.dumps(sample), file=out, flush=True)
        if elapsed >= seconds or not window.isVisible():
            break
        if enough_actions is not None and sum(counts.values()) >= enough_actions:
            break
        if not window.session.active and rng.random() < 0.5:
            window.start()  # a class starts again after a run ends
        process_for(app, min(SAMPLE_S, max(0.05, seconds - elapsed)))
    timer.stop()
    still_open = window.isVisible()
    tabs = [key for key in panel_registry.TABS if window.workspace.tab_visible(key)] if still_open else []
    window.checkpoints.auto_answer = "discard"  # the monkey's own close: nothing to ask
    window.shutdown()
    window.close()
    warm_up = warm_up_end(samples, done_at, warm_up_kinds(tabs), seconds)
    warm = warm_up.pop("sample")
    summary = {
        "monkey_seconds": round(samples[-1]["t_s"], 1),
        "net": net,
        "seed": seed,
        **counts,
        "window_still_open": still_open,
        "exceptions": len(errors),
        **warm_up,
        "rss_start_mb": samples[0]["rss_mb"],
        "rss_warm_mb": warm["rss_mb"],
        "rss_end_mb": samples[-1]["rss_mb"],
        "growth_after_warmup_mb": round(samples[-1]["rss_mb"] - warm["rss_mb"], 1),
        "growth_less_pools_mb": round(
            samples[-1]["rss_mb"] - samples[-1]["pool_mb"] - (warm["rss_mb"] - warm["pool_mb"]), 1
        ),
    }
    if "heap_in_use_mb" in warm and "heap_in_use_mb" in samples[-1]:
        summary["growth_in_use_mb"] = round(samples[-1]["heap_in_use_mb"] - warm["heap_in_use_mb"], 1)
        summary["growth_in_use_less_pools_mb"] = round(
            samples[-1]["heap_in_use_mb"] - samples[-1]["pool_mb"] - (warm["heap_in_use_mb"] - warm["pool_mb"]), 1
        )
    for error in errors[:3]:
        print(error, file=sys.stderr)
    print(json.dumps(summary), file=out, flush=True)
    return EXIT_OK if not errors and still_open else EXIT_FAILED

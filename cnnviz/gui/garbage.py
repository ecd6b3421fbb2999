"""Python's cyclic garbage collector runs in the GUI thread only, on a timer.

Left to itself, the collector runs inside whichever thread happens to allocate: in this app mostly the
training thread and the background jobs. A pyqtgraph item or a widget caught in a reference cycle is then
destroyed there, and Qt objects destroyed outside the thread that owns them corrupt Qt's state; the crash
comes later and somewhere else (seen: a segfault in ``QMenu.__init__`` while a plot was being built). So
automatic collection is switched off and the GUI thread collects on a timer, only where the counts say a
collection is due -- pyqtgraph's ``GarbageCollector``, given a way to stop (tests and a closing app give
the collector back to Python).
"""

from __future__ import annotations

import gc

from pyqtgraph.util.garbage_collector import GarbageCollector

INTERVAL_S = 0.25
"""How often the GUI thread looks at the collector's counts (a generation-0 pass over a few hundred young
objects takes well under a millisecond)."""

_collector: GarbageCollector | None = None
_was_enabled = True


def collect_in_gui_thread() -> None:
    """From now on only the GUI thread collects cyclic garbage. Call it in the GUI thread, with a
    QApplication; calling it again changes nothing."""
    global _collector, _was_enabled
    if _collector is not None:
        return
    _was_enabled = gc.isenabled()
    _collector = GarbageCollector(interval=INTERVAL_S)  # disables automatic collection, starts its timer


def give_back() -> None:
    """Collect once here, in the GUI thread, then let Python collect automatically again."""
    global _collector
    if _collector is None:
        return
    _collector.timer.stop()
    _collector.timer.deleteLater()
    _collector = None
    gc.collect()
    if _was_enabled:
        gc.enable()


def active() -> bool:
    return _collector is not None

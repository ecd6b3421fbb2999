"""Cyclic garbage made anywhere is collected in the GUI thread (cnnviz/gui/garbage.py): a Qt object
destroyed in the training thread corrupts Qt and crashes the app later, somewhere else."""

from __future__ import annotations

import gc
import threading

from cnnviz.gui import garbage, theme


class _Recorder:
    """Records the thread its finaliser runs in."""

    def __init__(self, seen: list[int]):
        self.seen = seen
        self.me = self  # a reference cycle: only the cyclic collector can free it

    def __del__(self):
        self.seen.append(threading.get_ident())


def _make_garbage_and_allocate(seen: list[int], kept: list) -> None:
    _Recorder(seen)
    # Allocating this many tracked containers runs several generation-0 collections in this thread
    # when Python collects automatically; they stay alive (in ``kept``), so the counts the GUI thread's
    # timer reads say a collection is due.
    kept.extend([] for _ in range(50_000))


def test_a_cycle_made_in_a_worker_thread_is_collected_in_the_gui_thread(qtbot):
    assert garbage.active() and not gc.isenabled()
    seen: list[int] = []
    kept: list = []
    worker = threading.Thread(target=_make_garbage_and_allocate, args=(seen, kept))
    worker.start()
    worker.join()
    assert seen == [], "the worker thread collected the cycle itself"
    qtbot.waitUntil(lambda: bool(seen), timeout=5000)
    assert seen == [threading.get_ident()]


def test_without_it_python_would_collect_in_the_worker_thread():
    # The control: the same worker with automatic collection on frees the cycle in its own thread.
    garbage.give_back()
    assert gc.isenabled()
    seen: list[int] = []
    worker = threading.Thread(target=_make_garbage_and_allocate, args=(seen, []))
    worker.start()
    worker.join()
    assert seen == [worker.ident]


def test_the_app_starts_with_it_and_giving_back_restores_automatic_collection():
    garbage.give_back()
    assert gc.isenabled() and not garbage.active()
    theme.application()
    assert garbage.active() and not gc.isenabled()
    garbage.collect_in_gui_thread()  # a second call changes nothing
    garbage.give_back()
    assert gc.isenabled() and not garbage.active()

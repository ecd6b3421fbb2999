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

import json
import sys
import time
from dataclasses import dataclass

import numpy as np

from .driving import EXIT_OK, process_for, unattended_window
from .memory import heap_mb, rss_mb, trimmed_rss_mb
from .monkey_actions import Hands, Record, warm_up_kinds
from .monkey_sandbox import outside_programs_refused, private_user_folders
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

    hands = Hands(window, rng, record, warm_up_kinds(tabs_shown()))
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

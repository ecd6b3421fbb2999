"""Two runs side by side: a run kept for comparison, and what differs between it and the one training now.

"Keep this run for comparison" turns the current run into a :class:`KeptRun`: its settings and its
curves (training loss and accuracy, test loss and accuracy), thinned to at most
:data:`~cnnviz.nn.checkpoint_meta.MAX_HISTORY_POINTS` rows each. The next run starts from the same seed
(the same initial weights and data order) unless the network changes, and its curves are drawn over
the kept one's. A saved model carries its run's history (``meta["history"]``, :func:`history_meta`),
so a file can be the kept run too (``cnnviz gui --compare RUN.npz``). No Qt.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..nn import checkpoint
from ..nn.checkpoint_meta import MARK_KINDS, MAX_HISTORY_POINTS, MAX_HISTORY_VALUE, MAX_MARK_CHARS, MAX_MARKS
from ..nn.model import preset_name
from ..number_format import format_rate, localized
from ..train.events import LayerTiming, TimingMeasured
from ..translatable import N_
from .run_state import RunState

COMPARED = (
    ("net", N_("net")),
    ("optimizer", ""),
    ("lr", "lr"),
    ("momentum", N_("momentum")),
    ("batch_size", N_("batch")),
    ("schedule", N_("schedule")),
    ("epochs", N_("epochs")),
    ("dataset", N_("data")),
    ("backend", N_("backend")),
    ("seed", N_("seed")),
)
"""The settings told apart, in the order they are named, with their short names (empty: the value alone;
``lr`` is the same everywhere)."""
SHOWN_WHEN_SAME = ("optimizer", "lr", "batch_size")
"""What describes a kept run when nothing differs (yet)."""


@dataclass(frozen=True)
class Curves:
    train: np.ndarray = field(default_factory=lambda: np.zeros((0, 3)))
    """(n, 3): epoch, loss, batch accuracy (0-1) of training steps."""
    evals: np.ndarray = field(default_factory=lambda: np.zeros((0, 3)))
    """(m, 3): epoch, test loss, test accuracy (0-1) of evaluations."""
    marks: tuple[tuple[float, str, str], ...] = ()
    """(epoch, kind, text) where the run changed mid-way (:class:`~.run_state.CurveMark`): a learning rate
    changed, another backend; a saved model carries them (``meta["marks"]``) as its curves had them live."""

    def __bool__(self) -> bool:
        return bool(len(self.train) or len(self.evals))

    @property
    def last_epoch(self) -> float:
        return float(max(self.train[-1, 0] if len(self.train) else 0.0, self.evals[-1, 0] if len(self.evals) else 0.0))


@dataclass(frozen=True)
class KeptRun:
    settings: dict
    """What the run was trained with (the keys of :data:`COMPARED` it knows)."""
    curves: Curves
    test_accuracy: float | None
    """Its latest test accuracy (0-1; None: never evaluated)."""
    source: str
    """Where it comes from: "this session" or a file's name."""
    spec: str = ""
    """Its network (empty: not known)."""
    weights: dict | None = None
    """Its final weights (the app's at the moment it was kept, or the file's), for its kernels and feature maps
    beside the run now's (None: not kept)."""
    timing: TimingMeasured | None = None
    """Its last per-layer timing (None: not measured, or not recorded in its file)."""


def thin(rows: np.ndarray, most: int = MAX_HISTORY_POINTS) -> np.ndarray:
    """At most ``most`` rows, evenly spread, the first and the last kept."""
    if len(rows) <= most:
        return rows
    return rows[np.unique(np.linspace(0, len(rows) - 1, most).round().astype(int))]


def smoothed(values: np.ndarray, keep: float = 0.97) -> np.ndarray:
    """The curves panel's smoothing (an exponential moving average, bias-corrected), so a kept run's thinned
    loss reads like the live smoothed line and not like its noise."""
    out = np.empty(len(values))
    average, weight = 0.0, 0.0
    for i, value in enumerate(values):
        average = keep * average + (1 - keep) * value
        weight = keep * weight + (1 - keep)
        out[i] = average / weight
    return out


def curves_of(run: RunState) -> Curves:
    """The run's curves, thinned: the training loss and accuracy smoothed first (every step counts)."""
    steps = run.steps
    train = np.zeros((0, 3))
    if steps:
        epoch = np.array([s.epoch for s in steps], dtype=np.float64)
        loss = smoothed(np.array([max(float(s.loss), 0.0) for s in steps], dtype=np.float64))
        accuracy = smoothed(np.array([float(s.accuracy) for s in steps], dtype=np.float64))
        train = thin(np.stack([epoch, loss, np.clip(accuracy, 0, 1)], axis=1))
    evals = np.array(
        [(e.epoch, max(float(e.test_loss), 0.0), float(e.test_accuracy)) for e in run.evaluations], dtype=np.float64
    ).reshape(-1, 3)
    finite = np.isfinite(train).all(axis=1)
    marks = tuple((m.epoch, m.kind, m.text) for m in run.marks if np.isfinite(m.epoch))
    return Curves(train[finite], thin(evals[np.isfinite(evals).all(axis=1)]), marks)


def history_meta(curves: Curves) -> dict:
    """The curves as a checkpoint's ``meta["history"]`` (rounded: a few kB of JSON; a diverged run's loss
    capped at what the checks accept, so that the file's history reads back)."""

    def row(e, l, a):  # noqa: E741
        return [round(float(e), 5), round(min(float(l), MAX_HISTORY_VALUE), 5), round(float(a), 5)]

    return {"train": [row(*r) for r in curves.train], "eval": [row(*r) for r in curves.evals]}


def marks_meta(curves: Curves) -> list:
    """The curves' marks as a checkpoint's ``meta["marks"]`` (checked on load by
    :func:`~cnnviz.nn.checkpoint_meta.clean_marks`; beside ``history``, which older versions check strictly)."""
    return [
        [round(min(float(e), MAX_HISTORY_VALUE), 5), kind, text[:MAX_MARK_CHARS]]
        for e, kind, text in curves.marks[-MAX_MARKS:]
    ]


def curves_from_meta(meta: dict) -> Curves:
    """A checkpoint's history and marks (already checked by :func:`~cnnviz.nn.checkpoint_meta.clean_history` and
    :func:`~cnnviz.nn.checkpoint_meta.clean_marks` when read); empty curves when it has none."""
    history = meta.get("history")
    if not isinstance(history, dict):
        return Curves()
    marks = meta.get("marks")
    marks = marks if isinstance(marks, list) else []
    return Curves(
        np.array(history.get("train", []), dtype=np.float64).reshape(-1, 3),
        np.array(history.get("eval", []), dtype=np.float64).reshape(-1, 3),
        tuple((float(e), kind, text) for e, kind, text in marks if kind in MARK_KINDS),
    )


def timings_meta(timing: TimingMeasured) -> dict:
    """A run's last per-layer timing as a checkpoint's ``meta["timings"]`` (checked on load by
    :func:`~cnnviz.nn.checkpoint_meta.clean_timings`)."""
    return {
        "backend": timing.backend,
        "batch_size": int(timing.batch_size),
        "step": int(timing.step),
        "step_ms": round(float(timing.step_ms), 4),
        "layers": [[t.name, round(float(t.forward_ms), 4), round(float(t.backward_ms), 4)] for t in timing.layers],
    }


def timing_from_meta(meta: dict) -> TimingMeasured | None:
    """A checkpoint's timing (already checked when read); None when the file has none."""
    timings = meta.get("timings")
    if not isinstance(timings, dict):
        return None
    return TimingMeasured(
        int(timings.get("step", 0)),
        timings["backend"],
        timings["batch_size"],
        tuple(LayerTiming(name, f, b) for name, f, b in timings["layers"]),
        timings["step_ms"],
    )


def run_meta(run: RunState) -> dict:
    """What a saved model carries of its run: its curves (``history``) and its last timing (``timings``)."""
    curves = curves_of(run) or getattr(run, "saved_curves", None)  # a loaded model not trained since: its file's
    meta = {"history": history_meta(curves)} if curves else {}
    if curves and curves.marks:
        meta["marks"] = marks_meta(curves)
    if run.timings:
        meta["timings"] = timings_meta(run.timings[-1])
    return meta


def keep(run: RunState, settings: dict, spec: str = "", weights: dict | None = None) -> KeptRun:
    """The current run, kept for comparison, with its model's ``spec`` and ``weights`` now (copied) and its
    last timing (ValueError when it has nothing to compare yet)."""
    curves = curves_of(run)
    if not curves:
        raise ValueError("this run has no curves yet: train it first, then keep it for comparison")
    accuracy = float(curves.evals[-1, 2]) if len(curves.evals) else None
    copied = None if weights is None else {name: np.array(w, copy=True) for name, w in weights.items()}
    return KeptRun(
        dict(settings), curves, accuracy, N_("this session"), spec, copied, run.timings[-1] if run.timings else None
    )


def kept_from_file(path: str | os.PathLike[str]) -> KeptRun:
    """A saved model's run, kept for comparison, with its weights (read and checked as any checkpoint) and
    its timing when saved (CheckpointError/OSError when unreadable, ValueError when the file carries no run
    history: saved by an older cnnviz)."""
    saved = checkpoint.load(path)
    meta = saved.meta
    curves = curves_from_meta(meta)
    name = Path(path).name
    if not curves:
        raise ValueError(
            f"{name} holds weights but no run history to compare with (save a run from the app "
            "with this version to keep its curves)"
        )
    settings = {key: meta[key] for key, _ in COMPARED if key in meta}
    if isinstance(meta.get("spec"), str):
        settings["net"] = meta["spec"]
    accuracy = meta.get("test_accuracy")
    if accuracy is None and len(curves.evals):
        accuracy = float(curves.evals[-1, 2])
    return KeptRun(settings, curves, accuracy, name, saved.spec, saved.weights, timing_from_meta(meta))


MAX_SHOWN = 24
"""A custom network's spec is shortened to this many characters in a label."""


def settings_now(state, sidebar: dict) -> dict:
    """The settings of the run now, to tell it from the kept one: those the running (or ended) run trains
    with, changes made while it trains included (:meth:`~.state.AppState.run_settings`), else what Start would
    train (the ``sidebar``'s settings and dataset, with the state's seed)."""
    return state.run_settings(sidebar)


def shown(value, key: str = "") -> str:
    """A setting as a label shows it (a preset network by its name, a custom one shortened)."""
    if key == "net":
        text = str(value)
        name = preset_name(text)
        return name if name else (text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 1] + "…")
    if key == "lr" and isinstance(value, (int, float)):
        return format_rate(value)  # (as every message writes a rate: "0,0003" in German, never "3e-04")
    if isinstance(value, float):
        return f"{localized(value):g}"  # (in the language numbers are shown in: "0,01" in German)
    return str(value)


def differences(kept: dict, now: dict) -> list[tuple[str, str, str]]:
    """(short name, kept value, current value) for each setting that differs, in :data:`COMPARED` order."""
    out = []
    for key, short in COMPARED:
        if key in kept and key in now and shown(kept[key], key) != shown(now[key], key):
            out.append((short, shown(kept[key], key), shown(now[key], key)))
    return out


def describe(kept: KeptRun, now: dict | None = None, translate=None) -> str:
    """The kept run's label: what differs from the run now, e.g. "lr 0.001 vs 0.01 now"; when nothing
    differs, its main settings, e.g. "adam lr 0.002 batch 64 (same settings)". ``translate``: the GUI's
    ``tr`` (the words in its language; the values as they are); English without one."""
    _ = translate or (lambda text: text)
    found = differences(kept.settings, now or {})
    if found:
        return _(N_(", ")).join(
            _(N_("{name} {kept} vs {now} now")).format(name=_(name) if name else "", kept=a, now=b).strip()
            for name, a, b in found
        )
    main = [
        f"{_(dict(COMPARED)[key]) if dict(COMPARED)[key] else ''} {shown(kept.settings[key], key)}".strip()
        for key in SHOWN_WHEN_SAME
        if key in kept.settings
    ]
    return _(N_("{settings} (same settings)")).format(settings=" ".join(main)) if now else " ".join(main)

"""What a checkpoint's metadata may say, checked (a checkpoint is untrusted input: students share them):
:func:`clean_meta` keeps the known fields only when valid, text bounded and escaped, and notes each field it
drops; the run history, the last timing and the class names each have a checker of their own, which the
comparison (a saved model's curves and timings) and the drawings store (a folder's class names) use too.
"""

from __future__ import annotations

import math
import re

from ..data.limits import shorten

MAX_HISTORY_POINTS = 500
"""A checkpoint's run history (``meta["history"]``) keeps at most this many training and evaluation rows each."""
MAX_HISTORY_VALUE = 1e12
"""Largest epoch or loss a history may hold: the curves draw and number what is accepted (a 1e308 loss
or epoch overflowed their tick arithmetic); no real run gets near it."""
HISTORY_KINDS = ("train", "eval")
"""``train`` rows: (epoch, loss, batch accuracy); ``eval`` rows: (epoch, test loss, test accuracy)."""


def clean_history(value) -> dict | None:
    """A checkpoint's run history, checked: ``{"train": rows, "eval": rows}``, each row three finite numbers
    (epoch and loss in [0, :data:`MAX_HISTORY_VALUE`], accuracy in [0, 1]), at most :data:`MAX_HISTORY_POINTS` rows
    per kind, epochs
    not going back. None when it is anything else (a file from elsewhere is read as having no history)."""
    if not isinstance(value, dict) or set(value) - set(HISTORY_KINDS):
        return None
    clean = {}
    for kind in HISTORY_KINDS:
        rows = value.get(kind, [])
        if not isinstance(rows, list) or len(rows) > MAX_HISTORY_POINTS:
            return None
        for row in rows:
            if not (
                isinstance(row, list)
                and len(row) == 3
                and all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in row)
            ):
                return None
            if not (0 <= row[0] <= MAX_HISTORY_VALUE and 0 <= row[1] <= MAX_HISTORY_VALUE and 0 <= row[2] <= 1):
                return None
        if any(b[0] < a[0] for a, b in zip(rows, rows[1:])):
            return None
        clean[kind] = [[float(v) for v in row] for row in rows]
    return clean


MAX_MARKS = 40
"""A checkpoint's marks (``meta["marks"]``: where its run changed mid-way) are at most this many."""
MAX_MARK_CHARS = 60
MARK_KINDS = ("settings", "backend")
"""A mark's kinds: hyperparameters changed mid-run ("lr 0.01"), the run moved to another backend ("→ numpy")."""


def clean_marks(value) -> list | None:
    """A checkpoint's curve marks, checked: at most :data:`MAX_MARKS` rows ``[epoch, kind, text]``, the epoch a
    finite number in [0, :data:`MAX_HISTORY_VALUE`], the kind one of :data:`MARK_KINDS`, the text one line of at
    most :data:`MAX_MARK_CHARS` printable characters (drawn on the curves). None when it is anything else."""
    if not isinstance(value, list) or len(value) > MAX_MARKS:
        return None
    for row in value:
        if not (isinstance(row, list) and len(row) == 3):
            return None
        epoch, kind, text = row
        if not (
            isinstance(epoch, (int, float))
            and not isinstance(epoch, bool)
            and math.isfinite(epoch)
            and 0 <= epoch <= MAX_HISTORY_VALUE
            and kind in MARK_KINDS
            and isinstance(text, str)
            and 0 < len(text) <= MAX_MARK_CHARS
            and text.isprintable()
        ):
            return None
    return [[float(epoch), kind, text] for epoch, kind, text in value]


MAX_TIMING_LAYERS = 256
"""A checkpoint's timing (``meta["timings"]``) names at most this many layers."""
MAX_TIMING_MS = 1e7
TIMING_NAME = re.compile(r"[a-z][a-z0-9_]{0,39}")
"""A layer's or a backend's name in a timing: shown in the timings panel (rich text), so plain words only."""


def _milliseconds(value) -> bool:
    return (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and math.isfinite(value)
        and 0 <= value <= MAX_TIMING_MS
    )


def clean_timings(value) -> dict | None:
    """A checkpoint's last per-layer timing, checked: ``{"backend", "batch_size", "step", "step_ms", "layers"}``,
    layers ``[name, forward ms, backward ms]`` (at most :data:`MAX_TIMING_LAYERS`, plain names, finite
    milliseconds in [0, 1e7]). None when it is anything else (the file is read as not saying its timings)."""
    if not isinstance(value, dict) or set(value) != {"backend", "batch_size", "step", "step_ms", "layers"}:
        return None
    backend, batch, step, layers = value["backend"], value["batch_size"], value["step"], value["layers"]
    if not (isinstance(backend, str) and TIMING_NAME.fullmatch(backend) and _milliseconds(value["step_ms"])):
        return None
    if not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n < 2**31 for n in (batch, step)):
        return None
    if not isinstance(layers, list) or not 0 < len(layers) <= MAX_TIMING_LAYERS:
        return None
    for row in layers:
        if not (
            isinstance(row, list)
            and len(row) == 3
            and isinstance(row[0], str)
            and TIMING_NAME.fullmatch(row[0])
            and _milliseconds(row[1])
            and _milliseconds(row[2])
        ):
            return None
    return {
        "backend": backend,
        "batch_size": batch,
        "step": step,
        "step_ms": float(value["step_ms"]),
        "layers": [[name, float(f), float(b)] for name, f, b in layers],
    }


MAX_CLASS_NAMES = 10
MAX_CLASS_NAME_CHARS = 24
"""A net of the class's own classes records their names (the class canvas bounds them the same)."""


def clean_class_names(value) -> list[str] | None:
    """2 to 10 distinct non-empty names of at most 24 characters (untrusted: a file may say anything), else None."""
    if not isinstance(value, list) or not 2 <= len(value) <= MAX_CLASS_NAMES:
        return None
    if not all(isinstance(n, str) and 0 < len(n) <= MAX_CLASS_NAME_CHARS for n in value):
        return None
    names = [shorten(" ".join(n.split()), MAX_CLASS_NAME_CHARS) for n in value]
    return names if all(names) and len(set(names)) == len(names) else None


STRUCTURED = {
    "history": (clean_history, "its run history is not valid and is ignored"),
    "marks": (clean_marks, "its curves' marks are not valid and are ignored"),
    "timings": (clean_timings, "its timings are not valid and are ignored"),
    "class_names": (clean_class_names, "its class names are not valid and are ignored"),
}
"""Meta entries with a structure of their own: key -> (its checker, the note when it refuses them)."""


def clean_meta(meta: dict) -> tuple[dict, list[str]]:
    """Known fields only when valid; text bounded and escaped (it is shown to people). Also
    a note for each known field dropped as invalid (the file is then read as not saying it)."""
    clean, notes = {}, []
    for key, value in list(meta.items())[:100]:
        key = shorten(str(key), 60)
        shown = shorten(repr(value), 40)
        if key in ("step", "steps", "seed", "format"):
            if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**63:
                clean[key] = value
            elif key in ("step", "steps"):
                notes.append(f"its step count ({shown}) is not a number of steps, so the steps count from 0")
            else:
                notes.append(f"its {key} ({shown}) is not a whole number >= 0 and is ignored")
        elif key in ("epoch", "test_accuracy", "test_loss"):
            if (
                isinstance(value, (int, float))
                and not isinstance(value, bool)
                and math.isfinite(value)
                and value >= 0
                and (key != "test_accuracy" or value <= 1)
            ):
                clean[key] = float(value)
            else:
                notes.append(f"its {key} ({shown}) is not valid and is ignored")
        elif key == "spec":
            clean[key] = value
        elif key in STRUCTURED:
            check, refused = STRUCTURED[key]
            checked = check(value)
            if checked is None:
                notes.append(refused)
            else:
                clean[key] = checked
        elif isinstance(value, str):
            clean[key] = shorten(value, 200)
        elif value is None or isinstance(value, (bool, int, float)):
            clean[key] = value
    return clean, notes

"""A run's CSV tables: they open directly in a spreadsheet (the printable report: :mod:`.report`).

* :func:`metrics_csv` -- one row per training step (loss, batch accuracy, learning rate, speed) with the test
  metrics on the steps where an evaluation ran; accuracies in percent (``train.events.ACCURACY_UNIT``).
* :func:`timings_csv` -- per-layer forward/backward times, one row per layer per measurement ("long" format,
  ready for a pivot table).

They take the trainer's events (``StepFinished``, ``EvaluationFinished``, ``TimingMeasured``) of one run. Files
are written atomically.
"""

from __future__ import annotations

import csv
import io
import math
import os
from collections.abc import Sequence
from pathlib import Path

from ..data.file_writing import atomic_write_text
from ..train.events import as_percent

METRICS_COLUMNS = (
    "step",
    "epoch",
    "loss",
    "train_accuracy",
    "lr",
    "images_per_s",
    "backend",
    "test_loss",
    "test_accuracy",
    "test_samples",
)
TIMINGS_COLUMNS = ("step", "backend", "batch_size", "step_ms", "layer", "forward_ms", "backward_ms")


def _number(value, digits: int = 6) -> str:
    """A CSV cell: empty for missing, full precision otherwise (spreadsheets parse it)."""
    if value is None:
        return ""
    if isinstance(value, float):
        if not math.isfinite(value):
            return str(value)  # nan / inf: a diverged run must show it
        return f"{value:.{digits}g}"
    return str(value)


def _metric_rows(steps, evals) -> list[dict]:
    rows: dict[int, dict] = {}
    for s in steps:
        rows[int(s.step)] = {
            "step": int(s.step),
            "epoch": float(s.epoch),
            "loss": float(s.loss),
            "train_accuracy": as_percent(s.accuracy),
            "lr": float(s.lr),
            "images_per_s": float(s.images_per_s),
            "backend": s.backend,
        }
    for e in evals:
        row = rows.setdefault(int(e.step), {"step": int(e.step), "epoch": float(e.epoch)})
        row.update(test_loss=float(e.test_loss), test_accuracy=as_percent(e.test_accuracy), test_samples=int(e.samples))
    return [rows[k] for k in sorted(rows)]


def metrics_csv(steps: Sequence, evals: Sequence, path: str | os.PathLike[str]) -> Path:
    """Write training and test metrics by step (see :data:`METRICS_COLUMNS`)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(METRICS_COLUMNS)
    for row in _metric_rows(steps, evals):
        writer.writerow([_number(row.get(column)) for column in METRICS_COLUMNS])
    return atomic_write_text(path, buffer.getvalue())


def timings_csv(timings: Sequence, path: str | os.PathLike[str]) -> Path:
    """Write per-layer timings, one row per layer per measurement (see :data:`TIMINGS_COLUMNS`)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(TIMINGS_COLUMNS)
    for t in timings:
        for layer in t.layers:
            writer.writerow(
                [
                    t.step,
                    t.backend,
                    t.batch_size,
                    _number(float(t.step_ms)),
                    layer.name,
                    _number(float(layer.forward_ms)),
                    _number(float(layer.backward_ms)),
                ]
            )
    return atomic_write_text(path, buffer.getvalue())

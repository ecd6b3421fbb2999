"""``cnnviz train --metrics``: the run's steps, evaluations and timings as JSON lines, a side output that
never stops training."""

from __future__ import annotations

import json
import math
import os
import time

from ..data.limits import escape_control
from ..train.events import as_percent


class MetricsLog:
    """``--metrics``: every step and evaluation as a JSON line.

    A side output: when writing fails (a full disk, ``/dev/full``, a removed
    drive) it warns once and stops logging; training and saving go on. A named
    pipe nothing reads, a disk device or a socket is refused before training
    (opening a pipe without a reader would wait with no word).
    """

    def __init__(self, path: str, warn, header: dict):
        from ..data.files import describe_file_error, open_for_append

        self.path, self.warn = path, warn
        try:
            self.fh = open_for_append(path)
        except OSError as exc:  # before training: an ordinary error
            raise ValueError(f"--metrics {describe_file_error(exc, path)}") from None
        try:  # one run per file: a second run's lines appended to the first's would mix them silently
            already = os.path.isfile(path) and os.path.getsize(path) > 0
        except OSError:
            already = False
        if already:
            self.fh.close()
            raise ValueError(
                f"--metrics {escape_control(path)}: already holds an earlier run's records; give each "
                "run its own file (or delete this one)"
            )
        self(header)

    def __call__(self, event) -> None:
        if self.fh is None:
            return
        row = metric_row(event)
        if row is None:
            return
        try:
            self.fh.write(json.dumps(json_safe(row)) + "\n")
            self.fh.flush()
        except (OSError, ValueError) as exc:
            self._fail(exc)

    def _fail(self, exc: BaseException) -> None:
        from ..data.files import describe_file_error

        fh, self.fh = self.fh, None
        self.warn(
            f"warning: --metrics {describe_file_error(exc, self.path)}; metrics are no longer written, training goes on"
        )
        try:
            fh.close()
        except (OSError, ValueError):
            pass

    def close(self) -> None:
        if self.fh is not None:
            try:
                self.fh.close()
                self.fh = None
            except (OSError, ValueError) as exc:
                self._fail(exc)


def json_safe(value):
    """NaN and infinity as null: JSON has no such numbers (json.dumps would write invalid JSON)."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: json_safe(v) for k, v in value.items()}
    if isinstance(value, list):
        return [json_safe(v) for v in value]
    return value


def metric_row(event) -> dict | None:
    from ..train import events as ev

    if isinstance(event, dict):  # the header
        return event
    if isinstance(event, ev.StepFinished):
        return {
            "type": "step",
            "step": event.step,
            "epoch": event.epoch,
            "loss": event.loss,
            "accuracy": as_percent(event.accuracy),
            "images_per_s": event.images_per_s,
            "lr": event.lr,
            "backend": event.backend,
            "time": time.time(),
        }
    if isinstance(event, ev.EvaluationFinished):
        return {
            "type": "eval",
            "step": event.step,
            "epoch": event.epoch,
            "test_loss": event.test_loss,
            "test_accuracy": as_percent(event.test_accuracy),
            "samples": event.samples,
            "time": time.time(),
        }
    if isinstance(event, ev.TimingMeasured):
        return {
            "type": "timing",
            "step": event.step,
            "backend": event.backend,
            "layers": [
                {"name": l.name, "forward_ms": l.forward_ms, "backward_ms": l.backward_ms} for l in event.layers
            ],
        }
    return None

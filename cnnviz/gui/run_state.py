"""What the app knows about the current run: its state and its history. No Qt.

The panels draw; this keeps the numbers the exports and the report need
(every step, every evaluation without its per-image arrays, the latest
timings) and the run's state as the trainer last told it. :meth:`RunState.clear`
forgets the history when the weights start over (a new run, new random
weights, a loaded checkpoint, a reset mid-run).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from ..train import events as ev

MAX_STEP_EVENTS = 200_000
"""Steps kept for the CSV export; beyond this every other one is dropped."""
MAX_TIMING_EVENTS = 5_000
_NO_LABELS = np.zeros(0, np.int64)
_NO_LABELS.flags.writeable = False
_NO_CONFIDENCES = np.zeros(0, np.float32)
_NO_CONFIDENCES.flags.writeable = False


def scalars_only(event: ev.EvaluationFinished) -> ev.EvaluationFinished:
    """An evaluation for the run's history (CSV, report): its numbers without the per-image
    arrays, which only the latest evaluation needs (up to 200 kB each for a full test set,
    so a long run would otherwise keep growing)."""
    return replace(event, labels=_NO_LABELS, predictions=_NO_LABELS, confidences=_NO_CONFIDENCES)


@dataclass
class RunState:
    state: str = "idle"
    """idle, starting, running, paused, finished, stopped or failed (not history: clear() keeps it)."""
    last_step: ev.StepFinished | None = None
    last_eval: ev.EvaluationFinished | None = None
    """The latest evaluation with its per-image arrays (confusion matrix, report)."""
    result: ev.RunFinished | None = None
    steps: list[ev.StepFinished] = field(default_factory=list)
    evaluations: list[ev.EvaluationFinished] = field(default_factory=list)
    timings: list[ev.TimingMeasured] = field(default_factory=list)

    def clear(self) -> None:
        """Forget the history: what was recorded belongs to weights that are gone."""
        self.last_step = self.last_eval = self.result = None
        self.steps = []
        self.evaluations = []
        self.timings = []

    def add_steps(self, steps: list[ev.StepFinished]) -> None:
        if not steps:
            return
        self.steps.extend(steps)
        if len(self.steps) > MAX_STEP_EVENTS:
            self.steps = self.steps[::2]
        self.last_step = steps[-1]

    def add_evaluation(self, event: ev.EvaluationFinished) -> None:
        self.last_eval = event
        self.evaluations.append(scalars_only(event))

    def add_timing(self, event: ev.TimingMeasured) -> None:
        self.timings.append(event)
        if len(self.timings) > MAX_TIMING_EVENTS:
            del self.timings[:len(self.timings) - MAX_TIMING_EVENTS]

    @property
    def running(self) -> bool:
        return self.state == "running"

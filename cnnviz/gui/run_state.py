"""What the app knows about the current run: its state and its history. No Qt.

The panels draw; this keeps the numbers the exports and the report need
(the steps, every evaluation without its per-image arrays, the latest
timings) and the run's state as the trainer last told it. :meth:`RunState.clear`
forgets the history when the weights start over (a new run, new random
weights, a loaded checkpoint, a reset mid-run).

Memory stays flat however long the run: :class:`StepHistory` keeps every step
of the latest ``RECENT_STEPS`` and, before them, every k-th one in compact
columns (k doubles whenever they fill up), so a million steps cost the same
few megabytes as fifty thousand.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field, replace

import numpy as np

from ..train import events as ev

RECENT_STEPS = 10_000
"""The latest steps are all kept (the report's smoothed tail, the CSV's recent rows)."""
OLDER_STEPS = 20_000
"""Older steps: at most this many, evenly thinned (every k-th step)."""
MAX_EVALUATIONS = 10_000
"""Evaluations kept (scalars only); beyond this every other older one is dropped."""
MAX_TIMING_EVENTS = 5_000
_NO_LABELS = np.zeros(0, np.int64)
_NO_LABELS.flags.writeable = False
_NO_CONFIDENCES = np.zeros(0, np.float32)
_NO_CONFIDENCES.flags.writeable = False
_COLUMNS = ("step", "epoch", "loss", "accuracy", "batch_size", "images_per_s", "lr", "eta_s")


def scalars_only(event: ev.EvaluationFinished) -> ev.EvaluationFinished:
    """An evaluation for the run's history (CSV, report): its numbers without the per-image
    arrays, which only the latest evaluation needs (up to 200 kB each for a full test set,
    so a long run would otherwise keep growing)."""
    return replace(event, labels=_NO_LABELS, predictions=_NO_LABELS, confidences=_NO_CONFIDENCES)


class StepHistory:
    """The run's StepFinished events, bounded: every step of the latest ``recent``,
    every ``stride``-th one before them (at most ``older`` of those)."""

    def __init__(self, recent: int = RECENT_STEPS, older: int = OLDER_STEPS):
        if recent < 1 or older < 2:
            raise ValueError("recent must be >= 1 and older >= 2")
        self.recent_capacity = recent
        self.older_capacity = older
        self.clear()

    def clear(self) -> None:
        self._recent: deque[ev.StepFinished] = deque()
        self._older = np.empty((self.older_capacity, len(_COLUMNS)), np.float64)
        self._older_backend = np.empty(self.older_capacity, np.int16)
        self._n_older = 0
        self._backends: list[str] = []
        self.stride = 1
        self._passed = 0
        """Steps that left the recent window so far (the thinning counts these)."""

    def __len__(self) -> int:
        return self._n_older + len(self._recent)

    def __bool__(self) -> bool:
        return len(self) > 0

    @property
    def last(self) -> ev.StepFinished | None:
        if self._recent:
            return self._recent[-1]
        return self._older_event(self._n_older - 1) if self._n_older else None

    def extend(self, steps) -> None:
        recent = self._recent
        recent.extend(steps)
        while len(recent) > self.recent_capacity:
            self._retire(recent.popleft())

    def _retire(self, event: ev.StepFinished) -> None:
        keep = self._passed % self.stride == 0
        self._passed += 1
        if not keep:
            return
        if self._n_older == self.older_capacity:
            half = self.older_capacity // 2
            self._older[:half] = self._older[:2 * half:2]
            self._older_backend[:half] = self._older_backend[:2 * half:2]
            self._n_older = half
            self.stride *= 2
            if (self._passed - 1) % self.stride:
                return  # this one falls between the new, sparser points
        try:
            backend = self._backends.index(event.backend)
        except ValueError:
            self._backends.append(event.backend)
            backend = len(self._backends) - 1
        eta = np.nan if event.eta_s is None else event.eta_s
        self._older[self._n_older] = (event.step, event.epoch, event.loss, event.accuracy, event.batch_size,
                                      event.images_per_s, event.lr, eta)
        self._older_backend[self._n_older] = backend
        self._n_older += 1

    def truncate_after(self, step: int) -> int:
        """Forget the steps after ``step`` (the trainer went back to an earlier state); returns how many went."""
        before = len(self)
        recent = self._recent
        while recent and recent[-1].step > step:
            recent.pop()
        if not recent and self._n_older:
            self._n_older = int(np.searchsorted(self._older[:self._n_older, 0], step, side="right"))
        return before - len(self)

    def events(self) -> list[ev.StepFinished]:
        """Every kept step, oldest first (the older ones rebuilt from their columns)."""
        return [self._older_event(i) for i in range(self._n_older)] + list(self._recent)

    def _older_event(self, i: int) -> ev.StepFinished:
        step, epoch, loss, accuracy, batch, rate, lr, eta = (float(v) for v in self._older[i])
        return ev.StepFinished(int(step), epoch, loss, accuracy, int(batch), rate, lr,
                               self._backends[int(self._older_backend[i])], None if np.isnan(eta) else eta)

    def nbytes(self) -> int:
        """About how much memory the history holds (a test keeps it bounded)."""
        per_event = 600  # a frozen dataclass of nine fields, their float objects included
        return self._older.nbytes + self._older_backend.nbytes + per_event * len(self._recent)


@dataclass
class RunState:
    state: str = "idle"
    """idle, starting, running, paused, finished, stopped or failed (not history: clear() keeps it)."""
    last_step: ev.StepFinished | None = None
    last_eval: ev.EvaluationFinished | None = None
    """The latest evaluation with its per-image arrays (confusion matrix, report)."""
    result: ev.RunFinished | None = None
    history: StepHistory = field(default_factory=StepHistory)
    evaluations: list[ev.EvaluationFinished] = field(default_factory=list)
    timings: list[ev.TimingMeasured] = field(default_factory=list)
    unsaved: bool = False
    """Steps were trained since the weights were last saved or loaded (closing or replacing them asks first)."""

    def clear(self) -> None:
        """Forget the history: what was recorded belongs to weights that are gone."""
        self.last_step = self.last_eval = self.result = None
        self.history.clear()
        self.evaluations = []
        self.timings = []
        self.unsaved = False

    @property
    def steps(self) -> list[ev.StepFinished]:
        """The kept steps as events, oldest first (for the exports; see :class:`StepHistory`)."""
        return self.history.events()

    def add_steps(self, steps: list[ev.StepFinished]) -> None:
        if not steps:
            return
        self.history.extend(steps)
        self.last_step = steps[-1]
        self.unsaved = True

    def add_evaluation(self, event: ev.EvaluationFinished) -> None:
        self.last_eval = event
        self.evaluations.append(scalars_only(event))
        if len(self.evaluations) > MAX_EVALUATIONS:
            half = MAX_EVALUATIONS // 2
            self.evaluations = self.evaluations[:-half:2] + self.evaluations[-half:]

    def add_timing(self, event: ev.TimingMeasured) -> None:
        self.timings.append(event)
        if len(self.timings) > MAX_TIMING_EVENTS:
            del self.timings[:len(self.timings) - MAX_TIMING_EVENTS]

    def rewind(self, step: int) -> bool:
        """The trainer went back to ``step`` (a GPU failure lost the steps since its last backup):
        what was recorded after it never happened. True when something was dropped."""
        if self.last_step is None or self.last_step.step <= step:
            return False
        self.history.truncate_after(step)
        self.last_step = self.history.last
        self.evaluations = [e for e in self.evaluations if e.step <= step]
        if self.last_eval is not None and self.last_eval.step > step:
            self.last_eval = None
        self.timings = [t for t in self.timings if t.step <= step]
        return True

    @property
    def running(self) -> bool:
        return self.state == "running"

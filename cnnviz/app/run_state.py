"""What the app knows about the current run: its state and its history. No Qt.

The panels draw; this keeps the numbers the exports and the report need
(the steps, every evaluation without its per-image arrays, the latest
timings) and the run's state as the trainer last told it. :meth:`RunState.clear`
forgets the history when the weights start over (a new run, new random
weights, a loaded checkpoint, a reset mid-run).

Memory stays flat however long the run: :class:`StepHistory` keeps the steps
in compact columns allocated once -- every step of the latest ``RECENT_STEPS``
and, before them, every k-th one (k doubles whenever they fill up) -- so a
million steps cost the same 2.6 MB as the first one.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from ..nn.checkpoint_meta import MAX_MARKS
from ..number_format import format_rate
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
    """The run's StepFinished events as compact columns, bounded: every step of the latest
    ``recent`` (at least; up to twice as many before they are thinned), and every ``stride``-th
    one before them (at most ``older`` of those). Memory is allocated once."""

    def __init__(self, recent: int = RECENT_STEPS, older: int = OLDER_STEPS):
        if recent < 1 or older < 2:
            raise ValueError("recent must be >= 1 and older >= 2")
        self.recent_capacity = recent
        self.older_capacity = older
        self._recent = np.empty((2 * recent, len(_COLUMNS)), np.float64)
        self._recent_backend = np.empty(2 * recent, np.int16)
        self._older = np.empty((older, len(_COLUMNS)), np.float64)
        self._older_backend = np.empty(older, np.int16)
        self.clear()

    def clear(self) -> None:
        self._n_recent = 0
        self._n_older = 0
        self._backends: list[str] = []
        self._last: ev.StepFinished | None = None
        self.stride = 1
        self._passed = 0
        """Steps that left the recent window so far (the thinning counts these)."""

    def __len__(self) -> int:
        return self._n_older + self._n_recent

    def __bool__(self) -> bool:
        return len(self) > 0

    @property
    def last(self) -> ev.StepFinished | None:
        return self._last

    def _backend_index(self, name: str) -> int:
        try:
            return self._backends.index(name)
        except ValueError:
            self._backends.append(name)
            return len(self._backends) - 1

    def extend(self, steps) -> None:
        steps = list(steps)
        if not steps:
            return
        self._last = steps[-1]
        for start in range(0, len(steps), self.recent_capacity):
            chunk = steps[start : start + self.recent_capacity]
            rows = np.array(
                [
                    (
                        e.step,
                        e.epoch,
                        e.loss,
                        e.accuracy,
                        e.batch_size,
                        e.images_per_s,
                        e.lr,
                        np.nan if e.eta_s is None else e.eta_s,
                    )
                    for e in chunk
                ],
                np.float64,
            )
            backends = np.array([self._backend_index(e.backend) for e in chunk], np.int16)
            if self._n_recent + len(chunk) > len(self._recent):
                self._compact()
            n = self._n_recent
            self._recent[n : n + len(chunk)] = rows
            self._recent_backend[n : n + len(chunk)] = backends
            self._n_recent = n + len(chunk)

    def _compact(self) -> None:
        """Thin the steps older than the latest ``recent_capacity`` into the older columns."""
        keep = self.recent_capacity
        retire = self._n_recent - keep
        if retire <= 0:
            return
        self._retire(self._recent[:retire], self._recent_backend[:retire])
        self._recent[:keep] = self._recent[retire : self._n_recent]
        self._recent_backend[:keep] = self._recent_backend[retire : self._n_recent]
        self._n_recent = keep

    def _retire(self, rows: np.ndarray, backends: np.ndarray) -> None:
        i, n = 0, len(rows)
        while True:
            i += (-(self._passed + i)) % self.stride  # the next step a multiple of the stride
            if i >= n:
                break
            if self._n_older == self.older_capacity:
                half = self.older_capacity // 2
                self._older[:half] = self._older[: 2 * half : 2]
                self._older_backend[:half] = self._older_backend[: 2 * half : 2]
                self._n_older = half
                self.stride *= 2
                continue  # this one may fall between the new, sparser points
            self._older[self._n_older] = rows[i]
            self._older_backend[self._n_older] = backends[i]
            self._n_older += 1
            i += 1
        self._passed += n

    def truncate_after(self, step: int) -> int:
        """Forget the steps after ``step`` (the trainer went back to an earlier state); returns how many went."""
        before = len(self)
        self._n_recent = int(np.searchsorted(self._recent[: self._n_recent, 0], step, side="right"))
        if not self._n_recent:
            self._n_older = int(np.searchsorted(self._older[: self._n_older, 0], step, side="right"))
        if len(self) != before:
            self._last = (
                self._event(self._recent, self._recent_backend, self._n_recent - 1)
                if self._n_recent
                else self._event(self._older, self._older_backend, self._n_older - 1)
                if self._n_older
                else None
            )
        return before - len(self)

    def events(self) -> list[ev.StepFinished]:
        """Every kept step, oldest first, rebuilt from the columns."""
        return [self._event(self._older, self._older_backend, i) for i in range(self._n_older)] + [
            self._event(self._recent, self._recent_backend, i) for i in range(self._n_recent)
        ]

    def _event(self, rows: np.ndarray, backends: np.ndarray, i: int) -> ev.StepFinished:
        step, epoch, loss, accuracy, batch, rate, lr, eta = (float(v) for v in rows[i])
        return ev.StepFinished(
            int(step),
            epoch,
            loss,
            accuracy,
            int(batch),
            rate,
            lr,
            self._backends[int(backends[i])],
            None if np.isnan(eta) else eta,
        )

    def nbytes(self) -> int:
        """The memory the history holds (allocated once: a test keeps it bounded)."""
        return sum(a.nbytes for a in (self._recent, self._recent_backend, self._older, self._older_backend))


@dataclass(frozen=True)
class CurveMark:
    """Where the run changed mid-way, as its curves mark it (a dashed line and ``text``)."""

    step: int
    epoch: float
    kind: str
    """One of :data:`~cnnviz.nn.checkpoint_meta.MARK_KINDS`: hyperparameters changed mid-run ("lr 0.01"), the run
    moved to another backend ("→ numpy")."""
    text: str


def changes_text(changes: dict) -> str:
    """A mark's words for hyperparameters changed mid-run ("lr 0.01, batch 64")."""
    return ", ".join(
        f"lr {format_rate(v, language='en')}"  # (stored in English; shown as the language writes it)
        if k == "lr" and isinstance(v, (int, float))
        else f"{k.replace('batch_size', 'batch')} {v:g}"
        if isinstance(v, float)
        else f"{k} {v}"
        for k, v in changes.items()
    )


def backend_text(name: str) -> str:
    """A mark's words for a move to backend ``name``."""
    return f"→ {name}"


@dataclass
class RunState:
    state: ev.RunPhase = ev.RunPhase.IDLE
    """Not history: clear() keeps it."""
    last_step: ev.StepFinished | None = None
    last_eval: ev.EvaluationFinished | None = None
    """The latest evaluation with its per-image arrays (confusion matrix, report)."""
    result: ev.RunFinished | None = None
    history: StepHistory = field(default_factory=StepHistory)
    evaluations: list[ev.EvaluationFinished] = field(default_factory=list)
    timings: list[ev.TimingMeasured] = field(default_factory=list)
    marks: list[CurveMark] = field(default_factory=list)
    """Where the run changed mid-way (the latest :data:`MAX_MARKS`): a saved model carries them with its curves."""
    unsaved: bool = False
    """Steps were trained since the weights were last saved or loaded (closing or replacing them asks first)."""
    in_a_file: bool = False
    """The weights now were saved to a file and no step was trained since: the run's autosave holds nothing
    more (unlike ``not unsaved``, which a Discard answer also gives)."""

    def clear(self) -> None:
        """Forget the history: what was recorded belongs to weights that are gone."""
        self.last_step = self.last_eval = self.result = None
        self.history.clear()
        self.evaluations = []
        self.timings = []
        self.marks = []
        self.unsaved = False
        self.in_a_file = False

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
        self.in_a_file = False

    def add_evaluation(self, event: ev.EvaluationFinished) -> None:
        self.last_eval = event
        self.evaluations.append(scalars_only(event))
        if len(self.evaluations) > MAX_EVALUATIONS:
            half = MAX_EVALUATIONS // 2
            self.evaluations = self.evaluations[:-half:2] + self.evaluations[-half:]

    def add_timing(self, event: ev.TimingMeasured) -> None:
        self.timings.append(event)
        if len(self.timings) > MAX_TIMING_EVENTS:
            del self.timings[: len(self.timings) - MAX_TIMING_EVENTS]

    def add_mark(self, step: int, epoch: float, kind: str, text: str) -> None:
        """The run changed mid-way at ``step`` (``epoch``): hyperparameters or the backend (``kind``); the latest
        :data:`~cnnviz.nn.checkpoint_meta.MAX_MARKS` are kept (the curves draw as many)."""
        self.marks.append(CurveMark(int(step), float(epoch), kind, text))
        del self.marks[:-MAX_MARKS]

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
        self.marks = [m for m in self.marks if m.step <= step]
        return True

    @property
    def running(self) -> bool:
        return self.state == ev.RunPhase.RUNNING

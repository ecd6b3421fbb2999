"""The steps whose loss is still on the device: a step writes its loss and accuracy into a slot
of the backend's stats buffer, and the trainer reads them all at once every ``sync_every`` steps
(a read waits for a GPU to finish). No Qt.

``PendingSteps`` keeps those steps' records in order, the buffer they are written into, and what
reading them tells about speed: the seconds spent training and the recent images per second.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .config import MAX_SYNC_EVERY
from .events import StepFinished
from .timing import Throughput

MAX_SYNC = MAX_SYNC_EVERY
"""Slots of the device stats buffer (the largest ``sync_every``)."""


@dataclass
class PendingStep:
    """A step whose loss is still on the device (read at the next flush)."""

    step: int
    slot: int
    epoch: float
    batch: int
    lr: float
    marks: list | None
    started: float
    """perf_counter() when the step began."""
    step_ms: float
    step_marks: tuple | None = None
    """A timed step's (start, end) backend marks on a GPU, read at the flush; None otherwise."""

    def finished(self, loss, correct, rate: float, backend: str, eta: float | None) -> StepFinished:
        """The event saying this step's ``loss`` and ``correct`` count, once read from the device."""
        return StepFinished(
            self.step, self.epoch, float(loss), float(correct) / self.batch, self.batch, rate, self.lr, backend, eta
        )


class PendingSteps:
    """The steps not yet read back, in order, and the buffer their losses are in."""

    def __init__(self):
        self.records: list[PendingStep] = []
        self.buffer = None
        """The backend's step-statistics buffer (``new_step_stats``)."""
        self.throughput = Throughput()
        self.train_seconds = 0.0
        """Seconds of training so far (the time from each first pending step to its read)."""

    def __len__(self) -> int:
        return len(self.records)

    def __bool__(self) -> bool:
        return bool(self.records)

    def open_on(self, backend) -> None:
        """A new buffer on ``backend`` (the run moved there). The records stay: steps pending on a
        failed GPU are read before the move and reported after it (``take``). The images/s start over: the
        last seconds were another backend's (NumPy showed numba's rate for seconds after a switch)."""
        self.buffer = backend.new_step_stats(MAX_SYNC)
        self.throughput = Throughput(self.throughput.horizon)

    @property
    def next_slot(self) -> int:
        """The slot the next step writes its loss into."""
        return len(self.records)

    def add(self, record: PendingStep) -> None:
        self.records.append(record)

    def clear(self) -> None:
        """The pending steps never happened (a divergence, a rewind, a reset)."""
        self.records = []

    def read(self, backend) -> np.ndarray | None:
        """(loss, correct) per pending step, from ``backend`` (None when there are none)."""
        return backend.read_step_stats(self.buffer, len(self.records)) if self.records else None

    def settle(self, now: float) -> list[PendingStep]:
        """The pending steps, read at ``now``: their time counts as training; none is pending after."""
        records, self.records = self.records, []
        elapsed = max(now - records[0].started, 1e-9)  # only steps run since then (commands flush first)
        self.train_seconds += elapsed
        self.throughput.add(sum(r.batch for r in records), elapsed)
        return records

    def take(self) -> list[PendingStep]:
        """The pending steps, handed over without timing (their losses were rescued from a failing GPU)."""
        records, self.records = self.records, []
        return records

    def rate(self) -> float:
        """Images per second over the last few seconds of training."""
        return self.throughput.rate()

"""What the trainer tells its listeners (the CLI, the GUI, tests).

Every event is a small frozen dataclass holding Python scalars and host
NumPy arrays -- never a backend's device arrays -- so a listener on another
thread can keep it as long as it likes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

import numpy as np

from ..translatable import N_, Phrase


class RunPhase(StrEnum):
    """Where a run is. The trainer announces RUNNING, PAUSED, RESET (the weights started over;
    the run goes on as it was), FINISHED and STOPPED; the app adds IDLE (no run), STARTING
    (loading data, compiling) and FAILED (an error ended it). A ``str``: it compares equal to
    its value and prints and serialises as it."""

    IDLE = "idle"
    STARTING = "starting"
    RUNNING = "running"
    PAUSED = "paused"
    RESET = "reset"
    FINISHED = "finished"
    STOPPED = "stopped"
    FAILED = "failed"


@dataclass(frozen=True)
class RunStarted:
    net: str
    spec: str
    backend: str
    backend_description: str
    parameter_count: int
    layers: tuple[str, ...]
    """Layer names in order (``conv1``, ``relu1``, ``pool1``...)."""
    layer_shapes: tuple[tuple[int, ...], ...]
    steps_per_epoch: int
    total_steps: int
    dataset: str
    train_size: int
    test_size: int
    config: dict = field(default_factory=dict)
    threads: int | None = None
    """CPU worker threads the backend trains on (None: it has no such count: NumPy, GPUs)."""
    threads_how: str | None = None
    """How that count was chosen: ``given``, ``remembered``, ``probed`` or ``every core``."""


@dataclass(frozen=True)
class WarmupStarted:
    """A JIT backend is about to compile (or load from its cache) its kernels; training waits for it."""

    backend: str
    message: str


@dataclass(frozen=True)
class WarmupFinished:
    """A JIT backend compiled its kernels (first call); ``seconds`` is compile time."""

    backend: str
    seconds: float
    message: str


@dataclass(frozen=True)
class StepFinished:
    step: int
    """Steps completed so far (1-based)."""
    epoch: float
    """Fractional epoch: 1.5 = halfway through the second epoch."""
    loss: float
    accuracy: float
    """Training batch accuracy, 0-1."""
    batch_size: int
    images_per_s: float
    lr: float
    backend: str
    eta_s: float | None


@dataclass(frozen=True)
class EvaluationFinished:
    step: int
    epoch: float
    test_loss: float
    test_accuracy: float
    """0-1, on ``samples`` test images."""
    samples: int
    labels: np.ndarray
    predictions: np.ndarray
    confidences: np.ndarray
    """Probability the model gave its predicted class, per test image."""


@dataclass(frozen=True)
class LayerTiming:
    name: str
    forward_ms: float
    backward_ms: float


@dataclass(frozen=True)
class TimingMeasured:
    step: int
    backend: str
    batch_size: int
    layers: tuple[LayerTiming, ...]
    step_ms: float
    """Wall time of the whole training step (data transfer, loss and update included)."""


@dataclass(frozen=True)
class ParameterStatsMeasured:
    """Distribution of every parameter and its gradient after a step (see cnnviz.train.stats)."""

    step: int
    epoch: float
    lr: float
    params: tuple
    """One ``cnnviz.train.stats.ParamStats`` per parameter (weights, gradients, update size)."""


@dataclass(frozen=True)
class Snapshot:
    """The network seen from inside at one step, for one input image."""

    step: int
    epoch: float
    input_image: np.ndarray
    """(28, 28) float32 in [0, 1]."""
    input_label: int | None
    feature_maps: tuple[tuple[str, np.ndarray], ...]
    """(layer name, (C, H, W) array) for every conv, relu and pool layer output."""
    kernels: tuple[tuple[str, np.ndarray], ...]
    """(conv layer name, (out, in, kh, kw) weights)."""
    probabilities: np.ndarray
    weights: dict
    """Host copy of every parameter (``conv1.weight``...), consistent with this step."""
    spec: str
    tag: str = ""
    """Caller's label for the request (e.g. ``"canvas"``)."""


@dataclass(frozen=True)
class BackendSwitched:
    step: int
    epoch: float
    old: str
    new: str
    description: str
    reason: str = ""
    """Empty when asked for; otherwise why it happened (e.g. a GPU error fell back to the CPU)."""


@dataclass(frozen=True)
class HyperparametersChanged:
    step: int
    epoch: float
    changes: dict


@dataclass(frozen=True)
class Diverged:
    step: int
    epoch: float
    loss: float
    restored_step: int
    cause: str
    """What went wrong (``the loss became nan at step 12``; a :class:`~cnnviz.translatable.Phrase` from
    the trainer, which the GUI shows in its language)."""
    advice: str
    """What to do about it (``Lower the learning rate (now 0.5) and resume.``)."""

    @property
    def message(self) -> Phrase:
        """The whole story in one paragraph, for the app (``message.text(tr)`` in the GUI's language)."""
        return Phrase(
            N_(
                "{cause}. The weights of step {step} were put back (the step count goes on from {now}) and training "
                "is paused. {advice}"
            ),
            cause=self.cause,
            step=self.restored_step,
            now=self.step,
            advice=self.advice,
        )


@dataclass(frozen=True)
class StateChanged:
    state: RunPhase
    """RUNNING, PAUSED, RESET, FINISHED or STOPPED (a plain string is converted)."""
    step: int

    def __post_init__(self):
        object.__setattr__(self, "state", RunPhase(self.state))


@dataclass(frozen=True)
class TrainerError:
    message: str
    details: str = ""
    fatal: bool = False
    """True when training cannot go on (the run ends); else it continues."""


@dataclass(frozen=True)
class RunFinished:
    steps: int
    epoch: float
    seconds: float
    train_seconds: float
    train_images_per_s: float
    test_accuracy: float | None
    test_loss: float | None
    backend: str
    stopped: bool
    compile_seconds: float = 0.0
    threads: int | None = None
    """CPU worker threads the run ended on (None where the backend has no such count)."""
    threads_how: str | None = None

    @property
    def phase(self) -> RunPhase:
        """STOPPED (asked to) or FINISHED (ran to its end)."""
        return RunPhase.STOPPED if self.stopped else RunPhase.FINISHED


ACCURACY_UNIT = "percent"
"""Every export gives accuracies in percent, 0-100: ``train --json``, ``--metrics`` JSON lines, the metrics CSV
and the HTML report (docs/classroom.md, "Exports")."""


def as_percent(fraction):
    """An accuracy (a fraction 0-1, as the trainer's events hold it) in the export unit, percent; None stays None."""
    return None if fraction is None else 100.0 * float(fraction)

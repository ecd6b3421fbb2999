"""Getting back to a good point: host backups of the training state, noticing when
training has gone wrong without a NaN, and moving a run to the CPU after a GPU failure.

A backup is everything a run needs to continue exactly from a step: weights,
optimizer state, step count and the data order (which fixes the schedule
position too). It lives in host memory, so it survives a GPU that lost its
memory (a "sticky" CUDA error) and a divergence that poisoned the weights.

A GPU can fail in two ways. A *non-sticky* error (out of memory, a bad launch)
leaves the device readable: the state is read from it as of the last completed
step, the losses still on the device included, and nothing is lost. A *sticky*
one (an illegal address) poisons the CUDA context for good: the run goes back
to the last host backup and redoes the steps since, deterministically. Either
way the failed backend is marked unavailable with the error as its reason.
"""

from __future__ import annotations

import math
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, TypeVar

import numpy as np

from ..backends import registry
from ..backends.base import BackendUnavailable
from ..translatable import N_, Phrase
from . import events as ev
from .config import TrainConfig
from .data_order import DataOrderState

T = TypeVar("T")

CPU_FALLBACKS = ("numba", "numpy")
CPU_BACKUP_STEPS = 50
"""On a CPU (where a backup is a cheap memory copy) one is also kept every this many steps."""
GRADIENT_CHECK_STEPS = 10
"""While the loss sits near chance, the first layer's gradient is looked at every this many steps
(CollapseWatch): one small copy from the device, never paid by a run that learns."""


@dataclass(frozen=True)
class HostState:
    """A consistent host copy of the run as of ``step``: enough to save a checkpoint, and to
    go on exactly from that step (the backup recovery goes back to)."""

    spec: str
    weights: dict[str, np.ndarray]
    optimizer_arrays: dict[str, np.ndarray]
    optimizer_t: int
    step: int
    epoch: float
    data: DataOrderState
    lr_used: float


MIN_ACCURACY_SAMPLES = 100
"""Test images an accuracy needs to be judged on: at 100, chance (10 %) and 50 % are eight
standard errors apart, so a fall from one to the other is no accident of sampling."""


class CollapseWatch:
    """Notices a run whose loss sits at chance level (ln 10 for ten classes) after
    having been clearly lower, or after blowing up: the slow kind of divergence
    (e.g. SGD with a far too high learning rate kills every ReLU and the loss
    stays at 2.30 for ever, with no NaN to give it away).

    A run whose loss never rose far (new random weights whose first overshoot peaked at 2.7)
    can die the same way; what gives it away is its gradient: while the loss is near chance the
    trainer looks every ``GRADIENT_CHECK_STEPS`` steps at the gradient of the first weight
    tensor (``add_input_gradient``), and exactly zero there for ``patience`` steps means the
    output no longer depends on the input (every unit on the way outputs 0). A slow run (a tiny
    learning rate) also sits near chance, but its gradient is never exactly zero."""

    def __init__(self, classes: int = 10, patience: int = 150):
        self.chance = math.log(classes)
        self.patience = patience
        self.reset()

    def reset(self) -> None:
        self.ema: float | None = None
        self.lowest = math.inf
        self.highest = -math.inf
        self.steps_at_chance = 0
        self.best_accuracy = 0.0
        self.silent_since: int | None = None
        """The step of the first of the gradient checks in a row that found no gradient reaching the
        first layer (None: the last check found one, or none was made)."""
        self.silent_steps = 0
        self.last_gradient_check: int | None = None

    def _learned_or_exploded(self) -> bool:
        return self.lowest < 0.6 * self.chance or self.highest > 2.0 * self.chance

    @property
    def near_chance(self) -> bool:
        """Whether the loss (its running mean) is where a guess among the classes puts it."""
        return self.ema is not None and 0.9 * self.chance <= self.ema <= 1.3 * self.chance

    def add_loss(self, loss: float) -> bool:
        """One training step's loss; True when the run has collapsed."""
        self.ema = loss if self.ema is None else 0.95 * self.ema + 0.05 * loss
        self.lowest = min(self.lowest, self.ema)
        self.highest = max(self.highest, loss)
        self.steps_at_chance = self.steps_at_chance + 1 if self.near_chance and self._learned_or_exploded() else 0
        return self.steps_at_chance >= self.patience

    def gradient_check_due(self, step: int) -> bool:
        """Whether the trainer should look at the first layer's gradient now (``add_input_gradient``):
        only while the loss is near chance, so a learning run never pays for it."""
        last = self.last_gradient_check
        return self.near_chance and (last is None or step - last >= GRADIENT_CHECK_STEPS)

    def add_input_gradient(self, step: int, silent: bool) -> bool:
        """Whether the gradient of the first weight tensor was exactly zero (``silent``) at ``step``;
        True when it has been for ``patience`` steps while the loss sat near chance: collapsed."""
        self.last_gradient_check = step
        if not silent:
            self.silent_since = None
            self.silent_steps = 0
            return False
        if self.silent_since is None:
            self.silent_since = step
        self.silent_steps = step - self.silent_since
        return self.near_chance and self.silent_steps >= self.patience

    def add_accuracy(self, accuracy: float, samples: int, classes: int = 10) -> bool:
        """A test accuracy on ``samples`` images; True when it fell to chance after having been
        well above it. Only evaluations on at least ``MIN_ACCURACY_SAMPLES`` images count: on one
        test image the accuracy is 0 % or 100 % by chance, and that drop means nothing."""
        if samples < MIN_ACCURACY_SAMPLES:
            return False
        self.best_accuracy = max(self.best_accuracy, accuracy)
        return self.best_accuracy >= 0.5 and accuracy <= 1.5 / classes

    @property
    def healthy(self) -> bool:
        """Whether now is a good point to keep a backup of (never weights no gradient reaches)."""
        return self.ema is None or (
            math.isfinite(self.ema)
            and self.steps_at_chance == 0
            and self.ema < 2.0 * self.chance
            and self.silent_since is None
        )

    def describe(self) -> Phrase:
        values = dict(chance=self.chance, steps=self.steps_at_chance)
        if self.steps_at_chance < self.patience and self.silent_since is not None:
            return Phrase(
                N_(
                    "for {steps} steps no gradient has reached the first layer (every unit on the way outputs 0: "
                    "dead ReLUs) and the loss has stayed at chance level ({chance:.2f} = ln 10, a guess among "
                    "ten classes)"
                ),
                chance=self.chance,
                steps=self.silent_steps,
            )
        if self.lowest < 0.6 * self.chance:
            return Phrase(
                N_(
                    "the loss has stayed at chance level ({chance:.2f} = ln 10, a guess among ten classes) "
                    "for {steps} steps after having been much lower"
                ),
                **values,
            )
        return Phrase(
            N_(
                "the loss has stayed at chance level ({chance:.2f} = ln 10, a guess among ten classes) "
                "for {steps} steps after having been far higher"
            ),
            **values,
        )


class GpuGuard:
    """``with guard:`` around work on a backend. An exception there is a device failure when
    ``applies()`` (the backend is a GPU): it goes to ``recover`` and is swallowed, and ``failed``
    says so. Anywhere else (a CPU) it is a bug and propagates."""

    def __init__(self, applies: Callable[[], bool], recover: Callable[[Exception], None]):
        self.applies = applies
        self.recover = recover
        self.failed = False

    def __enter__(self) -> GpuGuard:
        return self

    def __exit__(self, kind, exc, tb) -> bool:
        if not isinstance(exc, Exception) or not self.applies():
            return False
        self.failed = True
        self.recover(exc)
        return True


def cpu_backend():
    """The CPU backend a run falls back to (numba when it opens, else numpy)."""
    for name in CPU_FALLBACKS:
        try:
            return registry.get(name)
        except BackendUnavailable:
            continue
    raise BackendUnavailable("no CPU backend can run here")  # numpy always can


class RecoveringRun(Protocol):
    """What Recovery asks of the run it looks after (the Trainer: recoverable.Recoverable answers it)."""

    config: TrainConfig
    backend: object
    step: int

    @property
    def epoch(self) -> float: ...
    def host_copy(self) -> HostState: ...
    def pending_losses(self) -> np.ndarray | None: ...
    def rewind_to(self, state: HostState) -> None: ...
    def continue_on(self, backend, state: HostState, warm: bool = False) -> None: ...
    def report_rescued_steps(self, losses: np.ndarray, backend_name: str) -> None: ...


class Recovery:
    """The trainer's way back to a good point: the last backup, the collapse watch, and the
    one GPU guard every device call that can fail goes through."""

    def __init__(self, trainer: RecoveringRun, emit: Callable[[object], None]):
        self.trainer = trainer
        self.emit = emit
        self.backup: HostState | None = None
        self.backup_time = 0.0
        """perf_counter() when the backup was taken."""
        self.watch = CollapseWatch()

    def start_over(self) -> None:
        """Step 0 of a run: no backup yet, nothing watched."""
        self.backup = None
        self.watch.reset()

    # ------------------------------------------------------------------
    # the GPU guard
    def guard(self, where: str, undo: Callable[[], None] | None = None) -> GpuGuard:
        """A GPU failure inside the ``with`` moves the run to the CPU (``undo`` first puts back
        what the failed work had half done); ``failed`` then says the work did not happen.
        Before the first backup there is nothing to go back to, and the error propagates."""

        def recover(exc: Exception) -> None:
            if undo is not None:
                undo()
            self.fall_back_to_cpu(exc, where)

        return GpuGuard(lambda: self.trainer.backend.is_gpu and self.backup is not None, recover)

    def on_device(self, where: str, work: Callable[[], T]) -> T:
        """``work()`` on the current backend; after a GPU failure, again on the CPU."""
        with self.guard(where):
            return work()
        return work()

    # ------------------------------------------------------------------
    # backups
    def take_backup(self) -> None:
        self.backup = self.on_device(Phrase(N_("a backup copy")), self.trainer.host_copy)
        self.backup_time = time.perf_counter()

    def backup_due(self, now: float) -> bool:
        """A host copy every ``backup_seconds``, and on a CPU every CPU_BACKUP_STEPS steps
        too, so a divergence never goes back far; only while the run looks healthy."""
        trainer = self.trainer
        due = now - self.backup_time >= trainer.config.backup_seconds or (
            not trainer.backend.is_gpu and trainer.step - self.backup.step >= CPU_BACKUP_STEPS
        )
        return self.watch.healthy and due

    # ------------------------------------------------------------------
    # moving the run: asked for, or after a GPU failure
    def move_to(self, new) -> bool:
        """The run onto backend ``new`` (compiled first), as of its last step; False when reading it
        from a failing GPU moved it to the CPU instead. When ``new`` fails to start, the run goes back
        where it was (the CPU if that was a GPU) and BackendUnavailable says why."""
        trainer = self.trainer
        old = trainer.backend
        with self.guard(Phrase(N_("the switch to {backend}"), backend=new.name)) as guard:
            state = trainer.host_copy()
        if guard.failed:
            return False

        def back_where_it_was(exc: Exception) -> None:
            registry.mark_failed(new.name, f"failed to start ({type(exc).__name__}: {exc})")
            trainer.continue_on(old if not old.is_gpu else cpu_backend(), state, warm=True)
            raise BackendUnavailable(
                Phrase(
                    N_("{backend} failed to start ({error}); training stays on {current}"),
                    backend=new.name,
                    error=f"{type(exc).__name__}: {exc}",
                    current=trainer.backend.name,
                )
            ) from exc

        with GpuGuard(lambda: new.is_gpu, back_where_it_was):
            trainer.continue_on(new, state, warm=True)
        return True

    def fall_back_to_cpu(self, exc: Exception, where: str) -> None:
        """Continue on the CPU after a GPU failure, losing nothing.

        If the device still answers (out of memory, a bad launch), the state is read
        from it as of the last completed step, pending losses included. If it does
        not (an illegal address poisons the CUDA context for good), the run goes
        back to the last backup: weights, optimizer, step count, schedule and
        data order together, and the message says so. The failed backend is marked
        unavailable with the error as its reason.
        """
        trainer = self.trainer
        old = trainer.backend
        error = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}".strip()
        registry.mark_failed(old.name, f"failed during {where} ({error}); restart cnnviz to try it again")
        try:
            old.synchronize()
            losses = trainer.pending_losses()
            state = trainer.host_copy()
            back = None  # the device answered: nothing is lost
        except Exception:
            state, losses = self.backup, None
            back = trainer.step - state.step
            trainer.rewind_to(state)
        cpu = cpu_backend()
        trainer.continue_on(cpu, state)
        if losses is not None:
            trainer.report_rescued_steps(losses, old.name)
        values = dict(old=old.name, where=where, error=error, cpu=cpu.name, step=trainer.step, back=back)
        reason = (
            Phrase(
                N_(
                    "{old} failed during {where} ({error}); continuing on {cpu} from step {step}; the GPU's "
                    "memory was lost, so training went back {back} steps to step {step}"
                ),
                **values,
            )
            if back is not None
            else Phrase(N_("{old} failed during {where} ({error}); continuing on {cpu} from step {step}"), **values)
        )
        self.emit(ev.BackendSwitched(trainer.step, trainer.epoch, old.name, cpu.name, cpu.describe(), reason))
        self.emit(ev.TrainerError(reason, "".join(traceback.format_exception(exc)), fatal=False))

"""What a training run is asked to do, validated before anything is built."""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, replace

from ..data import limits
from ..data.batches import batches_per_epoch
from ..nn.model import network_size
from ..nn.optim import (
    ONECYCLE_WARMUP,
    OPTIMIZERS,
    SCHEDULES,
    learning_rate,
    validate_beta,
    validate_lr,
    validate_momentum,
    validate_warmup,
)

MAX_BATCH = 8192
MAX_EPOCHS = 1000
MAX_SYNC_EVERY = 256
CHANGEABLE = frozenset({"lr", "momentum", "batch_size", "optimizer", "schedule"})
"""What ``Trainer.set_hyperparameters`` may change while a run trains."""


def training_memory_problem(net: str, batch_size: int) -> str | None:
    """What is wrong with training ``net`` at ``batch_size`` within cnnviz's training memory budget
    (``limits.MAX_TRAINING_BYTES``, the budget presets are held to), or None when it fits: checked
    before a run starts and when the batch size changes during one."""
    size = network_size(net)
    needed = limits.training_bytes(batch_size, size.values_per_image, size.parameters)
    if needed <= limits.MAX_TRAINING_BYTES:
        return None
    fits = limits.largest_batch(size.values_per_image, size.parameters)
    advice = f"the largest batch that fits is {fits}" if fits else "use a smaller network"
    return (
        f"{batch_size} with this network needs about {limits.megabytes(needed)} to train, more than the "
        f"{limits.megabytes(limits.MAX_TRAINING_BYTES)} cnnviz allows; {advice}"
    )


@dataclass
class TrainConfig:
    net: str = "seed"
    backend: str = "auto"
    epochs: float = 1.0
    steps: int | None = None
    """Stop after this many steps (overrides ``epochs`` when given)."""
    batch_size: int = 64
    lr: float = 3e-3
    optimizer: str = "adam"
    momentum: float = 0.9
    beta1: float = 0.9
    """Adam's decay of the gradient average."""
    beta2: float = 0.999
    """Adam's decay of the squared-gradient average."""
    schedule: str = "onecycle"
    warmup: float = ONECYCLE_WARMUP
    """The share of a one-cycle run spent warming up to the peak learning rate (torch's ``pct_start``)."""
    seed: int = 0
    dataset: str = "mnist"
    data_dir: str | None = None
    eval_every: int = 0
    """Evaluate every N steps (0: only at the end of each epoch and of the run)."""
    eval_samples: int | None = None
    """Test images per periodic evaluation (None: the whole test set). The final one uses all."""
    timing_every: int = 10
    """Emit per-layer timings every N steps."""
    stats_every: int = 0
    """Emit weight/gradient statistics every N steps (0: never)."""
    train_samples: int | None = None
    """Train on the first N training images only (small-data and overfitting demos)."""
    dtype: str = "float32"
    sync_every: int = 0
    """Read each step's loss and accuracy back from the backend every N steps (0: every
    step on a CPU, every 16 on a GPU, where a read waits for the device to finish)."""
    threads: int | None = None
    """CPU worker threads of a backend that has them (numba): None (``auto``) takes the count the thread probe
    chose for this machine and network (``train/thread_choice.py``); a count runs on exactly that many."""
    backup_seconds: float = 5.0
    """How often (seconds of training) a host copy of the whole training state is kept,
    to restore after divergence or a GPU fault that loses the device's memory."""

    def validate(self) -> TrainConfig:
        def need(cond: bool, message: str):
            if not cond:
                raise ValueError(message)

        need(
            isinstance(self.batch_size, int) and 1 <= self.batch_size <= MAX_BATCH,
            f"batch size must be a whole number from 1 to {MAX_BATCH}, got {self.batch_size!r}",
        )
        need(
            self.steps is None or (isinstance(self.steps, int) and self.steps >= 1),
            f"steps must be a positive whole number, got {self.steps!r}",
        )
        need(
            isinstance(self.epochs, (int, float)) and math.isfinite(self.epochs) and 0 < self.epochs <= MAX_EPOCHS,
            f"epochs must be more than 0 and at most {MAX_EPOCHS}, got {self.epochs!r}",
        )
        validate_lr(self.lr)
        validate_momentum(self.momentum)
        validate_beta("beta1", self.beta1)
        validate_beta("beta2", self.beta2)
        validate_warmup(self.warmup)
        need(self.optimizer in OPTIMIZERS, f"unknown optimizer {self.optimizer!r}; choose from {', '.join(OPTIMIZERS)}")
        need(self.schedule in SCHEDULES, f"unknown schedule {self.schedule!r}; choose from {', '.join(SCHEDULES)}")
        need(self.eval_every >= 0, f"eval_every must be 0 or more, got {self.eval_every}")
        need(
            self.eval_samples is None or self.eval_samples >= 1,
            f"eval_samples must be at least 1, got {self.eval_samples}",
        )
        need(
            self.train_samples is None or self.train_samples >= 1,
            f"train_samples must be at least 1, got {self.train_samples}",
        )
        need(self.stats_every >= 0, f"stats_every must be 0 or more, got {self.stats_every}")
        need(self.timing_every >= 1, f"timing_every must be at least 1, got {self.timing_every}")
        need(self.dtype in ("float32", "float64"), f"dtype must be float32 or float64, got {self.dtype!r}")
        need(
            isinstance(self.seed, int) and 0 <= self.seed < 2**63,
            f"seed must be a non-negative whole number, got {self.seed!r}",
        )
        need(
            isinstance(self.sync_every, int) and 0 <= self.sync_every <= MAX_SYNC_EVERY,
            f"sync_every must be a whole number from 0 to {MAX_SYNC_EVERY}, got {self.sync_every!r}",
        )
        cores = os.cpu_count() or 1
        need(
            self.threads is None
            or (isinstance(self.threads, int) and not isinstance(self.threads, bool) and 1 <= self.threads <= cores),
            f"threads must be a whole number from 1 to {cores} (the CPU cores here), or auto; got {self.threads!r}",
        )
        need(
            math.isfinite(self.backup_seconds) and self.backup_seconds >= 0,
            f"backup_seconds must be 0 or more, got {self.backup_seconds!r}",
        )
        memory = training_memory_problem(self.net, self.batch_size)
        need(memory is None, f"batch size {memory}")
        return self

    def total_images(self, train_size: int) -> int:
        """Images the run trains on (``steps`` x batch, or ``epochs`` x the training set)."""
        if self.steps is not None:
            return self.steps * self.batch_size
        return int(round(self.epochs * train_size))

    def total_steps(self, train_size: int) -> int:
        """Steps the run takes (``steps``, or the batches of ``total_images``)."""
        if self.steps is not None:
            return self.steps
        return max(1, batches_per_epoch(self.total_images(train_size), self.batch_size))

    def images_left(self, step: int, images_seen: int, train_size: int) -> int:
        """Images still to train on after ``step`` steps that saw ``images_seen`` images (0 when done)."""
        if self.steps is not None:
            return max(0, (self.steps - step) * self.batch_size)
        return max(0, self.total_images(train_size) - images_seen)

    def lr_at(self, images_seen: int, train_size: int) -> float:
        """The learning rate the schedule gives after ``images_seen`` images."""
        return learning_rate(self.schedule, self.lr, images_seen, max(1, self.total_images(train_size)), self.warmup)

    def with_changes(self, changes: dict) -> tuple[TrainConfig, dict]:
        """This config with the hyperparameters a running trainer may change (lr, momentum, batch_size,
        optimizer, schedule), validated; and those of ``changes`` that differ from now."""
        unknown = set(changes) - CHANGEABLE
        if unknown:
            raise ValueError(f"cannot change {', '.join(sorted(unknown))} while training")
        updated = replace(self, **changes).validate()
        return updated, {k: v for k, v in changes.items() if getattr(self, k) != v}

    def check_against(self, train_size: int) -> None:
        """Errors that need the data set's size: an empty set, a run of no images."""
        if train_size < 1:
            raise ValueError("the training set is empty: there is nothing to train on")
        if self.total_images(train_size) < 1:
            raise ValueError(
                f"epochs {self.epochs:g} of {train_size:,d} training images is less than one image: "
                f"use at least {1 / train_size:.2g} epochs, or a number of steps"
            )

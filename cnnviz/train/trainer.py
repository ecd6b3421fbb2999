"""The trainer: commands in, events out, no Qt.

``Trainer.run()`` trains on the calling thread (the CLI's main thread, or
the GUI's worker QThread). Other threads steer it with thread-safe commands
(commands.Steering: ``pause``, ``resume``, ``step_once``, ``stop``, ``set_hyperparameters``,
``switch_backend``, ``request_snapshot``, ``reset``); commands are queued and
applied between two steps (command_handlers.py), so a step never sees half-changed state. Every
listener is called on the training thread with frozen event dataclasses
holding host NumPy arrays only.

A step stays on the backend's device: the data set is uploaded once, each
batch is gathered there from host indices, and the loss and accuracy are
written into a device buffer that is read every ``sync_every`` steps (every
step on a CPU). A GPU failure anywhere (step, evaluation, snapshot, switch,
timings, saving, a backup) moves the run to the CPU with nothing lost: every
such call runs inside ``Recovery.guard`` (see recovery.py).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import asdict, replace

import numpy as np

from ..backends import registry
from ..backends.base import dropout_key
from ..data.batches import batches_per_epoch
from ..data.datasets import Dataset, load_dataset
from ..nn.model import Sequential
from ..nn.optim import Optimizer
from ..number_format import rate
from ..translatable import N_, Phrase
from . import events as ev
from .command_handlers import CommandHandlers
from .compile_kernels import compile_kernels
from .config import TrainConfig
from .data_order import DataOrder
from .evaluation import DeviceTestSet, evaluation_event
from .heap import give_back_freed_memory
from .pending import PendingStep, PendingSteps
from .recoverable import Recoverable
from .recovery import HostState, Recovery
from .resume import Resume, data_order, restore_optimizer
from .snapshot import take_snapshot
from .stats import parameter_stats
from .step import training_step
from .thread_choice import ThreadChoice, choose_threads
from .timing import layer_timings

GPU_SYNC_EVERY = 16


class Trainer(CommandHandlers, Recoverable):
    """A run: ``run()`` trains; any thread steers it (``cmd.Steering``'s methods), and between two steps
    ``CommandHandlers`` carries out what was asked; ``Recoverable`` is what ``Recovery`` asks of it."""

    def __init__(
        self,
        config: TrainConfig,
        dataset: Dataset | None = None,
        initial_weights: dict[str, np.ndarray] | None = None,
        resume: Resume | None = None,
    ):
        """``initial_weights`` (a state dict, e.g. from a checkpoint) replaces the random initialisation;
        with ``resume`` (where the run that trained them was) the run goes on from there: its step count,
        optimizer state, schedule position, data order and seed."""
        if resume is not None:
            config = replace(config, seed=resume.seed)
        self.config = replace(config).validate()
        self._dataset = dataset
        self._initial_weights = initial_weights
        self._resume = resume
        super().__init__()
        self._listeners: list[Callable[[object], None]] = []
        self._paused = False
        self._pending_single_steps = 0
        self.step = 0
        self.model: Sequential | None = None
        self.backend = None
        self.optimizer: Optimizer | None = None
        self.last_eval: ev.EvaluationFinished | None = None
        self.compile_seconds = 0.0
        self.threads: ThreadChoice | None = None
        """The CPU worker count in force and how it was chosen (None where the backend has none)."""
        self._images_trained = 0  # images trained by this run (not reset by reset())
        self._lr_used = 0.0
        self._pending = PendingSteps()
        """The steps whose losses are still on the device, and the buffer they are in."""
        # set up by setup()
        self._train_x: np.ndarray | None = None
        self._train_y: np.ndarray | None = None
        self.order: DataOrder | None = None
        self._device_data = None
        """The training set on the backend (``upload_dataset``)."""
        self._test_set = DeviceTestSet()
        """The test set on the backend, uploaded at its first evaluation there."""
        self.recovery = Recovery(self, self._emit)

    # ------------------------------------------------------------------
    # listeners
    def add_listener(self, listener: Callable[[object], None]) -> None:
        self._listeners.append(listener)

    def _emit(self, event) -> None:
        for listener in list(self._listeners):
            listener(event)

    @property
    def paused(self) -> bool:
        return self._paused

    # ------------------------------------------------------------------
    # set-up
    @property
    def dataset(self) -> Dataset:
        if self._dataset is None:
            self._dataset = load_dataset(self.config.dataset, self.config.data_dir)
        return self._dataset

    def _train_arrays(self):
        d = self.dataset
        n = self.config.train_samples
        if n is not None:
            return d.train_images[:n], d.train_labels[:n]
        return d.train_images, d.train_labels

    def setup(self) -> None:
        """Load data, build the model and open the backend (idempotent)."""
        if self.model is not None:
            return
        cfg = self.config
        self._train_x, self._train_y = self._train_arrays()
        cfg.check_against(len(self._train_x))
        # A data set of the class's own classes (2 to 10) trains a net with as many outputs.
        self.model = Sequential.from_spec(cfg.net, num_classes=self.dataset.num_classes).initialise(
            cfg.seed, np.dtype(cfg.dtype)
        )
        if self._initial_weights is not None:
            self.model.load_state_dict(self._initial_weights)
        self.optimizer = Optimizer(cfg.optimizer, momentum=cfg.momentum, beta1=cfg.beta1, beta2=cfg.beta2)
        self._start_over(cfg.seed)
        saved = self._resume
        if saved is not None:  # the step, data order, schedule position and optimizer count of the saved run
            self.step, self._lr_used = saved.step, saved.lr_used
            self.order = data_order(saved, len(self._train_x))
            self.optimizer.replace_state(None, {}, saved.optimizer_t, None)
        self._use_backend(registry.get(cfg.backend))
        if saved is not None and saved.optimizer_arrays:
            restore_optimizer(saved, self.optimizer, self.backend, self.model.named_parameters().flat.layout)
            self.recovery.take_backup()  # the first backup is the resumed state

    def _start_over(self, seed: int) -> None:
        """Step 0 of a run: the data order from ``seed``, the watchers, a first backup."""
        self.step = 0
        self.order = DataOrder(len(self._train_x), seed)
        self.recovery.start_over()
        self._pending.clear()

    def _use_backend(self, backend) -> None:
        """Put the model, optimizer, data and step buffers on ``backend`` (warming it up first)."""
        self._warm_up(backend)
        self.model.to(backend)
        self.optimizer.to(backend)
        self._put_data_on(backend)
        if self.recovery.backup is None:
            self.recovery.take_backup()

    def _warm_up(self, backend) -> None:
        """Compile before timing (compile seconds never count as training), then choose the worker count."""
        self.compile_seconds += compile_kernels(backend, self.model.dtype, self._emit)
        # A CPU backend's worker count for this network: remembered per machine, else measured now.
        self.threads = choose_threads(
            backend,
            self.model.spec,
            self.model.dtype,
            self.config.batch_size,
            self.config.optimizer,
            self._train_x,
            self._train_y,
            given=self.config.threads,
        )

    def _put_data_on(self, backend) -> None:
        self._device_data = backend.upload_dataset(self._train_x, self._train_y)
        self._test_set.forget()  # uploaded to the new backend at its first evaluation
        self._pending.open_on(backend)
        self.backend = backend

    @property
    def sync_every(self) -> int:
        if self.config.sync_every:
            return self.config.sync_every
        return GPU_SYNC_EVERY if self.backend.is_gpu else 1

    # ------------------------------------------------------------------
    # progress
    @property
    def epoch(self) -> float:
        return self.order.epoch

    def _images_left(self, step: int | None = None) -> int:
        return self.config.images_left(self.step if step is None else step, self.order.images_seen, len(self._train_x))

    def _done(self) -> bool:
        return self._images_left() == 0

    def current_lr(self) -> float:
        return self.config.lr_at(self.order.images_seen, len(self._train_x))

    # ------------------------------------------------------------------
    # the loop
    def run(self) -> ev.RunFinished:
        """Train until done or stopped; returns (and emits) RunFinished. The backend's buffers for the
        next step are freed when it ends: a class starting runs at ever larger batch sizes otherwise
        kept the largest one's (``Backend.release_workspace``)."""
        try:
            return self._run()
        finally:
            if self.backend is not None:
                self._release_buffers(self.backend)

    @staticmethod
    def _release_buffers(backend) -> None:
        """``backend``'s buffers for the next step will not be used again: freed, and the memory they
        held given back to the system (``heap``: glibc kept it otherwise)."""
        backend.release_workspace()
        give_back_freed_memory()

    def _run(self) -> ev.RunFinished:
        started = time.perf_counter()
        self.setup()
        cfg = self.config
        self._emit(
            ev.RunStarted(
                net=cfg.net,
                spec=self.model.spec,
                backend=self.backend.name,
                backend_description=self.backend.describe(),
                parameter_count=self.model.parameter_count(),
                layers=tuple(l.name for l in self.model.layers),
                layer_shapes=tuple(self.model.shapes[1:]),
                steps_per_epoch=batches_per_epoch(len(self._train_x), cfg.batch_size),
                total_steps=cfg.total_steps(len(self._train_x)),
                dataset=self.dataset.name,
                train_size=len(self._train_x),
                test_size=len(self.dataset.test_images),
                config=asdict(cfg),
                **self.thread_fields(),
            )
        )
        self._emit(ev.StateChanged(ev.RunPhase.RUNNING, self.step))
        stopped = False
        while True:
            self._apply_commands()
            if self.stop_requested:
                stopped = True
                break
            if self._done():
                break
            if self._paused and self._pending_single_steps == 0:
                self._flush()
                self.wait_for_command(0.05)
                continue
            single = self._pending_single_steps > 0
            if single:
                self._pending_single_steps -= 1
            epoch_before = self.order.epoch_index
            if not self._guarded_step():
                continue
            epoch_ended = self.order.epoch_index != epoch_before
            eval_due = epoch_ended or (cfg.eval_every and self.step % cfg.eval_every == 0)
            if single or eval_due or len(self._pending) >= self.sync_every or self._done():
                self._flush()
            if eval_due and not self._done() and not self._paused:
                result = self.evaluate(full=epoch_ended)
                watch = self.recovery.watch
                if result is not None and watch.add_accuracy(result.test_accuracy, result.samples):
                    self._diverged(
                        Phrase(
                            N_("the test accuracy fell to {accuracy:.1%}, chance level, after reaching {best:.1%}"),
                            accuracy=result.test_accuracy,
                            best=watch.best_accuracy,
                        ),
                        watch.chance,
                    )
        self._flush()
        final = None
        if self.step > 0 and (self.final_evaluation or not stopped):
            final = self.evaluate(full=True)
        trained = self._pending.train_seconds
        result = ev.RunFinished(
            steps=self.step,
            epoch=self.epoch,
            seconds=time.perf_counter() - started,
            train_seconds=trained,
            train_images_per_s=self._images_trained / trained if trained > 0 else 0.0,
            test_accuracy=final.test_accuracy if final else None,
            test_loss=final.test_loss if final else None,
            backend=self.backend.name,
            stopped=stopped,
            compile_seconds=self.compile_seconds,
            **self.thread_fields(),
        )
        self._emit(ev.StateChanged(result.phase, self.step))
        self._emit(result)
        return result

    def thread_fields(self) -> dict:
        """``threads`` and ``threads_how`` (the run's events, ``train --json``, ``--metrics``): the count the backend
        trains on now and how it was chosen; None and None where it has no such count."""
        choice = self.threads
        if choice is None or getattr(self.backend, "threads", None) is None:
            return {"threads": None, "threads_how": None}
        return {"threads": int(self.backend.threads), "threads_how": choice.how}

    def _guarded_step(self) -> bool:
        """One step; on a GPU failure, fall back to the CPU (the step is then redone there)."""
        before, step_before = self.order.state(), self.step

        def undo() -> None:
            if self.step == step_before:
                self.order.restore(before)  # the update never ran: the CPU trains this batch next

        with self.recovery.guard(Phrase(N_("a training step")), undo) as guard:
            self._train_step()
        return not guard.failed

    def _train_step(self) -> None:
        """``training_step`` on the next batch, with the bookkeeping around it: the step count, the
        pending loss, the timing marks and, every ``stats_every`` steps, the parameter statistics."""
        be, model, cfg = self.backend, self.model, self.config
        timed = (self.step + 1) % cfg.timing_every == 0 or self.step == 0
        marks: list | None = [] if timed else None
        stats_due = cfg.stats_every and (self.step + 1) % cfg.stats_every == 0
        lr = self.current_lr()
        epoch_before = self.order.epoch
        t0 = time.perf_counter()
        # On a GPU a timed step is timed by two events more, read at the next flush: waiting for the device
        # here (as before issue 35) drained the queue the host keeps ahead every timing_every steps.
        step_start = be.mark() if timed and be.is_gpu else None
        indices = self.order.take(cfg.batch_size)
        slot = self._pending.next_slot
        # A diverging run overflows on its way to NaN; that is handled at the flush, not warned about.
        with np.errstate(over="ignore", invalid="ignore"):
            before = training_step(
                be,
                model,
                self.optimizer,
                self._device_data,
                indices,
                self._pending.buffer,
                slot,
                dropout_key(cfg.seed, self.step, 0),
                lr,
                marks,
                before_update=self._host_weights if stats_due else None,
            )
        step_marks = (step_start, be.mark()) if step_start is not None else None
        # The update is launched: from here on the step counts as done.
        self.step += 1
        self._images_trained += len(indices)
        self._lr_used = lr
        record = PendingStep(self.step, slot, epoch_before, len(indices), lr, marks, t0, 0.0, step_marks)
        self._pending.add(record)
        if before is not None:
            be.synchronize()  # the weights after the update
        record.step_ms = (time.perf_counter() - t0) * 1e3  # a CPU's step; a GPU's is read from step_marks
        if before is not None:
            grads = {name: be.to_host(p.grad) for name, p in model.named_parameters()}
            stats = parameter_stats(self._host_weights(), grads, before)
            self._emit(ev.ParameterStatsMeasured(self.step, self.epoch, lr, tuple(stats)))

    def _flush(self) -> None:
        """Read the pending steps' losses from the device and report them."""
        if not self._pending:
            return
        with self.recovery.guard(Phrase(N_("reading the loss"))) as guard:
            values = self._pending.read(self.backend)
        if guard.failed:
            return
        now = time.perf_counter()
        pending = self._pending.settle(now)
        rate = self._pending.rate()
        for record, (loss, correct) in zip(pending, values):
            if not math.isfinite(loss):
                self._diverged(
                    Phrase(N_("the loss became {loss} at step {step}"), loss=loss, step=record.step), float(loss)
                )
                return
            eta = self._images_left(record.step) / rate if rate > 0 else None
            self._emit(record.finished(loss, correct, rate, self.backend.name, eta))
            if record.marks is not None:
                self._emit_timing(record)
            if self.recovery.watch.add_loss(float(loss)):
                self._diverged(self.recovery.watch.describe(), float(loss))
                return
        watch = self.recovery.watch
        silent = None  # (the last step's gradient, read from the device at most once here)
        if watch.gradient_check_due(self.step):
            silent = self._input_gradient_read()
            if watch.add_input_gradient(self.step, silent):
                self._diverged(watch.describe(), float(loss))
                return
        if self.recovery.backup_due(now):
            # (near chance a backup is taken only of weights a gradient still reaches: the watch's last look
            # may be up to GRADIENT_CHECK_STEPS old)
            if watch.near_chance and silent is None:
                silent = self._input_gradient_read()
            if not (watch.near_chance and silent):
                self.recovery.take_backup()

    def _input_gradient_read(self) -> bool:
        return self.recovery.on_device(Phrase(N_("reading a gradient")), self.input_gradient_silent)

    def _emit_timing(self, record: PendingStep) -> None:
        with self.recovery.guard(Phrase(N_("reading the layer timings"))) as guard:
            layers = layer_timings(self.backend, [l.name for l in self.model.layers], record.marks)
            step_ms = record.step_ms
            if record.step_marks is not None:
                # the device's time from the step's first launch to its last (the simulator answers 0: it
                # runs each launch before returning, so the host's time is the step's there)
                step_ms = self.backend.elapsed_ms(*record.step_marks) or step_ms
        if guard.failed:
            return
        self._emit(ev.TimingMeasured(record.step, self.backend.name, record.batch, layers, step_ms))

    def _host_weights(self) -> dict[str, np.ndarray]:
        return self.model.state_dict()

    # ------------------------------------------------------------------
    # divergence (backups and GPU failures: see recovery.Recovery)
    def _diverged(self, cause: str, loss: float) -> None:
        """Restore the last good weights and pause, keeping the step count (the curves go on)."""
        self._pending.clear()
        backup = self.recovery.backup
        self.model.load_state_dict(backup.weights)
        self.optimizer.replace_state(
            self.backend, backup.optimizer_arrays, backup.optimizer_t, self.model.named_parameters().flat.layout
        )
        self.recovery.watch.reset()
        self._paused = True
        advice = Phrase(N_("Lower the learning rate (now {lr:g}) and resume."), lr=rate(self.config.lr))
        self._emit(ev.Diverged(self.step, self.epoch, loss, backup.step, cause, advice))
        self._emit(ev.StateChanged(ev.RunPhase.PAUSED, self.step))

    # ------------------------------------------------------------------
    # inspection
    def evaluate(self, full: bool = True) -> ev.EvaluationFinished | None:
        """Test loss and accuracy (on ``eval_samples`` images unless ``full``); None when stopped midway."""
        d = self.dataset
        n = len(d.test_images)
        if not full and self.config.eval_samples is not None:
            n = min(n, self.config.eval_samples)
        stopped = lambda: self.stop_requested and not self.final_evaluation  # noqa: E731  (a closing window)
        probs = self.recovery.on_device(
            Phrase(N_("an evaluation")), lambda: self._test_set.probabilities(self.model, d, n, stopped)
        )
        if probs is None:
            return None
        event = evaluation_event(self.step, self.epoch, probs, d.test_labels[:n])
        self.last_eval = event
        self._emit(event)
        return event

    def snapshot(self, image: np.ndarray | None = None, test_index: int | None = None, tag: str = "") -> ev.Snapshot:
        """Feature maps, kernels and weights for ``image`` (28x28 in [0,1]) or test image ``test_index``."""
        return self.recovery.on_device(
            Phrase(N_("a snapshot")),
            lambda: take_snapshot(
                self.model,
                image,
                dataset=self.dataset,
                test_index=test_index,
                step=self.step,
                epoch=self.epoch,
                tag=tag,
            ),
        )

    def host_state(self) -> HostState:
        """Weights and optimizer state on the host (for a checkpoint), read safely even
        from a failing GPU. Call on the training thread, or after ``run`` returned."""
        self._flush()
        return self.recovery.on_device(Phrase(N_("saving")), self.host_copy)

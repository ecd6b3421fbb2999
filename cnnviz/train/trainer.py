"""The trainer: commands in, events out, no Qt.

``Trainer.run()`` trains on the calling thread (the CLI's main thread, or
the GUI's worker QThread). Other threads steer it with thread-safe commands
(``pause``, ``resume``, ``step_once``, ``stop``, ``set_hyperparameters``,
``switch_backend``, ``request_snapshot``, ``reset``); commands are queued and
applied between two steps, so a step never sees half-changed state. Every
listener is called on the training thread with frozen event dataclasses
holding host NumPy arrays only.

A step stays on the backend's device: the data set is uploaded once, each
batch is gathered there from host indices, and the loss and accuracy are
written into a device buffer that is read every ``sync_every`` steps (every
step on a CPU). A GPU failure anywhere (step, evaluation, snapshot, switch,
timings, saving) moves the run to the CPU with nothing lost: see
``_fall_back_to_cpu``.
"""

from __future__ import annotations

import math
import queue
import threading
import time
from dataclasses import asdict, dataclass, replace
from typing import Callable

import numpy as np

from ..backends import registry
from ..backends.base import dropout_key
from ..data.batches import batches_per_epoch
from ..data.datasets import Dataset, load_dataset
from ..nn.model import Sequential
from ..nn.optim import Optimizer, learning_rate
from . import events as ev
from . import commands as cmd
from .config import MAX_BATCH, MAX_EPOCHS, MAX_SYNC_EVERY, TrainConfig  # noqa: F401  (re-exported)
from .data_order import DataOrder
from .evaluation import evaluation_event, predict_probabilities
from .fallback import DeviceRecovery
from .recovery import Backup, CollapseWatch
from .snapshot import take_snapshot
from .stats import parameter_stats
from .timing import Throughput, layer_timings

GPU_SYNC_EVERY = 16
CPU_BACKUP_STEPS = 50
MAX_SYNC = MAX_SYNC_EVERY
"""Slots of the device stats buffer (the largest ``sync_every``)."""


@dataclass
class _PendingStep:
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


@dataclass(frozen=True)
class HostState:
    """A consistent host copy of the run, for saving a checkpoint."""
    spec: str
    weights: dict[str, np.ndarray]
    optimizer_arrays: dict[str, np.ndarray]
    step: int
    epoch: float


class Trainer(DeviceRecovery, cmd.CommandHandling):
    def __init__(self, config: TrainConfig, dataset: Dataset | None = None,
                 initial_weights: dict[str, np.ndarray] | None = None):
        """``initial_weights`` (a state dict, e.g. from a checkpoint) replaces the random initialisation."""
        self.config = replace(config).validate()
        self._dataset = dataset
        self._initial_weights = initial_weights
        self._listeners: list[Callable[[object], None]] = []
        self._commands: queue.SimpleQueue = queue.SimpleQueue()
        self._wake = threading.Event()
        self._paused = False
        self._stop = False
        self._final_evaluation = True
        self._pending_single_steps = 0
        self.step = 0
        self.model: Sequential | None = None
        self.backend = None
        self.optimizer: Optimizer | None = None
        self.last_eval: ev.EvaluationFinished | None = None
        self.compile_seconds = 0.0
        self._images_trained = 0  # images trained by this run (not reset by reset())
        self._lr_used = 0.0
        self._pending: list[_PendingStep] = []
        self._throughput = Throughput()
        self._train_seconds = 0.0
        self._backup: Backup | None = None
        self._backup_time = 0.0
        self._watch = CollapseWatch()

    # ------------------------------------------------------------------
    # listeners
    def add_listener(self, listener: Callable[[object], None]) -> None:
        self._listeners.append(listener)

    def _emit(self, event) -> None:
        for listener in list(self._listeners):
            listener(event)

    # ------------------------------------------------------------------
    # thread-safe commands (applied between steps)
    def _command(self, command) -> None:
        self._commands.put(command)
        self._wake.set()

    def pause(self) -> None:
        self._command(cmd.Pause())

    def resume(self) -> None:
        self._command(cmd.Resume())

    def step_once(self) -> None:
        """While paused: train exactly one more batch."""
        self._command(cmd.StepOnce())

    def stop(self, final_evaluation: bool = True) -> None:
        """End the run after the current step; ``final_evaluation=False`` skips the
        full test-set evaluation run() otherwise does at the end (a closing window
        must not wait seconds for it; an evaluation under way stops at its next chunk)."""
        self._final_evaluation = self._final_evaluation and final_evaluation
        self._stop = True
        self._wake.set()

    def set_hyperparameters(self, **changes) -> None:
        """lr, momentum, batch_size, optimizer, schedule; applied at the next step."""
        self._command(cmd.SetHyperparameters(changes))

    def switch_backend(self, name: str) -> None:
        self._command(cmd.SwitchBackend(name))

    def request_snapshot(self, image: np.ndarray | None = None, test_index: int | None = None, tag: str = "") -> None:
        """Feature maps, kernels and weights for ``image`` (28x28 in [0,1]) or a test image."""
        self._command(cmd.TakeSnapshot(image, test_index, tag))

    def reset(self, seed: int | None = None) -> None:
        """New random weights and optimizer state; the step count starts over."""
        self._command(cmd.Reset(seed))

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
        self.model = Sequential.from_spec(cfg.net).initialise(cfg.seed, np.dtype(cfg.dtype))
        if self._initial_weights is not None:
            self.model.load_state_dict(self._initial_weights)
        self.optimizer = Optimizer(cfg.optimizer, momentum=cfg.momentum)
        self._start_over(cfg.seed)
        self._use_backend(registry.get(cfg.backend))

    def _start_over(self, seed: int) -> None:
        """Step 0 of a run: the data order from ``seed``, the watchers, a first backup."""
        self.step = 0
        self.order = DataOrder(len(self._train_x), seed)
        self._watch.reset()
        self._pending = []
        self._backup = None

    def _use_backend(self, backend) -> None:
        """Put the model, optimizer, data and step buffers on ``backend`` (warming it up first)."""
        self._warm_up(backend)
        self.model.to(backend)
        self.optimizer.to(backend)
        self._put_data_on(backend)
        if self._backup is None:
            self._take_backup()

    def _warm_up(self, backend) -> None:
        """Compile before timing: compile seconds never count as training."""
        if backend.needs_warmup:
            self._emit(ev.WarmupStarted(backend.name, f"{backend.name}: compiling kernels (the first start only; "
                                                      "later starts load them from a cache)"))
            seconds = float(backend.warm_up(self.model.dtype))
            self.compile_seconds += seconds
            if seconds > 0.05:
                self._emit(ev.WarmupFinished(backend.name, seconds, f"{backend.name}: compiled kernels in {seconds:.1f} s"))

    def _put_data_on(self, backend) -> None:
        self._device_data = backend.upload_dataset(self._train_x, self._train_y)
        self._stats = backend.new_step_stats(MAX_SYNC)
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

    def _total_images(self) -> int:
        return self.config.total_images(len(self._train_x))

    def _total_steps(self) -> int:
        cfg = self.config
        if cfg.steps is not None:
            return cfg.steps
        return max(1, batches_per_epoch(self._total_images(), cfg.batch_size))

    def _done(self) -> bool:
        if self.config.steps is not None:
            return self.step >= self.config.steps
        return self.order.images_seen >= self._total_images()

    def current_lr(self) -> float:
        cfg = self.config
        return learning_rate(cfg.schedule, cfg.lr, self.order.images_seen, max(1, self._total_images()))

    # ------------------------------------------------------------------
    # the loop
    def run(self) -> ev.RunFinished:
        """Train until done or stopped; returns (and emits) RunFinished."""
        started = time.perf_counter()
        self.setup()
        cfg = self.config
        self._emit(ev.RunStarted(
            net=cfg.net, spec=self.model.spec, backend=self.backend.name,
            backend_description=self.backend.describe(), parameter_count=self.model.parameter_count(),
            layers=tuple(l.name for l in self.model.layers), layer_shapes=tuple(self.model.shapes[1:]),
            steps_per_epoch=batches_per_epoch(len(self._train_x), cfg.batch_size), total_steps=self._total_steps(),
            dataset=self.dataset.name, train_size=len(self._train_x), test_size=len(self.dataset.test_images),
            config=asdict(cfg)))
        self._emit(ev.StateChanged("running", self.step))
        stopped = False
        while True:
            self._apply_commands()
            if self._stop:
                stopped = True
                break
            if self._done():
                break
            if self._paused and self._pending_single_steps == 0:
                self._flush()
                self._wake.wait(0.05)
                self._wake.clear()
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
                if result is not None and self._watch.add_accuracy(result.test_accuracy, result.samples):
                    self._diverged(f"the test accuracy fell to {result.test_accuracy:.1%}, chance level, after "
                                   f"reaching {self._watch.best_accuracy:.1%}", self._watch.chance)
        self._flush()
        final = None
        if self.step > 0 and (self._final_evaluation or not stopped):
            final = self.evaluate(full=True)
        result = ev.RunFinished(
            steps=self.step, epoch=self.epoch, seconds=time.perf_counter() - started, train_seconds=self._train_seconds,
            train_images_per_s=(self._images_trained / self._train_seconds) if self._train_seconds > 0 else 0.0,
            test_accuracy=final.test_accuracy if final else None, test_loss=final.test_loss if final else None,
            backend=self.backend.name, stopped=stopped, compile_seconds=self.compile_seconds)
        self._emit(ev.StateChanged("stopped" if stopped else "finished", self.step))
        self._emit(result)
        return result

    def _guarded_step(self) -> bool:
        """One step; on a GPU failure, fall back to the CPU (the step is then redone there)."""
        before, step_before = self.order.state(), self.step
        try:
            self._train_step()
        except Exception as exc:
            if not self.backend.is_gpu:
                raise
            if self.step == step_before:
                self.order.restore(before)  # the update never ran: the CPU trains this batch next
            self._fall_back_to_cpu(exc, "a training step")
            return False
        return True

    def _train_step(self) -> None:
        """Gather, forward, loss (into the device stats), backward, update."""
        be, model, cfg = self.backend, self.model, self.config
        timed = (self.step + 1) % cfg.timing_every == 0 or self.step == 0
        marks: list | None = [] if timed else None
        stats_due = cfg.stats_every and (self.step + 1) % cfg.stats_every == 0
        lr = self.current_lr()
        epoch_before = self.order.epoch
        t0 = time.perf_counter()
        # A diverging run overflows on its way to NaN; that is handled at the flush, not warned about.
        with np.errstate(over="ignore", invalid="ignore"), be.workspace():
            indices = self.order.take(cfg.batch_size)
            x, y = be.gather_batch(self._device_data, indices, model.dtype)
            logits = model.forward(x, True, dropout_key(cfg.seed, self.step, 0), marks)
            slot = len(self._pending)
            dlogits = be.softmax_cross_entropy_into(logits, y, self._stats, slot)
            model.backward(dlogits, marks)
            before = self._host_weights() if stats_due else None
            self.optimizer.step(model.named_parameters(), lr)
        # The update is launched: from here on the step counts as done.
        self.step += 1
        self._images_trained += len(indices)
        self._lr_used = lr
        record = _PendingStep(self.step, slot, epoch_before, len(indices), lr, marks, t0, 0.0)
        self._pending.append(record)
        if timed or before is not None:
            be.synchronize()  # an honest step time, and the weights after the update
        record.step_ms = (time.perf_counter() - t0) * 1e3
        if before is not None:
            grads = {name: be.to_host(p.grad) for name, p in model.named_parameters()}
            stats = parameter_stats(self._host_weights(), grads, before)
            self._emit(ev.ParameterStatsMeasured(self.step, self.epoch, lr, tuple(stats)))

    def _flush(self) -> None:
        """Read the pending steps' losses from the device and report them."""
        if not self._pending:
            return
        try:
            values = self.backend.read_step_stats(self._stats, len(self._pending))
        except Exception as exc:
            if not self.backend.is_gpu:
                raise
            self._fall_back_to_cpu(exc, "reading the loss")
            return
        pending, self._pending = self._pending, []
        now = time.perf_counter()
        elapsed = max(now - pending[0].started, 1e-9)  # only steps run since then (commands flush first)
        self._train_seconds += elapsed
        self._throughput.add(sum(p.batch for p in pending), elapsed)
        rate = self._throughput.rate()
        for record, (loss, correct) in zip(pending, values):
            if not math.isfinite(loss):
                self._diverged(f"the loss became {loss} at step {record.step}", float(loss))
                return
            remaining = ((self.config.steps - record.step) * self.config.batch_size if self.config.steps is not None
                         else self._total_images() - self.order.images_seen)
            eta = max(0, remaining) / rate if rate > 0 else None
            self._emit(ev.StepFinished(record.step, record.epoch, float(loss), float(correct) / record.batch,
                                       record.batch, rate, record.lr, self.backend.name, eta))
            if record.marks is not None:
                self._emit_timing(record)
            if self._watch.add_loss(float(loss)):
                self._diverged(self._watch.describe(), float(loss))
                return
        # A host copy every few seconds, and on a CPU (where it is a cheap memory copy) every
        # CPU_BACKUP_STEPS steps too, so a divergence never goes back far.
        due = now - self._backup_time >= self.config.backup_seconds or (
            not self.backend.is_gpu and self.step - self._backup.step >= CPU_BACKUP_STEPS)
        if self._watch.healthy and due:
            self._take_backup()

    def _emit_timing(self, record: _PendingStep) -> None:
        try:
            layers = layer_timings(self.backend, [l.name for l in self.model.layers], record.marks)
        except Exception as exc:
            if not self.backend.is_gpu:
                raise
            self._fall_back_to_cpu(exc, "reading the layer timings")
            return
        self._emit(ev.TimingMeasured(record.step, self.backend.name, record.batch, layers, record.step_ms))

    def _host_weights(self) -> dict[str, np.ndarray]:
        return self.model.state_dict()

    # ------------------------------------------------------------------
    # divergence (backups and GPU failures: see fallback.DeviceRecovery)
    def _diverged(self, what: str, loss: float) -> None:
        """Restore the last good weights and pause, keeping the step count (the curves go on)."""
        self._pending = []
        backup = self._backup
        self._restore_weights(backup)
        self._watch.reset()
        self._paused = True
        message = (f"{what}. The weights were restored to step {backup.step} and training is "
                   f"paused. Lower the learning rate (now {self.config.lr:g}) and resume.")
        self._emit(ev.Diverged(self.step, self.epoch, loss, backup.step, message))
        self._emit(ev.StateChanged("paused", self.step))

    # ------------------------------------------------------------------
    # inspection
    def evaluate(self, full: bool = True) -> ev.EvaluationFinished | None:
        """Test loss and accuracy (on ``eval_samples`` images unless ``full``); None when stopped midway."""
        d = self.dataset
        n = len(d.test_images)
        if not full and self.config.eval_samples is not None:
            n = min(n, self.config.eval_samples)
        stopped = lambda: self._stop and not self._final_evaluation  # noqa: E731  (a closing window)
        probs = self._on_device("an evaluation", lambda: predict_probabilities(self.model, d.test_images[:n], stopped))
        if probs is None:
            return None
        event = evaluation_event(self.step, self.epoch, probs, d.test_labels[:n])
        self.last_eval = event
        self._emit(event)
        return event

    def snapshot(self, image: np.ndarray | None = None, test_index: int | None = None, tag: str = "") -> ev.Snapshot:
        """Feature maps, kernels and weights for ``image`` (28x28 in [0,1]) or test image ``test_index``."""
        return self._on_device("a snapshot", lambda: take_snapshot(
            self.model, image, dataset=self.dataset, test_index=test_index, step=self.step, epoch=self.epoch, tag=tag))

    def host_state(self) -> HostState:
        """Weights and optimizer state on the host (for a checkpoint), read safely even
        from a failing GPU. Call on the training thread, or after ``run`` returned."""
        self._flush()
        weights, arrays = self._on_device(
            "saving", lambda: (self.model.state_dict(), self.optimizer.state_arrays()))
        return HostState(self.model.spec, weights, arrays, self.step, self.epoch)



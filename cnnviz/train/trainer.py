"""The trainer: commands in, events out, no Qt.

``Trainer.run()`` trains on the calling thread (the CLI's main thread, or
the GUI's worker QThread). Other threads steer it with thread-safe commands
(``pause``, ``resume``, ``step_once``, ``stop``, ``set_hyperparameters``,
``switch_backend``, ``request_snapshot``, ``reset``); commands are queued and
applied between two steps, so a step never sees half-changed state. Every
listener is called on the training thread with frozen event dataclasses
holding host NumPy arrays only.
"""

from __future__ import annotations

import math
import queue
import threading
import time
import traceback
from dataclasses import asdict, dataclass, field, replace
from typing import Callable

import numpy as np

from ..analysis.stats import parameter_stats
from ..backends import registry
from ..backends.base import BackendUnavailable, dropout_key
from ..data.batches import batches_per_epoch, to_float_nchw
from ..data.datasets import Dataset, load_dataset
from ..nn.model import Sequential
from ..nn.optim import OPTIMIZERS, SCHEDULES, Optimizer, learning_rate, validate_lr, validate_momentum
from . import events as ev
from .timing import layer_timings

MAX_BATCH = 8192
MAX_EPOCHS = 1000
FEATURE_LAYER_KINDS = ("conv", "relu", "pool")


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
    schedule: str = "onecycle"
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

    def validate(self) -> "TrainConfig":
        def need(cond: bool, message: str):
            if not cond:
                raise ValueError(message)

        need(isinstance(self.batch_size, int) and 1 <= self.batch_size <= MAX_BATCH,
             f"batch size must be a whole number from 1 to {MAX_BATCH}, got {self.batch_size!r}")
        need(self.steps is None or (isinstance(self.steps, int) and self.steps >= 1),
             f"steps must be a positive whole number, got {self.steps!r}")
        need(math.isfinite(self.epochs) and 0 < self.epochs <= MAX_EPOCHS,
             f"epochs must be more than 0 and at most {MAX_EPOCHS}, got {self.epochs!r}")
        validate_lr(self.lr)
        validate_momentum(self.momentum)
        need(self.optimizer in OPTIMIZERS, f"unknown optimizer {self.optimizer!r}; choose from {', '.join(OPTIMIZERS)}")
        need(self.schedule in SCHEDULES, f"unknown schedule {self.schedule!r}; choose from {', '.join(SCHEDULES)}")
        need(self.eval_every >= 0, f"eval_every must be 0 or more, got {self.eval_every}")
        need(self.eval_samples is None or self.eval_samples >= 1,
             f"eval_samples must be at least 1, got {self.eval_samples}")
        need(self.train_samples is None or self.train_samples >= 1,
             f"train_samples must be at least 1, got {self.train_samples}")
        need(self.stats_every >= 0, f"stats_every must be 0 or more, got {self.stats_every}")
        need(self.timing_every >= 1, f"timing_every must be at least 1, got {self.timing_every}")
        need(self.dtype in ("float32", "float64"), f"dtype must be float32 or float64, got {self.dtype!r}")
        need(isinstance(self.seed, int) and 0 <= self.seed < 2**63, f"seed must be a non-negative whole number, got {self.seed!r}")
        return self


@dataclass
class _SnapshotRequest:
    image: np.ndarray | None
    test_index: int | None
    tag: str


class Trainer:
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

    # ------------------------------------------------------------------
    # listeners
    def add_listener(self, listener: Callable[[object], None]) -> None:
        self._listeners.append(listener)

    def _emit(self, event) -> None:
        for listener in list(self._listeners):
            listener(event)

    # ------------------------------------------------------------------
    # thread-safe commands (applied between steps)
    def _command(self, name: str, *args) -> None:
        self._commands.put((name, args))
        self._wake.set()

    def pause(self) -> None:
        self._command("pause")

    def resume(self) -> None:
        self._command("resume")

    def step_once(self) -> None:
        """While paused: train exactly one more batch."""
        self._command("step_once")

    def stop(self, final_evaluation: bool = True) -> None:
        """End the run after the current step; ``final_evaluation=False`` skips the
        full test-set evaluation run() otherwise does at the end (a closing window
        must not wait seconds for it)."""
        self._final_evaluation = self._final_evaluation and final_evaluation
        self._stop = True
        self._wake.set()

    def set_hyperparameters(self, **changes) -> None:
        """lr, momentum, batch_size, optimizer, schedule; applied at the next step."""
        self._command("hyper", changes)

    def switch_backend(self, name: str) -> None:
        self._command("backend", name)

    def request_snapshot(self, image: np.ndarray | None = None, test_index: int | None = None, tag: str = "") -> None:
        """Feature maps, kernels and weights for ``image`` (28x28 in [0,1]) or a test image."""
        self._command("snapshot", _SnapshotRequest(image, test_index, tag))

    def request_evaluation(self) -> None:
        self._command("evaluate")

    def reset(self, seed: int | None = None) -> None:
        """New random weights and optimizer state; the step count starts over."""
        self._command("reset", seed)

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
        self.model = Sequential.from_spec(cfg.net).initialise(cfg.seed, np.dtype(cfg.dtype))
        if self._initial_weights is not None:
            self.model.load_state_dict(self._initial_weights)
        self._open_backend(cfg.backend)
        self.optimizer = Optimizer(cfg.optimizer, momentum=cfg.momentum).to(self.backend)
        self._train_x, self._train_y = self._train_arrays()
        self._data_rng = np.random.default_rng([cfg.seed, 1])
        self._dropout_rng = np.random.default_rng([cfg.seed, 2])
        self._order = self._data_rng.permutation(len(self._train_x))
        self._position = 0
        self._epoch_index = 0
        self._images_seen = 0
        self._last_good = (0, self.model.state_dict(), {}, 0)

    def _open_backend(self, name: str) -> None:
        backend = registry.get(name)
        self.model.to(backend)
        self.backend = backend
        warm_up = getattr(backend, "warm_up", None)
        if getattr(backend, "needs_warmup", False) and warm_up is not None:
            seconds = float(warm_up())
            self.compile_seconds += seconds
            self._emit(ev.WarmupFinished(backend.name, seconds,
                                         f"{backend.name}: compiled kernels in {seconds:.1f} s"))

    # ------------------------------------------------------------------
    # progress
    @property
    def epoch(self) -> float:
        return self._epoch_index + self._position / max(1, len(self._train_x))

    def _total_images(self) -> int:
        cfg = self.config
        if cfg.steps is not None:
            return cfg.steps * cfg.batch_size
        return int(round(cfg.epochs * len(self._train_x)))

    def _total_steps(self) -> int:
        cfg = self.config
        if cfg.steps is not None:
            return cfg.steps
        return max(1, batches_per_epoch(self._total_images(), cfg.batch_size))

    def _done(self) -> bool:
        cfg = self.config
        if cfg.steps is not None:
            return self.step >= cfg.steps
        return self._images_seen >= self._total_images()

    def current_lr(self) -> float:
        cfg = self.config
        return learning_rate(cfg.schedule, cfg.lr, self._images_seen, max(1, self._total_images()))

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
        train_seconds = 0.0
        window = _Throughput()
        stopped = False
        while True:
            self._apply_commands()
            if self._stop:
                stopped = True
                break
            if self._done():
                break
            if self._paused and self._pending_single_steps == 0:
                self._wake.wait(0.05)
                self._wake.clear()
                continue
            if self._pending_single_steps:
                self._pending_single_steps -= 1
            t0 = time.perf_counter()
            result = self._train_step()
            dt = time.perf_counter() - t0
            if result is None:
                continue
            train_seconds += dt
            window.add(result[1], dt)
            loss, batch, correct = result
            rate = window.rate()
            remaining = self._total_images() - self._images_seen
            eta = remaining / rate if rate > 0 and cfg.steps is None else (
                (cfg.steps - self.step) * batch / rate if rate > 0 else None)
            self._emit(ev.StepFinished(self.step, self.epoch, loss, correct / batch, batch, rate,
                                       self._lr_used, self.backend.name, eta))
            epoch_ended = self._position == 0
            if epoch_ended or (cfg.eval_every and self.step % cfg.eval_every == 0):
                if not self._done():
                    self.evaluate(full=epoch_ended)
        final = self.evaluate(full=True) if self.step > 0 and (self._final_evaluation or not stopped) else None
        result = ev.RunFinished(
            steps=self.step, epoch=self.epoch, seconds=time.perf_counter() - started, train_seconds=train_seconds,
            train_images_per_s=(self._images_trained / train_seconds) if train_seconds > 0 else 0.0,
            test_accuracy=final.test_accuracy if final else None, test_loss=final.test_loss if final else None,
            backend=self.backend.name, stopped=stopped, compile_seconds=self.compile_seconds)
        self._emit(ev.StateChanged("stopped" if stopped else "finished", self.step))
        self._emit(result)
        return result

    def _next_batch(self):
        n = len(self._train_x)
        take = self._order[self._position:self._position + self.config.batch_size]
        self._position += len(take)
        if self._position >= n:
            self._position = 0
            self._epoch_index += 1
            self._order = self._data_rng.permutation(n)
        x = to_float_nchw(self._train_x[take])
        return x.astype(self.model.dtype, copy=False), self._train_y[take].astype(np.int64)

    def _train_step(self):
        """One batch: forward, loss, backward, update. Returns (loss, batch, correct) or None."""
        be, model = self.backend, self.model
        position, epoch_index, order = self._position, self._epoch_index, self._order
        x_host, y_host = self._next_batch()
        timed = (self.step + 1) % self.config.timing_every == 0 or self.step == 0
        marks: list | None = [] if timed else None
        t0 = time.perf_counter()
        try:
            # A diverging run overflows on its way to NaN; that is handled below, not warned about.
            with np.errstate(over="ignore", invalid="ignore"):
                x, y = be.from_host(x_host), be.from_host(y_host)
                logits = model.forward(x, train=True, step_key=dropout_key(self.config.seed, self.step, 0), marks=marks)
                loss, correct, dlogits = be.softmax_cross_entropy(logits, y)
                if not math.isfinite(loss):
                    self._diverged(loss)
                    return None
                model.backward(dlogits, marks=marks)
                lr = self.current_lr()
                stats_due = self.config.stats_every and (self.step + 1) % self.config.stats_every == 0
                before = self._host_weights(copy=True) if stats_due else None
                self.optimizer.step(model.named_parameters(), lr)
                be.synchronize()
        except Exception as exc:
            if not be.is_gpu:
                raise
            # A GPU failure (out of memory, launch failure...) mid-step: put the
            # batch back, fall back to the CPU with the last completed step.
            self._position, self._epoch_index, self._order = position, epoch_index, order
            self._fall_back_to_cpu(exc)
            return None
        step_ms = (time.perf_counter() - t0) * 1e3
        self.step += 1
        self._images_seen += len(y_host)
        self._images_trained += len(y_host)
        self._lr_used = lr
        if before is not None:
            grads = {name: be.to_host(p.grad) for name, p in model.named_parameters() if p.grad is not None}
            stats = parameter_stats(self._host_weights(), grads, before)
            self._emit(ev.ParameterStatsMeasured(self.step, self.epoch, lr, tuple(stats)))
        if self.step % 50 == 0:
            self._last_good = (self.step, model.state_dict(), self.optimizer.state_arrays(), self.optimizer.t)
        if marks is not None:
            self._emit(ev.TimingMeasured(self.step, be.name, len(y_host),
                                         layer_timings(be, [l.name for l in model.layers], marks), step_ms))
        return loss, len(y_host), correct

    def _host_weights(self, copy: bool = False) -> dict[str, np.ndarray]:
        to_host = self.backend.to_host
        return {name: np.array(to_host(p.data), copy=copy) for name, p in self.model.named_parameters()}

    def _restore(self, saved) -> int:
        step, weights, optim_state, t = saved
        self.model.load_state_dict(weights)
        self.optimizer.load_state_arrays(optim_state, t)
        return step

    def _diverged(self, loss: float) -> None:
        restored = self._restore(self._last_good)
        self._paused = True
        message = (f"loss became {loss} at step {self.step + 1}: the weights were restored to step {restored} "
                   f"and training is paused. Lower the learning rate (now {self.config.lr:g}) and resume.")
        self._emit(ev.Diverged(self.step, self.epoch, float(loss), restored, message))
        self._emit(ev.StateChanged("paused", self.step))

    def _fall_back_to_cpu(self, exc: Exception) -> None:
        old = self.backend
        cpu = None
        for name in ("numba", "numpy"):
            try:
                cpu = registry.get(name)
                break
            except BackendUnavailable:
                continue
        try:
            weights, optim_arrays, t = self.model.state_dict(), self.optimizer.state_arrays(), self.optimizer.t
        except Exception:  # the device is gone: use the last host copy
            _, weights, optim_arrays, t = self._last_good
        self.model.release()  # the GPU arrays are dropped, not read again
        self.model.load_state_dict(weights)
        self.model.to(cpu)
        self.optimizer.backend = cpu
        self.optimizer.load_state_arrays(optim_arrays, t, self.model.named_parameters().flat.layout)
        self.backend = cpu
        reason = f"{old.name} failed ({type(exc).__name__}: {exc}); continuing on {cpu.name} from step {self.step}"
        self._emit(ev.BackendSwitched(self.step, self.epoch, old.name, cpu.name, cpu.describe(), reason))
        self._emit(ev.TrainerError(reason, traceback.format_exc(), fatal=False))

    # ------------------------------------------------------------------
    # commands
    def _apply_commands(self) -> None:
        while True:
            try:
                name, args = self._commands.get_nowait()
            except queue.Empty:
                return
            try:
                getattr(self, f"_do_{name}")(*args)
            except (ValueError, BackendUnavailable) as exc:
                self._emit(ev.TrainerError(str(exc)))

    def _do_pause(self) -> None:
        if not self._paused:
            self._paused = True
            self._emit(ev.StateChanged("paused", self.step))

    def _do_resume(self) -> None:
        self._pending_single_steps = 0
        if self._paused:
            self._paused = False
            self._emit(ev.StateChanged("running", self.step))

    def _do_step_once(self) -> None:
        if not self._paused:
            self._do_pause()
        self._pending_single_steps += 1

    def _do_hyper(self, changes: dict) -> None:
        cfg = self.config
        allowed = {"lr", "momentum", "batch_size", "optimizer", "schedule"}
        unknown = set(changes) - allowed
        if unknown:
            raise ValueError(f"cannot change {', '.join(sorted(unknown))} while training")
        updated = replace(cfg, **changes).validate()
        applied = {k: v for k, v in changes.items() if getattr(cfg, k) != v}
        if not applied:
            return
        if "optimizer" in applied:
            self.optimizer.set_kind(updated.optimizer)
        if "momentum" in applied:
            self.optimizer.momentum = updated.momentum
        self.config = updated
        self._emit(ev.HyperparametersChanged(self.step, self.epoch, applied))

    def _do_backend(self, name: str) -> None:
        new = registry.get(name)
        old = self.backend
        if new is old:
            return
        self.model.to(new)
        self.optimizer.to(new)
        self.backend = new
        self._emit(ev.BackendSwitched(self.step, self.epoch, old.name, new.name, new.describe()))
        warm_up = getattr(new, "warm_up", None)
        if getattr(new, "needs_warmup", False) and warm_up is not None:
            seconds = float(warm_up())
            self.compile_seconds += seconds
            if seconds > 0.05:
                self._emit(ev.WarmupFinished(new.name, seconds, f"{new.name}: compiled kernels in {seconds:.1f} s"))

    def _do_snapshot(self, request: _SnapshotRequest) -> None:
        self._emit(self.snapshot(request.image, request.test_index, request.tag))

    def _do_evaluate(self) -> None:
        self.evaluate(full=False)

    def _do_reset(self, seed: int | None) -> None:
        cfg = self.config if seed is None else replace(self.config, seed=seed).validate()
        self.config = cfg
        dtype = self.model.dtype
        self.model.initialise(cfg.seed, dtype)
        self.optimizer = Optimizer(cfg.optimizer, momentum=cfg.momentum).to(self.backend)
        self.step = 0
        self._data_rng = np.random.default_rng([cfg.seed, 1])
        self._dropout_rng = np.random.default_rng([cfg.seed, 2])
        self._order = self._data_rng.permutation(len(self._train_x))
        self._position = self._epoch_index = self._images_seen = 0
        self._last_good = (0, self.model.state_dict(), {}, 0)
        self._emit(ev.StateChanged("reset", 0))

    # ------------------------------------------------------------------
    # inspection
    def evaluate(self, full: bool = True) -> ev.EvaluationFinished:
        d = self.dataset
        n = len(d.test_images)
        if not full and self.config.eval_samples is not None:
            n = min(n, self.config.eval_samples)
        x = to_float_nchw(d.test_images[:n])
        labels = d.test_labels[:n]
        probs = self.model.predict_proba(x, batch_size=1000)
        picked = probs[np.arange(n), labels]
        loss = float(-np.log(np.maximum(picked, 1e-12)).mean())
        predictions = probs.argmax(axis=1)
        event = ev.EvaluationFinished(self.step, self.epoch, loss, float((predictions == labels).mean()), n,
                                      labels.astype(np.int64), predictions.astype(np.int64),
                                      probs.max(axis=1).astype(np.float32))
        self.last_eval = event
        self._emit(event)
        return event

    def snapshot(self, image: np.ndarray | None = None, test_index: int | None = None, tag: str = "") -> ev.Snapshot:
        label = None
        if image is None:
            index = 0 if test_index is None else int(test_index) % len(self.dataset.test_images)
            image = self.dataset.test_images[index].astype(np.float32) / 255.0
            label = int(self.dataset.test_labels[index])
        image = np.asarray(image, dtype=np.float32)
        if image.shape != (28, 28):
            raise ValueError(f"a snapshot input must be 28x28, got {image.shape}")
        be = self.backend
        x = be.from_host(np.ascontiguousarray(image[None, None], dtype=self.model.dtype))
        outputs = self.model.activations(x)
        feature_maps = tuple((name, out[0]) for (name, out), layer in zip(outputs, self.model.layers)
                             if layer.kind in FEATURE_LAYER_KINDS)
        weights = self.model.state_dict()
        kernels = tuple((l.name, weights[f"{l.name}.weight"]) for l in self.model.layers if l.kind == "conv")
        logits = outputs[-1][1][0].astype(np.float64)
        probs = np.exp(logits - logits.max())
        probs /= probs.sum()
        return ev.Snapshot(self.step, self.epoch, image, label, feature_maps, kernels, probs.astype(np.float32),
                           weights, self.model.spec, tag)


class _Throughput:
    """Images per second over the last few seconds of training steps."""

    def __init__(self, horizon_s: float = 3.0):
        self.horizon = horizon_s
        self.items: list[tuple[int, float]] = []

    def add(self, images: int, seconds: float) -> None:
        self.items.append((images, seconds))
        total = 0.0
        for i in range(len(self.items) - 1, -1, -1):
            total += self.items[i][1]
            if total > self.horizon:
                del self.items[:i]
                break

    def rate(self) -> float:
        seconds = sum(s for _, s in self.items)
        return sum(n for n, _ in self.items) / seconds if seconds > 0 else 0.0

"""Commands other threads queue for the trainer, and how the trainer applies them
(between two steps, on the training thread: one handler per command type)."""

from __future__ import annotations

import functools
import queue
from dataclasses import dataclass, replace

import numpy as np

from ..backends import registry
from ..backends.base import BackendUnavailable
from . import events as ev


@dataclass(frozen=True)
class Pause: pass
@dataclass(frozen=True)
class Resume: pass
@dataclass(frozen=True)
class StepOnce: pass
@dataclass(frozen=True)
class SetHyperparameters:
    changes: dict
@dataclass(frozen=True)
class SwitchBackend:
    name: str
@dataclass(frozen=True)
class TakeSnapshot:
    image: np.ndarray | None
    test_index: int | None
    tag: str
@dataclass(frozen=True)
class Reset:
    seed: int | None


class CommandHandling:
    """Mixed into the Trainer."""

    def _apply_commands(self) -> None:
        while True:
            try:
                command = self._commands.get_nowait()
            except queue.Empty:
                return
            try:
                self._handle(command)
            except (ValueError, BackendUnavailable) as exc:
                self._emit(ev.TrainerError(str(exc)))

    @functools.singledispatchmethod
    def _handle(self, command) -> None:
        raise TypeError(f"unknown trainer command {command!r}")

    @_handle.register
    def _(self, command: Pause) -> None:
        if not self._paused:
            self._paused = True
            self._flush()
            self._emit(ev.StateChanged(ev.RunPhase.PAUSED, self.step))

    @_handle.register
    def _(self, command: Resume) -> None:
        self._pending_single_steps = 0
        if self._paused:
            self._paused = False
            self._watch.reset()
            self._emit(ev.StateChanged(ev.RunPhase.RUNNING, self.step))

    @_handle.register
    def _(self, command: StepOnce) -> None:
        if not self._paused:
            self._handle(Pause())
        self._pending_single_steps += 1

    @_handle.register
    def _(self, command: SetHyperparameters) -> None:
        cfg = self.config
        allowed = {"lr", "momentum", "batch_size", "optimizer", "schedule"}
        unknown = set(command.changes) - allowed
        if unknown:
            raise ValueError(f"cannot change {', '.join(sorted(unknown))} while training")
        updated = replace(cfg, **command.changes).validate()
        applied = {k: v for k, v in command.changes.items() if getattr(cfg, k) != v}
        if not applied:
            return
        self._flush()
        if "optimizer" in applied:
            self.optimizer.set_kind(updated.optimizer)
        if "momentum" in applied:
            self.optimizer.momentum = updated.momentum
        self.config = updated
        self._emit(ev.HyperparametersChanged(self.step, self.epoch, applied))

    @_handle.register
    def _(self, command: SwitchBackend) -> None:
        new = registry.get(command.name)
        old = self.backend
        if new is old:
            return
        self._flush()
        if old is not self.backend:  # the flush itself fell back to the CPU
            old = self.backend
            if new is old:
                return
        try:
            weights, arrays, t = self.model.state_dict(), self.optimizer.state_arrays(), self.optimizer.t
        except Exception as exc:
            if not old.is_gpu:
                raise
            self._fall_back_to_cpu(exc, f"the switch to {new.name}")
            return
        try:
            self.model.release()
            self.model.load_state_dict(weights)
            self.optimizer.replace_state(None, {}, 0, None)
            self._warm_and_move(new, arrays, t)
        except Exception as exc:
            if not new.is_gpu:
                raise
            registry.mark_failed(new.name, f"failed to start ({type(exc).__name__}: {exc})")
            self.model.release()
            self.model.load_state_dict(weights)
            self._warm_and_move(old if not old.is_gpu else self._cpu_backend(), arrays, t)
            raise BackendUnavailable(f"{new.name} failed to start ({type(exc).__name__}: {exc}); "
                                     f"training stays on {self.backend.name}") from exc
        self._emit(ev.BackendSwitched(self.step, self.epoch, old.name, new.name, new.describe()))

    def _warm_and_move(self, backend, optimizer_arrays, t) -> None:
        self._warm_up(backend)
        self._move_to(backend, optimizer_arrays, t)

    @_handle.register
    def _(self, command: TakeSnapshot) -> None:
        self._flush()
        self._emit(self.snapshot(command.image, command.test_index, command.tag))

    @_handle.register
    def _(self, command: Reset) -> None:
        cfg = self.config if command.seed is None else replace(self.config, seed=command.seed).validate()
        self.config = cfg
        self._pending = []
        self.model.initialise(cfg.seed, self.model.dtype)
        self.optimizer.replace_state(self.backend, {}, 0, self.model.named_parameters().flat.layout)
        self.optimizer.set_kind(cfg.optimizer)
        self._start_over(cfg.seed)
        self._take_backup()
        self._emit(ev.StateChanged(ev.RunPhase.RESET, 0))

"""The trainer's side of the commands: one handler per command type, applied between two steps.

``commands.Steering`` queues what other threads ask; ``CommandHandlers`` takes the queue on the training
thread and carries each command out on the run (the Trainer is one: its state is the Trainer's own, and
the names declared below are what the handlers use of it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..backends import registry
from ..backends.base import BackendUnavailable
from ..dispatch import singledispatchmethod
from ..translatable import Phrase
from . import commands as cmd
from . import events as ev


class CommandHandlers(cmd.Steering):
    """Carries out the queued commands on the training thread (``_apply_commands``, between two steps)."""

    # What the handlers use of the run (the Trainer's own).
    config: object
    model: object
    optimizer: object
    backend: object
    recovery: object
    step: int
    epoch: float
    _paused: bool
    _pending_single_steps: int
    _pending: object
    _emit: Callable[[object], None]
    _flush: Callable[[], None]
    _start_over: Callable[[int], None]
    _release_buffers: Callable[[object], None]
    snapshot: Callable[..., ev.Snapshot]

    def _apply_commands(self) -> None:
        for command in self.queued_commands():
            try:
                self._handle(command)
            except (ValueError, BackendUnavailable) as exc:
                # A Phrase said (the GUI shows it in its language), else the exception's own text.
                said = exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], Phrase) else str(exc)
                self._emit(ev.TrainerError(said))

    @singledispatchmethod  # (cnnviz.dispatch's: functools' kept every Trainer alive on Python 3.13.0-3.13.1)
    def _handle(self, command) -> None:
        raise TypeError(f"unknown trainer command {command!r}")

    @_handle.register
    def _(self, command: cmd.Pause) -> None:
        if not self._paused:
            self._paused = True
            self._flush()
            self._emit(ev.StateChanged(ev.RunPhase.PAUSED, self.step))

    @_handle.register
    def _(self, command: cmd.Resume) -> None:
        self._pending_single_steps = 0
        if self._paused:
            self._paused = False
            self.recovery.watch.reset()
            self._emit(ev.StateChanged(ev.RunPhase.RUNNING, self.step))

    @_handle.register
    def _(self, command: cmd.StepOnce) -> None:
        if not self._paused:
            self._handle(cmd.Pause())
        self._pending_single_steps += 1

    @_handle.register
    def _(self, command: cmd.SetHyperparameters) -> None:
        updated, applied = self.config.with_changes(command.changes)
        if not applied:
            return
        self._flush()
        if "optimizer" in applied:
            self.optimizer.set_kind(updated.optimizer)
        if "momentum" in applied:
            self.optimizer.momentum = updated.momentum
        self.config = updated
        if "batch_size" in applied:
            self._release_buffers(self.backend)  # the old size's buffers would never be used again
        self._emit(ev.HyperparametersChanged(self.step, self.epoch, applied))

    @_handle.register
    def _(self, command: cmd.SwitchBackend) -> None:
        new = registry.get(command.name)
        if new is self.backend:
            return
        self._flush()  # (which may itself fall back to the CPU)
        old = self.backend
        if new is not old and self.recovery.move_to(new):
            self._release_buffers(old)
            self._emit(ev.BackendSwitched(self.step, self.epoch, old.name, new.name, new.describe()))

    @_handle.register
    def _(self, command: cmd.TakeSnapshot) -> None:
        self._flush()
        self._emit(self.snapshot(command.image, command.test_index, command.tag))

    @_handle.register
    def _(self, command: cmd.Reset) -> None:
        cfg = self.config if command.seed is None else replace(self.config, seed=command.seed).validate()
        self.config = cfg
        self._pending.clear()
        self.model.initialise(cfg.seed, self.model.dtype)
        self.optimizer.replace_state(self.backend, {}, 0, self.model.named_parameters().flat.layout)
        self.optimizer.set_kind(cfg.optimizer)
        self._start_over(cfg.seed)
        self.recovery.take_backup()
        self._emit(ev.StateChanged(ev.RunPhase.RESET, 0))

"""Commands other threads queue for the trainer; it applies each between two steps, on the
training thread (one handler per command type: command_handlers.py, a base of the Trainer).

``Steering`` is the thread-safe side of the trainer: the methods any thread may call
(``pause``, ``resume``, ``step_once``, ``stop``, ``set_hyperparameters``, ``switch_backend``,
``request_snapshot``, ``reset``) queue a command or ask the run to stop; the training thread
takes the queued commands (``queued_commands``) and waits for one while paused
(``wait_for_command``). Its state is its own, declared in its ``__init__``.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Pause:
    pass


@dataclass(frozen=True)
class Resume:
    pass


@dataclass(frozen=True)
class StepOnce:
    pass


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


class Steering:
    """What other threads may ask of a run; thread-safe. The Trainer is one."""

    def __init__(self):
        self._queue: queue.SimpleQueue = queue.SimpleQueue()
        self._wake = threading.Event()
        """Set when a command (or the stop request) arrives: a paused run waits on it."""
        self._stop_requested = False
        self._final_evaluation = True

    def _put(self, command) -> None:
        self._queue.put(command)
        self._wake.set()

    def pause(self) -> None:
        self._put(Pause())

    def resume(self) -> None:
        self._put(Resume())

    def step_once(self) -> None:
        """While paused: train exactly one more batch."""
        self._put(StepOnce())

    def stop(self, final_evaluation: bool = True, wake: bool = True) -> None:
        """End the run after the current step; ``final_evaluation=False`` skips the
        full test-set evaluation run() otherwise does at the end (a closing window
        must not wait seconds for it; an evaluation under way stops at its next chunk).
        ``wake=False`` only sets the two flags (a signal handler: it takes no lock, where
        waking a paused run would; a paused run sees the flags within its 50 ms wait)."""
        self._final_evaluation = self._final_evaluation and final_evaluation
        self._stop_requested = True
        if wake:
            self._wake.set()

    def set_hyperparameters(self, **changes) -> None:
        """lr, momentum, batch_size, optimizer, schedule; applied at the next step."""
        self._put(SetHyperparameters(changes))

    def switch_backend(self, name: str) -> None:
        self._put(SwitchBackend(name))

    def request_snapshot(self, image: np.ndarray | None = None, test_index: int | None = None, tag: str = "") -> None:
        """Feature maps, kernels and weights for ``image`` (28x28 in [0,1]) or a test image."""
        self._put(TakeSnapshot(image, test_index, tag))

    def reset(self, seed: int | None = None) -> None:
        """New random weights and optimizer state; the step count starts over."""
        self._put(Reset(seed))

    # ------------------------------------------------------------------
    # the training thread's side
    @property
    def stop_requested(self) -> bool:
        return self._stop_requested

    @property
    def final_evaluation(self) -> bool:
        """False once a stop asked to skip the final evaluation."""
        return self._final_evaluation

    def queued_commands(self) -> Iterator[object]:
        """The commands queued so far, oldest first (those queued meanwhile too)."""
        while True:
            try:
                yield self._queue.get_nowait()
            except queue.Empty:
                return

    def wait_for_command(self, seconds: float) -> None:
        """Wait until a command or a stop request arrives, at most ``seconds``."""
        self._wake.wait(seconds)
        self._wake.clear()

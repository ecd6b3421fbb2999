"""The run's intents without Qt: start, pause, step, reset, stop, the changes made while it trains.

:class:`RunIntents` carries them out on a :class:`Session` (whatever runs the Trainer: the window's
``TrainingSession`` on its QThread, a fake in the tests) and records them in the app state
(:class:`~.state.AppState`); the window's ``gui/run_control.py`` adds what is shown (the status bar,
the banner, the panels starting over, the buttons). Run intents are tested without Qt
(``tests/app/test_run_control.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ..train.commands import Steering
from ..train.config import TrainConfig
from ..train.events import RunPhase
from ..train.resume import Resume
from ..train.trainer import Trainer
from .autosave import Plan
from .class_training import own_classes
from .state import AppState

ViewInput = tuple
"""(image or None, test image index or None): what the trainer's view snapshots show."""


class Session(Protocol):
    """What runs the trainer: it starts a Trainer (on a thread of its own) and stops it."""

    trainer: Steering | None
    """The active run's trainer (its thread-safe commands); None when there is none."""

    @property
    def active(self) -> bool: ...

    def start(
        self, trainer: Trainer, view_input: ViewInput, paused: bool = False, autosave: Plan | None = None
    ) -> None: ...

    def stop(self, wait: bool = False) -> None: ...


class RunIntents:
    """The run's intents on ``session``, recorded in ``state``."""

    def __init__(self, state: AppState, session: Session):
        self.state, self.session = state, session

    @property
    def paused(self) -> bool:
        return self.state.run.state == RunPhase.PAUSED

    def resume(self) -> bool:
        """Start while a run is active: a paused one goes on. False: no run is active (launch one)."""
        if not self.session.active:
            return False
        if self.paused:
            self.session.trainer.resume()
        return True

    def toggle_pause(self) -> None:
        trainer = self.session.trainer
        if trainer is not None:
            trainer.resume() if self.paused else trainer.pause()

    def step(self) -> bool:
        """One step of the active run; False: none is active (launch one, paused)."""
        if not self.session.active:
            return False
        self.session.trainer.step_once()
        return True

    def reset(self) -> tuple[int, bool]:
        """New random weights from the next seed: (the seed, whether the active run took them; else the
        caller makes them)."""
        seed = self.state.next_seed()
        if not self.session.active:
            return seed, False
        self.state.forget_initial_weights()
        self.session.trainer.reset(seed)
        return seed, True

    def launch(
        self,
        config: TrainConfig,
        dataset,
        view_input: ViewInput,
        *,
        paused: bool = False,
        initial_weights: dict | None = None,
        resume_for: Callable[[dict | None], Resume | None] = lambda w: None,
        autosave: Callable[[], Plan | None] = lambda: None,
        label: str = "",
    ) -> Trainer:
        """A new run of ``config`` on ``dataset`` from ``initial_weights`` (default: the loaded file's, or the
        fresh random ones), going on from where ``resume_for`` says those weights' run was; ValueError (and
        nothing changed) when the trainer refuses the config."""
        state = self.state
        weights = state.run.initial_weights if initial_weights is None else initial_weights
        trainer = Trainer(config, dataset, initial_weights=weights, resume=resume_for(weights))
        names = dataset.class_names if own_classes(dataset.class_names) else None
        state.start_run(config, label, names)
        self.session.start(trainer, view_input, paused=paused, autosave=autosave())
        return trainer

    def starting(self) -> None:
        """The run launched is starting (once its history and the panels started over)."""
        self.state.set_phase(RunPhase.STARTING)

    def stop(self, wait: bool = False) -> bool:
        """Stop the active run without its final evaluation; False when none was active."""
        if not self.session.active:
            return False
        self.session.stop(wait=wait)
        self.state.set_phase(RunPhase.STOPPED)
        return True

    def change_hyperparameters(self, changes: dict) -> None:
        """The sidebar's changes reach the active run (the state records them when the trainer took them)."""
        if self.session.active:
            self.session.trainer.set_hyperparameters(**changes)

    def switch_backend(self, name: str) -> None:
        if self.session.active:
            self.session.trainer.switch_backend(name)

    def ended(self, result, final_weights: tuple | None) -> Exception | None:
        """The run's thread ended with ``result`` (a RunFinished or None) and ``final_weights`` ((spec, weights,
        step) or None): recorded, the phase finished unless stopped or failed. Returns the error of a final
        copy that could not be made (the run is still recorded as ended)."""
        state, error = self.state, None
        if result is not None:
            state.finish_run(result)
        if final_weights is not None:
            try:
                state.final_weights(*final_weights)
            except Exception as exc:  # noqa: BLE001 - never lose the window over a display copy
                error = exc
        if state.run.state not in (RunPhase.FINISHED, RunPhase.STOPPED, RunPhase.FAILED):
            state.set_phase(RunPhase.FINISHED)
        return error

    def failed(self) -> None:
        self.state.set_phase(RunPhase.FAILED)

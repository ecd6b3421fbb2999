"""The run's intents without Qt: start, pause, step, reset, stop, the changes made while it trains.

:class:`RunIntents` carries them out on a :class:`Session` (whatever runs the Trainer: the window's
``TrainingSession`` on its QThread, a fake in the tests) and records them in the app state
(:class:`~.state.AppState`). It also makes the decisions: the run a launch starts (its config, its data set, the
weights it trains from: a net of the class's own classes goes on learning them), what new weights, a new model,
a run's end or failure do to the state, which data set is loaded, whether a run trains (the window's NumPy work
then shares the cores) and what the run buttons offer. The window's ``gui/run_control.py`` adds what is shown
(the status bar, the banner, the panels starting over, the buttons, the busy indicator). Run intents are tested
without Qt (``tests/app/test_run_control.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Protocol

from ..backends import registry as backends
from ..backends.blas_threads import share_cores_with
from ..train.commands import Steering
from ..train.config import TrainConfig
from ..train.events import RunPhase
from ..train.resume import Resume
from ..train.trainer import Trainer
from . import class_training
from .autosave import Plan
from .class_training import own_classes
from .state import AppState

TRAINING_PHASES = (RunPhase.STARTING, RunPhase.RUNNING, RunPhase.RESET)
"""The phases in which a run trains (its thread takes the cores)."""


class NoDataSet(Exception):
    """A run cannot launch: no data set is loaded."""


@dataclass(frozen=True)
class Launch:
    """A run ready to launch (:meth:`RunIntents.prepare_launch`)."""

    config: TrainConfig
    dataset: object
    """What it trains and tests on (the lesson's test images only, the class's drawings...)."""
    initial_weights: dict | None
    """What it trains from (None: the loaded file's, or the fresh random ones)."""
    continued_classes: int = 0
    """A net of the class's own classes goes on learning this many classes from the weights now (0: it does not)."""

    @property
    def planned_epochs(self) -> float:
        """The epochs it will train (0.0: a number of steps)."""
        return self.config.epochs if self.config.steps is None else 0.0


@dataclass(frozen=True)
class RunButtons:
    """What the run buttons offer: a run is active (Pause, Stop), it is paused (Resume), a data set is loaded."""

    active: bool
    paused: bool
    has_data: bool


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
        self.training_backend: str | None = None
        """The backend the run trains on (None before the first launch): :meth:`share_cores`."""

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

    # --- the weights a run starts from ------------------------------------------------------------------
    def new_random_model(self, spec: str, class_outputs: int | None = None) -> tuple[str, ...] | None:
        """Fresh random weights of network ``spec``: a net of the class's own classes when the sidebar's net has
        as many outputs (``class_outputs``) as the run's classes (a loaded one's, Reset: the same outputs, the
        same classes). Returns their class names (None: the data set's); ValueError: ``spec`` does not build."""
        names = self.state.run.class_names
        own = bool(names) and class_outputs == len(names)
        return self.state.new_random_weights(spec, own_classes=own)

    def new_model(
        self,
        settings: dict | None = None,
        class_names: tuple[str, ...] | None = None,
        accuracy: float | None = None,
        epoch: float | None = None,
    ) -> None:
        """The NumPy copy holds other weights (random ones, a file's, which gives the training ``settings``, the
        ``class_names`` of a net of a class's own classes, the test ``accuracy`` and the ``epoch``): a run of them
        starts over. The caller announces the weights (``state.weights_replaced()``) once the views started over."""
        self.state.new_weights(settings, class_names)
        self.start_over()
        self.state.set_known_accuracy(accuracy)
        self.state.set_known_epoch(epoch)

    def start_over(self) -> None:
        """The weights start over (a new run, new weights, a reset mid-run): the run's history is forgotten, and
        without an active run the run is idle."""
        self.state.clear_history()
        if not self.session.active:
            self.state.set_phase(RunPhase.IDLE)

    # --- a new run -----------------------------------------------------------------------------------------
    def prepare_launch(
        self,
        settings: dict,
        dataset=None,
        initial_weights: dict | None = None,
        config_changes: dict | None = None,
    ) -> Launch:
        """The run that the sidebar's ``settings`` (``config_changes`` on top) would launch, from
        ``initial_weights`` on ``dataset`` (default: the data set loaded, as the lesson tests on it). Weights of
        the class's own classes (a loaded file's, a class run's) go on learning them from the class canvas's
        drawings of theirs, from the weights now. Raises :class:`NoDataSet`, ``class_training.NotEnoughDrawings``
        (its message says what to do) or ValueError (a config the trainer would refuse)."""
        state = self.state
        if state.dataset is None:
            raise NoDataSet
        names, continued = state.run.class_names, 0
        if dataset is None and own_classes(names) and state.local.model is not None:
            dataset = class_training.continue_dataset(state.class_canvas, names, seed=state.seed)
            initial_weights = state.local.weights()
            config_changes = {**class_training.continue_settings(state.local.spec), **(config_changes or {})}
            continued = len(names)
        config = state.make_config(settings)
        if config_changes:
            config = replace(config, **config_changes).validate()
        if dataset is None:
            dataset = state.tested_on(state.dataset)
        return Launch(config, dataset, initial_weights, continued)

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

    def starting(self):
        """The run launched is starting (once its history and the panels started over); returns its backend's
        registry entry (``compiles``: its kernels are compiled first)."""
        info = backends.info(self.state.run.config.backend)
        self.training_backend = info.name
        self.state.set_phase(RunPhase.STARTING)
        return info

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

    def final_frame(self, have_view: bool) -> tuple[int, float, float | None] | None:
        """The time-lapse's last frame after a run ended: (the final weights' step, their epoch, their test accuracy
        when evaluated at that step, else None); None: none to record (no view was shown, untrained weights)."""
        run, local = self.state.run, self.state.local
        if not have_view or not local.trained:
            return None
        last_eval, last_step = run.last_eval, run.last_step
        accuracy = last_eval.test_accuracy if last_eval is not None and last_eval.step == local.step else None
        return local.step, (last_step.epoch if last_step is not None else 0.0), accuracy

    # --- the data set ---------------------------------------------------------------------------------------
    def load_dataset(self, name: str) -> Exception | None:
        """Load data set ``name``; returns what went wrong (the state then has none), never raises it."""
        try:
            self.state.load_dataset(name)
        except Exception as exc:  # noqa: BLE001 - DatasetError, OSError, a damaged file: said, never a crash
            return exc
        return None

    # --- what the window's other work and the buttons follow -----------------------------------------------
    @property
    def training(self) -> bool:
        """A run trains now (starting, running, or starting over)."""
        return self.state.run.state in TRAINING_PHASES

    def share_cores(self) -> bool:
        """The window's NumPy work shares the cores with the run (one BLAS thread while a backend other than the
        NumPy reference trains: docs/performance.md). Returns whether a run trains."""
        training = self.training
        share_cores_with(self.training_backend if training else None)
        return training

    def backend_switched(self, name: str) -> bool:
        """The run moved to backend ``name``: the cores shared with it (returns whether a run trains)."""
        self.training_backend = name
        return self.share_cores()

    def buttons(self) -> RunButtons:
        active = self.session.active
        return RunButtons(active, active and self.paused, self.state.dataset is not None)

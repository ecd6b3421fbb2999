"""One training run as the app sees it: the settings it trains with, what it recorded, the model it has.

:class:`Run` adds to :class:`~.run_state.RunState` (the phase and the bounded history of steps,
evaluations and timings) the run's config as trained (the changes made while it trains included: the
one record of "the settings this run trained with" that saves, the report and the comparison read),
the NumPy copy of its model (:class:`~.inference.LocalModel`:
what the view panels and the drawing pad compute with), the weights it starts from, a label
("Fine-tuning on our drawings"), the test accuracy a loaded file gives its weights, and where it was
last saved. No Qt.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..train.config import TrainConfig
from .inference import LocalModel
from .run_state import RunState, StepHistory

if TYPE_CHECKING:
    from .comparison import Curves


RUN_SETTINGS = (
    "net",
    "dataset",
    "backend",
    "epochs",
    "optimizer",
    "lr",
    "momentum",
    "batch_size",
    "schedule",
    "seed",
    "train_samples",
)
"""What :meth:`Run.trained_with` names: the settings a save, the report and a comparison say a run had."""


@dataclass
class Run(RunState):
    config: TrainConfig | None = None
    """The settings the run trains with, as in force now: its config at the start with every change since
    (a learning rate changed mid-run, a backend switch). None: its weights were not trained by a run of
    this app (fresh random ones, or a loaded file's: :attr:`loaded_settings`)."""
    loaded_settings: dict = field(default_factory=dict)
    """What a loaded file says its weights were trained with (the keys of :data:`RUN_SETTINGS` it names
    validly); empty for random weights and once a run trains them."""
    label: str = ""
    """What the run is for, said when it finishes (empty: an ordinary run)."""
    local: LocalModel = field(default_factory=LocalModel)
    """The NumPy copy of the run's weights (random ones before it starts, the final ones after)."""
    initial_weights: dict | None = None
    """The weights Start trains from: a loaded checkpoint's (None: fresh random ones)."""
    known_accuracy: float | None = None
    """The test accuracy a loaded checkpoint says its weights have (None: not known; cleared with the history)."""
    known_epoch: float | None = None
    """The epoch a loaded checkpoint says its weights were trained to (None: not known; cleared with the
    history): the status bar shows it beside the file's step, also when a lesson gives the run back."""
    saved_to: Path | None = None
    """Where the weights were last saved (None: never)."""
    saved_curves: Curves | None = None
    """The curves a loaded file carries of the run that trained its weights (None: none; cleared with the
    history): drawn as the run's own until it trains on."""
    class_names: tuple[str, ...] | None = None
    """What the net's outputs are when it learned the class's own classes (circle, triangle...: a run on the
    class canvas's drawings, or a file that names them); None: the data set's (the digits)."""

    def clear(self) -> None:
        super().clear()
        self.known_accuracy = None
        self.known_epoch = None
        self.saved_curves = None

    # --- put aside and back (a lesson borrows the app) ------------------------------------------------
    def set_aside(self) -> Run:
        """This run as it is now, to :meth:`take_back` later: its settings, history and a copy of its weights;
        this one goes on with a history of its own (whatever replaces the weights clears it)."""
        aside = replace(self, local=self.local.copy())
        self.history = StepHistory(self.history.recent_capacity, self.history.older_capacity)
        self.history.extend(aside.steps)  # (cleared by whoever replaces the weights; kept until then)
        self.evaluations, self.timings, self.marks = list(self.evaluations), list(self.timings), list(self.marks)
        return aside

    def take_back(self, aside: Run) -> None:
        """The run set aside is the run again (its history, settings, weights and phase)."""
        for f in fields(self):
            setattr(self, f.name, getattr(aside, f.name))

    # --- the settings it trains with --------------------------------------------------------------
    def started(self, config: TrainConfig, class_names: tuple[str, ...] | None = None) -> None:
        """A run starts with ``config`` (on the class's own classes ``class_names``): its settings from now on."""
        self.config = config
        self.loaded_settings = {}
        self.class_names = tuple(class_names) if class_names else None

    def new_weights(self, loaded_settings: dict | None = None, class_names: tuple[str, ...] | None = None) -> None:
        """Weights no run of this app trained (random ones; a file's, which names ``loaded_settings`` and, for a
        net of a class's own classes, their ``class_names``)."""
        self.config = None
        self.loaded_settings = {k: v for k, v in (loaded_settings or {}).items() if k in RUN_SETTINGS}
        self.class_names = tuple(class_names) if class_names else None

    def change(self, changes: dict) -> None:
        """The trainer took ``changes`` (learning rate, momentum, batch size, optimizer, schedule) from its
        next step on."""
        if self.config is not None and changes:
            self.config = self.config.with_changes(changes)[0]

    def switch_backend(self, name: str) -> None:
        """The trainer moved the run to backend ``name`` (the user's choice, or a GPU failure)."""
        if self.config is not None and name:
            self.config = replace(self.config, backend=name)

    def trained_with(self) -> dict:
        """The settings the run's weights were trained with, as in force now (:data:`RUN_SETTINGS`);
        for a loaded model not trained since, those its file names; empty for random weights."""
        if self.config is None:
            return dict(self.loaded_settings)
        return {key: getattr(self.config, key) for key in RUN_SETTINGS}

    def figures(self) -> dict:
        """What a save of the run's model says about it: its step and, when known, its epoch and test accuracy."""
        local = self.local
        figures = {"step": int(local.step)}
        if self.last_step is not None and self.last_step.step == local.step:
            figures["epoch"] = round(float(self.last_step.epoch), 4)
        elif self.last_step is None and self.known_epoch is not None:
            figures["epoch"] = round(float(self.known_epoch), 4)  # a loaded model, not trained since
        if self.last_eval is not None and self.last_eval.step == local.step:
            figures["test_accuracy"] = float(self.last_eval.test_accuracy)
        elif self.known_accuracy is not None:
            figures["test_accuracy"] = float(self.known_accuracy)  # a loaded model, not trained since
        return figures

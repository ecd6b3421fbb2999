"""The app's state, Qt-free: what the window shows and what Start trains, changed through intents.

:class:`AppState` holds the data set, the run settings the command line gave, the lesson's
settings in force (its training and test images), the seed of the next random weights, the
lesson views shown, the presenter flag and the current :class:`~.run.Run`. Its methods are the
intents (load a data set, apply a lesson's data, show views, presenter mode on, a new seed...);
each says what changed through :attr:`AppState.events`, which the window's parts observe.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from ..classroom.lessons import PANEL_TITLES, first_test_images
from ..data.datasets import load_dataset
from ..train.config import TrainConfig
from ..train.events import RunPhase
from .class_canvas import ClassCanvas
from .events import Events
from .input_choice import (
    DEFAULT_TEST_COUNT,
    FOLLOWS_THE_CHOICE,
    INPUT_SHAPE,
    OWN_INPUT_VIEWS,
    InputChoice,
    network_input,
    wrapped,
)
from .run import Run
from .run_state import backend_text, changes_text

GUI_TRAIN_DEFAULTS = {"eval_every": 100, "eval_samples": 500, "stats_every": 10}
"""Test accuracy on 500 images every 100 steps gives the curve points (and the
confusion matrix, and a time-lapse frame) while training; the trainer still
evaluates the whole test set at each epoch end. Weight and gradient statistics
every 10 steps feed the Statistics tab."""
LARGE_NET_PARAMETERS = 100_000
LARGE_NET_STATS_EVERY = 50
"""Statistics cost the trainer about 40-70 ms for the seed net's 1.7M weights
(copies, percentiles): every 10 steps that is 10-30% of its speed, every 50
a few percent. Small nets keep 10 (their statistics cost almost nothing)."""
VIEWS: tuple[str, ...] = tuple(PANEL_TITLES)
"""The lesson views (the names a lesson may show), in View-menu order."""


class AppState:
    """Events (each emitted after the change, with the new value): ``dataset`` (the data set, None when
        it could not be loaded), ``lesson_data`` (None), ``views`` (the set of views shown), ``presenter``
        (on), ``phase`` (the run's :class:`RunPhase`), ``weights`` (none: the NumPy copy of the model took
        other weights: new random ones, a loaded file's, a run's final ones), ``steps`` (the run trained
        these steps: the trainer's weights moved on), ``kept`` (the run kept for comparison,
        :class:`~.comparison.KeptRun`, None when there is none), ``evaluated`` (the run's latest evaluation, an
        ``EvaluationFinished``), ``settings`` (the settings the run trains with changed: a new run, a rate changed
        mid-run, a backend switch, other weights; the new :meth:`Run.trained_with <.run.Run.trained_with>`),
        ``history`` (none: the run's history was replaced as a whole: forgotten when the weights start over, or
        a file's, or a run put back; whoever draws it draws ``run``'s again), ``input`` (the input the views show
        was chosen: the new :class:`~.input_choice.InputChoice`), ``drawing_input`` (the drawing's network input
        changed: the new array, None for an empty pad), ``view_input`` (a view with its own choice of input, Why? or
    Fool, chose the drawing or the test image: the new :attr:`drawing_views`)."""

    def __init__(self, data_dir: str | None = None, config_overrides: dict | None = None):
        self.events = Events(
            "dataset",
            "lesson_data",
            "views",
            "presenter",
            "phase",
            "weights",
            "steps",
            "kept",
            "evaluated",
            "settings",
            "history",
            "input",
            "drawing_input",
            "view_input",
        )
        self.data_dir = data_dir
        self.stats_every_given = "stats_every" in (config_overrides or {})
        self.config_overrides = dict(GUI_TRAIN_DEFAULTS, **(config_overrides or {}))
        """The command line's trainer settings (and the GUI's defaults below them)."""
        self.seed = int(self.config_overrides.pop("seed", 0))
        """The seed of the next random weights (Reset takes the next one)."""
        self.lesson_overrides: dict = {}
        """A lesson's own trainer settings on top (its training and test images)."""
        self.test_samples: int | None = None
        """The lesson tests on the first this many test images (None: all)."""
        self.dataset = None
        self.run = Run()
        self.presenter = False
        self.visible_views: set[str] = set(VIEWS)
        self.class_canvas = ClassCanvas()
        """The class canvas: the phones' drawings waiting for the teacher, what the server shares (off until opened)."""
        self.kept = None
        """The run kept for comparison (:class:`~.comparison.KeptRun`): its curves are drawn under the current
        run's. None: no comparison."""
        self.input_choice = InputChoice()
        """The input the views show (the feature maps, the kernels' view, the trainer's snapshots): changed by
        :meth:`choose_test_image` and :meth:`choose_drawing`."""
        self.drawing_input: np.ndarray | None = None
        """The drawing as the network reads it (28x28, read-only; None: the pad is empty): :meth:`set_drawing_input`."""
        self.drawing_views: frozenset[str] = frozenset()
        """The views with their own choice of input (:data:`~.input_choice.OWN_INPUT_VIEWS`: Why?, Fool) that
        work on the drawing; the others work on the test image chosen (:meth:`choose_view_input`)."""
        self.test_count = DEFAULT_TEST_COUNT
        """How many test images can be chosen (the data set's; MNIST's before one is loaded)."""

    @property
    def local(self):
        """The NumPy copy of the current run's model."""
        return self.run.local

    # --- the data ---------------------------------------------------------------------------------
    def load_dataset(self, name: str) -> None:
        """Load data set ``name`` (from :attr:`data_dir` when given); an error is raised after the
        ``dataset`` event says there is none."""
        try:
            self.dataset = load_dataset(name, self.data_dir)
        except Exception:
            self.dataset = None
            self.events.dataset.emit(None)
            raise
        self.test_count = max(1, len(self.dataset.test_images))
        self.events.dataset.emit(self.dataset)
        if self.input_choice.test_index >= self.test_count:  # a smaller data set: its last test image
            self._choose(InputChoice(self.input_choice.drawing, self.test_count - 1))

    def set_data_dir(self, folder: str | None) -> None:
        """Data sets are read from ``folder`` from now on (None: the bundled ones and the user's)."""
        self.data_dir = folder

    def set_lesson_data(self, train_samples: int | None, test_samples: int | None) -> None:
        """Train on the first ``train_samples`` images and test on the first ``test_samples`` (None: all)."""
        overrides = {}
        if train_samples is not None:
            overrides["train_samples"] = int(train_samples)
        if test_samples is not None:
            overrides["eval_samples"] = None  # every evaluation on the same test images
        self.restore_lesson_data(overrides, test_samples)

    def restore_lesson_data(self, overrides: dict, test_samples: int | None) -> None:
        """The lesson settings saved before a lesson, back in force."""
        self.lesson_overrides = dict(overrides)
        self.test_samples = test_samples
        self.events.lesson_data.emit()

    @property
    def train_samples(self) -> int | None:
        """The training images used (None: all of them)."""
        return {**self.config_overrides, **self.lesson_overrides}.get("train_samples")

    def tested_on(self, dataset):
        """``dataset`` with the test images the lesson evaluates on (all of them without a lesson)."""
        return first_test_images(dataset, self.test_samples)

    # --- what Start trains ------------------------------------------------------------------------
    def make_config(self, settings: dict) -> TrainConfig:
        """The config of a new run: the sidebar's ``settings`` (net, backend, epochs, dataset and the
        hyperparameters), then the command line's, then the lesson's."""
        fields = dict(settings, seed=self.seed, data_dir=self.data_dir)
        fields.update(self.config_overrides)
        fields.update(self.lesson_overrides)
        model = self.local.model
        if not self.stats_every_given and model is not None and model.parameter_count() > LARGE_NET_PARAMETERS:
            fields["stats_every"] = LARGE_NET_STATS_EVERY
        return TrainConfig(**fields).validate()

    def next_seed(self) -> int:
        """New random weights take the next seed (Reset)."""
        self.seed += 1
        return self.seed

    def keep_for_comparison(self, kept) -> None:
        """Compare the runs from now on with ``kept`` (None: stop comparing)."""
        self.kept = kept
        self.events.kept.emit(kept)

    def set_phase(self, phase: RunPhase) -> None:
        self.run.state = phase
        self.events.phase.emit(phase)

    def add_steps(self, steps: list) -> None:
        """The run trained ``steps`` (``StepFinished`` events, in order): its history records them."""
        self.run.add_steps(steps)
        self.events.steps.emit(steps)

    # --- the run's weights and what is known of them ---------------------------------------------------
    def new_random_weights(self, spec: str, own_classes: bool = False) -> tuple[str, ...] | None:
        """Fresh random weights of network ``spec`` from :attr:`seed`: what Start trains from (raises
        ValueError for a spec that does not build; nothing changed then). ``own_classes``: ``spec`` is a net of
        the class's own classes the run's weights learned (a loaded file's, a class run's: Reset keeps their
        shape); their names are returned, None when the net is the data set's (its ten outputs)."""
        names = self.run.class_names if own_classes and self.run.class_names else None
        self.local.set_spec(spec, self.seed, **({"num_classes": len(names)} if names else {}))
        self.run.initial_weights = None
        return names

    def loaded_weights(self, model, step: int, weights: dict, accuracy: float | None = None) -> None:
        """A file's model (on the NumPy backend) with its ``weights`` (Start trains from them) and the test
        ``accuracy`` it says they have."""
        self.local.set_model(model, step)
        self.run.initial_weights = weights
        self.run.known_accuracy = accuracy

    def set_known_accuracy(self, accuracy: float | None) -> None:
        """The test accuracy the weights are known to have without an evaluation (a loaded file's)."""
        self.run.known_accuracy = accuracy

    def set_known_epoch(self, epoch: float | None) -> None:
        """The epoch the weights are known to be trained to without a step of this app (a loaded file's)."""
        self.run.known_epoch = epoch

    def forget_initial_weights(self) -> None:
        """The next run (a reset mid-run) trains from fresh random weights, not a loaded file's."""
        self.run.initial_weights = None

    def final_weights(self, spec: str, weights: dict, step: int) -> None:
        """The run ended with these weights: the NumPy copy takes them (``weights`` announces it)."""
        try:
            self.local.load(spec, weights, step)
        finally:
            self.weights_replaced()

    def finish_run(self, result) -> None:
        """The run ended with ``result`` (a ``RunFinished``)."""
        self.run.result = result

    def take_label(self) -> str:
        """What the run that ended was for (said once: the label is cleared)."""
        label, self.run.label = self.run.label, ""
        return label

    def rewind(self, step: int) -> bool:
        """The trainer went back to ``step`` (a GPU failure): True when recorded steps were dropped."""
        return self.run.rewind(step)

    def saved(self, path) -> None:
        """The weights were saved to ``path`` (None: a save is on its way; the path comes when written)."""
        self.run.unsaved = False
        if path is not None:
            self.run.saved_to = Path(path)
            self.run.in_a_file = True

    def save_failed(self) -> None:
        self.run.unsaved = True
        self.run.in_a_file = False

    def answered_unsaved(self) -> None:
        """The user answered Save or Discard for the trained weights: never asked again about them."""
        self.run.unsaved = False

    def weights_replaced(self) -> None:
        """The NumPy copy of the model took other weights (new random ones, a file's, a run's final ones;
        :attr:`local` is changed in place by whoever brings them)."""
        self.events.weights.emit()

    def clear_history(self) -> None:
        """The weights start over (a new run, new weights, a reset mid-run): the run's history is forgotten."""
        self.run.clear()
        self.events.history.emit()

    def show_saved_history(self, curves) -> None:
        """The loaded weights' file carries the curves of the run that trained them (a
        :class:`~.comparison.Curves`): the run's to draw."""
        self.run.saved_curves = curves if curves else None
        self.events.history.emit()

    def set_run_aside(self):
        """The run now, put aside (a lesson borrows the app): :meth:`put_back` makes it the run again."""
        return self.run.set_aside()

    def put_back(self, aside) -> None:
        """The run set aside is the run again: its weights, settings, history and phase, each announced."""
        self.run.take_back(aside)
        self.events.weights.emit()
        self.events.settings.emit(self.run.trained_with())
        self.events.history.emit()
        self.events.phase.emit(self.run.state)

    def add_evaluation(self, evaluation) -> None:
        """The run was evaluated (an ``EvaluationFinished``): its history records it, and whoever shows the
        latest test accuracy hears of it."""
        self.run.add_evaluation(evaluation)
        self.events.evaluated.emit(evaluation)

    # --- the settings the run trains with ----------------------------------------------------------
    def start_run(self, config: TrainConfig, label: str = "", class_names: tuple[str, ...] | None = None) -> None:
        """A run starts with ``config`` (``label``: what it is for, said when it finishes; ``class_names``: the
        class's own classes it learns, None: the data set's)."""
        self.run.label = label
        self.run.started(config, class_names)
        self.events.settings.emit(self.run.trained_with())

    def new_weights(self, loaded_settings: dict | None = None, class_names: tuple[str, ...] | None = None) -> None:
        """The run's weights are fresh random ones, or a file's (which names ``loaded_settings`` and, for a net
        of a class's own classes, their ``class_names``): no run of this app trained them."""
        self.run.new_weights(loaded_settings, class_names)
        self.events.settings.emit(self.run.trained_with())

    def change_hyperparameters(self, changes: dict, step: int | None = None, epoch: float | None = None) -> None:
        """The trainer took ``changes`` (a ``HyperparametersChanged``'s) at ``step`` (``epoch``): the run trains with
        them from now on, and its curves mark where (a saved model carries the mark)."""
        self.run.change(changes)
        if step is not None and epoch is not None and changes:
            self.run.add_mark(step, epoch, "settings", changes_text(changes))
        self.events.settings.emit(self.run.trained_with())

    def switch_backend(self, name: str, step: int | None = None, epoch: float | None = None) -> None:
        """The trainer moved the run to backend ``name`` at ``step`` (``epoch``; marked on its curves)."""
        self.run.switch_backend(name)
        if step is not None and epoch is not None and name:
            self.run.add_mark(step, epoch, "backend", backend_text(name))
        self.events.settings.emit(self.run.trained_with())

    def run_settings(self, sidebar: dict) -> dict:
        """The settings of the run now: those it trained with (:meth:`Run.trained_with <.run.Run.trained_with>`),
        completed for untrained weights by what Start would train with (the ``sidebar``'s settings, this
        state's seed)."""
        return {**sidebar, "seed": self.seed, **self.run.trained_with()}

    @property
    def test_accuracy(self) -> float | None:
        """The test accuracy of the weights now: their latest evaluation's, else the one a loaded file
        gives them (None: not known)."""
        run = self.run
        if run.last_eval is not None:
            return float(run.last_eval.test_accuracy)
        return run.known_accuracy

    # --- the input the views show -------------------------------------------------------------------
    def choose_test_image(self, index: int) -> None:
        """The views show test image ``index`` (wrapped around the test images; ValueError: not a number)."""
        self._choose(InputChoice(False, wrapped(index, self.test_count)))

    def choose_drawing(self) -> None:
        """The views show the drawing (the test image chosen is kept for going back), and Why? explains it."""
        self._choose(InputChoice(True, self.input_choice.test_index))
        self._set_drawing_views(self.drawing_views | set(FOLLOWS_THE_CHOICE))

    def pick_test_image(self, index: int) -> None:
        """A test image picked in a gallery (Mistakes): the views show it and Why? explains it (ValueError: not a
        whole number)."""
        self.choose_test_image(index)
        self._set_drawing_views(self.drawing_views - set(FOLLOWS_THE_CHOICE))

    def choose_view_input(self, view: str, drawing: bool) -> None:
        """View ``view`` (one of :data:`~.input_choice.OWN_INPUT_VIEWS`) works on the drawing (``drawing``) or on
        the test image chosen (ValueError: another view)."""
        if view not in OWN_INPUT_VIEWS:
            raise ValueError(f"{view!r} has no input of its own (those that do: {', '.join(OWN_INPUT_VIEWS)})")
        self._set_drawing_views(self.drawing_views | {view} if drawing else self.drawing_views - {view})

    def _set_drawing_views(self, views) -> None:
        views = frozenset(views)
        if views != self.drawing_views:
            self.drawing_views = views
            self.events.view_input.emit(views)

    def _choose(self, choice: InputChoice) -> None:
        if choice != self.input_choice:
            self.input_choice = choice
            self.events.input.emit(choice)

    def set_drawing_input(self, image: np.ndarray | None) -> None:
        """The drawing pad's drawing (or opened picture) as the network reads it, 28x28 in [0, 1] (None: the
        pad is empty); announced when it differs (ValueError: another shape, a value not a number)."""
        new = network_input(image)
        old = self.drawing_input
        if (old is None) == (new is None) and (new is None or np.array_equal(old, new)):
            return
        self.drawing_input = new
        self.events.drawing_input.emit(new)

    def shown_input(self) -> tuple[np.ndarray | None, int | None]:
        """What the views show: (the drawing's network input, None) or (None, the test image's number); an empty
        pad's input is blank. The array is the caller's own copy."""
        if not self.input_choice.drawing:
            return None, self.input_choice.test_index
        image = self.drawing_input
        return (np.zeros(INPUT_SHAPE, np.float32) if image is None else image.copy()), None

    # --- what is shown ----------------------------------------------------------------------------
    def set_visible_views(self, names) -> None:
        self.visible_views = {n for n in names if n in VIEWS}
        self.events.views.emit(set(self.visible_views))

    def set_view_visible(self, name: str, on: bool) -> None:
        self.set_visible_views(self.visible_views | {name} if on else self.visible_views - {name})

    def set_presenter(self, on: bool) -> None:
        """Presenter mode is on or off: the window's ``presenter`` module calls this once it has applied the
        look (the observers then see a window already restyled)."""
        self.presenter = bool(on)
        self.events.presenter.emit(self.presenter)

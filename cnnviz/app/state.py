"""The app's state, Qt-free: what the window shows and what Start trains, changed through intents.

:class:`AppState` holds the data set, the run settings the command line gave, the lesson's
settings in force (its training and test images), the seed of the next random weights, the
lesson views shown, the presenter flag and the current :class:`~.run.Run`. Its methods are the
intents (load a data set, apply a lesson's data, show views, presenter mode on, a new seed...);
each says what changed through :attr:`AppState.events`, which the window's parts observe.
"""

from __future__ import annotations

from ..analysis.presets import PANEL_TITLES, first_test_images
from ..data.datasets import load_dataset
from ..train.events import RunPhase
from ..train.trainer import TrainConfig
from .class_canvas import ClassCanvas
from .events import Events
from .run import Run

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
    :class:`~.comparison.KeptRun`, None when there is none)."""

    def __init__(self, data_dir: str | None = None, config_overrides: dict | None = None):
        self.events = Events("dataset", "lesson_data", "views", "presenter", "phase", "weights", "steps", "kept")
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
        self.events.dataset.emit(self.dataset)

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

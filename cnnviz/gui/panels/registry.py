"""Every panel of the window, named once.

One :class:`PanelSpec` per panel: its key (the name code, ``--tab``, the
export file and ``window.panels.<key>`` use), its title (tab, export menu),
where it sits and which lesson views show it. The tabs, the right column, the
View and export menus, panel visibility and the ``--tab`` choices are all
generated from :data:`PANELS`; the lesson views (the names a lesson preset
may list, and their View-menu titles) are the lesson file's vocabulary,
:data:`cnnviz.classroom.lessons.PANEL_TITLES`, one layer below the app.

No Qt here: every command line reads this module (``cnnviz gui --tab``'s choices are
:data:`TABS`), and PySide6 with pyqtgraph need a display's libraries (``cnnviz train`` runs on servers
without them) and take time: this module imports in 5 ms, every panel class in 0.5-0.6 s more on top of
the command line's 0.4-0.5 s (2026-11-26, two shared cores; 2-3 s more under load: ``python -X importtime``
and a timer around ``build_parser()`` and ``widget_class()``). So a spec holds its panel's class through a loader,
a function that imports it: the window calls it when it builds the panels, and the registry's test
(:func:`problems`) calls every one, so a misspelt module or class fails the tests, and a type
checker reads the imports.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...app.input_choice import OWN_INPUT_VIEWS
from ...classroom.lessons import PANEL_TITLES
from ...translatable import N_
from .observed import (
    BACKEND,
    CLASSES,
    DATASET,
    DRAWING,
    EVALUATED,
    FINAL_FRAME,
    HISTORY,
    HYPERPARAMETERS,
    INPUT_CHOICE,
    KEPT,
    KNOWN_ACCURACY,
    MODEL,
    OBSERVED_BY,
    OWN_INPUT,
    PLANNED,
    RESET,
    RUNNING,
    SNAPSHOT,
    STATS,
    STEPS,
    TEST_IMAGE,
    TICK,
    TIMING,
    VIEW,
    WEIGHTS,
)

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from .classify import ClassifyPanel
    from .curves import CurvesPanel
    from .drawings import DrawingsPanel
    from .feature_maps import FeatureMapsPanel
    from .filters import FiltersPanel
    from .fool import FoolPanel
    from .kernels import KernelsPanel
    from .learning_rate import LearningRatePanel
    from .map import MapPanel
    from .mistakes import MistakesPanel
    from .statistics import StatisticsPanel
    from .timelapse import TimeLapsePanel
    from .timings import TimingsPanel
    from .why import WhyPanel

TRAINING = "training"
"""The first tab: the panels placed there, one above the other."""
TAB = "tab"
"""A tab of its own, after the Training tab; its key is the tab's key."""
RIGHT = "right"
"""The right-hand column, beside the tabs, one above the other."""
TRAINING_TAB_TITLE = N_("Training")


@dataclass(frozen=True)
class PanelSpec:
    key: str
    title: str
    """Tab title (for a panel with a tab of its own) and export-menu entry."""
    place: str
    """TRAINING, TAB or RIGHT."""
    widget: Callable[[], type[QWidget]]
    """The panel's loader: returns its class (imported from ``cnnviz.gui.panels.<key>``)."""
    shown_by: tuple[str, ...]
    """Lesson views (``classroom.lessons.PANELS``) that show it; it is hidden when none is shown."""
    share: float = 1.0
    """Its share of the height of its column (TRAINING, RIGHT)."""
    short: str = ""
    """A shorter tab title, for when the full titles do not fit in the tab bar (empty: the title)."""
    forget: str = ""
    """The panel's method that forgets what it showed of the old weights when they start over (a new run,
    new random weights, a loaded model): :func:`start_over` calls it (empty: it keeps what it shows)."""
    beside: str = ""
    """(A TAB panel) the right-column panel it is used with: while the right column is folded into tabs
    (a narrow window), that panel comes into this tab beside it whenever this tab is open."""

    in_presenter: bool = True
    """(A TAB panel) presenter mode (fewer, bigger pictures for the back row) shows its tab; False leaves it out
    there: a detail opened in normal mode (in presenter type the tab bar of a 1024-pixel screen holds no more
    tabs; ``show_tab`` still opens it)."""

    observes: tuple[str, ...] = ()
    """What the panel is told of (:data:`OBSERVED_BY`): the app calls the matching method on it, so a new
    panel that follows the weights, the evaluations or the drawing is wired in here and nowhere else."""

    def widget_class(self) -> type[QWidget]:
        return self.widget()


# The panels' loaders, one per module (each named after its panel's key).
def _curves():
    from .curves import CurvesPanel

    return CurvesPanel


def _feature_maps():
    from .feature_maps import FeatureMapsPanel

    return FeatureMapsPanel


def _mistakes():
    from .mistakes import MistakesPanel

    return MistakesPanel


def _why():
    from .why import WhyPanel

    return WhyPanel


def _filters():
    from .filters import FiltersPanel

    return FiltersPanel


def _map():
    from .map import MapPanel

    return MapPanel


def _fool():
    from .fool import FoolPanel

    return FoolPanel


def _timelapse():
    from .timelapse import TimeLapsePanel

    return TimeLapsePanel


def _statistics():
    from .statistics import StatisticsPanel

    return StatisticsPanel


def _learning_rate():
    from .learning_rate import LearningRatePanel

    return LearningRatePanel


def _drawings():
    from .drawings import DrawingsPanel

    return DrawingsPanel


def _classify():
    from .classify import ClassifyPanel

    return ClassifyPanel


def _kernels():
    from .kernels import KernelsPanel

    return KernelsPanel


def _timings():
    from .timings import TimingsPanel

    return TimingsPanel


PANELS: tuple[PanelSpec, ...] = (
    PanelSpec(
        "curves",
        N_("Training curves"),
        TRAINING,
        _curves,
        ("loss", "accuracy"),
        0.46,
        forget="clear",
        observes=(DATASET, EVALUATED, KEPT, STEPS, TICK, BACKEND, HYPERPARAMETERS, HISTORY, PLANNED),
    ),
    PanelSpec(
        "feature_maps",
        N_("Feature maps"),
        TRAINING,
        _feature_maps,
        ("feature_maps",),
        0.54,
        observes=(DATASET, KEPT, VIEW, INPUT_CHOICE),
    ),
    PanelSpec(
        "mistakes",
        N_("Mistakes"),
        TAB,
        _mistakes,
        ("mistakes",),
        forget="clear",
        observes=(DATASET, EVALUATED, HISTORY, CLASSES),
    ),
    PanelSpec(
        "why",
        N_("Why?"),
        TAB,
        _why,
        ("why",),
        forget="clear_result",
        observes=(WEIGHTS, EVALUATED, DRAWING, TEST_IMAGE, OWN_INPUT, CLASSES),
    ),
    PanelSpec(
        "filters",
        N_("What filters want"),
        TAB,
        _filters,
        ("filters",),
        short=N_("Filters"),
        forget="clear_result",
        observes=(DATASET, WEIGHTS, EVALUATED),
    ),
    PanelSpec(
        "map",
        N_("Map of what it learned"),
        TAB,
        _map,
        ("map",),
        short=N_("Map"),
        forget="forget",
        observes=(DATASET, WEIGHTS, EVALUATED, DRAWING, CLASSES),
    ),
    PanelSpec(
        "fool",
        N_("Fool the network"),
        TAB,
        _fool,
        ("fool",),
        short=N_("Fool"),
        forget="forget",
        observes=(WEIGHTS, DRAWING, TEST_IMAGE, OWN_INPUT),
    ),
    PanelSpec(
        "timelapse",
        N_("Time-lapse"),
        TAB,
        _timelapse,
        ("timelapse",),
        forget="clear",
        observes=(EVALUATED, SNAPSHOT, RESET, FINAL_FRAME),
    ),
    PanelSpec(
        "statistics",
        N_("Statistics"),
        TAB,
        _statistics,
        ("statistics",),
        short=N_("Stats"),
        forget="clear",
        observes=(STATS,),
    ),
    PanelSpec(
        "learning_rate",
        N_("Learning rate"),
        TAB,
        _learning_rate,
        ("loss",),
        short=N_("Rate"),
        forget="clear",
        in_presenter=False,
        observes=(STEPS, TICK, BACKEND, PLANNED),
    ),
    PanelSpec(
        "drawings",
        N_("Class drawings"),
        TAB,
        _drawings,
        ("draw",),
        short=N_("Drawings"),
        forget="start_over",
        beside="classify",  # a drawing is made on the pad: at 1024x768 it was a tab away
        observes=(EVALUATED, HISTORY, MODEL, KNOWN_ACCURACY),
    ),
    PanelSpec(
        "classify",
        N_("Draw and classify"),
        RIGHT,
        _classify,
        ("draw",),
        0.42,
        short=N_("Draw"),
        forget="forget_calibration",
        observes=(DATASET, WEIGHTS, EVALUATED, RUNNING, CLASSES),
    ),  # "not sure" (gui/not_sure.py)
    PanelSpec("kernels", N_("Kernels"), RIGHT, _kernels, ("kernels",), 0.33, observes=(KEPT, VIEW)),
    PanelSpec(
        "timings",
        N_("Time per layer"),
        RIGHT,
        _timings,
        ("timings",),
        0.25,
        short=N_("Timings"),
        forget="clear",
        observes=(KEPT, STEPS, TICK, TIMING),
    ),
)
BY_KEY = {spec.key: spec for spec in PANELS}
TABS: tuple[str, ...] = (TRAINING, *(spec.key for spec in PANELS if spec.place == TAB))
"""Keys of the middle column's tabs, in order (also the ``--tab`` choices)."""
VIEWS: tuple[str, ...] = tuple(PANEL_TITLES)
"""The lesson views, in View-menu order."""
VIEW_PANEL: dict[str, str] = {"loss": "curves", "accuracy": "curves", "draw": "classify"}
"""The panel a lesson step's ``"show"`` view brings up, where the view is not a panel's key (``draw``: the
drawing pad, not the class's drawings)."""


def panel_of_view(view: str) -> str | None:
    """The panel lesson view ``view`` sends the class to (None: no such view)."""
    key = VIEW_PANEL.get(view, view)
    return key if key in BY_KEY and view in BY_KEY[key].shown_by else None


class Panels(dict):
    """The window's panels by key, in registry order; ``panels.curves`` is ``panels["curves"]`` (typed below
    for a type checker and an IDE; a test checks the annotations name every spec's key and class)."""

    curves: CurvesPanel
    feature_maps: FeatureMapsPanel
    mistakes: MistakesPanel
    why: WhyPanel
    filters: FiltersPanel
    map: MapPanel
    fool: FoolPanel
    timelapse: TimeLapsePanel
    statistics: StatisticsPanel
    learning_rate: LearningRatePanel
    drawings: DrawingsPanel
    classify: ClassifyPanel
    kernels: KernelsPanel
    timings: TimingsPanel

    def __getattr__(self, key: str):
        try:
            return self[key]
        except KeyError:
            raise AttributeError(key) from None


def create_panels(**arguments: dict) -> Panels:
    """One widget per spec; ``arguments[key]`` are the keyword arguments of panel ``key``'s class."""
    return Panels((spec.key, spec.widget_class()(**arguments.get(spec.key, {}))) for spec in PANELS)


def start_over(panels: Panels) -> None:
    """The weights started over: every panel forgets what it showed of the old ones (:attr:`PanelSpec.forget`)."""
    for spec in PANELS:
        if spec.forget:
            getattr(panels[spec.key], spec.forget)()


def tell(panels: Panels, what: str, *arguments) -> None:
    """Tell every panel that observes ``what`` (:data:`OBSERVED_BY`), in registry order."""
    method = OBSERVED_BY[what]
    for spec in PANELS:
        if what in spec.observes:
            getattr(panels[spec.key], method)(*arguments)


def placed(place: str) -> tuple[PanelSpec, ...]:
    return tuple(spec for spec in PANELS if spec.place == place)


def tab_title(key: str, short: bool = False) -> str:
    """The tab's English title (the GUI shows it translated: ``language.tr``)."""
    if key == TRAINING:
        return TRAINING_TAB_TITLE
    spec = BY_KEY[key]
    return spec.short or spec.title if short else spec.title


def shown_title(key: str, short: bool = False) -> str:
    """:func:`tab_title` in the GUI's language (Qt is imported only when the window asks)."""
    from ..language import tr

    return tr(tab_title(key, short))


def tab_shown(key: str, views: set[str], presenter: bool = False) -> bool:
    """Whether tab ``key`` has anything to show when ``views`` are the lesson views shown (``presenter``: in
    presenter mode, which leaves out the tabs of specs with ``in_presenter=False``)."""
    specs = placed(TRAINING) if key == TRAINING else (BY_KEY[key],)
    return any(set(spec.shown_by) & views and (spec.in_presenter or not presenter) for spec in specs)


def problems() -> list[str]:
    """What is wrong with :data:`PANELS` (a test keeps this empty). Imports every panel's class."""
    found = []
    keys = [spec.key for spec in PANELS]
    found.extend(f"lesson view {view!r} brings up no panel that shows it" for view in VIEWS if not panel_of_view(view))
    if len(set(keys)) != len(keys) or TRAINING in keys:
        found.append(f"every key must be unique and not {TRAINING!r}: {keys}")
    found += [
        f"{spec.key}: unknown place {spec.place!r}" for spec in PANELS if spec.place not in (TRAINING, TAB, RIGHT)
    ]
    shown = {view for spec in PANELS for view in spec.shown_by}
    found += [f"lesson view {view!r} is not in classroom.lessons.PANEL_TITLES" for view in sorted(shown - set(VIEWS))]
    found += [f"lesson view {view!r} shows no panel" for view in sorted(set(VIEWS) - shown)]
    # One name per thing: a view that shows one panel alone is named as that panel (lesson files' old names
    # are read through classroom.lessons.VIEW_ALIASES).
    found += [
        f"lesson view {spec.shown_by[0]!r} shows only the {spec.key!r} panel: name it {spec.key!r}"
        for spec in PANELS
        if len(spec.shown_by) == 1
        and spec.shown_by[0] != spec.key
        and [other.key for other in PANELS if spec.shown_by[0] in other.shown_by] == [spec.key]
    ]
    found += [
        f"{spec.key}: cannot observe {what!r} (one of {sorted(OBSERVED_BY)})"
        for spec in PANELS
        for what in spec.observes
        if what not in OBSERVED_BY
    ]
    for spec in PANELS:
        found += _class_problems(spec)
    found += [
        f"{spec.key}: observes {OWN_INPUT!r} but is not one of the app model's OWN_INPUT_VIEWS"
        for spec in PANELS
        if OWN_INPUT in spec.observes and spec.key not in OWN_INPUT_VIEWS
    ]
    return found


def _class_problems(spec: PanelSpec) -> list[str]:
    """What is wrong with ``spec``'s class: it must load, be a widget from the module named after the key,
    and have the methods the spec names."""
    from PySide6.QtWidgets import QWidget

    try:
        cls = spec.widget_class()
    except (ImportError, AttributeError) as exc:
        return [f"{spec.key}: its class cannot be loaded: {exc}"]
    if not (isinstance(cls, type) and issubclass(cls, QWidget)):
        return [f"{spec.key}: {cls!r} is not a widget class"]
    found = []
    if cls.__module__ != f"{__package__}.{spec.key}":
        found.append(
            f"{spec.key}: {cls.__name__} comes from {cls.__module__}, not from the module named after "
            f"the key ({__package__}.{spec.key})"
        )
    if spec.forget and not callable(getattr(cls, spec.forget, None)):
        found.append(f"{spec.key}: {cls.__name__} has no method {spec.forget!r}")
    found += [
        f"{spec.key}: {cls.__name__} observes {what!r} but has no method {OBSERVED_BY[what]!r}"
        for what in spec.observes
        if what in OBSERVED_BY and not callable(getattr(cls, OBSERVED_BY[what], None))
    ]
    if OWN_INPUT in spec.observes and getattr(cls, "key", None) != spec.key:
        found.append(f"{spec.key}: {cls.__name__} observes {OWN_INPUT!r} but its key is not {spec.key!r}")
    return found

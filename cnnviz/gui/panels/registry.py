"""Every panel of the window, named once.

One :class:`PanelSpec` per panel: its key (the name code, ``--tab``, the
export file and ``window.panels.<key>`` use), its title (tab, export menu),
where it sits and which lesson views show it. The tabs, the right column, the
View and export menus, panel visibility and the ``--tab`` choices are all
generated from :data:`PANELS`; the lesson views (the names a lesson preset
may list, and their View-menu titles) are the lesson file's vocabulary,
:data:`cnnviz.analysis.presets.PANEL_TITLES`, one layer below the app.

No Qt here (``cnnviz gui --help`` builds its ``--tab`` choices from this
module): each panel's class is imported when the window builds it.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from ...analysis.presets import PANEL_TITLES

TRAINING = "training"
"""The first tab: the panels placed there, one above the other."""
TAB = "tab"
"""A tab of its own, after the Training tab; its key is the tab's key."""
RIGHT = "right"
"""The right-hand column, beside the tabs, one above the other."""
TRAINING_TAB_TITLE = "Training"

# What a panel may observe (:attr:`PanelSpec.observes`), and the method the app calls on it for each.
DATASET = "dataset"
"""``show_dataset(dataset)``: the data set was loaded (None: none could be)."""
WEIGHTS = "weights"
"""``set_weights(spec, weights, step)``: the latest weights (a Snapshot's: never modified, so no copy)."""
EVALUATED = "evaluated"
"""``evaluated(event)``: a test evaluation ended (an ``EvaluationFinished``)."""
DRAWING = "drawing"
"""``set_drawing(image)``: the drawing as the network sees it, 28x28 in [0, 1] (None: the pad is empty)."""
TEST_IMAGE = "test_image"
"""``set_test_image(image, label, index)``: the test image chosen (in Feature maps or Mistakes)."""
KEPT = "kept"
"""``set_kept(side)``: the run kept for comparison as shown beside the run now (a
:class:`~cnnviz.app.side_by_side.SideBySide`; None: no comparison)."""
OBSERVED_BY = {DATASET: "show_dataset", WEIGHTS: "set_weights", EVALUATED: "evaluated", DRAWING: "set_drawing",
               TEST_IMAGE: "set_test_image", KEPT: "set_kept"}


@dataclass(frozen=True)
class PanelSpec:
    key: str
    title: str
    """Tab title (for a panel with a tab of its own) and export-menu entry."""
    place: str
    """TRAINING, TAB or RIGHT."""
    widget: str
    """``module.Class`` in ``cnnviz.gui.panels``."""
    shown_by: tuple[str, ...]
    """Lesson views (``analysis.presets.PANELS``) that show it; it is hidden when none is shown."""
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

    observes: tuple[str, ...] = ()
    """What the panel is told of (:data:`OBSERVED_BY`): the app calls the matching method on it, so a new
    panel that follows the weights, the evaluations or the drawing is wired in here and nowhere else."""

    def widget_class(self) -> type:
        module, name = self.widget.rsplit(".", 1)
        return getattr(importlib.import_module(f"{__package__}.{module}"), name)


PANELS: tuple[PanelSpec, ...] = (
    PanelSpec("curves", "Training curves", TRAINING, "curves.CurvesPanel", ("loss", "accuracy"), 0.46, forget="clear"),
    PanelSpec("feature_maps", "Feature maps", TRAINING, "feature_maps.FeatureMapsPanel", ("feature_maps",), 0.54,
              observes=(KEPT,)),
    PanelSpec("mistakes", "Mistakes", TAB, "confusion.ConfusionPanel", ("confusion",), forget="clear"),
    PanelSpec("why", "Why?", TAB, "why.WhyPanel", ("saliency",), forget="clear_result",
              observes=(WEIGHTS, EVALUATED, DRAWING, TEST_IMAGE)),
    PanelSpec("filters", "What filters want", TAB, "filters.FiltersPanel", ("filters",), short="Filters",
              forget="clear_result", observes=(DATASET, WEIGHTS, EVALUATED)),
    PanelSpec("map", "Map of what it learned", TAB, "embedding.EmbeddingPanel", ("embedding",), short="Map",
              forget="forget", observes=(DATASET, WEIGHTS, EVALUATED, DRAWING)),
    PanelSpec("fool", "Fool the network", TAB, "fool.FoolPanel", ("fool",), short="Fool", forget="forget",
              observes=(WEIGHTS, DRAWING, TEST_IMAGE)),
    PanelSpec("timelapse", "Time-lapse", TAB, "timelapse.TimeLapsePanel", ("timelapse",), forget="clear"),
    PanelSpec("statistics", "Statistics", TAB, "stats.StatsPanel", ("stats",), short="Stats", forget="clear"),
    PanelSpec("drawings", "Class drawings", TAB, "drawings.DrawingsPanel", ("draw",), short="Drawings",
              forget="start_over", beside="classify"),  # a drawing is made on the pad: at 1024x768 it was a tab away
    PanelSpec("classify", "Draw and classify", RIGHT, "classify.ClassifyPanel", ("draw",), 0.42, short="Draw",
              forget="forget_calibration", observes=(DATASET, WEIGHTS, EVALUATED)),  # "not sure" (gui/not_sure.py)
    PanelSpec("kernels", "Kernels", RIGHT, "kernels.KernelsPanel", ("kernels",), 0.33, observes=(KEPT,)),
    PanelSpec("timings", "Time per layer", RIGHT, "timings.TimingsPanel", ("timings",), 0.25, short="Timings",
              forget="clear", observes=(KEPT,)),
)
BY_KEY = {spec.key: spec for spec in PANELS}
TABS: tuple[str, ...] = (TRAINING, *(spec.key for spec in PANELS if spec.place == TAB))
"""Keys of the middle column's tabs, in order (also the ``--tab`` choices)."""
VIEWS: tuple[str, ...] = tuple(PANEL_TITLES)
"""The lesson views, in View-menu order."""


class Panels(dict):
    """The window's panels by key, in registry order; ``panels.curves`` is ``panels["curves"]``."""

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
    if key == TRAINING:
        return TRAINING_TAB_TITLE
    spec = BY_KEY[key]
    return spec.short or spec.title if short else spec.title


def tab_shown(key: str, views: set[str]) -> bool:
    """Whether tab ``key`` has anything to show when ``views`` are the lesson views shown."""
    specs = placed(TRAINING) if key == TRAINING else (BY_KEY[key],)
    return any(set(spec.shown_by) & views for spec in specs)


def problems() -> list[str]:
    """What is wrong with :data:`PANELS` (a test keeps this empty)."""
    found = []
    keys = [spec.key for spec in PANELS]
    if len(set(keys)) != len(keys) or TRAINING in keys:
        found.append(f"every key must be unique and not {TRAINING!r}: {keys}")
    found += [f"{spec.key}: unknown place {spec.place!r}" for spec in PANELS if spec.place not in (TRAINING, TAB, RIGHT)]
    shown = {view for spec in PANELS for view in spec.shown_by}
    found += [f"lesson view {view!r} is not in analysis.presets.PANEL_TITLES" for view in sorted(shown - set(VIEWS))]
    found += [f"lesson view {view!r} shows no panel" for view in sorted(set(VIEWS) - shown)]
    found += [f"{spec.key}: {spec.widget} has no method {spec.forget!r}" for spec in PANELS
              if spec.forget and not callable(getattr(spec.widget_class(), spec.forget, None))]
    found += [f"{spec.key}: cannot observe {what!r} (one of {sorted(OBSERVED_BY)})" for spec in PANELS
              for what in spec.observes if what not in OBSERVED_BY]
    found += [f"{spec.key}: {spec.widget} observes {what!r} but has no method {OBSERVED_BY[what]!r}"
              for spec in PANELS for what in spec.observes
              if what in OBSERVED_BY and not callable(getattr(spec.widget_class(), OBSERVED_BY[what], None))]
    return found

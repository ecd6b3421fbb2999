"""Every lesson asks only for what the app can do: a test plays every step of every bundled lesson and
fails when a step names a value a control refuses (a learning rate the box drops), a key, menu item or
backend the app does not have, a panel the lesson's own view hides or that shows nothing after a run,
or a figure the run does not reach.

Figures: a training run long enough to reach a lesson's figures takes minutes (the seed net's epoch, 20
epochs of "Overfitting"), so each figure a lesson states is checked here against a measurement recorded in
cnnviz.classroom.lesson_figures with the run that made it; a new figure in a lesson's text fails until its
measurement is added. tools/measure_lesson_figures.py re-runs those runs and checks the figures they reach
now (minutes; docs/classroom.md has the last time). What can be computed at once (the weights of a network,
the steps of a run, a constant) is computed.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from cnnviz.classroom.lesson_figures import FIGURES, RUNS, by_key
from cnnviz.classroom.lessons import load_lessons_in
from cnnviz.gui.panels import registry
from cnnviz.gui.shortcuts import SHORTCUTS
from cnnviz.nn.model import network_size

PRESETS, _problems = load_lessons_in(Path(__file__).resolve().parents[2] / "assets" / "presets")
assert PRESETS and not _problems, _problems  # (this checkout's lessons, whatever cnnviz.assets an install points to)

MEASURED = {key: (f.recorded, f.tolerance, f.how) for key, f in by_key().items()}
"""Each figure a lesson states: (recorded measurement, tolerance, how), from cnnviz.classroom.lesson_figures (the
table tools/measure_lesson_figures.py re-measures)."""


PANEL_NAMES = {
    # a phrase in a step -> the panel it sends the class to
    r"\bOpen Statistics\b|\bStatistics tab\b": "statistics",
    r"\bOpen Mistakes\b|\bMistakes tab\b": "mistakes",
    r"\bMap tab\b": "map",
    r"\bFilters tab\b": "filters",
    r"\bFool tab\b": "fool",
    r"\bKernels\b": "kernels",
    r"\bTime per layer\b": "timings",
    r"\b[Ff]eature maps\b": "feature_maps",
    r"\bloss curve\b|\bthe curves\b": "curves",
    r"\bdrawing pad\b|\bon the pad\b": "classify",
}


def texts(preset) -> list[str]:
    return [preset.title, preset.description, *preset.steps]


def lesson_id(preset) -> str:
    return preset.source.stem


def figures(text: str) -> list[str]:
    """The percentages a text states ("about 95%", "15 to 30%": the last number of a range)."""
    return [f"{m.group(1)}%" for m in re.finditer(r"(\d+(?:\.\d+)?)\s?%", text)]


def learning_rates_asked(text: str) -> list[float]:
    """Values a step asks the class to enter as the learning rate ("Type 0.05 as the learning rate",
    "try 2.0")."""
    return [float(v) for v in re.findall(r"\b(?:[Tt]ype|[Tt]ry)\s+(\d+(?:\.\d+)?)\b", text)]


def panels_named(text: str) -> set[str]:
    return {key for pattern, key in PANEL_NAMES.items() if re.search(pattern, text)}


# --- the text alone -----------------------------------------------------------------------------------
@pytest.mark.parametrize("preset", PRESETS, ids=lesson_id)
def test_every_figure_of_a_lesson_was_measured(preset):
    for text in texts(preset):
        for figure in figures(text):
            key = (lesson_id(preset), figure)
            assert key in MEASURED, (
                f"{key}: a figure with no measurement recorded in cnnviz/classroom/lesson_figures.py ({text!r})"
            )
            measured, tolerance, how = MEASURED[key]
            stated = float(figure.rstrip("%"))
            assert abs(measured - stated) <= tolerance, f"{key}: the text says {figure}, measured {measured} ({how})"


def test_every_recorded_figure_is_still_in_its_lesson():
    stated = {(lesson_id(p), f) for p in PRESETS for t in texts(p) for f in figures(t)}
    assert set(MEASURED) <= stated, sorted(set(MEASURED) - stated)


def test_every_figure_says_how_it_is_measured():
    """The table the tool re-measures: each figure a run of RUNS and a quantity measure() knows, or a constant
    whose value is the recorded one, or an example marked as such."""
    from cnnviz.classroom.lesson_figures import Evaluation, RunRecord, measure
    from cnnviz.train.config import TrainConfig

    full = RunRecord(
        evaluations=[Evaluation(234, 95.0, 0.2)],
        final=Evaluation(938, 98.0, 0.1),
        diverged_at=300,
        test_correct=np.ones(10_000, bool),
        train_correct=np.ones(200, bool),
    )
    for f in FIGURES:
        if f.quantity == "constant":
            assert f.run is None and f.value() == pytest.approx(f.recorded), f
        elif f.quantity == "claim":
            assert f.run is None and f.note, f
        else:
            assert f.run in RUNS, f
            assert 0 <= measure(f.quantity, full) <= 100, f
    for name, run in RUNS.items():
        TrainConfig(**run.settings).validate()
        assert run.command.startswith("cnnviz train --net "), name


@pytest.mark.parametrize("preset", PRESETS, ids=lesson_id)
def test_the_run_that_measures_a_lesson_is_the_lessons(preset):
    """A lesson's figures measured on another network or with other settings than the lesson's would check
    nothing: each run is the lesson's (its learning rate one the lesson has or asks for)."""
    lesson = lesson_id(preset)
    asked = {preset.lr, *(lr for t in preset.steps for lr in learning_rates_asked(t))}
    for f in FIGURES:
        if f.lesson != lesson or f.run is None:
            continue
        s = RUNS[f.run].settings
        for key in ("net", "optimizer", "schedule", "train_samples"):
            assert s.get(key) == getattr(preset, key), (f, key)
        assert s.get("batch_size", 64) == preset.batch_size, f
        assert s["epochs"] == preset.epochs, f
        assert s["lr"] in asked and RUNS[f.run].resume_lr in (None, *asked), f


@pytest.mark.parametrize("preset", PRESETS, ids=lesson_id)
def test_counts_a_lesson_states_are_the_networks_and_the_runs(preset):
    size = network_size(preset.net)
    for text in texts(preset):
        for m in re.finditer(r"([\d,.]+)( million)? weights", text):
            stated = float(m.group(1).replace(",", "")) * (1e6 if m.group(2) else 1)
            assert abs(stated - size.parameters) <= 0.05 * size.parameters, (text, size.parameters)
        for m in re.finditer(r"\((\d[\d,]*) steps\)|for (\d[\d,]*) steps|same (\d[\d,]*) steps", text):
            stated = int((m.group(1) or m.group(2) or m.group(3)).replace(",", ""))
            images = preset.train_samples or 60_000
            steps = round(preset.epochs * -(-images // preset.batch_size))
            assert stated == steps, (text, steps)


@pytest.mark.parametrize("preset", PRESETS, ids=lesson_id)
def test_keys_a_lesson_names_exist(preset):
    keys = {key for s in SHORTCUTS for key in s.keys}
    for text in preset.steps:
        for named in re.findall(r"\bpress ([A-Z])\b|\((Space|PgDown|PgUp|Ctrl\+[A-Z])\)|, (Ctrl\+[A-Z])\b", text):
            name = next(n for n in named if n)
            assert name in keys, (name, text)


@pytest.mark.parametrize("preset", PRESETS, ids=lesson_id)
def test_panels_a_lesson_sends_the_class_to_are_in_its_view(preset):
    for text in preset.steps:
        for key in panels_named(text):
            assert registry.tab_shown(key, set(preset.visible_panels)), (
                f"{lesson_id(preset)}: the step names {key!r}, which the lesson's view hides: {text!r}"
            )


@pytest.mark.parametrize("preset", PRESETS, ids=lesson_id)
def test_a_step_that_names_a_panel_brings_it_up(preset):
    """ "Kernels: ...", "Feature maps: ..." left the Mistakes tab on screen: a step whose text sends the class to
    a panel says so ("show"), and the app brings that panel up when the step is shown."""
    for index, text in enumerate(preset.steps):
        named, view = panels_named(text), preset.view_of_step(index)
        if named:
            assert view is not None, f"{lesson_id(preset)} step {index + 1} names {sorted(named)}, shows none: {text!r}"
            assert registry.panel_of_view(view) in named, (lesson_id(preset), index + 1, view, named)
        if view is not None:
            assert view in preset.visible_panels, f"{lesson_id(preset)} step {index + 1} shows {view!r}, hidden"


@pytest.fixture(scope="module")
def controls(qapp):
    from cnnviz.backends import registry as backends
    from cnnviz.gui.panels.sidebar import create_sidebar

    panel = create_sidebar(backends.available(), net="tiny", backend="numpy")
    panel.show()
    yield panel
    panel.close()
    panel.deleteLater()


def test_a_lesson_on_auto_keeps_the_backend_the_teacher_chose(controls):
    """ "auto" switched a `--backend numpy` session to numba: the lesson's first Start compiled for a minute.
    A lesson on "auto" runs on whatever backend is chosen; one that names its backend still gets it."""
    from cnnviz.backends import registry as backends
    from cnnviz.gui.panels.controls import auto_backend

    lesson = next(p for p in PRESETS if p.backend == "auto")
    here = [b.name for b in backends.available() if b.available]
    chosen = next((name for name in here if name != auto_backend()), None)
    if chosen is None:
        pytest.skip(f"one backend runs here ({here}): nothing for auto to switch to")
    controls.select_backend(chosen)
    assert controls.apply(lesson) == [] and controls.backend == chosen
    named = next(name for name in here if name != chosen)
    assert controls.apply(replace(lesson, backend=named)) == [] and controls.backend == named


@pytest.mark.parametrize("preset", PRESETS, ids=lesson_id)
def test_values_a_lesson_asks_for_are_taken_by_the_controls(qtbot, controls, preset):
    """ "Same start, two learning rates" said "try 2.0": the box dropped the 2 and the slider stopped at 1.0."""
    controls.apply(preset)
    for text in preset.steps:
        for lr in learning_rates_asked(text):
            type_into(qtbot, controls.lr_spin, f"{lr:g}")
            assert controls.lr == pytest.approx(lr), (
                f"the step asks for lr {lr:g}, the box took {controls.lr:g}: {text!r}"
            )


# --- played in the app -------------------------------------------------------------------------------
SHORT_TEST = 500
"""Test images of the lessons' runs played here."""


def shows_something(window, key: str) -> bool:
    panels = window.panels
    if key == "curves":
        return not panels.curves.placeholder.isVisible()
    if key == "statistics":
        return bool(panels.statistics.steps)
    if key == "mistakes":
        return panels.mistakes.evaluation is not None and panels.mistakes.matrix.sum() > 0
    if key == "timings":
        return bool(panels.timings.latest)
    if key == "kernels":
        return bool(panels.kernels.kernels)
    if key == "feature_maps":
        return panels.feature_maps.last_snapshot is not None
    if key in ("map", "filters", "fool"):  # computed when seen, from the weights they were given
        return getattr(panels, key).model_source is not None
    if key == "classify":
        return panels.classify.isVisible()
    raise AssertionError(key)


def type_into(qtbot, box, text: str) -> None:
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box, text)
    qtbot.keyClick(box, Qt.Key_Return)


def menu_texts(window) -> set[str]:
    found = set()

    def walk(menu, path):
        for action in menu.actions():
            name = action.text().replace("&", "").split("\t")[0]
            if action.menu() is not None:
                walk(action.menu(), path + [name])
            else:
                found.add(" > ".join(path + [name]))

    for action in window.menuBar().actions():
        if action.menu() is not None:
            walk(action.menu(), [action.text().replace("&", "")])
    return found


def test_every_step_of_every_lesson_played_in_the_app(qtbot, make_window):
    """One window (a window takes 10-30 s to make on a busy machine), every lesson in turn: its steps one by
    one, the values they ask for typed into the controls, a short run, then each panel a step names."""
    window = make_window(steps=3, eval_every=2, eval_samples=100, stats_every=2)
    window.resize(1024, 768)
    controls = window.controls
    menus = menu_texts(window)
    backends = {controls.backend_combo.itemText(i).split()[0] for i in range(controls.backend_combo.count())}
    for preset in PRESETS:
        play(qtbot, window, preset, menus, backends)
    # A step's panel that the view in force hides stays hidden (no tab is opened for it).
    first = PRESETS[0]
    page = next(i for i in range(len(first.steps)) if first.view_of_step(i) == "feature_maps") + 1
    assert window.lessons.apply(first, ask=False)
    window.state.set_visible_views({"loss", "accuracy"})
    window.show_tab("curves")
    window.lessons.strip.set_page(page)
    settle()
    assert not window.panels.feature_maps.isVisible() and window.workspace.current_tab() == registry.TRAINING
    window.lessons.close(ask=False)


def settle() -> None:
    for _ in range(5):
        QApplication.processEvents()


def assert_step_brings_up_its_panel(window, preset, page: int, where: str) -> None:
    """Step ``page`` is on screen: the panel it names ("show") is, when the view in force shows it."""
    view = preset.view_of_step(page - 1)
    if view is None or view not in window.state.visible_views:
        return
    key = registry.panel_of_view(view)
    settle()
    assert getattr(window.panels, key).isVisible(), (
        f"{lesson_id(preset)} step {page} ({where}) sends the class to {key!r}; the tab open is "
        f"{window.workspace.current_tab()!r}"
    )


def play(qtbot, window, preset, menus, backends) -> None:
    lesson = lesson_id(preset)
    assert window.lessons.apply(preset, ask=False)
    # The run tests on the first 500 test images, not the lesson's (all 10,000 for most): its final evaluation of
    # the seed net over all of them took longer than the rest of the lesson (the figures are checked above).
    assert window.state.test_samples == preset.test_samples, "the lesson's test images are in force"
    window.state.set_lesson_data(preset.train_samples, min(preset.test_samples or SHORT_TEST, SHORT_TEST))
    strip, controls = window.lessons.strip, window.controls
    window.show_tab("mistakes")  # (whatever the teacher had open)
    for page in range(1, len(preset.steps) + 1):
        strip.set_page(page)
        assert_step_brings_up_its_panel(window, preset, page, "normal view")
    window.lessons.use_lesson_view(True, full_screen=False)
    named = set()
    for page, text in enumerate(preset.steps, start=1):
        strip.set_page(page)
        assert strip.text_label.text() == text
        assert_step_brings_up_its_panel(window, preset, page, "lesson view")
        for lr in learning_rates_asked(text):
            type_into(qtbot, controls.lr_spin, f"{lr:g}")
            assert controls.lr == pytest.approx(lr), (
                f"{lesson} step {page} asks for lr {lr:g}; the box took {controls.lr:g}"
            )
        for path in re.findall(r"\b((?:File|View|Lesson|Help) > [^,()]+?)(?=[,)]| or )", text):
            assert path.strip() in menus, (lesson, path, sorted(m for m in menus if m.startswith(path[:4])))
        for backend in re.findall(r"\b(numpy|numba|cuda|cupy)\b", text):
            assert backend in backends, (lesson, backend, backends)
        named |= panels_named(text)
    window.start()
    qtbot.waitUntil(
        lambda: not window.session.active and window.state.run.state in ("finished", "stopped"), timeout=120_000
    )
    for key in sorted(named):
        widget = getattr(window.panels, key)
        window.show_tab(key)  # its tab (a right-column panel's own tab on a small screen; else Training)
        for _ in range(5):
            QApplication.processEvents()
        assert widget.isVisible(), f"{lesson}: the lesson sends the class to {key!r}, which is hidden"
        assert shows_something(window, key), f"{lesson}: {key!r} shows nothing after a run"
    window.lessons.use_lesson_view(False, full_screen=False)
    window.lessons.close(ask=False)


@pytest.mark.parametrize("preset", PRESETS, ids=lesson_id)
def test_the_fool_budget_a_lesson_states_is_the_panels(preset):
    """ "a change of a few grey levels, hard to see" beside a ±50-level speckle: the text states the budget."""
    from cnnviz.classroom.adversarial import LEVELS
    from cnnviz.gui.panels.fool import BUDGET

    for text in preset.steps:
        for budget, levels in re.findall(r"at most (\d+) of (\d+) grey levels", text):
            assert (int(budget), int(levels)) == (BUDGET["bim"], LEVELS), text
        assert "hardly see" not in text and "hard to see" not in text, text

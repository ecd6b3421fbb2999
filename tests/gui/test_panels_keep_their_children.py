"""One way to reach a panel (issue 30): no module outside the panels' own package names a panel's class
or reaches into a panel's child widgets (the drawing pad used to operate the Draw panel's canvas and its
"not sure" threshold directly); they call the panel's own methods, and what follows training reaches the
panels through the registry's observed events (:data:`cnnviz.gui.panels.observed.OBSERVED_BY`).

Read from the syntax tree, not with a pattern: ``panels.classify.canvas``, ``panels["classify"].canvas``,
``pad = self.panels.classify; pad.canvas`` and ``self.curves = panels.curves`` (then ``self.curves.x``)
are all found. Whether an attribute is a child widget is asked of the panels themselves (a QObject)."""

import ast
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QObject, Qt

import cnnviz
from cnnviz.gui.panels import observed, registry

PACKAGE = Path(cnnviz.__file__).parent
PANELS_PACKAGE = "gui/panels/"
ALLOWED: dict[str, str] = {
    "gui/devtools/fit.py": "--check-layout measures the panels' own plots, labels and canvas to say whether each "
    "fits the screen (what a panel cannot judge from inside: the window's size); a "
    "developer mode, never imported by the window a user opens (tests/gui/test_start_up.py)",
    "gui/devtools/fit_plots.py": "fit.py's measure of the plots (the curves' and the timings' own plots and labels); "
    "the same developer mode",
}
"""Modules that may reach a panel's child widgets, each with its reason. The registry is inside the panels'
package, and the window's construction (``registry.create_panels``) names no panel class: neither needs an entry.
The other developer modes draw through the Draw panel's own methods."""
KEYS = {spec.key for spec in registry.PANELS}


@pytest.fixture(scope="module")
def modules() -> list[tuple[str, ast.Module]]:
    """(name relative to the package, syntax tree) of every module outside the panels' package (read once)."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        if not name.startswith(PANELS_PACKAGE):
            found.append((name, ast.parse(path.read_text(encoding="utf-8"), name)))
    return found


def _is_panels(node, aliases: dict | None = None) -> bool:
    """``panels``, ``<anything>.panels`` or a name given them (``p = self.panels``)."""
    if isinstance(node, ast.Name):
        return node.id == "panels" or (aliases or {}).get(node.id) == PANELS_DICT
    return isinstance(node, ast.Attribute) and node.attr == "panels"


PANELS_DICT = "<the panels>"
"""What an alias of the panels themselves stands for (not one panel's key)."""


def _panel_key(node, aliases: dict) -> str | None:
    """The key of the panel ``node`` stands for (``panels.curves``, ``panels["curves"]``, an alias), else None."""
    if isinstance(node, ast.Attribute) and node.attr in KEYS and _is_panels(node.value, aliases):
        return node.attr
    if (
        isinstance(node, ast.Subscript)
        and _is_panels(node.value, aliases)
        and isinstance(node.slice, ast.Constant)
        and node.slice.value in KEYS
    ):
        return node.slice.value
    if isinstance(node, ast.Name):
        key = aliases.get(node.id)
    elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
        key = aliases.get(f"self.{node.attr}")
    else:
        key = None
    return None if key == PANELS_DICT else key


def _target_name(node) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
        return f"self.{node.attr}"
    return None


def panel_reaches(tree) -> set[tuple[str, str, int, bool]]:
    """(panel key, attribute, line, called) of every ``<a panel>.<attribute>`` in ``tree`` (``called``: as
    ``<a panel>.<attribute>(...)``). Aliases are module-wide (a name or ``self.name`` once given a panel
    stands for it): coarse, but it can only find more."""
    aliases: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                pairs = (
                    zip(target.elts, node.value.elts)
                    if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple)
                    else [(target, node.value)]
                )
                for name_node, value in pairs:
                    name = _target_name(name_node)
                    key = (
                        PANELS_DICT
                        if isinstance(name_node, ast.Name) and _is_panels(value)
                        else _panel_key(value, aliases)
                    )
                    if key and name:
                        aliases[name] = key
    called = {id(node.func) for node in ast.walk(tree) if isinstance(node, ast.Call)}
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            key = _panel_key(node.value, aliases)
            if key is not None:
                found.add((key, node.attr, node.lineno, id(node) in called))
    return found


def test_no_module_outside_the_panels_names_a_panel_class(modules):
    classes = {spec.widget_class().__name__ for spec in registry.PANELS}
    named = []
    for name, tree in modules:
        for node in ast.walk(tree):
            words = (
                {node.id}
                if isinstance(node, ast.Name)
                else {node.attr}
                if isinstance(node, ast.Attribute)
                else {node.name, node.asname}
                if isinstance(node, ast.alias)
                else set(node.value.split())
                if isinstance(node, ast.Constant) and isinstance(node.value, str)
                else set()
            )
            named += [f"{name}:{getattr(node, 'lineno', '?')}: {cls}" for cls in classes & words]
    assert named == []


@pytest.fixture(scope="module")
def reaches(modules):
    return [(name, *reach) for name, tree in modules for reach in panel_reaches(tree)]


def test_the_reader_finds_the_ways_a_panel_is_reached():
    """The syntax-tree reader itself: each way of naming a panel is seen (a reader that finds nothing passes
    every module)."""
    tree = ast.parse(
        "pad = self.panels.classify\npad.canvas\npanels['kernels'].grid\n"
        "a, b = p.panels.curves, p.panels.drawings\nb.store\nself.c = panels.timings\nself.c.bars\n"
        "window.panels.fool.slider.setValue(1)\npanels.why.use_drawing(True)\n"
        "p = self.panels\np.map.dots\nd = p.mistakes\nd.cells\n"
    )
    assert {(key, attribute, called) for key, attribute, _, called in panel_reaches(tree)} == {
        ("classify", "canvas", False),
        ("kernels", "grid", False),
        ("drawings", "store", False),
        ("timings", "bars", False),
        ("fool", "slider", False),
        ("why", "use_drawing", True),
        ("map", "dots", False),
        ("mistakes", "cells", False),
    }


def test_no_module_outside_the_panels_reaches_a_panels_child_widget(window, reaches):
    assert reaches, "the reader finds the panels' uses (or the panels are no longer reached at all)"
    children = sorted(
        f"{name}:{line}: panels.{key}.{attribute}"
        for name, key, attribute, line, _ in reaches
        if not name.startswith(tuple(ALLOWED)) and isinstance(getattr(window.panels[key], attribute, None), QObject)
    )
    assert children == []


TIMEOUT_MS = 30_000
INPUT_KINDS = (observed.DRAWING, observed.TEST_IMAGE, observed.INPUT_CHOICE, observed.OWN_INPUT)
FOLLOW_TRAINING = ("gui/router.py", "gui/live_view.py", "gui/run_control.py", "gui/comparison.py")
"""The parts that feed the panels what follows training: the trainer's events, the live view, the run's
intents, the run kept for comparison."""


def test_what_follows_training_reaches_the_panels_only_through_the_registry(reaches):
    """The parts that follow training feed the panels only through ``registry.tell`` (the kinds of
    ``OBSERVED_BY``): none calls a panel's method by name. (They may still read what a panel shows; the live view
    reads no panel at all: the input it shows is the app model's, ``AppState.shown_input()``, issue 30.)"""
    names = {name for name, *_ in reaches}
    assert "gui/run_control.py" in names, "the reader sees them"
    assert "gui/live_view.py" not in names, "the live view reads the input the app model shows, not a panel's"
    by_name = sorted(
        f"{name}:{line}: panels.{key}.{attribute}()"
        for name, key, attribute, line, called in reaches
        if name in FOLLOW_TRAINING and called
    )
    assert by_name == []


def test_an_evaluation_reaches_the_panels_through_the_model_and_the_registry(window, monkeypatch):
    """The router records an evaluation in the app model; the panels that follow evaluations hear of it through
    the registry's EVALUATED (the curves, the matrix, the time-lapse and the class drawings among them)."""
    import numpy as np

    from cnnviz.train import events as ev

    told = []
    for spec in registry.PANELS:
        if observed.EVALUATED in spec.observes:
            monkeypatch.setattr(window.panels[spec.key], "evaluated", lambda e, key=spec.key: told.append((key, e)))
    labels = np.zeros(3, np.int64)
    event = ev.EvaluationFinished(5, 0.5, 0.4, 0.88, 3, labels, labels, np.ones(3, np.float32))
    window.router.handle(event)
    assert window.state.run.last_eval is event
    assert {"curves", "mistakes", "timelapse", "drawings"} <= {key for key, e in told if e is event}
    assert [key for key, _ in told] == [s.key for s in registry.PANELS if observed.EVALUATED in s.observes]


def test_statistics_hear_the_optimizer_the_run_trains_with_not_the_sidebars_menu(window, monkeypatch):
    """The router gives the panels that observe STATS the optimizer of the app model's run (mid-run changes
    included), never the text of the sidebar's menu, which may show a choice not applied yet."""
    from cnnviz.train import events as ev
    from cnnviz.train.config import TrainConfig

    told = []
    for spec in registry.PANELS:
        if observed.STATS in spec.observes:
            monkeypatch.setattr(window.panels[spec.key], "add_stats", lambda e, optimizer: told.append(optimizer))
    assert told == [] and any(observed.STATS in spec.observes for spec in registry.PANELS)
    window.state.run.started(TrainConfig(net="tiny", optimizer="sgd"))
    window.state.run.change({"optimizer": "momentum"})
    menu = window.controls.optimizer_combo
    shown, blocked = menu.currentText(), menu.blockSignals(True)
    menu.setCurrentText("adam")  # shown in the menu, not applied
    try:
        window.router.handle(ev.ParameterStatsMeasured(3, 0.1, 1e-3, ()))
    finally:
        menu.setCurrentText(shown)
        menu.blockSignals(blocked)
    assert told and set(told) == {"momentum"}


def sidebar_reaches(tree) -> set[tuple[str, int]]:
    """(attribute, line) of every ``<the sidebar>.<attribute>`` in ``tree``: ``controls.x``, ``<anything>.controls.x``
    or a name once given the sidebar (``c = self.controls``; module-wide, so it can only find more)."""

    def is_sidebar(node, aliases) -> bool:
        if isinstance(node, ast.Attribute):
            return node.attr == "controls" or _target_name(node) in aliases
        return isinstance(node, ast.Name) and (node.id == "controls" or node.id in aliases)

    aliases: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                pairs = (
                    zip(target.elts, node.value.elts)
                    if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple)
                    else [(target, node.value)]
                )
                aliases |= {_target_name(t) for t, value in pairs if _target_name(t) and is_sidebar(value, set())}
    return {
        (node.attr, node.lineno)
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and is_sidebar(node.value, aliases)
    }


def test_the_sidebar_reader_finds_its_uses():
    tree = ast.parse("c, p = self.controls, self.panels\nc.start_button\nwindow.controls.batch_spin.value()\n")
    assert {attribute for attribute, _ in sidebar_reaches(tree)} == {"start_button", "batch_spin"}


def test_no_module_outside_the_panels_reaches_the_sidebars_child_widgets(window, modules):
    """The sidebar (issue 30: on its way into the registry) is reached, like a panel, through what it offers: its
    intents (``startRequested``...), signals and methods, never its buttons, boxes and menus."""
    children = sorted(
        f"{name}:{line}: controls.{attribute}"
        for name, tree in modules
        if not name.startswith(tuple(ALLOWED))
        for attribute, line in sidebar_reaches(tree)
        if isinstance(getattr(window.controls, attribute, None), QObject)
    )
    assert children == []


INPUT_METHODS = {observed.OBSERVED_BY[kind] for kind in INPUT_KINDS} | {"use_drawing"}
"""What feeds a panel its input (the drawing, the test image, the choice between them): heard only through the
registry, as the app model announces it (the live view tells them); ``use_drawing`` is how Why? and Fool show
the model's choice."""


def input_calls(reaches) -> list[str]:
    return sorted(
        f"{name}:{line}: panels.{key}.{attribute}()"
        for name, key, attribute, line, called in reaches
        if called and attribute in INPUT_METHODS
    )


def test_no_module_outside_the_panels_feeds_a_panel_its_input(reaches):
    """Issue 30: Why? and Fool took their drawing from the drawing pad and their choice from the window
    (``panels.why.use_drawing(...)``); now every panel's input comes from the app model through the registry."""
    assert input_calls(reaches) == []
    old_way = ast.parse(
        "self.panels.why.use_drawing(False)\np = self.panels\np.fool.set_test_image(image, 3, 7)\n"
        "fool = window.panels['fool']\nfool.set_drawing(image)\n"
    )
    found = input_calls([("gui/window.py", *reach) for reach in panel_reaches(old_way)])
    assert [line.split(": ", 1)[1] for line in found] == [
        "panels.why.use_drawing()",
        "panels.fool.set_test_image()",
        "panels.fool.set_drawing()",
    ]


def test_the_models_input_reaches_why_and_fool_with_no_call_into_them(qtbot, window):
    """The drawing, the test image and each panel's own choice are set on the app model alone; Why? and Fool
    hear of them through the registry and compute on the new image. Their radio buttons ask the model."""
    state, why, fool = window.state, window.panels.why, window.panels.fool
    drawing = np.zeros((28, 28), np.float32)
    drawing[6:22, 12:16] = 1.0  # a "1"
    state.set_drawing_input(drawing)
    np.testing.assert_array_equal(why.drawing, drawing)
    np.testing.assert_array_equal(fool.drawing, drawing)
    state.choose_drawing()  # Why? follows the feature maps onto the drawing; Fool keeps its test image
    assert why.on_drawing and why.drawing_radio.isChecked() and not fool.on_drawing and fool.test_radio.isChecked()
    state.choose_view_input("fool", True)
    assert fool.on_drawing and fool.drawing_radio.isChecked()
    for panel in (why, fool):
        window.show_tab(panel.key)
        assert panel.request(force=True)
        qtbot.waitUntil(lambda panel=panel: panel.result is not None and not panel.busy, timeout=TIMEOUT_MS)
        assert panel.result["what"].drawing
    np.testing.assert_array_equal(why.result["image"], drawing)
    np.testing.assert_array_equal(fool.result["result"].original, drawing)  # (0 and 1: whole grey levels)
    state.pick_test_image(7)  # picked in Mistakes: Why? explains test image 7, Fool keeps the drawing
    image, source = why.current_input()
    assert (source.kind, source.index) == ("test", 7) and why.test_radio.isChecked()
    np.testing.assert_array_equal(image, np.asarray(state.dataset.test_images[7], np.float32) / 255)
    assert fool.current_input()[1].drawing
    qtbot.mouseClick(fool.test_radio, Qt.LeftButton)  # the radio asks the model, which the panel then shows
    assert state.drawing_views == frozenset() and fool.current_input()[1] == why.current_input()[1]
    qtbot.mouseClick(why.drawing_radio, Qt.LeftButton)
    assert state.drawing_views == {"why"} and why.on_drawing


def test_a_panel_no_model_answers_keeps_its_input(qtbot):
    """A click on a Why? or Fool radio only asks: with no model listening, the panel keeps working on (and
    showing) the input it had."""
    from cnnviz.gui.panels.fool import FoolPanel  # (a test may name the class)

    panel = FoolPanel()
    qtbot.addWidget(panel)
    asked = []
    panel.inputChosen.connect(asked.append)
    panel.show()
    qtbot.mouseClick(panel.drawing_radio, Qt.LeftButton)
    assert asked == [True] and not panel.on_drawing and panel.test_radio.isChecked()
    assert not panel.drawing_radio.isChecked()

"""One way to reach a panel (issue 30): no module outside the panels' own package names a panel's class
or reaches into a panel's child widgets (the drawing pad used to operate the Draw panel's canvas and its
"not sure" threshold directly); they call the panel's own methods. The developer modes, which drive the
app as a user would, may."""

import re
from pathlib import Path

from PySide6.QtCore import QObject

import cnnviz
from cnnviz.gui.panels import registry

PACKAGE = Path(cnnviz.__file__).parent
EXEMPT = ("gui/panels/", "gui/devtools/")
KEYS = "|".join(spec.key for spec in registry.PANELS)
REACH = re.compile(rf"(?:\bpanels|\bp)\.({KEYS})\.(\w+)")


def modules():
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        if not name.startswith(EXEMPT):
            yield name, path.read_text(encoding="utf-8")


def test_no_module_outside_the_panels_names_a_panel_class():
    classes = {spec.widget_class().__name__ for spec in registry.PANELS}
    named = [(name, cls) for name, text in modules() for cls in classes if re.search(rf"\b{cls}\b", text)]
    assert named == []


def test_no_module_outside_the_panels_reaches_a_panels_child_widget(window):
    reached = {(m.group(1), m.group(2), name) for name, text in modules() for m in REACH.finditer(text)}
    assert reached, "the pattern finds the accesses (or the panels are no longer reached at all)"
    children = sorted(f"{name}: panels.{key}.{attribute}" for key, attribute, name in reached
                      if isinstance(getattr(window.panels[key], attribute, None), QObject))
    assert children == []


def test_an_evaluation_reaches_the_panels_through_the_model_and_the_registry(window, monkeypatch):
    """The router records an evaluation in the app model; the panels that follow evaluations hear of it through
    the registry's EVALUATED (the curves, the matrix, the time-lapse and the class drawings among them)."""
    import numpy as np

    from cnnviz.train import events as ev

    told = []
    for spec in registry.PANELS:
        if registry.EVALUATED in spec.observes:
            monkeypatch.setattr(window.panels[spec.key], "evaluated", lambda e, key=spec.key: told.append((key, e)))
    labels = np.zeros(3, np.int64)
    event = ev.EvaluationFinished(5, 0.5, 0.4, 0.88, 3, labels, labels, np.ones(3, np.float32))
    window.router.handle(event)
    assert window.state.run.last_eval is event
    assert {"curves", "mistakes", "timelapse", "drawings"} <= {key for key, e in told if e is event}
    assert [key for key, _ in told] == [s.key for s in registry.PANELS if registry.EVALUATED in s.observes]

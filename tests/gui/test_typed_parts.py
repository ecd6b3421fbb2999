"""The parts are typed with their real classes (issue 30, "Typed and untangled"): a type checker and an IDE
can follow ``window.panels.curves`` or ``parts.session`` to the class, and the annotations stay true."""

import typing

from cnnviz.gui import lessons, run_control
from cnnviz.gui.panels import registry


def test_panels_name_every_panel_with_its_class():
    classes = {spec.key: spec.widget_class() for spec in registry.PANELS}
    hints = typing.get_type_hints(registry.Panels, localns={c.__name__: c for c in classes.values()})
    assert hints == classes


def test_the_run_and_lesson_parts_are_typed_with_real_classes():
    from cnnviz.app.state import AppState
    from cnnviz.gui.checkpoints import Checkpoints
    from cnnviz.gui.layout import Workspace
    from cnnviz.gui.live_view import LiveView
    from cnnviz.gui.panels.controls import ControlsPanel
    from cnnviz.gui.session import TrainingSession
    from cnnviz.gui.status import StatusFields

    known = {
        c.__name__: c
        for c in (
            AppState,
            Checkpoints,
            Workspace,
            LiveView,
            ControlsPanel,
            TrainingSession,
            StatusFields,
            run_control.RunControl,
        )
    }
    for parts in (run_control.RunParts, lessons.LessonParts):
        hints = typing.get_type_hints(parts, localns=known)  # a name the module does not import fails here
        assert object not in hints.values(), parts
        assert (hints["state"], hints["session"], hints["workspace"], hints["controls"]) == (
            AppState,
            TrainingSession,
            Workspace,
            ControlsPanel,
        )
    assert typing.get_type_hints(lessons.LessonParts, localns=known)["runs"] is run_control.RunControl

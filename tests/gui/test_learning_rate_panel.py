"""The Learning rate tab (added by following docs/architecture.md's panel recipe, issue 30): it is fed only
through the registry (STEPS, TICK, BACKEND, PLANNED) and shows the rate of every step the trainer really took."""

import numpy as np

from cnnviz.gui.panels import observed, registry
from cnnviz.gui.panels.learning_rate import rate_text

TIMEOUT_MS = 30_000


def test_the_learning_rate_tab_draws_the_rate_of_every_step_trained(qtbot, window):
    window.show_tab("learning_rate")
    panel = window.panels.learning_rate
    assert panel.isVisible() and len(panel.rates) == 0
    for n in (1, 2, 3):
        window.step()  # the first starts a paused run; each trains one batch
        qtbot.waitUntil(
            lambda n=n: window.state.run.last_step is not None and window.state.run.last_step.step == n,
            timeout=TIMEOUT_MS,
        )
    # Drawn at the router's tick (at once for a single step; the throttled one if steps came together).
    qtbot.waitUntil(
        lambda: panel.line.getData()[0] is not None and len(panel.line.getData()[0]) == 3, timeout=TIMEOUT_MS
    )
    x, y = panel.line.getData()
    steps = window.state.run.steps
    assert [s.step for s in steps] == [1, 2, 3]
    assert np.allclose(y, [s.lr for s in steps]) and np.allclose(x, [s.epoch for s in steps])
    assert (y > 0).all()
    assert rate_text(steps[-1].lr) in panel.caption.text()
    assert not panel.placeholder.isVisible()
    assert panel.planned_epochs == window.controls.epochs > 0  # the axis spans the run (PLANNED)
    assert panel.plot.getViewBox().viewRange()[0][1] >= window.controls.epochs
    # Presenter mode (bigger type: the 1024-pixel tab bar has no room for it) leaves the tab out, then gives it back.
    window.set_presenter(True, full_screen=False)
    assert not window.workspace.tab_visible("learning_rate") and window.workspace.tab_visible("statistics")
    window.set_presenter(False, full_screen=False)
    assert window.workspace.tab_visible("learning_rate")
    # New random weights: it forgets the old run (the registry's forget=).
    window.runs.stop_run(wait=True)
    window.runs.new_random_model()
    assert len(panel.rates) == 0 and panel.last is None


def test_the_learning_rate_tab_hears_only_through_the_registry():
    spec = registry.BY_KEY["learning_rate"]
    assert spec.observes == (observed.STEPS, observed.TICK, observed.BACKEND, observed.PLANNED)
    assert spec.forget == "clear"
    assert registry.problems() == []


def test_a_rate_reads_as_a_teacher_writes_it():
    assert [rate_text(v) for v in (0.05, 0.0012, 3.2e-5, 0.002)] == ["0.05", "0.0012", "0.000032", "0.002"]

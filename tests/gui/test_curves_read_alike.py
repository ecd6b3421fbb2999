"""The curves read alike wherever they are shown (issue 31): side by side, both plots number the same epoch
axis the same way; a loaded model's curves carry the marks (a learning rate changed mid-run) they had live."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
import pytest


def _epoch_ticks(plot) -> list[str]:
    """The epoch numbers the plot's axis draws (pyqtgraph leaves out those that would stick out of it)."""
    from PySide6.QtGui import QImage, QPainter

    image = QImage(8, 8, QImage.Format_ARGB32)
    painter = QPainter(image)
    try:
        specs = plot.getAxis("bottom").generateDrawSpecs(painter)
    finally:
        painter.end()
    return [text for _rect, _flags, text in specs[2]] if specs else []


@pytest.mark.parametrize("epochs", [0.3, 1.0])
def test_side_by_side_plots_number_their_epochs_alike(qtbot, epochs):
    """Each plot spaced its epoch numbers by its own width: "0, 0.2, 0.4 ... 1.0" under the loss beside
    "0, 0.5, 1.0" under the accuracy, or "0.05, 0.10" beside "0.1, 0.2", under the same axis; and the narrower
    plot left out its "0" (seen at 1280x720: "0, 0.5" beside "0.5")."""
    from cnnviz.gui.panels.curves import CurvesPanel

    panel = CurvesPanel()
    qtbot.addWidget(panel)
    panel.show()
    panel.set_epochs(epochs)
    differ = []
    for width in (537, 574, 590, 759, 796, 907, 1277):
        panel.resize(width, 200)
        qtbot.wait(1)
        assert panel.side_by_side, width
        loss, accuracy = _epoch_ticks(panel.loss_plot), _epoch_ticks(panel.acc_plot)
        assert loss, width
        if loss != accuracy:
            differ.append((width, loss, accuracy))
        labels = [plot.getAxis("bottom") for plot in (panel.loss_plot, panel.acc_plot)]
        assert [a.labelText for a in labels] == ["epoch", "epoch"] and labels[0].labelStyle == labels[1].labelStyle
    assert not differ, differ


def _marks(curves) -> list[tuple[float, str]]:
    return [(round(line.value(), 6), line.label.textItem.toPlainText()) for line, _ in curves.marks.lines]


def test_a_loaded_models_curves_are_marked_where_its_learning_rate_changed(qtbot, make_window, tmp_path):
    """The curves marked "lr 0.001" where the rate was changed mid-run; saved and loaded again (or given back by
    a lesson), they were drawn without it: the file carried the curves, not the marks."""
    from cnnviz.classroom.lessons import bundled_lessons
    from cnnviz.gui.worker import EventBatch
    from cnnviz.train import events as ev

    window = make_window()

    def train(first, last):
        steps = [ev.StepFinished(i, i / 100, 1.0, 0.5, 16, 100.0, 0.1, "numpy", None) for i in range(first, last)]
        window.router.apply(EventBatch(steps=[(0.0, step) for step in steps]))

    train(1, 6)
    window.router.handle(ev.HyperparametersChanged(5, 0.05, {"lr": 0.001}))
    train(6, 11)
    curves = window.panels.curves
    live = _marks(curves)
    assert live == [(0.05, "lr 0.001")]
    path = tmp_path / "run.npz"
    assert window.checkpoints.save(str(path))

    job = window.checkpoints.load(str(path))
    qtbot.waitUntil(lambda: not job.running, timeout=30_000)
    assert window.state.run.last_step is None and len(curves.raw), "the file's curves, not the run's"
    assert _marks(curves) == live
    assert window.lessons.apply(next(p for p in bundled_lessons() if "First look" in p.title))
    assert not _marks(curves)
    window.lessons.close()
    assert _marks(curves) == live, "a lesson gives the loaded run back with its marks"


def test_a_files_marks_are_checked():
    from cnnviz.nn.checkpoint_meta import MAX_MARKS, clean_marks

    good = [[0.5, "settings", "lr 0.001"], [1, "backend", "→ numpy {0}"]]
    assert clean_marks(good) == [[0.5, "settings", "lr 0.001"], [1.0, "backend", "→ numpy {0}"]]
    for bad in (
        {"0.5": "lr"},
        [[0.5, "settings"]],
        [[True, "settings", "lr 1"]],
        [[float("nan"), "settings", "lr 1"]],
        [[-1, "settings", "lr 1"]],
        [[0.5, "other", "lr 1"]],
        [[0.5, "settings", ""]],
        [[0.5, "settings", "lr\n1"]],
        [[0.5, "settings", "x" * 61]],
        [[0.5, "settings", "lr 1"]] * (MAX_MARKS + 1),
    ):
        assert clean_marks(bad) is None, bad


def test_side_by_side_plots_keep_to_their_own_half(qtbot):
    """The loss plot's one-line title made its plot wider than its half: its view ran 70 px over the accuracy
    plot's axis ("1.0" beside "0" read "1.00"; presenter 1024x768, issue 31 item 11). Its title is set smaller
    (then broken) where one line at full size does not fit its half."""
    from cnnviz.gui.panels.curves import CurvesPanel

    def points(plot) -> float:
        return float(plot.titleLabel.opts["size"].removesuffix("pt"))

    panel = CurvesPanel()
    qtbot.addWidget(panel)
    panel.show()
    over = []
    for width in (480, 520, 580, 620, 700):
        panel.resize(width, 200)
        qtbot.wait(1)
        assert panel.side_by_side, width
        loss_view = panel.loss_plot.getViewBox().sceneBoundingRect()
        if loss_view.right() > panel.acc_plot.sceneBoundingRect().left() + 1:
            over.append((width, loss_view.right(), panel.acc_plot.sceneBoundingRect().left()))
        assert min(points(panel.loss_plot), points(panel.acc_plot)) >= 9, width
    assert not over, over
    panel.resize(1200, 200)
    qtbot.wait(1)
    assert points(panel.loss_plot) == points(panel.acc_plot) == 11, "wide again: the titles' full size back"


def test_the_start_hint_stands_clear_of_the_kept_runs_mark_labels(qtbot):
    """A kept run's marks' labels ("A: -> numba") stood over "Press Start (or Space) to train" (1280x720 at
    125 %, issue 31 item 8): the hint moves under them, where the plot has the room."""
    from types import SimpleNamespace

    from cnnviz.gui.devtools import fit_plots
    from cnnviz.gui.panels.curves import KEPT_COLOUR, CurvesPanel

    panel = CurvesPanel()
    qtbot.addWidget(panel)
    panel.resize(560, 420)  # (one above the other)
    panel.show()
    qtbot.wait(1)
    panel.marks.show_kept([(0.35, "backend", "-> numba"), (0.5, "lr", "lr 0.05"), (0.62, "lr", "lr 0.5")], KEPT_COLOUR)
    panel._fit_texts()
    window = SimpleNamespace(panels=SimpleNamespace(curves=panel, timings=SimpleNamespace(isVisible=lambda: False)))
    assert panel.placeholder.isVisible() and panel.marks.label_rects()
    assert not fit_plots.overlaps(window), fit_plots.overlaps(window)


def test_the_start_hint_stands_clear_of_the_kept_runs_curve(qtbot):
    """A lesson's run kept to compare: "Press Start ..." on its light ground stood over the kept run's grey dashed
    loss curve (real X, 1024x768): the hint goes where the curve is not, narrower if need be, and where the curve
    leaves it no room at all it is not shown (the Start button is); a new run's first step takes it away."""
    from types import SimpleNamespace

    from cnnviz.app.comparison import Curves
    from cnnviz.gui.panels.curves import CurvesPanel

    panel = CurvesPanel()
    qtbot.addWidget(panel)
    panel.resize(560, 420)  # (one above the other)
    panel.show()
    qtbot.wait(1)
    view, hint = panel.loss_plot.getViewBox(), panel.placeholder

    def crossings() -> int:
        """The kept curve's points (dense along its segments) under the hint, in scene coordinates."""
        x, y = panel.kept_loss.getData()
        fine = np.linspace(x[0], x[-1], 2000)
        rect = hint.sceneBoundingRect()
        under = [view.mapViewToScene(pg.QtCore.QPointF(a, b)) for a, b in zip(fine, np.interp(fine, x, y))]
        return sum(rect.contains(point) for point in under)

    def keep(epochs, losses):
        train = np.stack([epochs, losses, np.full(len(epochs), 0.5)], axis=1)
        kept = SimpleNamespace(curves=Curves(train), source="this session", test_accuracy=None)
        panel.show_kept(kept, "lr 0.5")
        qtbot.wait(1)

    epochs = np.linspace(0, 1, 200)
    keep(epochs, 2.2 * np.exp(-6 * epochs) + 0.1)  # a run that learned: down through the middle
    assert hint.isVisible() and crossings() == 0
    assert view.sceneBoundingRect().contains(hint.sceneBoundingRect())
    keep(np.linspace(0, 1, 400), np.where(np.arange(400) % 2, 0.05, 2.45))  # every place taken
    assert not hint.isVisible()
    keep(np.linspace(0, 0.2, 20), np.full(20, 2.3))  # a short run along the top: the middle stays free
    assert hint.isVisible() and crossings() == 0
    assert (hint.sceneBoundingRect().center() - view.sceneBoundingRect().center()).manhattanLength() < 2
    panel.add_steps([SimpleNamespace(epoch=0.01, loss=2.3, accuracy=0.1)])
    assert not hint.isVisible()
    panel.clear()
    assert hint.isVisible() and crossings() == 0


def test_the_start_hint_shows_beside_a_kept_run_that_leaves_the_plot_no_room(qtbot):
    """At 1280x720 (normal mode: the plots side by side, short) the lesson's run kept to compare crosses the whole
    loss plot: no free place for "Press Start ...", and it was not shown at all. It is then a line over the plots,
    clear of the kept run's curve, until the new run's first step; a kept run that leaves room has it in the plot."""
    from types import SimpleNamespace

    from cnnviz.app.comparison import Curves
    from cnnviz.gui.panels.curves import CurvesPanel

    panel = CurvesPanel()
    qtbot.addWidget(panel)
    panel.resize(592, 277)  # (the panel at 1280x720, normal mode)
    panel.show()
    qtbot.wait(1)
    assert panel.side_by_side
    epochs = np.linspace(0, 1, 200)  # (lesson 6's first run: SGD at 0.01, 200 steps)
    train = np.stack([epochs, 0.45 + 1.95 * np.exp(-2.3 * epochs), 0.15 + 0.7 * epochs], axis=1)
    kept = SimpleNamespace(
        curves=Curves(train, np.array([[1.0, 0.49, 0.87]])), source="this session", test_accuracy=0.87
    )
    panel.show_kept(kept, "lr 0.01 vs 0.1 now")
    qtbot.wait(1)

    def seen() -> list[str]:
        return [
            where
            for where, widget in (("plot", panel.placeholder), ("line", getattr(panel, "start_label", None)))
            if widget is not None and widget.isVisible()
        ]

    assert seen() == ["line"], seen()
    assert "Press Start" in panel.start_label.text()
    panel.resize(600, 280)  # (a resize keeps it where it is)
    qtbot.wait(1)
    assert seen() == ["line"], seen()
    panel.add_steps([SimpleNamespace(epoch=0.01, loss=2.3, accuracy=0.1)])
    assert seen() == []
    panel.clear()  # (a new run: wanted again)
    assert seen() == ["line"], seen()
    panel.show_kept(None)  # (no kept run: in the plot's middle)
    assert seen() == ["plot"], seen()


def test_a_kept_run_that_diverged_is_seen_whole_before_the_new_run_starts(qtbot):
    """Lesson 6's run at lr 1.0 kept to compare (its loss peaked near 12) was cut at the loss plot's top, 2.5, until
    the new run's first step fitted the axis: the axis fits a kept run at once, and a plot with no run and no kept
    run keeps its 0-2.5."""
    from types import SimpleNamespace

    from cnnviz.app.comparison import Curves
    from cnnviz.gui.panels.curves import CurvesPanel

    panel = CurvesPanel()
    qtbot.addWidget(panel)
    panel.resize(560, 420)
    panel.show()
    qtbot.wait(1)
    view = panel.loss_plot.getViewBox()
    assert view.viewRange()[1][1] < 2.7
    epochs = np.linspace(0, 1, 200)
    losses = np.where(epochs < 0.3, 2.3 - epochs, 11.8)
    train = np.stack([epochs, losses, np.full(len(epochs), 0.1)], axis=1)
    panel.show_kept(SimpleNamespace(curves=Curves(train), source="this session", test_accuracy=0.102), "lr 1")
    qtbot.wait(1)
    assert view.viewRange()[1][1] >= 11.8, view.viewRange()
    panel.show_kept(None)
    panel.clear()
    qtbot.wait(1)
    assert view.viewRange()[1][1] < 2.7, view.viewRange()


def test_a_start_hint_too_big_for_the_plot_is_left_out_until_it_fits(qtbot):
    """German at 1280x720 and 125 %: "Start drücken …" was wider and taller than the short loss plot, cut
    mid-word (``--check-layout``). A hint the plot cannot hold is left out (a line over the plots would make them
    too short: German presenter mode under the divergence warning), and comes back once the plot can hold it."""
    from types import SimpleNamespace

    from cnnviz.gui.devtools.fit_plots import cut_texts
    from cnnviz.gui.panels.curves import CurvesPanel

    panel = CurvesPanel()
    qtbot.addWidget(panel)
    window = SimpleNamespace(panels=SimpleNamespace(curves=panel))
    panel.resize(300, 150)
    panel.show()
    qtbot.wait(1)
    view = panel.loss_plot.getViewBox()
    assert view.height() < 40  # (too short for the hint's lines)
    assert not panel.placeholder.isVisible() and not panel.start_label.isVisible()
    assert cut_texts(window) == []
    panel.resize(700, 520)
    qtbot.waitUntil(lambda: panel.placeholder.isVisible(), timeout=3000)
    assert not panel.start_label.isVisible() and cut_texts(window) == []
    panel.add_steps([SimpleNamespace(epoch=0.01, loss=2.3, accuracy=0.1)])
    assert not panel.placeholder.isVisible() and not panel.start_label.isVisible()

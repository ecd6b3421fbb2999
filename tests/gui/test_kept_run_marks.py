"""A kept run's own marks (its "lr 0.01" where its rate changed) are drawn on its grey curves, in its grey, dotted and
labelled "A: ...", told apart from the run now's coloured dashed marks; they stay when the run now starts over."""

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt

from cnnviz.app.comparison import Curves, KeptRun
from cnnviz.gui import theme
from cnnviz.gui.panels.curves import KEPT_COLOUR, CurvesPanel


def test_the_kept_runs_marks_are_drawn_in_its_grey_beside_the_run_nows(qtbot):
    panel = CurvesPanel()
    qtbot.addWidget(panel)
    panel.resize(700, 420)
    panel.show()
    train = np.array([[0.1 * i, 2.0 - 0.1 * i, 0.1 * i] for i in range(1, 9)])
    kept = KeptRun({"lr": 0.1}, Curves(train, np.zeros((0, 3)), ((0.4, "hyper", "lr 0.01"),)), 0.9, "this session")
    panel.show_kept(kept, "lr 0.1 vs 0.1")
    panel.marks.add(0.6, "lr 0.5", theme.HYPER_MARK)
    drawn = {line.label.textItem.toPlainText(): line for line, _ in [*panel.marks.kept_lines, *panel.marks.lines]}
    assert set(drawn) == {"A: lr 0.01", "lr 0.5"}
    kept_line, live_line = drawn["A: lr 0.01"], drawn["lr 0.5"]
    assert kept_line.value() == 0.4
    assert kept_line.pen.color().name() == pg.mkColor(KEPT_COLOUR).name()
    assert kept_line.pen.style() == Qt.DotLine and live_line.pen.style() == Qt.DashLine
    assert kept_line.pen.color() != live_line.pen.color()
    rects = panel.marks.label_rects()
    assert len(rects) == 2 and not rects[0].intersects(rects[1])

    panel.clear()  # the run now starts over: the kept run's marks stay, the run now's go
    assert len(panel.marks.kept_lines) == 1 and len(panel.marks) == 0
    panel.show_kept(None)
    assert panel.marks.kept_lines == []
    assert all(not isinstance(item, type(kept_line)) for item in panel.loss_plot.items)


def test_a_marks_label_near_the_plots_right_edge_stands_left_of_its_line(qtbot):
    """On real X at 1024x768 (English, German, Chinese) a mark at 0.8 of a one-epoch run showed "A: lr 0.00" and
    "lr 0.0": its label ran past the loss plot's right edge. It now stands left of its line, whole."""
    from cnnviz.gui.devtools import fit_plots

    panel = CurvesPanel()
    qtbot.addWidget(panel)
    panel.resize(330, 260)  # (the loss plot's share of presenter mode's curves at 1024x768)
    panel.show()
    qtbot.waitExposed(panel)
    panel.marks.add(0.95, "lr 0.005", theme.HYPER_MARK)
    panel.marks.add(0.1, "lr 0.01", theme.HYPER_MARK)
    qtbot.wait(50)
    panel.marks.place_labels()
    view = panel.loss_plot.getViewBox().sceneBoundingRect().adjusted(-1, -1, 1, 1)
    rects = panel.marks.label_rects()
    assert len(rects) == 2 and all(view.contains(rect) for rect in rects), (view, rects)

    class Window:  # (the check reads a window's curves panel; the rest of the window is not needed here)
        class panels:
            curves = panel
            timings = type("T", (), {"isVisible": lambda self: False})()

    assert [p for p in fit_plots.overlaps(Window) if "runs past" in p] == []

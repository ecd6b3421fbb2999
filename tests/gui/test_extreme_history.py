"""Accepted means drawable: a saved run's history with extreme values is either refused by the checkpoint checks
(read as no history) or drawn, its axes numbered; the tick code never raises, whatever range it is given."""

import math

import numpy as np
import pyqtgraph as pg
import pytest

from cnnviz.gui import theme
from cnnviz.nn import checkpoint, checkpoint_meta
from cnnviz.nn.model import Sequential


def _saved_with_history(path, train_rows, eval_rows):
    model = Sequential.from_spec("conv3-4,relu,pool,dense-10").initialise(seed=0)
    checkpoint.save(path, model.spec, model.state_dict(), {"history": {"train": train_rows, "eval": eval_rows}})
    return path


@pytest.mark.parametrize("value", [0.0, -0.0, 1e-320, 1e-300, 1e308, math.inf, -math.inf, math.nan, 1.0])
def test_tick_step_never_raises_and_gives_a_usable_spacing(value):
    step = theme.tick_step(value)
    assert 0 < step < math.inf
    assert 0 < theme.tick_step(value, value) < math.inf


@pytest.mark.parametrize(
    "low, high",
    [(-1e308, 1e308), (0.0, 1e308), (1.0, 1.0 + 1e-13), (0.0, 1e-320), (1e300, 1e300 * 1.5), (-1e-300, 1e-300)],
)
def test_the_tick_code_never_raises_on_extreme_ranges(qtbot, low, high):
    widget = pg.GraphicsLayoutWidget()
    qtbot.addWidget(widget)
    plot = widget.addPlot()
    theme.style_plot(plot, left="loss")
    theme.keep_tick_labels_apart(plot)
    widget.resize(300, 80)  # a short plot: the code chooses the spacing itself
    widget.show()
    view = plot.getViewBox()
    plot.setYRange(low, high, padding=0)
    qtbot.wait(20)
    widget.grab()  # paints the axes (pyqtgraph generates its ticks while painting)
    x_range = view.viewRange()[0]
    view.viewRange = lambda: [x_range, [low, high]]  # the exact range (pyqtgraph may have widened it)
    view.sigResized.emit(view)


def test_compare_with_a_history_of_1e308_reads_as_no_history(qtbot, make_window, tmp_path):
    path = _saved_with_history(tmp_path / "huge.npz", [[0.0, 1e308, 0.5], [1e308, 1.0, 0.6]], [[1.0, 1e308, 0.5]])
    window = make_window()
    assert not window.comparison.compare_with_file(str(path))
    assert window.state.kept is None and "no run history" in window.banner.label.text()
    assert checkpoint_meta.clean_history({"train": [[0.0, 1e308, 0.5]], "eval": []}) is None
    assert (
        checkpoint_meta.clean_history({"train": [[0.0, checkpoint_meta.MAX_HISTORY_VALUE, 0.5]], "eval": []})
        is not None
    )


def test_compare_with_the_most_extreme_accepted_history_draws_it_with_ticks(qtbot, make_window, tmp_path):
    top = checkpoint_meta.MAX_HISTORY_VALUE
    path = _saved_with_history(
        tmp_path / "extreme.npz",
        [[0.0, top, 0.0], [1e-9, 1e-300, 1.0], [top, 0.0, 0.5]],
        [[top / 2, top, 1.0], [top, 0.0, 0.0]],
    )
    window = make_window()
    assert window.comparison.compare_with_file(str(path))
    curves = window.panels.curves
    curves.refresh()
    qtbot.wait(50)
    for plot in (curves.loss_plot, curves.acc_plot):
        for name in ("left", "bottom"):
            axis = plot.getAxis(name)
            low, high = axis.range
            levels = axis.tickValues(low, high, max(axis.height(), axis.width(), 10))
            assert any(len(ticks) for _spacing, ticks in levels), (name, axis.range)
    curves.grab()
    assert np.isfinite(curves.kept_loss.xData).all()

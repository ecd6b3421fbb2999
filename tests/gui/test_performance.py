"""What the window does per flush, counted (counts do not depend on how busy the machine is):
hidden panels draw nothing, nothing is drawn twice for the same data, snapshots are spaced by
their cost, and a snapshot's weights are copied into the window's model, not rebuilt."""

from dataclasses import replace

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtWidgets import QGraphicsItem

from cnnviz.app.inference import LocalModel
from cnnviz.gui import live_view
from cnnviz.gui.worker import Tag
from cnnviz.train import events as ev


@pytest.fixture
def set_images(monkeypatch):
    """Every ImageItem.setImage call: the item it was made on."""
    calls = []
    original = pg.ImageItem.setImage

    def counting(self, *args, **kwargs):
        calls.append(self)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(pg.ImageItem, "setImage", counting)
    return calls


def snapshot_of(window, step=7):
    return replace(window.state.local.snapshot(None, window.state.dataset, 3, tag=Tag.VIEW), step=step)


def test_hidden_panels_draw_nothing_until_shown(window, set_images):
    panels = window.panels
    window.show_tab("mistakes")  # the Training tab (curves, feature maps) is hidden now
    assert not panels.feature_maps.isVisible()
    maps_items = {item for _view, item, _title in panels.feature_maps.views.values()}
    snapshot = snapshot_of(window)
    window.live_view.show(snapshot, from_trainer=True)
    assert not maps_items & set(set_images), "no feature map drawn while hidden"
    assert panels.feature_maps.last_snapshot is snapshot, "but the latest is kept"
    assert set_images, "the kernels (right column, visible) are drawn"
    set_images.clear()
    window.show_tab("training")
    assert maps_items <= set(set_images), "drawn once shown"
    assert panels.feature_maps.toolTip().endswith("step 7")


def test_the_curves_redraw_only_what_changed_and_only_when_seen(window, monkeypatch):
    curves = window.panels.curves
    calls = []
    original = pg.PlotDataItem.setData
    monkeypatch.setattr(pg.PlotDataItem, "setData", lambda self, *a, **k: calls.append(self) or original(self, *a, **k))
    steps = [ev.StepFinished(i, i / 100, 1.0 / i, 0.5, 64, 1000.0, 1e-3, "numpy", 1.0) for i in range(1, 11)]
    curves.add_steps(steps)
    curves.refresh()
    drawn = len(calls)
    assert drawn >= 3
    curves.refresh()
    assert len(calls) == drawn, "nothing new: nothing redrawn"
    window.show_tab("why")
    curves.add_steps([ev.StepFinished(11, 0.11, 0.1, 0.5, 64, 1000.0, 1e-3, "numpy", 1.0)])
    curves.refresh()
    assert len(calls) == drawn, "hidden: not redrawn"
    window.show_tab("training")
    assert len(calls) > drawn and len(curves.loss_raw.getData()[0]) == 11


def test_the_drawing_is_classified_once_per_change_of_drawing_or_weights(window, monkeypatch):
    predictions = []
    original = LocalModel.classify
    monkeypatch.setattr(LocalModel, "classify", lambda self, image: predictions.append(1) or original(self, image))
    canvas = window.panels.classify.canvas
    canvas.draw_strokes([[(0.3, 0.2), (0.7, 0.2), (0.4, 0.8)]])
    window.pad.classify()
    window.pad.classify()
    assert len(predictions) == 1
    window.state.local.load(window.state.local.spec, window.state.local.weights(), 5)  # new weights from a snapshot
    window.pad.reclassify(every_s=0.0)
    assert len(predictions) == 2 and "step 5" in window.panels.classify.hint_label.text()
    window.pad.reclassify(every_s=3600.0)
    assert len(predictions) == 2, "at most once per period while training"


def test_snapshots_come_less_often_when_they_cost_more(window):
    view = window.live_view
    for _ in range(30):
        view._adapt_interval(0.001)
    assert view.timer.interval() == live_view.SNAPSHOT_MS
    for _ in range(30):
        view._adapt_interval(0.012)  # about the seed net's maps and kernels on a busy machine
    assert live_view.SNAPSHOT_MS < view.timer.interval() <= live_view.MAX_SNAPSHOT_MS
    for _ in range(30):
        view._adapt_interval(1.0)
    assert view.timer.interval() == live_view.MAX_SNAPSHOT_MS


def test_a_snapshots_weights_are_copied_into_the_same_buffers(window):
    local = window.state.local
    buffers = {name: p.data for name, p in local.model.named_parameters()}
    weights = {name: np.full_like(a, 0.5) for name, a in local.weights().items()}
    version = local.version
    local.load(local.spec, weights, 9)
    for name, p in local.model.named_parameters():
        assert p.data is buffers[name] and np.all(p.data == 0.5)
    assert local.step == 9 and local.version == version + 1


def test_plot_axes_are_cached_so_curve_updates_do_not_repaint_them(window):
    axes = [
        item
        for view in window.findChildren(pg.GraphicsView)
        for item in view.scene().items()
        if isinstance(item, pg.AxisItem) and item.isVisible()
    ]
    assert len(axes) >= 8
    assert all(axis.cacheMode() == QGraphicsItem.DeviceCoordinateCache for axis in axes)


def test_the_loss_axis_moves_only_when_the_loss_goes_above_it(window):
    curves = window.panels.curves
    ranges = []
    for k in range(20):  # a falling loss, refreshed as it arrives
        steps = [
            ev.StepFinished(
                10 * k + i, (10 * k + i) / 1000, 2.3 * np.exp(-(10 * k + i) / 50), 0.5, 64, 1000.0, 1e-3, "numpy", 1.0
            )
            for i in range(1, 11)
        ]
        curves.add_steps(steps)
        curves.refresh()
        ranges.append(tuple(np.round(curves.loss_plot.getViewBox().viewRange()[1], 6)))
    assert len(set(ranges)) == 1, "auto-range moved it (and regenerated its ticks) at every refresh"
    top = ranges[0][1]
    assert 2.3 < top <= 2.6
    curves.add_steps([ev.StepFinished(201, 0.201, 4.0, 0.5, 64, 1000.0, 1e-3, "numpy", 1.0)])
    curves.refresh()
    assert curves.loss_plot.getViewBox().viewRange()[1][1] >= 4.0, "a loss above it widens it"
    curves.loss_plot.setYRange(0.5, 1.0, padding=0)  # the user zooms in
    curves.add_steps([ev.StepFinished(202, 0.202, 9.0, 0.5, 64, 1000.0, 1e-3, "numpy", 1.0)])
    curves.refresh()
    assert np.allclose(curves.loss_plot.getViewBox().viewRange()[1], (0.5, 1.0)), "the user's range stays"


def test_nice_ceilings_change_a_few_times_per_decade():
    from cnnviz.gui.panels.common import nice_ceiling

    assert [nice_ceiling(v) for v in (0.7, 1.0, 1.2, 2.9, 31, 79, 81, 1e-3)] == [0.8, 1.0, 1.5, 3.0, 40, 80, 100, 1e-3]
    assert len({nice_ceiling(t) for t in np.arange(1.0, 100.0, 0.5)}) <= 18


def test_the_images_per_s_plot_keeps_its_axes_while_the_run_goes_on(window):
    timings = window.panels.timings
    timings.add_rate(0.0, "numpy", 1000.0)  # the run's first step: time 0
    ranges = set()
    for k in range(100, 140):  # a minute and a half in, one refresh a second
        timings.add_rate(float(k), "numpy", 1000.0 + 10 * (k % 7))
        timings.refresh_rates(every_s=0.0)
        ranges.add(tuple(np.round(timings.rate_plot.getViewBox().viewRange()[0], 6)))
    assert len(ranges) <= 2, "auto-range moved both axes at every refresh"


def test_timing_bars_redraw_at_most_once_a_second_while_training_and_at_once_after(window):
    """A measurement every few steps redrew the bars' plot each time: the window's costliest scene."""
    timings = window.panels.timings
    layers = (ev.LayerTiming("conv1", 0.25, 0.75), ev.LayerTiming("dense1", 0.1, 0.2))
    timings.add_timing(ev.TimingMeasured(10, "numba", 64, layers, 1.4))
    forward, _ = timings.bars["numba"]
    assert list(forward.opts["width"]) == pytest.approx([0.25, 0.1]), "the first measurement at once"
    x_range = timings.bars_plot.getViewBox().viewRange()[0]

    slower = (ev.LayerTiming("conv1", 0.26, 0.76), ev.LayerTiming("dense1", 0.1, 0.2))
    timings.add_timing(ev.TimingMeasured(20, "numba", 64, slower, 1.4))
    assert list(forward.opts["width"]) == pytest.approx([0.25, 0.1]), "the next one waits its turn"
    timings.refresh_rates(every_s=1.0)  # the curves' timer while training, within the second
    assert list(forward.opts["width"]) == pytest.approx([0.25, 0.1])
    timings.refresh_rates(every_s=0.0)  # paused or ended: drawn now
    assert list(forward.opts["width"]) == pytest.approx([0.26, 0.1])
    assert timings.bars_plot.getViewBox().viewRange()[0] == pytest.approx(x_range), (
        "the axis end moves only when the bars outgrow a round number"
    )

    assert not timings._bars_due, "nothing left to draw"

"""Pieces of the GUI that need no window: coalescing, bounded series, entry points."""

import json

import numpy as np
import pytest

from cnnviz.app.buffers import DecimatingSeries, Ema
from cnnviz.app.feature_map_layout import layer_pairs, predicted_tile_px
from cnnviz.app.grids import grid_shape
from cnnviz.gui.panels.pictures import mosaic
from cnnviz.gui.theme import tick_step
from cnnviz.gui.worker import EventBuffer
from cnnviz.train import events as ev


def step(i, backend="numpy"):
    return ev.StepFinished(i, i / 100, 1.0 / i, 0.5, 64, 1000.0, 1e-3, backend, 10.0)


def snapshot(step_, tag="view"):
    return ev.Snapshot(
        step_, 0.0, np.zeros((28, 28), np.float32), 1, (), (), np.full(10, 0.1, np.float32), {}, "tiny", tag
    )


def test_event_buffer_coalesces_and_wakes_once():
    buffer = EventBuffer()
    wakes = [buffer.put(step(i)) for i in range(1, 1001)]
    assert wakes[0] is True and not any(wakes[1:]), "only the first event of a batch wakes the GUI"
    for i in range(5):
        buffer.put(snapshot(i))
    buffer.put(snapshot(9, tag="other"))
    buffer.put(ev.TimingMeasured(10, "numpy", 64, (), 1.0))
    buffer.put(ev.TimingMeasured(20, "numpy", 64, (), 2.0))
    buffer.put(ev.TimingMeasured(20, "numba", 64, (), 3.0))
    buffer.put(ev.EvaluationFinished(5, 0.05, 1.0, 0.5, 10, np.zeros(10), np.zeros(10), np.zeros(10)))
    batch = buffer.take()
    assert [e.step for _, e in batch.steps] == list(range(1, 1001)), "every step's loss is kept"
    assert batch.snapshots["view"].step == 4 and batch.snapshots["other"].step == 9, "latest per tag"
    assert batch.timings["numpy"].step_ms == 2.0 and batch.timings["numba"].step_ms == 3.0, "latest per backend"
    assert len(batch.others) == 1
    assert not buffer.take()
    assert buffer.put(step(1001)) is True


def test_event_buffer_reset_drops_what_belongs_to_the_old_weights():
    buffer = EventBuffer()
    buffer.put(step(1))
    buffer.put(snapshot(1))
    buffer.put(ev.StateChanged("reset", 0))
    buffer.put(step(1))
    batch = buffer.take()
    assert batch.reset and len(batch.steps) == 1 and not batch.snapshots


def test_decimating_series_stays_bounded_and_spans_the_run():
    series = DecimatingSeries(64)
    for i in range(10_000):
        series.append(i, 2.0 * i)
    assert len(series) <= 64
    assert series.x[0] < 200 and series.x[-1] > 9_000
    np.testing.assert_allclose(series.y, 2.0 * series.x)
    assert series.total == 10_000
    series.clear()
    assert len(series) == 0


def test_ema_is_bias_corrected():
    ema = Ema(0.9)
    assert ema.update(2.0) == pytest.approx(2.0)
    assert ema.update(2.0) == pytest.approx(2.0)


def test_mosaic_and_grid():
    rows, cols = grid_shape(32, 28, 28)
    assert rows * cols >= 32 and rows * cols - 32 < cols
    tiles = np.arange(6 * 2 * 3, dtype=np.float32).reshape(6, 2, 3)
    image = mosaic(tiles, 2, 3, gap=1)
    assert image.shape == (2 * 3 - 1, 3 * 4 - 1)
    np.testing.assert_array_equal(image[:2, :3], tiles[0])
    np.testing.assert_array_equal(image[3:5, 4:7], tiles[4])
    assert np.isnan(image[2, 0])


def test_layer_pairs():
    assert layer_pairs(["conv1", "relu1", "pool1", "conv2", "relu2", "pool2"]) == [
        ("conv1", "pool1"),
        ("conv2", "pool2"),
    ]
    assert layer_pairs(["conv1", "relu1", "conv2", "relu2", "pool1"]) == [("conv1", None), ("conv2", "pool1")]


def test_gui_options_are_checked_before_any_window_opens(capsys):
    from cnnviz import cli

    assert cli.main(["gui", "--net", "conv5-8,relu,dense-7"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cnnviz: error: --net:") and "dense-10" in err and len(err.splitlines()) == 1
    assert cli.main(["gui", "--backend", "nonsense"]) == 2
    assert "unknown backend 'nonsense'" in capsys.readouterr().err


def test_the_tab_choices_are_the_registry_tabs(capsys):
    from cnnviz import cli
    from cnnviz.gui.panels.registry import TABS

    assert TABS == (
        "training",
        "mistakes",
        "why",
        "filters",
        "map",
        "fool",
        "timelapse",
        "statistics",
        "learning_rate",
        "drawings",
    )
    assert cli.main(["gui", "--tab", "nonsense"]) == 2
    err = capsys.readouterr().err
    assert all(repr(tab) in err for tab in TABS), err


def test_screenshot_mode_writes_a_png(tmp_path, qapp):
    from cnnviz import cli

    path = tmp_path / "shot.png"
    assert cli.main(["gui", "--screenshot", str(path), "--backend", "numpy"]) == 0
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000


def test_a_screenshot_can_show_a_lesson_in_its_lesson_view(tmp_path, qapp, make_window, capsys):
    from cnnviz import cli
    from cnnviz.gui.devtools.unattended import screenshot

    window = make_window()
    path = tmp_path / "lesson.png"
    assert screenshot(qapp, window, str(path), 0.0, lesson=3) == 0
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert window.lessons.current is window.lessons.presets[2] and window.lessons.view_on
    assert window.state.visible_views == set(window.lessons.current.visible_panels)
    beyond = len(window.lessons.presets) + 1
    assert cli.main(["gui", "--screenshot", str(path), "--lesson", str(beyond)]) == 2
    assert f"--lesson must be 1 to {beyond - 1}" in capsys.readouterr().err
    assert cli.main(["gui", "--lesson", "1"]) == 2
    assert "--lesson goes with --screenshot" in capsys.readouterr().err


def test_latency_report_prints_the_figures(qapp, capsys):
    from cnnviz.gui.devtools.unattended import latency_report

    assert latency_report("tiny", "numpy", "mnist", None, 1.0) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    p50, p99, worst = report["ui_stall_p50_ms"], report["ui_stall_p99_ms"], report["ui_stall_max_ms"]
    assert all(isinstance(v, float) and np.isfinite(v) for v in (p50, p99, worst))
    assert p50 <= p99 <= worst, "percentiles of one sample, in order"
    assert report["ui_ticks"] > 0, "the 10 ms timer fired while training"
    assert report["backend"] == "numpy"
    assert report["train_images_per_s"] > 0 and report["headless_images_per_s"] > 0


def test_tick_steps_are_one_two_or_five_times_a_power_of_ten():
    assert [tick_step(x) for x in (0.3, 1.0, 1.2, 2.5, 7, 14, 41, 0.0031)] == pytest.approx(
        [0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 0.005]
    )
    assert tick_step(58, at_most=52) == 50 and tick_step(3, at_most=1.2) == 1 and tick_step(7, at_most=9) == 5


def test_predicted_tiles_shrink_with_more_rows_and_grow_with_room():
    shapes = {"conv1": (32, 28, 28), "pool1": (32, 14, 14), "conv2": (64, 14, 14), "pool2": (64, 7, 7)}
    pairs = layer_pairs(list(shapes))
    all_four = predicted_tile_px(shapes, pairs, 700, 250, 26)
    one_pair = predicted_tile_px(shapes, pairs[:1], 700, 250, 26)
    one_layer = predicted_tile_px(shapes, [("conv2",)], 700, 250, 26)
    assert all_four < one_pair and all_four < one_layer
    assert predicted_tile_px(shapes, pairs, 1400, 500, 26) > all_four
    assert predicted_tile_px(shapes, pairs, 30, 30, 26) == 0.0  # no room at all: nothing, not a negative size


@pytest.mark.parametrize("zoom", [1.0, 1.25, 1.5])
def test_plot_axes_number_epochs_as_they_are_at_every_zoom(qapp, zoom):
    """Never "epoch 0 ... 1000" for 0 ... 1: pyqtgraph's SI prefix, off, kept the x1000 it had worked out for
    the range of the moment it was turned off (presenter mode at 125 %: the curves' epochs counted to 1000)."""
    import pyqtgraph as pg

    from cnnviz.gui import theme
    from cnnviz.gui.panels.curves import CurvesPanel
    from cnnviz.gui.panels.learning_rate import LearningRatePanel

    theme.set_zoom(zoom)
    try:
        panels = [CurvesPanel(), LearningRatePanel()]
        panels[0].set_epochs(0.9)
        qapp.processEvents()
        for panel in panels:
            for item in panel.graphics.scene().items():
                if isinstance(item, pg.AxisItem) and item.orientation == "bottom":
                    assert item.autoSIPrefixScale == 1.0, (type(panel).__name__, item.labelText, item.range)
                    assert item.tickStrings([0.5], item.autoSIPrefixScale * item.scale, 0.5) == ["0.5"]
    finally:
        theme.set_zoom(1.0)

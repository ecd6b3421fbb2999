"""The Filters tab: each unit's top test images (really the top ones) beside its optimised input."""

import numpy as np
import pytest
from PySide6.QtCore import Qt

from cnnviz.classroom import filters
from cnnviz.classroom.saliency import model_from_weights
from cnnviz.gui.panels import registry
from cnnviz.gui.panels.filters import TEST_IMAGES

TIMEOUT_MS = 60_000


@pytest.fixture
def trained(qtbot, make_window):
    """A window after a short real run (12 steps, evaluated at 6 and 12 on the tab's test images); the Filters tab
    not yet seen."""
    window = make_window(steps=12, eval_every=6, test_samples=TEST_IMAGES)  # (the tab's own test images)
    window.start()
    qtbot.waitUntil(
        lambda: not window.session.active and window.state.run.state in ("finished", "stopped"), timeout=TIMEOUT_MS
    )
    return window


def computed(qtbot, panel, **wanted):
    qtbot.waitUntil(
        lambda: panel.result is not None and not panel.busy and all(panel.result[k] == v for k, v in wanted.items()),
        timeout=TIMEOUT_MS,
    )
    return panel.result


def expected_top(panel, layer_name):
    """The top 9 of the panel's test images per unit, computed by classroom.filters directly."""
    spec, weights, _step = panel.model_source
    model = model_from_weights(spec, weights)
    layer = next(layer for layer in filters.unit_layers(model) if layer.name == layer_name)
    acts = filters.mean_activations(model, panel.images.astype(np.float32) / 255, [layer])[layer_name]
    return acts, filters.top_images(acts)[0]


def test_the_tab_shows_each_filters_real_top_test_images_beside_its_optimised_input(qtbot, trained):
    window = trained
    panel = window.panels.filters
    assert panel.result is None and panel.job is None  # a hidden tab computes nothing
    dataset = window.state.dataset
    assert np.array_equal(panel.images, dataset.test_images[:TEST_IMAGES])
    window.show_tab("filters")
    result = computed(qtbot, panel, layer="conv1", step=12)
    assert len(panel.tiles) == 8 == result["optimised"].shape[0]  # tiny conv1: one tile per filter
    acts, top = expected_top(panel, "conv1")
    for unit, tile in enumerate(panel.tiles):
        assert tile.isVisible() and tile.tile_px() >= 40
        np.testing.assert_array_equal(tile.indices, top[unit])
        np.testing.assert_array_equal(tile.images, dataset.test_images[top[unit]])  # real test images
        # ... and really the strongest: no other image excites the unit more than the 9th shown.
        assert acts[tile.indices, unit].min() >= np.sort(acts[:, unit])[-9]
        assert tile.images.shape == (9, 28, 28) and tile.images.any()
        assert tile.optimised.shape == (28, 28) and 0 <= tile.optimised.min() <= tile.optimised.max() <= 1
        shown = tile.boxes[tile.boxes[:, 0] >= 0]
        assert len(shown) and (shown[:, 2] - shown[:, 0] <= 4).all()  # conv1's 5x5 patch (clipped at an edge)
        assert tile.field == (12, 12, 16, 16)  # optimised for the centre unit's patch, shown with a margin
        assert tile.crop == (9, 9, 19, 19)
    assert "The 8 filters of conv1" in panel.status_label.text() and "step 12" in panel.status_label.text()
    assert f"first {TEST_IMAGES:,} test images" in panel.caption.text()
    # The tiles are laid out in the scrollable grid, wrapped to the panel's width.
    assert panel.grid.width() <= panel.scroll.viewport().width() + 1
    assert all(panel.scroll.viewport().rect().width() >= tile.width() for tile in panel.tiles)

    # Clicking a tile shows it bigger.
    small = panel.tiles[0].sizeHint()
    qtbot.mouseClick(panel.tiles[0], Qt.LeftButton)
    assert panel.tiles[0].isChecked() and panel.tiles[0].sizeHint().width() > small.width()


def test_changing_the_layer_recomputes_and_the_classes_dream_of_their_digit(qtbot, trained):
    window = trained
    panel = window.panels.filters
    window.show_tab("filters")
    computed(qtbot, panel, layer="conv1")
    assert [panel.layer_combo.itemData(i) for i in range(panel.layer_combo.count())] == ["conv1", "conv2", "dense1"]
    panel.choose_layer("conv2")
    assert "conv2" in panel.status_label.text()  # progress text while computing
    computed(qtbot, panel, layer="conv2")
    _acts, top = expected_top(panel, "conv2")
    assert len(panel.tiles) == 16
    np.testing.assert_array_equal(np.array([tile.indices for tile in panel.tiles]), top)
    panel.choose_layer("dense1")
    result = computed(qtbot, panel, layer="dense1")
    assert result["classes"] and [tile.title for tile in panel.tiles] == [f"class {d}" for d in range(10)]
    assert (result["boxes"] == -1).all()  # a class sees the whole image: nothing to outline
    assert "dream a 3" in panel.caption.text()
    # After 12 steps the class scores already pick their own digit among the top images, mostly.
    labels = window.state.dataset.test_labels[np.array([tile.indices for tile in panel.tiles])]
    assert np.mean(labels == np.arange(10)[:, None]) > 0.5


def test_leaving_the_tab_stops_the_computation_and_coming_back_catches_up(qtbot, trained):
    window = trained
    panel = window.panels.filters
    window.show_tab("filters")
    job, progress = panel.job, panel.progress
    assert panel.busy
    window.show_tab("mistakes")  # before the job could deliver: out of sight, it is stopped
    assert panel.job is None and progress.cancelled and job.cancelled and panel.dirty
    qtbot.waitUntil(lambda: not job.running, timeout=TIMEOUT_MS)
    assert panel.result is None  # a cancelled job delivers nothing
    window.show_tab("filters")
    computed(qtbot, panel, step=12)


def test_an_evaluation_recomputes_with_the_latest_weights_and_starting_over_forgets(qtbot, trained):
    window = trained
    panel = window.panels.filters
    window.show_tab("filters")
    computed(qtbot, panel, step=12)
    spec, weights, _ = panel.model_source
    changed = {key: value * 0.5 for key, value in weights.items()}
    panel.set_weights(spec, changed, 99)
    assert panel.result["step"] == 12 and not panel.busy  # new weights wait for the next evaluation
    panel.evaluated()
    computed(qtbot, panel, step=99)
    registry.start_over(window.panels)  # new weights: what was shown is forgotten
    assert panel.result is None and panel.tiles == [] and panel.status_label.text() == ""


def test_a_model_error_shows_a_message_and_the_panel_keeps_working(qtbot, trained):
    window = trained
    panel = window.panels.filters
    window.show_tab("filters")
    computed(qtbot, panel, step=12)
    spec, weights, _ = panel.model_source
    broken = dict(weights, **{"conv1.weight": np.zeros((3, 3), np.float32)})
    panel.set_weights(spec, broken, 13)
    panel.evaluated()
    qtbot.waitUntil(lambda: "Could not look into the filters" in panel.status_label.text(), timeout=TIMEOUT_MS)
    assert panel.status_label.toolTip()  # the details
    assert window.isVisible()
    panel.set_weights(spec, weights, 14)
    panel.evaluated()
    computed(qtbot, panel, step=14)
    assert len(panel.tiles) == 8

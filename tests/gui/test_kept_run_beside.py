"""A kept run beside the run now (A | B): its kernels, its feature maps for the same input, its timings and its
test accuracy; stop comparing returns to one run; a kept run of another network says why it is not shown."""

from dataclasses import replace

import numpy as np
import pytest
from PySide6.QtCore import Qt

from cnnviz.app import comparison
from cnnviz.nn import checkpoint
from cnnviz.nn.model import Sequential

OTHER_NET = "conv3-4,relu,pool,dense-10"


def train(qtbot, window):
    """To the end of its run (the tests' windows evaluate on 500 test images: a final evaluation over all 10,000
    costs ~4 s of a core, and what they check is the two runs side by side, not the accuracy itself)."""
    window.start()
    qtbot.waitUntil(lambda: not window.session.active and window.state.run.result is not None, timeout=60_000)


def shown(qtbot, window, *keys):
    for key in keys:
        window.show_tab(key)
        window.panels[key].catch_up()
    qtbot.wait(50)


def test_the_kept_runs_kernels_maps_timings_and_accuracy_stand_beside_the_run_nows(qtbot, make_window):
    window = make_window(steps=20, eval_every=10, test_samples=500)
    panels = window.panels
    train(qtbot, window)
    kept_weights = window.state.local.weights()
    qtbot.keyClick(window.workspace, Qt.Key_K)
    kept_accuracy = window.state.run.last_eval.test_accuracy
    window.controls.set_lr(window.controls.lr * 10)
    train(qtbot, window)  # B: the same start, another learning rate
    window.live_view.request(force=True)
    shown(qtbot, window, "kernels")

    kernels = panels.kernels
    assert kernels.side is not None and kernels.side.a_label.startswith("A: lr ")
    a = kernels.kept_images["first"]
    b = kernels.first_image
    assert a is not None and a.shape == b.shape  # the same grid
    # A is the kept run's own conv1 (the weights when K was pressed), on the pair's one colour scale
    tiles_a, tiles_b = kept_weights["conv1.weight"][:, 0], kernels.kernels["conv1"][:, 0]
    limit = max(np.abs(tiles_a).max(), np.abs(tiles_b).max())
    assert np.nanmax(np.abs(a)) == pytest.approx(np.abs(tiles_a).max() / limit, rel=1e-5)
    assert np.nanmax(np.abs(b)) == pytest.approx(np.abs(tiles_b).max() / limit, rel=1e-5)
    assert max(np.nanmax(np.abs(a)), np.nanmax(np.abs(b))) == pytest.approx(1.0)
    assert not np.allclose(np.nan_to_num(a), np.nan_to_num(b))  # two runs, two sets of kernels
    assert kernels.kept_images["deep"] is not None
    assert kernels.kept_views["first"][0] in kernels.graphics.ci.items

    shown(qtbot, window, "feature_maps")
    maps = panels.feature_maps
    assert maps.level == "one layer" and set(maps.kept_views) == set(maps.views) and maps.kept_note == ""
    name = next(iter(maps.views))
    kept_item, own_item = maps.kept_views[name][1], maps.views[name][1]
    assert kept_item.image is not None and kept_item.image.shape == own_item.image.shape
    assert not np.allclose(np.nan_to_num(kept_item.image), np.nan_to_num(own_item.image))
    assert maps.kept_views[name][2].text.startswith("<b>A: lr ") and "<b>B: lr " in maps.views[name][2].text
    assert maps.explain_label.text().startswith("A (left, kept): lr ")

    timings = panels.timings
    assert "A" in timings.bars and window.state.kept.timing is not None
    assert "A (numpy)" in timings.summary_label.text() and "| <b>B</b>" in timings.summary_label.text()
    label = panels.curves.kept_label.text()
    now_accuracy = window.state.run.last_eval.test_accuracy
    assert f"A {100 * kept_accuracy:.1f}% | B {100 * now_accuracy:.1f}%" in label, label

    window.comparison.stop()  # back to one run
    shown(qtbot, window, "kernels", "feature_maps")
    assert kernels.side is None and kernels.kept_views["first"][0] not in kernels.graphics.ci.items
    assert not kernels.compare_note.isVisible() and kernels.kept_images["first"] is None
    assert maps.side is None and not maps.kept_views and maps.level != "" and "A" not in timings.bars
    assert not panels.curves.kept_label.isVisible()


def _save_other_network(tmp_path, timings: bool):
    model = Sequential.from_spec(OTHER_NET).initialise(3)
    meta = {"history": {"train": [[0.0, 2.0, 0.1], [0.5, 1.0, 0.6]], "eval": [[0.5, 1.0, 0.7]]}}
    if timings:
        meta["timings"] = {
            "backend": "cuda",
            "batch_size": 64,
            "step": 9,
            "step_ms": 2.0,
            "layers": [
                ["conv1", 0.1, 0.2],
                ["relu1", 0.01, 0.01],
                ["pool1", 0.01, 0.01],
                ["flatten1", 0.0, 0.0],
                ["dense1", 0.05, 0.1],
            ],
        }
    return checkpoint.save(tmp_path / "other.npz", model.spec, model.state_dict(), meta)


def test_a_kept_run_of_another_network_says_why_it_is_not_shown(qtbot, make_window, tmp_path):
    window = make_window(steps=5, eval_every=5, test_samples=500)
    train(qtbot, window)
    assert window.comparison.compare_with_file(str(_save_other_network(tmp_path, timings=True)))
    assert window.state.kept.timing.backend == "cuda"
    shown(qtbot, window, "kernels")
    kernels = window.panels.kernels
    assert kernels.kept_images["first"] is None and kernels.first_image is not None
    note = kernels.compare_note.text()
    assert "A's conv1 is 4×1×3×3, B's 8×1×5×5: another network" in note and "A has no conv2" in note
    assert kernels.compare_note.isVisible()

    shown(qtbot, window, "feature_maps")
    maps = window.panels.feature_maps
    assert "another network" in maps.kept_note and maps.explain_label.text() == maps.kept_note
    assert all(item.image is None for _view, item, _title in maps.kept_views.values())
    timings = window.panels.timings
    assert "A" not in timings.bars and "its layers differ from B's" in timings.summary_label.text()


def test_a_file_without_timings_says_so_in_the_timings_panel(qtbot, make_window, tmp_path):
    window = make_window()
    assert window.comparison.compare_with_file(str(_save_other_network(tmp_path, timings=False)))
    assert "A: timings not recorded in this file" in window.panels.timings.summary_label.text()


def test_a_saved_run_carries_its_timings(qtbot, make_window, tmp_path):
    window = make_window(steps=5, eval_every=5, test_samples=500)
    train(qtbot, window)
    path = tmp_path / "run.npz"
    assert window.checkpoints.save(str(path))
    kept = comparison.kept_from_file(path)
    last = window.state.run.timings[-1]
    assert kept.spec == window.state.local.spec and (kept.timing.backend, kept.timing.step) == ("numpy", last.step)
    assert [t.name for t in kept.timing.layers] == [t.name for t in last.layers]
    np.testing.assert_allclose(
        [(t.forward_ms, t.backward_ms) for t in kept.timing.layers],
        [(t.forward_ms, t.backward_ms) for t in last.layers],
        atol=1e-4,
    )  # (4 decimals)


@pytest.mark.parametrize("net", ["tiny", "seed"])
def test_a_b_fits_1024x768_in_normal_and_presenter_mode(qtbot, make_window, net):
    """A | B halves the room: every view still fits, the feature maps (one layer while comparing) keep tiles
    of at least MIN_TILE_PX and the kernels of at least MIN_KERNEL_PX on each side, the seed net's 32 and 64
    maps per layer included."""
    from test_fit import at_screen, describe, fill, pictures_beside_a_kept_run

    from cnnviz.app.feature_map_layout import MIN_TILE_PX
    from cnnviz.gui.devtools import fit

    window = make_window(net=net)
    fill(window)
    assert window.comparison.keep_current()
    at_screen(window, qtbot, (1024, 768))
    found = fit.check_every_view(window)  # (normal and presenter mode, every tab)
    assert found == {}, describe(found)
    maps, kernels = window.panels.feature_maps, window.panels.kernels
    for presenter in (False, True):  # (each tab laid out at rest and the kept run's pictures drawn: no fixed wait)
        window.set_presenter(presenter, full_screen=False)
        fit.settle_layout(window)
        window.show_tab("training")
        qtbot.waitUntil(
            lambda: maps.kept_views and all(item.image is not None for _v, item, _t in maps.kept_views.values()),
            timeout=10_000,
        )
        fit.settle_layout(window)
        assert min(maps.tile_pixels(name) for name in maps.views) >= MIN_TILE_PX, presenter
        window.show_tab("kernels")
        qtbot.waitUntil(lambda: kernels.kept_images.get("first") is not None, timeout=10_000)
        fit.settle_layout(window)
        assert kernels.tile_pixels() >= fit.MIN_KERNEL_PX, presenter
    if net == "tiny":  # (English on a 1280x720 laptop too: the other languages are test_translations')
        found = pictures_beside_a_kept_run(window, qtbot, ((1280, 720),))
        assert found == {}, describe(found)


def test_each_sides_maps_have_their_own_colour_scale(qtbot, make_window):
    """A lesson's run kept after its weights blew up (conv1's maps up to 32, the new run's 2): on one colour scale
    the new run's maps were near white (real X, 1024x768). Each side is on its own scale, and the line says so."""
    window = make_window()
    weights = window.state.local.weights()
    blown = {name: w * 15 if name.startswith("conv1.") else w for name, w in weights.items()}
    kept = comparison.KeptRun({"net": "tiny"}, comparison.Curves(), None, "kept.npz", window.state.local.spec, blown)
    window.state.keep_for_comparison(kept)
    window.live_view.request(force=True)
    shown(qtbot, window, "feature_maps")
    maps = window.panels.feature_maps
    assert maps.kept_views and maps.kept_note == ""
    for name in maps.kept_views:
        a, b = maps.kept_views[name][1].image, maps.views[name][1].image
        # Each side's 99.5th percentile at the scale's end (B's had 1/15 of it: near white)
        assert np.nanpercentile(np.abs(b), 99.5) == pytest.approx(1.0, rel=0.05), name
        assert np.nanpercentile(np.abs(a), 99.5) == pytest.approx(1.0, rel=0.05), name
    assert "each side on its own colour scale" in maps.explain_label.text()


def test_a_and_b_draw_the_same_layer_at_the_same_tile_size(qtbot, make_window):
    """The class compares A's maps with B's picture for picture: the same grid, the same tile size, both within the
    panel, on each classroom screen in both modes. A title's one line is its column's least width: A's longer title
    ("A: kept run (this session)" beside "B: now") made A's column wider: its tiles 48 px to B's 33 (1024x768,
    presenter mode)."""
    from test_fit import at_screen

    window = make_window()
    settings = window.comparison.settings_now()
    kept = comparison.KeptRun(settings, comparison.Curves(), None, "this session", window.state.local.spec)
    window.state.keep_for_comparison(replace(kept, weights=window.state.local.weights()))
    window.live_view.request(force=True)
    maps, found = window.panels.feature_maps, []
    for screen in ((1024, 768), (1280, 720), (1366, 768)):
        at_screen(window, qtbot, screen)
        for presenter in (False, True):
            window.set_presenter(presenter, full_screen=False)
            window.show_tab("training")
            qtbot.wait(250)
            maps.catch_up()
            where = f"{screen} presenter={presenter}"
            (name,) = maps.views
            a, b = maps.kept_views[name], maps.views[name]
            assert a[1].image is not None and a[1].image.shape == b[1].image.shape, where  # the same arrangement
            sizes = (maps.tile_pixels(name, kept=True), maps.tile_pixels(name))
            if abs(sizes[0] - sizes[1]) > 0.5:
                found.append(f"{where}: A's tiles {sizes[0]:.1f} px, B's {sizes[1]:.1f}")
            right = b[0].mapRectToScene(b[0].boundingRect()).right()
            if right > maps.graphics.viewport().width():  # B's maps whole, within the panel
                found.append(f"{where}: B's maps run to {right:.0f} px of {maps.graphics.viewport().width()}")
            assert a[2].text.startswith("<b>A") and b[2].text.startswith("<b>B"), where
    window.set_presenter(False, full_screen=False)
    assert found == []


def test_a_and_b_stay_on_one_grid_when_the_row_is_laid_out_again_as_they_are_drawn(qtbot, make_window):
    """Fitting the titles lays the row out again; a view resized there draws both sides on its new grid. A drawn
    after that with the grid from before showed 2x4 beside B's 1x8 (real X, 1024x768 presenter, K pressed again)."""
    window = make_window()
    settings = window.comparison.settings_now()
    kept = comparison.KeptRun(settings, comparison.Curves(), None, "this session", window.state.local.spec)
    window.state.keep_for_comparison(replace(kept, weights=window.state.local.weights()))
    window.live_view.request(force=True)
    window.show_tab("training")
    maps = window.panels.feature_maps
    maps.catch_up()
    (name,) = maps.views
    fit = maps._fit_kept_titles
    heights = [maps.graphics.height() // 3]

    def fit_and_lay_out_anew() -> None:  # (as a title's new width does: the views resized at once)
        fit()
        if heights:
            maps.graphics.resize(maps.graphics.width(), heights.pop(0))

    maps._fit_kept_titles = fit_and_lay_out_anew
    grid = maps.grids[name]
    maps._show_layer(name, dict(maps.last_snapshot.feature_maps)[name], maps._kept_maps()[name])
    assert maps.grids[name] != grid  # (the row laid out anew: another grid)
    a, b = maps.kept_views[name][1].image, maps.views[name][1].image
    assert a.shape == b.shape, (a.shape, b.shape)

"""The classroom features of the window (issue #6): real panels, real events."""

import gc
import weakref

import numpy as np
import pytest
import shiboken6
from PIL import Image
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QFileDialog

from cnnviz.app.grids import grid_shape
from cnnviz.backends import registry
from cnnviz.classroom.drawings import DrawingStore
from cnnviz.classroom.lessons import bundled_lessons
from cnnviz.gui.devtools.driving import draw_demo_digit
from cnnviz.gui.panels.mistakes import MistakesPanel
from cnnviz.gui.panels.pictures import mosaic
from cnnviz.gui.panels.statistics import StatisticsPanel
from cnnviz.gui.panels.timelapse import TimeLapsePanel
from cnnviz.gui.worker import Tag
from cnnviz.train import events as ev
from cnnviz.train.stats import parameter_stats
from cnnviz.train.trainer import Trainer

TIMEOUT_MS = 30_000


def evaluation(step=100, labels=None, predictions=None, confidences=None):
    labels = np.array([0, 1, 2, 3, 3, 3, 4, 9, 4, 9] if labels is None else labels, dtype=np.int64)
    predictions = np.array([0, 1, 2, 3, 5, 5, 9, 9, 9, 4] if predictions is None else predictions, dtype=np.int64)
    confidences = np.array(
        [0.9, 0.8, 0.7, 0.99, 0.6, 0.95, 0.5, 0.9, 0.85, 0.75] if confidences is None else confidences, dtype=np.float32
    )
    accuracy = float((labels == predictions).mean())
    return ev.EvaluationFinished(step, step / 100, 0.5, accuracy, len(labels), labels, predictions, confidences)


def snapshot(step, tag="", seed=0):
    rng = np.random.default_rng(seed + step)
    kernels = rng.normal(size=(4, 1, 5, 5)).astype(np.float32)
    maps = (
        ("conv1", rng.normal(size=(4, 28, 28)).astype(np.float32)),
        ("pool1", rng.random((4, 14, 14)).astype(np.float32)),
    )
    weights = {"conv1.weight": kernels, "conv1.bias": np.zeros(4, np.float32)}
    return ev.Snapshot(
        step,
        step / 100,
        rng.random((28, 28)).astype(np.float32),
        7,
        maps,
        (("conv1", kernels),),
        np.full(10, 0.1, np.float32),
        weights,
        "conv5-4,relu,pool,dense-10",
        tag,
    )


def click_image_pixel(qtbot, graphics, item, x, y):
    qtbot.waitExposed(graphics)
    qtbot.wait(50)  # let the layout settle: the view's range maps cells to pixels
    scene = item.mapToScene(QPointF(x, y))
    pos = graphics.mapFromScene(scene)
    qtbot.mouseClick(graphics.viewport(), Qt.LeftButton, pos=pos)


# --- confusion matrix and galleries ----------------------------------------------------
def test_confusion_matrix_and_cell_click_fill_the_gallery(qtbot):
    panel = MistakesPanel()
    qtbot.addWidget(panel)
    panel.resize(900, 600)
    panel.show()
    test_images = (np.arange(10)[:, None, None] * 20 + np.zeros((10, 28, 28))).astype(np.uint8)
    panel.set_dataset(test_images, [str(i) for i in range(10)])
    panel.show_evaluation(evaluation())
    assert panel.matrix[3, 5] == 2 and panel.matrix[3, 3] == 1 and panel.matrix[4, 9] == 2
    assert panel.texts[3][5].toPlainText() == "2"
    assert panel.texts[0][0].toPlainText() == "1" and panel.texts[0][1].toPlainText() == ""
    # No tick marks drawn into the cells (a wide count in the first column beside one read "-33").
    assert all(panel.plot.getAxis(side).style["tickLength"] >= 0 for side in ("left", "bottom"))
    # A real mouse click on cell (true 3, predicted 5).
    qtbot.waitUntil(lambda: panel.graphics.isVisible())
    click_image_pixel(qtbot, panel.graphics, panel.image, 5.5, 3.5)
    assert panel.selected == (3, 5)
    # Both are 3s read as 5; the surer one (index 5, 95%) first.
    assert panel.cell_gallery.indices == [5, 4]
    assert "True 3" in panel.cell_label.text()


def test_worst_mistakes_gallery_is_most_confident_first(qtbot):
    panel = MistakesPanel()
    qtbot.addWidget(panel)
    panel.show()
    panel.set_dataset(np.zeros((10, 28, 28), np.uint8), [str(i) for i in range(10)])
    panel.show_evaluation(evaluation())
    # Wrong: 4 (0.6), 5 (0.95), 6 (0.5), 8 (0.85), 9 (0.75).
    assert panel.worst_gallery.indices == [5, 8, 9, 4, 6]
    assert panel.worst_gallery.item(0).text().startswith("3→5")


def shown_mistakes_panel(qtbot, closed_by_qtbot: bool = True) -> MistakesPanel:
    """A shown Mistakes panel with :func:`evaluation`'s matrix (``closed_by_qtbot`` False: the test deletes it)."""
    panel = MistakesPanel()
    if closed_by_qtbot:
        qtbot.addWidget(panel)
    panel.resize(900, 600)
    panel.show()
    panel.set_dataset(np.zeros((10, 28, 28), np.uint8), [str(i) for i in range(10)])
    panel.show_evaluation(evaluation())
    qtbot.waitExposed(panel)
    return panel


def test_a_dropped_mistakes_panel_goes_without_the_cycle_collector(qtbot):
    """Issue 31: the cells' tooltips were a bound method of the panel kept on the matrix's image, a cycle panel ->
    image -> method -> panel that only the cycle collector could break; pyqtgraph's GarbageCollector then destroyed
    the panel's Qt objects inside a collection and a CI worker segfaulted. A dropped panel goes the moment its last
    reference does, with the collector off."""
    gone = weakref.ref(shown_mistakes_panel(qtbot, closed_by_qtbot=False))
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        alive = gone() is not None
    finally:
        if gone() is not None:  # (its Qt objects go here, outside any collection: the cycle left is then harmless)
            shiboken6.delete(gone())
        if was_enabled:
            gc.enable()
    assert not alive, "a reference cycle keeps the Mistakes panel for the collector"


def test_hovering_a_cell_says_its_count_and_a_deleted_panel_leaves_no_timer_to_fire(qtbot):
    """The hover sets the cell's tooltip (a count too wide for its cell is said there). The deferred rebalance of the
    matrix's and the galleries' widths is a timer that dies with the panel: deleted before the timer fires, nothing
    runs on the deleted panel (a captured exception would fail this test)."""
    panel = shown_mistakes_panel(qtbot, closed_by_qtbot=False)
    try:

        def pointer_on_cell() -> bool:  # (moved again while the rebalanced layout moves the cell)
            pos = panel.graphics.mapFromScene(panel.image.mapToScene(QPointF(5.5, 3.5)))
            qtbot.mouseMove(panel.graphics.viewport(), pos)
            return panel.image.toolTip() == panel.cell_tip(3, 5)

        qtbot.waitUntil(pointer_on_cell, timeout=5000)
        assert panel.image.toolTip() == "True 3, taken for 5: 2 images"
        view = panel.plot.getViewBox()
        view.sigResized.emit(view)  # a rebalance is now due on the next turn of the event loop
    finally:
        shiboken6.delete(panel)
    qtbot.wait(20)
    assert not shiboken6.isValid(panel)


def test_clicking_a_gallery_image_selects_it_in_the_window(qtbot, window):
    window.show_tab("mistakes")
    e = evaluation(
        labels=window.state.dataset.test_labels[:10], predictions=(window.state.dataset.test_labels[:10] + 1) % 10
    )
    window.router.handle(e)
    gallery = window.panels.mistakes.worst_gallery
    assert gallery.count() == 10
    rect = gallery.visualItemRect(gallery.item(2))
    qtbot.mouseClick(gallery.viewport(), Qt.LeftButton, pos=rect.center())
    assert window.panels.feature_maps.test_index == gallery.indices[2]
    assert window.panels.why.test[2] == gallery.indices[2]


# --- why did it say that -----------------------------------------------------------------
def test_saliency_and_occlusion_overlay_the_drawing(qtbot, window):
    draw_demo_digit(window, 3)
    window.state.choose_view_input("why", True)
    window.show_tab("why")
    qtbot.waitUntil(lambda: window.panels.why.result is not None and not window.panels.why.busy, timeout=TIMEOUT_MS)
    result = window.panels.why.result
    assert result["what"].drawing
    np.testing.assert_array_equal(result["image"], window.panels.classify.network_input)
    assert result["saliency"].shape == (28, 28) and result["occlusion"].shape == (28, 28)
    assert window.panels.why.saliency_rgb.shape == (28, 28, 3) and window.panels.why.saliency_rgb.dtype == np.uint8
    assert window.panels.why.occlusion_rgb.shape == (28, 28, 3)
    assert window.panels.why.views[1][1].image.shape == (28, 28, 3)
    assert np.abs(result["saliency"]).max() > 0


# --- time-lapse ----------------------------------------------------------------------------
def test_timelapse_records_each_evaluation_and_the_slider_shows_frame_k(qtbot):
    panel = TimeLapsePanel()
    qtbot.addWidget(panel)
    panel.show()
    panel.record_snapshot(snapshot(0, Tag.TIMELAPSE_START), None)
    for step in (100, 200, 300):
        panel.observe(evaluation(step))
        panel.observe(snapshot(step, Tag.TIMELAPSE))
    assert [f.step for f in panel.timelapse.frames] == [0, 100, 200, 300]
    assert panel.slider.maximum() == 3 and panel.slider.value() == 3
    panel.slider.setValue(1)
    assert panel.shown_index == 1
    assert "step 100" in panel.caption.text()
    frame = panel.timelapse.frames[1]
    tiles = frame.kernels["conv1"][:, 0]
    rows, cols = grid_shape(4, 5, 5, aspect=2.4)
    expected = mosaic(np.clip(tiles / panel.colour_limit("conv1"), -1, 1), rows, cols)
    np.testing.assert_allclose(panel.kernel_item.image, expected, equal_nan=True)


def test_timelapse_gif_export_through_the_dialog(qtbot, tmp_path, monkeypatch):
    panel = TimeLapsePanel()
    qtbot.addWidget(panel)
    panel.record_snapshot(snapshot(0, Tag.TIMELAPSE_START), None)
    panel.observe(evaluation(100))
    panel.observe(snapshot(100, Tag.TIMELAPSE))
    target = tmp_path / "film"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(target), "")))
    messages = []
    panel.message.connect(lambda text, kind: messages.append(kind))
    qtbot.mouseClick(panel.gif_button, Qt.LeftButton)
    with Image.open(tmp_path / "film.gif") as gif:
        assert gif.n_frames == 2
        if any(f.feature_maps for f in panel.timelapse.frames):  # the maps under the kernels, as the tab shows them
            assert gif.size[1] > panel.timelapse.render_frames("conv1")[0].height
    assert messages == ["info"]
    # An unwritable place is a message, not a crash.
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(tmp_path / "missing" / "x" / "f.gif"), ""))
    )
    (tmp_path / "missing").write_text("a file, not a folder")
    qtbot.mouseClick(panel.gif_button, Qt.LeftButton)
    assert messages[-1] == "error"


# --- statistics -----------------------------------------------------------------------------
def stats_event(step, factor):
    rng = np.random.default_rng(step)
    w = {
        "conv1.weight": rng.normal(size=(4, 1, 5, 5)),
        "dense1.weight": rng.normal(size=(10, 20)),
        "dense1.bias": np.zeros(10),
    }
    before = {k: v * (1 - factor) for k, v in w.items()}
    grads = {k: v * factor for k, v in w.items()}
    return ev.ParameterStatsMeasured(step, step / 100, 0.5, tuple(parameter_stats(w, grads, before)))


def test_stats_panel_shows_a_diagnosis_for_an_exploding_history(qtbot, window):
    window.show_tab("statistics")
    for i in range(15):
        window.router.handle(stats_event(10 * (i + 1), 0.5))  # every step changes the weights by half
    panel = window.panels.statistics
    assert len(panel.history) == 15 and panel.steps[-1] == 150
    panel.update_diagnosis()
    panel.refresh()
    assert any("learning rate is too high" in f for f in panel.findings)
    assert "⚠" in panel.hint_box.text() and "Lower the learning rate" in panel.hint_box.text()
    assert window.workspace.tabs.tabText(window.workspace.tabs.indexOf(panel)).startswith("Statistics ⚠")
    x, y = panel.ratio_curves["conv1.weight"].getData()
    assert len(x) == 15
    # Healthy numbers clear the warning.
    healthy = StatisticsPanel()
    qtbot.addWidget(healthy)
    for i in range(15):
        healthy.add_stats(stats_event(10 * (i + 1), 1e-3), "sgd")
    assert healthy.update_diagnosis() == [] and "healthy" in healthy.hint_box.text()


def test_new_weights_clear_the_statistics_warning_and_the_old_layers_legend(qtbot, window):
    window.show_tab("statistics")
    for i in range(15):
        window.router.handle(stats_event(10 * (i + 1), 0.5))
    panel = window.panels.statistics
    panel.update_diagnosis()
    panel.refresh()
    assert window.workspace.tabs.tabText(window.workspace.tabs.indexOf(panel)).startswith("Statistics ⚠")
    assert len(panel.legend.items) == 2
    window.reset()  # new random weights: the old findings and layers are history
    assert panel.findings == [] and "⚠" not in panel.hint_box.text()
    assert window.workspace.tabs.tabText(window.workspace.tabs.indexOf(panel)) == "Statistics"
    assert panel.ratio_curves == {} and panel.grad_curves == {}
    assert panel.legend.items == []
    assert panel.median_curve.getData()[0] is None or len(panel.median_curve.getData()[0]) == 0


# --- class drawings --------------------------------------------------------------------------
def test_student_drawing_is_saved_and_its_accuracy_shown(qtbot, make_window, tmp_path):
    window = make_window(drawings_dir=tmp_path / "class")
    window.show_tab("drawings")
    assert str(tmp_path / "class") in window.panels.drawings.folder_label.text()
    draw_demo_digit(window, 3)
    qtbot.mouseClick(window.panels.drawings.digit_buttons[3], Qt.LeftButton)
    store = DrawingStore(tmp_path / "class")
    assert [d.label for d in store.drawings()] == [3]
    assert window.panels.classify.canvas.is_empty, "the pad is cleared for the next student"
    draw_demo_digit(window, 7)
    qtbot.mouseClick(window.panels.drawings.digit_buttons[7], Qt.LeftButton)
    images, labels = store.load()
    assert labels.tolist() == [3, 7]
    predicted = window.state.local.model.predict_proba(images[:, None]).argmax(axis=1)
    expected = float((predicted == labels).mean())
    assert window.panels.drawings.accuracy == pytest.approx(expected)
    assert window.panels.drawings.ours_label.text() == f"{100 * expected:.0f}%"
    assert "of 2" in window.panels.drawings.ours_caption.text()
    assert window.panels.drawings.gallery.count() == 2
    # Saving a blank pad is refused politely.
    assert not window.pad.save(1)
    assert window.banner.isVisible()


def test_finetune_starts_a_run_on_mnist_mixed_with_the_drawings(qtbot, make_window, tmp_path, monkeypatch):
    from cnnviz.app import run_control as run_control_module  # (the run's intents build the Trainer)

    started = []

    def spy(config, dataset, initial_weights=None, **more):  # the Trainer the window builds, as it was asked for
        started.append((dataset, initial_weights))
        return Trainer(config, dataset, initial_weights=initial_weights, **more)

    monkeypatch.setattr(run_control_module, "Trainer", spy)
    window = make_window(drawings_dir=tmp_path / "class")
    for digit in (3, 7):
        draw_demo_digit(window, digit)
        window.pad.save(digit)
    before = window.state.local.weights()
    qtbot.mouseClick(window.panels.drawings.finetune_button, Qt.LeftButton)
    assert window.session.active
    ((dataset, initial),) = started
    assert dataset.name.endswith("+drawings")
    drawn, _ = DrawingStore(tmp_path / "class").load()
    as_bytes = np.rint(drawn * 255).astype(np.uint8)
    for image in as_bytes:
        assert (dataset.train_images == image).all(axis=(1, 2)).any(), "every drawing is in the training set"
    # It continues from the current weights, not from a fresh initialisation.
    assert initial is not None and set(initial) == set(before)
    for name in before:
        np.testing.assert_array_equal(initial[name], before[name], err_msg=name)
    window.shutdown()


def test_finetune_says_what_it_trained_on_and_shows_the_drawings_before_and_after(qtbot, make_window, tmp_path):
    """The class must not credit MNIST's 5,000 images to its drawings: the banner says what the pass
    holds, and the drawings' own accuracy is shown before and after, apart from MNIST's."""
    window = make_window(drawings_dir=tmp_path / "class")
    panel = window.panels.drawings
    window.show_tab("drawings")
    panel.student_edit.setText("Ada Lovelace-Byron")
    for digit in (3, 7, 1):
        draw_demo_digit(window, digit)
        window.pad.save(digit)
    assert panel.gallery.item(0).text().endswith("\nAda Lovel…"), "who drew it, under each drawing"
    before = panel.accuracy_now()
    assert before is not None
    window.pad.finetune()
    assert window.session.active
    text = window.banner.label.text()
    assert "5,000 of them MNIST" in text and "before and after" in text, text
    qtbot.waitUntil(lambda: "before fine-tuning" in panel.ours_caption.text(), timeout=5_000)
    assert f"{100 * before:.0f}% before fine-tuning" in panel.ours_caption.text()
    window.stop_run(wait=True)
    window.reset()  # other weights: the comparison goes
    qtbot.wait(50)
    assert panel.before_finetune is None and "before fine-tuning" not in panel.ours_caption.text()
    window.shutdown()


# --- presenter mode, panels, presets --------------------------------------------------------
def test_presenter_mode_enlarges_type_and_panels_hide_and_show(qtbot, window):
    title = window.panels.curves.title_label
    title.ensurePolished()
    normal_title = title.font().pointSizeF()
    axis = window.panels.curves.loss_plot.getAxis("left")
    normal_axis = axis.style["tickFont"].pointSize() if axis.style.get("tickFont") else 11
    window.set_presenter(True, full_screen=False)
    title.ensurePolished()
    assert title.font().pointSizeF() > normal_title
    assert axis.style["tickFont"].pointSize() > normal_axis
    assert window.panels.curves.loss_smooth.opts["pen"].widthF() > 3
    window.set_presenter(False, full_screen=False)
    title.ensurePolished()
    assert title.font().pointSizeF() == normal_title
    assert window.panels.curves.loss_smooth.opts["pen"].widthF() == 3

    window.menus.view_actions["kernels"].setChecked(False)
    assert not window.panels.kernels.isVisible()
    window.menus.view_actions["mistakes"].setChecked(False)
    assert not window.workspace.tab_visible("mistakes")
    window.menus.view_actions["kernels"].setChecked(True)
    window.menus.view_actions["mistakes"].setChecked(True)
    assert window.panels.kernels.isVisible()
    assert window.workspace.tab_visible("mistakes")
    window.state.set_view_visible("loss", False)
    assert window.panels.curves.loss_plot not in window.panels.curves.graphics.ci.items
    window.state.set_view_visible("loss", True)
    assert window.panels.curves.loss_plot in window.panels.curves.graphics.ci.items


def test_a_lesson_preset_applies_its_settings(qtbot, window):
    preset = next(p for p in bundled_lessons() if "too high" in p.title)
    assert window.lessons.apply(preset)
    c = window.controls
    assert c.optimizer_combo.currentText() == preset.optimizer == "momentum"
    assert c.lr == pytest.approx(preset.lr)
    assert c.schedule_combo.currentText() == preset.schedule
    assert c.batch_spin.value() == preset.batch_size
    config = window.runs.make_config()
    assert config.lr == pytest.approx(preset.lr) and config.optimizer == preset.optimizer
    assert config.net == window.controls.spec
    # The app's controls and the presets' own mapping agree on every setting of the lesson.
    expected = preset.to_train_config()
    for name in ("optimizer", "lr", "momentum", "batch_size", "epochs", "schedule", "train_samples"):
        assert getattr(config, name) == getattr(expected, name), name
    # The lesson's text stays on screen (its steps a click away); its view is a suggestion, not forced.
    strip = window.lessons.strip
    assert strip.isVisible() and preset.title in strip.title_label.text()
    assert strip.text_label.text().endswith(preset.description)
    assert window.state.presenter is False and window.workspace.tab_visible("mistakes")
    strip.next_button.click()
    assert strip.text_label.text() == preset.steps[0]
    window.lessons.use_lesson_view(True, full_screen=False)
    assert window.state.presenter is preset.presenter
    assert window.workspace.tab_visible("statistics")
    assert not window.workspace.tab_visible("mistakes")
    assert not window.panels.timings.isVisible()
    window.lessons.use_lesson_view(False, full_screen=False)
    assert window.state.presenter is False and window.workspace.tab_visible("mistakes")

    overfit = next(p for p in bundled_lessons() if p.train_samples)
    window.lessons.apply(overfit)
    config = window.runs.make_config()
    assert config.train_samples == overfit.train_samples and config.eval_samples is None
    assert window.controls.spec == overfit.net
    assert window.state.test_samples == overfit.test_samples


def test_a_preset_for_a_missing_backend_falls_back_with_a_message(qtbot, window):
    from dataclasses import replace

    missing = [info.name for info in registry.available() if not info.available]
    if not missing:
        pytest.skip("every backend is available here")
    preset = replace(bundled_lessons()[0], backend=missing[0])
    window.lessons.apply(preset)
    assert window.controls.backend != missing[0]
    assert window.banner.kind == "warning" and missing[0] in window.banner.label.text()


# --- explain a number -------------------------------------------------------------------------
def test_hovering_a_conv1_pixel_explains_its_sum(qtbot, window):
    # Non-zero biases, so the sum is more than the products.
    weights = window.state.local.weights()
    weights["conv1.bias"] = np.linspace(-0.2, 0.3, len(weights["conv1.bias"])).astype(np.float32)
    window.state.local.load(window.state.local.spec, weights)
    window.live_view.show_local()
    panel = window.panels.feature_maps
    qtbot.waitUntil(lambda: panel.graphics.isVisible())
    channels, h, w, rows, cols, gap = panel.mosaics["conv1"]
    channel, y, x = 3, 12, 9
    r, c = divmod(channel, cols)
    _view, item, _title = panel.views["conv1"]
    scene = item.mapToScene(QPointF(c * (w + gap) + x + 0.5, r * (h + gap) + y + 0.5))
    pos = panel.graphics.mapFromScene(scene)
    qtbot.mouseMove(panel.graphics.viewport(), pos)
    qtbot.waitUntil(lambda: panel.explanation.last is not None, timeout=5000)
    info = panel.explanation.last
    # A map pixel is a few screen pixels wide: the pointer lands on it or, after rounding, a neighbour.
    assert (info["layer"], info["channel"]) == ("conv1", channel)
    assert abs(info["y"] - y) <= 1 and abs(info["x"] - x) <= 1
    y, x = info["y"], info["x"]
    value = dict(panel.last_snapshot.feature_maps)["conv1"][channel, y, x]
    assert info["value"] == pytest.approx(value)
    assert abs(info["sum"] - value) < 1e-4
    assert info["bias"] != 0
    field = info["field"]
    assert (field.top, field.left, field.bottom, field.right) == (y - 2, x - 2, y + 2, x + 2)
    assert panel.explanation.field_rect.isVisible()
    assert "Σ" in panel.explain_label.text()
    # A pool2 pixel sees a wider patch of the input.
    deep = panel.explain("pool2", 0, 3, 3)
    assert deep["field"].height > 5 and "sum" not in deep


# --- a real run end to end: time-lapse, statistics, confusion, exports --------------------
def test_a_real_run_feeds_every_teaching_panel_and_exports(qtbot, make_window, tmp_path):
    window = make_window(steps=12, eval_every=5, stats_every=4, test_samples=500)
    window.start()
    qtbot.waitUntil(
        lambda: not window.session.active and window.state.run.state in ("finished", "stopped"), timeout=60_000
    )
    steps = [f.step for f in window.panels.timelapse.timelapse.frames]
    assert steps == [0, 5, 10, 12], steps
    assert np.isnan(window.panels.timelapse.timelapse.frames[0].test_accuracy)
    assert not np.isnan(window.panels.timelapse.timelapse.frames[-1].test_accuracy)
    assert [e.step for e in window.state.run.evaluations] == [5, 10, 12]
    assert window.panels.statistics.steps == [4, 8, 12]
    assert window.panels.mistakes.evaluation.step == 12
    window.show_tab("mistakes")
    assert window.panels.mistakes.matrix.sum() == window.panels.mistakes.evaluation.samples

    assert window.exports.export_metrics_csv(str(tmp_path / "m.csv"))
    lines = (tmp_path / "m.csv").read_text().splitlines()
    assert lines[0].startswith("step,epoch,loss") and len(lines) == 13
    assert window.exports.export_timings_csv(str(tmp_path / "t.csv"))
    assert "conv1" in (tmp_path / "t.csv").read_text()
    assert window.exports.export_html_report(str(tmp_path / "r.html"))
    html = (tmp_path / "r.html").read_text()
    assert '<table class="confusion"' in html or "confusion" in html.lower()
    assert "data:image/png;base64" in html
    assert window.exports.export_panel_png("mistakes", str(tmp_path / "mistakes.png"))
    with Image.open(tmp_path / "mistakes.png") as picture:
        assert picture.size[0] > 100
    (tmp_path / "blocker").write_text("a file where a folder should be")
    assert not window.exports.export_metrics_csv(str(tmp_path / "blocker" / "m.csv"))
    assert window.banner.kind == "error"

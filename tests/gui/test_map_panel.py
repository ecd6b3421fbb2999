"""The map tab: real weights from the window, 2,000 real test images, a stable orientation, the star."""

import numpy as np
import pytest
from PySide6.QtCore import QPointF, Qt

from cnnviz.classroom.embedding import SUBSET, features_of
from cnnviz.gui import palette
from cnnviz.gui.devtools.driving import draw_demo_digit
from cnnviz.gui.panels.map import MapPanel
from cnnviz.gui.panels.map_labels import spread_apart

TIMEOUT_MS = 60_000


def computed(qtbot, panel):
    qtbot.waitUntil(lambda: panel.result is not None and not panel.busy, timeout=TIMEOUT_MS)
    return panel.result


def shown_points(panel):
    """Every dot on the plot, in map order: (positions, the digit whose colour and symbol it has)."""
    points = np.zeros((len(panel.result.labels), 2))
    digits = np.full(len(panel.result.labels), -1)
    for digit, dots in enumerate(panel.dots):
        members = np.asarray(dots.data["data"], dtype=int)
        points[members] = np.column_stack([dots.data["x"], dots.data["y"]])
        digits[members] = digit
        if len(members):
            assert dots.opts["brush"].color().name().lower() == palette.class_colour(digit).lower()
            assert dots.opts["symbol"] == palette.class_symbol(digit)
    return points, digits


@pytest.fixture
def map_window(window):
    window.show_tab("map")
    return window


def test_the_tab_maps_2000_test_images_with_the_latest_weights(qtbot, map_window):
    window, panel = map_window, map_window.panels.map
    result = computed(qtbot, panel)
    dataset = window.state.dataset
    assert len(result.labels) == SUBSET == 2000
    np.testing.assert_array_equal(result.labels, dataset.test_labels[:SUBSET])
    points, digits = shown_points(panel)
    np.testing.assert_array_equal(digits, dataset.test_labels[:SUBSET])  # each dot coloured by its own label
    np.testing.assert_allclose(points, result.points)
    assert np.ptp(points, axis=0).min() > 0  # a real spread, not one blob
    assert len(panel.centre_labels) == 10 and "2,000 test images" in panel.source_label.text()
    # The weights mapped are the app's: the map's model gives the app's own copy's answers.
    spec, weights, step = panel.model_source
    assert result.step == step
    for name, value in weights.items():
        np.testing.assert_array_equal(panel.model.state_dict()[name], value)
    # Pointing at a dot shows that test image and what the network said.
    panel.show_picked(5)
    np.testing.assert_allclose(panel.picked_item.image, dataset.test_images[5] / 255.0, atol=1e-6)
    assert f"true digit {dataset.test_labels[5]}" in panel.picked_label.text()
    assert f"it says {result.predictions[5]}" in panel.picked_label.text()


def test_pointing_at_a_dot_shows_its_test_image(qtbot, map_window):
    panel = map_window.panels.map
    result = computed(qtbot, panel)
    qtbot.waitExposed(panel.graphics)
    qtbot.wait(50)  # let the layout settle: the view's range maps points to pixels
    # The dot farthest from the others' middle: no other dot under the pointer.
    member = int(np.argmax(np.linalg.norm(result.points - np.median(result.points, axis=0), axis=1)))
    dots = panel.dots[int(result.labels[member])]
    scene = dots.mapToScene(QPointF(*result.points[member]))
    qtbot.mouseClick(panel.graphics.viewport(), Qt.LeftButton, pos=panel.graphics.mapFromScene(scene))
    assert panel.picked == member
    assert panel.picked_label.text().startswith(f"test image #{result.indices[member]}\n")


def test_a_second_evaluation_keeps_the_orientation(qtbot, map_window):
    panel = map_window.panels.map
    first = computed(qtbot, panel)
    # The same weights evaluated again, as if they were new (PCA's signs flipped: the alignment must undo it).
    flipped = type(first)(**{**first.__dict__, "points": -first.points})
    panel.result = flipped
    panel.evaluated(None)
    qtbot.waitUntil(lambda: panel.result is not flipped and not panel.busy, timeout=TIMEOUT_MS)
    second = panel.result
    spread = np.linalg.norm(first.points, axis=1).mean()
    np.testing.assert_allclose(second.points, -first.points, atol=1e-6 * spread)  # followed the flip
    panel.evaluated(None)
    qtbot.waitUntil(lambda: panel.result is not second and not panel.busy, timeout=TIMEOUT_MS)
    third = panel.result
    assert np.linalg.norm(third.points - second.points, axis=1).max() < 1e-6 * spread


def test_the_star_follows_the_drawing(qtbot, map_window):
    window, panel = map_window, map_window.panels.map
    result = computed(qtbot, panel)
    assert panel.star_point is None and panel.star_note.text() == ""
    draw_demo_digit(window, 3)
    drawing = window.panels.classify.network_input
    expected = result.place(features_of(panel.model, drawing))
    np.testing.assert_allclose(panel.star_point, expected)
    np.testing.assert_allclose([panel.star.data["x"][0], panel.star.data["y"][0]], expected)
    centres = result.class_centres()
    nearest = min(centres, key=lambda c: np.linalg.norm(centres[c] - expected))
    assert panel.star_note.text() == f"★ your drawing:\nnearest the {nearest}s"
    draw_demo_digit(window, 7)
    moved = panel.star_point
    assert not np.allclose(moved, expected)  # another digit, another place
    np.testing.assert_allclose(moved, result.place(features_of(panel.model, window.panels.classify.network_input)))
    view = panel.plot.getViewBox()
    view.setRange(xRange=(moved[0] + 100, moved[0] + 101), yRange=(moved[1] + 100, moved[1] + 101), padding=0)
    panel.set_drawing(np.ones((28, 28), np.float32))  # the star off the part of the map in view...
    star = panel.star_point
    assert view.viewRect().contains(float(star[0]), float(star[1]))  # ... brings it back in sight
    window.panels.classify.canvas.clear()
    window.pad.classify()
    assert panel.star_point is None and len(panel.star.data) == 0 and panel.star_note.text() == ""


def test_the_digits_at_the_class_centres_do_not_cover_each_other():
    centres = np.array([[0.0, 0.0], [0.0, 0.0], [0.01, 0.0], [5.0, 5.0]])
    placed = spread_apart(centres, 1.0)
    gaps = np.linalg.norm(placed[:, None] - placed[None], axis=2)[np.triu_indices(4, 1)]
    assert gaps.min() >= 1.0 - 1e-6
    np.testing.assert_allclose(placed[3], centres[3])  # a label with room stays where it was
    assert np.linalg.norm(placed - centres, axis=1).max() < 1.5  # the others move only as far as needed


def test_forget_clears_the_map(qtbot, map_window):
    panel = map_window.panels.map
    computed(qtbot, panel)
    panel.show_picked(3)
    panel.forget()
    assert panel.result is None and panel.model is None and panel.picked is None
    assert all(len(dots.data) == 0 for dots in panel.dots) and panel.centre_labels == []
    assert panel.picked_item.image is None and panel.source_label.text() == ""


def test_an_error_shows_a_message_and_the_panel_keeps_working(qtbot):
    from cnnviz.data.datasets import load_dataset

    panel = MapPanel()
    qtbot.addWidget(panel)
    panel.resize(800, 600)
    panel.show()
    assert "waiting for the test images" in panel.source_label.text()
    panel.show_dataset(load_dataset("mnist"))
    assert "waiting for the network's weights" in panel.source_label.text()
    panel.set_weights("conv5-4,relu,pool,dense-10", {"0.weight": np.zeros((3, 3), np.float32)}, 1)  # wrong shapes
    qtbot.waitUntil(
        lambda: not panel.busy and "Could not make the map" in panel.source_label.text(), timeout=TIMEOUT_MS
    )
    assert panel.result is None and panel.source_label.toolTip()  # the details are in the tooltip
    panel.set_drawing(np.ones((28, 28), np.float32))  # no map yet: no star, no crash
    assert panel.star_point is None


def test_classes_with_names_are_written_out(qtbot):
    import dataclasses

    from cnnviz.data.datasets import FASHION_CLASS_NAMES, load_dataset
    from cnnviz.nn.model import Sequential, resolve_spec

    panel = MapPanel()
    qtbot.addWidget(panel)
    panel.show()
    panel.show_dataset(dataclasses.replace(load_dataset("mnist"), class_names=FASHION_CLASS_NAMES))
    spec = resolve_spec("tiny")
    panel.set_weights(spec, Sequential.from_spec(spec).initialise(0).state_dict(), 0)
    result = computed(qtbot, panel)
    assert sorted(label.toPlainText() for label in panel.centre_labels) == sorted(
        name.split("/")[0] for name in FASHION_CLASS_NAMES
    )
    panel.show_picked(0)
    assert f"true class {FASHION_CLASS_NAMES[result.labels[0]]}" in panel.picked_label.text()
    assert "classes it tells apart" in panel.explain_label.text()
    panel.set_drawing(np.asarray(load_dataset("mnist").test_images[0], np.float32) / 255)
    assert panel.star_note.text().startswith("★ your drawing:\nnearest: ")


def test_scrubbing_the_time_lapse_moves_the_map_back_and_the_latest_comes_back(qtbot, map_window):
    window, panel = map_window, map_window.panels.map
    first = computed(qtbot, panel)
    spec, weights, _step = panel.model_source
    # A later map: the same network after more steps (weights nudged), as the next evaluation brings it.
    nudged = {
        name: w + 0.05 * np.random.default_rng(1).standard_normal(w.shape).astype(w.dtype)
        for name, w in weights.items()
    }
    panel.set_weights(spec, nudged, first.step + 100)
    panel.evaluated(None)
    qtbot.waitUntil(lambda: panel.result is not first and not panel.busy, timeout=TIMEOUT_MS)
    latest = panel.result
    assert [m.step for m in panel.history] == [first.step, first.step + 100]
    assert panel.history_row.isVisibleTo(panel) and panel.history_label.text() == "latest map"

    window.panels.timelapse.frameChosen.emit(first.step + 50)  # a time-lapse frame between the two maps
    assert panel.shown is first and panel.history_label.text() == f"map at step {first.step:,}"
    np.testing.assert_allclose(shown_points_of(panel), first.points)
    assert panel.result is latest  # the report and the star still use the latest map
    # A map made meanwhile (Update) while an earlier one is on screen: the line said "Placing…" until the slider
    # moved (issue 31); now it describes the map shown, which stays.
    assert panel.request(force=True) and "Placing" in panel.source_label.text()
    qtbot.waitUntil(lambda: panel.result is not latest and not panel.busy, timeout=TIMEOUT_MS)
    latest = panel.result
    assert panel.shown is first and "Placing" not in panel.source_label.text()
    assert f"weights of step {first.step:,}" in panel.source_label.text()
    window.panels.timelapse.frameChosen.emit(-1)  # the time-lapse back at its latest frame
    assert panel.shown is latest
    np.testing.assert_allclose(shown_points_of(panel), latest.points)
    panel.forget()
    assert panel.history == [] and not panel.history_row.isVisibleTo(panel)


def shown_points_of(panel):
    points = np.zeros((len(panel.shown.labels), 2))
    for dots in panel.dots:
        members = np.asarray(dots.data["data"], dtype=int)
        points[members] = np.column_stack([dots.data["x"], dots.data["y"]])
    return points


def test_leaving_the_tab_stops_placing_the_images_and_coming_back_maps_them(qtbot, window, monkeypatch):
    """Clicking past the tab must not leave seconds of work taking a core from the training: the job stops at
    its next batch of images (a batch of 256 here: 8 for the 2,000) and nothing it made is shown."""
    import cnnviz.classroom.uncertainty as uncertainty

    batches = []
    original = uncertainty.logits_and_features

    def counted(model, images, batch_size=256, progress=None):
        def each(count):
            batches.append(count)
            progress(count)

        return original(model, images, batch_size, each)

    monkeypatch.setattr(uncertainty, "logits_and_features", counted)
    monkeypatch.setattr("cnnviz.classroom.embedding.logits_and_features", counted)
    panel = window.panels.map
    window.show_tab("map")
    job = panel.job
    assert panel.busy and "Placing" in panel.source_label.text()
    window.show_tab("mistakes")  # out of sight before the job could deliver
    assert panel.job is None and job.cancelled and panel.dirty and panel.source_label.text() == ""
    qtbot.waitUntil(lambda: not job.running, timeout=TIMEOUT_MS)
    assert panel.result is None  # a cancelled job delivers nothing
    assert len(batches) < SUBSET // 256, f"it went on to the end: {len(batches)} batches"
    batches.clear()
    window.show_tab("map")
    result = computed(qtbot, panel)
    assert len(result.labels) == SUBSET and sum(batches) == SUBSET


def test_placing_says_how_far_it_got(qtbot, map_window, monkeypatch):
    """On a busy 2-core machine placing took two minutes after a lesson closed, and "Placing 2,000 test images…"
    never changed: it read as stuck (issue 31, session 38). The line counts the images read as they go; after the
    last one, the map's two directions are worked out (the line sat at "2,000 of 2,000 read" for 27 s after a
    restore, session 42): it says so."""
    import threading

    from PySide6.QtWidgets import QApplication

    import cnnviz.classroom.embedding as em

    panel = map_window.panels.map
    computed(qtbot, panel)
    said = []
    set_text = panel.source_label.setText
    panel.source_label.setText = lambda text: (said.append(text), set_text(text))
    entered, release = threading.Event(), threading.Event()
    original = em.project

    def held(*args, **kwargs):
        entered.set()
        release.wait(TIMEOUT_MS / 1000)
        return original(*args, **kwargs)

    monkeypatch.setattr(em, "project", held)
    try:
        assert panel.request(force=True)
        qtbot.waitUntil(entered.is_set, timeout=TIMEOUT_MS)
        QApplication.processEvents()  # the counts the job sent before it got there
        text = panel.source_label.text()
    finally:
        release.set()
    assert "Placing 2,000 test images" in text and "(all read: finding the two directions" in text, text
    counts = [text for text in said if "of 2,000 read" in text]
    assert counts and not any("(2,000 of 2,000 read)" in c for c in counts), said  # the last batch: that line
    computed(qtbot, panel)
    assert "Placing" not in panel.source_label.text()


def test_the_picked_image_is_described_in_the_language_shown(qtbot, in_language):
    """The lines beside the map (the test image under the pointer) were English in every language."""
    from types import SimpleNamespace

    in_language("de")
    panel = MapPanel()
    qtbot.addWidget(panel)  # (never shown: nothing is computed)
    panel.shown = SimpleNamespace(labels=np.array([7]), predictions=np.array([1]), indices=np.array([42]))
    text = panel.describe(0)
    assert text.startswith("Testbild #42\n") and "echte Ziffer 7" in text and "Netz sagt 1" in text, text


def test_the_picture_beside_the_map_is_never_drawn_over(qtbot, in_language):
    """Japanese presenter mode at 1024x768 gave the column beside the map 231 of the 269 px it needed: the
    picture's lines were drawn over the picture. Too short, the column scrolls; its lines stay whole."""
    from types import SimpleNamespace

    from cnnviz.gui.devtools.fit import settle_layout

    in_language("ja")
    panel = MapPanel()
    qtbot.addWidget(panel)  # (never shown on a tab: nothing is computed)
    panel.setStyleSheet("QLabel { font-size: 15pt; }")  # presenter mode's type
    panel.shown = SimpleNamespace(labels=np.array([7]), predictions=np.array([1]), indices=np.array([1234]))
    panel.picked_label.setText(panel.describe(0))
    panel.star_note.setText("★ あなたの手書き：\n一番近いのは 7")
    panel.resize(600, 330)
    panel.show()
    settle_layout(panel)
    picture, lines = panel.picked_graphics, panel.picked_label
    assert not picture.geometry().intersects(lines.geometry()), (picture.geometry(), lines.geometry())
    assert lines.width() >= lines.sizeHint().width() and picture.height() == picture.width()

"""The Fool tab: it fools a trained network within the budget the student set, the saved PNG fools
``cnnviz predict --raw`` the same way, new weights alone start nothing, and bad input is a message."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtWidgets import QApplication, QFileDialog, QLabel

from cnnviz.classroom.adversarial import LEVELS
from cnnviz.data.datasets import load_dataset
from cnnviz.gui.panels.fool import BUDGET, FoolPanel, amplification

TIMEOUT_MS = 60_000


@pytest.fixture(scope="module")
def test_images():
    data = load_dataset("mnist")
    return data.test_images[:6].astype(np.float32) / 255.0, [int(label) for label in data.test_labels[:6]]


def shown_panel(qtbot, tiny_model, width=900, height=700, style_sheet=""):
    """A Fool panel of that size, shown, with the tiny model's weights of step 150."""
    panel = FoolPanel()
    if style_sheet:
        panel.setStyleSheet(style_sheet)
    qtbot.addWidget(panel)
    panel.resize(width, height)
    panel.show()
    panel.set_weights(tiny_model.spec, tiny_model.state_dict(), 150)
    return panel


@pytest.fixture
def panel(qtbot, tiny_model):
    return shown_panel(qtbot, tiny_model)


def attack(qtbot, panel, image, label, index, target, way="bim", budget=None):
    panel.use_drawing(False)
    panel.set_test_image(image, label, index)
    panel.way_combo.setCurrentIndex(panel.way_combo.findData(way))
    if budget is not None:
        panel.budget_spin.setValue(budget)
    panel.target_combo.setCurrentIndex(int(target))
    previous = panel.result
    assert panel.request(force=True)
    qtbot.waitUntil(lambda: panel.result is not previous and not panel.busy, timeout=TIMEOUT_MS)
    return panel.result["result"]


def predicted(model, image28) -> int:
    return int(model.predict_proba(np.asarray(image28, np.float32)[None, None])[0].argmax())


@pytest.mark.parametrize("way", ["bim", "pixels"])
def test_the_fooled_input_is_classified_as_the_target_within_the_budget(qtbot, panel, tiny_model, test_images, way):
    images, labels = test_images
    fooled = 0
    for index in range(4):
        target = (labels[index] + 3) % 10
        result = attack(qtbot, panel, images[index], labels[index], index, target, way)
        budget = panel.budget_spin.value()
        assert budget == BUDGET[way]
        assert result.target == target and result.label == predicted(tiny_model, images[index])
        # the budget is respected: no pixel changed by more grey levels than the student allowed
        assert np.abs(np.rint(result.adversarial * LEVELS) - np.rint(images[index] * LEVELS)).max() <= budget
        assert result.linf <= budget / LEVELS + 1e-9
        if result.fooled:
            fooled += 1
            assert predicted(tiny_model, result.adversarial) == target
            assert panel.verdict_label.text().startswith(f"The network now says {target} (")
        else:
            assert panel.verdict_label.text().startswith(f"Could not make it say {target} within ± {budget} levels")
        # the change is shown, signed and amplified, and the numbers say how small it is
        assert panel.views[1][1].image.shape == (28, 28, 3)
        factor = amplification(result)
        assert factor == LEVELS // round(result.linf * LEVELS)
        assert (f"the change ×{factor}" in panel.titles[1].text) == (factor > 1)
        assert f"{result.pixels_changed} of 784 pixels changed" in panel.measures_label.text()
        np.testing.assert_allclose(panel.after_bars.opts["height"], 100 * result.probabilities)
    assert fooled >= 3, f"only {fooled} of 4 test images fooled ({way})"
    if way == "pixels":
        assert result.pixels_changed < 100  # few pixels, each a lot


def test_the_saved_png_gives_cnnviz_predict_raw_the_same_answer(
    qtbot, panel, tiny_model, tiny_model_path, test_images, tmp_path, monkeypatch, capsys
):
    from cnnviz.cli import main

    images, labels = test_images
    result = attack(qtbot, panel, images[0], labels[0], 0, (labels[0] + 1) % 10)
    assert result.fooled and panel.save_button.isEnabled()
    chosen = tmp_path / "fooled"
    asked = []
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (asked.append(a[2]) or str(chosen), ""))
    )
    panel.save_dialog()
    assert [Path(start).name for start in asked] == [f"fooled-{result.label}-as-{result.target}.png"]
    path = tmp_path / "fooled.png"  # ".png" added
    assert path.is_file() and "predict --raw on it says" in panel.source_label.text()
    assert main(["predict", "--model", str(tiny_model_path), "--raw", str(path), "--json"]) == 0
    row = json.loads(capsys.readouterr().out)[0]
    assert row["label"] == result.target == predicted(tiny_model, result.adversarial)
    np.testing.assert_allclose(row["probabilities"], result.probabilities, atol=2e-6)


def test_a_budget_too_small_says_so_and_keeps_within_it(qtbot, panel, test_images):
    images, labels = test_images
    result = attack(qtbot, panel, images[1], labels[1], 1, (labels[1] + 5) % 10, budget=2)
    assert not result.fooled and 0 < result.linf <= 2 / LEVELS + 1e-9
    assert "within ± 2 levels: try a bigger budget" in panel.verdict_label.text()
    result = attack(qtbot, panel, images[1], labels[1], 1, result.label)  # what it says already: nothing to do
    assert result.steps == 0 and result.pixels_changed == 0
    assert panel.verdict_label.text().startswith(f"It already says {result.label} (")


def test_a_file_that_cannot_be_written_is_a_message(qtbot, panel, test_images, tmp_path):
    images, labels = test_images
    attack(qtbot, panel, images[0], labels[0], 0, (labels[0] + 1) % 10)
    assert not panel.save_to(str(tmp_path))  # a folder
    assert panel.source_label.text().startswith("Could not save the fooling image: ")
    assert not panel.save_to(str(tmp_path / "missing" / "fooled.png"))
    assert panel.result is not None and panel.save_button.isEnabled()  # still there to save elsewhere


def test_new_weights_start_no_attack_but_a_changed_target_does(qtbot, panel, tiny_model, test_images):
    images, labels = test_images
    first = attack(qtbot, panel, images[2], labels[2], 2, (labels[2] + 1) % 10)
    shown = panel.result
    panel.set_weights(tiny_model.spec, tiny_model.state_dict(), 151)
    QApplication.processEvents()  # whatever it queued has run
    # nothing started and nothing scheduled (the first weights start the pause before an attack)
    assert panel.result is shown and not panel.busy and not panel.pause.isActive()
    assert "step 151" in panel.attack_button.text()
    panel.target_combo.setCurrentIndex((first.target + 1) % 10)  # seen: attacks
    qtbot.waitUntil(lambda: panel.result is not shown and not panel.busy, timeout=TIMEOUT_MS)
    assert panel.result["result"].target == (first.target + 1) % 10 and panel.result["step"] == 151
    assert panel.attack_button.text() == "Attack"


def test_forget_clears_what_was_shown(qtbot, panel, test_images):
    images, labels = test_images
    attack(qtbot, panel, images[0], labels[0], 0, (labels[0] + 1) % 10)
    panel.forget()
    assert panel.result is None and panel.model_source is None and not panel.save_button.isEnabled()
    assert all(item.image is None for _view, item in panel.views)
    assert panel.verdict_label.text() == "" and panel.measures_label.text() == ""
    assert not panel.request(force=True)  # the old weights are gone too
    assert "no weights" in panel.source_label.text()


def test_no_weights_an_empty_drawing_or_a_failing_attack_is_a_message(qtbot, tiny_model, test_images):
    images, labels = test_images
    panel = FoolPanel()
    qtbot.addWidget(panel)
    panel.show()
    panel.set_test_image(images[0], labels[0], 0)
    assert not panel.request(force=True) and "no weights" in panel.source_label.text()
    panel.set_weights(tiny_model.spec, tiny_model.state_dict(), 150)
    panel.use_drawing(True)
    panel.set_drawing(np.zeros((28, 28), np.float32))
    assert not panel.request(force=True) and "draw a digit" in panel.source_label.text()
    assert panel.result is None and panel.job is None
    # Weights that do not fit the network: the background job fails, the panel says why.
    broken = {name: value[..., :1] for name, value in tiny_model.state_dict().items()}
    panel.set_weights(tiny_model.spec, broken, 151)
    panel.use_drawing(False)
    assert panel.request(force=True)
    qtbot.waitUntil(lambda: not panel.busy, timeout=TIMEOUT_MS)
    assert panel.source_label.text().startswith("Could not attack: ") and panel.result is None
    assert not panel.save_button.isEnabled()
    assert not panel.save_to("never.png") and "attack first" in panel.source_label.text()


def test_the_window_wires_the_tab_to_the_weights_and_the_test_image(qtbot, window):
    panel = window.panels.fool
    assert panel.result is None and window.workspace.tab_visible("fool")
    window.show_tab("fool")
    qtbot.waitUntil(lambda: panel.result is not None and not panel.busy, timeout=TIMEOUT_MS)
    assert panel.result["what"].kind == "test"
    window.runs.start_over()  # new weights: what was shown fooled the old ones
    assert panel.result is None and panel.views[0][1].image is None


@pytest.mark.parametrize("code", ["de", "en"])
def test_at_125_percent_on_a_laptop_the_pictures_are_readable_and_no_bars_are_cut(
    qtbot, in_language, tiny_model, test_images, code, tmp_path
):
    """The Fool tab at 125 % on a 1280x720 laptop (the panel 561x592 between the sidebar and the Draw panel):
    its pictures were 23 px in German and its bars, titled "vorher: 7 (26 %)", 225 px of plot in 176. What
    ``cnnviz gui --check-layout`` measures, on the panel alone."""
    from cnnviz.gui import theme
    from cnnviz.gui.devtools.fit import settle_layout
    from cnnviz.gui.devtools.fit_plots import cut_in, small_pictures_in

    theme.apply(QApplication.instance())  # (as the window: its style, and its type at 125 %)
    theme.set_zoom(1.25)  # (the autouse fixture puts 100 % back)
    in_language(code)
    panel = shown_panel(qtbot, tiny_model, 561, 592, theme.zoom_style_sheet())
    images, labels = test_images
    attack(qtbot, panel, images[0], labels[0], 0, (labels[0] + 3) % 10)
    settle_layout(panel)
    assert (cut_in(panel), small_pictures_in(panel)) == ([], [])
    assert panel.before_plot.getViewBox().height() >= theme.zoomed_px(50) - 0.5  # (classify_bars.MIN_BARS_PX)
    # the panel still says what it attacked: in its header where the source line gave the pictures its height
    said = panel.hint_label.text() if panel.short else panel.source_label.text()
    assert said.startswith("Testbild #0" if code == "de" else "Test image #0")
    # Shorter still (presenter mode beside a kept run): a message is said whole, not cut in the header's hint.
    panel.resize(561, 500)
    settle_layout(panel)
    assert panel.short and cut_in(panel) == []
    path = str(tmp_path / "ein-recht-langer-dateiname-fuer-die-klasse.png")
    assert panel.save_to(path)
    settle_layout(panel)
    message = panel.source_label.text()
    assert path in message and ("gespeichert" if code == "de" else "Saved") in message
    shown = [QLabel.text(label) for label in panel.findChildren(QLabel) if label.isVisible()]  # (what is drawn)
    assert any(message in text for text in shown), shown
    assert panel.verdict_text in panel.verdict_label.text(), "the verdict stays"


@pytest.mark.parametrize("width", [752, 840])
def test_in_presenter_type_the_titled_bars_are_as_wide_as_they_need(qtbot, in_language, tiny_model, test_images, width):
    """German presenter mode at 1280x720: the bars titled "nachher: 8 (20 %)" were 246 px of plot in 240. Their
    width was measured at the normal type while presenter mode draws the titles larger, and the title was counted
    over the percentage axis, where it does not stand. A new answer set the title back to the normal size too."""
    from cnnviz.gui import presenter
    from cnnviz.gui.devtools.fit import settle_layout
    from cnnviz.gui.devtools.fit_plots import cut_in

    in_language("de")
    panel = shown_panel(qtbot, tiny_model, width, 560)  # (the row of three narrow, as at 1280x720; or wide enough)
    presenter._style_items(panel, True)
    images, labels = test_images
    for target in (3, 5):
        attack(qtbot, panel, images[0], labels[0], 0, (labels[0] + target) % 10)
        presenter._style_items(panel, True)  # (as a tab switch in presenter mode does)
        settle_layout(panel)
        assert panel.narrow == (width < 800)
        assert cut_in(panel) == []
    size = panel.after_plot.titleLabel.opts["size"]
    attack(qtbot, panel, images[1], labels[1], 1, (labels[1] + 4) % 10)
    assert panel.after_plot.titleLabel.opts["size"] == size, "a new answer kept the mode's type"


@pytest.mark.parametrize("code", ["de", "zh_CN"])
def test_bars_restyled_for_presenter_mode_after_their_answer_are_measured_again(
    qtbot, in_language, tiny_model, test_images, code
):
    """CI, Chinese presenter mode at 1024x768: the bars were 193 px of plot in 168. The answer had been arranged
    in the normal type; presenter mode's type came after (its styling runs on a tab switch) and changed no
    picture's size, so nothing measured the bars again. Their larger title and axis numbers now do."""
    from cnnviz.gui import presenter
    from cnnviz.gui.devtools.fit import settle_layout
    from cnnviz.gui.devtools.fit_plots import cut_in

    in_language(code)
    panel = shown_panel(qtbot, tiny_model, 752, 560)
    images, labels = test_images
    attack(qtbot, panel, images[0], labels[0], 0, (labels[0] + 3) % 10)
    settle_layout(panel)
    assert cut_in(panel) == []
    for on in (True, False):  # (the tab shown in presenter mode and back: no size of the panel changes)
        presenter._style_items(panel, on)
        assert settle_layout(panel), "arranged once, not again and again"
        assert cut_in(panel) == []

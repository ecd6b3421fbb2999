"""No English glued into translated sentences (issue 23): the input a panel works on, what it waits for, who
drew a drawing and the attack's ways are said in whole sentences of the window's language, and the
screen reader hears a Chinese "not sure" once."""

import re

import numpy as np
from PySide6.QtWidgets import QApplication

from cnnviz.classroom.drawings import DrawingStore
from cnnviz.gui.canvas import demo_not_digit_strokes
from cnnviz.gui.panels.drawings import DrawingsPanel
from cnnviz.gui.panels.filters import FiltersPanel
from cnnviz.gui.panels.fool import FoolPanel
from cnnviz.gui.panels.map import MapPanel
from cnnviz.gui.panels.why import WhyPanel

TIMEOUT_MS = 60_000
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")
"""Three Latin letters in a row: an English word (the CJK texts here hold no identifier that long)."""


def a_digit() -> np.ndarray:
    image = np.zeros((28, 28), np.float32)
    image[5:23, 12:16] = 1.0  # a "1"
    return image


def test_a_japanese_why_panel_says_its_input_in_japanese(in_language, qtbot, tiny_model):
    in_language("ja")
    panel = WhyPanel()
    qtbot.addWidget(panel)
    panel.use_drawing(False)
    panel.set_test_image(a_digit(), 7, 12)
    assert not panel.request()
    assert (
        panel.source_label.text()
        == "まだ説明するものがありません：重みがありません（学習を始めるか、モデルを読み込んでください）。"
    )
    panel.set_weights(tiny_model.spec, tiny_model.state_dict(), 150)
    panel.use_drawing(True)
    assert not panel.request()
    assert panel.source_label.text() == "まだ説明するものがありません：まず描画キャンバスに数字を書いてください。"
    panel.use_drawing(False)
    assert panel.request(force=True)
    assert panel.source_label.text() == "ステップ 150 の重みでテスト画像 #12（正解 7）を説明中…"
    qtbot.waitUntil(lambda: panel.result is not None and not panel.busy, timeout=TIMEOUT_MS)
    text = panel.source_label.text()
    assert text.startswith("テスト画像 #12（正解 7）：ネットワークの答えは <b>"), text
    assert ENGLISH_WORD.search(re.sub(r"</?b>", "", text)) is None, text
    assert [ENGLISH_WORD.search(re.sub(r"</?b>", "", t.text)) for t in panel.titles] == [None] * 3


def test_a_japanese_fool_panel_says_its_input_ways_budget_and_verdict_in_japanese(in_language, qtbot, tiny_model):
    in_language("ja")
    panel = FoolPanel()
    qtbot.addWidget(panel)
    panel.use_drawing(True)
    assert not panel.request()
    assert (
        panel.source_label.text()
        == "まだ攻撃するものがありません：重みがありません（学習を始めるか、モデルを読み込んでください）。"
    )
    panel.set_weights(tiny_model.spec, tiny_model.state_dict(), 150)
    assert not panel.request()
    assert panel.source_label.text() == "まだ攻撃するものがありません：まず描画キャンバスに数字を書いてください。"
    assert [panel.way_combo.itemText(i) for i in range(panel.way_combo.count())] == ["全体に少し", "最少のピクセル"]
    assert [panel.way_combo.itemData(i) for i in range(panel.way_combo.count())] == ["bim", "pixels"]
    assert panel.budget_spin.suffix() == " / 255 階調"
    panel.use_drawing(False)
    panel.set_test_image(a_digit(), 1, 12)
    assert panel.request(force=True)
    assert panel.source_label.text() == "ステップ 150 の重みでテスト画像 #12（正解 1）を攻撃中…"
    qtbot.waitUntil(lambda: panel.result is not None and not panel.busy, timeout=TIMEOUT_MS)
    assert panel.source_label.text() == "テスト画像 #12（正解 1） · ステップ 150 の重み"
    for text in (panel.verdict_label.text(), panel.measures_label.text(), *(t.text for t in panel.titles)):
        assert ENGLISH_WORD.search(re.sub(r"</?b>|<br>", "", text)) is None, text
    assert (panel.result["what"].kind, panel.result["what"].index, panel.result["what"].label) == ("test", 12, 1)


def test_a_german_map_and_filters_panel_say_what_they_wait_for_in_german(in_language, qtbot):
    in_language("de")
    panel = MapPanel()
    qtbot.addWidget(panel)
    assert not panel.request()
    assert panel.source_label.text() == "Noch nichts für die Karte: warte auf die Testbilder."
    filters = FiltersPanel()
    qtbot.addWidget(filters)
    assert filters.caption.text().startswith("Jeder Filter: die 9 der ersten ")
    assert filters.caption.text().endswith("Klicke eines an, um es größer zu sehen.")


def test_a_german_drawing_says_who_drew_it_in_a_german_sentence(in_language, qtbot, tmp_path):
    in_language("de")
    store = DrawingStore(tmp_path)
    store.add(a_digit(), 1)
    store.add(a_digit(), 7, student="Grace")
    panel = DrawingsPanel(store)
    qtbot.addWidget(panel)
    qtbot.waitUntil(lambda: not panel.loading and len(panel.labels) == 2, timeout=20_000)
    panel.draw()
    tips = sorted(re.sub("<[^>]+>", "", panel.gallery.item(i).toolTip()) for i in range(panel.gallery.count()))
    assert tips == ["beschriftet als 1", "beschriftet als 7, gezeichnet von Grace"], tips


def test_a_chinese_not_sure_is_said_once_to_the_screen_reader(in_language, qtbot, make_window, tiny_model_path):
    in_language("zh_CN")
    window = make_window()
    classify = window.panels.classify
    job = window.checkpoints.load(str(tiny_model_path))
    qtbot.waitUntil(lambda: not job.running, timeout=30_000)
    qtbot.waitUntil(lambda: classify.not_sure.calibration is not None, timeout=30_000)
    classify.canvas.draw_strokes(demo_not_digit_strokes("hash"))
    window.pad.classify()
    QApplication.processEvents()
    assert classify.verdict_label.isVisibleTo(classify)
    assert classify.verdict_label.text().count("没把握") == 1
    description = classify.accessibleDescription()
    assert description.startswith("没把握，") and description.count("没把握") == 1, description
    assert "更不像数字" in description


def test_the_german_save_question_is_one_sentence_whatever_it_asks_before(in_language):
    """A tester read "Vorher speichern (Schließen)?" at quit: the action was glued in brackets, and "closing" was a
    noun among infinitives. Each action ("closing", a lesson, a new run, a file) now ends one German sentence."""
    from cnnviz.gui.language import tr

    in_language("de")
    actions = {
        tr("closing"): "schließen",
        tr("close the lesson"): "die Lektion schließen",
        tr("you {action}").format(action=tr("start a new run")): "einen neuen Lauf starten",
        tr("loading {name}").format(name="a.npz"): "a.npz laden",
    }
    for what, ending in actions.items():
        question = tr("{describe_unsaved}\nSave it before {what}?").format(describe_unsaved="", what=what)
        assert question == f"\nZuerst speichern, dann {ending}?"

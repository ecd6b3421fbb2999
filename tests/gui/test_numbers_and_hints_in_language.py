"""In German and Chinese the placeholders and hints of Statistics, Time per layer and the Map are in the
language, and German groups thousands the German way ("60.000", Qt's locale)."""

import pytest

from cnnviz.gui import language
from cnnviz.gui.run_control import data_note


def test_german_groups_thousands_with_a_point(qtbot, in_language):
    in_language("de")
    note = data_note(200, 60_000, 2_000, 10_000)
    assert "60.000" in note and "2.000" in note and "10.000" in note and "60,000" not in note
    assert f"{language.grouped(1_234_567):,}" == "1.234.567"
    in_language("zh_CN")
    assert "60,000" in data_note(200, 60_000)


def test_the_english_format_is_unchanged(qtbot):
    assert f"{language.grouped(60_000):,}" == "60,000" and f"{language.grouped(7):>3}" == "  7"


@pytest.mark.parametrize("code", ["de", "zh_CN"])
def test_statistics_timings_and_map_hints_are_translated(qtbot, in_language, code):
    from cnnviz.gui.panels.map import EXPLANATION, MapPanel
    from cnnviz.gui.panels.map_picked import POINT_AT_A_DOT
    from cnnviz.gui.panels.statistics import StatisticsPanel
    from cnnviz.gui.panels.timings import TimingsPanel

    in_language(code)
    stats, timings, embedding = StatisticsPanel(), TimingsPanel(), MapPanel()
    for panel in (stats, timings, embedding):
        qtbot.addWidget(panel)
    shown = {
        "statistics": stats.hint_box.text(),
        "timings": timings.placeholder.toPlainText(),
        "map": embedding.explain_label.text(),
        "map point": embedding.picked_label.text(),
    }
    english = {
        "statistics": "Statistics arrive every few steps",
        "timings": "Per-layer forward and backward",
        "map": EXPLANATION[:30],
        "map point": POINT_AT_A_DOT[:12],
    }
    for where, text in shown.items():
        assert text and english[where] not in text, (where, text)

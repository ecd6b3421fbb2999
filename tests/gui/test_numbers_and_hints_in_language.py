"""In German and Chinese the placeholders and hints of Statistics, Time per layer and the Map are in the
language, and German groups thousands the German way ("60.000", Qt's locale) and writes decimals with a comma
("88,8 %")."""

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


def test_the_table_of_marks_agrees_with_qts_locale():
    """The report and the phone page (no Qt) write numbers from a table; the window from QLocale."""
    from cnnviz import number_format

    for code in language.LANGUAGES:
        assert language.number_style(code) == number_format.STYLES[code], code


def test_german_decimals_and_percentages_in_the_window(qtbot, in_language):
    from cnnviz.gui.presenter import accuracy_figure

    in_language("de")
    assert accuracy_figure(0.888) == "88,8\u00a0%" and f"{language.number(0.01):g}" == "0,01"
    assert language.percent(0.5, 0) == "50\u00a0%"
    in_language("ja")
    assert accuracy_figure(0.888) == "88.8%"


@pytest.mark.parametrize("code", ["en", "de"])
def test_the_learning_rate_box_takes_either_decimal_mark(qtbot, in_language, code):
    """A German teacher types "0,01", a lesson sheet says "0.01": both are one hundredth, in either language."""
    from cnnviz.gui.decimal_spin import DecimalSpinBox

    in_language(code)
    box = DecimalSpinBox()
    qtbot.addWidget(box)
    box.setDecimals(5)
    box.setRange(1e-5, 1.0)
    box.setValue(0.01)
    assert box.text() == ("0,01000" if code == "de" else "0.01000")
    for typed, value in (("0,05", 0.05), ("0.07", 0.07), ("1", 1.0), ("abc", 1.0)):
        box.lineEdit().setText(typed)
        box.interpretText()
        assert box.value() == pytest.approx(value), typed


@pytest.mark.parametrize(
    ("code", "shown"),
    [
        ("en", ("ETA 2 h 05 min", "ETA 23 min 36 s", "ETA 9 s")),
        ("de", ("Rest 2 Std. 05 Min.", "Rest 23 Min. 36 s", "Rest 9 s")),
        ("ja", ("残り 2 時間 05 分", "残り 23 分 36 秒", "残り 9 秒")),
        ("zh_CN", ("剩余 2 小时 05 分", "剩余 23 分 36 秒", "剩余 9 秒")),
    ],
)
def test_the_time_left_is_in_the_languages_units(qtbot, in_language, code, shown):
    """The ETA read "23 min 36 s" in every language: the units were English in an f-string."""
    from PySide6.QtWidgets import QStatusBar

    from cnnviz.gui.router import time_left
    from cnnviz.gui.status import StatusFields

    in_language(code)
    bar = QStatusBar()
    qtbot.addWidget(bar)
    fields = StatusFields(bar)
    for seconds, text in zip((2 * 3600 + 5 * 60 + 7, 23 * 60 + 36, 9), shown):
        fields.show(eta=time_left(seconds))
        assert fields.labels["eta"].text() == text
    assert fields.text("eta") == "ETA 9 s"  # (the field's English, as the tests and the log read it)
    fields.show(eta=time_left(None))
    assert fields.labels["eta"].text() == shown[0].split()[0] + " –"

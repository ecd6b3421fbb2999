"""The GUI in German, Japanese and Simplified Chinese: complete catalogues that keep their placeholders,
a translator that reads the .ts files as they are, the language choice, CJK glyphs, and the fit at 1024x768."""

import json
import re

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QApplication, QWidget
from test_fit import at_screen, describe, fill, pictures_beside_a_kept_run

from cnnviz.gui import language, theme, zoom
from cnnviz.gui import translation_sources as ts
from cnnviz.gui.ts_catalogue import CatalogueError, read_catalogue

CODES = ts.LANGUAGE_CODES


@pytest.fixture
def in_language(qapp):
    """Install a language for one test; English (and the Latin UI font) again afterwards."""

    def use(code: str) -> None:
        assert language.install(qapp, code) is None

    yield use
    language.install(qapp, language.ENGLISH)


def test_every_string_of_the_code_and_the_lessons_is_translated_in_every_catalogue():
    strings = ts.all_strings()
    assert len(strings) > 200, "the scan finds the GUI's tr() and N_() strings"
    assert "&File" in strings and "Training" in strings and "Loss curve" in strings  # gui, registry, analysis
    assert "Learning rate too high" in strings, "the bundled lessons' titles, descriptions and steps"
    for code in CODES:
        have = ts.read(ts.catalogue_file(code))
        missing = [s for s in strings if s not in have]
        unfinished = [s for s in strings if s in have and not have[s]]
        assert not missing, f"{code}: not in the catalogue (run tools/update_translations.py): {missing[:5]}"
        assert not unfinished, f"{code}: unfinished: {unfinished[:5]}"


def test_the_scan_reads_n_through_its_module_too(tmp_path):
    """``translatable.N_("All files")`` was not read: tools/update_translations.py marked "All files" and "PNG image"
    vanished in every catalogue (session 46, CI), and the file dialogs said them in English. A Qt object's own
    ``.tr()`` is not ours (another context): not read."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "m.py").write_text('A = translatable.N_("All files")\nB = N_("PNG image")\nC = self.tr("Qt own")\n')
    assert list(ts.code_strings(package)) == ["All files", "PNG image"]
    assert "All files" in ts.all_strings() and "PNG image" in ts.all_strings()


@pytest.mark.parametrize("code", CODES)
def test_translations_keep_placeholders_shortcut_marks_and_key_columns(code):
    broken = {
        source: ts.problems(source, text)
        for source, text in ts.read(ts.catalogue_file(code)).items()
        if text and ts.problems(source, text)
    }
    assert broken == {}


def test_the_placeholder_check_catches_what_breaks_a_string():
    assert ts.problems("Zoom {level} %", "Zoom {Stufe} %")  # .format(level=...) would raise KeyError
    assert ts.problems("&File", "Datei")  # the menu lost its Alt key
    assert ts.problems("&File", "&Da&tei")
    assert not ts.problems("&File", "ファイル(&F)")
    assert not ts.problems("Save && quit", "Speichern und beenden")  # '&&' is a literal ampersand


def test_a_new_string_is_merged_as_unfinished_and_a_removed_one_kept_as_vanished(tmp_path):
    path = tmp_path / "cnnviz_de.ts"
    assert ts.merge("de", {"Old": ["x.py:1"], "Kept": ["x.py:2"]}, path, {"Old": "Alt", "Kept": "Behalten"})
    counts = ts.merge("de", {"Kept": ["x.py:2"], "New": ["x.py:3"]}, path)
    assert counts == {"added": 1, "vanished": 1, "unfinished": 1}
    assert ts.read(path) == {"Kept": "Behalten", "New": None}
    assert read_catalogue(path) == {("cnnviz", "Kept", ""): "Behalten"}  # unfinished and vanished: English shows
    ts.merge("de", {"Old": ["x.py:1"]}, path)
    assert ts.read(path) == {"Old": "Alt"}, "a string back in the code gets its old translation back"


def test_a_catalogue_that_is_not_one_is_refused(tmp_path):
    bomb = tmp_path / "bomb.ts"
    bomb.write_text('<?xml version="1.0"?><!DOCTYPE TS [<!ENTITY a "aaaa">]><TS>&a;</TS>')
    with pytest.raises(CatalogueError, match="entities"):
        read_catalogue(bomb)
    (tmp_path / "html.ts").write_text("<html></html>")
    with pytest.raises(CatalogueError, match="Qt Linguist"):
        read_catalogue(tmp_path / "html.ts")


def test_the_translator_answers_from_the_ts_file_and_falls_back_to_english(in_language):
    in_language("de")
    assert language.current() == "de"
    assert language.tr("&File") == "&Datei"
    assert language.tr("Zoom {level}%").format(level=125) == "Zoom 125\u00a0%"
    assert language.tr("a string nobody translated") == "a string nobody translated"
    in_language("zh_CN")
    assert QCoreApplication.translate("cnnviz", "Learning rate") == "学习率"
    in_language("en")
    assert language.tr("&File") == "&File" and language.current() == "en"


def test_the_window_shows_the_language_installed(in_language, make_window):
    in_language("de")
    window = make_window()
    menus = [action.text() for action in window.menuBar().actions()]
    assert menus == ["&Datei", "&Ansicht", "&Lektionen", "&Hilfe"]
    assert window.controls.start_button.text() == "▶  Start" and window.controls.step_button.text() == "Schritt"
    assert window.controls.lr_label.text() == "Lernrate"
    tabs = window.workspace.tabs
    assert tabs.tabText(0) == "Lernen"
    assert window.panels.classify.title_label.text() == "Zeichnen und erkennen"
    window.status.show(test="test accuracy 97.3%", rate="1,234 images/s", step="step 12000")
    assert window.status.labels["test"].text() == "Testgenauigkeit 97,3\u00a0%", "German decimals: a comma, a space"
    assert window.status.labels["rate"].text() == "1.234 Bilder/s", "German groups thousands with a point"
    assert window.status.labels["step"].text() == "Schritt 12.000"
    assert window.status.text("test") == "test accuracy 97.3%", "the app's own record of the field stays English"
    assert window.menus.language_actions["de"].isChecked()


def test_choosing_a_language_is_stored_beside_the_zoom_and_said_in_that_language(window):
    zoom.save(125)
    window.choose_language("ja")
    assert language.load() == "ja"
    assert zoom.load() == 125, "the zoom level is kept"
    assert window.banner.isVisible() and window.banner.label.text() == language.RESTART_NOTES["ja"][0]
    assert window.menus.language_actions["en"].isChecked(), "the tick stays on the language shown until the restart"


def test_the_stored_choice_is_read_safely():
    path = zoom.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    for stored, expected in (
        (["de"], None),
        ({"language": "xx"}, None),
        ({"language": "de"}, "de"),
        ({"language": 3}, None),
    ):
        path.write_text(json.dumps(stored))
        assert language.load() == expected
    path.write_text("{not json")
    assert language.load() is None


def test_locale_names_map_to_the_catalogues():
    assert language.valid("de_AT") == "de" and language.valid("de-CH") == "de"
    assert language.valid("ja_JP") == "ja"
    assert language.valid("zh_CN") == language.valid("zh") == language.valid("zh_SG") == "zh_CN"
    assert language.valid("zh_TW") is None, "Traditional Chinese readers are not shown Simplified characters"
    assert language.valid("fr_FR") is None and language.valid(None) is None


def test_the_command_line_takes_a_language_and_refuses_an_unknown_one():
    import argparse

    from cnnviz.gui.launch import add_arguments

    parser = add_arguments(argparse.ArgumentParser(exit_on_error=False))
    assert parser.parse_args(["--language", "de-DE"]).language == "de"
    with pytest.raises(argparse.ArgumentError, match="de, ja, zh_CN"):
        parser.parse_args(["--language", "klingon"])


@pytest.mark.parametrize("code", ["ja", "zh_CN"])
def test_the_font_chosen_for_cjk_has_every_character_of_its_catalogue(in_language, code):
    family = language.script_family(code)
    if family is None:
        pytest.skip(f"no {code} font installed (Debian/Ubuntu: apt install {language.CJK_PACKAGE})")
    in_language(code)
    font = QApplication.font()
    assert family in font.families(), "the application's font names the CJK font after the UI font"
    text = "".join(ts.read(ts.catalogue_file(code)).values())
    needed = sorted({ch for ch in text if ord(ch) > 0x2E7F})  # CJK symbols, kana, ideographs, full-width forms
    assert len(needed) > 100
    assert lacking(family, needed) == [], f"{family} lacks {''.join(lacking(family, needed))}"
    latin = theme.ui_family()
    if latin != family:
        assert lacking(latin, needed), "the check tells a font without these glyphs (no fallback font merged in)"


def lacking(family: str, characters) -> list[str]:
    """The characters ``family`` itself has no glyph for (Qt's fallback to other fonts switched off).
    (QRawFont.supportsCharacter missed common kanji of Noto Sans CJK JP: the font metrics ask the font.)"""
    font = QFont(family, 11)
    font.setStyleStrategy(QFont.NoFontMerging)
    metrics = QFontMetrics(font)
    return [ch for ch in characters if not metrics.inFontUcs4(ord(ch))]


ENGLISH_DECIMAL = re.compile(r"(?<![\d.])(?![1-9]\d{0,2}(?:\.\d{3})+(?![\d.]))\d+\.\d+(?![\d.])")
"""A number with Python's decimal point ("88.8", "0.01"), not a version or an address ("6.7.2", "10.0.0.1"),
nor German thousands ("2.000", "9.226")."""


def english_decimals(window, plots: bool = True) -> list[str]:
    """The texts the window shows (labels, buttons, tabs, the plots' tick numbers and texts) that write a
    number with an English decimal point: in German, "88,8 %" and "0,01" are how a reader writes them.
    ``plots``: the plots' tick numbers too (a few milliseconds per plot)."""
    import pyqtgraph as pg
    from PySide6.QtWidgets import QAbstractButton, QGraphicsView, QLabel, QTabBar

    texts = []
    for widget in window.findChildren(QWidget):
        if isinstance(widget, (QLabel, QAbstractButton)):
            texts.append(f"{type(widget).__name__}: {widget.text()}")
        elif isinstance(widget, QTabBar):
            texts.extend(f"tab: {widget.tabText(i)}" for i in range(widget.count()))
        elif plots and isinstance(widget, QGraphicsView) and widget.scene() is not None:
            where = f"{type(widget).__name__} {widget.accessibleName()}: "
            for item in widget.scene().items():
                if isinstance(item, pg.AxisItem) and item.isVisible() and item.style.get("showValues", True):
                    low, high = item.range
                    size = item.width() if item.orientation in ("top", "bottom") else item.height()
                    given = getattr(item, "_tickLevels", None)  # (setTicks': pyqtgraph has no getter)
                    if given is not None:
                        strings = [text for level in given for _value, text in level]
                    elif size > 0:
                        strings = [
                            text
                            for spacing, values in item.tickValues(low, high, size)
                            for text in item.tickStrings(values, item.autoSIPrefixScale * item.scale, spacing)
                        ]
                    texts.extend(f"{where}{item.orientation} axis: {t}" for t in strings if given or size > 0)
                elif isinstance(item, pg.TextItem):
                    texts.append(where + item.toPlainText())
                elif isinstance(item, pg.LabelItem):
                    texts.append(where + item.text)
    return sorted({t for t in texts if t and ENGLISH_DECIMAL.search(t.replace("&nbsp;", " "))})


@pytest.mark.parametrize("code", CODES)
def test_every_view_and_every_lesson_view_fit_1024x768_in_every_language(qtbot, in_language, make_window, code):
    """German runs long and CJK tab titles measure differently: normal and presenter mode, every tab; Why? and Fool
    in presenter mode beside a kept run at 1024x768 and 1280x720; then each
    bundled lesson, its text in the language, in its suggested view (as test_presenter does in English). One
    window per language (a window takes its language when it is made), filled again after each lesson."""
    from cnnviz.classroom.lessons import bundled_lessons
    from cnnviz.gui.devtools import fit

    in_language(code)
    window = make_window()
    window.set_full_screen = lambda on: None  # offscreen: no window manager to go full screen with
    fill(window)
    at_screen(window, qtbot, (1024, 768))
    found = fit.check_every_view(window)
    assert window.width() == 1024, "nothing forced the window wider than the screen"
    if code == "de":  # (issue 31: numbers the language's way; the walk has filled every view)
        found_english = english_decimals(window)
        assert not found_english, "German writes 88,8 % and 0,01:\n" + "\n".join(found_english)
    found.update(pictures_beside_a_kept_run(window, qtbot))
    window.comparison.stop()
    for preset in bundled_lessons():
        window.lessons.apply(preset, ask=False)
        assert window.lessons.strip.title_label.text() != f"Lesson: {preset.title}", "the lesson is translated"
        fill(window)
        at_screen(window, qtbot, (1024, 768))
        window.lessons.use_lesson_view(True, full_screen=False)
        fit.settle_layout(window)
        found.update(fit.check_this_view(window, name=preset.title))
        if code == "de":
            found_english = english_decimals(window.lessons.strip, plots=False)  # (its texts; the plots: above)
            assert not found_english, f"{preset.title}:\n" + "\n".join(found_english)
        if window.width() != 1024:  # (offscreen, a window wider than the screen has all of it inside)
            found[f"{preset.title}/window"] = [f"the window is {window.width()} px wide, wider than the screen"]
        window.lessons.use_lesson_view(False, full_screen=False)
        fit.settle_layout(window)
    assert found == {}, describe(found)


def test_the_update_buttons_group_the_step_as_the_language_does(qtbot, in_language):
    """The Map's and Why?'s "Update (step N)" grouped N as the text beside it does ("Karte bei Schritt
    1.134" beside "Aktualisieren (Schritt 1234)"): German "1.234", Japanese "1,234"."""
    from types import SimpleNamespace

    from cnnviz.gui.panels.map import MapPanel
    from cnnviz.gui.panels.why import WhyPanel

    for code, expected in (("de", "Aktualisieren (Schritt 12.345)"), ("ja", "更新（ステップ 12,345）")):
        in_language(code)
        for panel in (MapPanel(), WhyPanel()):
            qtbot.addWidget(panel)  # (never shown: nothing is computed)
            panel.set_weights("tiny", {}, 1)
            panel.result = SimpleNamespace(step=1) if isinstance(panel, MapPanel) else {"step": 1}
            panel.set_weights("tiny", {}, 12345)
            assert panel.update_button.text() == expected, (code, type(panel).__name__)


def test_picture_captions_wrap_within_a_narrow_panel(qtbot, in_language):
    """Why? and Fool at 125 % in German (a 1280x720 laptop): their three captions side by side, each on its own
    lines as wide as pyqtgraph makes its minimum, ran the row past the panel and the third picture was cut
    off. A caption wider than its column's share now wraps between words."""
    from cnnviz.gui.devtools.fit import settle_layout
    from cnnviz.gui.panels.fool import FoolPanel
    from cnnviz.gui.panels.why import WhyPanel

    theme.set_zoom(1.25)  # (the autouse fixture puts 100 % back)
    in_language("de")
    for panel in (WhyPanel(), FoolPanel()):
        qtbot.addWidget(panel)
        panel.resize(560, 480)
        panel.show()
        settle_layout(panel)
        view = panel.graphics
        row = view.mapFromScene(view.centralWidget.sceneBoundingRect()).boundingRect()
        assert row.width() <= view.viewport().width() + 2, (type(panel).__name__, row.width(), view.viewport().width())


def test_curve_legends_side_by_side_stay_within_a_narrow_panel(qtbot, in_language):
    """Side by side, each plot's legend is its title, and pyqtgraph makes a title's one line its plot's minimum
    width: German presenter mode at 1024x768 with the class canvas open ran the accuracy plot past the curves
    panel, its "Test" cut. A title now breaks between its entries where one line is too wide for its share."""
    from cnnviz.gui.devtools.fit import settle_layout
    from cnnviz.gui.panels.curves import CurvesPanel

    in_language("de")
    panel = CurvesPanel()
    qtbot.addWidget(panel)
    panel.resize(480, 260)  # (wide and short: side by side)
    panel.show()
    settle_layout(panel)
    assert panel.side_by_side
    area = panel.graphics.viewport().rect().adjusted(-2, -2, 2, 2)
    for plot in (panel.loss_plot, panel.acc_plot):
        rect = panel.graphics.mapFromScene(plot.sceneBoundingRect()).boundingRect()
        assert area.contains(rect), (plot.getAxis("left").labelText, rect.getRect(), area.getRect())


def test_feature_map_titles_never_push_the_maps_past_the_panel(qtbot, in_language):
    """German at 125 % on a 1280x720 laptop: each layer's title ("conv1 8 Karten 28×28", "pool1 ReLU, pool")
    is its column's least width, and together they made the row wider than the view: pool1's last maps were
    cut at the panel's edge. Titles that do not fit show only the layer's name."""
    from types import SimpleNamespace

    import numpy as np

    from cnnviz.gui.devtools.fit import settle_layout
    from cnnviz.gui.panels.feature_maps import FeatureMapsPanel

    theme.set_zoom(1.25)  # (the autouse fixture puts 100 % back)
    in_language("de")
    panel = FeatureMapsPanel()
    qtbot.addWidget(panel)
    panel.resize(560, 330)
    panel.show()
    rng = np.random.default_rng(0)
    maps = [("conv1", rng.standard_normal((8, 28, 28), np.float32)), ("pool1", rng.random((8, 14, 14), np.float32))]
    panel.show_snapshot(
        SimpleNamespace(
            feature_maps=maps,
            input_image=rng.random((28, 28), np.float32),
            probabilities=np.full(10, 0.1, np.float32),
            input_label=7,
            step=239,
        )
    )
    settle_layout(panel)
    row, view = panel.graphics.ci.geometry().width(), panel.graphics.viewport().width()
    assert row <= view + 1, (row, view, [title.text for _v, _i, title in panel.views.values()])


def test_a_cjk_language_without_its_font_opens_in_english_and_says_why(qapp, monkeypatch):
    """Chinese or Japanese on a machine without a CJK font drew the whole window as empty boxes: the app opens in
    English, and says in English what to install; with a font, the language is shown."""
    try:
        monkeypatch.setattr(language, "script_family", lambda code: None)
        said = language.install_readable(qapp, "zh_CN")
        assert language.current() == "en"
        assert "No font with Chinese characters" in said and language.CJK_PACKAGE in said
        monkeypatch.setattr(language, "script_family", lambda code: "Noto Sans CJK JP")
        assert language.install_readable(qapp, "ja") is None and language.current() == "ja"
        assert language.install_readable(qapp, "de") is None and language.current() == "de"
    finally:
        monkeypatch.undo()
        language.install(qapp, "en")

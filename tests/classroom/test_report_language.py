"""The HTML report in the reader's language: every text of it goes through ``translate`` (the GUI's ``tr``),
none is left English; without one (the CLI) it is the English report; and each of its strings is in the
catalogues."""

import re
from html.parser import HTMLParser

import numpy as np
import pytest
from test_report_export import _evals, _steps, _timings

from cnnviz.classroom import report_inside
from cnnviz.classroom.report import html_report
from cnnviz.gui import translation_sources as ts
from cnnviz.number_format import shown_as

MARK_OPEN, MARK_CLOSE = "⟦", "⟧"


def marking(text: str) -> str:
    """A translation that shows where it was used (placeholders kept)."""
    return f"{MARK_OPEN}{text}{MARK_CLOSE}"


def catalogue(code: str):
    entries = ts.read(ts.catalogue_file(code))
    return lambda text: entries.get(text) or text


class _Text(HTMLParser):
    """Text nodes, alt texts and aria-labels, outside <style>."""

    def __init__(self):
        super().__init__()
        self.parts, self.lang, self._style = [], None, False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self._style = tag == "style"
        if tag == "html":
            self.lang = attrs.get("lang")
        self.parts += [attrs[a] for a in ("alt", "aria-label") if attrs.get(a)]

    def handle_endtag(self, tag):
        self._style = False

    def handle_data(self, data):
        if not self._style and data.strip():
            self.parts.append(data)


def text_of(html: str) -> _Text:
    parser = _Text()
    parser.feed(html)
    return parser


def everything(path, translate=None, language="en"):
    confusion = np.diag([98, 113, 101, 99, 95, 88, 94, 100, 96, 99]).astype(np.int64)
    confusion[4, 9] = 7
    kernels = {
        "conv1": np.random.default_rng(0).standard_normal((8, 1, 5, 5)).astype(np.float32),
        "conv2": np.random.default_rng(1).standard_normal((4, 8, 3, 3)).astype(np.float32),
    }
    compared = {
        "label": "kept",
        "train": np.array([[0.1, 2.0, 0.1], [1.0, 0.5, 0.8]]),
        "evals": np.array([[1.0, 0.4, 0.9]]),
    }
    with shown_as(language):  # (the GUI makes the sections in its language, which is the report's)
        sections = made_sections(translate)
    return html_report(
        path,
        settings={"net": "tiny"},
        steps=_steps(),
        evals=_evals() * 6,
        confusion=confusion,
        kernels=kernels,
        timings=_timings(),
        compared=compared,
        sections=sections,
        translate=translate,
        language=language,
    ).read_text(encoding="utf-8")


def made_sections(translate):
    return [
        report_inside.filters_section(np.zeros((10, 10), np.uint8), "conv1", 1234, translate=translate),
        report_inside.map_section(
            np.random.default_rng(2).random((30, 2)),
            np.arange(30) % 10,
            ["#000000"] * 10,
            0.42,
            99,
            translate=translate,
        ),
        report_inside.fool_section(
            np.zeros((28, 28)),
            np.zeros((28, 28, 3), np.uint8),
            np.zeros((28, 28)),
            "verdict",
            "measures",
            translate=translate,
        ),
        report_inside.not_sure_section("entropy", 0.5, 0.95, 1000, translate=translate),
    ]


def test_every_text_of_the_report_goes_through_translate(tmp_path):
    parsed = text_of(everything(tmp_path / "r.html", translate=marking))
    left = []
    for part in parsed.parts:
        while True:  # translated sentences may hold translated pieces: take the innermost out first
            shorter = re.sub(f"{MARK_OPEN}[^{MARK_OPEN}{MARK_CLOSE}]*{MARK_CLOSE}", " ", part)
            if shorter == part:
                break
            part = shorter
        left += re.findall(r"[A-Za-z]{2,}", part)
    # What is left is data: the run's own names and numbers, given to the report as they are.
    assert set(left) <= {
        "tiny",
        "net",
        "numpy",
        "cuda",
        "conv",
        "dense",
        "kept",
        "verdict",
        "measures",
        "entropy",
        "cnnviz",
    }, sorted(set(left))


def test_a_german_report_has_german_headings_and_says_so(tmp_path):
    html = everything(tmp_path / "de.html", translate=catalogue("de"), language="de")
    parsed = text_of(html)
    text = " ".join(parsed.parts)
    assert parsed.lang == "de"
    for heading in (
        "Zusammenfassung",
        "Lernkurven",
        "Konfusionsmatrix",
        "Gelernte Kernel",
        "Wo die Zeit bleibt",
        "Eine Karte des Gelernten",
        "Das Netz täuschen",
        "Testauswertungen (12 von 18 gezeigt)",
    ):
        assert heading in text
    assert "4 als 9 gelesen (7×)" in text
    for english in ("Summary", "Learning curves", "Confusion matrix", "read as", "training step"):
        assert english not in text
    assert 'lang="zh-CN"' in everything(tmp_path / "zh.html", translate=catalogue("zh_CN"), language="zh_CN")


def test_without_translate_the_report_is_the_english_one(tmp_path):
    """The CLI's report: the same English as before the report could be translated."""
    html = everything(tmp_path / "en.html")
    parsed = text_of(html)
    text = " ".join(parsed.parts)
    assert parsed.lang == "en" and "<title>cnnviz training report</title>" in html
    for sentence in (
        "Final test accuracy",
        "93.75% on 500 images (step 120)",
        "Training loss (last 50 steps)",
        "Test evaluations (12 of 18 shown)",
        "Most frequent mistakes: 4 read as 9 (7×).",
        "Rows: the true digit; columns: what the network answered. 983 of 990 test images correct (99.29%).",
        "conv2: 4 kernels 3×3, input channel 0 of 8",
        "Where the time goes",
        "Median milliseconds per training step (batch of 64).",
        "What each filter of conv1 wants to see",
        '"Not sure"',
        "held-out test images",
        "8 kernels 5×5",
    ):
        assert sentence in text, sentence


REPORT_MODULES = (
    "cnnviz/classroom/report.py",
    "cnnviz/classroom/report_curves.py",
    "cnnviz/classroom/report_inside.py",
)


@pytest.mark.parametrize("code", ts.LANGUAGE_CODES)
def test_every_string_of_the_report_is_in_the_catalogue(code):
    marked = [text for text, where in ts.code_strings().items() if any(w.startswith(REPORT_MODULES) for w in where)]
    assert len(marked) > 60
    entries = ts.read(ts.catalogue_file(code))
    assert [text for text in marked if not entries.get(text)] == []


def test_the_classes_filters_are_a_sentence_of_their_own():
    grid = np.zeros((10, 10), np.uint8)
    assert "<h2>Was jede Klasse sehen will</h2>" in report_inside.filters_section(
        grid, "dense2", 5, catalogue("de"), classes=True
    )
    assert "<h2>What each filter of the classes wants to see</h2>" in report_inside.filters_section(
        grid, "dense2", 5, classes=True
    )


def test_a_german_report_writes_its_numbers_the_german_way(tmp_path):
    """ "88,80 %", "0,4000", "1.234": a German reader's handout; the English one keeps "88.80%"."""
    english_decimal = re.compile(r"(?<![\d.])(?![1-9]\d{0,2}(?:\.\d{3})+(?![\d.]))\d+\.\d+(?![\d.])")
    parts = text_of(everything(tmp_path / "de.html", translate=catalogue("de"), language="de")).parts
    found = [p for p in parts if english_decimal.search(p) and "cnnviz" not in p]  # (not its version)
    assert found == [], found
    assert any(re.search(r"\d,\d+\u00a0%", p) for p in parts), "German percentages: a comma and a space"
    english = text_of(everything(tmp_path / "en.html")).parts
    assert any(re.search(r"\d\.\d+%", p) for p in english) and not any("\u00a0%" in p for p in english)


def test_the_report_s_chart_ticks_are_numbers_of_the_language():
    """The report's step axis read "1e4" and a small loss "5e-3", in a German report beside "0,5"."""
    from cnnviz.classroom.svg import _format

    with shown_as("de"):
        assert [_format(v) for v in (12_000, 0.005, 0.5, 0)] == ["12.000", "0,005", "0,5", "0"]
    with shown_as("en"):
        assert [_format(v) for v in (12_000, 0.0002)] == ["12,000", "0.0002"]

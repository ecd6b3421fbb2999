"""Numbers in the reader's language (issue 31 item 11): German writes "88,8 %" and "0,01", Japanese and
Chinese "88.8%"; Qt-free, for the report and the phone page too."""

import math

import pytest

from cnnviz import number_format as nf
from cnnviz.translatable import N_, Phrase

NBSP = "\u00a0"


@pytest.mark.parametrize(
    ("code", "percent", "decimal", "grouped", "rate"),
    [
        ("en", "88.8%", "0.50", "1,234,567", "0.01"),
        ("de", f"88,8{NBSP}%", "0,50", "1.234.567", "0,01"),
        ("ja", "88.8%", "0.50", "1,234,567", "0.01"),
        ("zh_CN", "88.8%", "0.50", "1,234,567", "0.01"),
    ],
)
def test_each_language_writes_decimals_groups_and_percentages_its_way(code, percent, decimal, grouped, rate):
    assert nf.format_percent(0.888, 1, code) == percent
    assert nf.format_number(0.5, ".2f", code) == decimal
    assert nf.format_number(1_234_567, ",", code) == grouped
    assert nf.format_number(0.01, "g", code) == rate
    assert f"{nf.localized(0.888, code):.1%}" == percent and str(nf.localized(0.01, code)) == rate
    assert nf.relocalize("97.3%", code) == nf.format_percent(0.973, 1, code)
    assert nf.relocalize("1,234.5", code) == nf.format_number(1234.5, ",.1f", code)


def test_mixed_marks_swap_at_once_and_other_specs_and_values_are_kept():
    assert nf.format_number(1234.5, ",.2f", "de") == "1.234,50", "never both marks the same"
    assert f"{nf.localized(7, 'de'):>3}" == "  7" and f"{nf.localized(-0.25, 'de'):+.2f}" == "-0,25"
    assert nf.format_number(1e-5, "g", "de") == "1e-05" and nf.format_number(math.nan, ".1f", "de") == "nan"
    assert nf.format_percent(None) == "–" and nf.format_percent(math.nan, 0, "de") == "–"
    assert nf.localized("numba", "de") == "numba" and nf.localized(True, "de") is True
    assert nf.format_number("x", ".1f", "de") == "x", "bad input never raises"
    assert nf.format_number(3, ".1f", "de") == "3,0" and nf.format_number(2.5, "d", "de") == "2,5"


@pytest.mark.parametrize("text", ["–", "numba", "3 of 5", "1.2.3", "v0.9", ".5", "5.", "", "١٢", "0,05", "1e-05"])
def test_relocalize_keeps_what_is_not_an_english_number(text):
    assert nf.relocalize(text, "de") == text


def test_regional_codes_take_their_language_and_unknown_ones_english():
    assert nf.style("de_AT") == nf.STYLES["de"] and nf.style("zh-Hans") == nf.STYLES["zh_CN"]
    assert nf.style("xx") == nf.STYLES["en"] and nf.style(None) == nf.style()


def test_a_phrase_made_below_the_gui_writes_its_numbers_in_the_shown_language():
    phrase = Phrase(N_("Lower the learning rate (now {lr:g}) and resume."), lr=0.01)
    assert phrase == "Lower the learning rate (now 0.01) and resume.", "the English text (CLI, logs) is kept"
    try:
        nf.show_in("de")
        assert phrase.text(lambda t: t) == "Lower the learning rate (now 0,01) and resume."
        assert str(phrase) == "Lower the learning rate (now 0.01) and resume."
    finally:
        nf.show_in("en")


PERCENT_AFTER = __import__("re").compile(r"(\}|\d)([ \u00a0]?)%(?![}\w])")
"""A percent sign after a number or a placeholder ("97.4 %", "{percent}%"), not a format spec ("{acc:.1%}")."""


def percent_styles(text: str) -> set[str]:
    """How ``text`` writes its percentages: the mark between the number and the sign, as a style's template."""
    return {"{}" + match.group(2) + "%" for match in PERCENT_AFTER.finditer(text)}


def test_every_text_writes_a_percentage_as_its_language_does():
    """One language, one percent style: a dialog said "97.4 %" where the top bar said "97.4%" (English), and the
    catalogues wrote German "97 %" beside "97,3 %" (a no-break space: never the sign alone on a projected line).
    The English sources (the code's and the lessons') and each catalogue's translations are written as
    :data:`~cnnviz.number_format.STYLES` says, the table the helper formats numbers with."""
    from cnnviz.gui import translation_sources as ts

    wrong = [f"en: {s!r}" for s in ts.all_strings() if percent_styles(s) - {nf.STYLES["en"].percent}]
    for code in ("de", "ja", "zh_CN"):
        catalogue = ts.read(ts.catalogue_file(code))
        assert len(catalogue) > 100
        wrong += [f"{code}: {t!r}" for t in catalogue.values() if t and percent_styles(t) - {nf.STYLES[code].percent}]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize(
    ("text", "styles"),
    [
        ("97.4 %", {"{} %"}),
        (f"{{percent}}{NBSP}% sure", {"{}" + NBSP + "%"}),
        ("({percent}%)", {"{}%"}),
        ("fell to {accuracy:.1%}", set()),
        ("Zoom 100%, 25 % larger", {"{}%", "{} %"}),
    ],
)
def test_the_percent_check_reads_each_style(text, styles):
    assert percent_styles(text) == styles

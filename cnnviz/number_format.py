"""Numbers written the way the reader's language writes them: "88,8 %" in German, "88.8%" in English.

Qt-free, because the HTML report (cnnviz.classroom) and the class canvas's phone page (cnnviz.web) show
numbers in a language too and may not import Qt. The GUI builds its :class:`Style` from Qt's ``QLocale``
(:func:`cnnviz.gui.language.install` calls :func:`show_in`); below the GUI the small :data:`STYLES`
table of the four languages we have stands in for it (``babel`` is not a dependency, and Python's
``locale`` module changes the whole process and depends on which locales the system has installed).

A :class:`Localized` number keeps the format specs of the message templates: ``"{acc:.1%}"``,
``"{step:,}"`` and ``"{lr:g}"`` are written in the language's way, so a translated template keeps
its placeholders and only the value passed in changes (``localized(0.888)``).

Only for numbers shown to a person: never for a number a user types, a file stores, the CLI's JSON
or a log line (those stay Python's ``.``).
"""

from __future__ import annotations

import math
import re
from contextlib import contextmanager
from dataclasses import dataclass
from decimal import Decimal
from numbers import Real

NBSP = "\u00a0"


@dataclass(frozen=True)
class Style:
    """How a language writes a number: its decimal mark, its thousands group mark, and a percentage
    (``percent`` holds ``{}`` where the number goes: German puts a no-break space before the sign)."""

    decimal: str = "."
    group: str = ","
    percent: str = "{}%"


STYLES = {
    "en": Style(".", ",", "{}%"),
    "de": Style(",", ".", "{}" + NBSP + "%"),
    "ja": Style(".", ",", "{}%"),
    "zh_CN": Style(".", ",", "{}%"),
}
"""The four languages of the app (DIN 5008 writes "88,8 %"; Japanese and Chinese write "88.8%")."""

_shown = [STYLES["en"]]


def style(language: str | None = None) -> Style:
    """The style of ``language`` (its base language for a regional code such as ``de_AT``), else the
    style numbers are shown in now (:func:`show_in`); English for a language we do not have."""
    if language is None:
        return _shown[0]
    if language in STYLES:
        return STYLES[language]
    base = str(language).replace("-", "_").split("_")[0]
    if base == "zh":
        return STYLES["zh_CN"]
    return STYLES.get(base, STYLES["en"])


def show_in(chosen: Style | str) -> None:
    """Show numbers made without a language (:func:`localized`, a :class:`Phrase` the GUI translates)
    in ``chosen`` from now on: a :class:`Style` (the GUI's, from QLocale) or a language code."""
    _shown[0] = chosen if isinstance(chosen, Style) else style(chosen)


def format_number(value, spec: str = "", language: str | Style | None = None) -> str:
    """``format(value, spec)`` with the marks of ``language`` (``Style``, code, or the shown one):
    ``format_number(1234.5, ",.1f", "de") == "1.234,5"``; ``format_number(0.888, ".1%", "de") == "88,8 %"``.
    A value that is not a number is formatted as it is (``str``), never an error."""
    chosen = language if isinstance(language, Style) else style(language)
    if isinstance(value, Localized):
        value = value.value
    if isinstance(value, bool) or not isinstance(value, Real):
        try:
            return format(value, spec)
        except (TypeError, ValueError):
            return str(value)
    try:
        text = format(value, spec)
    except (TypeError, ValueError):
        text = format(value)
    percent = spec.endswith("%") and text.endswith("%")
    if percent:
        text = text[:-1]
    text = text.translate({ord("."): chosen.decimal, ord(","): chosen.group})
    return chosen.percent.format(text) if percent else text


def format_percent(fraction, decimals: int = 1, language: str | Style | None = None) -> str:
    """A fraction as a percentage in the language's way: ``format_percent(0.888, 1, "de") == "88,8 %"``;
    "–" for a missing value (None or NaN)."""
    if fraction is None or fraction != fraction:
        return "–"
    return format_number(fraction, f".{max(0, int(decimals))}%", language)


def percent_sign(number_text: str, language: str | Style | None = None) -> str:
    """An already written number followed by the language's percent sign ("88" -> "88 %" in German)."""
    chosen = language if isinstance(language, Style) else style(language)
    return chosen.percent.format(number_text)


class Localized:
    """A number that writes itself in a language's way wherever a template formats it
    (``"{step:,}"``, ``"{acc:.1f}"``, ``"{lr}"``): :func:`localized` makes one."""

    __slots__ = ("value", "language")

    def __init__(self, value, language: str | Style | None = None):
        self.value = value.value if isinstance(value, Localized) else value
        self.language = language

    def __format__(self, spec: str) -> str:
        return format_number(self.value, spec, self.language)

    def __str__(self) -> str:
        return format_number(self.value, "", self.language)

    def __repr__(self) -> str:
        return f"Localized({self.value!r}, {self.language!r})"

    def __int__(self) -> int:
        return int(self.value)

    def __float__(self) -> float:
        return float(self.value)

    def __eq__(self, other) -> bool:
        return self.value == (other.value if isinstance(other, Localized) else other)

    def __hash__(self) -> int:
        return hash(self.value)

    def in_language(self, language: str | Style | None) -> Localized:
        """The same number written in ``language``."""
        return Localized(self.value, language)


def localized(value, language: str | Style | None = None):
    """``value`` for a message template shown to a person: a number becomes :class:`Localized` (in
    ``language``, else the shown language at the time it is formatted); anything else is kept."""
    if isinstance(value, Localized):
        return value.in_language(language) if language is not None else value
    if isinstance(value, Real) and not isinstance(value, bool):
        return Localized(value, language)
    return value


def relocalize(english: str, language: str | Style | None = None) -> str:
    """A number written in English ("1,234", "0.50", "97.3%") as ``language`` writes it ("1.234", "0,50",
    "97,3 %" in German); any other text ("–", "numba", "3 of 5", "0,05") as it is."""
    match = _ENGLISH_NUMBER.fullmatch(english.strip())
    if match is None:
        return english
    chosen = language if isinstance(language, Style) else style(language)
    digits = match.group(1).translate({ord("."): chosen.decimal, ord(","): chosen.group})
    return chosen.percent.format(digits) if match.group(2) else digits


_ENGLISH_NUMBER = re.compile(r"([+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)\s*(%)?", re.ASCII)
"""A number as Python and pyqtgraph write it (groups of three, a decimal point), a percent sign after it."""


_DECIMAL_IN_WORDS = re.compile(r"(?<![\w.,])\d+\.\d+(?![\w.])", re.ASCII)
"""A decimal number inside English words ("lr 0.01, batch 64"): not a version or an address ("6.7.2")."""


def relocalize_words(english: str, language: str | Style | None = None) -> str:
    """The decimal numbers of an English text kept as it is written (a mark stored with a run: "lr 0.01,
    batch 64") written the way ``language`` writes them ("lr 0,01, batch 64" in German)."""
    chosen = language if isinstance(language, Style) else style(language)
    if chosen.decimal == ".":
        return english
    return _DECIMAL_IN_WORDS.sub(lambda m: m.group(0).replace(".", chosen.decimal), english)


SHORTEST_PLAIN = 1e-5
"""The smallest rate written as a plain decimal ("0.00001"); a smaller one is "3·10⁻⁶" (never "3e-06")."""
_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def power_of_ten(mantissa_text: str, exponent: int) -> str:
    """ "3·10⁻⁶" ("10⁻⁶" for a mantissa "1"): a very small or large number as a reader (not a program) writes it."""
    power = "10" + str(int(exponent)).translate(_SUPERSCRIPT)
    return power if mantissa_text == "1" else f"{mantissa_text}·{power}"


def format_rate(value, digits: int = 3, language: str | Style | None = None) -> str:
    """A learning rate (or another small ratio) as a teacher writes it, the one way every message, label and axis
    shows one: at most ``digits`` significant digits, a plain decimal down to :data:`SHORTEST_PLAIN` ("0.0003",
    German "0,0003"; never "3e-04" beside "0.001"), below it a power of ten ("3·10⁻⁶"). Not a number: as it is."""
    chosen = language if isinstance(language, Style) else style(language)
    if isinstance(value, Localized):
        value = value.value
    if isinstance(value, bool) or not isinstance(value, Real) or not math.isfinite(value):
        return str(value)
    if value == 0:
        return "0"
    rounded = f"{float(value):.{max(1, int(digits))}g}"
    if abs(float(rounded)) >= SHORTEST_PLAIN:
        text = format(Decimal(rounded), "f")
        if "." in text:
            text = text.rstrip("0").rstrip(".")
        return text.translate({ord("."): chosen.decimal})
    mantissa, _, exponent = rounded.partition("e")
    return power_of_ten(mantissa.replace(".", chosen.decimal), int(exponent))


class Rate(Localized):
    """A learning rate (or a small ratio) for a message template: written by :func:`format_rate` whatever the
    template's format spec (``"{lr:g}"`` in catalogues made before it), in the language of the moment it is shown."""

    __slots__ = ("digits",)

    def __init__(self, value, digits: int = 3, language: str | Style | None = None):
        super().__init__(value, language)
        self.digits = digits

    def __format__(self, spec: str) -> str:
        return format_rate(self.value, self.digits, self.language)

    def __str__(self) -> str:
        return format_rate(self.value, self.digits, self.language)

    def __repr__(self) -> str:
        return f"Rate({self.value!r}, {self.digits!r}, {self.language!r})"

    def __reduce__(self):
        return Rate, (self.value, self.digits, self.language)

    def in_language(self, language: str | Style | None) -> Rate:
        return Rate(self.value, self.digits, language)


def rate(value, digits: int = 3, language: str | Style | None = None) -> Rate:
    """A learning rate for a message: ``Phrase(N_("now {lr}"), lr=rate(0.0003))`` says "now 0,0003" in German."""
    return Rate(value, digits, language)


def tick_texts(values, spacing: float, language: str | Style | None = None) -> list[str]:
    """A linear axis' tick numbers in ``language``'s way: as many decimals as the ``spacing`` needs, thousands
    grouped ("2.000", "12.000" in German), never pyqtgraph's "1e+06" or "5e-05" (a spacing under a millionth, or
    a number past a billion, is written as a power of ten)."""
    places = max(0, math.ceil(-math.log10(spacing))) if spacing > 0 and math.isfinite(spacing) else 0
    texts = []
    for value in values:
        value = float(value)
        if not math.isfinite(value):
            texts.append(str(value))
        elif value == 0 or round(value, places) == 0:
            texts.append("0")
        elif places > 6 or abs(value) >= 1e9:
            mantissa, _, exponent = f"{value:.2g}".partition("e")
            mantissa = format_number(float(mantissa), "g", language)
            texts.append(power_of_ten(mantissa, int(exponent)) if exponent else mantissa)
        else:
            texts.append(format_number(value, f",.{places}f", language))
    return texts


@contextmanager
def shown_as(language: str | Style | None):
    """Numbers made without a language are written in ``language`` inside the block (a report written in
    the reader's language, whatever the window's is); the style before it afterwards."""
    before = _shown[0]
    if language is not None:
        show_in(language)
    try:
        yield
    finally:
        _shown[0] = before

"""A Qt-free mark for text the GUI shows in the user's language.

``N_("Loss")`` returns its argument unchanged: it only marks the string, so that
``tools/update_translations.py`` finds it and puts it in the catalogues. The GUI translates
such a string where it shows it (``cnnviz.gui.language.tr(text)``). Modules below the GUI
(cnnviz.classroom, cnnviz.app) use this mark and stay Qt-free; CLI messages are never marked.
"""

from __future__ import annotations

import re

from .number_format import Localized

CONTEXT = "cnnviz"
"""The one translation context of every catalogue entry (one term, one translation everywhere)."""


def N_(text: str) -> str:  # noqa: N802 (the customary name of a no-op translation mark)
    """``text`` as it is; marks it for translation."""
    return text


class Phrase(str):
    """A message made below the GUI: the English text (it *is* that ``str``, for the CLI, logs and
    comparisons), which also keeps its ``N_``-marked ``template`` and named ``values``, so that the
    GUI can make the same sentence in its language: ``phrase.text(tr)``.

    ``Phrase(N_("the loss became {loss} at step {step}"), loss=nan, step=12)``. A value that is
    itself a Phrase is translated too (a sentence inside a sentence); other values (numbers,
    identifiers such as ``numba``, an exception's own text) are put in as they are, but a number is
    written the way the language shown writes it (:mod:`cnnviz.number_format`: "0,01" in German).
    """

    template: str
    values: dict

    def __new__(cls, template: str, **values) -> Phrase:
        # (a number that writes itself, Localized: in English here, whatever language is shown)
        english = {k: v.in_language("en") if isinstance(v, Localized) else v for k, v in values.items()}
        self = super().__new__(cls, template.format(**english))
        self.template, self.values = template, values
        return self

    def __reduce__(self):
        return _phrase, (self.template, self.values)

    def text(self, translate=None) -> str:
        """The sentence through ``translate`` (the GUI's ``tr``); English without one."""
        if translate is None:
            return str.__str__(self)
        from .number_format import localized  # (its numbers too: "0,01" in German)

        values = {k: v.text(translate) if isinstance(v, Phrase) else localized(v) for k, v in self.values.items()}
        return translate(self.template).format(**values)


def _phrase(template: str, values: dict) -> Phrase:
    return Phrase(template, **values)


def comma_list(items: list[str]) -> str:
    """ "a, b, c": a :class:`Phrase` the GUI separates its language's way ("a、b、c" in Japanese and Chinese)."""
    listed = items[0] if items else ""
    for item in items[1:]:
        listed = Phrase(N_("{names}, {name}"), names=listed, name=item)
    return listed


def in_language(text: str, translate) -> str:
    """``text`` as the GUI shows it: a :class:`Phrase` made in the GUI's language, any other text as it is."""
    return text.text(translate) if isinstance(text, Phrase) else text


WIDE = re.compile(r"[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]")
"""A character of CJK text: kana, kanji/hanzi, hangul, and the full-width marks （）：？！、。「」."""
UNSPACED = ("ja", "zh")
"""The languages that write sentences one after the other without a space (their base codes)."""


def sentences(parts, language: str | None = None) -> str:
    """Whole sentences (each already in ``language``) as one text, joined the way the language joins them:
    a space between them in English and German; in Japanese and Chinese none after "。" or before a CJK
    character ("保存しました。次へ", never "保存しました。 次へ"), a space only between two Latin words (an
    English error message after another). Empty parts are left out."""
    shown = [str(part).strip() for part in parts if part is not None and str(part).strip()]
    base = str(language or "").replace("-", "_").split("_")[0]
    if base not in UNSPACED:
        return " ".join(shown)
    text = ""
    for part in shown:
        if text and not (WIDE.match(text[-1]) or WIDE.match(part[0])):
            text += " "
        text += part
    return text

"""Translations straight from Qt Linguist ``.ts`` XML sources: no compile step.

:func:`read_catalogue` parses a ``.ts`` file with ``xml.etree`` (size-capped, no entity
expansion: ``xml.etree`` never fetches external entities) into ``{(context, source,
disambiguation): translation}``; unfinished, obsolete and empty entries are left out, so the
English text shows for them. :class:`CatalogueTranslator` is a ``QTranslator`` that answers
from such a dictionary, and so works the same in a wheel, an editable install and the
PyInstaller bundle (the ``.ts`` files are package data).

The parsing half is Qt-free (``tools/update_translations.py`` and the tests use it too).
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from pathlib import Path

MAX_BYTES = 4_000_000
"""A catalogue larger than this is not ours: refused rather than parsed."""

Key = tuple[str, str, str]
"""(context, source text, disambiguation or "")."""


class CatalogueError(ValueError):
    """A ``.ts`` file that cannot be used (too large, not XML, not a Qt Linguist file)."""


def parse(text: str | bytes) -> ElementTree.Element:
    if len(text) > MAX_BYTES:
        raise CatalogueError(f"a translation file of {len(text)} bytes is larger than {MAX_BYTES}")
    if (b"<!ENTITY" if isinstance(text, bytes) else "<!ENTITY") in text:
        raise CatalogueError("a translation file may not declare entities")
    try:
        root = ElementTree.fromstring(text)
    except ElementTree.ParseError as exc:
        raise CatalogueError(f"not a valid translation file: {exc}") from None
    if root.tag != "TS":
        raise CatalogueError(f"not a Qt Linguist file (root element {root.tag!r})")
    return root


def entries(root: ElementTree.Element):
    """Every message as ``(key, translation element)``, in file order."""
    for context in root.iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            key = (name, message.findtext("source") or "", message.findtext("comment") or "")
            yield key, message.find("translation")


def finished(translation) -> str | None:
    """The translation's text, or None when it is missing, unfinished, obsolete or empty."""
    if translation is None or translation.get("type") in ("unfinished", "obsolete", "vanished"):
        return None
    return translation.text or None


def read_catalogue(path: str | Path) -> dict[Key, str]:
    """The finished translations of the ``.ts`` file at ``path``."""
    data = Path(path).read_bytes()
    return {key: text for key, translation in entries(parse(data)) if (text := finished(translation))}


def translator_class():
    """The QTranslator subclass (built on first use: this module stays importable without Qt)."""
    from PySide6.QtCore import QTranslator

    class CatalogueTranslator(QTranslator):
        def __init__(self, catalogue: dict[Key, str], language: str, parent=None):
            super().__init__(parent)
            self.catalogue, self.code = catalogue, language

        def translate(self, context, source, disambiguation=None, n=-1):  # noqa: ARG002 (n: no plurals here)
            # None (not ""): Qt then asks the next translator and finally shows the source text.
            return self.catalogue.get((context, source, disambiguation or ""))

        def isEmpty(self) -> bool:  # noqa: N802 (Qt's name)
            return not self.catalogue

        def language(self) -> str:
            return self.code

    return CatalogueTranslator

"""The strings the GUI translates, found in the code, and the ``.ts`` catalogues kept in step with them.

:func:`code_strings` scans the package's Python files (``ast``, nothing is imported or run) for
``tr("...")`` (:func:`cnnviz.gui.language.tr`) and ``N_("...")`` (:func:`cnnviz.translatable.N_`,
the mark of Qt-free modules) whose argument is a string literal (adjacent literals are joined by
Python). :func:`merge` adds the new ones to a catalogue as unfinished and marks those no longer in
the code ``vanished`` (their translation is kept for a string that comes back). The bundled lessons'
texts are part of the catalogues too (:func:`lesson_strings`). Used by
``tools/update_translations.py`` and by the test that keeps every catalogue complete.

Qt-free.
"""

from __future__ import annotations

import ast
import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path

from ..translatable import CONTEXT
from .ts_catalogue import entries, finished, parse

MARKS = ("tr", "N_")
PACKAGE = Path(__file__).resolve().parents[1]
TRANSLATIONS = Path(__file__).resolve().parent / "translations"
LANGUAGE_CODES = ("de", "ja", "zh_CN")


def _mark(func: ast.expr) -> str:
    """The name a call is made by: ``N_`` for ``N_(...)`` and for ``translatable.N_(...)`` (the second was not read:
    "All files" and "PNG image" were marked vanished in every catalogue, and showed in English)."""
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) and func.attr == "N_" else ""  # (not a Qt object's .tr)


def code_strings(root: Path = PACKAGE) -> dict[str, list[str]]:
    """Every marked string -> where it is (``path:line``), in the order first found."""
    found: dict[str, list[str]] = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and _mark(node.func) in MARKS
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found.setdefault(node.args[0].value, []).append(f"{path.relative_to(root.parent)}:{node.lineno}")
    return found


def lesson_strings(folder: Path | None = None) -> dict[str, list[str]]:
    """The bundled lessons' titles, descriptions and steps (the GUI shows them through ``tr``): text ->
    where it is. A lesson file of the user's own is shown as it is written."""
    import json

    from ..classroom.lessons import bundled_lessons_dir

    folder = folder or bundled_lessons_dir()  # the installed package's, or the checkout's assets/presets
    found: dict[str, list[str]] = {}
    for path in sorted(folder.glob("*.json")):
        lesson = json.loads(path.read_text(encoding="utf-8"))
        steps = [s.get("text", "") if isinstance(s, dict) else s for s in lesson.get("steps", [])]  # {"text", "show"}
        for text in (lesson.get("title", ""), lesson.get("description", ""), *steps):
            if text.strip():
                found.setdefault(text.strip() if text == lesson.get("title") else text, []).append(
                    f"assets/presets/{path.name}:1"
                )
    return found


def all_strings() -> dict[str, list[str]]:
    """What the catalogues must have: the code's marked strings and the bundled lessons' texts."""
    code = code_strings()  # (scanned once: it parses every file of the package)
    return {**code, **{k: v for k, v in lesson_strings().items() if k not in code}}


def catalogue_file(code: str, folder: Path = TRANSLATIONS) -> Path:
    return folder / f"cnnviz_{code}.ts"


def read(path: Path) -> dict[str, str | None]:
    """Source -> finished translation (None: unfinished) of the context :data:`CONTEXT`, vanished ones left out."""
    result = {}
    for (context, source, _comment), translation in entries(parse(path.read_bytes())):
        if context == CONTEXT and (translation is None or translation.get("type") != "vanished"):
            result[source] = finished(translation)
    return result


def merge(code: str, strings: dict[str, list[str]], path: Path, fill: dict[str, str] | None = None) -> dict:
    """Bring the catalogue at ``path`` in step with ``strings`` (``fill``: new translations, source -> text).
    Returns counts: ``added``, ``vanished``, ``unfinished``."""
    old: dict[str, tuple[str | None, str | None]] = {}
    if path.exists():
        for (context, source, _comment), translation in entries(parse(path.read_bytes())):
            if context == CONTEXT:
                old[source] = (
                    translation.text if translation is not None else None,
                    translation.get("type") if translation is not None else "unfinished",
                )
    fill = fill or {}
    root = ElementTree.Element("TS", version="2.1", language=code)
    context = ElementTree.SubElement(root, "context")
    ElementTree.SubElement(context, "name").text = CONTEXT
    counts = {"added": 0, "vanished": 0, "unfinished": 0}

    def message(source: str, text: str | None, kind: str | None, where: list[str]) -> None:
        element = ElementTree.SubElement(context, "message")
        for place in where[:3]:
            file, line = place.rsplit(":", 1)
            ElementTree.SubElement(element, "location", filename=file, line=line)
        ElementTree.SubElement(element, "source").text = source
        translation = ElementTree.SubElement(element, "translation")
        translation.text = text or ""
        if kind:
            translation.set("type", kind)

    for source, where in strings.items():
        text, kind = old.get(source, (None, "unfinished"))
        if source not in old:
            counts["added"] += 1
        if source in fill:
            text, kind = fill[source], None
        elif kind == "vanished":  # back in the code: its old translation is good again
            kind = None if text else "unfinished"
        if kind == "unfinished" or not text:
            kind = "unfinished"
            counts["unfinished"] += 1
        message(source, text, kind, where)
    for source, (text, _kind) in old.items():
        if source not in strings and text:
            counts["vanished"] += 1
            message(source, text, "vanished", [])
    ElementTree.indent(root, space=" ")
    body = ElementTree.tostring(root, encoding="unicode")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' + body + "\n", encoding="utf-8")
    return counts


PLACEHOLDER = re.compile(r"\{[^{}]*\}|%[0-9a-zA-Z]")
ACCELERATOR = re.compile(r"&(?!&)(?=\S)")


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


def accelerators(text: str) -> int:
    """How many ``&`` mark a shortcut letter (``&&`` is a literal ampersand)."""
    return len(ACCELERATOR.findall(text.replace("&&", "")))


def problems(source: str, translation: str) -> list[str]:
    """What a translation breaks: its placeholders, its shortcut mark, its tab-separated key column."""
    found = []
    if placeholders(source) != placeholders(translation):
        found.append(f"placeholders {placeholders(source)} became {placeholders(translation)}")
    if accelerators(source) != accelerators(translation):
        found.append(f"{accelerators(source)} shortcut mark(s) '&' became {accelerators(translation)}")
    if source.count("\t") != translation.count("\t"):
        found.append("the tab before a key column is lost")
    return found

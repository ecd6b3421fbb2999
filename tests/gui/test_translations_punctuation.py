"""Punctuation as a native reader expects it (issue 30), as test_translations_zh_punctuation.py checks Chinese.

Japanese text takes 、。「」（）：？！ (the ja catalogue said "開始(スペース)を押します", "カーネル: conv1",
"でしょう?"), and a sentence after ？ or ！ follows a full-width space (JIS X 4051), never a half-width one
("増やす？ ドロップアウト？", session 45); ASCII punctuation stays where it is code, a number or a menu's
accelerator ("(&F)", "9,226", "Adam(0.7, 0.9)").
German keeps the English source's placeholders (translation_sources.problems checks them), its ellipsis and its
closing punctuation, quotes „…" (never straight "…" nor English “…”), and no double spaces."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cnnviz.gui import translation_sources as ts

FOLDER = Path(__file__).resolve().parents[2] / "cnnviz" / "gui" / "translations"
JA = "\u3040-\u30ff\u3400-\u9fff"
"""Hiragana, katakana (with ー) and kanji."""
JA_WRONG = {
    "ASCII , or ; beside Japanese": rf"[{JA}][,;]|[,;] ?[{JA}]",
    "ASCII : beside Japanese": rf"[{JA}）」] ?:|: ?[{JA}]|[{JA}]\{{\w+\}} ?:",
    "ASCII ? or ! after Japanese": rf"[{JA}][?!]",
    "ASCII . after Japanese": rf"[{JA}]\.(?!\.)",
    "straight or English quotes around Japanese": rf"\"[^\"]*[{JA}][^\"]*\"|“[^”]*[{JA}][^”]*”",
    "a space after 。 or 、": r"[。、] ",
    "a half-width space after ？ or ！ (a sentence after them: a full-width one, 「？　」)": r"[？！] ",
}


WIDE_MARKS = "。、：？！）」"
"""Full-width marks of Japanese text: an ASCII bracket after one is in Japanese text ("保存しますか？({what})")."""


def ascii_brackets_in_japanese(text: str) -> list[str]:
    """Each ASCII (…) holding Japanese, or beside it (a space between allowed): "開始(スペース)を", "CPU(numba)で",
    "しますか？({what})"; not "(&F)", "Adam(0.7, 0.9)"."""
    found, opened = [], []
    for i, char in enumerate(text):
        if char == "(":
            opened.append(i)
        elif char == ")" and opened:
            start = opened.pop()
            inside, before, after = text[start + 1 : i], text[:start].rstrip(" ")[-1:], text[i + 1 :].lstrip(" ")[:1]
            if not inside.startswith("&") and (re.search(f"[{JA}]", inside + before + after) or before in WIDE_MARKS):
                found.append(f"ASCII brackets in Japanese text: {text[max(0, start - 2) : i + 3]!r}")
    return found


def ja_problems(text: str) -> list[str]:
    found = ascii_brackets_in_japanese(text)
    return found + [f"{what}: {m.group(0)!r}" for what, pattern in JA_WRONG.items() for m in re.finditer(pattern, text)]


ENDINGS = ("…", "...", ".", ":", "?", "!")


def ending(text: str) -> str:
    text = text.rstrip()
    text = re.sub(r"(</[a-z]+>|\)|\}|“|”|„|\"|»)+$", "", text)  # (the mark before a closing tag, bracket, quote)
    end = next((end for end in ENDINGS if text.endswith(end)), "")
    return "…" if end == "..." else end


def has_ellipsis(text: str) -> bool:
    return "…" in text or "..." in text


def de_problems(source: str, text: str) -> list[str]:
    found = []
    if ending(source) != ending(text) and (ending(source) or ending(text) not in (".", ":")):
        # (an English text with no closing mark may become "k. A." or a label "Netz:"; never "…", "?", "!")
        found.append(f"ends with {ending(text)!r}, the English with {ending(source)!r}")
    if has_ellipsis(source) != has_ellipsis(text):
        found.append("the ellipsis differs from the English")
    if re.search(r"\"[^\"\n]*\"", text):
        found.append('straight quotes "…" (German: „…“)')
    if "“" in text and "„" not in text:
        found.append("English quotes “…” (German: „…“)")
    if "  " in text and "  " not in source:
        found.append("a double space")
    return found


def catalogue(code: str) -> dict[str, str]:
    found = {source: text for source, text in ts.read(FOLDER / f"cnnviz_{code}.ts").items() if text}
    assert len(found) > 100, "the catalogue was read"
    return found


def test_the_japanese_catalogue_uses_japanese_punctuation_in_japanese_text():
    wrong = {text: ja_problems(text) for text in catalogue("ja").values() if ja_problems(text)}
    assert not wrong, "\n".join(f"{t!r}: {p}" for t, p in wrong.items())


def test_the_german_catalogue_punctuates_as_its_english_source():
    wrong = {source: de_problems(source, text) for source, text in catalogue("de").items() if de_problems(source, text)}
    assert not wrong, "\n".join(f"{s!r}: {p}" for s, p in wrong.items())


@pytest.mark.parametrize(
    "text, bad",
    [
        ("開始(スペース)を押します。", True),
        ("カーネル: conv1 の 8 つ", True),
        ("自信を持っているでしょう?", True),
        ("小さなネットワーク,畳み込み", True),
        ('"自信なし" と表示', True),
        ("保存しました。 次へ", True),
        ("データを増やす？ ドロップアウト？", True),
        ("データを増やす？　ドロップアウト？", False),
        ("CPU(numba)で動かします", True),
        ("先に保存しますか？({what})", True),
        ("開始（スペース）を押します。", False),
        ("ファイル(&F)", False),
        ("Adam(0.7, 0.9)、重み 9,226 個", False),
        ("{source}：ネットワークの答え", False),
        ("ステップ {step}: {what}", False),
        ("自動保存されています{count}:", True),
        ("{layer}: 5×5 のカーネル", False),
    ],
)
def test_the_japanese_check_tells_wrong_from_right(text, bad):
    assert bool(ja_problems(text)) is bad


@pytest.mark.parametrize(
    "source, text, bad",
    [
        ("Open a lesson…", "Lektion öffnen", True),
        ("Saved the model.", "Modell gespeichert", True),
        ('Click "Start".', 'Klicke "Start".', True),
        ("The “tiny” net.", "Das “kleine” Netz.", True),
        ("Saved.", "Modell  gespeichert.", True),
        ("Open a lesson…", "Lektion öffnen…", False),
        ("The “tiny” net.", "Das „kleine“ Netz.", False),
        ("Lower the rate (now {lr:g}) and resume.", "Senke die Lernrate (jetzt {lr:g}) und setze fort.", False),
        ("{what}: {exc}", "{what}: {exc}", False),
    ],
)
def test_the_german_check_tells_wrong_from_right(source, text, bad):
    assert bool(de_problems(source, text)) is bad


PAGE_SCRIPT = Path(__file__).resolve().parents[2] / "cnnviz" / "web" / "static" / "page.js"


def test_the_phone_pages_words_are_punctuated_as_the_catalogues_are():
    """The class canvas's phone page has its words outside the catalogues (cnnviz/web/page_text.py): the same
    checks, Japanese and Chinese full-width punctuation, German quotes and endings as the English."""
    from test_translations_zh_punctuation import problems as zh_problems

    from cnnviz.web.page_text import TEXT

    wrong = {f"ja {key}": ja_problems(text) for key, text in TEXT["ja"].items() if ja_problems(text)}
    wrong |= {f"zh_CN {key}": zh_problems(text) for key, text in TEXT["zh_CN"].items() if zh_problems(text)}
    german = {key: de_problems(TEXT["en"][key], text) for key, text in TEXT["de"].items()}
    wrong |= {f"de {key}": found for key, found in german.items() if found}
    assert not wrong, wrong
    assert all(set(TEXT[code]) == set(TEXT["en"]) for code in TEXT)


def test_the_phone_page_glues_no_punctuation_to_its_words():
    """The page's script said "ネットワークの答え: 3 (97%, 自信あり)" and "发送失败： 404": it joined the words of
    page_text.py with ASCII ": ", " (" and ", " of its own. The punctuation is the language's template's."""
    script = PAGE_SCRIPT.read_text(encoding="utf-8")
    joined = re.findall(r"T\.\w+\s*\+\s*\"[^\"]*\"|\"[^\"]*\"\s*\+\s*\(?\s*T\.\w+", script)
    glued = [text for text in joined if not text.endswith('" · "')]  # (a list's separator, the same in every language)
    assert not glued, glued

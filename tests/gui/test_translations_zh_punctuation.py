"""Chinese text takes full-width punctuation: the zh_CN dialogs said "率:98.6 %", "它,并恢复", "(第 938 步)" and
left a space after "。" (issue 31). ASCII punctuation stays where it is code or a menu's accelerator ("(&F)",
"Adam(0.7, 0.9)")."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

CATALOGUE = Path(__file__).resolve().parents[2] / "cnnviz" / "gui" / "translations" / "cnnviz_zh_CN.ts"
HAN = "\u3400-\u9fff"
WRONG = {
    "ASCII , or ; beside Chinese": rf"[{HAN}][,;]|[,;][{HAN}]",
    "ASCII : after Chinese or before it": rf"[{HAN}] ?:|:[{HAN}]|[{HAN}]\{{\w+\}} ?:",
    "ASCII ? or ! after Chinese": rf"[{HAN}][?!]",
    "ASCII ( around Chinese": rf"[{HAN}] ?\((?!&)|\([{HAN}]",
    "ASCII ) around Chinese": rf"[{HAN}]\)|\) ?[{HAN}]",
    "a space after 。？！，、：；": r"[。？！，、：；] ",
}


def problems(text: str) -> list[str]:
    return [f"{what}: {m.group(0)!r}" for what, pattern in WRONG.items() for m in re.finditer(pattern, text)]


def translations() -> list[str]:
    root = ET.parse(CATALOGUE).getroot()
    found = []
    for message in root.iter("message"):
        translation = message.find("translation")
        forms = [f.text or "" for f in translation.iter("numerusform")]
        found.extend(forms or [translation.text or ""])
    return found


def test_the_chinese_catalogue_uses_full_width_punctuation_in_chinese_text():
    texts = translations()
    assert len(texts) > 100, "the catalogue was read"
    wrong = {text: problems(text) for text in texts if problems(text)}
    assert not wrong, "\n".join(f"{t!r}: {p}" for t, p in wrong.items())


@pytest.mark.parametrize(
    "text, bad",
    [
        ("测试准确率:{accuracy} %。", True),
        ("关闭课程会停止它,并恢复。", True),
        ("课程的运行尚未保存(第 {step} 步)。", True),
        ("在画板上写一个数字。 <b>2.</b>", True),
        ("增加数据？ 丢弃法？", True),
        ("已自动保存{count}:", True),
        ("步子越大就总是越好吗?按 K", True),
        ("测试准确率：{accuracy} %。", False),
        ("文件(&F)", False),
        ("带 15 % 预热，Adam(0.7, 0.9)，one-cycle", False),
        ("{source}：网络", False),
    ],
)
def test_the_punctuation_check_tells_wrong_from_right(text, bad):
    assert bool(problems(text)) is bad

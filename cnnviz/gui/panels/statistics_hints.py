"""The Statistics tab's warning box in brief: where its whole text would leave the plot under it too short to read
(German presenter mode at 1024x768 under the lesson strip: six bold lines over a 76 px plot), each finding shows its
first sentence and the box's tooltip the whole text."""

from __future__ import annotations

import re

from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QLabel

_FIRST_SENTENCE = re.compile(r"^(.+?(?:[.!?](?=\s)|[。！？]))\s*(?=\S)", re.S)


def first_sentence(text: str) -> str:
    """``text``'s first sentence and "…" when more follows (Japanese and Chinese end theirs with 。 and no
    space); the whole ``text`` when it is one sentence. ``conv1.weight``'s dot is no end: a space follows an end."""
    match = _FIRST_SENTENCE.match(text)
    if match is None:
        return text
    sentence = match.group(1)
    return sentence + ("…" if sentence.endswith(("。", "！", "？")) else " …")


def text_height(label: QLabel, lines: list[str]) -> int:
    """The height ``lines`` (one paragraph each) take word-wrapped at ``label``'s width now, in its font."""
    label.ensurePolished()
    width = max(label.contentsRect().width(), 50)
    metrics = label.fontMetrics()
    return metrics.boundingRect(QRect(0, 0, width, 100_000), Qt.TextWordWrap, "\n".join(lines)).height()

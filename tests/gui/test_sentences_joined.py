"""Sentences are joined the language's way: "Saved. Next" in English and German, "已保存。下一句" in Chinese and
Japanese (the close-lesson question read "…（第 12 步）。 它在测试图片上的准确率…", an ASCII space after "。")."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from PySide6.QtWidgets import QMessageBox

from cnnviz.classroom.lessons import bundled_lessons
from cnnviz.gui.lesson_strip import LessonStrip
from cnnviz.gui.questions import RunQuestions
from cnnviz.translatable import sentences

SPACE_AFTER_WIDE = "。 ", "） ", "？ ", "！ ", "」 "


@pytest.mark.parametrize(
    ("parts", "language", "joined"),
    [
        (["Saved.", "Next."], "en", "Saved. Next."),
        (["Gespeichert.", "", None, " Weiter."], "de", "Gespeichert. Weiter."),
        (["已保存。", "下一句。"], "zh_CN", "已保存。下一句。"),
        (["保存しました。", "次へ。"], "ja", "保存しました。次へ。"),
        (["训练已暂停", "学习率太高。"], "zh", "训练已暂停学习率太高。"),
        (["CUDA failed.", "Out of memory."], "zh_CN", "CUDA failed. Out of memory."),  # (English inside: spaced)
        (["已加载 a.npz。", "Note: old."], "zh_CN", "已加载 a.npz。Note: old."),
    ],
)
def test_sentences_are_joined_the_languages_way(parts, language, joined):
    assert sentences(parts, language) == joined


def test_the_close_lesson_question_has_no_space_after_a_full_width_stop(qtbot, in_language, monkeypatch):
    in_language("zh_CN")
    asked = []

    def answer(box):
        asked.append(box.text())
        return QMessageBox.Cancel

    monkeypatch.setattr(QMessageBox, "exec", answer)
    state = SimpleNamespace(
        run=SimpleNamespace(last_step=SimpleNamespace(step=1234)), local=SimpleNamespace(step=0), test_accuracy=0.974
    )
    questions = RunQuestions(state, None, SimpleNamespace(auto_answer=None), None)
    questions._ask_closing_lesson(can_keep=True, active=True, paused=True)
    assert asked and "1,234" in asked[0] and "。" in asked[0]
    assert not any(mark in asked[0] for mark in SPACE_AFTER_WIDE), asked[0]


def test_a_lessons_notes_and_description_read_as_one_text(qtbot, in_language):
    in_language("zh_CN")
    strip = LessonStrip()
    qtbot.addWidget(strip)
    note = "本课程要求使用 cuda 后端，但此处不可用（没有 GPU）；改用 numpy。"
    strip.show_lesson(bundled_lessons()[0], [note])
    assert strip.pages[0].startswith(note) and len(strip.pages[0]) > len(note) + 5
    assert not any(mark in strip.pages[0] for mark in SPACE_AFTER_WIDE), strip.pages[0]

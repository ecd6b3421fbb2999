"""Every label that wraps keeps Japanese and Chinese text together: Qt may break a line of it between any two
characters, so a line could end on "（" or one character be left alone on the last line ("…出\\n现").
``language.kept_together`` joins them; it was applied at 5 of the window's 38 word-wrapped labels (session 45,
real X with a CJK font). A :class:`WrappedLabel` applies it to whatever it is given; this walks the window's
word-wrapped labels, every panel built, in both modes, and the keys dialog. No CJK font is needed: the joiners
are in the text whatever font draws it."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from cnnviz.gui.language import WORD_JOINER, kept_together

PROBE = "点开始（或按空格键）开始训练：损失会在这里一步步出现"


def wrapping_labels(widget) -> list[QLabel]:
    return [label for label in widget.findChildren(QLabel) if label.wordWrap()]


def not_kept(labels) -> list[str]:
    """The labels that show the probe as given: a line may end on "（" or leave "现" alone. (``QLabel.text``: the
    text Qt shows; a WrappedLabel's own ``text()`` is the text it was given.)"""
    wanted = kept_together(PROBE, "zh_CN")
    found = []
    for label in labels:
        label.setText(PROBE)
        if QLabel.text(label) != wanted or label.text() != PROBE:
            found.append(f"{type(label).__name__} {label.objectName() or '(unnamed)'} in {label.parentWidget()!r}")
    return found


def test_every_wrapping_label_of_the_window_keeps_chinese_together(qtbot, make_window, in_language):
    from cnnviz.gui import shortcuts

    window = make_window()
    for key in window.workspace.tab_keys():  # (every panel built: a lazy one builds its labels when first shown)
        window.show_tab(key)
    window.set_presenter(True, full_screen=False)  # (presenter mode's own labels)
    window.set_presenter(False, full_screen=False)
    in_language("zh_CN")
    labels = wrapping_labels(window)
    assert len(labels) >= 30, f"the walk found the window's wrapping labels ({len(labels)})"
    dialog = shortcuts.show_help(window)
    qtbot.addWidget(dialog)
    assert wrapping_labels(dialog), "the keys dialog's labels were found"
    found = not_kept(labels + wrapping_labels(dialog))
    assert not found, "\n".join(found)


def test_kept_text_is_kept_as_it_is_and_each_line_ends_kept():
    """A label may be given text already kept (a painter's, a template's): no second joiner; and a text of
    several lines keeps each line's end (a lesson step of two paragraphs)."""
    once = kept_together(PROBE, "ja")
    assert once.endswith("出" + WORD_JOINER + "现") and "（" + WORD_JOINER + "或" in once
    assert kept_together(once, "ja") == once
    spaced = kept_together("约 30 秒。", "zh_CN")
    assert spaced == "约 30\u00a0秒。" and kept_together(spaced, "zh_CN") == spaced
    assert kept_together("一二三四。\n五六七八。", "zh_CN") == f"一二三{WORD_JOINER}四。\n五六七{WORD_JOINER}八。"
    assert kept_together(PROBE, "de") == PROBE


def test_rich_text_lines_end_kept_too():
    """The Fool tab's measures are lines of rich text split by "<br>": Chinese presenter mode at 1024x768 left
    "个" alone under "784 个像素中改了 546" (real X, session 46). A closing tag before a line's end is no character."""
    measures = "784 个像素中改了 546 个<br>最多 ± 45 级<br>9 步，0.15 秒"
    assert kept_together(measures, "zh_CN") == "784 个像素中改了 546\u00a0个<br>最多 ± 45\u00a0级<br>9 步，0.15\u00a0秒"
    tagged = kept_together("一二<b>三四</b>。<br/>五六", "zh_CN")
    assert tagged == f"一二<b>三{WORD_JOINER}四</b>。<br/>五{WORD_JOINER}六"


def test_a_wrapped_label_gives_back_the_text_it_was_given(qtbot, in_language):
    """What callers compare ("has the text changed?") and read out (a screen reader) is the text as given,
    without the joiners; a text Qt itself put there (clear) is read as it is."""
    from cnnviz.gui.wrapped_label import WrappedLabel

    in_language("ja")
    label = WrappedLabel(PROBE)
    qtbot.addWidget(label)
    assert label.text() == PROBE and QLabel.text(label) == kept_together(PROBE, "ja")
    label.clear()
    assert label.text() == ""


def test_the_loss_plots_start_hint_keeps_japanese_together(qtbot, in_language):
    """The hint wraps inside the plot (a pyqtgraph TextItem, no QLabel): "…現れま\\nす" at 1024x768 in Japanese."""
    from cnnviz.gui.language import tr
    from cnnviz.gui.panels.curves import PLACEHOLDER, CurvesPanel

    in_language("ja")
    panel = CurvesPanel()
    qtbot.addWidget(panel)
    shown = panel.placeholder.textItem.toPlainText()
    assert shown == kept_together(tr(PLACEHOLDER), "ja") and shown.endswith("ま" + WORD_JOINER + "す"), repr(shown)


def test_the_close_lesson_question_keeps_japanese_together(qtbot, make_window, in_language, monkeypatch):
    """A message box's text wraps too: its first paragraph ended "…戻りま\\nす。" in Japanese at 1024x768 (real X).
    Every message box the GUI makes is a WrappedMessageBox (a scan), and the close-lesson question's texts are
    kept together."""
    from pathlib import Path

    from cnnviz.gui import checkpoints, wrapped_label

    gui = Path(wrapped_label.__file__).parent
    plain = [str(p.relative_to(gui)) for p in gui.rglob("*.py") if "QMessageBox(" in p.read_text(encoding="utf-8")]
    assert plain == [], f"a QMessageBox made without its text kept together: {plain}"
    window = make_window()
    asked = []
    monkeypatch.setattr(checkpoints.Checkpoints, "auto_answer", None)
    monkeypatch.setattr(wrapped_label.WrappedMessageBox, "exec", lambda box: asked.append(box) or 0)
    in_language("ja")
    assert window.questions._ask_closing_lesson(True, True, True) == "cancel"
    (box,) = asked
    for text in (box.text(), box.informativeText()):
        assert text == kept_together(text.replace(WORD_JOINER, ""), "ja") and WORD_JOINER in text, repr(text)
    assert box.text().endswith(WORD_JOINER + "す。"), repr(box.text())

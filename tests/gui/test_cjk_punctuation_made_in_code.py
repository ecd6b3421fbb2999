"""Punctuation that the code put between translated words. On real X in Chinese (session 45): the kernels'
title read "通道 0: 8 × 3×3" (an ASCII colon glued after the template); the dead-gradient warning listed
"conv1.weight, conv2.weight 和 dense1.weight" (an ASCII list comma); the class drawings' counts broke a line
between "7:" and its "0" and listed the digits still missing as "0, 1, 2". The punctuation is the language's
template's; a count stays with its digit."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np


def test_the_kernels_title_takes_the_languages_colon(in_language, qtbot):
    from cnnviz.gui.panels.kernels import KernelsPanel

    in_language("zh_CN")
    panel = KernelsPanel()
    qtbot.addWidget(panel)
    conv1, conv2 = np.zeros((8, 1, 5, 5), np.float32), np.zeros((16, 8, 3, 3), np.float32)
    panel.show_kernels([("conv1", conv1), ("conv2", conv2)])
    panel.refresh()
    assert panel.deep_title.text == "<b>conv2</b> 通道 0：8 × 3×3", panel.deep_title.text


def test_a_list_of_weights_is_separated_the_languages_way(in_language):
    from cnnviz import translatable
    from cnnviz.gui.language import tr
    from cnnviz.train.stats import _names_list

    names = _names_list(["conv1.weight", "conv2.weight", "dense1.weight"])
    assert names == "conv1.weight, conv2.weight and dense1.weight", "English as before"
    in_language("zh_CN")
    assert names.text(tr) == "conv1.weight、conv2.weight 和 dense1.weight"
    in_language("ja")
    assert translatable.comma_list(["conv1 (1e-05)", "conv2 (2e-05)"]).text(tr) == "conv1 (1e-05)、conv2 (2e-05)"
    in_language("de")
    assert names.text(tr) == "conv1.weight, conv2.weight und dense1.weight"


def test_a_digits_count_never_ends_up_alone_on_a_line(in_language, qtbot, tmp_path):
    from cnnviz.classroom.drawings import DrawingStore
    from cnnviz.gui.panels.drawings import DrawingsPanel

    in_language("zh_CN")
    store = DrawingStore(tmp_path)
    digit = np.zeros((28, 28), np.float32)
    digit[5:23, 12:16] = 1.0
    store.add(digit, 7)
    panel = DrawingsPanel(store)
    qtbot.addWidget(panel)
    qtbot.waitUntil(lambda: not panel.loading and len(panel.labels) == 1, timeout=20_000)
    text = panel.counts_label.text()
    assert "7:\u00a01" in text and "0:\u00a00" in text, text
    assert ": " not in text, f"a line may break between a digit and its count: {text!r}"
    assert text.endswith("还缺：0、1、2、3、4、5、6、8、9"), text


GUI = Path(__file__).resolve().parents[2] / "cnnviz" / "gui"


def test_file_dialogs_name_their_files_in_the_languages_words(in_language):
    """The save dialog said "cnnviz checkpoint (*.npz)" and the time-lapse's its title "Export time-lapse as GIF"
    in English in a Japanese window (real X, session 45): a dialog's words go through tr, its filters through
    language.file_filter (Qt reads the patterns from the ASCII brackets; the name before them is translated)."""
    english_filter = re.compile(r"\"(?=[^\"(]*[a-z])[A-Za-z][\w ]*\(\*\.?\w*")  # (not "CSV (*.csv)": a name)
    english_title = re.compile(r"QFileDialog\.get\w+\(\s*[\w.]+,\s*\"")
    found = [
        f"{path.relative_to(GUI)}: {match.group(0)!r}"
        for path in sorted(GUI.rglob("*.py"))
        for pattern in (english_filter, english_title)
        for match in pattern.finditer(path.read_text(encoding="utf-8"))
    ]
    assert not found, found

    from cnnviz.gui.checkpoints import MODEL_FILES
    from cnnviz.gui.language import ALL_FILES, file_filter

    in_language("zh_CN")
    assert file_filter(MODEL_FILES, ALL_FILES) == "cnnviz 检查点 (*.npz);;所有文件 (*)"

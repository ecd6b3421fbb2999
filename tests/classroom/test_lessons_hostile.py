"""Lesson presets from untrusted hands: size, nesting, text and the training they ask for are
bounded; messages stay short and escaped (the panel-name checks are tested in
test_lessons.py)."""

import json

import pytest
from test_lessons import GOOD  # the one valid lesson the preset tests start from

from cnnviz.classroom import lessons as presets_module
from cnnviz.classroom.lessons import LessonError, load_lesson


def _write(tmp_path, text: str):
    path = tmp_path / "lesson.json"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_deeply_nested_preset_is_refused_without_recursion(tmp_path):
    path = _write(tmp_path, '{"title": ' + "[" * 100_000 + "]" * 100_000 + "}")
    with pytest.raises(LessonError, match=r"lesson.json: nested 100001 levels deep; at most 4"):
        load_lesson(path)


def test_a_big_preset_file_is_refused_before_parsing(tmp_path):
    path = _write(tmp_path, json.dumps(GOOD | {"description": "x" * 300_000}))
    with pytest.raises(LessonError, match=r"lesson.json: is 300.\d KB; at most 262.1 KB"):
        load_lesson(path)


def test_a_huge_network_is_refused_before_it_is_built(tmp_path):
    path = _write(tmp_path, json.dumps(GOOD | {"net": ",".join(["conv3-1024"] * 60 + ["dense-10"])}))
    with pytest.raises(LessonError, match="parameters; cnnviz builds at most 50,000,000"):
        load_lesson(path)


def test_a_preset_may_not_ask_for_more_training_memory_than_the_limit(tmp_path):
    path = _write(tmp_path, json.dumps(GOOD | {"net": "conv5-256,conv5-256,pool,dense-10", "batch_size": 8192}))
    with pytest.raises(
        LessonError,
        match=r"'batch_size' 8192 with this network needs about [\d.,]+ GB to train; "
        r"a lesson may use at most 4.3 GB",
    ):
        load_lesson(path)
    load_lesson(_write(tmp_path, json.dumps(GOOD | {"net": "seed", "batch_size": 256})))


def test_problem_lists_and_quoted_values_are_bounded_and_escaped(tmp_path):
    data = GOOD | {f"junk{i}\x1b[2J": i for i in range(5000)} | {"title": "t" * 100_000}
    with pytest.raises(LessonError) as caught:
        load_lesson(_write(tmp_path, json.dumps(data)))
    message = str(caught.value)
    assert "\x1b" not in message and len(message) < 5000
    assert "5001 problems" in message and "and 4,991 more" in message


def test_titles_with_control_characters_are_refused(tmp_path):
    with pytest.raises(LessonError, match="'title' must not hold control characters"):
        load_lesson(_write(tmp_path, json.dumps(GOOD | {"title": "Lesson\x1b]0;pwned\x07"})))


def test_a_fifo_is_named_not_waited_on(tmp_path):
    import os

    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    os.mkfifo(tmp_path / "pipe.json")
    with pytest.raises(LessonError, match=r"pipe.json: is a named pipe \(FIFO\), not a file"):
        load_lesson(tmp_path / "pipe.json")
    assert presets_module.MAX_LESSON_BYTES == 256 * 1024

"""Only the app model changes the app model (issue 30): no module outside ``cnnviz/app`` emits one of its
events or assigns a field of its state or its run; they call its intents (``weights_replaced()``, ``saved()``,
``choose_test_image()``, ``set_drawing_input()``...)."""

import re
from pathlib import Path

import cnnviz

PACKAGE = Path(cnnviz.__file__).parent
EMIT = re.compile(r"\.events\.\w+\.emit\(")
RUN_FIELD_WRITTEN = re.compile(r"\brun\.\w+\s*=(?!=)")
STATE_FIELD_WRITTEN = re.compile(r"\bstate\.\w+(\.\w+)?\s*=(?!=)")
"""``state.data_dir = ...``, ``self.state.input_choice = ...``, ``state.input_choice.test_index = ...``: the input
the views show is the model's (``choose_drawing()``), never a widget's to write."""
INPUT_CHOICE_WRITTEN = re.compile(r"\b(input_choice|drawing_input)\s*=(?!=)")
"""The model's input choice assigned under another name (``model.input_choice = ...``)."""


def outside_the_model():
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.relative_to(PACKAGE).parts[0] != "app":
            yield path, path.read_text(encoding="utf-8")


def test_no_module_outside_the_app_model_emits_its_events_or_writes_its_run():
    found = [
        f"{path.relative_to(PACKAGE)}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(0)}"
        for path, text in outside_the_model()
        for pattern in (EMIT, RUN_FIELD_WRITTEN, STATE_FIELD_WRITTEN, INPUT_CHOICE_WRITTEN)
        for m in pattern.finditer(text)
    ]
    assert found == []


def test_the_check_finds_what_it_looks_for():
    assert EMIT.search("self.state.events.weights.emit()")
    assert RUN_FIELD_WRITTEN.search("state.run.unsaved = False") and not RUN_FIELD_WRITTEN.search("run.state == x")
    assert STATE_FIELD_WRITTEN.search("self.state.data_dir = folder")
    assert STATE_FIELD_WRITTEN.search("self.state.input_choice.test_index = 3")
    assert INPUT_CHOICE_WRITTEN.search("app.input_choice = InputChoice(True, 0)")
    assert INPUT_CHOICE_WRITTEN.search("model.drawing_input = image")
    assert not STATE_FIELD_WRITTEN.search("state.input_choice == choice") and not STATE_FIELD_WRITTEN.search(
        "self.state.choose_test_image(3)"
    )

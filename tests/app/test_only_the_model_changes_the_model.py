"""Only the app model changes the app model (issue 30): no module outside ``cnnviz/app`` emits one of its
events or assigns a field of its run; they call its intents (``weights_replaced()``, ``saved()``...)."""

import re
from pathlib import Path

import cnnviz

PACKAGE = Path(cnnviz.__file__).parent
EMIT = re.compile(r"\.events\.\w+\.emit\(")
RUN_FIELD_WRITTEN = re.compile(r"\brun\.\w+\s*=(?!=)")


def outside_the_model():
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.relative_to(PACKAGE).parts[0] != "app":
            yield path, path.read_text(encoding="utf-8")


def test_no_module_outside_the_app_model_emits_its_events_or_writes_its_run():
    found = [
        f"{path.relative_to(PACKAGE)}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(0)}"
        for path, text in outside_the_model()
        for pattern in (EMIT, RUN_FIELD_WRITTEN)
        for m in pattern.finditer(text)
    ]
    assert found == []


def test_the_check_finds_what_it_looks_for():
    assert EMIT.search("self.state.events.weights.emit()")
    assert RUN_FIELD_WRITTEN.search("state.run.unsaved = False") and not RUN_FIELD_WRITTEN.search("run.state == x")

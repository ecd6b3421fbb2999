"""cnnviz.dispatch.singledispatchmethod: one method per argument type that keeps no instance alive (issue 33:
functools' kept every stopped run's Trainer on Python 3.13.0 and 3.13.1)."""

import gc
import weakref
from pathlib import Path

import pytest

from cnnviz.dispatch import singledispatchmethod

ROOT = Path(__file__).resolve().parents[1]


class Handler:
    def __init__(self):
        self.seen = []

    @singledispatchmethod
    def handle(self, thing) -> str:
        raise TypeError(f"nothing handles {thing!r}")

    @handle.register
    def _number(self, thing: int) -> str:
        self.seen.append(thing)
        return "int"

    @handle.register
    def _text(self, thing: str, suffix: str = "") -> str:
        self.seen.append(thing + suffix)
        return "str"


class Bool(int):
    pass


def test_each_type_goes_to_its_own_method_bound_to_the_instance():
    handler = Handler()
    assert handler.handle(3) == "int" and handler.handle(Bool(1)) == "int"  # a subclass: its base's method
    assert handler.handle("a", suffix="!") == "str"
    assert handler.seen == [3, 1, "a!"]
    with pytest.raises(TypeError, match="nothing handles"):
        handler.handle(2.5)
    assert Handler.handle.register is not None and Handler.handle.__doc__ == Handler.handle.func.__doc__


def test_an_instance_that_dispatched_is_freed_when_let_go():
    handler = Handler()
    handler.handle(1)
    handler.handle("x")
    gone = weakref.ref(handler)
    del handler
    gc.collect()
    assert gone() is None, "the dispatch kept its instance alive (functools' on Python 3.13.0-3.13.1 did)"


def test_no_module_uses_functools_singledispatchmethod():
    users = [
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "cnnviz").rglob("*.py")
        if path.name != "dispatch.py"
        and "singledispatchmethod" in path.read_text(encoding="utf-8")
        and "from ..dispatch import singledispatchmethod" not in path.read_text(encoding="utf-8")
        and "from .dispatch import singledispatchmethod" not in path.read_text(encoding="utf-8")
    ]
    assert users == [], f"use cnnviz.dispatch.singledispatchmethod (functools' leaks on 3.13.0-3.13.1): {users}"

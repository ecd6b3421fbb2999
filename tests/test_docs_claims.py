"""docs/claims.md lists the docs' claims with the test or code line that keeps each (issue 30). A claim is only
kept while what it cites exists: every ``path::name`` there must name a file of the repository and a function,
class or assignment in it (a renamed or deleted test would otherwise leave its claim unkept, silently)."""

import ast
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLAIMS = ROOT / "docs" / "claims.md"
CITATION = re.compile(r"`((?:tests|cnnviz)/[\w/]+\.py)(?:::(\w+))?`")


@cache
def defined_names(path: Path) -> frozenset[str]:
    """Every function, class and assigned name anywhere in the module at ``path``."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(t.id for t in targets if isinstance(t, ast.Name))
    return frozenset(names)


def unkept(text: str) -> list[str]:
    """The citations in ``text`` whose file or name does not exist."""
    missing = []
    for path, name in CITATION.findall(text):
        file = ROOT / path
        if not file.is_file():
            missing.append(path)
        elif name and name not in defined_names(file):
            missing.append(f"{path}::{name}")
    return missing


def test_every_test_and_name_a_claim_cites_exists():
    text = CLAIMS.read_text(encoding="utf-8")
    assert len(CITATION.findall(text)) >= 100, "the list cites its tests as `path::name`"
    assert unkept(text) == []


def test_the_check_finds_a_citation_that_is_gone():
    assert unkept("`tests/test_docs_claims.py::test_that_was_renamed` `tests/no_such_file.py`") == [
        "tests/test_docs_claims.py::test_that_was_renamed",
        "tests/no_such_file.py",
    ]
    assert unkept("`tests/test_docs_claims.py::CLAIMS` `cnnviz/data/limits.py::MAX_LAYERS`") == []


def test_the_list_covers_the_docs_it_names_and_is_linked_from_the_architecture():
    text = CLAIMS.read_text(encoding="utf-8")
    for doc in ("security", "architecture", "performance", "classroom"):
        assert f"## docs/{doc}.md" in text
    assert "claims.md" in (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")

"""The package list in pyproject.toml names every package of the source tree: a wheel (what CI and users
install) carries exactly what the explicit list says, so a new subpackage left out would be missing from it."""

import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_every_python_package_in_the_tree_is_in_the_wheel():
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(REPO).parts) for p in (REPO / "cnnviz").rglob("__init__.py")}
    assert found - listed == set(), f"packages missing from pyproject.toml: {sorted(found - listed)}"

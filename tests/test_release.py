"""The release's promises that a file can hold (docs/releasing.md): one version source that the changelog
knows, the README's test command is CI's, the constraints file pins what CI installs, and no install hint
names an index package that is not ours."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

import cnnviz

REPO = Path(__file__).resolve().parents[1]


def _text(path: str) -> str:
    return (REPO / path).read_text(encoding="utf-8")


def test_the_version_is_written_once_and_pyproject_reads_it():
    project = tomllib.loads(_text("pyproject.toml"))
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "cnnviz.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", cnnviz.__version__)
    written = [p for p in (REPO / "cnnviz").rglob("*.py") if re.search(r"^__version__\s*=", p.read_text("utf-8"), re.M)]
    assert written == [REPO / "cnnviz" / "__init__.py"]


def test_the_changelog_has_the_version_and_keeps_a_changelogs_shape():
    changelog = _text("CHANGELOG.md")
    assert "keepachangelog.com" in changelog and "## [Unreleased]" in changelog
    assert f"## [{cnnviz.__version__}]" in changelog, "CHANGELOG.md needs a section for the version being released"


def test_the_readmes_test_command_is_the_one_ci_runs():
    readme = _text("README.md")
    line = re.search(r"^python3 -m venv .*pip install \"\.\[test\]\"(.*?) && pytest$", readme, re.M)
    assert line, "the README's test command"
    install = f'pip install ".[test]"{line.group(1)}'
    assert "-c constraints.txt" in install
    assert re.search(rf"^{re.escape(install)}$", _text(".ci/run"), re.M), f"CI must run the README's `{install}`"


def test_the_constraints_pin_every_runtime_and_test_requirement_exactly():
    pins = {}
    for raw in _text("constraints.txt").splitlines():
        line = raw.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            assert version, f"constraints.txt: {raw!r} is not an exact pin"
            pins[re.sub(r"[-_.]+", "-", name).lower()] = version
    assert "cnnviz" not in pins
    project = tomllib.loads(_text("pyproject.toml"))["project"]
    wanted = project["dependencies"] + project["optional-dependencies"]["test"]
    for requirement in wanted:
        name = re.sub(r"[-_.]+", "-", re.match(r"[A-Za-z0-9_.-]+", requirement).group(0)).lower()
        assert name in pins, f"{name} ({requirement}) is not pinned in constraints.txt"


@pytest.mark.parametrize("path", ["README.md", "docs/install.md", "docs/packaging.md", "CONTRIBUTING.md"])
def test_no_hard_coded_python_launcher_version_and_no_index_package(path):
    if not (REPO / path).is_file():
        pytest.skip(f"{path} is not here")
    text = _text(path)
    assert "py -3.12 -m" not in text
    assert not re.search(r"pip install \"?cnnviz(\[|\"|\s|$)", text), f"{path} names cnnviz on an index"


def test_no_message_names_cnnviz_on_an_index():
    offenders = [
        str(p.relative_to(REPO))
        for p in (REPO / "cnnviz").rglob("*.py")
        if re.search(r"""pip install \\?["']?cnnviz\[""", p.read_text(encoding="utf-8"))
    ]
    assert offenders == [], f"install hints naming an index package that is not ours: {offenders}"


def test_the_readmes_relative_links_resolve_here_and_in_the_unpacked_sdist():
    """cnnviz has no public home yet, so an index could not render the README's links absolute; they are
    relative, and they work in a checkout and in the unpacked sdist (packaging/smoke_wheel.sh runs this
    test there; MANIFEST.in carries the docs and pictures)."""
    readme = _text("README.md")
    targets = {t.split("#")[0] for t in re.findall(r"\]\(([^)\s]+)\)", readme) if "://" not in t}
    assert targets, "the README links its docs"
    missing = sorted(t for t in targets if t and not (REPO / t).exists())
    assert missing == [], f"README links to files that are not here: {missing}"

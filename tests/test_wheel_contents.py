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


def test_every_folder_the_wheel_takes_data_from_is_a_listed_package():
    """setuptools warns "Package would be ignored" (an error in later versions) for a data folder inside a
    package that the list leaves out; each of these must be listed, and each listed one must exist."""
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    listed = set(config["packages"])
    mapped = {package: REPO / folder for package, folder in config["package-dir"].items()}

    def folder(package: str):
        for prefix, where in mapped.items():
            if package == prefix or package.startswith(prefix + "."):
                return where.joinpath(*package[len(prefix) :].split(".")[1:])
        return REPO.joinpath(*package.split("."))

    data_folders = set()
    for package in listed:
        where = folder(package)
        assert where.is_dir(), f"{package} is listed but {where} does not exist"
        for child in where.iterdir():
            if child.is_dir() and child.name != "__pycache__" and any(f.is_file() for f in child.iterdir()):
                data_folders.add(f"{package}.{child.name}")
    data_folders -= {"cnnviz.assets.screenshots"}  # the README's pictures: the sdist carries them, not the wheel
    assert data_folders - listed == set(), f"folders setuptools would warn about: {sorted(data_folders - listed)}"
    assert set(config["package-data"]) <= listed

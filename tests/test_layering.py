"""The architecture's import rules (see README: Architecture)."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "cnnviz"


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            prefix = "." * node.level
            names.add(prefix + (node.module or ""))
    return names


def python_files(folder: Path):
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


def test_only_gui_imports_qt():
    offenders = []
    for path in python_files(PACKAGE):
        if path.relative_to(PACKAGE).parts[0] == "gui":
            continue
        for name in imported_modules(path):
            if name.split(".")[0] in ("PySide6", "pyqtgraph", "PyQt5", "PyQt6", "shiboken6"):
                offenders.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert not offenders, offenders


def test_backends_import_nothing_from_nn_train_or_gui():
    offenders = []
    for path in python_files(PACKAGE / "backends"):
        for name in imported_modules(path):
            if any(part in ("nn", "train", "gui") for part in name.lstrip(".").split(".")[:2]) and (
                    name.startswith("..") or name.startswith("cnnviz.")):
                offenders.append(f"{path.name} imports {name}")
    assert not offenders, offenders


def test_train_and_nn_do_not_import_gui():
    for sub in ("train", "nn", "data"):
        for path in python_files(PACKAGE / sub):
            assert not any("gui" in name.split(".") for name in imported_modules(path)), path

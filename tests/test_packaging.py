"""The packaging scripts, checked without building anything: the bundle spec carries every module cnnviz
imports by name and the package data; the smoke test's clean environment has no venv on PATH; the shell
script parses. (Building the bundle takes minutes: packaging/bundle.py --smoke, see docs/packaging.md.)"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _bundle_module():
    spec = importlib.util.spec_from_file_location("cnnviz_bundle_script", REPO / "packaging" / "bundle.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _spec_globals() -> dict:
    """Run the .spec's top half (everything before Analysis) with PyInstaller's helper stubbed."""
    text = (REPO / "packaging" / "cnnviz.spec").read_text(encoding="utf-8")
    top = text[:text.index("a = Analysis(")]
    hooks = type(sys)("PyInstaller.utils.hooks")
    hooks.collect_submodules = lambda package: [f"{package}.<all>"]
    saved = {name: sys.modules.get(name) for name in ("PyInstaller", "PyInstaller.utils", "PyInstaller.utils.hooks")}
    sys.modules.update({"PyInstaller": type(sys)("PyInstaller"), "PyInstaller.utils": type(sys)("PyInstaller.utils"),
                        "PyInstaller.utils.hooks": hooks})
    try:
        scope = {"SPECPATH": str(REPO / "packaging"), "__name__": "spec"}
        exec(compile(top, "cnnviz.spec", "exec"), scope)
    finally:
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module
    return scope


def test_the_spec_names_the_backends_and_panels_imported_by_name():
    from cnnviz.backends import registry as backends
    from cnnviz.gui.panels import registry as panels

    hidden = set(_spec_globals()["hidden"])
    assert "cnnviz.<all>" in hidden
    for module in backends.modules().values():
        assert module in hidden, f"{module} is imported by name: the spec must list it"
    assert "PySide6.QtOpenGL" in hidden
    for spec in panels.PANELS:  # collect_submodules("cnnviz") finds these: they are in the package
        # Each panel's module is named after its key (registry.problems() checks the classes, with Qt).
        assert (REPO / "cnnviz" / "gui" / "panels" / f"{spec.key}.py").is_file(), spec.key


def test_the_spec_carries_the_package_data_where_an_installed_wheel_has_it():
    datas = _spec_globals()["datas"]
    targets = {(Path(source).name, target) for source, target in datas}
    assert ("__init__.py", "cnnviz/assets") in targets
    assert ("cnnviz-256.png", "cnnviz/assets/icons") in targets and ("cnnviz.svg", "cnnviz/assets/icons") in targets
    assert sum(1 for name, target in targets if target == "cnnviz/assets/mnist") == 4
    assert any(target == "cnnviz/assets/presets" for _, target in targets)
    assert all(Path(source).is_file() for source, _ in datas)
    translations = {name for name, target in targets if target == "cnnviz/gui/translations"}
    assert translations == {"cnnviz_de.ts", "cnnviz_ja.ts", "cnnviz_zh_CN.ts"}, "the bundle reads the .ts files"
    page = {name for name, target in targets if target == "cnnviz/web/static"}
    assert page == {"page.html", "page.js", "page.css"}, "the class canvas serves these from the package"


def test_the_smoke_environment_has_a_fresh_home_and_no_venv_on_path(tmp_path, monkeypatch):
    bundle = _bundle_module()
    venv_bin = Path(sys.prefix) / ("Scripts" if sys.platform == "win32" else "bin")
    monkeypatch.setenv("PATH", os.pathsep.join([str(venv_bin), "/usr/bin", "/bin"]))
    env = bundle.clean_environment(tmp_path / "home")
    assert str(venv_bin) not in env["PATH"].split(os.pathsep) and "/usr/bin" in env["PATH"]
    assert env["HOME"] == str(tmp_path / "home") and env["XDG_CACHE_HOME"].startswith(str(tmp_path))
    assert "VIRTUAL_ENV" not in env and "PYTHONPATH" not in env


def test_the_smoke_environment_keeps_the_system_bin_when_the_base_python_lives_there(tmp_path, monkeypatch):
    bundle = _bundle_module()
    monkeypatch.setattr(bundle.sys, "base_prefix", "/usr")  # a venv made from the system's Python
    monkeypatch.setenv("PATH", os.pathsep.join(["/usr/local/bin", "/usr/bin", "/bin"]))
    env = bundle.clean_environment(tmp_path / "home")
    assert "/usr/bin" in env["PATH"].split(os.pathsep)


def test_the_executable_and_archive_names_follow_the_platform(monkeypatch):
    bundle = _bundle_module()
    monkeypatch.setattr(bundle.sys, "platform", "win32")
    monkeypatch.setattr(bundle.platform, "machine", lambda: "AMD64")
    assert bundle.executable(Path("d")).name == "cnnviz.exe" and bundle.platform_tag() == "windows-x86_64"
    monkeypatch.setattr(bundle.sys, "platform", "darwin")
    monkeypatch.setattr(bundle.platform, "machine", lambda: "arm64")
    assert bundle.executable(Path("d")).name == "cnnviz" and bundle.platform_tag() == "macos-arm64"
    monkeypatch.setattr(bundle.sys, "platform", "linux")
    monkeypatch.setattr(bundle.platform, "machine", lambda: "aarch64")
    assert bundle.platform_tag() == "linux-arm64"


def test_without_pyinstaller_the_script_says_what_to_install(monkeypatch):
    bundle = _bundle_module()
    monkeypatch.setitem(sys.modules, "PyInstaller", None)
    with pytest.raises(SystemExit, match=r'pip install "\.\[bundle\]"'):
        bundle.build()


def test_the_shell_script_parses():
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("no bash")
    done = subprocess.run([bash, "-n", str(REPO / "packaging" / "smoke_wheel.sh")], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr

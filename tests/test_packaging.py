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
    top = text[: text.index("a = Analysis(")]
    hooks = type(sys)("PyInstaller.utils.hooks")
    hooks.collect_submodules = lambda package: [f"{package}.<all>"]
    saved = {name: sys.modules.get(name) for name in ("PyInstaller", "PyInstaller.utils", "PyInstaller.utils.hooks")}
    sys.modules.update(
        {
            "PyInstaller": type(sys)("PyInstaller"),
            "PyInstaller.utils": type(sys)("PyInstaller.utils"),
            "PyInstaller.utils.hooks": hooks,
        }
    )
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
    assert sum(1 for name, target in targets if target == "cnnviz/assets/mnist" and name.endswith(".gz")) == 4
    assert ("LICENSE.txt", "cnnviz/assets/mnist") in targets, "MNIST's CC BY-SA 3.0 attribution travels with it"
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


def _third_party_module():
    spec = importlib.util.spec_from_file_location("cnnviz_third_party_script", REPO / "packaging" / "third_party.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_distribution_the_bundle_carries_has_its_licence_text():
    notices = _third_party_module()
    bundled = notices.bundled_distributions()
    for name in (
        "numpy",
        "numba",
        "llvmlite",
        "pillow",
        "pyqtgraph",
        "pyside6-essentials",
        "shiboken6",
        "platformdirs",
    ):
        assert name in bundled, f"{name} is a runtime requirement: the bundle carries it"
    assert "cnnviz" not in bundled and "pytest" not in bundled, "cnnviz is LICENSE; the test tools are not bundled"
    for name, dist in bundled.items():
        texts = notices.licence_texts(dist)
        assert texts and all(len(text) > 200 for _, text in texts), f"{name} has no licence text"
    lgpl = dict(notices.licence_texts(bundled["pyside6-essentials"]))
    assert (
        "GNU LESSER GENERAL PUBLIC LICENSE" in lgpl["LGPL-3.0.txt"]
        and "GNU GENERAL PUBLIC LICENSE" in lgpl["GPL-3.0.txt"]
    )


def test_the_notice_states_qts_lgpl_obligations_mnists_attribution_and_pythons_licence():
    text = _third_party_module().notice()
    assert "dynamically" in text and "replace" in text, "LGPL-3: dynamic linking and how to replace Qt"
    assert "download.qt.io" in text and "qt-everywhere-src-" in text, "LGPL-3: where Qt's source is"
    assert "Attribution-Share Alike 3.0" in text and "Yann LeCun" in text
    assert "PYTHON SOFTWARE FOUNDATION LICENSE" in text.upper()
    assert text.count("GNU LESSER GENERAL PUBLIC LICENSE\n") == 1, "shiboken6's LGPL text is named, not repeated"


def test_the_bundle_gets_its_notices_and_stops_on_a_distribution_without_one(tmp_path, monkeypatch):
    bundle = _bundle_module()
    folder = tmp_path / "cnnviz"
    (folder / "_internal" / "numpy").mkdir(parents=True)
    (folder / "_internal" / "_pytest").mkdir()  # pytest's files in a bundle: not a requirement, found by looking
    assert bundle.unnoticed(folder, set(_third_party_module().bundled_distributions())) == ["pytest"]
    bundle.write_notices(folder)
    notice = (folder / "THIRD-PARTY-NOTICES.txt").read_text(encoding="utf-8")
    assert "pytest " in notice and "numpy " in notice
    assert "MIT License" in (folder / "LICENSE.txt").read_text(encoding="utf-8")
    assert "CC BY-SA 3.0" in (folder / "MNIST-LICENSE.txt").read_text(encoding="utf-8")


def test_the_spec_leaves_out_the_egg_info_and_qts_test_library():
    scope = _spec_globals()
    assert "PySide6.QtTest" in scope["excludes"]
    entries = [
        ("cnnviz.egg-info/PKG-INFO", "x", "DATA"),
        ("PySide6/Qt/lib/libQt6Test.so.6", "x", "BINARY"),
        ("PySide6/QtTest.abi3.so", "x", "EXTENSION"),
        ("PySide6/Qt/lib/libQt6Core.so.6", "x", "BINARY"),
    ]
    assert scope["shipped"](entries) == [entries[-1]]


def test_the_licence_travels_in_the_wheel_and_sdist():
    import tomllib

    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "LICENSE" in project["license-files"] and "assets/mnist/LICENSE.txt" in project["license-files"]
    assert (REPO / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


def test_nothing_a_build_or_a_run_makes_is_tracked():
    git = shutil.which("git")
    if git is None or not (REPO / ".git").exists():
        pytest.skip("not a git checkout (an unpacked sdist)")
    tracked = subprocess.run([git, "ls-files"], cwd=REPO, capture_output=True, text=True)
    if tracked.returncode != 0:
        pytest.skip(f"git ls-files failed: {tracked.stderr.strip()}")
    names = tracked.stdout.splitlines()
    made = [
        n
        for n in names
        if n.endswith((".pid", ".pyc", ".log"))
        or "egg-info" in n
        or "__pycache__" in n
        or n.startswith(("build/", "dist/", ".venv/"))
    ]
    assert made == [], f"tracked files that a build or a run makes: {made}"
    ignored = subprocess.run([git, "ls-files", "-ci", "--exclude-standard"], cwd=REPO, capture_output=True, text=True)
    assert ignored.stdout.split() == [], f"tracked files that .gitignore ignores: {ignored.stdout.split()}"


def test_libraries_copied_from_the_build_system_are_named_with_their_copyright(tmp_path):
    notices = _third_party_module()
    if shutil.which("dpkg") is None or not any(
        Path(d, "libc.so.6").exists() for d in ("/usr/lib/x86_64-linux-gnu", "/lib/x86_64-linux-gnu")
    ):
        pytest.skip("needs a Debian-like system with dpkg and glibc")
    (tmp_path / "libc.so.6").write_bytes(b"")  # as PyInstaller copies it into _internal
    (tmp_path / "libQt6Core.so.6").write_bytes(b"")  # from the PySide6 wheel: not the system's
    (tmp_path / "numpy").mkdir()
    libraries = notices.system_libraries(tmp_path)
    assert [(name, package) for name, package, _ in libraries] == [("libc.so.6", "libc6")]
    text = notices.system_section(tmp_path)
    assert "libc.so.6: libc6" in text and "/usr/share/doc/libc6/copyright" in text

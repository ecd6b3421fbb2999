"""cnnviz as a desktop app on Linux: `cnnviz install-desktop` puts a menu entry and the icon in the user's
XDG data folder (tested into a temporary one); the icon files ship in the package."""

from __future__ import annotations

import configparser
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from cnnviz import cli
from cnnviz.gui import desktop


def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_icon_files_are_there_in_every_size():
    files = desktop.icon_files()
    assert sorted(files) == [0, *desktop.ICON_SIZES]
    assert files[0].read_text(encoding="utf-8").lstrip().startswith("<svg")
    for size in desktop.ICON_SIZES:
        with Image.open(files[size]) as image:
            assert image.size == (size, size) and image.mode == "RGBA"


@pytest.fixture
def linux_home(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    return tmp_path / "share"


def test_install_desktop_writes_the_entry_and_icons_for_the_user(capsys, linux_home):
    code, out, err = run(capsys, "install-desktop")
    assert code == 0, err
    entry = linux_home / "applications" / "cnnviz.desktop"
    assert str(entry) in out.splitlines()
    for size in desktop.ICON_SIZES:
        assert (linux_home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "cnnviz.png").is_file()
    assert (linux_home / "icons" / "hicolor" / "scalable" / "apps" / "cnnviz.svg").is_file()
    keys = configparser.ConfigParser(interpolation=None)
    keys.optionxform = str
    keys.read_string(entry.read_text(encoding="utf-8"))
    section = keys["Desktop Entry"]
    assert section["Type"] == "Application" and section["Icon"] == "cnnviz"
    assert section["StartupWMClass"] == "cnnviz" and section["Terminal"] == "false"
    command = section["Exec"].split()[0]
    assert Path(command).is_absolute() and Path(command).exists(), "the entry starts this installation"
    if shutil.which("desktop-file-validate"):
        check = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True)
        assert check.returncode == 0, check.stdout + check.stderr
    # again: replaced, not duplicated
    assert run(capsys, "install-desktop")[0] == 0
    assert len(list((linux_home / "applications").iterdir())) == 1


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_install_desktop_elsewhere_is_a_clear_error(capsys, monkeypatch, tmp_path, platform):
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    code, out, err = run(capsys, "install-desktop")
    assert code == 2 and err.startswith("cnnviz: error: install-desktop is for Linux desktops")
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize(
    "command, exec_line",
    [
        (["/opt/cnnviz/bin/cnnviz-app"], "/opt/cnnviz/bin/cnnviz-app"),
        (["/home/a b/.venv/bin/python", "-m", "cnnviz", "gui"], '"/home/a b/.venv/bin/python" -m cnnviz gui'),
        (["/x/100%/cnnviz", "gui"], '"/x/100%%/cnnviz" gui'),
        (["/x/$HOME/cnnviz"], '"/x/\\\\$HOME/cnnviz"'),  # \$ in Exec, its backslash escaped in the file
    ],
)
def test_exec_lines_are_quoted_as_the_specification_says(command, exec_line):
    assert f"Exec={exec_line}\n" in desktop.desktop_entry(command)


def test_the_launch_command_is_the_gui_script_the_bundle_or_python(monkeypatch, tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    python = bin_dir / "python"
    monkeypatch.setattr(sys, "executable", str(python))
    assert desktop.launch_command() == [str(python), "-m", "cnnviz", "gui"]
    app = bin_dir / "cnnviz-app"
    app.write_text("#!/bin/sh\n")
    app.chmod(0o755)
    assert desktop.launch_command() == [str(app)]
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert desktop.launch_command() == [str(python), "gui"]

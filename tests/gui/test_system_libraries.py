"""Before Qt loads its xcb plugin, cnnviz names the missing system libraries instead of Qt's abort."""

import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from cnnviz.gui import system_libraries as sl

X_SESSION = {"DISPLAY": ":0"}


def test_nothing_missing_means_no_message():
    assert sl.check(X_SESSION, loads=lambda name: True) is None


def test_a_missing_xcb_library_names_the_exact_packages_on_one_line():
    gone = {"libxcb-icccm.so.4", "libxcb-keysyms.so.1"}
    message = sl.check(X_SESSION, loads=lambda name: name not in gone)
    assert message is not None and "\n" not in message
    assert "sudo apt-get install libxcb-icccm4 libxcb-keysyms1" in message
    assert "sudo dnf install xcb-util-wm xcb-util-keysyms" in message
    assert "libxcb-icccm.so.4" in message and "libxcb-keysyms.so.1" in message
    assert "xcb-cursor" not in message, "only what is really missing, not Qt's usual guess"


def test_a_package_is_named_once_for_two_of_its_libraries():
    message = sl.check(X_SESSION, loads=lambda name: not name.startswith(("libglib", "libgthread")))
    assert message.count("libglib2.0-0") == 1


@pytest.mark.parametrize(
    "environ, xcb",
    [
        ({"DISPLAY": ":0"}, True),
        ({}, False),
        ({"DISPLAY": ":0", "QT_QPA_PLATFORM": "offscreen"}, False),
        ({"DISPLAY": ":0", "QT_QPA_PLATFORM": "offscreen:configfile=/tmp/x.json"}, False),
        ({"DISPLAY": ":0", "QT_QPA_PLATFORM": "xcb"}, True),
        ({"DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0", "XDG_SESSION_TYPE": "wayland"}, False),
        ({"DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0", "XDG_SESSION_TYPE": "x11"}, True),
    ],
)
def test_the_xcb_libraries_are_checked_only_when_qt_will_use_xcb(environ, xcb):
    missing = sl.missing(environ, loads=lambda name: not name.startswith("libxcb-icccm"))
    assert bool(missing) is (xcb and sys.platform.startswith("linux"))


def test_the_app_prints_one_line_and_exits_instead_of_aborting(tmp_path):
    """The real entry point (``python -m cnnviz``), in its own process, with a loader that lacks one library."""
    code = (
        "import sys, cnnviz.gui.system_libraries as s\n"
        "real = s.loads_library\n"
        "s.loads_library = lambda name: name != 'libxcb-keysyms.so.1' and real(name)\n"
        "from cnnviz.cli import main\n"
        "sys.exit(main([]))\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY", "CNNVIZ_DEBUG")}
    env.update(DISPLAY=":97", PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120, cwd=tmp_path
    )
    if not sys.platform.startswith("linux"):
        pytest.skip("the check is for Linux")
    assert done.returncode not in (0, -6, 134), done
    assert "Traceback" not in done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, done.stderr
    packages = lines[0].split("sudo apt-get install ", 1)[1].split(" (")[0].split()
    assert "libxcb-keysyms1" in packages, lines[0]


# --- the list itself: read from the installed plugin -------------------------------------------
def elf_needed(path: Path) -> list[str]:
    """The DT_NEEDED entries of a 64-bit little-endian ELF file (what ``readelf -d`` lists)."""
    data = path.read_bytes()
    assert data[:4] == b"\x7fELF" and data[4] == 2 and data[5] == 1, f"{path}: not a 64-bit LE ELF"
    (shoff,) = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", data, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    dynamic = next(s for s in sections if s[1] == 6)  # SHT_DYNAMIC
    strtab = sections[dynamic[6]]  # its sh_link: the string table
    names = []
    for offset in range(dynamic[4], dynamic[4] + dynamic[5], 16):
        tag, value = struct.unpack_from("<qQ", data, offset)
        if tag == 0:
            break
        if tag == 1:  # DT_NEEDED
            start = strtab[4] + value
            names.append(data[start : data.index(b"\0", start)].decode())
    return names


ALWAYS_THERE = (
    "libc.so",
    "libm.so",
    "libstdc++",
    "libgcc_s",
    "libpthread",
    "libdl.so",
    "librt.so",
    "ld-linux",
    "libz.so",
    "libzstd.so",
)
"""Part of every Linux system (Debian's required packages)."""


def test_every_system_library_qt_links_is_in_the_list():
    if not sys.platform.startswith("linux"):
        pytest.skip("Linux only")
    import PySide6

    qt = Path(PySide6.__file__).parent / "Qt"
    files = [
        qt / "plugins" / "platforms" / "libqxcb.so",
        *(qt / "lib" / f"libQt6{m}.so.6" for m in ("XcbQpa", "Gui", "Widgets", "DBus", "Core")),
    ]
    files = [f for f in files if f.exists()]
    if not files:
        pytest.skip("this PySide6 has no Qt libraries where a wheel puts them")
    bundled = {p.name for p in (qt / "lib").iterdir()}
    listed = {lib.soname for lib in sl.QT_GUI_LIBRARIES + sl.XCB_LIBRARIES}
    needed = {name for f in files for name in elf_needed(f)}
    unlisted = sorted(n for n in needed - bundled - listed if not n.startswith(ALWAYS_THERE))
    assert not unlisted, f"Qt links system libraries the check does not know: {unlisted}"


def test_the_readme_lists_every_debian_package():
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    text = " ".join(readme.split())
    start = text.index("On Debian/Ubuntu they are: ") + len("On Debian/Ubuntu they are: ")
    listed = text[start : text.index(". ", start)].split()
    assert listed == sl.debian_packages()

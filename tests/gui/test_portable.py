"""The app on Windows and macOS as well as Linux, tested here on Linux with the OS mocked where needed:
the offscreen screen config without a colon for Qt to split at, resident memory without ``resource``,
the platform's UI font, data sets offered only where they load, and the app's name and icon."""

from __future__ import annotations

import ctypes
import json
import ntpath
import os
import posixpath
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cnnviz.gui import launch as gui_app
from cnnviz.gui import offscreen_screen, theme
from cnnviz.gui.devtools import memory
from cnnviz.train import heap

REPO = Path(__file__).resolve().parents[2]


# --- --size on the offscreen platform: no ':' in QT_QPA_PLATFORM -------------------------------------


@pytest.mark.parametrize(
    "pathmod, path, cwd, expected",
    [
        (posixpath, "/tmp/cnnviz-screen-1.json", "/home/t", "/tmp/cnnviz-screen-1.json"),
        (posixpath, "/tmp/a:b/cnnviz-screen-1.json", "/tmp", "a:b/cnnviz-screen-1.json"),  # still a colon
        (posixpath, "/tmp/a:b/cnnviz-screen-1.json", "/tmp/a:b/sub", "../cnnviz-screen-1.json"),
        (
            ntpath,
            r"C:\Users\t\AppData\Local\Temp\cnnviz-screen-1.json",
            r"C:\Users\t\Documents",
            r"..\AppData\Local\Temp\cnnviz-screen-1.json",
        ),
        (ntpath, r"C:\Users\t\AppData\Local\Temp\cnnviz-screen-1.json", r"D:\class", None),  # another drive
        (ntpath, r"C:\Users\t;x\Temp\s.json", r"C:\Users\t;x", r"Temp\s.json"),
    ],
)
def test_the_config_path_qt_gets_has_no_colon_or_semicolon(pathmod, path, cwd, expected):
    got = offscreen_screen.qt_argument_path(path, cwd, pathmod)
    if expected is not None and (":" in expected or ";" in expected):
        assert got is None
    else:
        assert got == expected


def _configured_screen(monkeypatch, tmp_path, temp_name):
    temp = tmp_path / temp_name
    temp.mkdir(parents=True)
    monkeypatch.setattr("tempfile.tempdir", str(temp))
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    offscreen_screen.use_size((1280, 720))
    value = os.environ["QT_QPA_PLATFORM"]
    name, *arguments = value.split(":")  # as Qt splits it
    assert name == "offscreen" and len(arguments) == 1 and ";" not in value
    key, reference = arguments[0].split("=", 1)
    assert key == "configfile"
    return reference


def test_a_colon_in_the_temp_folder_gives_a_relative_path(monkeypatch, tmp_path):
    (tmp_path / "a:b" / "work").mkdir(parents=True)
    monkeypatch.chdir(tmp_path / "a:b" / "work")
    reference = _configured_screen(monkeypatch, tmp_path, "a:b/tmp")
    assert reference.startswith("../tmp/cnnviz-screen-")
    screens = json.loads(Path(reference).read_text())["screens"]
    assert (screens[0]["width"], screens[0]["height"]) == (1280, 720)


def test_where_no_relative_path_is_clean_another_folder_is_used(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    reference = _configured_screen(monkeypatch, tmp_path, "a:b")
    assert Path(reference).parent == tmp_path / "cache" / "cnnviz"
    assert json.loads(Path(reference).read_text())["screens"][0]["width"] == 1280


def test_with_no_clean_path_anywhere_the_error_says_so(monkeypatch, tmp_path):
    monkeypatch.setattr(offscreen_screen, "qt_argument_path", lambda path, cwd, pathmod=os.path: None)
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match="--size: no folder"):
        offscreen_screen.use_size((1280, 720))
    assert os.environ["QT_QPA_PLATFORM"] == "offscreen"
    assert not list(tmp_path.glob("cnnviz-screen-*")), "the unusable files are removed"


def test_qt_starts_on_the_sized_screen_with_a_colon_in_the_temp_folder(tmp_path):
    """Before: Qt split the absolute path at the colon and aborted (exit 134)."""
    temp = tmp_path / "x:y"
    temp.mkdir()
    script = textwrap.dedent("""
        import sys
        from cnnviz.gui import offscreen_screen
        offscreen_screen.use_size((1024, 600))
        from PySide6.QtWidgets import QApplication
        qt = QApplication(["cnnviz"])
        size = qt.primaryScreen().size()
        print(size.width(), size.height())
    """)
    env = dict(os.environ, TMPDIR=str(temp), QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(REPO))
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["1024", "600"]


# --- resident memory: /proc on Linux, the working set on Windows, getrusage on macOS --------------------


def test_linux_reads_statm_now():
    if not Path("/proc/self/statm").exists():
        pytest.skip("no /proc here")
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    assert memory.rss_mb() == pytest.approx(pages * os.sysconf("SC_PAGE_SIZE") / 2**20, rel=0.2)


@pytest.mark.parametrize("platform, ru_maxrss, mb", [("darwin", 300 * 2**20, 300.0), ("freebsd14", 300 * 1024, 300.0)])
def test_without_proc_the_peak_comes_from_getrusage_in_the_platforms_unit(monkeypatch, platform, ru_maxrss, mb):
    import resource

    monkeypatch.setattr(memory.sys, "platform", platform)
    monkeypatch.setattr(memory, "_statm_resident", lambda: None)
    monkeypatch.setattr(resource, "getrusage", lambda who: type("Usage", (), {"ru_maxrss": ru_maxrss})())
    assert memory.rss_mb() == pytest.approx(mb)


class FakeKernel32:
    def __init__(self, working_set, ok=True):
        self.working_set, self.ok, self.sizes = working_set, ok, []
        self.GetCurrentProcess = lambda: 0xFFFFFFFF  # the pseudo handle

        def info(handle, counters, size):  # a function: ctypes' restype/argtypes can be set on it
            assert handle == 0xFFFFFFFF
            self.sizes.append((size, ctypes.sizeof(counters.contents)))
            counters.contents.WorkingSetSize = self.working_set
            return 1 if self.ok else 0

        self.K32GetProcessMemoryInfo = info


def _on_windows(monkeypatch, kernel32):
    monkeypatch.setattr(memory.sys, "platform", "win32")
    monkeypatch.setitem(sys.modules, "resource", None)  # import resource fails, as on Windows
    monkeypatch.setattr(memory, "_statm_resident", lambda: pytest.fail("no /proc on Windows"))
    monkeypatch.setattr(memory, "_kernel32", lambda: kernel32)


def test_windows_reads_the_working_set_without_resource(monkeypatch):
    kernel32 = FakeKernel32(512 * 2**20)
    _on_windows(monkeypatch, kernel32)
    assert memory.rss_mb() == pytest.approx(512.0)
    ((size, struct_size),) = kernel32.sizes
    assert size == struct_size == 4 + 4 + 8 * ctypes.sizeof(ctypes.c_size_t)  # PROCESS_MEMORY_COUNTERS


def test_windows_failing_call_gives_zero_not_a_crash(monkeypatch):
    _on_windows(monkeypatch, FakeKernel32(1, ok=False))
    assert memory.rss_mb() == 0.0

    def no_kernel32():
        raise AttributeError("no WinDLL")  # what ctypes does off Windows

    monkeypatch.setattr(memory, "_kernel32", no_kernel32)
    assert memory.rss_mb() == 0.0


# --- fonts: the platform's UI font ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "system, installed, expected",
    [
        ("Segoe UI", ["Segoe UI", "Arial"], "Segoe UI"),  # Windows
        (".AppleSystemUIFont", ["Helvetica Neue"], ".AppleSystemUIFont"),  # macOS names a hidden family
        ("Cantarell", ["Cantarell", "DejaVu Sans"], "Cantarell"),  # a GNOME desktop
        ("Sans Serif", ["Noto Sans", "DejaVu Sans"], "DejaVu Sans"),  # X11 without a desktop, offscreen
        ("MS Shell Dlg 2", ["arial"], "arial"),  # Windows' logical name, a lower-case install
        ("Sans Serif", ["Comic Neue"], "Sans Serif"),  # nothing known: Qt's own fallback
        ("", [], "Sans Serif"),
    ],
)
def test_the_ui_font_is_the_platforms_else_a_known_sans(system, installed, expected):
    assert theme.choose_ui_family(system, installed) == expected


def test_every_text_uses_the_chosen_family(qapp):
    from PySide6.QtGui import QFontDatabase

    from cnnviz.gui import presenter

    family = theme.ui_family()
    assert family in QFontDatabase.families() or family == "Sans Serif"
    assert theme.axis_font().family() == family
    bold = presenter._font(14, bold=True)
    assert (bold.family(), bold.pointSize(), bold.bold()) == (family, 14, True)


# --- data sets offered where they load -------------------------------------------------------------------


def test_fashion_mnist_is_offered_only_where_it_can_load(monkeypatch, tmp_path):
    from cnnviz.gui.panels import controls

    monkeypatch.setattr(controls, "FASHION_MNIST_DIR", tmp_path / "missing")
    assert controls.offered_datasets("mnist") == ["mnist"]
    assert controls.offered_datasets("fashion") == ["mnist", "fashion"], "asked for by name: kept, its error shows"
    assert controls.offered_datasets("mnist", folder_chosen=True) == ["mnist", "fashion"]
    from cnnviz.data.datasets import bundled_mnist_dir

    monkeypatch.setattr(controls, "FASHION_MNIST_DIR", bundled_mnist_dir())  # four IDX files there
    assert controls.offered_datasets("mnist") == ["mnist", "fashion"]


def test_a_dataset_folder_can_be_opened_from_the_menu(monkeypatch, tmp_path, make_window, qtbot):
    from cnnviz.data.datasets import bundled_mnist_dir
    from cnnviz.gui.panels import controls

    monkeypatch.setattr(controls, "FASHION_MNIST_DIR", tmp_path / "missing")
    folder = tmp_path / "my data"
    shutil.copytree(bundled_mnist_dir(), folder)
    window = make_window()
    combo = window.controls.dataset_combo
    items = [combo.itemText(i) for i in range(combo.count())]
    assert items[0] == "mnist" and "fashion" not in items and items[-1] == controls.OPEN_DATASET_FOLDER

    answers = iter(["", str(folder)])
    monkeypatch.setattr(window.controls, "choose_dataset_folder", lambda: next(answers))
    combo.setCurrentText(controls.OPEN_DATASET_FOLDER)  # cancelled: nothing changes
    assert combo.currentText() == "mnist" and window.state.data_dir is None
    combo.setCurrentText(controls.OPEN_DATASET_FOLDER)
    assert combo.currentText() == "mnist", "the menu shows the data set, not the command"
    assert window.state.data_dir == str(folder)
    assert window.state.dataset is not None and str(folder) in str(window.state.dataset.source)
    assert "fashion" in [combo.itemText(i) for i in range(combo.count())], "a folder can be read as clothes too"


def test_a_folder_without_idx_files_is_an_error_in_the_window_not_a_crash(monkeypatch, tmp_path, make_window):
    window = make_window()
    monkeypatch.setattr(window.controls, "choose_dataset_folder", lambda: str(tmp_path))
    from cnnviz.gui.panels.controls import OPEN_DATASET_FOLDER

    window.controls.dataset_combo.setCurrentText(OPEN_DATASET_FOLDER)
    assert window.state.dataset is None
    assert window.banner.label.text().startswith("Cannot load the mnist data set")
    assert not window.controls.start_button.isEnabled()


# --- the app's identity: name, WM_CLASS, icon --------------------------------------------------------------

IDENTITY = textwrap.dedent("""
    import sys
    sys.argv[0] = "/somewhere/cnnviz/__main__.py"  # as under python -m cnnviz
    from cnnviz.gui.theme import application
    from PySide6.QtWidgets import QWidget
    app = application()
    sizes = sorted(s.width() for s in app.windowIcon().availableSizes())
    print(app.arguments()[0], app.applicationName(), app.desktopFileName(), sizes)
    if "--xprop" in sys.argv:
        import subprocess
        w = QWidget(); w.show(); app.processEvents()
        print(subprocess.run(["xprop", "-id", str(int(w.winId())), "WM_CLASS"], capture_output=True, text=True).stdout)
""")


def test_the_app_is_called_cnnviz_and_has_its_icon():
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(REPO))
    done = subprocess.run([sys.executable, "-c", IDENTITY], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    first = done.stdout.splitlines()[0]
    assert first == "cnnviz cnnviz cnnviz [16, 24, 32, 48, 64, 128, 256]"


def test_wm_class_is_cnnviz_under_python_dash_m():
    """X11 takes WM_CLASS's instance from argv[0]'s base name: it was "__main__.py"."""
    if not (shutil.which("xvfb-run") and shutil.which("xprop")):
        pytest.skip("needs xvfb-run and xprop")
    env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY")}
    env["PYTHONPATH"] = str(REPO)
    done = subprocess.run(
        ["xvfb-run", "-a", sys.executable, "-c", IDENTITY, "--xprop"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    if done.returncode != 0 and "cannot" in done.stderr.lower():
        pytest.skip(f"no X server: {done.stderr[-300:]}")
    assert 'WM_CLASS(STRING) = "cnnviz", "cnnviz"' in done.stdout, done.stdout + done.stderr[-2000:]


# --- cnnviz-app: the double-click entry point ---------------------------------------------------------------


def test_the_app_entry_point_reports_bad_options_in_one_line(capsys):
    assert gui_app.launch(["--net", "conv3-4,bogus"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("cnnviz: error: --net")


def test_without_a_console_the_error_is_shown_in_a_message_box(monkeypatch, qapp):
    from PySide6.QtWidgets import QMessageBox

    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text: shown.append((title, text)))
    monkeypatch.setattr(sys, "stderr", None)  # pythonw: no console
    assert gui_app.launch(["--backend", "nonsense"]) == 2
    ((title, text),) = shown
    assert title == "cnnviz" and text.startswith("cnnviz: error: --backend nonsense")


# --- the C library's heap: in use apart from what malloc keeps after a free (glibc's mallinfo2) --------------


def test_heap_in_use_follows_a_live_block_and_its_free():
    if memory.heap_mb() is None:
        pytest.skip("no mallinfo2 here (not glibc 2.33+)")
    in_use_before, _free = memory.heap_mb()
    block = bytearray(48 * 2**20)
    held = memory.heap_mb()[0] - in_use_before
    del block
    assert 46 <= held <= 60, f"a live 48 MB block showed as {held:.1f} MB in use"
    assert memory.heap_mb()[0] - in_use_before < 8, "the freed block still counted as in use"


@pytest.mark.parametrize("platform", ["darwin", "win32"])
def test_heap_figures_are_absent_off_linux(monkeypatch, platform):
    monkeypatch.setattr(memory.sys, "platform", platform)
    monkeypatch.setattr(heap, "_info", None)  # looked up again, on the pretended platform
    assert memory.heap_mb() is None

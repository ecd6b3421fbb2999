"""The settings file (view.json: zoom, language) is read through the one bounded reader: a file too big, nested
too deep, not JSON, a FIFO, a device or a symbolic link loop costs nothing, is set aside (view.json.bad) with one
line on stderr, and the app starts with its defaults (issue 33 item 3)."""

import os
import subprocess
import sys

import pytest

from cnnviz.data import files
from cnnviz.gui import language, zoom

posix_only = pytest.mark.skipif(os.name != "posix", reason="FIFOs, /dev/zero and symlinks as the issue made them")


@pytest.fixture
def settings(tmp_path, monkeypatch):
    path = tmp_path / "config" / zoom.FILE_NAME
    path.parent.mkdir()
    monkeypatch.setattr(zoom, "settings_path", lambda: path)
    return path


def _said_once(capsys, cause):
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("cnnviz: settings ignored, the defaults are used: "), err
    assert cause in err[0], err


def _set_aside_once(path, capsys, cause):
    _said_once(capsys, cause)
    assert not os.path.lexists(path) and os.path.lexists(str(path) + ".bad")
    assert zoom.read_settings() == {}  # set aside: the next start reads nothing and says nothing
    assert capsys.readouterr().err == ""


def test_a_deeply_nested_file_is_set_aside_without_recursion_error(settings, capsys):
    settings.write_text("[" * 30_000 + "]" * 30_000)
    assert zoom.load() == zoom.ACTUAL
    _set_aside_once(settings, capsys, "nested 30000 levels deep")


_MEASURE_ALONE = """
import sys, time, tracemalloc
from pathlib import Path
from cnnviz.gui import language, zoom
zoom.settings_path = lambda: Path(sys.argv[1]).with_name("absent.json")
language.load()  # the modules the reading imports on first use are not the file's cost
zoom.settings_path = lambda: Path(sys.argv[1])
tracemalloc.start()
start = time.perf_counter()
result = language.load()
elapsed = time.perf_counter() - start
peak = tracemalloc.get_traced_memory()[1]
print(result, peak, elapsed)
"""


def test_a_huge_file_is_refused_from_its_size_unread(settings, capsys):
    with open(settings, "wb") as fh:
        fh.truncate(800 * 10**6)  # sparse: 800 MB that take no disk
    # Measured in a process of its own: tracemalloc counts every thread's allocations, and a pytest worker may still
    # have another test's thread running (CI saw a 14 MB peak that way, from a call that allocates ~0.1 MB).
    done = subprocess.run(
        [sys.executable, "-c", _MEASURE_ALONE, str(settings)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    result, peak, elapsed = done.stdout.split()
    assert result == "None" and int(peak) < 2 * 2**20 and float(elapsed) < 1.0, done.stdout
    assert "800.0 MB" in done.stderr and os.path.lexists(str(settings) + ".bad")
    assert not os.path.lexists(settings)
    assert language.load() is None and capsys.readouterr().err == ""  # set aside: the next start says nothing


@posix_only
def test_a_fifo_never_blocks_the_start(settings, capsys):
    os.mkfifo(settings)
    assert zoom.load() == zoom.ACTUAL  # returns at once (a blocking open would hang the test)
    _set_aside_once(settings, capsys, "named pipe")


@posix_only
def test_a_link_to_a_device_is_never_read(settings, capsys):
    os.symlink("/dev/zero", settings)
    assert zoom.load() == zoom.ACTUAL
    _set_aside_once(settings, capsys, "a device")
    assert os.path.islink(str(settings) + ".bad")  # the link moved, /dev/zero untouched


@posix_only
def test_a_symlink_loop_is_called_one(settings, capsys):
    os.symlink(settings.name, settings)  # view.json -> view.json
    assert zoom.read_settings() == {}
    _set_aside_once(settings, capsys, "too many levels of symbolic links")


@pytest.mark.parametrize(
    "text, cause", [("not json", "not valid JSON"), ("[1, 2]", "not a JSON object"), (b"\xff\xfe{}", "not a text file")]
)
def test_other_bad_files_are_set_aside_and_storing_starts_afresh(settings, capsys, text, cause):
    settings.write_bytes(text if isinstance(text, bytes) else text.encode())
    assert zoom.save(125)
    _said_once(capsys, cause)
    assert os.path.exists(str(settings) + ".bad")
    assert zoom.read_settings() == {"zoom": 125}  # a new, good file
    assert capsys.readouterr().err == ""


def test_a_good_file_keeps_its_other_keys(settings, capsys):
    assert language.save("de") and zoom.save(150)
    assert zoom.read_settings() == {"language": "de", "zoom": 150}
    assert capsys.readouterr().err == ""


def test_the_window_starts_with_the_defaults_after_a_bad_settings_file(make_window, capsys):
    path = zoom.settings_path()  # the test's own (conftest)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"zoom": ' * 3_000 + "150" + "}" * 3_000)
    window = make_window()
    assert window.zoom_level == zoom.ACTUAL
    _set_aside_once(path, capsys, "nested")


def test_the_reader_bounds_every_small_file(tmp_path):
    big = tmp_path / "big.txt"
    big.write_bytes(b"x" * 1001)
    with pytest.raises(files.FileProblem, match="at most 1.0 KB"):
        files.read_text_file(big, 1000)
    with pytest.raises(files.MissingFile, match="file not found"):
        files.read_bytes_file(tmp_path / "absent", 10)
    with pytest.raises(files.FileProblem, match="is a folder"):
        files.read_json_file(tmp_path, 10)
    assert files.read_text_file(big, 1001) == "x" * 1001


@posix_only
@pytest.mark.parametrize("make", ["fifo", "device", "nested"])
def test_the_last_model_record_is_bounded_too(tmp_path, monkeypatch, make):
    from cnnviz.nn import checkpoint

    models = tmp_path / "models"
    models.mkdir()
    monkeypatch.setattr(checkpoint, "default_models_dir", lambda: models)
    record = tmp_path / "last-model.json"
    if make == "fifo":
        os.mkfifo(record)
    elif make == "device":
        os.symlink("/dev/zero", record)
    else:
        record.write_text('{"path": ' * 5_000 + '"x"' + "}" * 5_000)
    newest = models / "m.npz"
    newest.write_bytes(b"x")
    assert checkpoint.last_saved() == newest  # the record ignored at once; the folder's newest model


# --- the window's own file (window.ini: geometry, Open recent), read by Qt's QSettings -------------------------
UNBLOCK = """
import os, sys, time
time.sleep(3)
while True:
    try:
        os.close(os.open(sys.argv[1], os.O_WRONLY | os.O_NONBLOCK))
    except OSError:
        pass
    time.sleep(0.2)
"""
"""Qt opens a FIFO for reading and waits for a writer (more than once, holding the GIL: a thread of this
process could not help): from 3 s on, another process comes and goes as a writer every 0.2 s, so that a
regressed read returns and the test fails on what it finds instead of hanging."""


@posix_only
def test_a_fifo_as_the_window_file_never_blocks_the_start(qtbot, settings, capsys):
    from cnnviz.gui import window_memory

    path = settings.with_name(window_memory.FILE_NAME)
    os.mkfifo(path)
    unblocker = subprocess.Popen([sys.executable, "-c", UNBLOCK, str(path)])
    try:
        assert window_memory.recent("model") == []
    finally:
        unblocker.kill()
        unblocker.wait()
    _said_once(capsys, "named pipe")
    assert not os.path.lexists(path) and os.path.lexists(str(path) + ".bad")


def test_a_window_file_too_big_is_set_aside_unread_and_a_good_one_kept(qtbot, settings, capsys, tmp_path):
    from cnnviz.gui import window_memory

    path = settings.with_name(window_memory.FILE_NAME)
    with open(path, "wb") as fh:
        fh.truncate(window_memory.MAX_WINDOW_BYTES + 1)
    assert window_memory.recent("model") == []
    _said_once(capsys, "for this kind of file")
    model = tmp_path / "a.npz"
    model.write_bytes(b"x")
    window_memory.add_recent("model", model)  # a fresh, good file: kept and read back without a word
    assert window_memory.recent("model") == [str(model.resolve())]
    assert capsys.readouterr().err == ""

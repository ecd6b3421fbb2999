"""cnnviz.data.files and cnnviz.data.limits: safe opening, one error ladder, atomic writes
that clean up after killed saves, bounded JSON, bounded and escaped message text."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from cnnviz.data import file_writing, files, limits
from cnnviz.data.file_writing import FileWriteError, atomic_write, atomic_write_bytes, check_save_target
from cnnviz.data.files import FileProblem, describe_file_error, open_regular, parse_json

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")


# --- bounded, escaped text ------------------------------------------------------------------
def test_escape_control_makes_terminal_sequences_inert():
    hostile = "conv1\x1b]0;pwned\x07\x1b[2J\r\u202eevil\x9b"
    shown = limits.escape_control(hostile)
    assert shown.isprintable()
    assert "\\x1b]0;pwned\\x07" in shown and "\\u202e" in shown and "\\x9b" in shown
    assert limits.escape_control("plain text, ünïcode ok") == "plain text, ünïcode ok"


def test_one_line_is_bounded_and_keeps_both_ends():
    text = "/some/file.npz: " + "x\n" * 100_000 + "the real cause"
    line = limits.one_line(text)
    assert len(line) <= limits.MAX_ERROR_CHARS and "\n" not in line
    assert line.startswith("/some/file.npz: ") and line.endswith("the real cause")


def test_listing_is_bounded():
    assert limits.listing([f"a{i}" for i in range(100_000)], 3) == "'a0', 'a1', 'a2' and 99,997 more"
    assert limits.listing([]) == "none"


# --- opening: only regular files, never a wait ------------------------------------------------
def test_folder_device_and_missing_file_are_described(tmp_path):
    for path, cause in (
        (tmp_path, "is a folder"),
        (Path(os.devnull), "is a device"),
        (tmp_path / "nope.npz", "file not found"),
        (tmp_path / "no-dir" / "x.npz", "folder"),
    ):
        with pytest.raises(OSError) as caught:
            open_regular(path)
        message = describe_file_error(caught.value, path)
        assert message.startswith(f"{path}: ") and cause in message, message


@needs_fifo
def test_a_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "model.npz"
    os.mkfifo(fifo)
    outcome = []

    def try_to_open():
        try:
            open_regular(fifo)  # open() would wait for a writer forever
        except OSError as exc:
            outcome.append(exc)

    opener = threading.Thread(target=try_to_open, daemon=True)
    opener.start()
    opener.join(60)  # not a speed limit: only how long to wait before calling it stuck
    assert not opener.is_alive(), "open_regular is waiting for a writer on the FIFO"
    assert outcome and "named pipe (FIFO)" in describe_file_error(outcome[0], fifo)


def test_describe_names_the_target_not_a_temporary_file(tmp_path):
    target = tmp_path / "model.npz"
    exc = OSError(errno.ENOSPC, "No space left on device", str(tmp_path / ".model.npz.0123abcd.tmp"))
    assert describe_file_error(exc, target) == f"{target}: the disk is full"
    exc = PermissionError(errno.EACCES, "Permission denied", str(target))
    assert describe_file_error(exc, target) == f"{target}: permission denied"
    assert "\x1b" not in describe_file_error(OSError(errno.EIO, "x"), tmp_path / "a\x1b[2Jb")


# --- atomic writes ----------------------------------------------------------------------------
def test_atomic_write_failure_keeps_the_old_file_and_names_the_target(tmp_path):
    target = atomic_write_bytes(tmp_path / "report.html", b"good")

    def full_disk(fh):
        fh.write(b"half")
        raise OSError(errno.ENOSPC, "No space left on device")

    with pytest.raises(FileWriteError) as caught:
        atomic_write(target, full_disk)
    assert str(caught.value) == f"{target}: the disk is full" and ".tmp" not in str(caught.value)
    assert target.read_bytes() == b"good"
    assert [p.name for p in tmp_path.iterdir()] == ["report.html"]


def test_atomic_write_to_a_folder_or_device_names_it_and_replaces_nothing(tmp_path):
    (tmp_path / "out.npz").mkdir()
    with pytest.raises(FileWriteError, match="out.npz: is a folder"):
        atomic_write_bytes(tmp_path / "out.npz", b"x")
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "pipe.html")
        with pytest.raises(FileWriteError, match=r"pipe.html: is a named pipe \(FIFO\), not a file"):
            atomic_write_bytes(tmp_path / "pipe.html", b"x")  # as root, os.replace would replace /dev/null too
        assert not (tmp_path / "pipe.html").is_file()


def _age(path: Path, seconds: float) -> None:
    then = time.time() - seconds
    os.utime(path, (then, then))


# (which temporary files cleanup removes: tests/data/test_temp_cleanup.py)


def test_a_save_killed_with_sigkill_is_cleaned_up_by_the_next_save(tmp_path):
    """kill -9 in the middle of a save leaves its temporary file; the next save to that folder removes it."""
    target = tmp_path / "model.npz"
    code = textwrap.dedent(f"""
        import sys, time
        from cnnviz.data.file_writing import atomic_write
        def slow(fh):
            fh.write(b"x" * 100000); fh.flush(); print("writing", flush=True); time.sleep(60)
        atomic_write({str(target)!r}, slow)
    """)
    for _ in range(3):
        proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
        assert proc.stdout.readline().strip() == "writing"
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    leftovers = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert len(leftovers) == 3 and not target.exists()
    for path in leftovers:
        _age(path, file_writing.STALE_TEMP_SECONDS + 5)
    atomic_write_bytes(target, b"saved")
    assert [p.name for p in tmp_path.iterdir()] == ["model.npz"]


# --- checking a save target before a long job ------------------------------------------------
def test_check_save_target_refuses_folders_devices_missing_folders_and_full_disks(tmp_path, monkeypatch):
    (tmp_path / "dir.npz").mkdir()
    with pytest.raises(FileProblem, match="dir.npz: is a folder"):
        check_save_target(tmp_path / "dir.npz")
    with pytest.raises(FileProblem, match="is a device"):
        check_save_target(os.devnull)
    with pytest.raises(FileProblem, match="does not exist"):
        check_save_target(tmp_path / "missing" / "m.npz")
    assert check_save_target(tmp_path / "m.npz", 10_000) == tmp_path / "m.npz"
    assert list(tmp_path.iterdir()) == [tmp_path / "dir.npz"]  # the write probe left nothing

    class Usage:
        free = 5_000_000

    monkeypatch.setattr(file_writing.shutil, "disk_usage", lambda folder: Usage)
    with pytest.raises(FileProblem, match=r"not enough free space: the checkpoint needs about 50.0 MB"):
        check_save_target(tmp_path / "m.npz", 50_000_000, what="checkpoint")


# --- JSON ------------------------------------------------------------------------------------
def test_deeply_nested_json_is_refused_without_recursion():
    for text in ("[" * 100_000 + "]" * 100_000, '{"a":' * 50_000 + "1" + "}" * 50_000):
        with pytest.raises(ValueError, match="nested 50,?000|nested 100,?000|levels deep"):
            parse_json(text)
    assert parse_json('{"a": "[[[[[[[[[[[[[[[[[[[[[[[[", "b": [1, {"c": 2}]}') == {"a": "[" * 24, "b": [1, {"c": 2}]}


def test_json_nan_and_infinity_are_refused_or_nulled():
    with pytest.raises(ValueError, match="Infinity"):
        parse_json('{"step": Infinity}')
    assert parse_json('{"step": NaN}', nonfinite="null") == {"step": None}


def test_json_file_size_is_checked_before_reading(tmp_path):
    path = tmp_path / "big.json"
    path.write_text("[" + "0," * 100_000 + "0]")
    with pytest.raises(FileProblem, match=r"big.json: is 200.0 KB; at most 1.0 KB"):
        files.read_json_file(path, 1000)

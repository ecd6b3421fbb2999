"""Cleanup of temporary files left by killed saves touches only cnnviz's own names, and only
those no live writer holds (issue 18: it deleted other programs' ``.notes.txt.1234567890.tmp``)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cnnviz.data import file_writing
from cnnviz.data.file_writing import TEMP_NAME, atomic_write_bytes, remove_stale_temps, temp_name


def _age(path: Path, seconds: float) -> None:
    then = time.time() - seconds
    os.utime(path, (then, then))


@pytest.fixture(scope="module")
def dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", ""])
    proc.wait()
    return proc.pid


def test_other_programs_temporary_files_survive_cleanup(tmp_path):
    foreign = [
        ".notes.txt.1234567890.tmp",
        ".report.pdf.deadbeef.tmp",  # Go's os.CreateTemp, vim, ...
        ".model.npz.0123456789abcdef.tmp",  # what cnnviz itself wrote before: indistinguishable
        ".cnnviz-model.npz.tmp",
        "cnnviz-model.npz.1-0123456789abcdef.tmp",
    ]
    for name in foreign:
        (tmp_path / name).write_bytes(b"someone else's work")
        _age(tmp_path / name, 3600)
    assert remove_stale_temps(tmp_path) == []
    atomic_write_bytes(tmp_path / "model.npz", b"saved")  # a save cleans up the folder too
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(foreign + ["model.npz"])


def test_our_stale_temporary_files_go_and_live_writers_files_stay(tmp_path, dead_pid):
    ours = lambda pid, tag: tmp_path / f".cnnviz-model.npz.{pid}-{tag * 16}.tmp"  # noqa: E731
    stale, fresh = ours(dead_pid, "a"), ours(dead_pid, "b")
    live_pid = ours(os.getpid(), "c")  # a writer that is still running
    held = ours(dead_pid, "d")  # a writer whose pid we cannot vouch for but that holds its lock
    for path in (stale, fresh, live_pid, held):
        assert TEMP_NAME.match(path.name), path.name
        path.write_bytes(b"partial")
    for path in (stale, live_pid, held):
        _age(path, 3600)
    locked = [held]
    fd = os.open(held, os.O_RDONLY)
    try:
        if file_writing.fcntl is None:  # pragma: no cover - Windows: an open file cannot be deleted
            removed = remove_stale_temps(tmp_path)
        else:
            file_writing.fcntl.flock(fd, file_writing.fcntl.LOCK_EX)  # a live writer (another open file description)
            removed = remove_stale_temps(tmp_path)
    finally:
        os.close(fd)
    assert removed == [stale]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in [fresh, live_pid, *locked])


def test_cleanup_tolerates_files_it_cannot_delete(tmp_path, dead_pid, monkeypatch):
    """Windows refuses to delete an open file (PermissionError): cleanup skips it and the save goes on."""
    stale = tmp_path / f".cnnviz-m.npz.{dead_pid}-{'e' * 16}.tmp"
    stale.write_bytes(b"partial")
    _age(stale, 2 * 24 * 3600)
    real_unlink = os.unlink

    def in_use(path, *args, **kwargs):
        if str(path) == str(stale):
            raise PermissionError(13, "The process cannot access the file", str(path))
        return real_unlink(path, *args, **kwargs)

    monkeypatch.setattr(os, "unlink", in_use)
    assert remove_stale_temps(tmp_path) == []
    atomic_write_bytes(tmp_path / "m.npz", b"saved")
    assert (tmp_path / "m.npz").read_bytes() == b"saved" and stale.exists()
    monkeypatch.undo()
    assert remove_stale_temps(tmp_path) == [stale]  # tried again next time


def test_our_temporary_names_carry_our_prefix_and_pid_and_the_write_is_a_replace(tmp_path, monkeypatch):
    name = temp_name(tmp_path / "m.npz").name
    assert name.startswith(".cnnviz-m.npz.") and f".{os.getpid()}-" in name and TEMP_NAME.match(name)
    replaced = []
    real_replace = os.replace
    monkeypatch.setattr(os, "replace", lambda a, b: (replaced.append((Path(a).name, Path(b).name)), real_replace(a, b)))
    atomic_write_bytes(tmp_path / "m.npz", b"one")
    atomic_write_bytes(tmp_path / "m.npz", b"two")  # over an existing file: os.replace works on Windows too
    assert [b for _, b in replaced] == ["m.npz", "m.npz"] and all(TEMP_NAME.match(a) for a, _ in replaced)
    assert (tmp_path / "m.npz").read_bytes() == b"two"

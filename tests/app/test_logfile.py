"""The log file (cnnviz/app/logfile.py): a rotating file in the user log folder that records starts,
warnings and errors; and ``cnnviz --info``, the text Help > Copy system info copies."""

from __future__ import annotations

import logging
import warnings

import pytest

from cnnviz import __version__
from cnnviz.app import logfile


@pytest.fixture
def log_folder(tmp_path, monkeypatch):
    monkeypatch.setenv(logfile.ENV, str(tmp_path))
    logfile.uninstall()
    yield tmp_path
    logfile.uninstall()


def test_a_command_start_its_error_and_a_warning_are_logged(log_folder, capsys):
    from cnnviz.cli import main

    assert main(["train", "--net", "conv5-8,nonsense", "--steps", "1", "--no-save"]) != 0
    with warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.warn("a warning for the log", UserWarning, stacklevel=1)
    text = (log_folder / logfile.FILE_NAME).read_text(encoding="utf-8")
    assert f"start: cnnviz {__version__} train" in text
    assert "ERROR cnnviz: cnnviz: error:" in text and "nonsense" in text
    assert "a warning for the log" in text
    assert "cnnviz: error:" in capsys.readouterr().err, "the user still sees the error"


def test_the_log_rotates_and_is_opened_once(log_folder):
    first = logfile.install("gui")
    assert logfile.install("gui") == first == log_folder / logfile.FILE_NAME
    handlers = [
        h for h in logging.getLogger(logfile.LOGGER).handlers if isinstance(h, logging.handlers.RotatingFileHandler)
    ]
    assert (
        len(handlers) == 1 and handlers[0].maxBytes == logfile.MAX_BYTES and handlers[0].backupCount == logfile.BACKUPS
    )


def test_off_means_no_file(monkeypatch):
    monkeypatch.setenv(logfile.ENV, "off")
    logfile.uninstall()
    assert logfile.install("train") is None and logfile.default_path() is None


def test_info_says_versions_backends_and_folders(capsys, monkeypatch, tmp_path):
    from cnnviz.cli import main

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert main(["--info"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"cnnviz {__version__}\n")
    for needed in (
        "Python ",
        "numpy: ",
        "PySide6-Essentials: ",
        "backend numpy: available",
        "screen: no window",
        "folder models: ",
        "folder logs: ",
        "log file: ",
    ):
        assert needed in out, needed


def test_info_reads_module_versions_where_no_metadata_is_kept(monkeypatch):
    """The bundle keeps no .dist-info for most packages: the versions come from the modules instead."""
    import numba

    from cnnviz.app import about

    def no_metadata(name):
        raise about.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(about.metadata, "version", no_metadata)
    assert about._version("numba") == numba.__version__
    assert about._version("cupy-cuda12x") == "not installed"

"""The log file: a rotating ``cnnviz.log`` in the user log folder (``user_folders.logs()``) that records
each start (version, command, Python, system), warnings and errors, and nothing a student made (no
drawings, no images; a file is named by its path only where an error names it). When a laptop misbehaves in
class, this is the file to send (Help > About says where it is).

``CNNVIZ_LOG_DIR`` puts it elsewhere; ``CNNVIZ_LOG_DIR=off`` turns it off (the test suite does).
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import platform
import sys
import threading
from pathlib import Path

from .. import __version__, user_folders

FILE_NAME = "cnnviz.log"
MAX_BYTES = 1_000_000
BACKUPS = 3
"""cnnviz.log plus cnnviz.log.1 .. .3: at most 4 MB."""
ENV = "CNNVIZ_LOG_DIR"
LOGGER = "cnnviz"
_STATE: dict = {"handler": None, "path": None}
# Without a handler of its own, logging's last-resort handler would print every error a second time on stderr
# (the user was already shown it as one line): the log file, when there is one, is the only place it goes.
logging.getLogger(LOGGER).addHandler(logging.NullHandler())


def default_path() -> Path | None:
    """Where the log goes (None when turned off or there is no home folder)."""
    folder = os.environ.get(ENV)
    if folder and folder.lower() == "off":
        return None
    try:
        return (Path(folder) if folder else user_folders.logs()) / FILE_NAME
    except Exception:  # noqa: BLE001 - no home folder
        return None


def current_path() -> Path | None:
    """The file this process logs to, if :func:`install` opened one."""
    return _STATE["path"]


def install(command: str) -> Path | None:
    """Log to the rotating file from now on (once per process); records the start of ``command`` and
    catches Python warnings and uncaught exceptions (of every thread). Returns the file, or None when it
    cannot be written (cnnviz runs on without a log)."""
    if _STATE["handler"] is not None:  # cnnviz gui: main opened it already
        return _STATE["path"]
    path = default_path()
    if path is None:
        return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8", delay=False
        )
    except OSError:
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.setLevel(logging.INFO)
    logger = logging.getLogger(LOGGER)
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    warnings_logger = logging.getLogger("py.warnings")
    warnings_logger.addHandler(handler)
    logging.captureWarnings(True)
    _STATE.update(handler=handler, path=path)
    _hook_exceptions(logger)
    logger.info(
        "start: cnnviz %s %s (Python %s, %s, pid %d)",
        __version__,
        command,
        platform.python_version(),
        platform.platform(),
        os.getpid(),
    )
    return path


def uninstall() -> None:
    """Stop logging to the file (tests; the handler is closed)."""
    handler = _STATE["handler"]
    if handler is None:
        return
    logging.getLogger(LOGGER).removeHandler(handler)
    logging.getLogger("py.warnings").removeHandler(handler)
    logging.captureWarnings(False)
    handler.close()
    _STATE.update(handler=None, path=None)


def _hook_exceptions(logger: logging.Logger) -> None:
    previous = sys.excepthook

    def log_uncaught(kind, value, traceback):
        if not issubclass(kind, KeyboardInterrupt):
            logger.error("uncaught exception", exc_info=(kind, value, traceback))
        previous(kind, value, traceback)

    sys.excepthook = log_uncaught
    previous_thread = threading.excepthook

    def log_thread(args):
        if not issubclass(args.exc_type, KeyboardInterrupt):
            logger.error(
                "uncaught exception in thread %s",
                getattr(args.thread, "name", "?"),
                exc_info=(args.exc_type, args.exc_value, args.exc_traceback),
            )
        previous_thread(args)

    threading.excepthook = log_thread


def error(message: str, *args) -> None:
    """An error the user was shown (one line); also in the log file when there is one."""
    logging.getLogger(LOGGER).error(message, *args)


def warning(message: str, *args) -> None:
    logging.getLogger(LOGGER).warning(message, *args)

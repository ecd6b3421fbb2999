"""Files the test workers share: made once for the whole run, not once per worker."""

import os
import time
from pathlib import Path


def run_folder(tmp_path_factory) -> Path:
    """The run's temporary folder, which every pytest-xdist worker of the run shares (xdist makes each worker's
    own inside it, named after the worker); this process's own without xdist."""
    folder = tmp_path_factory.getbasetemp()
    return folder.parent if os.environ.get("PYTEST_XDIST_WORKER") else folder


def made_once(folder: Path, name: str, make, wait_seconds: float = 300) -> Path:
    """``folder / name``, made by ``make(path)`` unless it is there: the first worker to need it makes it while a
    later one waits for it (and makes it itself if the first failed, or took over ``wait_seconds``). The file
    appears whole: written beside, then renamed."""
    path = folder / name
    lock = folder / (name + ".lock")
    deadline = time.monotonic() + wait_seconds
    while not path.exists():
        try:
            os.close(os.open(lock, os.O_CREAT | os.O_EXCL))
        except FileExistsError:  # another worker is making it
            if time.monotonic() < deadline:
                time.sleep(0.1)
                continue
        try:
            if not path.exists():
                part = folder / f"{os.getpid()}-{name}"  # (the same suffix: numpy's savez wants .npz)
                try:
                    make(part)
                    os.replace(part, path)
                finally:
                    part.unlink(missing_ok=True)
        finally:
            lock.unlink(missing_ok=True)
    return path

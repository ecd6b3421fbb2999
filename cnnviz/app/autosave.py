"""The runs of this and earlier sessions, kept on disk so that nothing trained is lost silently. No Qt.

The training worker writes the run's host state (:meth:`Trainer.host_state`:
weights, optimizer arrays and the run's position -- step, epoch, data order --
of one step) every ``EVERY_S`` seconds of training and when the run ends (a
closing window ends it too), through :func:`cnnviz.nn.checkpoint.save`, which
writes atomically.

Each app instance has its own file, ``autosave-<pid>-<random>.npz`` in the user
data folder (:class:`Instance`), and holds an exclusive lock on
``autosave-<pid>-<random>.lock`` while it runs (``fcntl.flock`` on Linux and
macOS, ``msvcrt.locking`` on Windows; the system releases it when the process
ends, however it ends). Two windows never share an autosave. An autosave whose
lock nobody holds is an orphan: the run of an app that has ended. The next start
offers every orphan, newest first (:func:`orphans`,
:meth:`cnnviz.gui.checkpoints.Checkpoints.offer_restore`); a live instance's
autosave is never offered. The single ``autosave.npz`` of earlier versions is
read as an orphan too. Only the newest :data:`MAX_OFFERED` are read and offered (in one
question); older ones are counted without being opened and deleted when the user says so.
"""

from __future__ import annotations

import math
import os
import re
import secrets
import time
from dataclasses import dataclass
from pathlib import Path

from ..nn import checkpoint
from ..train import resume
from ..translatable import N_, Phrase

FILE_NAME = "autosave.npz"
"""The one autosave of versions before per-instance autosaves (still offered, as an orphan)."""
_NAME = re.compile(r"autosave(?:-(\d{1,10})-([0-9a-f]{1,32}))?\.npz")
"""``autosave.npz`` (old) or ``autosave-<pid>-<random>.npz``."""
EVERY_S = 180.0
"""Seconds of training between two autosaves (plus one at the end of every run)."""


def default_folder() -> Path:
    """The user data folder (``~/.local/share/cnnviz`` on Linux); tests point it elsewhere."""
    from .. import user_folders

    return user_folders.autosave()


def default_path() -> Path:
    """The old single autosave (offered as an orphan); a running app writes to its :class:`Instance`'s file."""
    return default_folder() / FILE_NAME


@dataclass(frozen=True)
class Plan:
    """Where and how often a run autosaves, and what its metadata says besides the state."""

    path: Path
    every_s: float = EVERY_S
    meta: dict | None = None
    """dataset, backend... (the step, epoch and test accuracy are the run's own)."""


def write(path: Path, state, meta: dict) -> Path:
    """``state`` (a HostState) and ``meta`` as a checkpoint at ``path``, atomically; the folder is made."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    # With the run's position (step, optimizer count, data order, schedule): a restored run goes on from there.
    full = {
        **meta,
        **resume.to_meta(state),
        "step": int(state.step),
        "epoch": round(float(state.epoch), 4),
        "saved_at": time.time(),
    }
    return checkpoint.save(path, state.spec, state.weights, full, state.optimizer_arrays)


@dataclass(frozen=True)
class Offer:
    """What an autosave file says about itself (read without loading its weights)."""

    path: Path
    spec: str
    step: int
    test_accuracy: float | None
    saved_at: float | None

    def describe(self) -> Phrase:
        """Its step and test accuracy (English; ``.text(tr)`` in the GUI's language)."""
        if self.test_accuracy is None:
            return Phrase(N_("step {step:,}"), step=self.step)
        return Phrase(N_("step {step:,}, {percent:.1f}%"), step=self.step, percent=100 * self.test_accuracy)

    def when(self) -> str:
        """When it was saved, local time (the file's time when it does not say)."""
        saved_at = self.saved_at
        if saved_at is None:
            try:
                saved_at = self.path.stat().st_mtime
            except OSError:
                return Phrase(N_("at an unknown time"))
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(saved_at))

    @property
    def sort_time(self) -> float:
        if self.saved_at is not None:
            return self.saved_at
        try:
            return self.path.stat().st_mtime
        except OSError:
            return 0.0


def read_offer(path: Path | None = None) -> Offer | None:
    """The autosave at ``path`` (default: :func:`default_path`), or None when there is none worth
    offering (missing, unreadable, or no step trained)."""
    path = Path(path) if path is not None else default_path()
    try:
        if not path.is_file():
            return None
        # The bounded reader, as for every checkpoint: a file declaring a gigabyte of
        # metadata is refused from its headers, not read (this runs at every start).
        meta = checkpoint.read_meta(path)
    except Exception:  # noqa: BLE001 - a damaged autosave is simply not offered
        return None
    if not isinstance(meta, dict) or not isinstance(meta.get("spec"), str):
        return None
    step = meta.get("step")
    if not isinstance(step, (int, float)) or not math.isfinite(step) or step < 1:
        return None
    accuracy = meta.get("test_accuracy")
    if not isinstance(accuracy, (int, float)) or not math.isfinite(accuracy):
        accuracy = None
    saved_at = meta.get("saved_at")
    return Offer(
        path,
        meta["spec"],
        int(step),
        accuracy,
        float(saved_at) if isinstance(saved_at, (int, float)) and math.isfinite(saved_at) else None,
    )


# --- one autosave per app instance ------------------------------------------------------------------------
def lock_path(path: Path) -> Path:
    """The lock file that says whether the app writing ``path`` still runs."""
    return Path(path).with_suffix(".lock")


class Lock:
    """An exclusive, non-blocking lock on a file, held until :meth:`release` or the process ends."""

    def __init__(self, path: Path, handle):
        self.path, self._handle = Path(path), handle

    @classmethod
    def try_acquire(cls, path: Path) -> Lock | None:
        """The lock on ``path`` (made if missing), or None when another holder has it. An OSError other
        than "held" (a file system without locks) decides by the pid in the name instead."""
        handle = None
        try:
            handle = open(path, "a+b")  # noqa: SIM115 - held open as long as the lock
            _lock(handle)
        except OSError as exc:
            if handle is not None:
                handle.close()
            if isinstance(exc, BlockingIOError) or (handle is not None and _held(exc)):
                return None
            # No lock file here (a read-only folder) or no locks (some network file systems):
            # the pid in the name says whether its app still runs.
            pid = _pid_of(path)
            if pid is not None and pid != os.getpid() and pid_alive(pid):
                return None
            return cls(path, None)
        return cls(path, handle)

    @property
    def held(self) -> bool:
        return self._handle is not None and not self._handle.closed

    def release(self, remove: bool = False) -> None:
        """Let go (``remove``: and delete the lock file, once its autosave is gone)."""
        if self._handle is not None and not self._handle.closed:
            self._handle.close()  # closing releases the lock
        if remove:
            try:
                self.path.unlink()
            except OSError:
                pass


def _lock(handle) -> None:
    if os.name == "nt":
        import msvcrt

        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
    else:
        import fcntl

        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)


def _held(exc: OSError) -> bool:
    import errno

    return exc.errno in (errno.EACCES, errno.EAGAIN, errno.EWOULDBLOCK, getattr(errno, "EDEADLOCK", -1))


def _pid_of(path: Path) -> int | None:
    match = _NAME.fullmatch(Path(path).with_suffix(".npz").name)
    return int(match.group(1)) if match and match.group(1) else None


def pid_alive(pid: int) -> bool:
    """Whether a process ``pid`` exists (a fallback: pids are reused, the lock is the real answer)."""
    if pid <= 0:
        return False
    if os.name == "nt":
        import ctypes

        kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
        handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return False
        code = ctypes.c_ulong()
        kernel32.GetExitCodeProcess(handle, ctypes.byref(code))
        kernel32.CloseHandle(handle)
        return code.value == 259  # STILL_ACTIVE
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


class Instance:
    """This app's own autosave: ``autosave-<pid>-<random>.npz`` in ``folder``, locked while the app runs."""

    def __init__(self, folder: Path | None = None):
        folder = Path(folder) if folder is not None else default_folder()
        folder.mkdir(parents=True, exist_ok=True)
        for _ in range(100):
            path = folder / f"autosave-{os.getpid()}-{secrets.token_hex(4)}.npz"
            if path.exists() or lock_path(path).exists():
                continue
            lock = Lock.try_acquire(lock_path(path))
            if lock is not None:
                self.path, self.lock = path, lock
                return
        raise OSError(f"no free autosave name in {folder}")

    def release(self) -> None:
        """The app ends: its autosave becomes an orphan, offered at the next start (also when the process
        ends without this)."""
        self.lock.release(remove=not self.path.exists())

    def forget(self) -> None:
        """The run it holds was answered for (discarded, kept to compare, saved): the file goes, the lock stays (the
        app's next run autosaves here again). A file that cannot be deleted stays (offered, as before)."""
        try:
            self.path.unlink()
        except OSError:  # not there (nothing to forget), or read-only, in use on Windows
            pass

    def discard(self) -> None:
        """The app ends with its run saved to a file: its autosave holds nothing more and goes (it was offered
        again at every start, even after Restore and Save)."""
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
        except OSError:  # not deletable (read-only, in use on Windows): offered at the next start, as before
            self.release()
            return
        self.lock.release(remove=True)


MAX_OFFERED = 5
"""At most this many orphaned autosaves (the newest) are read and offered at a start; older ones are only counted
(neither read nor held open) and deleted when the user says so (:func:`older_orphans`, :func:`discard_paths`)."""


def _candidates(folder: Path) -> list[Path]:
    """The autosave files in ``folder``, newest first (by the file's time: no file is opened for this)."""
    found = []
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if _NAME.fullmatch(entry.name):
                    try:
                        found.append((entry.stat().st_mtime, Path(entry.path)))
                    except OSError:
                        continue
    except OSError:
        return []
    found.sort(key=lambda item: item[0], reverse=True)
    return [path for _time, path in found]


@dataclass(frozen=True)
class Orphan:
    """An autosave no running app owns, held (:class:`Lock`) by the app offering it until it is
    restored, discarded or left for later (:meth:`leave`)."""

    offer: Offer
    lock: Lock

    def leave(self) -> None:
        """Not now: it stays, offered again at the next start."""
        self.lock.release()

    def discard(self) -> None:
        """Delete it (and its lock file)."""
        try:
            self.offer.path.unlink()
        except FileNotFoundError:
            pass
        self.lock.release(remove=True)

    def adopt(self, instance: Instance) -> Path:
        """Restored: the file becomes ``instance``'s autosave (so the restored run stays on disk until
        it trains on and autosaves again), and is no longer offered."""
        os.replace(self.offer.path, instance.path)
        self.lock.release(remove=True)
        return instance.path


def orphans(folder: Path | None = None, own: Path | None = None, limit: int = MAX_OFFERED) -> list[Orphan]:
    """The newest ``limit`` autosaves in ``folder`` (default: the user data folder) whose app has ended and
    that have a step to offer, newest first, each locked for the caller (see :class:`Orphan`): at most
    ``limit`` files are held open, and older ones are not even opened (:func:`older_orphans` counts them).
    ``own``: this app's file, never offered. Lock files left without an autosave are removed on the way."""
    folder = Path(folder) if folder is not None else default_folder()
    found = []
    for path in _candidates(folder):
        if len(found) >= limit:
            break
        if own is not None and path == Path(own):
            continue
        lock = Lock.try_acquire(lock_path(path))
        if lock is None:
            continue  # a live app's autosave, or one another starting app is offering now
        offer = read_offer(path)
        if offer is None:
            lock.release(remove=not path.exists())
            continue
        found.append(Orphan(offer, lock))
    try:  # lock files whose app ended before its first autosave
        for stale in folder.glob("autosave-*.lock"):
            if not stale.with_suffix(".npz").exists() and (own is None or stale != lock_path(own)):
                lock = Lock.try_acquire(stale)
                if lock is not None:
                    lock.release(remove=not stale.with_suffix(".npz").exists())
    except OSError:
        pass
    found.sort(key=lambda orphan: orphan.offer.sort_time, reverse=True)
    return found


def older_orphans(folder: Path | None = None, own: Path | None = None, offered=()) -> list[Path]:
    """The orphaned autosaves in ``folder`` besides those ``offered`` (and ``own``), newest first: each one's
    lock is tried and let go at once (a live app's file is never listed) and nothing is read, so thousands cost
    milliseconds and no descriptor stays open."""
    folder = Path(folder) if folder is not None else default_folder()
    skip = {Path(p) for p in offered} | ({Path(own)} if own is not None else set())
    older = []
    for path in _candidates(folder):
        if path in skip:
            continue
        lock_file = os.path.join(os.path.dirname(path), path.stem + ".lock")  # (lock_path, without pathlib's cost)
        if not os.path.exists(lock_file):  # a running app holds its lock file: this one's app has ended
            match = _NAME.fullmatch(path.name)
            pid = int(match.group(1)) if match and match.group(1) else None
            if pid is None or pid == os.getpid() or not pid_alive(pid):
                older.append(path)
            continue
        lock = Lock.try_acquire(Path(lock_file))
        if lock is not None:
            lock.release()
            older.append(path)
    return older


def discard_paths(paths) -> int:
    """Delete these orphaned autosaves (and their lock files), one at a time, each only while no app holds it;
    returns how many were deleted. Never raises (a file that cannot be deleted stays)."""
    deleted = 0
    for path in paths:
        path = Path(path)
        lock = Lock.try_acquire(lock_path(path))
        if lock is None:
            continue
        try:
            path.unlink()
            deleted += 1
        except FileNotFoundError:
            pass
        except OSError:
            lock.release()
            continue
        lock.release(remove=True)
    return deleted

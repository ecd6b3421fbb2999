"""Lazy discovery of the compute backends.

Nothing heavy is imported until a backend is asked for. A backend that
cannot run here (no numba, no GPU, no driver, CuPy not installed) shows up
as an entry with ``available=False`` and the reason, never as an import
error. ``auto`` picks the first usable one in :data:`AUTO_ORDER`; the
``CNNVIZ_BACKEND`` environment variable overrides it.
"""

from __future__ import annotations

import importlib
import os
import threading
import warnings
from dataclasses import dataclass

from .base import Backend, BackendUnavailable

# name -> (module, human title)
_ENTRIES: dict[str, tuple[str, str]] = {
    "numpy": ("cnnviz.backends.numpy_ref", "NumPy reference (CPU)"),
    "numba": ("cnnviz.backends.numba_cpu", "Numba parallel kernels (CPU)"),
    "cuda": ("cnnviz.backends.numba_cuda", "Hand-written numba.cuda kernels (NVIDIA GPU)"),
    "cupy": ("cnnviz.backends.cupy_backend", "CuPy im2col + cuBLAS (NVIDIA GPU)"),
}
AUTO_ORDER = ("cupy", "cuda", "numba", "numpy")
NAMES = tuple(_ENTRIES)

_lock = threading.Lock()
_instances: dict[str, Backend] = {}
_failures: dict[str, str] = {}


@dataclass(frozen=True)
class BackendInfo:
    name: str
    title: str
    available: bool
    detail: str
    """The device description when available, else the reason it is not."""


def _open(name: str) -> Backend:
    with _lock:
        if name in _instances:
            return _instances[name]
        if name in _failures:
            raise BackendUnavailable(_failures[name])
        module_name, _ = _ENTRIES[name]
        try:
            module = importlib.import_module(module_name)
            backend = module.create()
        except BackendUnavailable as exc:
            _failures[name] = str(exc)
            raise
        except ImportError as exc:
            _failures[name] = f"cannot import {exc.name or module_name}: {exc}"
            raise BackendUnavailable(_failures[name]) from exc
        except Exception as exc:  # a broken driver must not crash discovery
            _failures[name] = f"{type(exc).__name__}: {exc}"
            raise BackendUnavailable(_failures[name]) from exc
        _instances[name] = backend
        return backend


def install(name: str, title: str, backend: Backend) -> None:
    """Make an already opened backend available under ``name`` (plug-ins, test doubles)."""
    with _lock:
        _ENTRIES[name] = (type(backend).__module__, title)
        _instances[name] = backend
        _failures.pop(name, None)


def uninstall(name: str) -> None:
    """Forget a backend added with ``install``."""
    with _lock:
        _ENTRIES.pop(name, None)
        _instances.pop(name, None)
        _failures.pop(name, None)


def mark_failed(name: str, reason: str) -> None:
    """A backend that failed while in use (a GPU fault) is unavailable from now on,
    with ``reason`` shown wherever backends are listed; ``auto`` skips it."""
    with _lock:
        _instances.pop(name, None)
        _failures[name] = reason


def get(name: str = "auto") -> Backend:
    """Open a backend by name (or ``auto``); raises BackendUnavailable or ValueError."""
    name = name.strip().lower()
    if name == "auto":
        forced = os.environ.get("CNNVIZ_BACKEND", "").strip().lower()
        if forced and forced != "auto":
            return get(forced)
        reasons = []
        for candidate in AUTO_ORDER:
            try:
                backend = _open(candidate)
            except BackendUnavailable as exc:
                reasons.append(f"{candidate}: {exc}")
                continue
            if candidate == "numpy" and "numba" in _failures:
                # The fast CPU path failed: say so rather than fall back without a word.
                warnings.warn(f"auto: the numba backend cannot run ({_failures['numba']}); training on NumPy (much slower)",
                              RuntimeWarning, stacklevel=2)
            return backend
        raise BackendUnavailable("no backend can run here (" + "; ".join(reasons) + ")")
    if name not in _ENTRIES:
        raise ValueError(f"unknown backend {name!r}; choose from auto, {', '.join(NAMES)}")
    return _open(name)


def info(name: str) -> BackendInfo:
    title = _ENTRIES[name][1]
    try:
        backend = _open(name)
    except BackendUnavailable as exc:
        return BackendInfo(name, title, False, str(exc))
    return BackendInfo(name, title, True, backend.describe())


def available() -> list[BackendInfo]:
    """Every known backend, usable or not, in a stable order."""
    return [info(name) for name in NAMES]

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

from ..translatable import N_
from .base import Backend, BackendUnavailable


@dataclass(frozen=True)
class _Entry:
    module: str
    title: str
    is_gpu: bool
    compiles: bool
    """The first use compiles kernels (numba's JIT, CuPy's raw kernels): a start may wait for it."""


# What the app needs to know of a backend before (or without) opening it. A test checks
# that each backend that opens agrees (``is_gpu``, ``needs_warmup``).
_ENTRIES: dict[str, _Entry] = {
    "numpy": _Entry("cnnviz.backends.numpy_ref", N_("NumPy reference (CPU)"), is_gpu=False, compiles=False),
    "numba": _Entry("cnnviz.backends.numba_cpu", N_("Numba parallel kernels (CPU)"), is_gpu=False, compiles=True),
    "cuda": _Entry(
        "cnnviz.backends.numba_cuda", N_("Hand-written numba.cuda kernels (NVIDIA GPU)"), is_gpu=True, compiles=True
    ),
    "cupy": _Entry("cnnviz.backends.cupy_backend", N_("CuPy im2col + cuBLAS (NVIDIA GPU)"), is_gpu=True, compiles=True),
}

AUTO_ORDER = ("cupy", "cuda", "numba", "numpy")
NAMES = tuple(_ENTRIES)


def modules() -> dict[str, str]:
    """Backend name -> the module that implements it. They are imported by name when first used, so a
    bundler that follows imports does not see them (packaging/cnnviz.spec lists them)."""
    return {name: entry.module for name, entry in _ENTRIES.items()}


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
    is_gpu: bool
    compiles: bool
    """Its first use compiles kernels (numba, cuda, cupy): starting it may take a while the first time."""


def _open(name: str) -> Backend:
    with _lock:
        if name in _instances:
            return _instances[name]
        if name in _failures:
            raise BackendUnavailable(_failures[name])
        module_name = _ENTRIES[name].module
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


def opened() -> list[Backend]:
    """The backends opened so far (each is opened once and kept: ``get`` hands out the same one)."""
    with _lock:
        return list(_instances.values())


def install(name: str, title: str, backend: Backend) -> None:
    """Make an already opened backend available under ``name`` (plug-ins, test doubles)."""
    with _lock:
        _ENTRIES[name] = _Entry(type(backend).__module__, title, bool(backend.is_gpu), bool(backend.needs_warmup))
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
                warnings.warn(
                    f"auto: the numba backend cannot run ({_failures['numba']}); training on NumPy (much slower)",
                    RuntimeWarning,
                    stacklevel=2,
                )
            return backend
        raise BackendUnavailable("no backend can run here (" + "; ".join(reasons) + ")")
    if name not in _ENTRIES:
        raise ValueError(f"unknown backend {name!r}; choose from auto, {', '.join(NAMES)}")
    return _open(name)


def info(name: str) -> BackendInfo:
    """What is known of backend ``name``; for ``auto``, of the backend it picks (opening them in turn)."""
    name = name.strip().lower()
    if name == "auto":
        try:
            name = get("auto").name
        except BackendUnavailable as exc:
            return BackendInfo("auto", "auto", False, str(exc), is_gpu=False, compiles=False)
    if name not in _ENTRIES:
        raise ValueError(f"unknown backend {name!r}; choose from auto, {', '.join(NAMES)}")
    entry = _ENTRIES[name]
    try:
        backend = _open(name)
    except BackendUnavailable as exc:
        return BackendInfo(name, entry.title, False, str(exc), entry.is_gpu, entry.compiles)
    return BackendInfo(name, entry.title, True, backend.describe(), entry.is_gpu, entry.compiles)


def available() -> list[BackendInfo]:
    """Every known backend, usable or not, in a stable order."""
    return [info(name) for name in NAMES]

"""numba's cache folder: the user's cache directory unless the user chose one; no writable folder means
kernels compiled without a disk cache, said in the backend's description, not a silent NumPy fallback."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cnnviz.backends import numba_cache

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def restore_state(monkeypatch):
    saved = dict(numba_cache._STATE)
    monkeypatch.delenv(numba_cache.ENV, raising=False)
    yield
    numba_cache._STATE.update(saved)


def test_the_user_cache_folder_is_chosen_and_made(monkeypatch, tmp_path):
    folder = tmp_path / "cache" / "cnnviz" / "numba"
    monkeypatch.setattr(numba_cache, "user_folder", lambda: folder)
    assert numba_cache.configure() is True
    assert os.environ[numba_cache.ENV] == str(folder) and folder.is_dir()
    assert numba_cache.enabled() and numba_cache.note() == ""


def test_the_default_folder_follows_the_platform(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    if sys.platform.startswith("linux"):
        assert numba_cache.user_folder() == tmp_path / "cnnviz" / "numba"


def test_a_folder_the_user_set_is_kept(monkeypatch, tmp_path):
    monkeypatch.setenv(numba_cache.ENV, str(tmp_path / "mine"))
    monkeypatch.setattr(numba_cache, "user_folder", lambda: pytest.fail("the user's choice is not overridden"))
    assert numba_cache.configure() is True
    assert os.environ[numba_cache.ENV] == str(tmp_path / "mine")


def test_no_writable_folder_means_no_cache_and_says_so(monkeypatch, tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setattr(numba_cache, "user_folder", lambda: blocked / "numba")  # cannot be made
    monkeypatch.setattr(numba_cache, "_in_tree_folder", lambda: blocked / "__pycache__")
    assert numba_cache.configure() is False
    assert numba_cache.ENV not in os.environ
    note = numba_cache.note()
    assert "not cached" in note and str(blocked / "numba") in note and numba_cache.ENV in note


def test_no_home_folder_falls_back_to_numbas_own_place(monkeypatch, tmp_path):
    monkeypatch.setattr(numba_cache, "user_folder", lambda: None)
    monkeypatch.setattr(numba_cache, "_in_tree_folder", lambda: tmp_path)
    assert numba_cache.configure() is True and numba_cache.ENV not in os.environ


def test_an_already_imported_numba_is_told_too(monkeypatch, tmp_path):
    numba = pytest.importorskip("numba")
    from numba.core import config

    monkeypatch.setattr(config, "CACHE_DIR", config.CACHE_DIR)
    monkeypatch.setattr(numba_cache, "user_folder", lambda: tmp_path / "n")
    numba_cache.configure()
    assert numba is not None and config.CACHE_DIR == str(tmp_path / "n")


def test_without_a_cache_the_numba_backend_still_runs_and_says_why():
    """Before: numba raised "no locator available" defining the kernels and auto trained on NumPy."""
    pytest.importorskip("numba")
    script = textwrap.dedent("""
        import numpy as np
        from cnnviz.backends import numba_cache
        numba_cache._writable = lambda folder: False
        numba_cache.configure()
        from cnnviz.backends import registry
        from cnnviz.backends.numba_cpu import kernels as numba_cpu_kernels
        assert numba_cpu_kernels.JIT["cache"] is False
        backend = registry.get("auto")
        x = np.linspace(-1, 1, 64, dtype=np.float32).reshape(4, 16)
        y, _ = backend.relu_forward(x)
        assert np.array_equal(backend.to_host(y), np.maximum(x, 0))  # auto may pick a GPU
        print(backend.name, "|", backend.describe())
    """)
    env = dict(os.environ, PYTHONPATH=str(REPO), CNNVIZ_BACKEND="")
    env.pop(numba_cache.ENV, None)
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    name, description = done.stdout.strip().split(" | ", 1)
    if name != "numba":
        pytest.skip(f"auto picked {name} here (a GPU)")
    assert "not cached" in description


def test_auto_falling_back_to_numpy_warns(monkeypatch):
    from cnnviz.backends import registry
    from cnnviz.backends.base import BackendUnavailable

    real_open = registry._open

    def fake_open(name):
        if name != "numpy":
            registry._failures[name] = f"{name} broken"
            raise BackendUnavailable(f"{name} broken")
        return real_open(name)

    monkeypatch.setattr(registry, "_open", fake_open)
    monkeypatch.setattr(registry, "_failures", {})
    monkeypatch.delenv("CNNVIZ_BACKEND", raising=False)
    with pytest.warns(RuntimeWarning, match="numba backend cannot run .numba broken.; training on NumPy"):
        assert registry.get("auto").name == "numpy"

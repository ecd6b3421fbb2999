"""What the registry tells about a backend before opening it: GPU or CPU, compiles or not."""

import pytest

from cnnviz.backends import registry


def test_every_backend_says_whether_it_is_a_gpu_and_whether_it_compiles():
    infos = {info.name: info for info in registry.available()}  # available or not
    assert {name: (info.is_gpu, info.compiles) for name, info in infos.items()} == {
        "numpy": (False, False),
        "numba": (False, True),
        "cuda": (True, True),
        "cupy": (True, True),
    }


def test_an_opened_backend_agrees_with_its_entry():
    opened = [info for info in registry.available() if info.available]
    assert "numpy" in [info.name for info in opened]
    for info in opened:
        backend = registry.get(info.name)
        assert (backend.is_gpu, backend.needs_warmup) == (info.is_gpu, info.compiles), info.name


def test_auto_is_described_as_the_backend_it_picks(monkeypatch):
    monkeypatch.setenv("CNNVIZ_BACKEND", "numpy")
    assert registry.info("auto") == registry.info("numpy")
    with pytest.raises(ValueError, match="unknown backend"):
        registry.info("tpu")


def test_an_installed_backend_is_described_by_its_attributes():
    class FakeGpu(type(registry.get("numpy"))):
        name = "fakegpu"
        is_gpu = True
        needs_warmup = True

    registry.install("fakegpu", "a fake GPU", FakeGpu())
    try:
        info = registry.info("fakegpu")
        assert info.available and info.is_gpu and info.compiles and info.title == "a fake GPU"
    finally:
        registry.uninstall("fakegpu")

"""Checkpoints from untrusted hands: everything is checked from headers before it is read or
built, every message names the file and the real cause, bounded and escaped."""

from __future__ import annotations

import errno
import io
import json
import os
import subprocess
import sys
import time
import zipfile

import numpy as np
import pytest

from cnnviz.nn import checkpoint
from cnnviz.nn.checkpoint import CheckpointError
from cnnviz.nn.model import Sequential
from peak_memory import least_peak

TINY = Sequential.from_spec("tiny").spec


def _npy(array) -> bytes:
    buffer = io.BytesIO()
    np.lib.format.write_array(buffer, np.asarray(array), allow_pickle=False)
    return buffer.getvalue()


def _write(path, arrays: dict, meta: dict | str | None = None, raw: dict | None = None, deflate=False):
    """A checkpoint-like zip, member by member: ``arrays`` as .npy, ``raw`` as given bytes."""
    mode = zipfile.ZIP_DEFLATED if deflate else zipfile.ZIP_STORED
    with zipfile.ZipFile(path, "w", mode) as zf:
        if meta is not None:
            text = meta if isinstance(meta, str) else json.dumps(meta)
            zf.writestr("cnnviz_meta.npy", _npy(np.array(text)))
        for name, arr in arrays.items():
            zf.writestr(name + ".npy", _npy(arr))
        for name, data in (raw or {}).items():
            zf.writestr(name, data)
    return path


def _tiny_weights():
    return Sequential.from_spec("tiny").initialise(0).state_dict()


def _measured(fn, limit=5 * 2**20):
    """(exception, peak traced bytes) of ``fn()``, which must raise (measured again while over ``limit``)."""

    def raised():
        with pytest.raises(Exception) as caught:
            fn()
        return caught.value

    return least_peak(raised, limit)


def test_metadata_naming_a_huge_network_is_refused_before_building_it(tmp_path):
    # The case: 116 KB whose metadata names a legal-per-layer but huge net took 9.3 GB.
    path = _write(tmp_path / "huge.npz", _tiny_weights(), {"spec": "conv15-1024,conv15-1024,dense-10"})
    exc, peak = _measured(lambda: checkpoint.load_model(path))
    assert isinstance(exc, CheckpointError)
    assert str(exc).startswith(f"{path}: stored network spec is invalid: the network has 244,190,218 parameters")
    assert peak < 5 * 2**20  # refused before building it: building would allocate about 1 GB


def test_weights_that_do_not_fit_the_named_network_are_refused_before_reading_them(tmp_path):
    weights = _tiny_weights()
    weights["conv1.weight"] = np.zeros((8, 1, 3, 3), np.float32)
    path = _write(tmp_path / "odd.npz", weights, {"spec": TINY})
    with pytest.raises(
        CheckpointError,
        match=r"array 'conv1.weight' has shape \(8, 1, 3, 3\) but the network "
        r"needs \(8, 1, 5, 5\)",
    ):
        checkpoint.load(path)
    del weights["conv1.weight"]
    weights["conv9.weight"] = np.zeros(3, np.float32)
    path = _write(tmp_path / "odd2.npz", weights, {"spec": TINY})
    with pytest.raises(CheckpointError, match=r"missing: 'conv1.weight'; unexpected: 'conv9.weight'"):
        checkpoint.load(path)


def test_a_zip_bomb_member_is_refused_before_it_is_decompressed(tmp_path):
    # The case: a 3.2 MB .npz took 3.9 GB because every member was read before any check.
    zeros = np.zeros(12_500_000, np.float32)  # 50 MB of zeros, ~50 KB deflated
    path = _write(
        tmp_path / "bomb.npz", {**_tiny_weights(), "optim.conv1.weight.m": zeros}, {"spec": TINY}, deflate=True
    )
    del zeros
    assert path.stat().st_size < 1_000_000
    exc, peak = _measured(lambda: checkpoint.load(path))
    assert "would expand from" in str(exc) and "more than 10x: refused (a zip bomb?)" in str(exc)
    assert "'optim.conv1.weight.m'" in str(exc) and str(exc).startswith(str(path))
    assert peak < 5 * 2**20


def test_a_4_tib_declared_array_is_named_as_such_not_as_out_of_memory(tmp_path):
    header = io.BytesIO()
    np.lib.format.write_array_header_1_0(header, {"descr": "<f4", "fortran_order": False, "shape": (2**40,)})
    path = _write(
        tmp_path / "tib.npz",
        _tiny_weights(),
        {"spec": TINY},
        raw={"optim.conv1.weight.m.npy": header.getvalue() + bytes(16)},
    )
    exc, peak = _measured(lambda: checkpoint.load(path))
    message = str(exc)
    assert isinstance(exc, CheckpointError) and "batch size" not in message
    assert "header declares shape (1099511627776,) (4.4 TB) but the file holds 16 bytes" in message
    assert peak < 5 * 2**20


def test_many_members_give_a_short_message(tmp_path):
    path = tmp_path / "many.npz"
    with zipfile.ZipFile(path, "w") as zf:
        for i in range(2000):
            zf.writestr(f"layer{i}.weight.npy", b"")
    with pytest.raises(CheckpointError) as caught:
        checkpoint.load(path)
    assert str(caught.value) == f"{path}: holds 2,000 arrays; a cnnviz checkpoint has at most 1,024"


def test_array_names_with_terminal_escapes_are_shown_escaped(tmp_path):
    evil = "conv1.weight\x1b]0;pwned\x07\x1b[2J"
    path = _write(tmp_path / "evil.npz", _tiny_weights(), {"spec": TINY}, raw={evil + ".npy": _npy(np.zeros(1))})
    with pytest.raises(CheckpointError) as caught:
        checkpoint.load(path)
    message = str(caught.value)
    assert "\x1b" not in message and "\x07" not in message and "\\x1b]0;pwned\\x07" in message


def test_pickled_objects_are_refused_from_the_header(tmp_path):
    header = io.BytesIO()
    np.lib.format.write_array_header_1_0(header, {"descr": "|O", "fortran_order": False, "shape": (1,)})
    path = _write(
        tmp_path / "pickle.npz",
        _tiny_weights(),
        {"spec": TINY},
        raw={"optim.conv1.weight.m.npy": header.getvalue() + b"\x80\x04payload"},
    )
    with pytest.raises(CheckpointError, match="holds Python objects, which would need pickle"):
        checkpoint.load(path)


def test_deeply_nested_metadata_is_refused_without_recursion(tmp_path):
    meta = '{"spec": "tiny", "x": ' + "[" * 100_000 + "]" * 100_000 + "}"
    path = _write(tmp_path / "deep.npz", _tiny_weights(), meta)
    with pytest.raises(CheckpointError, match=r"corrupt metadata \(nested 100001 levels deep"):
        checkpoint.load(path)


@pytest.mark.parametrize("step", ["Infinity", "NaN", "-5", "1e400", '"7"', "true"])
def test_a_nonsense_step_in_the_metadata_is_dropped(tmp_path, step):
    meta = f'{{"spec": "{TINY}", "step": {step}, "epoch": {step}, "title": "a\\u001b[2Jb"}}'
    path = _write(tmp_path / "m.npz", _tiny_weights(), meta)
    model, ckpt = checkpoint.load_model(path)
    assert ckpt.step == 0 and "step" not in ckpt.meta and "epoch" not in ckpt.meta
    assert ckpt.meta["title"] == "a\\x1b[2Jb"


def test_valid_metadata_survives(tmp_path):
    model = Sequential.from_spec("tiny").initialise(0)
    path = checkpoint.save(
        tmp_path / "m.npz",
        model.spec,
        model.state_dict(),
        {"step": 120, "epoch": 0.25, "test_accuracy": float("nan"), "net": "tiny"},
    )
    ckpt = checkpoint.load(path)
    assert ckpt.step == 120 and ckpt.meta["epoch"] == 0.25 and ckpt.meta["net"] == "tiny"
    assert "test_accuracy" not in ckpt.meta  # NaN is written as null, and null is no accuracy


def test_folder_fifo_device_and_unreadable_files_are_named(tmp_path, monkeypatch):
    with pytest.raises(CheckpointError, match=f"^{tmp_path}: is a folder, not a file$"):
        checkpoint.load(tmp_path)
    with pytest.raises(CheckpointError, match="is a device, not a file"):
        checkpoint.load(os.devnull)
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "pipe.npz")
        with pytest.raises(CheckpointError, match=r"pipe.npz: is a named pipe \(FIFO\), not a file"):
            checkpoint.load(tmp_path / "pipe.npz")
    model = Sequential.from_spec("tiny").initialise(0)
    locked = checkpoint.save(tmp_path / "locked.npz", model.spec, model.state_dict())
    real_open = os.open

    def denied(path, *args, **kwargs):  # root ignores chmod, so fake what chmod 000 does
        if str(path) == str(locked):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", denied)
    with pytest.raises(CheckpointError, match=f"^{locked}: permission denied$"):
        checkpoint.load(locked)


def test_save_names_the_target_and_cleans_up_killed_saves(tmp_path, monkeypatch):
    model = Sequential.from_spec("tiny").initialise(0)
    killed = subprocess.Popen([sys.executable, "-c", ""])
    killed.wait()  # a writer that is gone
    stale = tmp_path / f".cnnviz-m.npz.{killed.pid}-0123456789abcdef.tmp"
    stale.write_bytes(b"a save killed with -9")
    os.utime(stale, (time.time() - 3600, time.time() - 3600))
    checkpoint.save(tmp_path / "m.npz", model.spec, model.state_dict())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.npz"]

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(np, "savez", full)
    with pytest.raises(OSError) as caught:
        checkpoint.save(tmp_path / "m.npz", model.spec, model.state_dict())
    assert str(caught.value) == f"{tmp_path / 'm.npz'}: the disk is full"


def test_expected_size_matches_a_real_checkpoint(tmp_path):
    from cnnviz.backends import registry
    from cnnviz.nn.optim import Optimizer

    model = Sequential.from_spec("tiny").initialise(0).to(registry.get("numpy"))
    opt = Optimizer("adam").to(registry.get("numpy"))
    for _, p in model.named_parameters():
        p.grad = np.ones_like(p.data)
    opt.step(model.named_parameters(), 0.1)
    path = checkpoint.save(tmp_path / "m.npz", model.spec, model.state_dict(), {}, opt.state_arrays())
    expected = checkpoint.expected_bytes("tiny", "adam")
    assert 0.9 * path.stat().st_size <= expected <= 1.5 * path.stat().st_size

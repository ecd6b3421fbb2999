"""Every reader of a checkpoint-like file goes through the bounded reader: the autosave offer,
read at every start of the app, used plain ``np.load`` and spent 2.4 GB on a 1 MB file declaring
1 GB of metadata (issue 18)."""

from __future__ import annotations

import json
import zipfile

import numpy as np
import pytest

from cnnviz.app import autosave
from cnnviz.nn import checkpoint
from cnnviz.nn.model import Sequential
from peak_memory import least_peak, traced_peak

META_CHARS = 16_000_000  # 64 MB of metadata declared (UTF-32), a few hundred KB stored


@pytest.fixture
def swollen_autosave(tmp_path):
    """A small autosave whose metadata entry declares 64 MB: valid JSON padded with spaces."""
    path = tmp_path / "autosave.npz"
    text = json.dumps({"spec": "tiny", "step": 84, "saved_at": 1.0})
    dtype = np.dtype(f"<U{META_CHARS}")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        with zf.open(checkpoint.META_KEY + ".npy", "w", force_zip64=True) as member:
            np.lib.format.write_array_header_1_0(member, {"descr": dtype.str, "fortran_order": False, "shape": ()})
            member.write(text.encode("utf-32-le"))
            chunk = " ".encode("utf-32-le") * 2**18
            left = META_CHARS - len(text)
            while left > 0:
                n = min(left, 2**18)
                member.write(chunk[: 4 * n])
                left -= n
    assert path.stat().st_size < 2**20
    return path


def test_the_autosave_offer_refuses_swollen_metadata_without_reading_it(swollen_autosave):
    offer, peak = least_peak(lambda: autosave.read_offer(swollen_autosave), 8 * 2**20)
    assert offer is None and peak < 8 * 2**20, peak
    with pytest.raises(checkpoint.CheckpointError):
        checkpoint.read_meta(swollen_autosave)

    def plain_load():  # what read_offer did: the file really is that costly unbounded
        with np.load(swollen_autosave, allow_pickle=False) as data:
            return str(data[checkpoint.META_KEY])[:10]

    _, unbounded = traced_peak(plain_load)
    assert unbounded > 60 * 2**20


def test_the_autosave_offer_still_reads_a_real_autosave(tmp_path):
    from cnnviz.train.trainer import HostState

    model = Sequential.from_spec("tiny").initialise(0)
    state = HostState(model.spec, model.state_dict(), {}, optimizer_t=0, step=84, epoch=1.5, data=None, lr_used=1e-3)
    path = autosave.write(tmp_path / "autosave.npz", state, {"test_accuracy": 0.9})
    offer = autosave.read_offer(path)
    assert offer.step == 84 and offer.spec == model.spec and offer.test_accuracy == 0.9 and offer.saved_at
    meta = checkpoint.read_meta(path)
    assert meta["step"] == 84 and meta["epoch"] == 1.5

import json
import os

import numpy as np
import pytest

from cnnviz.backends import registry
from cnnviz.nn import checkpoint
from cnnviz.nn.flat import flat_parameters
from cnnviz.nn.model import Sequential
from cnnviz.nn.optim import Optimizer, learning_rate

BE = registry.get("numpy")


@pytest.mark.parametrize("beta1, beta2", [(0.9, 0.999), (0.7, 0.9)])  # the default and the fast recipe's
def test_adam_matches_the_textbook_update(beta1, beta2):
    rng = np.random.default_rng(0)
    w0 = rng.standard_normal(5)
    grads = [rng.standard_normal(5) for _ in range(3)]
    params = flat_parameters(BE, {"w": w0.copy()})
    p = params[0][1]
    opt = Optimizer("adam", beta1=beta1, beta2=beta2).to(BE)
    m = v = np.zeros(5)
    w = w0.copy()
    for t, g in enumerate(grads, 1):
        p.grad[...] = g
        opt.step(params, lr=0.01)
        m = beta1 * m + (1 - beta1) * g
        v = beta2 * v + (1 - beta2) * g * g
        mhat, vhat = m / (1 - beta1**t), v / (1 - beta2**t)
        w = w - 0.01 * mhat / (np.sqrt(vhat) + 1e-8 / np.sqrt(1 - beta2**t))
    np.testing.assert_allclose(p.data, w, rtol=1e-12)


@pytest.mark.parametrize("beta", [1.0, -0.1, float("nan")])
def test_adam_betas_outside_zero_to_one_are_refused(beta):
    with pytest.raises(ValueError, match="beta1 must be in"):
        Optimizer("adam", beta1=beta)
    with pytest.raises(ValueError, match="beta2 must be in"):
        Optimizer("adam", beta2=beta)


def test_momentum_and_plain_sgd():
    ps, qs = flat_parameters(BE, {"p": np.ones(3)}), flat_parameters(BE, {"q": np.ones(3)})
    p, q = ps[0][1], qs[0][1]
    mom, sgd = Optimizer("momentum", momentum=0.5).to(BE), Optimizer("sgd").to(BE)
    for _ in range(2):
        p.grad[...] = q.grad[...] = np.array([1.0, 2.0, 3.0])
        mom.step(ps, lr=0.1)
        sgd.step(qs, lr=0.1)
    np.testing.assert_allclose(p.data, 1 - 0.1 * np.array([1, 2, 3]) * (1 + 1.5))
    np.testing.assert_allclose(q.data, 1 - 0.2 * np.array([1, 2, 3]))


def test_optimizer_state_round_trips_per_parameter_and_refuses_another_network():
    model = Sequential.from_spec("tiny").initialise(0, np.float64).to(BE)
    opt = Optimizer("adam").to(BE)
    for _, p in model.named_parameters():
        p.grad[...] = 0.5
    opt.step(model.named_parameters(), 0.1)
    saved = opt.state_arrays()
    assert set(saved) == {f"optim.{n}.{slot}" for n, _ in model.named_parameters() for slot in ("m", "v")}
    again = Optimizer("adam").to(BE)
    again.load_state_arrays(saved, opt.t, model.named_parameters().flat.layout)
    for key, value in again.state_arrays().items():
        np.testing.assert_array_equal(value, saved[key])
    other = Sequential.from_spec("conv3-4,relu,pool,dense-10").initialise(0, np.float64).to(BE)
    with pytest.raises(ValueError, match="different network"):
        opt.step(other.named_parameters(), 0.1)


def test_model_parameters_are_views_of_one_flat_buffer_that_moves_exactly():
    model = Sequential.from_spec("tiny").initialise(3, np.float64)
    before = model.state_dict()
    model.to(BE)
    flat = model.named_parameters().flat
    assert flat.data.size == model.parameter_count()
    for (name, p), _view in zip(model.named_parameters(), flat.layout.views(flat.data)):
        assert np.shares_memory(p.data, flat.data) and np.shares_memory(p.grad, flat.grad)
        np.testing.assert_array_equal(p.data, before[name])
    flat.data[:] += 1.0  # an optimizer's in-place update is seen by every parameter
    np.testing.assert_array_equal(model.state_dict()["conv1.bias"], before["conv1.bias"] + 1.0)


def test_onecycle_schedule_shape():
    lrs = [learning_rate("onecycle", 1.0, s, 100) for s in range(100)]
    assert lrs[0] == pytest.approx(1 / 25)
    assert max(lrs) == pytest.approx(1.0) and int(np.argmax(lrs)) == 30
    assert lrs[-1] == pytest.approx(1 / 25 / 1e4)
    assert learning_rate("constant", 0.3, 50, 100) == 0.3


def test_checkpoint_round_trip_with_optimizer_state(tmp_path):
    model = Sequential.from_spec("tiny").initialise(5).to(BE)
    opt = Optimizer("adam").to(BE)
    for _, p in model.named_parameters():
        p.grad = np.ones_like(p.data)
    opt.step(model.named_parameters(), 0.1)
    path = checkpoint.save(tmp_path / "m.npz", model.spec, model.state_dict(), {"epoch": 1.5}, opt.state_arrays())
    loaded, ckpt = checkpoint.load_model(path)
    assert ckpt.meta["epoch"] == 1.5 and ckpt.meta["spec"] == model.spec and "cnnviz_version" in ckpt.meta
    for name, value in model.state_dict().items():
        np.testing.assert_array_equal(loaded.state_dict()[name], value)
    assert set(ckpt.optimizer_state) == set(opt.state_arrays())
    # arrays are named like a PyTorch state dict, readable without pickle
    with np.load(path, allow_pickle=False) as data:
        assert "conv1.weight" in data.files and "dense1.bias" in data.files
    assert [f for f in os.listdir(tmp_path) if f != "m.npz"] == [], "no temporary file left behind"


def test_checkpoint_for_another_architecture_is_refused(tmp_path):
    model = Sequential.from_spec("tiny").initialise(0)
    path = checkpoint.save(tmp_path / "t.npz", model.spec, model.state_dict())
    with pytest.raises(checkpoint.CheckpointError, match="checkpoint is for network"):
        checkpoint.load_model(path, expected_spec="seed")


@pytest.mark.parametrize(
    "content,message",
    [
        (b"not a zip at all", "not a readable .npz"),
        (b"PK\x03\x04 truncated", "not a readable .npz"),
    ],
)
def test_corrupt_checkpoints_give_clear_errors(tmp_path, content, message):
    path = tmp_path / "bad.npz"
    path.write_bytes(content)
    with pytest.raises(checkpoint.CheckpointError, match=message):
        checkpoint.load(path)


def test_checkpoint_without_metadata_or_with_pickle_is_refused(tmp_path):
    plain = tmp_path / "plain.npz"
    np.savez(plain, w=np.zeros(3))
    with pytest.raises(checkpoint.CheckpointError, match="not a cnnviz checkpoint"):
        checkpoint.load(plain)
    pickled = tmp_path / "pickled.npz"
    np.savez(pickled, cnnviz_meta=np.array(json.dumps({"spec": "tiny"})), evil=np.array([{"a": 1}], dtype=object))
    with pytest.raises(checkpoint.CheckpointError, match="refused to load"):
        checkpoint.load(pickled)


def test_checkpoint_with_corrupt_weights_is_refused(tmp_path):
    model = Sequential.from_spec("tiny").initialise(0)
    weights = model.state_dict()
    weights["conv1.weight"][0, 0, 0, 0] = np.nan
    path = checkpoint.save(tmp_path / "nan.npz", model.spec, weights)
    with pytest.raises(checkpoint.CheckpointError, match="not finite"):
        checkpoint.load(path)


def test_save_is_atomic_when_writing_fails(tmp_path, monkeypatch):
    model = Sequential.from_spec("tiny").initialise(0)
    target = checkpoint.save(tmp_path / "keep.npz", model.spec, model.state_dict())
    before = target.read_bytes()

    def boom(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(np, "savez", boom)
    with pytest.raises(OSError, match="disk full"):
        checkpoint.save(target, model.spec, model.state_dict())
    assert target.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["keep.npz"]


def test_checkpoint_gets_the_usual_file_mode_not_a_private_one(tmp_path):
    import os

    from cnnviz.nn import checkpoint
    from cnnviz.nn.model import Sequential

    model = Sequential.from_spec("tiny").initialise(0)
    old = os.umask(0o022)
    try:
        path = checkpoint.save(tmp_path / "m.npz", model.spec, model.state_dict())
    finally:
        os.umask(old)
    assert path.stat().st_mode & 0o777 == 0o644
    assert [p.name for p in tmp_path.iterdir()] == ["m.npz"]  # no temporary file left behind

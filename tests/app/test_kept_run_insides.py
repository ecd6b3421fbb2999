"""The kept run's insides, without Qt: its weights and timing kept, saved and read back (hostile timings
dropped), its kernels and feature maps set beside the run now's only where the networks agree."""

import io
import json
import zipfile

import numpy as np
import pytest

from cnnviz.app import comparison, side_by_side
from cnnviz.app.run_state import RunState
from cnnviz.nn import checkpoint, checkpoint_meta
from cnnviz.nn.model import Sequential
from cnnviz.train import events as ev
from cnnviz.train.snapshot import take_snapshot

OTHER_NET = "conv3-4,relu,pool,dense-10"


def _run_with_timing(backend: str = "cuda") -> RunState:
    run = RunState()
    run.add_steps(
        [
            ev.StepFinished(
                step=i + 1,
                epoch=i / 100,
                loss=2.0 - i / 100,
                accuracy=i / 100,
                batch_size=64,
                images_per_s=1000.0,
                lr=0.01,
                backend=backend,
                eta_s=None,
            )
            for i in range(50)
        ]
    )
    run.add_evaluation(
        ev.EvaluationFinished(
            step=50,
            epoch=0.5,
            test_loss=0.5,
            test_accuracy=0.87,
            samples=10,
            labels=np.zeros(10, int),
            predictions=np.zeros(10, int),
            confidences=np.ones(10),
        )
    )
    layers = (
        ev.LayerTiming("conv1", 0.25, 0.75),
        ev.LayerTiming("relu1", 0.01, 0.02),
        ev.LayerTiming("dense1", 0.1, 0.2),
    )
    run.add_timing(ev.TimingMeasured(10, "numba", 64, layers, 9.0))
    run.add_timing(ev.TimingMeasured(40, backend, 64, layers, 3.0))
    return run


def _model(net: str = "tiny", seed: int = 0):
    from cnnviz.backends import registry

    return Sequential.from_spec(net).initialise(seed).to(registry.get("numpy"))


def test_keeping_copies_the_weights_and_the_last_timing_and_a_save_carries_both(tmp_path):
    model = _model()
    weights = model.state_dict()
    run = _run_with_timing()
    kept = comparison.keep(run, {"lr": 0.01}, model.spec, weights)
    weights["conv1.weight"][...] = 0  # the app's copy moves on: the kept run's does not
    assert np.abs(kept.weights["conv1.weight"]).max() > 0
    assert kept.timing is run.timings[-1] and kept.timing.backend == "cuda"

    path = checkpoint.save(tmp_path / "run.npz", model.spec, model.state_dict(), comparison.run_meta(run))
    from_file = comparison.kept_from_file(path)
    assert from_file.spec == model.spec
    for name, value in model.state_dict().items():
        np.testing.assert_array_equal(from_file.weights[name], value)
    assert from_file.timing == run.timings[-1]  # every layer's forward and backward ms, the backend, the batch


def test_a_file_without_timings_keeps_none():
    run = _run_with_timing()
    run.timings = []
    assert "timings" not in comparison.run_meta(run)
    assert comparison.timing_from_meta({"history": {}}) is None


GOOD = {"backend": "cuda", "batch_size": 64, "step": 3, "step_ms": 1.5, "layers": [["conv1", 0.5, 1.0]]}


@pytest.mark.parametrize(
    "timings",
    [
        "not a dict",
        {**GOOD, "extra": 1},
        {k: v for k, v in GOOD.items() if k != "step"},
        {**GOOD, "backend": "<b>cuda</b>"},
        {**GOOD, "backend": "x" * 41},
        {**GOOD, "batch_size": -1},
        {**GOOD, "batch_size": True},
        {**GOOD, "step_ms": float("nan")},
        {**GOOD, "step_ms": 1e300},
        {**GOOD, "layers": []},
        {**GOOD, "layers": [["conv1", 0.5]]},
        {**GOOD, "layers": [["conv1", -1, 1]]},
        {**GOOD, "layers": [["<img src=x>", 1, 1]]},
        {**GOOD, "layers": [[1, 1, 1]]},
        {**GOOD, "layers": [["conv1", 1, 1]] * (checkpoint_meta.MAX_TIMING_LAYERS + 1)},
        {**GOOD, "layers": "conv1"},
        {**GOOD, "layers": [["conv1", "1", 1]]},
    ],
)
def test_hostile_timings_are_dropped_with_a_note_and_the_weights_still_load(tmp_path, timings):
    model = _model()
    history = comparison.history_meta(comparison.curves_of(_run_with_timing()))
    path = checkpoint.save(tmp_path / "t.npz", model.spec, model.state_dict(), {"history": history})
    with zipfile.ZipFile(path) as zf:  # the hostile meta written with the plain writer (save() refuses NaN)
        members = {name: zf.read(name) for name in zf.namelist()}
    arrays = {
        name[:-4]: np.load(io.BytesIO(data)) for name, data in members.items() if name != checkpoint.META_KEY + ".npy"
    }
    arrays[checkpoint.META_KEY] = np.array(
        json.dumps({"format": checkpoint.FORMAT, "spec": model.spec, "history": history, "timings": timings})
    )
    np.savez(path, **arrays)
    loaded = checkpoint.load(path)
    assert "timings" not in loaded.meta and "its timings are not valid and are ignored" in loaded.notes
    assert set(loaded.weights) == set(model.state_dict())
    kept = comparison.kept_from_file(path)
    assert kept.timing is None and len(kept.curves.train) == 50


def test_good_timings_read_back_as_saved(tmp_path):
    assert checkpoint_meta.clean_timings(GOOD) == {**GOOD, "step_ms": 1.5, "layers": [["conv1", 0.5, 1.0]]}


def test_the_sides_are_labelled_with_what_differs():
    kept = comparison.KeptRun(
        {"net": "tiny", "lr": 0.01, "optimizer": "sgd", "batch_size": 64}, comparison.Curves(), 0.87, "run.npz"
    )
    now = {"net": "tiny", "lr": 0.001, "optimizer": "sgd", "batch_size": 64}
    assert side_by_side.side_labels(kept, now) == ("A: lr 0.01", "B: lr 0.001")
    assert side_by_side.side_labels(kept, {**now, "lr": 0.01}) == ("A: kept run (run.npz)", "B: now")
    many = {**now, "optimizer": "adam", "batch_size": 32}
    assert side_by_side.side_labels(kept, many) == ("A: sgd, lr 0.01…", "B: adam, lr 0.001…")
    assert side_by_side.accuracy_text(0.87, 0.95) == "A 87.0% | B 95.0%"
    assert side_by_side.accuracy_text(0.87, None) == "A 87.0% | B not tested yet"


def _side(net: str, now_net: str = "tiny", seed: int = 1):
    model = _model(net, seed)
    kept = comparison.KeptRun({"net": net}, comparison.Curves(), None, "kept.npz", model.spec, model.state_dict())
    return side_by_side.SideBySide(kept, {"net": now_net}), model


def test_the_same_network_is_set_beside_and_its_maps_come_from_its_own_forward_pass():
    side, model = _side("tiny")
    now = _model("tiny", 0)
    assert list(side.kernels) == ["conv1", "conv2"]
    np.testing.assert_array_equal(side.kernels["conv1"], model.state_dict()["conv1.weight"])
    assert side.why_not("conv1", now.state_dict()["conv1.weight"].shape) == ""
    image = np.random.default_rng(0).random((28, 28)).astype(np.float32)
    maps_now = dict(take_snapshot(now, image).feature_maps)
    theirs, note = side.maps_beside(image, maps_now, ["conv1", "pool2"])
    assert note == "" and set(theirs) == {"conv1", "pool2"}
    expected = dict(
        model.activations(model.backend.from_host(image[None, None]))
    )  # the model's own forward, on the kept weights
    np.testing.assert_allclose(theirs["conv1"], expected["conv1"][0], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(theirs["pool2"], expected["pool2"][0], rtol=1e-5, atol=1e-6)
    assert not np.allclose(theirs["conv1"], maps_now["conv1"])  # other weights, other maps
    assert side.feature_maps(image) is side.feature_maps(image.copy())  # the same input: computed once


def test_another_network_gives_a_clear_line_instead_of_a_picture():
    side, _ = _side(OTHER_NET)
    now = _model("tiny", 0)
    line = side.why_not("conv1", now.state_dict()["conv1.weight"].shape)
    assert line.startswith("A's conv1 is 4×1×3×3, B's 8×1×5×5: another network")
    assert side.why_not("conv2", now.state_dict()["conv2.weight"].shape).startswith("A has no conv2: another network")
    image = np.zeros((28, 28), np.float32)
    maps_now = dict(take_snapshot(now, image).feature_maps)
    theirs, note = side.maps_beside(image, maps_now, ["conv1", "conv2"])
    assert theirs == {} and "A's conv1 is 4×28×28, B's 8×28×28" in note and "A has no conv2" in note


def test_one_colour_scale_per_pair():
    a, b = np.array([[-3.0, 1.0]]), np.array([[0.5, -1.0]])
    assert side_by_side.shared_limit(a, b) == 3.0 and side_by_side.shared_limit(None, b) == 1.0
    assert side_by_side.shared_limit(None, np.zeros(2)) == pytest.approx(1e-8)

"""Two runs side by side, without Qt: the kept run's curves, what differs, and a saved run's history."""

import json

import numpy as np
import pytest

from cnnviz.app import comparison
from cnnviz.app.run_state import RunState
from cnnviz.nn import checkpoint, checkpoint_meta
from cnnviz.train import events as ev


def _run(steps: int = 1200, evals: int = 4) -> RunState:
    run = RunState()
    run.add_steps(
        [
            ev.StepFinished(
                step=i + 1,
                epoch=i / 1000,
                loss=2.3 * np.exp(-i / 300) + 0.05,
                accuracy=min(1.0, i / 800),
                batch_size=64,
                images_per_s=1000.0,
                lr=0.01,
                backend="numpy",
                eta_s=None,
            )
            for i in range(steps)
        ]
    )
    for k in range(1, evals + 1):
        e = k * steps / evals / 1000
        run.add_evaluation(
            ev.EvaluationFinished(
                step=k * steps // evals,
                epoch=e,
                test_loss=1.0 / k,
                test_accuracy=0.5 + 0.1 * k,
                samples=10,
                labels=np.zeros(10, int),
                predictions=np.zeros(10, int),
                confidences=np.ones(10),
            )
        )
    return run


def test_a_kept_run_is_thinned_smoothed_and_keeps_its_last_test_accuracy():
    kept = comparison.keep(_run(), {"lr": 0.01, "optimizer": "adam", "batch_size": 64})
    train, evals = kept.curves.train, kept.curves.evals
    assert (
        len(train) == checkpoint_meta.MAX_HISTORY_POINTS and train[0, 0] == 0.0 and train[-1, 0] == pytest.approx(1.199)
    )
    assert np.all(np.diff(train[:, 0]) > 0)
    # smoothed: the kept loss falls like the run's, without its noise, and starts at the first loss
    assert train[0, 1] == pytest.approx(2.35) and train[-1, 1] < 0.3 and np.all(np.diff(train[:, 1]) <= 1e-12)
    assert evals.shape == (4, 3) and kept.test_accuracy == pytest.approx(0.9)
    assert kept.curves.last_epoch == pytest.approx(1.2)


def test_nothing_trained_cannot_be_kept():
    with pytest.raises(ValueError, match="no curves yet"):
        comparison.keep(RunState(), {})


def test_the_label_says_what_differs_in_a_fixed_order_and_names_presets():
    kept = comparison.KeptRun(
        {"net": "tiny", "lr": 0.001, "batch_size": 64, "optimizer": "adam", "seed": 0},
        comparison.Curves(),
        None,
        "this session",
    )
    same = {"net": "tiny", "lr": 0.001, "batch_size": 64, "optimizer": "adam", "seed": 0}
    assert comparison.describe(kept, same) == "adam lr 0.001 batch 64 (same settings)"
    assert comparison.describe(kept, {**same, "lr": 0.01}) == "lr 0.001 vs 0.01 now"
    assert (
        comparison.describe(kept, {**same, "lr": 0.01, "optimizer": "sgd"}) == "adam vs sgd now, lr 0.001 vs 0.01 now"
    )
    custom = "conv5-8,relu,pool,conv3-16,relu,pool,dense-64,relu,dense-10"
    label = comparison.describe(kept, {**same, "net": custom})
    assert label == "net tiny vs conv5-8,relu,pool,conv3… now"  # a custom spec, shortened
    assert (
        comparison.describe(kept, {**same, "net": "conv5-8,relu,pool,conv3-16,relu,pool,dense-10"})
        == "adam lr 0.001 batch 64 (same settings)"
    )  # the tiny preset spelled out is the same network


def test_a_saved_run_carries_its_history_and_can_be_compared_with(tmp_path):
    from cnnviz.nn.model import Sequential

    model = Sequential.from_spec("tiny").initialise(0)
    curves = comparison.curves_of(_run())
    path = checkpoint.save(
        tmp_path / "a.npz",
        model.spec,
        model.state_dict(),
        {"lr": 0.001, "optimizer": "adam", "test_accuracy": 0.91, "history": comparison.history_meta(curves)},
    )
    kept = comparison.kept_from_file(path)
    assert kept.source == "a.npz" and kept.test_accuracy == pytest.approx(0.91)
    assert kept.settings["net"] == model.spec and kept.settings["lr"] == 0.001
    np.testing.assert_allclose(kept.curves.train, curves.train, atol=1e-5)
    np.testing.assert_allclose(kept.curves.evals, curves.evals, atol=1e-5)
    assert len(json.dumps(comparison.history_meta(curves))) < 60_000  # a few tens of kB at most


def test_a_file_without_history_says_so(tmp_path):
    from cnnviz.nn.model import Sequential

    model = Sequential.from_spec("tiny").initialise(0)
    path = checkpoint.save(tmp_path / "old.npz", model.spec, model.state_dict(), {})
    with pytest.raises(ValueError, match="no run history"):
        comparison.kept_from_file(path)


@pytest.mark.parametrize(
    "history",
    [
        "not a dict",
        {"train": "rows"},
        {"train": [[0, 1]]},
        {"train": [[0, 1, 2]]},
        {"train": [[0, -1, 0.5]]},
        {"eval": [[1, 1, 0.5], [0.5, 1, 0.5]]},
        {"train": [[0, float("nan"), 0.5]]},
        {"other": []},
        {"train": [[0, 1, 0.5]] * (checkpoint_meta.MAX_HISTORY_POINTS + 1)},
        {"train": [[True, 1, 0.5]]},
    ],
)
def test_a_hostile_history_is_dropped_with_a_note_and_the_weights_still_load(tmp_path, history):
    from cnnviz.nn.model import Sequential

    model = Sequential.from_spec("tiny").initialise(0)
    path = checkpoint.save(tmp_path / "h.npz", model.spec, model.state_dict(), {"history": "placeholder"})
    # write the hostile history with the plain writer (save() would refuse NaN)
    import zipfile

    with zipfile.ZipFile(path) as zf:
        members = {name: zf.read(name) for name in zf.namelist()}
    meta = {"format": checkpoint.FORMAT, "spec": model.spec, "history": history}
    arrays = {
        name[:-4]: np.load(__import__("io").BytesIO(data))
        for name, data in members.items()
        if name != checkpoint.META_KEY + ".npy"
    }
    arrays[checkpoint.META_KEY] = np.array(json.dumps(meta))
    np.savez(path, **arrays)
    loaded = checkpoint.load(path)
    assert "history" not in loaded.meta
    assert not comparison.curves_from_meta(loaded.meta)
    assert set(loaded.weights) == set(model.state_dict())


def test_a_model_saved_by_cnnviz_train_carries_its_curves_and_settings(tiny_model_path):
    kept = comparison.kept_from_file(tiny_model_path)
    assert len(kept.curves.train) == 150 and kept.curves.train[-1, 0] > 0
    assert {"lr", "optimizer", "batch_size", "seed"} <= set(kept.settings)
    assert comparison.describe(kept, {**kept.settings, "lr": kept.settings["lr"] * 2}).startswith("lr ")

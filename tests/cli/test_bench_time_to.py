"""cnnviz bench --time-to: seconds of training to a test accuracy, evaluations not timed."""

import argparse

import numpy as np
import pytest

from cnnviz.backends import registry
from cnnviz.backends.base import dropout_key
from cnnviz.cli import bench_time_to as tt
from cnnviz.cli import main
from cnnviz.nn.model import Sequential
from cnnviz.nn.optim import Optimizer
from cnnviz.train.config import TrainConfig
from cnnviz.train.data_order import DataOrder
from cnnviz.train.events import StepFinished
from cnnviz.train.step import training_step
from cnnviz.train.trainer import Trainer


def _args(**kw):
    base = dict(time_to=30.0, net="tiny", repeat=1, seed=0, against=None, threads=None)
    base.update(kw)
    return argparse.Namespace(**base)


def test_the_fast_recipe_is_the_presets_and_other_nets_get_the_trainers_defaults():
    fast = tt.Recipe.for_net("fast")
    assert (fast.epochs, fast.batch, fast.lr, fast.beta1, fast.beta2, fast.schedule, fast.warmup) == (
        1.5,
        256,
        0.01,
        0.7,
        0.9,
        "onecycle",
        0.15,
    )
    tiny = tt.Recipe.for_net("tiny")
    assert (tiny.batch, tiny.beta2, tiny.spec) == (64, 0.999, "conv5-8,relu,pool,conv3-16,relu,pool,dense-10")


def test_every_epoch_sees_every_image_once_and_the_schedule_is_the_trainers():
    recipe = tt.Recipe.for_net("tiny")
    recipe.epochs = 2.0
    schedule = tt._Schedule(recipe, train_size=1000, seed=3)
    assert schedule.steps_per_epoch == 16 and schedule.total == 32
    for epoch in range(2):
        seen = np.concatenate([schedule.indices(epoch * 16 + i) for i in range(16)])
        assert sorted(seen.tolist()) == list(range(1000)), "each epoch is one permutation"
    assert len(schedule.indices(15)) == 1000 - 15 * 64  # the last batch of an epoch is short
    assert schedule.checkpoints()[-1] == 32 and len(schedule.checkpoints()) <= tt.EVALUATIONS + 1
    # The trainer's own order and learning rates for the same seed (cnnviz train --seed 3), step for step.
    config = TrainConfig(net="tiny", epochs=2.0, batch_size=64, lr=recipe.lr, warmup=recipe.warmup, seed=3)
    order = DataOrder(1000, 3)
    for step in range(32):
        assert schedule.lr(step) == config.lr_at(order.images_seen, 1000)
        np.testing.assert_array_equal(schedule.indices(step), order.take(64))
        assert schedule.step_key(step) == dropout_key(3, step, 0)


def test_a_seed_trains_the_same_run_in_bench_and_in_train(small_mnist):
    """``bench --time-to`` and ``cnnviz train`` on one seed: the same batches, learning rates and weights."""
    recipe = tt.Recipe.for_net("tiny")
    recipe.epochs = 0.05
    schedule = tt._Schedule(recipe, len(small_mnist.train_labels), seed=5)
    trainer = Trainer(TrainConfig(net="tiny", backend="numpy", epochs=0.05, seed=5), dataset=small_mnist)
    lrs = []
    trainer.add_listener(lambda e: lrs.append(e.lr) if isinstance(e, StepFinished) else None)
    trainer.run()
    assert trainer.step == schedule.total == len(lrs) == 2
    assert lrs == [schedule.lr(0), schedule.lr(1)]
    be = registry.get("numpy")
    model = Sequential.from_spec(recipe.spec).initialise(5).to(be)
    opt = Optimizer("adam").to(be)
    data, stats = be.upload_dataset(small_mnist.train_images, small_mnist.train_labels), be.new_step_stats(1)
    for step in range(schedule.total):
        training_step(
            be, model, opt, data, schedule.indices(step), stats, 0, schedule.step_key(step), schedule.lr(step)
        )
    for name, weights in trainer.model.state_dict().items():
        np.testing.assert_allclose(model.state_dict()[name], weights, rtol=1e-6, atol=1e-7, err_msg=name)


def _run(small_mnist, **kw):
    said = []
    report = tt.run_time_to(_args(**kw), ["numpy"], registry.get, lambda text: None, said.append, lambda: small_mnist)
    return report, said


def test_a_reachable_target_reports_the_training_time_at_the_first_evaluation_above_it(small_mnist):
    report, said = _run(small_mnist, time_to=30.0)
    attempt = report["contenders"]["numpy"]["attempts"][0]
    assert attempt["accuracy_then"] >= 30.0 and attempt["step"] <= report["steps"]
    assert attempt["step"] % report["evaluate_every"] == 0 or attempt["step"] == report["steps"]
    assert 0 < attempt["seconds"] == attempt["train_seconds"]
    assert report["contenders"]["numpy"]["median_seconds"] == attempt["seconds"]
    assert "time to 30 %" in said[0] and "not timed" in said[0]


def test_an_unreached_target_says_so_with_the_best_accuracy(small_mnist, capsys):
    report, _ = _run(small_mnist, time_to=100.0)
    entry = report["contenders"]["numpy"]
    assert entry["median_seconds"] is None and entry["attempts"][0]["seconds"] is None
    assert 0 < entry["attempts"][0]["best_accuracy"] < 100
    tt.print_time_to(report)
    assert "not reached in" in capsys.readouterr().out


def test_without_pytorch_the_comparison_is_named_missing(small_mnist, monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_torch(name, *args, **kwargs):
        if name == "torch":
            raise ImportError("No module named 'torch'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_torch)
    report, said = _run(small_mnist, time_to=20.0, against="torch")
    assert "PyTorch is not installed" in report["torch_error"] and list(report["contenders"]) == ["numpy"]


@pytest.mark.parametrize("value", ["0", "101", "-5"])
def test_a_target_outside_0_to_100_is_one_line_error(capsys, value):
    code = main(["bench", "--time-to", value, "--backends", "numpy", "--net", "tiny"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and err[0].startswith("cnnviz: error: --time-to")

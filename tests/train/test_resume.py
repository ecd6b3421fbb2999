"""A run saved at step N and resumed trains exactly the steps a run that never stopped would (issue 18,
item 10: a restored step-84 model used to start again at step 0 with a fresh optimizer and schedule)."""

import numpy as np
import pytest

from cnnviz.nn import checkpoint
from cnnviz.train import events as ev
from cnnviz.train import resume
from cnnviz.train.config import TrainConfig
from cnnviz.train.data_order import DataOrder
from cnnviz.train.trainer import Trainer

NET = "conv3-4,relu,pool,dropout-0.2,dense-10"  # dropout: its keys depend on the step and the seed


def config(**overrides):
    # 2,000 images in batches of 64: an epoch ends at step 32, between N and N + M.
    fields = dict(
        net=NET,
        backend="numpy",
        batch_size=64,
        lr=3e-3,
        seed=5,
        optimizer="adam",
        schedule="onecycle",
        steps=45,
        eval_every=0,
    )
    fields.update(overrides)
    return TrainConfig(**fields)


def saved_and_loaded(tmp_path, state):
    """``state`` through a checkpoint file and back, as the app's autosave and restore do."""
    path = checkpoint.save(
        tmp_path / "run.npz",
        state.spec,
        state.weights,
        {**resume.to_meta(state), "step": state.step},
        state.optimizer_arrays,
    )
    loaded = checkpoint.load(path)
    return loaded.weights, resume.from_meta(loaded.meta, loaded.optimizer_state)


def stopped_at(step, cfg, dataset):
    trainer = Trainer(cfg, dataset=dataset)
    trainer.add_listener(
        lambda e: trainer.stop(final_evaluation=False) if isinstance(e, ev.StepFinished) and e.step == step else None
    )
    trainer.run()
    assert trainer.step == step
    return trainer


@pytest.mark.parametrize("optimizer", ["adam", "momentum"])
def test_a_resumed_run_is_bit_for_bit_the_run_that_never_stopped(tmp_path, small_mnist, optimizer):
    straight = Trainer(config(optimizer=optimizer), dataset=small_mnist)
    straight.run()
    expected = straight.host_state()

    first = stopped_at(20, config(optimizer=optimizer), small_mnist)  # the same run, stopped (closed) at 20
    weights, where = saved_and_loaded(tmp_path, first.host_state())
    assert where is not None and where.step == 20 and where.seed == 5

    # Another seed in the config (the window's): the run's own seed wins, as its dropout and order need.
    resumed = Trainer(config(optimizer=optimizer, seed=99), dataset=small_mnist, initial_weights=weights, resume=where)
    steps = []
    resumed.add_listener(lambda e: steps.append(e.step) if isinstance(e, ev.StepFinished) else None)
    resumed.run()
    got = resumed.host_state()
    assert steps == list(range(21, 46)), "the step count goes on"
    assert got.step == expected.step == 45 and got.optimizer_t == expected.optimizer_t
    assert got.data.images_seen == expected.data.images_seen and got.data.position == expected.data.position
    assert got.lr_used == expected.lr_used, "the schedule went on where it was"
    for name, array in expected.weights.items():
        np.testing.assert_array_equal(got.weights[name], array, err_msg=name)
    assert set(got.optimizer_arrays) == set(expected.optimizer_arrays) and expected.optimizer_arrays
    for name, array in expected.optimizer_arrays.items():
        np.testing.assert_array_equal(got.optimizer_arrays[name], array, err_msg=name)


def test_without_a_position_the_weights_start_a_new_run(small_mnist):
    assert resume.from_meta({"step": 20}) is None  # a file from before, or from `cnnviz train`
    trainer = Trainer(config(steps=2), dataset=small_mnist)
    trainer.run()
    assert trainer.step == 2


@pytest.mark.parametrize(
    "bad",
    [
        {"run_position": 5000},
        {"run_epoch_index": 10**9},
        {"run_seed": -1},
        {"run_lr_used": float("nan")},
        {"run_optimizer_t": "3"},
        {"step": 0},
    ],
)
def test_a_position_that_cannot_be_is_ignored(bad):
    good = {
        "step": 20,
        "run_optimizer_t": 20,
        "run_lr_used": 1e-3,
        "run_seed": 5,
        "run_train_count": 2000,
        "run_epoch_index": 0,
        "run_position": 1280,
        "run_images_seen": 1280,
    }
    assert resume.from_meta(good) is not None
    assert resume.from_meta({**good, **bad}) is None


def test_arrays_of_another_optimizer_start_its_state_afresh(tmp_path, small_mnist):
    first = Trainer(config(optimizer="momentum", steps=5), dataset=small_mnist)
    first.run()
    weights, where = saved_and_loaded(tmp_path, first.host_state())
    adam = Trainer(config(optimizer="adam", steps=7), dataset=small_mnist, initial_weights=weights, resume=where)
    adam.run()
    assert adam.step == 7 and set(k.rsplit(".", 1)[1] for k in adam.host_state().optimizer_arrays) == {"m", "v"}


def test_a_resumed_data_order_is_the_order_the_run_had():
    order = DataOrder(100, seed=3)
    for _ in range(13):
        order.take(16)  # into the third epoch
    again = DataOrder.resumed(100, 3, order.epoch_index, order.position, order.images_seen)
    np.testing.assert_array_equal(again.order, order.order)
    for _ in range(10):
        np.testing.assert_array_equal(again.take(16), order.take(16))

"""The trainer runs the one training step that ``bench`` and ``devices --check`` time and check."""

import numpy as np

from cnnviz.backends import registry
from cnnviz.backends.base import dropout_key
from cnnviz.nn.model import Sequential
from cnnviz.nn.optim import Optimizer
from cnnviz.train import events as ev
from cnnviz.train import step as step_module
from cnnviz.train import trainer as trainer_module
from cnnviz.train.config import TrainConfig
from cnnviz.train.data_order import DataOrder
from cnnviz.train.step import training_step
from cnnviz.train.trainer import Trainer

NET = "conv3-4,relu,pool,dropout-0.2,dense-10"  # dropout: the step key must match too
STEPS = 5


def test_the_trainer_runs_training_step_and_matches_it_bit_for_bit(small_mnist, monkeypatch):
    calls = []

    def spy(*args, **kwargs):
        calls.append(kwargs.get("before_update"))
        return training_step(*args, **kwargs)

    monkeypatch.setattr(trainer_module, "training_step", spy)
    cfg = TrainConfig(
        net=NET,
        backend="numpy",
        steps=STEPS,
        batch_size=32,
        lr=0.01,
        optimizer="adam",
        schedule="constant",
        seed=7,
        stats_every=2,
        timing_every=1,
    )
    trainer = Trainer(cfg, dataset=small_mnist)
    seen = []
    trainer.add_listener(seen.append)
    trainer.run()
    assert len(calls) == STEPS, "every trainer step goes through cnnviz.train.step.training_step"
    assert [hook is not None for hook in calls] == [False, True, False, True, False]  # stats_every=2
    assert [e.step for e in seen if isinstance(e, ev.ParameterStatsMeasured)] == [2, 4]

    # The same steps, called directly as bench and devices --check call it.
    be = registry.get("numpy")
    model = Sequential.from_spec(NET).initialise(cfg.seed, np.dtype(cfg.dtype)).to(be)
    optimizer = Optimizer(cfg.optimizer, momentum=cfg.momentum).to(be)
    data = be.upload_dataset(small_mnist.train_images, small_mnist.train_labels)
    stats = be.new_step_stats(1)
    order = DataOrder(len(small_mnist.train_images), cfg.seed)
    losses = []
    for step in range(STEPS):
        training_step(
            be, model, optimizer, data, order.take(cfg.batch_size), stats, 0, dropout_key(cfg.seed, step, 0), cfg.lr
        )
        losses.append(float(be.read_step_stats(stats, 1)[0][0]))

    assert [e.loss for e in seen if isinstance(e, ev.StepFinished)] == losses
    direct = model.state_dict()
    for name, weights in trainer.model.state_dict().items():
        np.testing.assert_array_equal(weights, direct[name], err_msg=name)
    direct_state = optimizer.state_arrays()
    for name, array in trainer.optimizer.state_arrays().items():
        np.testing.assert_array_equal(array, direct_state[name], err_msg=name)


def test_before_update_sees_the_gradients_before_the_weights_change():
    be = registry.get("numpy")
    model = Sequential.from_spec("dense-10").initialise(1, np.dtype("float32")).to(be)
    optimizer = Optimizer("sgd", momentum=0.0).to(be)
    rng = np.random.default_rng(0)
    data = be.upload_dataset(rng.integers(0, 256, (8, 28, 28), dtype=np.uint8), rng.integers(0, 10, 8).astype(np.int32))
    start = model.state_dict()
    kept = step_module.training_step(
        be,
        model,
        optimizer,
        data,
        np.arange(8, dtype=np.int32),
        be.new_step_stats(1),
        0,
        0,
        0.5,
        before_update=model.state_dict,
    )
    after = model.state_dict()
    for name, weights in start.items():
        np.testing.assert_array_equal(kept[name], weights, err_msg=name)
        grad = be.to_host(dict(model.named_parameters())[name].grad)
        np.testing.assert_allclose(after[name], weights - 0.5 * grad, rtol=1e-5, atol=1e-7, err_msg=name)
    assert (
        step_module.training_step(
            be, model, optimizer, data, np.arange(8, dtype=np.int32), be.new_step_stats(1), 0, 0, 0.5
        )
        is None
    )

import threading
import time

import numpy as np
import pytest

from cnnviz.backends import registry
from cnnviz.train import events as ev
from cnnviz.train.config import TrainConfig
from cnnviz.train.trainer import Trainer


def make(small_mnist, **overrides):
    cfg = dict(net="tiny", backend="numpy", steps=6, batch_size=32, lr=2e-3, seed=3, timing_every=1)
    cfg.update(overrides)
    trainer = Trainer(TrainConfig(**cfg), dataset=small_mnist)
    seen = []
    trainer.add_listener(seen.append)
    return trainer, seen


def of(seen, kind):
    return [e for e in seen if isinstance(e, kind)]


def test_run_emits_events_and_learns(small_mnist):
    trainer, seen = make(small_mnist, steps=40, eval_every=20)
    result = trainer.run()
    steps = of(seen, ev.StepFinished)
    assert [s.step for s in steps] == list(range(1, 41))
    assert isinstance(seen[0], ev.RunStarted) and seen[0].layers[0] == "conv1"
    assert np.mean([s.loss for s in steps[-5:]]) < np.mean([s.loss for s in steps[:5]]) - 0.5
    assert all(0 <= s.accuracy <= 1 and s.images_per_s > 0 for s in steps)
    evals = of(seen, ev.EvaluationFinished)
    assert [e.step for e in evals] == [20, 40] and evals[-1].samples == 500
    assert result.test_accuracy == evals[-1].test_accuracy > 0.5
    timing = of(seen, ev.TimingMeasured)[-1]
    assert [l.name for l in timing.layers][:3] == ["conv1", "relu1", "pool1"]
    assert all(l.forward_ms >= 0 and l.backward_ms >= 0 for l in timing.layers)
    assert timing.layers[0].forward_ms > 0 and timing.layers[0].backward_ms > 0
    assert isinstance(seen[-1], ev.RunFinished) and not result.stopped


def test_same_seed_same_loss_curve(small_mnist):
    curves = []
    for _ in range(2):
        trainer, seen = make(small_mnist, net="conv3-4,relu,pool,dropout-0.2,dense-10")
        trainer.run()
        curves.append([s.loss for s in of(seen, ev.StepFinished)])
    assert curves[0] == curves[1]
    other, seen = make(small_mnist, net="conv3-4,relu,pool,dropout-0.2,dense-10", seed=4)
    other.run()
    assert [s.loss for s in of(seen, ev.StepFinished)] != curves[0]


def run_in_thread(trainer):
    thread = threading.Thread(target=trainer.run, daemon=True)
    thread.start()
    return thread


def wait_for(predicate, timeout=20.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.01)
    return False


def step_seen_by_a_snapshot(trainer, seen, tag):
    """The step count when the trainer applied a snapshot request (commands are applied between steps)."""
    trainer.request_snapshot(test_index=0, tag=tag)
    assert wait_for(lambda: any(s.tag == tag for s in of(seen, ev.Snapshot)))
    return next(s.step for s in of(seen, ev.Snapshot) if s.tag == tag)


def test_pause_step_once_resume_stop_from_another_thread(small_mnist):
    trainer, seen = make(small_mnist, steps=100000)
    trainer.pause()
    thread = run_in_thread(trainer)
    assert wait_for(lambda: of(seen, ev.StateChanged) and of(seen, ev.StateChanged)[-1].state == ev.RunPhase.PAUSED)
    # Two snapshots in a row: the second is applied a loop turn after the first, so a paused
    # trainer that took a step in between would show it.
    assert [step_seen_by_a_snapshot(trainer, seen, tag) for tag in ("a", "b")] == [0, 0]
    trainer.step_once()
    assert wait_for(lambda: trainer.step == 1)
    assert [step_seen_by_a_snapshot(trainer, seen, tag) for tag in ("c", "d")] == [1, 1], (
        "step_once must advance exactly one batch"
    )
    assert [e.step for e in of(seen, ev.StepFinished)] == [1]
    trainer.resume()
    assert wait_for(lambda: trainer.step >= 5)
    trainer.stop()
    thread.join(5)
    assert not thread.is_alive()
    assert of(seen, ev.RunFinished)[-1].stopped


def test_hyperparameters_change_between_steps(small_mnist):
    trainer, seen = make(small_mnist, steps=10, schedule="constant")
    trainer.add_listener(
        lambda e: (
            isinstance(e, ev.StepFinished)
            and e.step == 3
            and trainer.set_hyperparameters(lr=1e-4, batch_size=16, optimizer="momentum")
        )
    )
    trainer.run()
    steps = of(seen, ev.StepFinished)
    assert [s.lr for s in steps[:3]] == [2e-3] * 3 and all(s.lr == 1e-4 for s in steps[3:])
    assert steps[2].batch_size == 32 and steps[3].batch_size == 16
    change = of(seen, ev.HyperparametersChanged)[0]
    assert change.step == 3 and change.changes == {"lr": 1e-4, "batch_size": 16, "optimizer": "momentum"}


def test_bad_hyperparameter_is_reported_not_fatal(small_mnist):
    trainer, seen = make(small_mnist, steps=4)
    trainer.set_hyperparameters(lr=-1.0)
    trainer.run()
    assert "learning rate" in of(seen, ev.TrainerError)[0].message
    assert len(of(seen, ev.StepFinished)) == 4


def test_switching_backend_mid_run_keeps_the_trajectory(small_mnist):
    """numpy -> numpy (a second instance) must not change anything: weights and Adam state move exactly."""
    reference, seen_ref = make(small_mnist, steps=8)
    reference.run()

    class OtherNumpy(type(registry.get("numpy"))):
        name = "numpy2"

    trainer, seen = make(small_mnist, steps=8)
    trainer.add_listener(lambda e: isinstance(e, ev.StepFinished) and e.step == 4 and trainer.switch_backend("numpy2"))
    registry.install("numpy2", "test copy", OtherNumpy())
    try:
        trainer.run()
    finally:
        registry.uninstall("numpy2")
    switched = of(seen, ev.BackendSwitched)
    assert switched and switched[0].step == 4 and switched[0].new == "numpy2"
    assert [s.loss for s in of(seen, ev.StepFinished)] == [s.loss for s in of(seen_ref, ev.StepFinished)]
    assert of(seen, ev.StepFinished)[-1].backend == "numpy2"


def test_switch_to_numba_keeps_loss_continuous(small_mnist):
    try:
        registry.get("numba")
    except Exception as exc:
        pytest.skip(f"numba backend unavailable: {exc}")
    reference, seen_ref = make(small_mnist, steps=10)
    reference.run()
    trainer, seen = make(small_mnist, steps=10)
    trainer.add_listener(lambda e: isinstance(e, ev.StepFinished) and e.step == 5 and trainer.switch_backend("numba"))
    trainer.run()
    np.testing.assert_allclose(
        [s.loss for s in of(seen, ev.StepFinished)], [s.loss for s in of(seen_ref, ev.StepFinished)], rtol=2e-3
    )


def test_unknown_backend_switch_is_reported(small_mnist):
    trainer, seen = make(small_mnist, steps=3)
    trainer.switch_backend("quantum")
    trainer.run()
    assert "unknown backend" in of(seen, ev.TrainerError)[0].message
    assert of(seen, ev.RunFinished)[0].backend == "numpy"


def test_divergence_restores_weights_and_pauses(small_mnist):
    trainer, seen = make(small_mnist, steps=100000, schedule="constant")
    trainer.setup()
    good = trainer.model.state_dict()
    trainer.add_listener(lambda e: isinstance(e, ev.StateChanged) and e.state == ev.RunPhase.PAUSED and trainer.stop())
    # Poison the weights as a too-high learning rate would.
    trainer.model.named_parameters()[0][1].data[...] = np.inf
    trainer.run()
    diverged = of(seen, ev.Diverged)
    assert diverged and diverged[0].restored_step == 0
    # The cause and the advice apart (the CLI words its own advice), and together for the app.
    assert diverged[0].cause == "the loss became nan at step 1"
    assert diverged[0].advice == "Lower the learning rate (now 0.002) and resume."
    assert diverged[0].message == (
        "the loss became nan at step 1. The weights of step 0 were put back (the step count goes on from "
        f"{diverged[0].step}) and training is paused. Lower the learning rate (now 0.002) and resume."
    )
    states = of(seen, ev.StateChanged)
    assert [e.state for e in states] == [ev.RunPhase.RUNNING, ev.RunPhase.PAUSED, ev.RunPhase.STOPPED]
    assert all(type(e.state) is ev.RunPhase for e in states)
    for name, value in trainer.model.state_dict().items():
        np.testing.assert_array_equal(value, good[name], err_msg=name)


def test_snapshot_has_feature_maps_kernels_and_consistent_weights(small_mnist):
    trainer, seen = make(small_mnist, steps=2)
    trainer.add_listener(
        lambda e: isinstance(e, ev.StepFinished) and e.step == 1 and trainer.request_snapshot(test_index=3, tag="t")
    )
    trainer.run()
    snap = of(seen, ev.Snapshot)[0]
    assert snap.step == 1 and snap.tag == "t" and snap.input_label == int(small_mnist.test_labels[3])
    names = [name for name, _ in snap.feature_maps]
    assert names == ["conv1", "relu1", "pool1", "conv2", "relu2", "pool2"]
    assert snap.feature_maps[0][1].shape == (8, 28, 28) and snap.feature_maps[2][1].shape == (8, 14, 14)
    assert [k for k, _ in snap.kernels] == ["conv1", "conv2"] and snap.kernels[1][1].shape == (16, 8, 3, 3)
    assert snap.probabilities.shape == (10,) and snap.probabilities.sum() == pytest.approx(1, abs=1e-5)
    assert set(snap.weights) == {
        "conv1.weight",
        "conv1.bias",
        "conv2.weight",
        "conv2.bias",
        "dense1.weight",
        "dense1.bias",
    }
    drawn = trainer.snapshot(image=np.zeros((28, 28), np.float32))
    assert drawn.input_label is None


def test_reset_starts_over_with_fresh_weights_and_the_same_data_order(small_mnist):
    trainer, seen = make(small_mnist, steps=3)
    trainer.add_listener(
        lambda e: (
            isinstance(e, ev.StepFinished) and e.step == 2 and not of(seen, ev.StateChanged)[1:] and trainer.reset()
        )
    )
    trainer.run()
    assert [e.state for e in of(seen, ev.StateChanged)] == [
        ev.RunPhase.RUNNING,
        ev.RunPhase.RESET,
        ev.RunPhase.FINISHED,
    ]
    steps = of(seen, ev.StepFinished)
    assert [s.step for s in steps] == [1, 2, 1, 2, 3]
    # same seed: the same fresh weights and the same first batches, so the same losses
    assert steps[2].loss == steps[0].loss and steps[3].loss == steps[1].loss


@pytest.mark.parametrize(
    "field,value,message",
    [
        ("batch_size", 0, "batch size"),
        ("lr", -0.1, "learning rate"),
        ("lr", float("nan"), "learning rate"),
        ("epochs", 0, "epochs"),
        ("momentum", 1.5, "momentum"),
        ("optimizer", "rmsprop", "optimizer"),
        ("steps", 0, "steps"),
    ],
)
def test_absurd_config_is_rejected_clearly(field, value, message):
    with pytest.raises(ValueError, match=message):
        TrainConfig(**{field: value}).validate()


def test_parameter_statistics_every_n_steps(small_mnist):
    trainer, seen = make(small_mnist, steps=6, stats_every=3, schedule="constant", lr=1e-3)
    trainer.run()
    stats = of(seen, ev.ParameterStatsMeasured)
    assert [s.step for s in stats] == [3, 6]
    conv1 = next(p for p in stats[0].params if p.name == "conv1.weight")
    assert conv1.shape == (8, 1, 5, 5) and conv1.grads is not None and conv1.grads.l2 > 0
    # Adam moves every weight by about lr in its first steps: |delta w| ~ lr * sqrt(size)
    assert conv1.update_l2 == pytest.approx(1e-3 * np.sqrt(200), rel=0.5)
    assert conv1.weights.p1 < conv1.weights.p50 < conv1.weights.p99


@pytest.mark.parametrize("lr,collapses", [(5.0, True), (0.3, False)])
def test_a_loss_stuck_at_chance_after_blowing_up_is_treated_as_divergence(small_mnist, lr, collapses):
    # SGD at lr 5 kills every ReLU: no NaN ever appears, the loss just sits at ln 10.
    trainer, seen = make(
        small_mnist, steps=400, optimizer="sgd", momentum=0.0, lr=lr, schedule="constant", timing_every=1000, seed=0
    )
    trainer.add_listener(lambda e: isinstance(e, ev.Diverged) and trainer.stop(final_evaluation=False))
    trainer.run()
    diverged = of(seen, ev.Diverged)
    assert bool(diverged) == collapses
    if collapses:
        assert diverged[0].cause.startswith("the loss has stayed at chance level")
        assert diverged[0].advice.startswith("Lower the learning rate")
        assert diverged[0].loss == pytest.approx(np.log(10), rel=0.3)
    else:
        assert of(seen, ev.StepFinished)[-1].loss < 1.0


@pytest.mark.parametrize(
    "overrides,message",
    [
        (dict(epochs=1e-300), "less than one image"),
        (dict(train_samples=1, epochs=0.5), "less than one image"),
    ],
)
def test_a_run_of_no_images_is_refused_before_training(small_mnist, overrides, message):
    trainer, seen = make(small_mnist, steps=None, **overrides)
    with pytest.raises(ValueError, match=message):
        trainer.run()
    assert not of(seen, ev.StepFinished)


def test_run_phases_are_strings_for_comparisons_and_json():
    import json

    event = ev.StateChanged("paused", 3)
    assert event.state is ev.RunPhase.PAUSED and event.state == "paused" and f"{event.state}" == "paused"
    assert json.dumps({"state": event.state}) == '{"state": "paused"}'
    with pytest.raises(ValueError):
        ev.StateChanged("sleeping", 3)


def test_a_batch_size_beyond_the_memory_budget_is_refused_before_and_during_a_run(small_mnist):
    from cnnviz.data import limits
    from cnnviz.nn.model import network_size

    size = network_size("seed")
    fits = limits.largest_batch(size.values_per_image, size.parameters)
    with pytest.raises(ValueError, match=f"the largest batch that fits is {fits}"):
        TrainConfig(net="seed", batch_size=fits + 1).validate()
    TrainConfig(net="seed", batch_size=fits).validate()
    trainer, seen = make(small_mnist, steps=3, net="seed")
    trainer.set_hyperparameters(batch_size=fits + 1)  # the app's batch box, mid-run
    trainer.run()
    errors = of(seen, ev.TrainerError)
    assert errors and "needs about" in errors[0].message and trainer.config.batch_size == 32


def dead_tiny_weights(seed: int = 0) -> dict:
    """The tiny net's random weights with every conv1 unit dead (a bias of -100 keeps each ReLU at 0):
    the loss starts and stays at chance without ever blowing up, as new weights at a far too high
    learning rate sometimes do (lesson 3 after Reset, seed 15: a first peak of 4.3, under 2 ln 10)."""
    from cnnviz.nn.model import Sequential

    model = Sequential.from_spec("tiny")
    model.initialise(seed, np.float32)
    weights = model.state_dict()
    weights["conv1.bias"] = np.full_like(weights["conv1.bias"], -100.0)
    return weights


def test_a_network_no_gradient_reaches_is_noticed_without_a_blow_up(small_mnist):
    trainer, seen = make(
        small_mnist, steps=400, optimizer="sgd", momentum=0.0, lr=0.05, schedule="constant", timing_every=1000, seed=0
    )
    trainer = Trainer(trainer.config, dataset=small_mnist, initial_weights=dead_tiny_weights())
    trainer.add_listener(seen.append)
    trainer.add_listener(lambda e: isinstance(e, ev.Diverged) and trainer.stop(final_evaluation=False))
    trainer.run()
    losses = [s.loss for s in of(seen, ev.StepFinished)]
    assert max(losses) < 2.0 * np.log(10)  # never blew up: the loss rule alone never fires
    diverged = of(seen, ev.Diverged)
    assert len(diverged) == 1, "a run no gradient reaches went on at chance level unwarned"
    d = diverged[0]
    assert str(d.cause).startswith("for 150 steps no gradient has reached the first layer")
    assert 150 <= d.step <= 170  # "after about 150 steps at chance level", as the lesson says
    assert d.advice.startswith("Lower the learning rate")
    assert d.restored_step == 0  # no backup was taken of weights no gradient reaches


def test_a_slow_run_near_chance_is_not_taken_for_a_dead_one(small_mnist):
    # a tiny learning rate keeps the loss at chance level for hundreds of steps too, but its gradient flows
    trainer, seen = make(
        small_mnist, steps=170, optimizer="sgd", momentum=0.0, lr=1e-5, schedule="constant", timing_every=1000, seed=0
    )
    trainer.run()
    assert not of(seen, ev.Diverged)
    watch = trainer.recovery.watch
    assert watch.near_chance  # it sat at chance level, where the gradient is looked at: and was, lately
    assert watch.last_gradient_check is not None and watch.last_gradient_check >= 160
    assert trainer.recovery.backup.step > 0  # backups went on

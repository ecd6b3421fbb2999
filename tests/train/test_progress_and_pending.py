"""How far a run has to go (TrainConfig), what it may change while it trains, and the steps whose
losses are still on the device (PendingSteps)."""

from __future__ import annotations

import numpy as np
import pytest

from cnnviz.backends import registry
from cnnviz.train.config import TrainConfig
from cnnviz.train.pending import PendingStep, PendingSteps


def test_images_left_counts_steps_or_epochs_down_to_zero():
    by_steps = TrainConfig(net="tiny", steps=10, batch_size=8).validate()
    assert by_steps.images_left(step=0, images_seen=0, train_size=1000) == 80
    assert by_steps.images_left(step=7, images_seen=999, train_size=1000) == 24  # steps count, not images seen
    assert by_steps.images_left(step=10, images_seen=80, train_size=1000) == 0
    assert by_steps.images_left(step=12, images_seen=96, train_size=1000) == 0  # never below zero
    by_epochs = TrainConfig(net="tiny", epochs=1.5, batch_size=8).validate()
    assert by_epochs.images_left(step=3, images_seen=600, train_size=1000) == 900
    assert by_epochs.images_left(step=200, images_seen=1504, train_size=1000) == 0
    assert by_epochs.total_steps(1000) == 188 and by_steps.total_steps(1000) == 10


def test_lr_at_follows_the_schedule_over_the_whole_run():
    onecycle = TrainConfig(net="tiny", epochs=1.0, lr=0.01, schedule="onecycle").validate()
    start, peak, end = (onecycle.lr_at(seen, 1000) for seen in (0, 300, 999))
    assert start == pytest.approx(0.01 / 25) and peak == pytest.approx(0.01, rel=1e-3) and end < start / 100
    constant = TrainConfig(net="tiny", epochs=1.0, lr=0.01, schedule="constant").validate()
    assert {constant.lr_at(seen, 1000) for seen in (0, 500, 999)} == {0.01}


def test_with_changes_validates_and_names_only_what_changed():
    config = TrainConfig(net="tiny", lr=0.01, batch_size=32).validate()
    updated, applied = config.with_changes({"lr": 0.001, "batch_size": 32})
    assert applied == {"lr": 0.001} and updated.lr == 0.001 and updated.batch_size == 32
    assert config.lr == 0.01  # the running config is left as it was
    with pytest.raises(ValueError, match="cannot change epochs, net while training"):
        config.with_changes({"net": "seed", "epochs": 3})
    with pytest.raises(ValueError, match="batch size"):
        config.with_changes({"batch_size": 0})


def _record(step: int, slot: int, started: float, batch: int = 4) -> PendingStep:
    return PendingStep(step, slot, 0.0, batch, 0.01, None, started, 0.0)


def test_pending_steps_are_read_in_order_and_their_time_counts_once():
    be = registry.get("numpy")
    pending = PendingSteps()
    pending.open_on(be)
    assert not pending and pending.read(be) is None and pending.next_slot == 0
    rng = np.random.default_rng(0)
    losses = []
    for step in range(3):
        logits = be.from_host(rng.standard_normal((4, 10)))
        labels = be.from_host(rng.integers(0, 10, 4))
        losses.append(be.softmax_cross_entropy(logits, labels)[0])
        be.softmax_cross_entropy_into(logits, labels, pending.buffer, pending.next_slot)
        pending.add(_record(step + 1, pending.next_slot, started=10.0 + step))
    np.testing.assert_allclose(pending.read(be)[:, 0], losses)
    records = pending.settle(now=14.0)
    assert [r.step for r in records] == [1, 2, 3] and not pending
    assert pending.train_seconds == 4.0  # from the first pending step's start to the read
    assert pending.rate() == pytest.approx(12 / 4.0)


def test_a_new_buffer_keeps_the_pending_steps_for_their_rescue():
    be = registry.get("numpy")
    pending = PendingSteps()
    pending.open_on(be)
    pending.add(_record(1, 0, started=1.0))
    pending.open_on(be)  # the run moved to another backend after a GPU failure
    assert [r.step for r in pending.take()] == [1]
    assert not pending and pending.train_seconds == 0.0  # rescued steps are reported, not timed


def test_the_images_per_second_start_over_on_another_backend():
    """After a switch from numba to NumPy the rate shown was numba's for seconds (its last 3 s counted)."""
    be = registry.get("numpy")
    pending = PendingSteps()
    pending.open_on(be)
    pending.add(_record(1, 0, started=0.0, batch=64))
    pending.settle(now=0.01)  # 64 images in 10 ms: a fast backend's 6,400 images/s
    assert pending.rate() > 1000
    pending.open_on(be)  # the run moved to another backend
    assert pending.rate() == 0.0
    pending.add(_record(2, 0, started=1.0))
    pending.settle(now=1.5)  # the new backend's own rate, not a mix
    assert pending.rate() == pytest.approx(4 / 0.5)

"""One training image and one test image: the test accuracy is 0 % or 100 % by chance, and a
fall from one to the other used to be reported as divergence, pausing the run and saving
nothing (issue 18)."""

from __future__ import annotations

import pytest

from cnnviz.data.datasets import Dataset
from cnnviz.train import events as ev
from cnnviz.train.config import TrainConfig
from cnnviz.train.recovery import MIN_ACCURACY_SAMPLES, CollapseWatch
from cnnviz.train.trainer import Trainer


@pytest.fixture(scope="module")
def one_and_one(small_mnist) -> Dataset:
    d = small_mnist
    return Dataset(
        name="one-and-one",
        train_images=d.train_images[:1],
        train_labels=d.train_labels[:1],
        test_images=d.test_images[:1],
        test_labels=d.test_labels[:1],
        class_names=d.class_names,
        source=d.source,
    )


def test_a_one_plus_one_image_run_finishes_without_false_divergence(one_and_one):
    # Seed 0 with 50 one-image epochs flipped 100 % -> 0 % at step 7 and was stopped as "diverged".
    trainer = Trainer(TrainConfig(net="tiny", backend="numpy", epochs=50, seed=0), dataset=one_and_one)
    seen = []
    trainer.add_listener(lambda e: seen.append(e) if isinstance(e, (ev.Diverged, ev.EvaluationFinished)) else None)
    result = trainer.run()
    assert not [e for e in seen if isinstance(e, ev.Diverged)]
    assert len([e for e in seen if isinstance(e, ev.EvaluationFinished)]) >= 50  # one per epoch, and the last
    assert result.steps == 50 and not result.stopped and trainer.host_state().step == 50


def test_the_accuracy_watch_judges_only_big_enough_evaluations():
    watch = CollapseWatch()
    assert not watch.add_accuracy(1.0, samples=1) and not watch.add_accuracy(0.0, samples=1)
    assert not watch.add_accuracy(0.9, samples=MIN_ACCURACY_SAMPLES)
    assert watch.add_accuracy(0.1, samples=MIN_ACCURACY_SAMPLES)  # a real collapse is still caught

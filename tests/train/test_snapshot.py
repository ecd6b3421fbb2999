"""take_snapshot: the one way a Snapshot is made (the trainer's, and the app's when no run is active)."""

import numpy as np
import pytest

from cnnviz.backends import registry
from cnnviz.nn.model import Sequential
from cnnviz.train import events as ev
from cnnviz.train.config import TrainConfig
from cnnviz.train.snapshot import dataset_image, take_snapshot
from cnnviz.train.trainer import Trainer


def model(seed=0):
    return Sequential.from_spec("tiny").initialise(seed).to(registry.get("numpy"))


def test_a_test_image_snapshot(small_mnist):
    snap = take_snapshot(model(), dataset=small_mnist, test_index=3, step=7, epoch=0.5, tag="t")
    assert isinstance(snap, ev.Snapshot)
    assert (snap.step, snap.epoch, snap.tag) == (7, 0.5, "t")
    image, label = dataset_image(small_mnist, 3)
    np.testing.assert_array_equal(snap.input_image, image)
    assert snap.input_label == label == int(small_mnist.test_labels[3])
    assert [name for name, _ in snap.feature_maps] == ["conv1", "relu1", "pool1", "conv2", "relu2", "pool2"]
    assert [name for name, _ in snap.kernels] == ["conv1", "conv2"]
    assert snap.probabilities.dtype == np.float32 and snap.probabilities.sum() == pytest.approx(1, abs=1e-5)
    assert snap.spec == Sequential.from_spec("tiny").spec


def test_a_drawing_has_no_label_and_no_input_is_a_blank_image():
    drawing = np.zeros((28, 28), np.float32)
    drawing[10:18, 12:16] = 1
    snap = take_snapshot(model(), drawing)
    assert snap.input_label is None
    np.testing.assert_array_equal(snap.input_image, drawing)
    blank = take_snapshot(model())
    assert blank.input_label is None and not blank.input_image.any()
    with pytest.raises(ValueError, match="28x28"):
        take_snapshot(model(), np.zeros((14, 14), np.float32))


def test_the_trainer_and_the_app_see_the_same_network(small_mnist):
    trainer = Trainer(TrainConfig(net="tiny", backend="numpy", steps=1, seed=3, batch_size=32), dataset=small_mnist)
    trainer.run()
    from_trainer = trainer.snapshot(test_index=5, tag="view")
    copy = Sequential.from_spec(from_trainer.spec).initialise(0).to(registry.get("numpy"))
    copy.load_state_dict(from_trainer.weights)
    here = take_snapshot(copy, dataset=small_mnist, test_index=5, tag="view")
    np.testing.assert_array_equal(here.input_image, from_trainer.input_image)
    assert here.input_label == from_trainer.input_label
    for (name, a), (name_b, b) in zip(here.feature_maps, from_trainer.feature_maps, strict=True):
        assert name == name_b
        np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-6, err_msg=name)
    np.testing.assert_allclose(here.probabilities, from_trainer.probabilities, rtol=1e-6, atol=1e-7)

"""The trainer's evaluation from the test set on the device (issue 35): the same probabilities as uploading the
images chunk by chunk, a stop between chunks honoured, and test images that are not uint8 still evaluated."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from cnnviz.backends import registry
from cnnviz.nn.model import Sequential
from cnnviz.train.config import TrainConfig
from cnnviz.train.evaluation import device_probabilities, predict_probabilities
from cnnviz.train.trainer import Trainer


@pytest.fixture(scope="module")
def tiny_on_numpy():
    be = registry.get("numpy")
    return Sequential.from_spec("tiny").initialise(3).to(be)


def test_the_device_test_set_gives_the_probabilities_of_the_uploaded_chunks(small_mnist, tiny_on_numpy):
    model = tiny_on_numpy
    images, labels = small_mnist.test_images[:50], small_mnist.test_labels[:50]
    data = model.backend.upload_dataset(images, labels)
    on_device = device_probabilities(model, data, 45, chunk=16)  # three chunks, the last short
    uploaded = predict_probabilities(model, images[:45], chunk=16)
    assert on_device.shape == (45, 10)
    np.testing.assert_array_equal(on_device, uploaded)
    assert device_probabilities(model, data, 0).shape == (0, 10)


def test_a_stop_between_chunks_gives_none(small_mnist, tiny_on_numpy):
    model = tiny_on_numpy
    data = model.backend.upload_dataset(small_mnist.test_images[:40], small_mnist.test_labels[:40])
    asked = []

    def stopped():
        asked.append(1)
        return len(asked) > 2

    assert device_probabilities(model, data, 40, stopped, chunk=10) is None
    assert len(asked) == 3, "the stop is asked before each chunk"


def test_the_trainer_evaluates_float_test_images_too(small_mnist):
    """A data set whose test images are already floats in [0, 1] is evaluated as before: uploaded chunk by
    chunk (the device test set holds uint8 images), with the same result as their uint8 originals."""
    config = TrainConfig(net="tiny", backend="numpy", steps=2, batch_size=16, seed=1)
    as_bytes = Trainer(config, small_mnist)
    as_bytes.setup()
    floats = replace(small_mnist, test_images=small_mnist.test_images[:100].astype(np.float32) / 255)
    as_floats = Trainer(config, replace(floats, test_labels=small_mnist.test_labels[:100]))
    as_floats.setup()
    got, expected = as_floats.evaluate(), as_bytes.evaluate(full=True)
    assert got.samples == 100
    np.testing.assert_array_equal(got.predictions, expected.predictions[:100])

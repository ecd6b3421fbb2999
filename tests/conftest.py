import numpy as np
import pytest

from cnnviz.data.datasets import Dataset, load_dataset


@pytest.fixture(scope="session")
def small_mnist() -> Dataset:
    """2,000 training and 500 test images of the bundled MNIST: real data, fast runs."""
    full = load_dataset("mnist")
    return Dataset(name="mnist-small", train_images=full.train_images[:2000], train_labels=full.train_labels[:2000],
                   test_images=full.test_images[:500], test_labels=full.test_labels[:500],
                   class_names=full.class_names, source=full.source)

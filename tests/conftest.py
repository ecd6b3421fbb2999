import os

# One BLAS thread per test process (and the processes tests start): the suite runs two test processes on two
# cores (pytest-xdist, pyproject's addopts), and OpenBLAS's spinning threads under that load made the NumPy
# reference's small matrix products up to 6x slower (a 100-step tiny-net run: 23.8 s against 3.9 s with one
# thread, under load). Tests that are about thread counts set them themselves.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

from cnnviz.backends.blas_threads import blas_threads  # noqa: E402
from cnnviz.data.datasets import Dataset, load_dataset  # noqa: E402

blas_threads(1)  # in case a plugin imported NumPy before this file set the environment


@pytest.fixture(scope="session")
def small_mnist() -> Dataset:
    """2,000 training and 500 test images of the bundled MNIST: real data, fast runs."""
    full = load_dataset("mnist")
    return Dataset(name="mnist-small", train_images=full.train_images[:2000], train_labels=full.train_labels[:2000],
                   test_images=full.test_images[:500], test_labels=full.test_labels[:500],
                   class_names=full.class_names, source=full.source)

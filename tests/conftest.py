import atexit
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

# One BLAS thread per test process (and the processes tests start): the suite runs two test processes on two
# cores (pytest-xdist, pyproject's addopts), and OpenBLAS's spinning threads under that load made the NumPy
# reference's small matrix products up to 6x slower (a 100-step tiny-net run: 23.8 s against 3.9 s with one
# thread, under load). Tests that are about thread counts set them themselves.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")
os.environ.setdefault("CNNVIZ_THREAD_CHOICES", "off")  # no thread-count probe, nothing kept in the user's cache
# No test writes the user's log file (cnnviz/app/logfile.py); tests/app/test_logfile.py points it at a tmp folder.
os.environ.setdefault("CNNVIZ_LOG_DIR", "off")
# Nor the user's settings (the window's remembered place, the zoom, the language): a private config folder for
# this test process and the processes it starts. A window test that closes a window stores its geometry, and a
# remembered geometry makes the next start skip show_fitted, which tests patch.
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="cnnviz-tests-config-")
atexit.register(shutil.rmtree, os.environ["XDG_CONFIG_HOME"], ignore_errors=True)

import pytest  # noqa: E402

from byte_cache import damaged_one_byte_bytes  # noqa: E402
from cnnviz.backends.blas_threads import blas_threads  # noqa: E402
from cnnviz.data.datasets import Dataset, load_dataset  # noqa: E402
from schedule import schedule_order  # noqa: E402

blas_threads(1)  # in case a plugin imported NumPy before this file set the environment

_bytes_damage_reported = False


@pytest.fixture(autouse=True)
def _one_byte_bytes_intact():
    """Fail the test that wrote into one of CPython's shared one-byte ``bytes`` (byte_cache.py says how and
    why it matters: seen as every later checkpoint of that test process unreadable, its ``.npy`` headers
    padded with NULs). Reported once, by the test that did it."""
    global _bytes_damage_reported
    yield
    if _bytes_damage_reported:
        return
    damaged = damaged_one_byte_bytes()
    if damaged:
        _bytes_damage_reported = True
        shown = ", ".join("b" + repr(chr(value)) for value in damaged[:8])
        pytest.fail(
            f"this test wrote into CPython's shared one-byte bytes ({shown} no longer hold that byte): "
            "a bytes object handed to C code as an output buffer (use a bytearray); every later test "
            "in this process that writes a .npy file or uses those bytes is broken",
            pytrace=False,
        )


@pytest.fixture(scope="session")
def small_mnist() -> Dataset:
    """2,000 training and 500 test images of the bundled MNIST: real data, fast runs."""
    full = load_dataset("mnist")
    return Dataset(
        name="mnist-small",
        train_images=full.train_images[:2000],
        train_labels=full.train_labels[:2000],
        test_images=full.test_images[:500],
        test_labels=full.test_labels[:500],
        class_names=full.class_names,
        source=full.source,
    )


@pytest.fixture(scope="session")
def tiny_model_path(tmp_path_factory):
    """A tiny network trained for 150 steps on the NumPy backend (about 94 % test accuracy, ~10 s), saved once."""
    from cnnviz.cli import main

    folder = tmp_path_factory.mktemp("tiny-model")
    path = folder / "tiny.npz"
    with pytest.MonkeyPatch.context() as patch:  # cnnviz train remembers its last model in the user data folder
        patch.setenv("XDG_DATA_HOME", str(folder / "xdg"))
        code = main(
            [
                "train",
                "--net",
                "tiny",
                "--backend",
                "numpy",
                "--steps",
                "150",
                "--batch",
                "64",
                "--lr",
                "0.005",
                "--seed",
                "0",
                "--save",
                str(path),
                "--json",
            ]
        )
    assert code == 0
    return path


@pytest.fixture(scope="session")
def tiny_model(tiny_model_path):
    """:func:`tiny_model_path` loaded on the NumPy backend (shared: tests must leave it as it was)."""
    from cnnviz.backends import registry
    from cnnviz.nn import checkpoint

    model, _ = checkpoint.load_model(tiny_model_path)
    return model.to(registry.get("numpy"))


def pytest_collection_modifyitems(config, items):
    order = {nodeid: i for i, nodeid in enumerate(schedule_order([item.nodeid for item in items]))}
    items.sort(key=lambda item: order[item.nodeid])


NUMBA_WARM_UP = (
    "import numpy as np; from cnnviz.backends import registry; be = registry.get('numba'); "
    "be.warm_up(np.float32); be.warm_up(np.float64)"
)


def pytest_configure(config):
    """A whole-suite run on several workers (the README's ``pytest``) first starts one process that compiles the
    numba CPU kernels into numba's disk cache (float32 and float64, ~25 s of a core when the cache is cold, as
    on CI), so that the workers load them instead of each compiling the same kernels when they first need them.
    A worker that needs them sooner compiles them itself, as it would without."""
    workers = getattr(config.option, "numprocesses", None) or 0
    whole_suite = [Path(arg).resolve() for arg in config.args] == [Path(__file__).resolve().parent]
    if hasattr(config, "workerinput") or not workers or not whole_suite or os.environ.get("NUMBA_ENABLE_CUDASIM"):
        return
    config._numba_warm_up = subprocess.Popen(
        [sys.executable, "-c", NUMBA_WARM_UP], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )


def pytest_unconfigure(config):
    process = getattr(config, "_numba_warm_up", None)
    if process is not None and process.poll() is None:
        process.kill()
        process.wait(10)

"""BLAS thread control through threadpoolctl, and the numba backend's worker count, on every OS.

The macOS and Windows branches run here on Linux with sys.platform, the sysctl and
threadpoolctl mocked.
"""

from __future__ import annotations

import ctypes
import sys
import threading

import numpy as np
import pytest

from cnnviz.backends import blas_threads as bt
from cnnviz.backends.numba_cpu import workers as workers

# --- BLAS threads ------------------------------------------------------------------------------


def _real_blas():
    lib, name = bt.numpy_blas()
    if lib is None:
        pytest.skip(f"NumPy's BLAS ({name}) has no thread-count API here")
    return lib, name


def test_numpy_blas_is_found_and_set_then_restored():
    lib, name = _real_blas()
    assert name and name != "unknown BLAS"
    before = bt.library_threads(lib)
    try:
        assert bt.library_threads(lib, 1) == 1
        assert bt.blas_threads() == 1
        # The setting reaches the library NumPy calls: a matmul still gives the right answer.
        a = np.arange(12, dtype=np.float32).reshape(3, 4)
        assert np.array_equal(a @ a.T, np.einsum("ik,jk->ij", a, a))
    finally:
        bt.library_threads(lib, before)
    assert bt.blas_threads() == before


def test_a_second_thread_can_set_the_count_after_the_first():
    """threadpoolctl 3.8 ignores set_num_threads from any thread but the first that set it;
    the GUI trains on a worker thread after the main thread may have set the count."""
    lib, _ = _real_blas()
    before = bt.library_threads(lib)
    try:
        bt.library_threads(lib, 1)  # the main thread sets it first
        seen = []
        worker = threading.Thread(target=lambda: seen.append(bt.library_threads(lib, 2)))
        worker.start()
        worker.join()
        assert seen == [2]
        assert bt.library_threads(lib) == 2
        assert bt.library_threads(lib, 1) == 1  # and the main thread again
    finally:
        bt.library_threads(lib, before)


class FakeController:
    def __init__(self, filepath, threads=4):
        self.filepath = filepath
        self.threads = threads

    @property
    def num_threads(self):
        return self.threads

    def set_num_threads(self, n):
        self.threads = n


class FakeSelection:
    def __init__(self, libs):
        self.lib_controllers = libs


def _fake_threadpoolctl(monkeypatch, libs):
    class Module:
        class ThreadpoolController:
            def select(self, user_api):
                assert user_api == "blas"
                return FakeSelection(libs)

    monkeypatch.setattr(bt, "threadpoolctl", Module)


def test_numpys_own_blas_is_chosen_when_another_is_loaded(monkeypatch):
    mkl = FakeController("/opt/torch/lib/libmkl_rt.so.2")
    ours = FakeController(r"C:\Python312\Lib\site-packages\numpy.libs\libscipy_openblas64_-abc.dll")
    _fake_threadpoolctl(monkeypatch, [mkl, ours])
    lib, name = bt.numpy_blas()
    assert lib is ours and name.endswith("libscipy_openblas64_-abc.dll")
    assert bt.blas_threads(1) == 1 and ours.threads == 1 and mkl.threads == 4


def test_accelerate_is_named_and_reported_uncontrollable(monkeypatch):
    """macOS arm64 wheels link Accelerate, which has no thread-count API: threadpoolctl lists no BLAS."""
    _fake_threadpoolctl(monkeypatch, [])
    monkeypatch.setitem(np.__config__.CONFIG["Build Dependencies"]["blas"], "name", "accelerate")
    assert bt.numpy_blas() == (None, "accelerate")
    assert bt.blas_threads() is None
    assert bt.blas_threads(1) is None


def test_without_threadpoolctl_nothing_is_controlled_and_nothing_fails(monkeypatch):
    monkeypatch.setattr(bt, "threadpoolctl", None)
    lib, name = bt.numpy_blas()
    assert lib is None and name
    assert bt.library_threads(None, 1) is None


def test_a_failing_library_scan_is_not_fatal(monkeypatch):
    class Module:
        class ThreadpoolController:
            def __init__(self):
                raise OSError("dl_iterate_phdr failed")

    monkeypatch.setattr(bt, "threadpoolctl", Module)
    assert bt.numpy_blas()[0] is None


def test_a_controller_that_ignores_this_thread_is_taken_over():
    class Guarded(FakeController):
        owner = None
        cleared = 0

        def set_num_threads(self, n):
            if Guarded.owner is None:
                Guarded.owner = threading.current_thread()
            if Guarded.owner is threading.current_thread():
                self.threads = n

        @classmethod
        def clear_controlling_thread(cls, force=False):
            assert force
            cls.owner = None
            cls.cleared += 1

    lib = Guarded("libopenblas.so")
    Guarded.owner = object()  # another live thread controls it
    assert bt.library_threads(lib, 1) == 1 and Guarded.cleared == 1
    assert bt.library_threads(lib, 3) == 3 and Guarded.cleared == 1  # now this thread's


# --- worker count -------------------------------------------------------------------------------


def test_linux_uses_the_affinity_mask(monkeypatch):
    monkeypatch.setattr(workers.sys, "platform", "linux")
    monkeypatch.setattr(workers.os, "sched_getaffinity", lambda pid: {0, 3, 5}, raising=False)
    monkeypatch.setattr(workers.os, "cpu_count", lambda: 16)
    assert workers.default_thread_count() == 3


def test_windows_uses_cpu_count(monkeypatch):
    monkeypatch.setattr(workers.sys, "platform", "win32")
    monkeypatch.delattr(workers.os, "sched_getaffinity", raising=False)
    monkeypatch.setattr(workers.os, "cpu_count", lambda: 12)
    assert workers.default_thread_count() == 12
    monkeypatch.setattr(workers.os, "cpu_count", lambda: None)
    assert workers.default_thread_count() == 1


def test_apple_silicon_uses_the_performance_cores(monkeypatch):
    monkeypatch.setattr(workers.sys, "platform", "darwin")
    monkeypatch.delattr(workers.os, "sched_getaffinity", raising=False)
    monkeypatch.setattr(workers.os, "cpu_count", lambda: 12)  # e.g. M2 Pro: 8 P + 4 E
    asked = []
    monkeypatch.setattr(workers, "sysctl_int", lambda name: asked.append(name) or 8)
    assert workers.default_thread_count() == 8
    assert asked == ["hw.perflevel0.physicalcpu"]


@pytest.mark.parametrize("answer", [None, 0, 64])
def test_macs_without_a_usable_answer_use_cpu_count(monkeypatch, answer):
    """Intel Macs have no hw.perflevel0; a nonsense answer is ignored too."""
    monkeypatch.setattr(workers.sys, "platform", "darwin")
    monkeypatch.delattr(workers.os, "sched_getaffinity", raising=False)
    monkeypatch.setattr(workers.os, "cpu_count", lambda: 8)
    monkeypatch.setattr(workers, "sysctl_int", lambda name: answer)
    assert workers.default_thread_count() == 8


def test_the_sysctl_is_not_asked_off_macos(monkeypatch):
    monkeypatch.setattr(workers.sys, "platform", "linux")
    monkeypatch.setattr(workers, "sysctl_int", lambda name: pytest.fail("sysctl asked on Linux"))
    assert workers.performance_cores() is None


class FakeLibc:
    def __init__(self, status, value=0, size=4):
        self.status, self.value, self.size = status, value, size
        self.names = []

    def sysctlbyname(self, name, value_ptr, size_ptr, new, new_size):
        self.names.append(name)
        assert ctypes.sizeof(value_ptr.contents) == size_ptr.contents.value == 4
        if self.status == 0:
            value_ptr.contents.value = self.value
            size_ptr.contents.value = self.size
        return self.status


def test_sysctl_reads_the_integer_through_libc(monkeypatch):
    libc = FakeLibc(0, 6)
    monkeypatch.setattr(workers, "_libc", lambda: libc)
    assert workers.sysctl_int("hw.perflevel0.physicalcpu") == 6
    assert libc.names == [b"hw.perflevel0.physicalcpu"]


@pytest.mark.parametrize("libc", [FakeLibc(-1), FakeLibc(0, 6, size=8)])
def test_sysctl_failures_give_none(monkeypatch, libc):
    monkeypatch.setattr(workers, "_libc", lambda: libc)
    assert workers.sysctl_int("hw.perflevel0.physicalcpu") is None


def test_sysctl_without_the_function_gives_none(monkeypatch):
    """glibc has no sysctlbyname: the real call on Linux answers None, not an error."""
    if sys.platform.startswith("linux"):
        assert workers.sysctl_int("hw.perflevel0.physicalcpu") is None

    def missing():
        raise OSError("libc not found")

    monkeypatch.setattr(workers, "_libc", missing)
    assert workers.sysctl_int("hw.ncpu") is None


class _FakeBlas:
    def __init__(self, threads):
        self.num_threads = threads

    def set_num_threads(self, n):
        self.num_threads = n


def test_the_window_uses_one_blas_thread_beside_a_fast_backend_and_the_start_count_beside_numpy(monkeypatch):
    """OpenBLAS' helper threads spin ~100 ms after each call: beside numba's workers the window's
    predictions run on one thread; the NumPy reference, which trains with BLAS, gets its count back."""
    lib = _FakeBlas(4)
    monkeypatch.setattr(bt, "numpy_blas", lambda: (lib, "fake"))
    monkeypatch.setattr(bt, "_before_training", {})
    assert bt.share_cores_with("numba") == 1 and lib.num_threads == 1
    assert bt.share_cores_with("cupy") == 1
    assert bt.share_cores_with("numpy") == 4 and lib.num_threads == 4
    assert bt.share_cores_with("numba") == 1
    assert bt.share_cores_with("numpy") == 4, "the count the process started with, not the last one set"
    assert bt.share_cores_with("numba") == 1
    assert bt.share_cores_with(None) == 4, "nothing trains: the window's analyses get every thread back"


def test_sharing_cores_without_a_controllable_blas_does_nothing(monkeypatch):
    monkeypatch.setattr(bt, "numpy_blas", lambda: (None, "accelerate"))
    monkeypatch.setattr(bt, "_before_training", {})
    assert bt.share_cores_with("numba") is None

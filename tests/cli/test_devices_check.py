"""`cnnviz devices --check`: each backend against the NumPy reference, reasons for those that cannot run, exit codes."""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

import numpy as np
import pytest

from cnnviz.backends import registry
from cnnviz.backends.base import BackendUnavailable
from cnnviz.cli import devices_check, devices_report, float32_bounds

sys.path.insert(0, str(Path(__file__).parents[1] / "backends"))


def _args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    devices_check.add_arguments(parser)
    return parser.parse_args(list(argv))


def _with_backend(monkeypatch, name: str, make):
    """registry.get(name) returns make() (or raises what make raises); others are the real ones."""
    real_get = registry.get

    def get(requested="auto"):
        return make() if requested == name else real_get(requested)

    monkeypatch.setattr(registry, "get", get)


def test_numpy_and_numba_pass_and_gpus_are_skipped_with_the_reason(capsys):
    code = devices_check.main(_args("--net", "tiny", "--batch", "8", "--timed-steps", "2", "--json"))
    report = json.loads(capsys.readouterr().out)
    assert code == 0
    assert report["net"] == "conv5-8,relu,pool,conv3-16,relu,pool,dense-10" and report["batch"] == 8
    assert list(report["backends"]) == list(registry.NAMES)
    for name, entry in report["backends"].items():
        assert set(entry) >= {"available", "reason", "check", "max_rel_error", "step_ms", "warmup_s"}
        if entry["available"]:
            assert entry["check"] == "passed", (name, entry["reason"])
            assert 0 <= entry["max_rel_error"] < 1e-3 and entry["step_ms"] > 0 and entry["warmup_s"] >= 0
            assert 0 <= entry["worst_bound_fraction"] <= 1
        else:
            assert entry["check"] == "skipped" and entry["reason"]
            assert entry["max_rel_error"] is None and entry["step_ms"] is None
    numpy_entry = report["backends"]["numpy"]
    assert report["reference_dtype"] == "float64"
    assert numpy_entry["check"] == "passed" and 0 < numpy_entry["max_rel_error"] < 1e-5  # float32 against float64
    assert numpy_entry["device_counters"] is None


def test_table_lists_every_backend_with_device_or_reason(monkeypatch, capsys):
    _with_backend(monkeypatch, "cupy", lambda: (_ for _ in ()).throw(BackendUnavailable("no GPU in this room")))
    code = devices_check.main(_args("--net", "tiny", "--batch", "4", "--backends", "numpy,cupy", "--timed-steps", "2"))
    out = capsys.readouterr().out
    assert code == 0
    assert "backend" in out and "max rel err" in out and "step ms" in out
    numpy_line = next(line for line in out.splitlines() if line.startswith("numpy"))
    assert "passed" in numpy_line and "NumPy" in numpy_line
    cupy_line = next(line for line in out.splitlines() if line.startswith("cupy"))
    assert "skipped" in cupy_line and "no GPU in this room" in cupy_line
    assert "agree with the reference" in out


class _WrongRelu:
    """The numpy reference with a ReLU that leaks a little of the negative side: close, but wrong."""

    def __init__(self):
        from cnnviz.backends import numpy_ref

        self._be = numpy_ref.create()

    def __getattr__(self, name):
        return getattr(self._be, name)

    def relu_forward(self, x):
        y = np.where(x > 0, x, x * np.float32(0.01)).astype(x.dtype)
        return y, y


def test_a_backend_that_computes_wrongly_fails_and_the_exit_status_says_so(monkeypatch, capsys):
    _with_backend(monkeypatch, "numba", _WrongRelu)
    code = devices_check.main(
        _args("--net", "tiny", "--batch", "8", "--backends", "numpy,numba", "--timed-steps", "2", "--json")
    )
    entry = json.loads(capsys.readouterr().out)["backends"]["numba"]
    assert code == 1
    assert entry["check"] == "failed" and entry["max_rel_error"] > 1e-3 and entry["worst_bound_fraction"] > 1
    assert "outside the float32 error bound" in entry["reason"]


class _Crashing(_WrongRelu):
    def relu_forward(self, x):
        raise RuntimeError("an illegal memory access was encountered")


class _OldProtocol:
    """A backend from before the device-resident protocol (no upload_dataset...)."""

    name, is_gpu, needs_warmup = "old", False, False

    def describe(self):
        return "an old backend"


@pytest.mark.parametrize(
    "make,reason", [(_Crashing, "RuntimeError: an illegal memory access"), (_OldProtocol, "lacks upload_dataset")]
)
def test_a_crash_or_a_missing_protocol_method_is_a_failed_check_with_its_reason(monkeypatch, capsys, make, reason):
    _with_backend(monkeypatch, "numba", make)
    code = devices_check.main(_args("--net", "tiny", "--batch", "4", "--backends", "numba", "--timed-steps", "2"))
    out = capsys.readouterr().out
    assert code == 1
    line = next(line for line in out.splitlines() if line.startswith("numba"))
    assert "failed" in line and reason in line
    assert "FAILED: numba" in out


def test_the_cupy_backend_passes_on_its_cpu_emulation(monkeypatch, capsys):
    import fake_cupy

    from cnnviz.backends import cupy_backend
    from cnnviz.nn.model import Sequential

    try:
        backend, _ = fake_cupy.emulated_backend()
    except RuntimeError as exc:
        pytest.skip(str(exc))
    _with_backend(monkeypatch, "cupy", lambda: backend)
    code = devices_check.main(
        _args("--net", "tiny", "--batch", "4", "--backends", "cupy", "--timed-steps", "3", "--json")
    )
    entry = json.loads(capsys.readouterr().out)["backends"]["cupy"]
    assert code == 0 and entry["check"] == "passed", entry["reason"]
    per_step = entry["device_counters"]
    assert per_step["kernel_launches_per_step"] == cupy_backend.launches_per_step(Sequential.from_spec("tiny").layers)
    assert per_step["allocations_per_step"] == 0
    assert per_step["host_to_device_bytes_per_step"] == 4 * 4  # the batch's int32 indices
    assert entry["warmup_s"] > 0


@pytest.mark.parametrize(
    "argv, message",
    [
        (("--batch", "0"), "--batch"),
        (("--batch", "8193"), "--batch"),
        (("--backends", "numpy,gpu"), "unknown"),
        (("--net", "conv3-8,pool"), "dense"),
        (("--timed-steps", "0"), "timed"),
    ],
)
def test_bad_arguments_are_clear_errors(argv, message):
    with pytest.raises(ValueError, match=message):
        devices_check.main(_args(*argv))


def test_run_cli_reports_a_bad_argument_in_one_line(capsys):
    assert devices_check.run_cli(["--batch", "-3"]) == 2
    assert "error: --batch" in capsys.readouterr().err


# --- float32 rounding is not a failure; a bug is ---------------------------------------------------------------------
# The seed net's conv layers and batch 128, with fewer conv2 channels and dense units (4x cheaper): the same
# reduction lengths where the seed net failed against a float32 reference (the conv1 and conv2 weight and bias
# gradients sum 128*784 and 128*196 products, conv2 sums 801 per output, dense2's weight gradient 128).
SEED_SHAPES = "conv5-32,relu,pool,conv5-32,relu,pool,dense-64,relu,dense-10"
"""conv2 has 32 channels in and out: numba computes it with Winograd, forward, input and weight gradient
(its transforms spread rounding across a 2x2 block and a whole kernel: the seed net failed there)."""
BATCH = 128
SEED_CONVS = "conv5-8,relu,pool,conv5-32,relu,pool,dense-10"
"""A cheap net for a whole check at batch 64 (a few seconds): conv2 sums 201 products per output, its weight
gradient 64 * 196."""


@pytest.fixture(scope="module")
def seed_reference():
    data = devices_check._data(BATCH)
    return data, devices_check.reference_run(SEED_SHAPES, data, steps=1)


def _check(monkeypatch, make, seed_reference) -> devices_check.BackendCheck:
    data, reference = seed_reference
    _with_backend(monkeypatch, "numba", make)
    return devices_check.check_backend("numba", SEED_SHAPES, data, reference, timed_steps=1)


def test_numpy_in_float32_passes_at_batch_128_on_the_seed_shapes(monkeypatch, seed_reference):
    from cnnviz.backends import numpy_ref

    result = _check(monkeypatch, numpy_ref.create, seed_reference)
    assert result.check == "passed", result.reason
    assert 0 < result.worst_bound_fraction <= 1 and result.max_rel_error > 0
    assert {
        "gradient conv1.bias",
        "step 1 gradient conv1.bias",
        "step 1 velocity conv1.bias",
        "step 1 weight conv1.bias",
        "step 1 loss",
        "step 1 correct",
        "forward",
        "dlogits",
        "adam",
    } <= set(result.errors)


@pytest.mark.parametrize("threads", [1, 2, 3, 16])
def test_numba_passes_at_batch_128_on_the_seed_shapes_at_any_thread_count(monkeypatch, seed_reference, threads):
    numba_cpu = pytest.importorskip("cnnviz.backends.numba_cpu")
    try:
        numba_cpu.create(threads=1)
    except BackendUnavailable as exc:
        pytest.skip(str(exc))
    result = _check(monkeypatch, lambda: numba_cpu.create(threads=threads), seed_reference)
    assert result.check == "passed", result.reason
    assert f"{threads} worker thread" in result.description


def _numba_or_skip():
    numba_cpu = pytest.importorskip("cnnviz.backends.numba_cpu")
    try:
        numba_cpu.create(threads=1)
    except BackendUnavailable as exc:
        pytest.skip(str(exc))
    return numba_cpu


def test_numba_on_16_threads_passes_at_batch_64_through_the_command(monkeypatch, capsys):
    """A 16-core machine splits each sum over 16 workers (4 images each at batch 64): its partial sums add up in
    another order. The workers are the backend's own Python threads (not numba's thread pool: NUMBA_NUM_THREADS
    plays no part), so a 2-core machine checks that split too, ``--threads 16``; the backend's count is back after."""
    numba_cpu = _numba_or_skip()
    backend = numba_cpu.create(threads=2)
    _with_backend(monkeypatch, "numba", lambda: backend)
    code = devices_check.main(
        _args(
            "--net",
            SEED_CONVS,
            "--batch",
            "64",
            "--backends",
            "numba",
            "--threads",
            "16",
            "--timed-steps",
            "1",
            "--json",
        )
    )
    out, err = capsys.readouterr()
    report = json.loads(out)
    entry = report["backends"]["numba"]
    assert code == 0 and entry["check"] == "passed", entry["reason"]
    assert report["threads"] == 16 and "on 16 worker threads" in entry["description"]
    assert 0 < entry["worst_bound_fraction"] <= 1
    assert "numba on 16 worker threads" in err
    report["backends"] = {"numba": devices_check.BackendCheck(True, check="passed", step_ms=338.0)}
    assert "(338 ms a training step at batch 64 on 16 worker threads)" in devices_report.verdict(report)
    assert backend.threads == 2


class _LostPartialSum:
    """The numba backend with a race in its reductions: the last worker's partial weight and bias gradients are
    lost (a bug only a split over several workers shows)."""

    def __init__(self, threads: int = 1):
        from cnnviz.backends import numba_cpu

        base = numba_cpu.NumbaBackend

        class Lossy(base):
            def _run(self, fn, ranges):
                results = base._run(self, fn, ranges)
                if len(results) > 1 and all(isinstance(r, tuple) and r for r in results):
                    for partial in results[-1]:
                        if isinstance(partial, np.ndarray):
                            partial[...] = 0
                return results

        self.backend = Lossy(threads=threads)


def test_a_partial_sum_lost_at_16_threads_fails(monkeypatch, seed_reference):
    _numba_or_skip()
    data, reference = seed_reference
    lossy = _LostPartialSum(threads=1).backend
    _with_backend(monkeypatch, "numba", lambda: lossy)
    result = devices_check.check_backend("numba", SEED_SHAPES, data, reference, timed_steps=1, threads=16)
    assert result.check == "failed" and result.worst_bound_fraction > 1, result.reason
    assert "16 worker threads" in result.description and lossy.threads == 1
    assert re.match(TENSOR + r": \d+ of \d+ values outside the float32 error bound", result.reason), result.reason
    # on one worker nothing is split, so nothing is lost: the same backend passes
    assert devices_check.check_backend("numba", SEED_SHAPES, data, reference, timed_steps=1).check == "passed"


def test_threads_outside_1_to_64_are_a_clear_error():
    for bad in ("0", "65"):
        with pytest.raises(ValueError, match="--threads"):
            devices_check.main(_args("--backends", "numba", "--threads", bad))


class _Injected:
    """A healthy backend (the NumPy one, in float32) with one bug injected."""

    def __init__(self):
        from cnnviz.backends import numpy_ref

        self._be = numpy_ref.create()

    def __getattr__(self, name):
        return getattr(self._be, name)


class _SignError(_Injected):
    def dense_backward(self, dy, cache, need_dx=True, dw=None, db=None):
        dx, dw, db = self._be.dense_backward(dy, cache, need_dx, dw, db)
        return (None if dx is None else -dx), dw, db


class _PaddingOffByOne(_Injected):
    def conv2d_forward(self, x, w, b, padding):
        top, bottom, left, right = padding
        return self._be.conv2d_forward(x, w, b, (top + 1, bottom - 1, left, right))


class _NoConvBiasGradient(_Injected):
    def conv2d_backward(self, dy, cache, need_dx=True, dw=None, db=None):
        dx, dw, db = self._be.conv2d_backward(dy, cache, need_dx, dw, db)
        db[...] = 0
        return dx, dw, db


TENSOR = r"(forward|dlogits|(step \d+ )?(gradient|velocity|weight) (conv|dense)\d\.(weight|bias))"


@pytest.mark.parametrize(
    "make, names",
    [(_SignError, TENSOR), (_PaddingOffByOne, TENSOR), (_NoConvBiasGradient, r"(step 1 )?gradient conv\d\.bias")],
)
def test_an_injected_bug_fails_and_the_reason_names_the_tensor(monkeypatch, seed_reference, make, names):
    result = _check(monkeypatch, make, seed_reference)
    assert result.check == "failed" and result.worst_bound_fraction > 1
    assert re.match(names + r": \d+ of \d+ values outside the float32 error bound", result.reason), result.reason


def test_a_value_whose_own_terms_are_zero_gets_the_rounding_of_its_neighbours_and_its_tensor():
    # Winograd computes a 2x2 output block (a whole kernel's weight gradient) from shared transformed tiles:
    # a value whose own terms are all zero comes out a few ulps off zero beside ones that are not.
    magnitude = np.zeros((1, 1, 4, 4))
    magnitude[0, 0, 1, 1] = 2.0
    assert (
        float32_bounds.around(magnitude)[0, 0, :3, :3].min() == 2.0
        and float32_bounds.around(magnitude)[0, 0, 3, 3] == 0
    )
    kernel = np.zeros((2, 1, 5, 5))
    kernel[0, 0, 2, 2] = 3.0
    assert (float32_bounds.around_kernel(kernel)[0] == 3.0).all() and (
        float32_bounds.around_kernel(kernel)[1] == 0
    ).all()
    # and no bound is ever below a few ulps of its tensor's largest value (never 1e-36)
    value = np.array([0.0, 1e-3])
    mismatch = float32_bounds.compare(np.array([4e-11, 1e-3]), float32_bounds.Bounded(value, np.zeros(2)))
    assert mismatch.outside == 0 and mismatch.worst_bound > 1e-11


def test_progress_goes_to_stderr_and_the_verdict_says_what_to_use(capsys):
    code = devices_check.main(_args("--net", "tiny", "--batch", "4", "--backends", "numpy", "--timed-steps", "2"))
    out, err = capsys.readouterr()
    assert code == 0
    assert "float64 reference" in err and "[1/1] numpy: passed" in err and "reference" not in out.split("\n")[-1]
    assert out.strip().splitlines()[-1].startswith("For class: use --backend numpy (")
    report = {
        "batch": 128,
        "backends": {
            "numba": devices_check.BackendCheck(True, "bad", "failed"),
            "numpy": devices_check.BackendCheck(True, check="passed", step_ms=900.0),
        },
    }
    assert devices_report.verdict(report) == (
        "For class: use --backend numpy (900 ms a training step at batch 128), "
        "the fastest that passed. Do not use numba (see the reason above)."
    )


def test_rounding_bounds_grow_with_the_reduction_length_and_stay_under_the_worst_case():
    assert float32_bounds.reduction_ulps(100) < float32_bounds.reduction_ulps(10000) < 10000
    # the conv1 bias gradient of a 128-image batch sums 100352 terms: far below the worst case k*u
    assert float32_bounds.reduction_ulps(128 * 784) < 128 * 784 / 20


# --- the install command `cnnviz devices` suggests fits how cnnviz was installed ----------------------------------
def test_the_gpu_install_command_from_an_index_or_a_checkout():
    from cnnviz.backends import gpu_probe

    # Not from a checkout or a local file: the extra's own packages, never "cnnviz" from an index (not ours)
    command = gpu_probe.pip_gpu_command((None, False))
    assert "cnnviz" not in command and "cupy-cuda12x[ctk]" in command and "numba-cuda[cu12]" in command
    assert (
        gpu_probe.pip_gpu_command(("/home/t/cnnviz-0.2.0-py3-none-any.whl", False))
        == 'pip install "/home/t/cnnviz-0.2.0-py3-none-any.whl[gpu]"'
    )
    assert "bundle cannot add" in gpu_probe.pip_gpu_command((gpu_probe.BUNDLE, False))
    assert gpu_probe.pip_extra_command("bench", (None, False)) == 'pip install "torch>=2.3"'
    assert gpu_probe.pip_gpu_command(("/home/t/cnnviz", False)) == 'pip install ".[gpu]" (run in /home/t/cnnviz)'
    assert gpu_probe.pip_gpu_command(("/home/t/cnnviz", True)) == 'pip install -e ".[gpu]" (run in /home/t/cnnviz)'


class _Distribution:
    def __init__(self, direct_url):
        self.direct_url = direct_url

    def read_text(self, name):
        return self.direct_url if name == "direct_url.json" else None


@pytest.mark.parametrize(
    "direct_url, expected",
    [
        (None, (None, False)),  # from an index: pip writes no direct_url.json
        ('{"url": "https://files.example/cnnviz-0.1.0-py3-none-any.whl", "archive_info": {}}', (None, False)),
        ('{"url": "file:///home/t/cnnviz", "dir_info": {}}', ("/home/t/cnnviz", False)),
        (
            '{"url": "file:///home/t/cnnviz-0.2.0-py3-none-any.whl", "archive_info": {}}',
            ("/home/t/cnnviz-0.2.0-py3-none-any.whl", False),
        ),
        ('{"url": "file:///home/t/cnnviz", "dir_info": {"editable": true}}', ("/home/t/cnnviz", True)),
        ("not json", (None, False)),
    ],
)
def test_where_cnnviz_was_installed_from_is_read_from_direct_url_json(monkeypatch, direct_url, expected):
    from importlib import metadata

    from cnnviz.backends import gpu_probe

    monkeypatch.setattr(metadata, "distribution", lambda name: _Distribution(direct_url))
    folder, editable = gpu_probe.installed_from()
    assert (folder and Path(folder).as_posix(), editable) == expected


def test_in_the_bundle_no_pip_command_is_offered(monkeypatch):
    from cnnviz.backends import gpu_probe

    monkeypatch.setattr(gpu_probe.sys, "frozen", True, raising=False)
    assert gpu_probe.installed_from() == (gpu_probe.BUNDLE, False)
    assert "pip install" not in gpu_probe.pip_gpu_command()


def test_without_an_installed_distribution_the_checkout_itself_is_named(monkeypatch):
    from importlib import metadata

    from cnnviz.backends import gpu_probe

    def missing(name):
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "distribution", missing)
    folder, editable = gpu_probe.installed_from()
    assert (Path(folder) / "cnnviz" / "cli" / "devices_check.py").is_file() and not editable
    assert gpu_probe.pip_gpu_command((folder, editable)).startswith('pip install ".[gpu]" (run in ')

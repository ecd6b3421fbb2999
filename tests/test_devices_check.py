"""`cnnviz devices --check`: each backend against the NumPy reference, reasons for those that cannot run, exit codes."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np
import pytest

from cnnviz import devices_check
from cnnviz.backends import registry
from cnnviz.backends.base import BackendUnavailable

sys.path.insert(0, str(Path(__file__).parent / "backends"))


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
        else:
            assert entry["check"] == "skipped" and entry["reason"]
            assert entry["max_rel_error"] is None and entry["step_ms"] is None
    numpy_entry = report["backends"]["numpy"]
    assert numpy_entry["check"] == "passed" and numpy_entry["max_rel_error"] == 0.0
    assert numpy_entry["device_counters"] is None


def test_table_lists_every_backend_with_device_or_reason(monkeypatch, capsys):
    _with_backend(monkeypatch, "cupy", lambda: (_ for _ in ()).throw(BackendUnavailable("no GPU in this room")))
    code = devices_check.main(_args("--net", "tiny", "--batch", "4", "--backends", "numpy,cupy",
                                    "--timed-steps", "2"))
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
    code = devices_check.main(_args("--net", "tiny", "--batch", "8", "--backends", "numpy,numba",
                                    "--timed-steps", "2", "--json"))
    entry = json.loads(capsys.readouterr().out)["backends"]["numba"]
    assert code == 1
    assert entry["check"] == "failed" and entry["max_rel_error"] > 1e-3
    assert "relative error" in entry["reason"]


class _Crashing(_WrongRelu):
    def relu_forward(self, x):
        raise RuntimeError("an illegal memory access was encountered")


class _OldProtocol:
    """A backend from before the device-resident protocol (no upload_dataset...)."""

    name, is_gpu, needs_warmup = "old", False, False

    def describe(self):
        return "an old backend"


@pytest.mark.parametrize("make,reason", [(_Crashing, "RuntimeError: an illegal memory access"),
                                         (_OldProtocol, "lacks upload_dataset")])
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
    code = devices_check.main(_args("--net", "tiny", "--batch", "4", "--backends", "cupy", "--timed-steps", "3",
                                    "--json"))
    entry = json.loads(capsys.readouterr().out)["backends"]["cupy"]
    assert code == 0 and entry["check"] == "passed", entry["reason"]
    per_step = entry["device_counters"]
    assert per_step["kernel_launches_per_step"] == cupy_backend.launches_per_step(Sequential.from_spec("tiny").layers)
    assert per_step["allocations_per_step"] == 0
    assert per_step["host_to_device_bytes_per_step"] == 4 * 4  # the batch's int32 indices
    assert entry["warmup_s"] > 0


@pytest.mark.parametrize("argv, message", [(("--batch", "0"), "--batch"), (("--backends", "numpy,gpu"), "unknown"),
                                           (("--net", "conv3-8,pool"), "dense"), (("--timed-steps", "0"), "timed")])
def test_bad_arguments_are_clear_errors(argv, message):
    with pytest.raises(ValueError, match=message):
        devices_check.main(_args(*argv))


def test_run_cli_reports_a_bad_argument_in_one_line(capsys):
    assert devices_check.run_cli(["--batch", "-3"]) == 2
    assert "error: --batch" in capsys.readouterr().err

"""`cnnviz bench`: valid JSON with the documented keys, device counters, PyTorch per device class, fractions of
the sgemm peak; clear errors for bad arguments."""

from __future__ import annotations

import argparse
import json
import sys
import types
from pathlib import Path

import pytest

from cnnviz.backends import registry
from cnnviz.cli import bench, bench_machine, bench_runner
from cnnviz.nn.model import Sequential

sys.path.insert(0, str(Path(__file__).parents[1] / "backends"))  # fake_cupy: the CuPy backend on the CPU


def _args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    bench.add_arguments(parser)
    return parser.parse_args(list(argv))


def test_json_report_has_the_keys(capsys):
    code = bench.run(
        _args("--net", "tiny", "--steps", "2", "--warmup", "1", "--repeat", "1", "--backends", "numpy,numba", "--json")
    )
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report) >= {"backends", "torch", "machine"}
    assert report["torch"] is None
    assert set(report["backends"]) | set(report["unavailable"]) == {"numpy", "numba"}
    for entry in report["backends"].values():
        assert entry["train_images_per_s"] > 0 and entry["infer_images_per_s"] > 0
        assert entry["warmup_s"] >= 0
        names = [row["name"] for row in entry["layers"]]
        assert names[0] == "conv1" and names[-1] == "dense1"
        assert all(row["forward_ms"] >= 0 and row["backward_ms"] >= 0 for row in entry["layers"])


def test_text_report_and_unavailable_backend(capsys):
    # cuda has no GPU here (or has one): either way one line per backend, never a crash
    assert (
        bench.run(_args("--net", "tiny", "--steps", "1", "--warmup", "0", "--repeat", "1", "--backends", "numpy,cuda"))
        == 0
    )
    out = capsys.readouterr().out
    assert "== numpy" in out and "images/s" in out
    assert "cuda: unavailable (" in out or "== cuda" in out


def test_unknown_backend_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown backend 'gpu'.*numpy"):
        bench.run(_args("--backends", "numpy,gpu"))


@pytest.mark.parametrize(
    "argv, message",
    [
        (("--steps", "0"), "--steps"),
        (("--batch", "-1"), "--batch"),
        (("--threads", "0"), "--threads"),
        (("--net", "conv3-8,pool"), "dense"),
    ],
)
def test_bad_arguments(argv, message):
    with pytest.raises(ValueError, match=message):
        bench.run(_args(*argv))


def test_against_torch_without_torch_says_how_to_install(monkeypatch, capsys):
    import builtins

    real_import = builtins.__import__

    def no_torch(name, *a, **k):
        if name == "torch" or name.startswith("torch."):
            raise ImportError("No module named 'torch'")
        return real_import(name, *a, **k)

    monkeypatch.setattr(builtins, "__import__", no_torch)
    from cnnviz.backends import gpu_probe

    monkeypatch.setattr(gpu_probe, "installed_from", lambda: ("/home/t/cnnviz", False))
    assert (
        bench.run(
            _args(
                "--net",
                "tiny",
                "--steps",
                "1",
                "--warmup",
                "0",
                "--repeat",
                "1",
                "--backends",
                "numpy",
                "--against",
                "torch",
            )
        )
        == 0
    )
    assert 'pip install ".[bench]" (run in /home/t/cnnviz)' in capsys.readouterr().out


# --- the trainer's data path, device counters, PyTorch per device class, sgemm peak ---------------
def _with_backend(monkeypatch, name, backend):
    real_get = registry.get
    monkeypatch.setattr(registry, "get", lambda requested="auto": backend if requested == name else real_get(requested))


def test_json_has_device_counters_null_on_cpu_and_compile_seconds(capsys):
    assert (
        bench.run(
            _args("--net", "tiny", "--steps", "2", "--warmup", "1", "--repeat", "1", "--backends", "numpy", "--json")
        )
        == 0
    )
    report = json.loads(capsys.readouterr().out)
    entry = report["backends"]["numpy"]
    assert entry["device_counters"] is None and entry["is_gpu"] is False
    assert entry["compile_s"] == 0.0 and report["read_stats_every"] == bench_runner.READ_EVERY


def test_gpu_backend_counters_per_step_match_what_the_step_does(monkeypatch, capsys):
    import fake_cupy

    from cnnviz.backends import cupy_backend

    try:
        backend, fake = fake_cupy.emulated_backend()
    except RuntimeError as exc:
        pytest.skip(str(exc))
    _with_backend(monkeypatch, "cupy", backend)
    steps = bench_runner.READ_EVERY
    assert (
        bench.run(
            _args(
                "--net",
                "tiny",
                "--batch",
                "6",
                "--steps",
                str(steps),
                "--warmup",
                str(steps),
                "--repeat",
                "2",
                "--backends",
                "cupy",
                "--json",
            )
        )
        == 0
    )
    entry = json.loads(capsys.readouterr().out)["backends"]["cupy"]
    assert entry["is_gpu"] and entry["compile_s"] > 0
    assert entry["device_counters"] == {
        "kernel_launches_per_step": cupy_backend.launches_per_step(Sequential.from_spec("tiny").layers),
        "allocations_per_step": 0.0,
        "host_to_device_bytes_per_step": 6 * 4.0,  # the int32 indices of the batch: data stays on the device
        "device_to_host_bytes_per_step": 2 * 8 * bench_runner.READ_EVERY / steps,  # (loss, correct) read every N steps
    }


def test_torch_plan_says_plainly_when_gpu_backends_cannot_be_compared():
    no_cuda = types.SimpleNamespace(__version__="2.x+cpu", cuda=types.SimpleNamespace(is_available=lambda: False))
    devices, note = bench.torch_plan(no_cuda, ["cupy", "cuda"], ["numpy"])
    assert devices == ["cpu"] and note.startswith("PyTorch here has no CUDA") and "cupy, cuda" in note
    with_cuda = types.SimpleNamespace(__version__="2.x", cuda=types.SimpleNamespace(is_available=lambda: True))
    assert bench.torch_plan(with_cuda, ["cupy"], ["numba"]) == (["cpu", "cuda"], None)
    assert bench.torch_plan(with_cuda, [], ["numba"]) == (["cpu"], None)
    assert bench.torch_plan(with_cuda, ["cupy"], []) == (["cuda"], None)


def test_against_torch_compares_cpu_with_cpu_and_names_what_it_cannot_compare(monkeypatch, capsys):
    torch = pytest.importorskip("torch")
    if torch.cuda.is_available():
        pytest.skip("this PyTorch has CUDA: GPU backends are compared")
    import fake_cupy

    try:
        backend, _ = fake_cupy.emulated_backend()
    except RuntimeError as exc:
        pytest.skip(str(exc))
    _with_backend(monkeypatch, "cupy", backend)
    assert (
        bench.run(
            _args(
                "--net",
                "tiny",
                "--steps",
                "1",
                "--warmup",
                "1",
                "--repeat",
                "1",
                "--backends",
                "numpy,cupy",
                "--against",
                "torch",
                "--json",
            )
        )
        == 0
    )
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    assert set(report["torch"]) == {"cpu"}
    assert report["backends"]["numpy"]["torch_device"] == "cpu" and report["backends"]["numpy"]["train_vs_torch"] > 0
    assert "train_vs_torch" not in report["backends"]["cupy"]
    assert "PyTorch here has no CUDA" in report["torch_note"] and "PyTorch here has no CUDA" in captured.err


def test_layer_flops_from_shapes():
    flops = bench_runner.layer_flops(Sequential.from_spec("seed"), 2)
    assert flops["conv1"] == (2 * 2 * 32 * 1 * 25 * 28 * 28, 2 * 2 * 32 * 1 * 25 * 28 * 28)  # no input gradient
    assert flops["conv2"] == (2 * 2 * 64 * 32 * 25 * 14 * 14, 2 * 2 * 2 * 64 * 32 * 25 * 14 * 14)
    assert flops["dense1"] == (2 * 2 * 3136 * 512, 2 * 2 * 2 * 3136 * 512)
    assert set(flops) == {"conv1", "conv2", "dense1", "dense2"}


@pytest.mark.parametrize("present", [True, False])
def test_fraction_of_sgemm_peak_per_cpu_layer(monkeypatch, capsys, present):
    calls = []
    if present:
        module = types.ModuleType("cnnviz.backends.sgemm_peak")
        module.measure_sgemm_peak = lambda threads: calls.append(threads) or 50.0
        monkeypatch.setitem(sys.modules, "cnnviz.backends.sgemm_peak", module)
    else:
        monkeypatch.setitem(sys.modules, "cnnviz.backends.sgemm_peak", None)  # import fails
    assert (
        bench.run(_args("--net", "tiny", "--steps", "1", "--warmup", "1", "--repeat", "1", "--backends", "numpy")) == 0
    )
    out = capsys.readouterr().out
    assert ("%peak" in out) is present
    assert (
        bench.run(
            _args("--net", "tiny", "--steps", "1", "--warmup", "1", "--repeat", "1", "--backends", "numpy", "--json")
        )
        == 0
    )
    entry = json.loads(capsys.readouterr().out)["backends"]["numpy"]
    rows = {row["name"]: row for row in entry["layers"]}
    if present:
        assert calls and entry["sgemm_peak_gflops"] == 50.0
        assert rows["conv1"]["forward_peak_fraction"] == pytest.approx(rows["conv1"]["forward_gflops"] / 50.0)
        assert rows["relu1"]["forward_peak_fraction"] is None
    else:
        assert entry["sgemm_peak_gflops"] is None
        assert all(row["forward_peak_fraction"] is None for row in entry["layers"])


# --- progress, load average, honest %peak, number limits ---------------------------------------------------------
def _quiet_peak(monkeypatch):
    module = types.ModuleType("cnnviz.backends.sgemm_peak")
    module.measure_sgemm_peak = lambda threads: 1e6
    module.measure_worker_sgemm_peak = lambda workers: 1e6
    monkeypatch.setitem(sys.modules, "cnnviz.backends.sgemm_peak", module)


def test_progress_goes_to_stderr_round_by_round_alternating_the_contenders(monkeypatch, capsys):
    _quiet_peak(monkeypatch)
    monkeypatch.setattr(bench_machine, "load_average", lambda: (0.1, 0.2, 0.3))
    assert (
        bench.run(
            _args(
                "--net", "tiny", "--steps", "1", "--warmup", "0", "--repeat", "2", "--backends", "numpy,numba", "--json"
            )
        )
        == 0
    )
    captured = capsys.readouterr()
    json.loads(captured.out)  # stdout stays one JSON object
    lines = captured.err.splitlines()
    rounds = [line for line in lines if ": round " in line]
    if "numba: unavailable" in captured.err:
        assert rounds == ["numpy: round 1/2", "numpy: round 2/2"]
    else:
        assert "numba: compiling..." in lines
        assert rounds == ["numpy: round 1/2", "numba: round 1/2", "numpy: round 2/2", "numba: round 2/2"]
    assert "before: load average 0.10 0.20 0.30" in lines and "warning" not in captured.err


@pytest.mark.parametrize(
    "load, busy, cores",
    [
        ((0.49, 3.0, 3.0), False, 2),
        ((0.5, 0.1, 0.1), True, 2),
        ((4.0, 4.0, 4.0), True, 2),
        (None, False, 2),
        ((1.1, 0.5, 0.2), False, 16),
        ((4.0, 1.0, 1.0), True, 16),
    ],
)
def test_a_busy_machine_marks_the_ratios_unreliable(monkeypatch, capsys, load, busy, cores):
    _quiet_peak(monkeypatch)
    monkeypatch.setattr(bench_machine, "load_average", lambda: load)
    monkeypatch.setattr(bench_machine, "cpu_count", lambda: cores)
    argv = ("--net", "tiny", "--steps", "1", "--warmup", "0", "--repeat", "1", "--backends", "numpy")
    assert bench.run(_args(*argv, "--json")) == 0
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    assert report["machine_busy"] is busy
    assert report["ratios"] == ("unreliable (machine busy)" if busy else None)
    assert report["backends"]["numpy"]["ratios"] == report["ratios"]
    assert report["load_average"] == {
        "before": None if load is None else list(load),
        "after": None if load is None else list(load),
    }
    assert ("warning: the machine is busy" in captured.err) is busy
    assert ("load average unavailable" in captured.err) is (load is None)
    assert bench.run(_args(*argv)) == 0
    out = capsys.readouterr().out
    assert ("[unreliable (machine busy)]" in out) is busy


def test_load_average_is_none_where_the_system_has_none(monkeypatch):
    monkeypatch.delattr(bench_machine.os, "getloadavg", raising=False)
    assert bench_machine.load_average() is None


def test_winograd_layers_count_their_own_products():
    model = Sequential.from_spec("seed")

    def winograd(kernel, c_in, c_out):  # the numba backend's rule
        return 2 if min(c_in, c_out) >= 32 else None

    direct = bench_runner.layer_flops(model, 2)
    fast = bench_runner.layer_flops(model, 2, winograd)
    assert fast["conv1"] == direct["conv1"]  # one input channel: direct
    tiles = 7 * 7  # 14x14 outputs in 2x2 tiles
    assert fast["conv2"][0] == 2 * 2 * tiles * 6 * 6 * 32 * 64 < direct["conv2"][0]
    weight_gradient = 2 * 2 * tiles * 6 * 6 * 32 * 64  # F(5x5, 2x2) over dy's 2x2 tiles
    assert fast["conv2"][1] == weight_gradient + 2 * 2 * tiles * 6 * 6 * 64 * 32
    assert direct["conv2"][1] == 2 * 2 * 64 * 32 * 25 * 14 * 14 * 2  # dW and dx, direct
    assert fast["dense1"] == direct["dense1"]


def test_the_numba_backend_says_which_convolutions_are_winograd():
    numba_cpu = pytest.importorskip("cnnviz.backends.numba_cpu")
    try:
        be = numba_cpu.create(threads=1)
    except Exception as exc:  # noqa: BLE001
        pytest.skip(str(exc))
    assert be.winograd_tile(5, 32, 64) == 2 and be.winograd_tile(3, 32, 32) == 2
    assert be.winograd_tile(3, 24, 32) is None  # the fast net's conv2: im2col is faster
    assert be.winograd_tile(5, 1, 32) is None and be.winograd_tile(7, 32, 64) is None


def test_peak_fractions_never_exceed_100_percent_and_say_when_clipped():
    rows = [{"name": "conv1", "forward_ms": 1.0, "backward_ms": 1.0}]
    bench_runner.add_peak_fractions(rows, {"conv1": (4e9, 1e9)}, peak_gflops=2000.0)  # forward 4000 GFLOP/s
    row = rows[0]
    assert row["forward_peak_fraction"] == 1.0 and row["forward_peak_clipped"] is True
    assert row["backward_peak_fraction"] == pytest.approx(0.5) and row["backward_peak_clipped"] is False
    assert bench._percent(1.0, True) == "100%*"


def test_the_worker_peak_is_measured_as_the_numba_layers_run():
    from cnnviz.backends import blas_threads, sgemm_peak

    before = blas_threads.blas_threads()
    assert sgemm_peak.measure_worker_sgemm_peak(2, seconds=0.02, size=64) > 0
    assert blas_threads.blas_threads() == before
    with pytest.raises(ValueError, match="workers"):
        sgemm_peak.measure_worker_sgemm_peak(0)


@pytest.mark.parametrize(
    "argv, message",
    [
        (("--threads", "999"), "--threads must be a whole number from 1 to"),
        (("--threads", "0"), "--threads"),
        (("--repeat", "0"), "--repeat"),
        (("--repeat", "101"), "from 1 to 100"),
        (("--steps", "10001"), "from 1 to 10000"),
        (("--batch", "8193"), "from 1 to 8192"),
        (("--warmup", "-1"), "--warmup"),
    ],
)
def test_numbers_out_of_range_are_one_line_errors_exit_2(capsys, argv, message):
    from cnnviz import cli

    assert cli.main(["bench", "--net", "tiny", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cnnviz: error: ") and message in err and len(err.splitlines()) == 1

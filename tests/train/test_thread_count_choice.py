"""``cnnviz train --threads N|auto`` and ``bench`` without ``--threads`` (issue 35): a given count runs on exactly
that many workers, ``auto`` takes the thread probe's choice (measured once, then remembered), and the run and the
bench say which count they used and why. The probe itself is faked: it is tested in
tests/backends/test_thread_probe.py."""

from __future__ import annotations

import json

import pytest

from cnnviz.cli import main
from cnnviz.train import events as ev
from cnnviz.train import thread_choice
from cnnviz.train.config import TrainConfig
from cnnviz.train.trainer import Trainer

numba_cpu = pytest.importorskip("cnnviz.backends.numba_cpu")
from cnnviz.backends.numba_cpu.thread_probe import ProbeResult  # noqa: E402


@pytest.fixture
def probe(monkeypatch, tmp_path):
    """A machine of 2 cores whose probe picks 1 thread without timing anything; choices kept in a tmp file."""
    every_core = numba_cpu.threaded.default_thread_count()
    monkeypatch.setattr(numba_cpu.threaded, "default_thread_count", lambda: 2)
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    monkeypatch.setenv(thread_choice.ENV, str(tmp_path / "threads.json"))
    monkeypatch.setattr(numba_cpu.thread_probe, "load_average", lambda: (0.0, 0.0, 0.0))  # quiet, whatever runs beside
    calls = []

    def fake_probe(seconds_at, cores):
        calls.append(cores)
        return ProbeResult(1, {1: 0.010, 2: 0.012})

    monkeypatch.setattr(numba_cpu.threaded, "probe", fake_probe)
    yield calls
    from cnnviz.backends import registry

    registry.get("numba").set_threads(every_core)  # the shared backend as other tests expect it


def _run(small_mnist, **config):
    seen = []
    trainer = Trainer(TrainConfig(net="tiny", backend="numba", steps=2, batch_size=16, **config), dataset=small_mnist)
    trainer.add_listener(lambda e: seen.append(e) if isinstance(e, (ev.RunStarted, ev.RunFinished)) else None)
    trainer.run()
    started, finished = seen
    return trainer, started, finished


def test_auto_takes_the_probes_choice_once_then_remembers_it_and_a_given_count_wins(small_mnist, probe):
    trainer, started, finished = _run(small_mnist)
    assert probe == [2] and trainer.backend.threads == 1
    assert (started.threads, started.threads_how) == (finished.threads, finished.threads_how) == (1, "probed")
    assert trainer.threads.seconds == {1: 0.010, 2: 0.012}
    assert "1 thread (probed: 1 -> 10.0 ms, 2 -> 12.0 ms a step)" == trainer.threads.describe()
    _, started, _ = _run(small_mnist)
    assert probe == [2] and (started.threads, started.threads_how) == (1, "remembered"), "no second probe"
    trainer, started, finished = _run(small_mnist, threads=2)
    assert probe == [2] and trainer.backend.threads == 2 and (finished.threads, finished.threads_how) == (2, "given")


def test_without_a_probe_every_core_and_numpy_has_no_count(small_mnist, probe, monkeypatch):
    monkeypatch.setenv(thread_choice.ENV, "off")
    numba = registry_backend()
    numba.set_threads(1)  # as a previous run left it
    trainer, started, _ = _run(small_mnist)
    assert probe == [] and (started.threads, started.threads_how) == (2, "every core")
    trainer = Trainer(TrainConfig(net="tiny", backend="numpy", steps=1, batch_size=16, threads=1), dataset=small_mnist)
    trainer.run()
    assert trainer.threads is None, "NumPy has no worker count: --threads is for numba"


def registry_backend():
    from cnnviz.backends import registry

    return registry.get("numba")


@pytest.mark.parametrize(
    "value, message",
    [
        ("0", "--threads must be a whole number from 1 to 2 (the 2 CPU cores here) or auto, got 0"),
        ("3", "--threads must be a whole number from 1 to 2 (the 2 CPU cores here) or auto, got 3"),
        ("many", "argument --threads: expected a whole number or auto, got 'many'"),
    ],
)
def test_a_bad_thread_count_is_one_line_error_before_training(capsys, monkeypatch, value, message):
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    code = main(["train", "--net", "tiny", "--steps", "1", "--no-save", "--threads", value])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and err[0].startswith(f"cnnviz: error: {message}")


def test_config_refuses_counts_beyond_the_cores(monkeypatch):
    monkeypatch.setattr("os.cpu_count", lambda: 4)
    for bad in (0, 5, True, 2.0, "2"):
        with pytest.raises(ValueError, match="threads must be a whole number from 1 to 4"):
            TrainConfig(threads=bad).validate()
    assert TrainConfig(threads=4).validate().threads == 4 and TrainConfig().validate().threads is None


def test_train_records_the_count_in_its_summary_json_metrics_and_checkpoint(capsys, probe, tmp_path):
    from cnnviz.nn import checkpoint

    save, metrics = tmp_path / "m.npz", tmp_path / "m.jsonl"
    code = main(
        [
            "train",
            "--net",
            "tiny",
            "--backend",
            "numba",
            "--steps",
            "2",
            "--batch",
            "16",
            "--threads",
            "auto",
            "--train-samples",
            "64",
            "--save",
            str(save),
            "--metrics",
            str(metrics),
        ]
    )
    err = capsys.readouterr().err
    assert code == 0
    assert "with numba on 1 thread (probed):" in err and "images/s on numba on 1 thread (probed)" in err
    header = json.loads(metrics.read_text().splitlines()[0])
    assert (header["threads"], header["threads_how"], header["settings"]["threads"]) == (1, "probed", None)
    assert checkpoint.load_model(save)[1].meta["threads"] == 1
    code = main(
        [
            "train",
            "--net",
            "tiny",
            "--backend",
            "numba",
            "--steps",
            "1",
            "--batch",
            "16",
            "--threads",
            "2",
            "--train-samples",
            "64",
            "--no-save",
            "--json",
        ]
    )
    result = json.loads(capsys.readouterr().out)
    assert code == 0 and (result["threads"], result["threads_how"]) == (2, "given")


def test_bench_without_threads_uses_the_probes_choice_and_says_why(capsys, probe, monkeypatch):
    from cnnviz.cli import bench_machine

    monkeypatch.setattr(bench_machine, "sgemm_peak_module", lambda: None)
    argv = [
        "bench",
        "--net",
        "tiny",
        "--backends",
        "numba,numpy",
        "--steps",
        "1",
        "--warmup",
        "0",
        "--repeat",
        "1",
        "--batch",
        "16",
        "--json",
    ]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    report = json.loads(out)["backends"]
    assert (report["numba"]["threads"], report["numba"]["threads_how"]) == (1, "probed")
    assert report["numba"]["thread_probe_seconds"] == {"1": 0.010, "2": 0.012} and report["numpy"]["threads"] is None
    assert "numba: 1 thread (probed: 1 -> 10.0 ms, 2 -> 12.0 ms a step)" in err
    assert main(argv) == 0 and "numba: 1 thread (remembered)" in capsys.readouterr().err
    assert main(argv + ["--threads", "2"]) == 0
    assert json.loads(capsys.readouterr().out)["backends"]["numba"]["threads_how"] == "given"


def test_bench_time_to_says_the_count_too(small_mnist, probe):
    import argparse

    from cnnviz.backends import registry
    from cnnviz.cli import bench_machine, bench_time_to

    said = []
    args = argparse.Namespace(time_to=5.0, net="tiny", repeat=1, seed=0, against=None, threads=None)
    report = bench_time_to.run_time_to(
        args, ["numba"], registry.get, lambda text: None, said.append, lambda: small_mnist, bench_machine.choose_threads
    )
    entry = report["contenders"]["numba"]
    assert (entry["threads"], entry["threads_how"]) == (1, "probed") and entry["median_seconds"] is not None
    assert "numba: 1 thread (probed: 1 -> 10.0 ms, 2 -> 12.0 ms a step)" in said

"""`cnnviz bench`: valid JSON with the documented keys; clear errors for bad arguments."""

from __future__ import annotations

import argparse
import json

import pytest

from cnnviz import bench


def _args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    bench.add_arguments(parser)
    return parser.parse_args(list(argv))


def test_json_report_has_the_keys(capsys):
    code = bench.run(_args("--net", "tiny", "--steps", "2", "--warmup", "1", "--repeat", "1",
                           "--backends", "numpy,numba", "--json"))
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
    assert bench.run(_args("--net", "tiny", "--steps", "1", "--warmup", "0", "--repeat", "1",
                           "--backends", "numpy,cuda")) == 0
    out = capsys.readouterr().out
    assert "== numpy" in out and "images/s" in out
    assert "cuda: unavailable (" in out or "== cuda" in out


def test_unknown_backend_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown backend 'gpu'.*numpy"):
        bench.run(_args("--backends", "numpy,gpu"))


@pytest.mark.parametrize("argv, message", [(("--steps", "0"), "--steps"), (("--batch", "-1"), "--batch"),
                                           (("--threads", "0"), "--threads"), (("--net", "conv3-8,pool"), "dense")])
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
    assert bench.run(_args("--net", "tiny", "--steps", "1", "--warmup", "0", "--repeat", "1",
                           "--backends", "numpy", "--against", "torch")) == 0
    assert 'pip install "cnnviz[bench]"' in capsys.readouterr().out

"""tools/measure_lesson_figures.py re-measures the lessons' figures (issue 31): its plumbing, the comparison
with the text's figure and the exit status, with the training run replaced by a recorded one (the real runs
take minutes: the tool is a benchmark); and the quantities it takes from a run."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import numpy as np
import pytest

from cnnviz.backends.base import BackendUnavailable
from cnnviz.classroom import lesson_figures as lf
from cnnviz.classroom.lesson_figures import Evaluation, NotMeasured, RunRecord, measure

TOOL = Path(__file__).resolve().parents[2] / "tools" / "measure_lesson_figures.py"


@pytest.fixture(scope="module")
def tool():
    if not TOOL.exists():
        pytest.skip("tools/ is not shipped in this tree")
    spec = importlib.util.spec_from_file_location("measure_lesson_figures", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def lesson_6_record(first_2000: float) -> RunRecord:
    """A run whose model gets ``first_2000`` percent of the first 2,000 test images right."""
    correct = np.zeros(10_000, bool)
    correct[: round(20 * first_2000)] = True
    return RunRecord(final=Evaluation(200, 90.0, 0.3), test_correct=correct)


def run_tool(tool, capsys, accuracy: float, *args: str) -> tuple[int, list[dict], list]:
    calls = []

    def runner(run, backend, train_samples, say):
        calls.append((run, backend, train_samples))
        return lesson_6_record(accuracy)

    code = tool.main(["--only", "06", "--json", *args], runner=runner)
    return code, json.loads(capsys.readouterr().out), calls


def test_a_figure_within_tolerance_passes_and_one_outside_fails(tool, capsys):
    # Lesson 6 states 93% and 83% (tolerance 1 each): 92.5 % is within the first and out of the second.
    code, rows, calls = run_tool(tool, capsys, 92.5)
    assert code == 1
    assert [(r["figure"], r["measured"], r["verdict"]) for r in rows] == [
        ("93%", 92.5, "ok"),
        ("83%", 92.5, "OUT OF TOLERANCE"),
    ]
    # Each run once, as recorded, on the backend asked for.
    assert [c[0] for c in calls] == [lf.RUNS["lesson_6_lr_0.1"], lf.RUNS["lesson_6_lr_0.01"]]
    assert {c[1:] for c in calls} == {("numba", None)}

    calls.clear()
    code, rows, calls = run_tool(tool, capsys, 93.0, "--only", "3")
    assert code == 1 and {r["lesson"] for r in rows} == {
        "03_learning_rate_too_high",
        "06_same_start_two_learning_rates",
    }
    assert any(r["verdict"].startswith("not measured: the run did not diverge") for r in rows)


def test_every_figure_in_tolerance_exits_0_and_the_table_says_so(tool, capsys, monkeypatch):
    monkeypatch.setattr(tool, "FIGURES", [f for f in lf.FIGURES if f.figure == "93%" or f.quantity == "constant"])
    code = tool.main(["--backend", "numpy"], runner=lambda run, backend, n, say: lesson_6_record(93.4))
    out = capsys.readouterr().out
    assert code == 0
    assert "93.40" in out and "OUT OF TOLERANCE" not in out and out.count(" ok ") == 2


@pytest.mark.parametrize(
    "problem", [ValueError("unknown backend 'nonesuch'"), BackendUnavailable("no NVIDIA driver"), MemoryError("full")]
)
def test_a_failing_run_is_a_failed_figure_not_a_crash(tool, capsys, problem):
    def runner(run, backend, n, say):
        raise problem

    code = tool.main(["--only", "06", "--backend", "cuda"], runner=runner)
    assert code == 1 and f"the run failed: {problem}" in capsys.readouterr().out


def test_the_cheap_set_leaves_out_the_seed_nets_epoch(tool, capsys):
    ran = []
    with pytest.raises(SystemExit):  # lesson 2's one figure is the seed net's epoch: nothing left to measure
        tool.main(["--cheap", "--only", "02"], runner=lambda *a: ran.append(a))
    assert not ran and "no figure matches" in capsys.readouterr().err


def test_the_quantities_taken_from_a_run():
    record = RunRecord(
        evaluations=[Evaluation(117, 60.0, 0.9), Evaluation(150, 9.8, 2.3), Evaluation(234, 95.0, 0.5)],
        final=Evaluation(500, 97.2, 0.6),
        diverged_at=160,
        test_correct=np.r_[np.ones(1500, bool), np.zeros(8500, bool)],
        train_correct=np.r_[np.ones(199, bool), False],
    )
    assert measure("final_accuracy", record) == 97.2
    assert measure("after_divergence", record) == 97.2
    assert measure("accuracy_at:234", record) == 95.0
    assert measure("first_2000", record) == 75.0
    assert measure("train_accuracy", record) == 99.5
    assert measure("loss_rise", record) == pytest.approx(20.0)  # 0.6 over the lowest, 0.5
    assert measure("chance_accuracy", record) == 9.8  # the last evaluation before the divergence
    with pytest.raises(NotMeasured):
        measure("accuracy_at:300", record)
    with pytest.raises(NotMeasured):
        measure("chance_accuracy", RunRecord(final=record.final))
    with pytest.raises(ValueError):
        measure("median_accuracy", record)


def test_record_run_trains_and_records_what_the_figures_need(tool, small_mnist, monkeypatch):
    """The real runner, one step of lesson 6's run on 500 test images: the plumbing, not the figure."""
    import cnnviz.train.trainer

    monkeypatch.setattr(cnnviz.train.trainer, "load_dataset", lambda *a: small_mnist)
    said = []
    record = tool.record_run(lf.RUNS["lesson_6_lr_0.1"], "numpy", train_samples=64, say=said.append)
    assert record.final is not None and record.final.step == 1 and record.diverged_at is None
    assert len(record.test_correct) == 500 and len(record.train_correct) == 64
    assert record.final.accuracy == pytest.approx(100 * record.test_correct.mean())
    assert said[-1].startswith("  done in")

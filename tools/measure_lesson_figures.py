"""Re-measure the figures the bundled lessons state: a benchmark of minutes, not a test (issue 31).

    python tools/measure_lesson_figures.py [--backend numba] [--cheap] [--only LESSON] [--json]

For each figure of ``cnnviz.classroom.lesson_figures.FIGURES`` it trains the recorded run (``RUNS``: the
options of the ``cnnviz train`` command it records, run here through the Trainer in this one process, each
run once however many figures it measures), takes the figure's quantity from it and prints measured,
recorded, stated and tolerance. The exit status is 1 when a measured figure lies out of tolerance of the
text's (or could not be measured), else 0. Constants are computed; examples in a text ("claim") are shown.

``--cheap`` leaves out the runs marked expensive (the seed net's epoch: many minutes on a CPU).
``--train-samples N`` trains every run on its first N images only: for checking the tool's plumbing (the
figures it then measures are not the lessons'). Progress goes to stderr; the table to stdout.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script from a checkout: this checkout's cnnviz
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np

from cnnviz.classroom.lesson_figures import FIGURES, RUNS, Evaluation, NotMeasured, Run, RunRecord, measure


def record_run(run: Run, backend: str, train_samples: int | None = None, say=print) -> RunRecord:
    """Train ``run`` on ``backend`` and return what the figures need from it."""
    from cnnviz.train import events as ev
    from cnnviz.train.config import TrainConfig
    from cnnviz.train.evaluation import predict_probabilities
    from cnnviz.train.trainer import Trainer

    settings = dict(run.settings)
    if train_samples is not None:
        settings["train_samples"] = min(train_samples, settings.get("train_samples") or train_samples)
    trainer = Trainer(TrainConfig(backend=backend, **settings))
    record = RunRecord()
    started = time.perf_counter()
    total = [0]
    resumed_until = [None]

    def listen(event) -> None:
        if isinstance(event, ev.RunStarted):
            total[0] = event.total_steps
        elif isinstance(event, ev.StepFinished):
            if event.step % 50 == 0:
                say(f"  step {event.step}/{total[0]}, loss {event.loss:.3f}, {time.perf_counter() - started:.0f} s")
            if resumed_until[0] is not None and event.step >= resumed_until[0]:
                trainer.stop()  # with its final evaluation
        elif isinstance(event, ev.EvaluationFinished):
            e = Evaluation(event.step, 100 * event.test_accuracy, event.test_loss)
            record.evaluations.append(e)
            say(f"  evaluation at step {e.step}: {e.accuracy:.2f} %, loss {e.loss:.3f}")
        elif isinstance(event, ev.Diverged):
            record.diverged_at = event.step
            if run.resume_lr is None or resumed_until[0] is not None:  # headless, nobody resumes: it would hang
                trainer.stop(final_evaluation=False)
                return
            say(f"  diverged at step {event.step}: lr {run.resume_lr:g}, {run.resume_steps} more steps")
            resumed_until[0] = event.step + run.resume_steps
            trainer.set_hyperparameters(lr=run.resume_lr)
            trainer.resume()

    trainer.add_listener(listen)
    result = trainer.run()
    if result.test_accuracy is not None:
        record.final = Evaluation(result.steps, 100 * result.test_accuracy, result.test_loss)
        last = trainer.last_eval
        record.test_correct = np.asarray(last.predictions) == np.asarray(last.labels)
        n = settings.get("train_samples")
        images, labels = trainer.dataset.train_images[:n], trainer.dataset.train_labels[:n]
        probs = predict_probabilities(trainer.model, images)
        record.train_correct = probs.argmax(1) == labels
    say(f"  done in {time.perf_counter() - started:.0f} s")
    return record


def measure_all(figures, backend: str, train_samples: int | None, runner=record_run, say=print) -> list[dict]:
    """One row per figure: measured (None when not measured), recorded, stated, tolerance, verdict."""
    records: dict[str, RunRecord | str] = {}
    rows = []
    for figure in figures:
        row = {
            "lesson": figure.lesson,
            "figure": figure.figure,
            "stated": figure.stated,
            "recorded": figure.recorded,
            "tolerance": figure.tolerance,
            "quantity": figure.quantity,
            "run": figure.run,
            "measured": None,
        }
        if figure.quantity == "claim":
            row["verdict"] = "claim"
        elif figure.quantity == "constant":
            row["measured"] = round(figure.value(), 3)
        else:
            if figure.run not in records:
                say(f"run {figure.run} on {backend}: {RUNS[figure.run].command}")
                try:
                    records[figure.run] = runner(RUNS[figure.run], backend, train_samples, say)
                except (ValueError, RuntimeError, MemoryError, OSError) as exc:  # a backend missing, bad data
                    records[figure.run] = f"the run failed: {exc}"
            record = records[figure.run]
            if isinstance(record, str):
                row["verdict"] = record
            else:
                try:
                    row["measured"] = round(measure(figure.quantity, record), 3)
                except NotMeasured as exc:
                    row["verdict"] = f"not measured: {exc}"
        if "verdict" not in row:
            row["verdict"] = "ok" if figure.within(row["measured"]) else "OUT OF TOLERANCE"
        rows.append(row)
    return rows


def failed(rows) -> list[dict]:
    return [r for r in rows if r["verdict"] not in ("ok", "claim")]


def table(rows) -> str:
    lines = [f"{'lesson':<34} {'figure':>6} {'measured':>9} {'recorded':>9} {'±':>5}  verdict  (quantity)"]
    for r in rows:
        measured = "-" if r["measured"] is None else f"{r['measured']:.2f}"
        lines.append(
            f"{r['lesson']:<34} {r['figure']:>6} {measured:>9} {r['recorded']:>9.2f} {r['tolerance']:>5.1f}  "
            f"{r['verdict']}  ({r['quantity']})"
        )
    return "\n".join(lines)


def main(argv=None, runner=record_run) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", default="numba", help="numba (default), numpy, ...")
    parser.add_argument("--cheap", action="store_true", help="leave out the expensive runs (the seed net's epoch)")
    parser.add_argument("--only", action="append", default=[], help="a lesson (file stem, or its number: 04)")
    parser.add_argument("--train-samples", type=int, default=None, help="plumbing check: train on N images only")
    parser.add_argument("--json", action="store_true", help="the rows as JSON on stdout")
    args = parser.parse_args(argv)
    if args.train_samples is not None and args.train_samples < 1:
        parser.error("--train-samples must be at least 1")
    figures = [
        f
        for f in FIGURES
        if (not args.only or any(f.lesson == o or f.lesson.startswith(f"{o.zfill(2)}_") for o in args.only))
        and not (args.cheap and f.run and RUNS[f.run].expensive)
    ]
    if not figures:
        parser.error("no figure matches --only")

    def say(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    rows = measure_all(figures, args.backend, args.train_samples, runner, say)
    if args.json:
        print(json.dumps(rows, indent=1))
    else:
        print(table(rows))
        if args.train_samples is not None:
            print(f"(trained on at most {args.train_samples} images: not the lessons' figures)")
    bad = failed(rows)
    if bad:
        print(f"{len(bad)} figure(s) out of tolerance or not measured", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

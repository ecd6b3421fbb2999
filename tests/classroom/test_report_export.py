"""CSV exports and the self-contained HTML report."""

import base64
import csv
import io
import math
import re
from html.parser import HTMLParser

import numpy as np
import pytest
from PIL import Image

from cnnviz.classroom.csv_export import METRICS_COLUMNS, TIMINGS_COLUMNS, metrics_csv, timings_csv
from cnnviz.classroom.report import html_report
from cnnviz.classroom.svg import nice_ticks
from cnnviz.train import events as ev

VOID = {"meta", "img", "br", "hr", "input", "link", "col", "area", "base", "wbr", "source"}
SVG_SELF_CLOSING = {"rect", "line", "polyline", "circle", "path"}


def _steps(n=120):
    return [
        ev.StepFinished(
            step=s,
            epoch=s / 100,
            loss=2.3 * math.exp(-s / 40),
            accuracy=min(1.0, s / 100),
            batch_size=64,
            images_per_s=1500.0 + s,
            lr=0.002,
            backend="numpy",
            eta_s=None,
        )
        for s in range(1, n + 1)
    ]


def _evals():
    labels = np.arange(20) % 10
    return [
        ev.EvaluationFinished(
            step=s,
            epoch=s / 100,
            test_loss=loss,
            test_accuracy=acc,
            samples=500,
            labels=labels,
            predictions=labels,
            confidences=np.ones(20, np.float32),
        )
        for s, loss, acc in [(50, 0.61, 0.8312), (100, 0.3141, 0.9271), (120, 0.2871, 0.9375)]
    ]


def _timings():
    return [
        ev.TimingMeasured(
            step=s,
            backend=b,
            batch_size=64,
            step_ms=12.5 if b == "numpy" else 1.25,
            layers=(ev.LayerTiming("conv1", 4.0, 6.0), ev.LayerTiming("dense1", 0.5, 0.75)),
        )
        for s, b in [(10, "numpy"), (20, "numpy"), (30, "cuda")]
    ]


def test_metrics_csv_has_one_row_per_step_with_test_metrics_where_evaluated(tmp_path):
    path = metrics_csv(_steps(), _evals(), tmp_path / "metrics.csv")
    with open(path, newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert tuple(rows[0]) == METRICS_COLUMNS
    assert len(rows) == 120 and [int(r["step"]) for r in rows] == list(range(1, 121))
    row = rows[99]
    assert float(row["loss"]) == pytest.approx(2.3 * math.exp(-100 / 40), rel=1e-5)
    # accuracies in percent, as in train --json, the --metrics lines and the report (ACCURACY_UNIT)
    assert float(row["test_accuracy"]) == pytest.approx(92.71) and row["test_samples"] == "500"
    assert float(row["train_accuracy"]) == pytest.approx(100.0)
    assert rows[98]["test_accuracy"] == "" and rows[0]["backend"] == "numpy"


def test_an_evaluation_without_a_step_event_gets_its_own_row(tmp_path):
    path = metrics_csv(_steps(10), _evals()[:1], tmp_path / "m.csv")
    rows = list(csv.DictReader(io.StringIO(path.read_text())))
    assert [r["step"] for r in rows][-1] == "50" and rows[-1]["loss"] == ""


def test_timings_csv_is_long_format(tmp_path):
    path = timings_csv(_timings(), tmp_path / "timings.csv")
    rows = list(csv.DictReader(io.StringIO(path.read_text())))
    assert tuple(rows[0]) == TIMINGS_COLUMNS
    assert len(rows) == 6
    assert rows[0] == {
        "step": "10",
        "backend": "numpy",
        "batch_size": "64",
        "step_ms": "12.5",
        "layer": "conv1",
        "forward_ms": "4",
        "backward_ms": "6",
    }
    assert rows[-1]["backend"] == "cuda" and rows[-1]["layer"] == "dense1"


class _Checker(HTMLParser):
    """Checks that every element is closed in order; collects image sources and text."""

    def __init__(self):
        super().__init__()
        self.stack, self.errors, self.images, self.text = [], [], [], []
        self.tags = set()

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        if tag == "img":
            self.images.append(dict(attrs)["src"])
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags.add(tag)
        if tag not in VOID and tag not in SVG_SELF_CLOSING:
            self.errors.append(f"self-closed <{tag}/>")

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
        else:
            self.stack.pop()

    def handle_data(self, data):
        self.text.append(data)


def _parse(html: str) -> _Checker:
    checker = _Checker()
    checker.feed(html)
    checker.close()
    assert checker.errors == [] and checker.stack == [], (checker.errors, checker.stack)
    return checker


def test_html_report_is_one_well_formed_self_contained_page(tmp_path):
    confusion = np.diag([98, 113, 101, 99, 95, 88, 94, 100, 96, 99]).astype(np.int64)
    confusion[4, 9] = 7
    confusion[3, 5] = 3
    kernels = {"conv1": np.random.default_rng(0).standard_normal((8, 1, 5, 5)).astype(np.float32)}
    path = html_report(
        tmp_path / "report.html",
        title="Lesson 3 <Tuesday>",
        settings={"net": "tiny", "lr": 0.002},
        steps=_steps(),
        evals=_evals(),
        confusion=confusion,
        kernels=kernels,
        timings=_timings(),
        notes="Class 5B & friends",
    )
    html = path.read_text(encoding="utf-8")
    checker = _parse(html)
    assert html.startswith("<!DOCTYPE html>")
    text = " ".join(checker.text)
    assert "Lesson 3 <Tuesday>" in text and "Class 5B & friends" in text  # escaped in the source, intact as text
    assert "93.75%" in text and "92.71%" in text  # final and an intermediate test accuracy
    assert "0.2871" in text  # final test loss
    assert "4 read as 9 (7" in text  # the biggest mistake, in words
    assert "113" in text and "tiny" in text
    assert "conv1" in text and "cuda" in text
    # Curves are inline SVG; the kernels an embedded PNG; nothing is fetched from elsewhere.
    assert {"svg", "polyline", "table", "img"} <= checker.tags
    assert not re.search(r"<script|<link|src=\"http|url\(", html)
    assert len(checker.images) == 1 and checker.images[0].startswith("data:image/png;base64,")
    png = base64.b64decode(checker.images[0].split(",", 1)[1])
    with Image.open(io.BytesIO(png)) as image:
        image.load()
        assert image.format == "PNG" and image.width > 40


def test_png_bytes_are_embedded_as_given(tmp_path):
    buffer = io.BytesIO()
    Image.new("RGB", (7, 5), (255, 0, 0)).save(buffer, "PNG")
    path = html_report(tmp_path / "r.html", kernels={"time-lapse frame": buffer.getvalue()})
    checker = _parse(path.read_text())
    assert base64.b64decode(checker.images[0].split(",", 1)[1]) == buffer.getvalue()


def test_a_minimal_and_a_diverged_run_still_give_a_valid_page(tmp_path):
    _parse(html_report(tmp_path / "empty.html").read_text())
    steps = _steps(30)
    steps[20] = ev.StepFinished(21, 0.21, float("nan"), 0.1, 64, 0.0, 0.5, "numpy", None)
    steps[21] = ev.StepFinished(22, 0.22, 1e30, 0.1, 64, 0.0, 0.5, "numpy", None)
    html = html_report(tmp_path / "diverged.html", steps=steps).read_text()
    _parse(html)
    assert "nan" not in re.findall(r'points="([^"]*)"', html)[0].lower()


def test_nice_ticks():
    assert nice_ticks(0, 1) == [0, 0.2, 0.4, 0.6, 0.8, 1.0]
    assert nice_ticks(0, 100) == [0, 20, 40, 60, 80, 100]
    assert nice_ticks(3, 1234)[:2] == [250, 500]
    assert nice_ticks(0.5, 0.5) == [0.5] and nice_ticks(0, math.inf) == []


def test_the_report_draws_a_kept_run_with_this_one_against_epochs(tmp_path):
    import numpy as np

    from cnnviz.classroom.report import html_report
    from cnnviz.train import events as ev

    steps = [
        ev.StepFinished(
            step=i + 1,
            epoch=i / 100,
            loss=2.0 / (i + 1),
            accuracy=0.5,
            batch_size=64,
            images_per_s=1.0,
            lr=0.1,
            backend="numpy",
            eta_s=None,
        )
        for i in range(100)
    ]
    train = np.array([[i / 50, 1.0, 0.4] for i in range(50)])
    html = html_report(
        tmp_path / "r.html",
        steps=steps,
        compared={"label": "Kept run (a.npz): lr <0.01> vs 0.1 now", "train": train, "evals": np.zeros((0, 3))},
    ).read_text()
    assert "Compared with a kept run" in html and "lr &lt;0.01&gt; vs 0.1 now" in html  # escaped
    assert "kept run: training loss (smoothed)" in html and "this run: training loss" in html
    assert "Compared with a kept run" not in html_report(tmp_path / "s.html", steps=steps).read_text()

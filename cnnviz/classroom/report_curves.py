"""The report's learning curves (inline SVG): the run's own and, beside them, a kept run's
(:func:`.report.html_report` puts them in; ``_`` translates the charts' words)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from html import escape

import numpy as np

from ..translatable import N_
from .svg import Series, line_chart

__all__ = ["SMOOTHING", "comparison", "curves", "moving_average"]

SMOOTHING = 50
"""Training loss and batch accuracy are noisy (one batch each); the curves also
show their moving average over this many steps."""


def moving_average(values: np.ndarray, window: int) -> np.ndarray:
    """Centred moving average (narrower at the ends), skipping NaN.

    Centred rather than trailing so the smoothed curve does not lag half a
    window behind the raw one and the test-set points drawn beside it.
    """
    n = len(values)
    if n == 0:
        return values
    half = max(1, min(window, n)) // 2
    valid = np.isfinite(values)
    sums = np.concatenate([[0.0], np.cumsum(np.where(valid, values, 0.0))])
    counts = np.concatenate([[0], np.cumsum(valid)])
    lo = np.clip(np.arange(n) - half, 0, n)
    hi = np.clip(np.arange(n) + half + 1, 0, n)
    total, count = sums[hi] - sums[lo], counts[hi] - counts[lo]
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(count > 0, total / np.maximum(count, 1), np.nan)


def curves(steps, evals, _) -> str:
    if not steps and not evals:
        return ""
    x = np.array([s.step for s in steps], dtype=np.float64)
    loss = np.array([s.loss for s in steps], dtype=np.float64)
    acc = np.array([s.accuracy for s in steps], dtype=np.float64)
    ex = [e.step for e in evals]
    loss_series = []
    acc_series = []
    if len(x):
        loss_series += [
            Series(_(N_("training loss (per batch)")), x, loss, "#c6dbef"),
            Series(
                _(N_("training loss (average of {count})")).format(count=SMOOTHING),
                x,
                moving_average(loss, SMOOTHING),
                "#08519c",
            ),
        ]
        acc_series.append(
            Series(
                _(N_("training batch accuracy (average of {count})")).format(count=SMOOTHING),
                x,
                moving_average(acc, SMOOTHING) * 100,
                "#08519c",
            )
        )
    if evals:
        loss_series.append(Series(_(N_("test loss")), ex, [e.test_loss for e in evals], "#d94801", markers=True))
        acc_series.append(
            Series(_(N_("test accuracy")), ex, [e.test_accuracy * 100 for e in evals], "#d94801", markers=True)
        )
    finite = loss[np.isfinite(loss)] if len(loss) else np.zeros(0)
    # A diverging run has losses in the thousands; cap the axis so the interesting part stays visible.
    loss_top = float(np.percentile(finite, 99)) * 1.05 if finite.size else None
    if evals:
        loss_top = max(
            loss_top or 0.0,
            max(e.test_loss for e in evals if math.isfinite(e.test_loss)) * 1.05
            if any(math.isfinite(e.test_loss) for e in evals)
            else 0.0,
        )
    loss_chart = line_chart(
        loss_series,
        title=_(N_("Loss")),
        x_label=_(N_("training step")),
        y_label=_(N_("cross-entropy loss")),
        y_range=(0.0, loss_top) if loss_top else None,
    )
    acc_chart = line_chart(
        acc_series,
        title=_(N_("Accuracy")),
        x_label=_(N_("training step")),
        y_label=_(N_("accuracy (%)")),
        y_range=(0.0, 100.0),
    )
    return f"<section><h2>{escape(_(N_('Learning curves')))}</h2>{loss_chart}\n{acc_chart}</section>"


def comparison(steps, evals, compared: Mapping | None, _) -> str:
    """Both runs against epochs: the run's own curves and a kept run's (``compared``: ``label``, ``train``
    (n, 3) epoch, loss, accuracy 0-1, ``evals`` (m, 3) epoch, test loss, test accuracy 0-1)."""
    if not compared:
        return ""
    train = np.asarray(compared.get("train", np.zeros((0, 3))), dtype=np.float64).reshape(-1, 3)
    kept_evals = np.asarray(compared.get("evals", np.zeros((0, 3))), dtype=np.float64).reshape(-1, 3)
    grey = "#5b6475"
    loss_series, acc_series = [], []
    if len(train):
        loss_series.append(Series(_(N_("kept run: training loss (smoothed)")), train[:, 0], train[:, 1], "#b8bec9"))
        acc_series.append(
            Series(_(N_("kept run: training accuracy (smoothed)")), train[:, 0], 100 * train[:, 2], "#b8bec9")
        )
    if len(kept_evals):
        loss_series.append(Series(_(N_("kept run: test loss")), kept_evals[:, 0], kept_evals[:, 1], grey, markers=True))
        acc_series.append(
            Series(_(N_("kept run: test accuracy")), kept_evals[:, 0], 100 * kept_evals[:, 2], grey, markers=True)
        )
    if steps:
        x = np.array([s.epoch for s in steps], dtype=np.float64)
        loss = np.array([s.loss for s in steps], dtype=np.float64)
        acc = np.array([s.accuracy for s in steps], dtype=np.float64)
        loss_series.append(
            Series(
                _(N_("this run: training loss (average of {count})")).format(count=SMOOTHING),
                x,
                moving_average(loss, SMOOTHING),
                "#08519c",
            )
        )
        acc_series.append(
            Series(
                _(N_("this run: training accuracy (average of {count})")).format(count=SMOOTHING),
                x,
                moving_average(acc, SMOOTHING) * 100,
                "#08519c",
            )
        )
    if evals:
        ex = [e.epoch for e in evals]
        loss_series.append(
            Series(_(N_("this run: test loss")), ex, [e.test_loss for e in evals], "#d94801", markers=True)
        )
        acc_series.append(
            Series(
                _(N_("this run: test accuracy")), ex, [e.test_accuracy * 100 for e in evals], "#d94801", markers=True
            )
        )
    finite = [v for series in loss_series for v in series.y if math.isfinite(v)]
    top = float(np.percentile(finite, 99)) * 1.05 if finite else None
    loss_chart = line_chart(
        loss_series,
        title=_(N_("Loss, both runs")),
        x_label=_(N_("epoch")),
        y_label=_(N_("cross-entropy loss")),
        y_range=(0.0, top) if top else None,
    )
    acc_chart = line_chart(
        acc_series,
        title=_(N_("Accuracy, both runs")),
        x_label=_(N_("epoch")),
        y_label=_(N_("accuracy (%)")),
        y_range=(0.0, 100.0),
    )
    label = escape(str(compared.get("label", "")))
    heading = escape(_(N_("Compared with a kept run")))
    return f"<section><h2>{heading}</h2><p>{label}</p>{loss_chart}\n{acc_chart}</section>"

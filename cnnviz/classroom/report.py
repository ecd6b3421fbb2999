"""A run's printable one-page HTML report (its CSV tables: :mod:`.csv_export`).

:func:`html_report` writes one self-contained HTML file: settings, summary, loss and accuracy curves (inline
SVG), confusion matrix, kernels (PNG embedded as base64) and timings. No JavaScript, no external files, so it
can be mailed, opened offline and printed as a handout.

It takes the trainer's events (``StepFinished``, ``EvaluationFinished``, ``TimingMeasured``) of one run -- the
events since the last reset, since a reset starts the step count over. The file is written atomically.
"""

from __future__ import annotations

import base64
import functools
import math
import os
import time
from collections import defaultdict
from collections.abc import Mapping, Sequence
from html import escape
from pathlib import Path

import numpy as np

from .. import __version__
from ..data.file_writing import atomic_write_text
from ..number_format import format_percent, localized, shown_as
from ..translatable import N_
from .confusion import most_confused_pairs
from .render import kernel_grid, kernel_tiles, png_bytes, symmetric_limit
from .report_curves import SMOOTHING, comparison, curves

__all__ = ["html_report"]


# --- HTML -------------------------------------------------------------------------------------

_STYLE = """
body { font-family: "Segoe UI", "Helvetica Neue", Arial, sans-serif; color: #222; max-width: 960px;
       margin: 24px auto; padding: 0 16px; line-height: 1.4; }
h1 { font-size: 24px; margin-bottom: 4px; } h2 { font-size: 18px; border-bottom: 1px solid #ccc; margin-top: 28px; }
.meta { color: #666; font-size: 13px; }
table { border-collapse: collapse; font-size: 13px; margin: 8px 0; }
th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: right; }
th { background: #f2f2f2; } td.text, th.text { text-align: left; }
table.confusion td { width: 34px; text-align: center; }
.summary td:first-child { text-align: left; font-weight: bold; }
.kernels img { image-rendering: pixelated; border: 1px solid #ccc; margin: 4px 12px 4px 0; }
figure { display: inline-block; margin: 8px 16px 8px 0; } figcaption { font-size: 12px; color: #555; }
.note { font-size: 13px; color: #444; }
section { page-break-inside: avoid; break-inside: avoid; }
@media print { body { margin: 0; max-width: none; } h2 { margin-top: 16px; } }
"""


def _same(text: str) -> str:
    """The default ``translate``: the English text as it is (the CLI's report)."""
    return text


def _percent(value: float | None, digits: int = 2, _=_same) -> str:
    return _(N_("n/a")) if value is None or not math.isfinite(value) else format_percent(value, digits)


def _settings_table(settings: Mapping) -> str:
    rows = "".join(
        f'<tr><th class="text">{escape(str(k))}</th><td class="text">{escape(str(v))}</td></tr>'
        for k, v in settings.items()
    )
    return f"<table>{rows}</table>"


def _summary(steps, evals, _=_same) -> str:
    rows = []
    if evals:
        last = evals[-1]
        best = max(evals, key=lambda e: e.test_accuracy)
        rows.append(
            (
                _(N_("Final test accuracy")),
                _(N_("{accuracy} on {images:,} images (step {step:,})")).format(
                    accuracy=_percent(last.test_accuracy, _=_),
                    images=localized(last.samples),
                    step=localized(last.step),
                ),
            )
        )
        rows.append(
            (
                _(N_("Best test accuracy")),
                _(N_("{accuracy} (step {step:,})")).format(
                    accuracy=_percent(best.test_accuracy, _=_), step=localized(best.step)
                ),
            )
        )
        rows.append((_(N_("Final test loss")), f"{localized(last.test_loss):.4f}"))
    if steps:
        tail = steps[-SMOOTHING:]
        rows.append(
            (
                _(N_("Training steps")),
                _(N_("{steps:,} (epoch {epoch:.2f})")).format(
                    steps=localized(steps[-1].step), epoch=localized(steps[-1].epoch)
                ),
            )
        )
        rows.append(
            (
                _(N_("Training loss (last {count} steps)")).format(count=len(tail)),
                f"{localized(np.mean([s.loss for s in tail])):.4f}",
            )
        )
        rows.append(
            (
                _(N_("Batch accuracy (last {count} steps)")).format(count=len(tail)),
                _percent(float(np.mean([s.accuracy for s in tail])), _=_),
            )
        )
        speeds = [s.images_per_s for s in steps if s.images_per_s > 0]
        if speeds:
            rows.append(
                (
                    _(N_("Speed")),
                    _(N_("{speed:,.0f} images/s (median) on {backend}")).format(
                        speed=localized(np.median(speeds)), backend=steps[-1].backend
                    ),
                )
            )
    if not rows:
        return f'<p class="note">{escape(_(N_("No training steps were recorded.")))}</p>'
    body = "".join(f"<tr><td>{escape(k)}</td><td>{escape(v)}</td></tr>" for k, v in rows)
    return f'<table class="summary">{body}</table>'


MAX_EVALUATION_ROWS = 12


def _evaluations(evals, _=_same) -> str:
    if not evals:
        return ""
    # A long run evaluates hundreds of times; a handout lists a dozen, evenly spread, always the last.
    picks = np.unique(np.linspace(0, len(evals) - 1, min(len(evals), MAX_EVALUATION_ROWS)).round().astype(int))
    rows = "".join(
        f"<tr><td>{localized(evals[i].step):,}</td><td>{localized(evals[i].epoch):.2f}</td>"
        f"<td>{localized(evals[i].test_loss):.4f}</td>"
        f"<td>{_percent(evals[i].test_accuracy, _=_)}</td><td>{localized(evals[i].samples):,}</td></tr>"
        for i in picks
    )
    heading = (
        _(N_("Test evaluations"))
        if len(picks) == len(evals)
        else _(N_("Test evaluations ({shown} of {count} shown)")).format(shown=len(picks), count=len(evals))
    )
    head = "".join(
        f"<th>{escape(_(name))}</th>"
        for name in (N_("step"), N_("epoch"), N_("test loss"), N_("test accuracy"), N_("test images"))
    )
    return f"<section><h2>{escape(heading)}</h2><table><tr>{head}</tr>{rows}</table></section>"


def _confusion(matrix, _=_same) -> str:
    if matrix is None:
        return ""
    matrix = np.asarray(matrix, dtype=np.int64)
    if matrix.ndim != 2 or matrix.shape[0] != matrix.shape[1]:
        raise ValueError(f"the confusion matrix must be square, got shape {matrix.shape}")
    k = matrix.shape[0]
    totals = matrix.sum(axis=1)
    head = "".join(f"<th>{j}</th>" for j in range(k))
    rows = []
    for i in range(k):
        cells = []
        for j in range(k):
            share = matrix[i, j] / totals[i] if totals[i] else 0.0
            # Green for correct answers, red for mistakes; darker = a larger share of the row.
            colour = f"rgba(35,139,69,{share:.2f})" if i == j else f"rgba(203,24,29,{min(1.0, share * 4):.2f})"
            text = "#fff" if (share > 0.6 if i == j else share > 0.15) else "#222"
            cells.append(f'<td style="background:{colour};color:{text}">{matrix[i, j]}</td>')
        recall = _percent(matrix[i, i] / totals[i] if totals[i] else None, 1, _=_)
        rows.append(f"<tr><th>{i}</th>{''.join(cells)}<td>{recall}</td></tr>")
    pairs = most_confused_pairs(matrix, 3)
    note = ""
    if pairs:
        listed = _(N_(", ")).join(
            _(N_("{true} read as {predicted} ({count}×)")).format(true=t, predicted=p, count=n) for t, p, n in pairs
        )
        note = f'<p class="note">{escape(_(N_("Most frequent mistakes: {listed}.")).format(listed=listed))}</p>'
    total = int(matrix.sum())
    correct = int(np.trace(matrix))
    explained = _(
        N_(
            "Rows: the true digit; columns: what the network answered. {correct:,} of {total:,} test images "
            "correct ({share})."
        )
    ).format(
        correct=localized(correct), total=localized(total), share=_percent(correct / total if total else None, _=_)
    )
    corner = _(N_("true \\ predicted"))
    return (
        f'<section><h2>{escape(_(N_("Confusion matrix")))}</h2><p class="note">{escape(explained)}</p>'
        f'<table class="confusion"><tr><th>{escape(corner)}</th>{head}'
        f"<th>{escape(_(N_('correct')))}</th></tr>{''.join(rows)}</table>{note}</section>"
    )


def _image_tag(png: bytes, alt: str, width: int | None = None) -> str:
    data = base64.b64encode(png).decode("ascii")
    size = f' width="{width}"' if width else ""
    return f'<img src="data:image/png;base64,{data}" alt="{escape(alt)}"{size}>'


def _kernels(kernels, _=_same) -> str:
    if kernels is None:
        return ""
    if isinstance(kernels, (bytes, np.ndarray)):
        kernels = {"kernels": kernels}
    figures = []
    for name, value in kernels.items():
        if isinstance(value, (bytes, bytearray)):
            png = bytes(value)
            if not png.startswith(b"\x89PNG"):
                raise ValueError(f"kernels[{name!r}]: expected PNG file bytes")
            caption = escape(str(name))
        else:
            weights = np.asarray(value)
            tiles = kernel_tiles(weights, 0)
            png = png_bytes(kernel_grid(tiles, symmetric_limit(tiles), scale=8))
            values = dict(
                layer=name,
                count=weights.shape[0],
                height=weights.shape[2],
                width=weights.shape[3],
                channels=weights.shape[1],
            )
            caption = escape(
                (
                    _(N_("{layer}: {count} kernels {height}×{width}, input channel 0 of {channels}"))
                    if weights.shape[1] > 1
                    else _(N_("{layer}: {count} kernels {height}×{width}"))
                ).format(**values)
            )
        alt = _(N_("kernels of {layer}")).format(layer=name)
        figures.append(f"<figure>{_image_tag(png, alt)}<figcaption>{caption}</figcaption></figure>")
    heading, note = _(N_("Learned kernels")), _(N_("Red: positive weights, blue: negative, white: zero."))
    return (
        f'<section class="kernels"><h2>{escape(heading)}</h2><p class="note">{escape(note)}</p>'
        f"{''.join(figures)}</section>"
    )


def _timings(timings, _=_same) -> str:
    if not timings:
        return ""
    per: dict[tuple[str, str], list[tuple[float, float]]] = defaultdict(list)
    steps_ms: dict[str, list[float]] = defaultdict(list)
    order: list[tuple[str, str]] = []
    for t in timings:
        steps_ms[t.backend].append(float(t.step_ms))
        for layer in t.layers:
            key = (t.backend, layer.name)
            if key not in per:
                order.append(key)
            per[key].append((float(layer.forward_ms), float(layer.backward_ms)))
    rows = []
    for backend, name in order:
        values = np.array(per[(backend, name)])
        fwd, bwd = np.median(values[:, 0]), np.median(values[:, 1])
        share = (fwd + bwd) / np.median(steps_ms[backend]) if np.median(steps_ms[backend]) > 0 else math.nan
        rows.append(
            f'<tr><td class="text">{escape(backend)}</td><td class="text">{escape(name)}</td>'
            f"<td>{localized(fwd):.3f}</td><td>{localized(bwd):.3f}</td><td>{_percent(share, 1, _=_)}</td></tr>"
        )
    whole, measured = escape(_(N_("whole step"))), _(N_("{count} measurements"))
    totals = "".join(
        f'<tr><td class="text">{escape(b)}</td><td class="text">{whole}</td><td colspan="2">'
        f"{localized(np.median(v)):.3f}</td><td>{escape(measured.format(count=len(v)))}</td></tr>"
        for b, v in steps_ms.items()
    )
    note = _(N_("Median milliseconds per training step (batch of {batch}).")).format(batch=timings[-1].batch_size)
    head = "".join(f'<th class="text">{escape(_(name))}</th>' for name in (N_("backend"), N_("layer")))
    head += "".join(
        f"<th>{escape(_(name))}</th>" for name in (N_("forward ms"), N_("backward ms"), N_("share of step"))
    )
    return (
        f'<section><h2>{escape(_(N_("Where the time goes")))}</h2><p class="note">{escape(note)}</p>'
        f"<table><tr>{head}</tr>{''.join(rows)}{totals}</table></section>"
    )


def _numbers_in_its_language(write):
    """``write`` with the report's numbers in its ``language`` ("88,8 %" in a German report)."""

    @functools.wraps(write)
    def in_language(*args, **kwargs):
        with shown_as(kwargs.get("language", "en")):
            return write(*args, **kwargs)

    return in_language


@_numbers_in_its_language
def html_report(
    path: str | os.PathLike[str],
    *,
    settings: Mapping | None = None,
    steps: Sequence = (),
    evals: Sequence = (),
    confusion=None,
    kernels=None,
    timings: Sequence = (),
    title: str | None = None,
    notes: str = "",
    compared: Mapping | None = None,
    sections: Sequence[str] = (),
    translate=None,
    language: str = "en",
) -> Path:
    """Write a self-contained, printable HTML report of one run.

    ``settings``: name -> value shown as a table (network, backend, optimizer...);
    ``steps``/``evals``/``timings``: the run's events; ``confusion``: a (10, 10)
    matrix (rows true); ``kernels``: conv weights ``{"conv1": (out, in, kh, kw)}``
    or ready PNG bytes per name (e.g. a time-lapse frame); ``notes``: free
    text from the teacher; ``compared``: a run kept for comparison (``label``, ``train`` and ``evals``
    arrays of (epoch, loss, accuracy) rows), drawn with this run against epochs; ``sections``: more
    ready HTML sections (:mod:`.report_inside`: filters, the map, a fooled input, "not sure"), after the
    kernels. Every part is optional.

    ``translate``: the text of the report in the reader's language (the GUI's ``tr``; every text here
    is an ``N_``-marked whole sentence with named placeholders); the default keeps it English (the
    CLI). ``language``: its code (``de``, ``zh_CN``) for ``<html lang>``, which lets a browser pick
    fonts and hyphenation.
    """
    _ = translate or _same
    steps, evals, timings = list(steps), list(evals), list(timings)
    created = time.strftime("%Y-%m-%d %H:%M")
    title = _(N_("cnnviz training report")) if title is None else title
    meta = _(N_("Created {date} with cnnviz {version}")).format(date=created, version=__version__)
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{escape(language.replace("_", "-"))}"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
        f'<p class="meta">{escape(meta)}</p>',
    ]
    if notes:
        parts.append(f'<p class="note">{escape(notes)}</p>')
    parts.append(f"<section><h2>{escape(_(N_('Summary')))}</h2>{_summary(steps, evals, _)}</section>")
    if settings:
        parts.append(f"<section><h2>{escape(_(N_('Settings')))}</h2>{_settings_table(settings)}</section>")
    parts += [
        curves(steps, evals, _),
        comparison(steps, evals, compared, _),
        _evaluations(evals, _),
        _confusion(confusion, _),
        _kernels(kernels, _),
        *sections,
        _timings(timings, _),
    ]
    parts.append("</body></html>")
    return atomic_write_text(path, "\n".join(p for p in parts if p) + "\n")

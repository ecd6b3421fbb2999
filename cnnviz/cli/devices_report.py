"""What ``cnnviz devices --check`` prints: the report as JSON (``--json``), as a table, and the one-line verdict
for class (the fastest backend that passed, and the ones not to use). The check itself is
:mod:`cnnviz.cli.devices_check`."""

from __future__ import annotations

import math
from dataclasses import asdict


def _json_number(value):
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return None if value is None else str(value)
    return value


def to_json(report: dict) -> dict:
    out = {k: v for k, v in report.items() if k != "backends"}
    out["backends"] = {}
    for name, res in report["backends"].items():
        entry = asdict(res)
        entry.pop("errors")
        entry["max_rel_error"] = _json_number(entry["max_rel_error"])
        entry["worst_bound_fraction"] = _json_number(entry["worst_bound_fraction"])
        out["backends"][name] = entry
    return out


def format_table(report: dict) -> str:
    lines = [
        f"cnnviz devices --check: {report['net']}, batch {report['batch']}, {report['dtype']}; "
        f"forward, backward and {report['train_steps']} training steps against the NumPy reference in "
        f"{report['reference_dtype']}"
        + (f"; numba on {report['threads']} worker threads" if report.get("threads") else ""),
        "",
    ]
    header = f"{'backend':<8} {'check':<8} {'max rel err':>11} {'step ms':>9} {'warm-up s':>9}  device / reason"
    lines += [header, "-" * len(header)]
    for name, res in report["backends"].items():
        err = "-" if res.max_rel_error is None else f"{res.max_rel_error:.1e}"
        step = "-" if res.step_ms is None else f"{res.step_ms:.2f}"
        warm = "-" if res.warmup_s is None else f"{res.warmup_s:.2f}"
        detail = res.description if res.check == "passed" else res.reason
        if res.check == "failed" and res.description:
            detail = f"{res.reason}  [{res.description}]"
        lines.append(f"{name:<8} {res.check:<8} {err:>11} {step:>9} {warm:>9}  {detail or ''}")
    failed = [n for n, r in report["backends"].items() if r.check == "failed"]
    lines.append("")
    lines.append(
        f"FAILED: {', '.join(failed)}" if failed else "All backends that can run here agree with the reference."
    )
    lines.append(verdict(report))
    return "\n".join(lines)


def verdict(report: dict) -> str:
    """What to use in class, in one line: the fastest backend that passed, and the ones not to use."""
    backends = report["backends"]
    passed = [(r.step_ms if r.step_ms is not None else math.inf, n) for n, r in backends.items() if r.check == "passed"]
    failed = [n for n, r in backends.items() if r.check == "failed"]
    avoid = f" Do not use {', '.join(failed)} (see the reason above)." if failed else ""
    if not passed:
        return "For class: no backend passed here; report the failure and do not train on this machine." + avoid
    ms, best = min(passed)
    # --threads N times numba on N workers, not on the count training would choose here
    on = f" on {report['threads']} worker threads" if report.get("threads") and best == "numba" else ""
    speed = f" ({ms:.0f} ms a training step at batch {report['batch']}{on})" if math.isfinite(ms) else ""
    return f"For class: use --backend {best}{speed}, the fastest that passed." + avoid

"""What the monkey (:mod:`.monkey`) measures and says at the end: the buffers the backends keep, the warm-up's
end, the growth after it read from every sample (median of thirds, Theil-Sen trend), the resident memory minute by
minute, and the summary line."""

from __future__ import annotations

import numpy as np

WARM_UP_LEAST = 120.0
"""The warm-up lasts at least a quarter of the run, and at most this many seconds of it, however early
every kind of action was done (memory settles after them)."""
WARM_UP_MOST = 0.5
"""The warm-up ends at this fraction of the run at the latest, every kind done or not (``warmup_missing``)."""


def pooled_mb() -> float:
    """The buffers the opened backends keep for their next step, in MB (only the numba CPU backend
    keeps them in this process's memory: ``workspace_bytes``)."""
    from ...backends import registry

    return sum(getattr(backend, "workspace_bytes", lambda: 0)() for backend in registry.opened()) / 2**20


def warm_up_end(samples: list[dict], done_at: dict[str, float], kinds, seconds: float) -> dict:
    """The warm-up's end: the first of ``samples`` (each with its ``t_s``) by which every one of ``kinds``
    was done (``done_at``: the time each kind was first done), not before ``min(WARM_UP_LEAST, seconds / 4)``
    and at the latest at ``WARM_UP_MOST`` of the ``seconds``. Returns ``sample`` (the first sample when no
    sample came after the warm-up: a short run), ``warmup_s``, ``warmup_every_kind_s`` (when the last kind
    was first done; None: not every kind was) and ``warmup_missing`` (the kinds not done by the warm-up's end)."""
    least = min(WARM_UP_LEAST, seconds / 4)
    most = max(least, seconds * WARM_UP_MOST)
    missing_ever = [kind for kind in kinds if kind not in done_at]
    every_kind = None if missing_ever else max((done_at[kind] for kind in kinds), default=0.0)
    end = most if every_kind is None else min(most, max(least, every_kind))
    sample = next((s for s in samples if s["t_s"] >= end), None)
    ended = sample is not None
    sample = sample or samples[0]
    at = sample["t_s"] if ended else end
    return {
        "sample": sample,
        "warmup_s": sample["t_s"] if ended else None,
        "warmup_every_kind_s": None if every_kind is None else round(every_kind, 1),
        "warmup_missing": sorted(kind for kind in kinds if done_at.get(kind, float("inf")) > at),
    }


def robust_growth(samples: list[dict], key: str, less: str | None = None) -> float | None:
    """How much ``key`` (less ``less``: the pools) rose over ``samples``: the median of the last third of them
    less the median of the first third (one sample each when there are fewer than six), so that one sample
    inside a run's step or a job's moment does not decide it. None when no sample has the figure."""
    values = [s[key] - (s[less] if less else 0.0) for s in samples if key in s and (less is None or less in s)]
    if not values:
        return None
    third = max(1, len(values) // 3)
    return round(float(np.median(values[-third:]) - np.median(values[:third])), 1)


def slope_per_minute(samples: list[dict], key: str, less: str | None = None) -> float | None:
    """The trend of ``key`` (less ``less``) over ``samples`` in MB a minute: the median of the slopes between
    every two samples (Theil-Sen), which a few outlying samples do not move. None with fewer than two."""
    points = [
        (s["t_s"], s[key] - (s[less] if less else 0.0)) for s in samples if key in s and (less is None or less in s)
    ]
    slopes = [(v2 - v1) / (t2 - t1) for i, (t1, v1) in enumerate(points) for t2, v2 in points[i + 1 :] if t2 > t1]
    return round(60.0 * float(np.median(slopes)), 2) if slopes else None


def by_minute(samples: list[dict], key: str) -> list[float]:
    """The median of ``key`` over the samples of each minute of the run (t_s 0-60 s, 60-120 s...), a
    minute with no such sample left out: whether memory rises steadily or levels off, at a glance."""
    minutes: dict[int, list[float]] = {}
    for s in samples:
        if key in s:
            minutes.setdefault(int(s["t_s"] // 60), []).append(s[key])
    return [round(float(np.median(values)), 1) for _, values in sorted(minutes.items())]


def summarize(samples: list[dict], record, settings, kinds, still_open: bool) -> dict:
    """The run's summary line: the counts (``record``: a :class:`.monkey_actions.Record`), the warm-up
    (:func:`warm_up_end` over the ``kinds`` of action it waits for), and the growth after it over the
    ``growth_samples`` samples from the warm-up's end on (:func:`robust_growth`, :func:`slope_per_minute`)."""
    warm_up = warm_up_end(samples, record.done_at, kinds, settings.seconds)
    warm = warm_up.pop("sample")
    after = samples[samples.index(warm) :] if warm_up["warmup_s"] is not None else samples
    summary = {
        "monkey_seconds": round(samples[-1]["t_s"], 1),
        "net": settings.net,
        "seed": settings.seed,
        **record.counts,
        "window_still_open": still_open,
        "exceptions": len(record.errors),
        **warm_up,
        "trainers_most": max(s["trainers"] for s in samples),
        "samples_with_a_trainer_kept": sum(1 for s in samples if s["trainers"] > s.get("threads", 0)),
        "rss_start_mb": samples[0]["rss_mb"],
        "rss_warm_mb": warm["rss_mb"],
        "rss_end_mb": samples[-1]["rss_mb"],
        "growth_samples": len(after),
        "growth_after_warmup_mb": robust_growth(after, "rss_mb"),
        "growth_less_pools_mb": robust_growth(after, "rss_mb", "pool_mb"),
        "slope_mb_per_min": slope_per_minute(after, "rss_mb"),
    }
    if all("rss_trimmed_mb" in s for s in samples):  # glibc: what the process holds, apart from malloc's kept pages
        summary.update(
            rss_trimmed_start_mb=samples[0]["rss_trimmed_mb"],
            rss_trimmed_warm_mb=warm["rss_trimmed_mb"],
            rss_trimmed_end_mb=samples[-1]["rss_trimmed_mb"],
            growth_trimmed_mb=robust_growth(after, "rss_trimmed_mb"),
            growth_trimmed_less_pools_mb=robust_growth(after, "rss_trimmed_mb", "pool_mb"),
            slope_trimmed_mb_per_min=slope_per_minute(after, "rss_trimmed_mb"),
            rss_trimmed_by_minute_mb=by_minute(samples, "rss_trimmed_mb"),
        )
    summary["rss_by_minute_mb"] = by_minute(samples, "rss_mb")
    summary["app_trims"] = samples[-1].get("app_trims", 0)
    summary["app_trim_ms"] = samples[-1].get("app_trim_ms", 0.0)
    if all("heap_in_use_mb" in s for s in after):
        summary["growth_in_use_mb"] = robust_growth(after, "heap_in_use_mb")
        summary["growth_in_use_less_pools_mb"] = robust_growth(after, "heap_in_use_mb", "pool_mb")
        summary["slope_in_use_less_pools_mb_per_min"] = slope_per_minute(after, "heap_in_use_mb", "pool_mb")
    return summary

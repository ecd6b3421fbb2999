"""The monkey's memory figures (issue 33): resident memory after giving back what glibc keeps freed, minute by
minute, and the window's own trims of what it keeps."""

import pytest

from cnnviz.gui.devtools import memory, monkey_summary
from cnnviz.train import heap

MB = 2**20


def test_the_window_gives_back_the_40_mb_glibc_kept_after_the_monkeys_warm_up(monkeypatch):
    # Seed 3 (session 42, no trim of the monkey's): 6 MB free at the warm-up's end (462 MB resident), then
    # 40-43 MB free and 506 MB resident for the last five minutes, and no trim (the limit was 48 MB)
    now, trims = {"free": 6 * MB, "resident": 462 * MB}, []

    def trim():
        trims.append(now["free"] // MB)
        now["resident"] -= now["free"]
        return True

    monkeypatch.setattr(heap, "heap_bytes", lambda: (200 * MB, now["free"]))
    monkeypatch.setattr(heap, "resident_bytes", lambda: now["resident"])
    monkeypatch.setattr(heap, "give_back_freed_memory", trim)
    kept = heap.KeptMemory()  # (the window's: its default limit)
    assert kept.check() is False  # little free
    now.update(free=41 * MB, resident=506 * MB)
    assert kept.check() is True and trims == [41], "glibc kept 41 MB freed, resident, and the window left it"
    assert kept.trim_seconds >= 0.0 and kept.trims == 1
    assert kept.check() is False, "the same pages given back twice"


def test_a_sample_after_a_trim_holds_less_than_before_it_on_glibc():
    if heap.heap_bytes() is None:
        assert memory.trimmed_rss_mb() is None  # (not glibc: no figure called "trimmed")
        return
    pins, blocks = [], []
    for _ in range(1000):  # 60 MB of heap blocks, each pinned by a small one after it: no trim from the top
        blocks.append(bytearray(60_000))
        pins.append(bytearray(2_000))
    del blocks[:]
    before = memory.rss_mb()
    after = memory.trimmed_rss_mb()
    assert after is not None and before - after > 30, (before, after)


def test_no_trimmed_figure_where_the_c_library_cannot_trim(monkeypatch):
    monkeypatch.setattr(heap, "heap_bytes", lambda: None)  # macOS, Windows, musl
    monkeypatch.setattr(heap, "give_back_freed_memory", lambda: pytest.fail("trimmed without glibc"))
    assert memory.trimmed_rss_mb() is None


def test_the_summary_reads_the_growth_after_trims_and_minute_by_minute():
    class Record:
        done_at = {"click": 1.0}
        counts = {"click": 1}
        errors = []

    class Settings:
        net, seed, seconds = "tiny", 1, 240.0

    # untrimmed resident memory rises 1 MB a sample (malloc keeps freed pages); what the process holds stays flat
    samples = [
        {
            "t_s": 10.0 * i,
            "rss_mb": 400.0 + i,
            "rss_trimmed_mb": 380.0 + (i % 2),
            "pool_mb": 0.0,
            "trainers": 1,
            "threads": 1,
            "app_trims": i // 10,
            "app_trim_ms": 2.5,
        }
        for i in range(25)
    ]
    summary = monkey_summary.summarize(samples, Record(), Settings(), ["click"], True)
    assert summary["growth_after_warmup_mb"] == 13.0 and abs(summary["growth_trimmed_mb"]) <= 1
    assert summary["slope_trimmed_mb_per_min"] == 0.0 and summary["rss_trimmed_warm_mb"] == 380.0
    assert summary["rss_by_minute_mb"] == [402.5, 408.5, 414.5, 420.5, 424.0]  # (the last minute: one sample)
    assert len(summary["rss_trimmed_by_minute_mb"]) == 5
    assert summary["app_trims"] == 2 and summary["app_trim_ms"] == 2.5
    untrimmed = [{k: v for k, v in s.items() if k != "rss_trimmed_mb"} for s in samples]
    assert "growth_trimmed_mb" not in monkey_summary.summarize(untrimmed, Record(), Settings(), ["click"], True)

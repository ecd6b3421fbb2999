"""cnnviz gui --monkey: random clicks, strokes and keys on the training window, each recorded."""

import io
import json

from cnnviz.gui.devtools import memory, monkey_actions, monkey_sandbox, monkey_summary
from cnnviz.gui.devtools import monkey as monkey_module
from cnnviz.gui.panels import registry


def _run(seconds, seed=1, enough_actions=None):
    out = io.StringIO()
    code = monkey_module.monkey(
        "tiny", "numpy", "mnist", None, seconds, seed=seed, out=out, enough_actions=enough_actions
    )
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    return code, lines


def _quick_samples(monkeypatch, seconds=1.0):
    """A memory sample every ``seconds`` instead of 5 s: a run of ``enough_actions`` ends at the first sample after
    them, so a short run does not wait out 5 s (10 s under load) for it (each sample is a full collection: ~0.2 s)."""
    monkeypatch.setattr(monkey_module, "SAMPLE_S", seconds)


def _no_tabs_in_the_first_round(monkeypatch):
    """The first round without the tabs (a tab's first drawing takes seconds under load: the Filters tab 7 s):
    returns the real :func:`warm_up_kinds`."""
    every_kind = monkey_module.warm_up_kinds
    monkeypatch.setattr(monkey_module, "warm_up_kinds", lambda tabs: every_kind(["training"]))
    return every_kind


def test_a_short_monkey_run_clicks_types_and_draws_and_leaves_the_window_open(
    qapp, no_dialogs_and_a_private_autosave, monkeypatch
):
    every_kind = _no_tabs_in_the_first_round(monkeypatch)
    _quick_samples(monkeypatch)
    code, lines = _run(120.0, enough_actions=20)  # 20 actions, however busy the machine (under load: 19 in 6 s)
    summary = lines[-1]
    actions = [line for line in lines if "action" in line]
    assert code == 0 and summary["exceptions"] == 0 and summary["window_still_open"]
    assert len(actions) >= 20 and summary["key"] > 0 and summary["click"] + summary["stroke"] > 0
    assert {"t_s", "rss_mb", "pool_mb", "actions", "step", "trainers", "threads"} <= set(lines[0]), (
        "memory samples are recorded too"
    )
    assert all(a["t_s"] <= b["t_s"] for a, b in zip(actions, actions[1:]))
    if memory.heap_mb() is not None:  # glibc: live allocations apart from what malloc keeps freed
        assert {"heap_in_use_mb", "heap_free_mb"} <= set(lines[0])
        assert {"growth_in_use_mb", "growth_in_use_less_pools_mb"} <= set(summary)
        # ... and the resident memory after giving back what malloc keeps freed: the figure "flat" is read from
        assert lines[0]["rss_trimmed_mb"] <= lines[0]["rss_mb"] + 20 and "app_trims" in lines[0]
        assert {"growth_trimmed_mb", "rss_trimmed_by_minute_mb", "app_trims"} <= set(summary)
    # the first round: each key once (Ctrl+Q only once there is something to save), before any key again
    keys = [line["target"] for line in actions if line["action"] == "key"]
    before_a_repeat = next((keys[:i] for i in range(len(keys)) if keys[i] in keys[:i]), keys)
    assert set(before_a_repeat) >= set(monkey_actions.KEYS) - {"Ctrl+Q"}, keys
    # 20 actions are no warm-up (it lasts a quarter of the run at least): what was not done yet is named, the
    # tab shown from the start is done, and every kind named is one the warm-up waits for
    assert summary["warmup_s"] is None and "popup" in summary
    assert "tab training" not in summary["warmup_missing"]
    assert set(summary["warmup_missing"]) <= every_kind(registry.TABS)
    assert summary["growth_samples"] == len([line for line in lines if "rss_mb" in line])
    assert summary["samples_with_a_trainer_kept"] == 0 and summary["trainers_most"] >= 1


def test_growth_is_read_from_every_sample_after_the_warm_up_not_from_two():
    def samples(rss, pool=0.0):
        return [{"t_s": 10.0 * i, "rss_mb": r, "pool_mb": pool} for i, r in enumerate(rss)]

    flat_with_a_spike = samples([500, 502, 499, 501, 950, 500, 498, 501, 400])  # a run's pool, a moment's dip
    assert abs(monkey_summary.robust_growth(flat_with_a_spike, "rss_mb")) <= 2
    assert abs(monkey_summary.slope_per_minute(flat_with_a_spike, "rss_mb")) <= 5  # (the ends: -100 MB)
    rising = samples([500 + 3 * i for i in range(12)], pool=100.0)  # 3 MB every 10 s: a leak
    assert monkey_summary.robust_growth(rising, "rss_mb") == 24.0  # last four's median less the first four's
    assert monkey_summary.slope_per_minute(rising, "rss_mb", "pool_mb") == 18.0
    assert monkey_summary.robust_growth(rising[:1], "rss_mb") == 0.0
    assert monkey_summary.slope_per_minute(rising[:1], "rss_mb") is None
    assert monkey_summary.robust_growth(rising, "heap_in_use_mb") is None  # no such figure (not glibc)


def test_the_warm_up_ends_when_every_kind_of_action_was_done_and_not_before_its_least():
    kinds = monkey_actions.warm_up_kinds(["training", "filters"])
    assert {"click", "stroke", "key F5", "key Ctrl+Q", "tab filters"} <= kinds
    samples = [{"t_s": t + 0.3} for t in range(0, 601, 10)]  # a 600 s run, a sample every 10 s
    late = {kind: 5.0 for kind in kinds} | {"tab filters": 151.0}  # the last kind first done at 151 s
    end = monkey_summary.warm_up_end(samples, late, kinds, 600.0)
    assert (end["sample"]["t_s"], end["warmup_s"], end["warmup_every_kind_s"]) == (160.3, 160.3, 151.0)
    assert end["warmup_missing"] == []
    early = {kind: 5.0 for kind in kinds}  # every kind done in 5 s: the warm-up still lasts its least (120 s)
    assert monkey_summary.warm_up_end(samples, early, kinds, 600.0)["warmup_s"] == 120.3
    assert monkey_summary.warm_up_end(samples[:7], early, kinds, 60.0)["warmup_s"] == 20.3  # a quarter of 60 s
    never = {kind: 5.0 for kind in kinds if kind != "key F1"}  # never F1: the warm-up ends at half the run
    end = monkey_summary.warm_up_end(samples, never, kinds, 600.0)
    assert (end["warmup_s"], end["warmup_every_kind_s"], end["warmup_missing"]) == (300.3, None, ["key F1"])
    very_late = early | {"stroke": 450.0}  # done after half the run: missing at the warm-up's end
    assert monkey_summary.warm_up_end(samples, very_late, kinds, 600.0)["warmup_missing"] == ["stroke"]
    short = monkey_summary.warm_up_end(samples[:2], early, kinds, 600.0)  # no sample after the warm-up's least
    assert short["sample"] is samples[0] and short["warmup_s"] is None


def test_an_exception_in_the_window_fails_the_monkey_run(qapp, no_dialogs_and_a_private_autosave, monkeypatch):
    from cnnviz.gui.run_control import RunControl
    from cnnviz.gui.window import MainWindow

    def broken(self, *args, **kwargs):
        raise RuntimeError("a planted bug")

    monkeypatch.setattr(monkey_actions, "KEYS", ["Space"])  # Space: start or pause, wherever the focus is
    monkeypatch.setattr(monkey_module, "warm_up_kinds", lambda tabs: {"key Space"})  # the first action
    monkeypatch.setattr(RunControl, "start_or_pause", broken)
    monkeypatch.setattr(MainWindow, "start", lambda self: None)  # no run takes the core meanwhile
    _quick_samples(monkeypatch, 0.3)
    code, lines = _run(4.0, seed=2, enough_actions=1)  # (Space's slot raises while the key is pressed)
    assert code == 1 and lines[-1]["exceptions"] > 0


def test_ctrl_q_with_nothing_to_save_does_not_end_the_monkey_run(qapp, no_dialogs_and_a_private_autosave, monkeypatch):
    from cnnviz.gui.window import MainWindow

    monkeypatch.setattr(monkey_actions, "KEYS", ["Ctrl+Q"])
    _no_tabs_in_the_first_round(monkeypatch)
    monkeypatch.setattr(MainWindow, "start", lambda self: None)  # nothing trains (unless a click on Step): no question
    # A click on Step makes something to save, and Ctrl+Q is then pressed and answered Cancel (CI once clicked Step
    # before either key): the case under test is "nothing to save", so it stays that case.
    monkeypatch.setattr(monkey_actions.Hands, "something_to_save", lambda self: False)
    _quick_samples(monkeypatch)
    code, lines = _run(120.0, seed=3, enough_actions=12)
    summary = lines[-1]
    assert code == 0 and summary["window_still_open"], "Ctrl+Q closed the window: the monkey ended its own run"
    keys = [line["target"] for line in lines if line.get("action") == "key"]
    assert keys and "Ctrl+Q" not in keys, "with nothing to save, another key is pressed instead of Ctrl+Q"
    assert "Escape" in keys


def test_the_monkey_opens_no_outside_program():
    import subprocess
    import webbrowser

    from PySide6.QtCore import QUrl
    from PySide6.QtGui import QDesktopServices

    refused = []
    real_open_url = QDesktopServices.openUrl
    with monkey_sandbox.outside_programs_refused(refused.append):
        assert QDesktopServices.openUrl(QUrl.fromLocalFile("/")) is False
        assert webbrowser.open("https://example.org") is False
        try:
            subprocess.Popen(["/nonexistent/xdg-open", "/"])
        except OSError as exc:
            assert "no outside program" in str(exc)
        subprocess.run(["python3", "-c", "pass"], check=True)  # other programs still run
    assert [what.split()[0] for what in refused] == ["openUrl", "webbrowser", "subprocess"]
    assert QDesktopServices.openUrl == real_open_url and subprocess.Popen.__init__ is not None


def test_the_monkey_keeps_its_hands_off_the_users_drawings_models_and_settings(qapp, monkeypatch):
    from cnnviz import user_folders

    real = {"drawings": user_folders.drawings(), "models": user_folders.models(), "settings": user_folders.settings()}
    seen = {}

    def drive(app, rng, settings, record):  # what the window would save to, deleting from
        seen.update(drawings=user_folders.drawings(), models=user_folders.models(), settings=user_folders.settings())
        user_folders.drawings().mkdir(parents=True)
        (user_folders.drawings() / "3__monkey.png").write_bytes(b"")
        return 0

    monkeypatch.setattr(monkey_module, "_drive", drive)
    assert monkey_module.monkey("tiny", "numpy", "mnist", None, 1.0) == 0
    assert all(seen[kind] != real[kind] and real[kind] not in seen[kind].parents for kind in real), seen
    assert not seen["drawings"].exists(), "the monkey's folder is removed when it ends"
    assert {kind: getattr(user_folders, kind)() for kind in real} == real


def test_the_first_round_brings_a_folded_pad_on_screen_before_its_stroke(
    qapp, no_dialogs_and_a_private_autosave, monkeypatch
):
    """At 1024x768 the pad is folded into a tab (Draw · Kernels) and the Training tab is open: CI's seed 2 drew
    its first stroke only when a random click chanced on that tab (74.5 s of 90). The first round clicks it."""
    from cnnviz.gui.window import MainWindow

    monkeypatch.setattr(monkey_module, "warm_up_kinds", lambda tabs: {"stroke"})
    _quick_samples(monkeypatch, 0.3)
    monkeypatch.setattr(MainWindow, "start", lambda self: None)  # nothing trains: nothing else takes the core
    code, lines = _run(120.0, seed=2, enough_actions=2)
    actions = [line for line in lines if "action" in line]
    assert code == 0 and lines[-1]["stroke"] >= 1, actions
    assert actions[0]["action"] == "click" and actions[0]["target"].startswith("QTabBar:"), actions
    assert actions[1]["action"] == "stroke", "the stroke follows at once, before anything hides the pad again"
    assert "stroke" not in lines[-1]["warmup_missing"]

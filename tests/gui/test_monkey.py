"""cnnviz gui --monkey: random clicks, strokes and keys on the training window, each recorded."""

import io
import json

from cnnviz.gui.devtools import monkey as monkey_module


def _run(seconds, seed=1, enough_actions=None):
    out = io.StringIO()
    code = monkey_module.monkey("tiny", "numpy", "mnist", None, seconds, seed=seed, out=out,
                                enough_actions=enough_actions)
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    return code, lines


def test_a_short_monkey_run_clicks_types_and_draws_and_leaves_the_window_open(qapp, no_dialogs_and_a_private_autosave):
    code, lines = _run(120.0, enough_actions=20)  # 20 actions, however busy the machine (under load: 19 in 6 s)
    summary = lines[-1]
    actions = [line for line in lines if "action" in line]
    assert code == 0 and summary["exceptions"] == 0 and summary["window_still_open"]
    assert len(actions) >= 20 and summary["key"] > 0 and summary["click"] + summary["stroke"] > 0
    assert {"t_s", "rss_mb", "actions", "step"} <= set(lines[0]), "memory samples are recorded too"
    assert all(a["t_s"] <= b["t_s"] for a, b in zip(actions, actions[1:]))


def test_an_exception_in_the_window_fails_the_monkey_run(qapp, no_dialogs_and_a_private_autosave, monkeypatch):
    from cnnviz.gui.run_control import RunControl

    def broken(self, *args, **kwargs):
        raise RuntimeError("a planted bug")

    monkeypatch.setattr(monkey_module, "KEYS", ["Space"])  # Space: start or pause, wherever the focus is
    monkeypatch.setattr(RunControl, "start_or_pause", broken)
    code, lines = _run(4.0, seed=2)
    assert code == 1 and lines[-1]["exceptions"] > 0

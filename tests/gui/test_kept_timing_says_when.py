"""A kept run's per-layer time is one measurement of that run, at its step then (warm-up, the machine's load):
beside the run now's it read as the same backend's speed (179 ms against 6-15 ms) without saying why."""

from types import SimpleNamespace

import pytest

from cnnviz.gui.panels.timings import TimingsPanel
from cnnviz.train.events import LayerTiming, TimingMeasured

LAYERS = (LayerTiming("conv1", 2.0, 3.0), LayerTiming("relu1", 0.1, 0.1), LayerTiming("dense1", 0.5, 0.5))


@pytest.mark.parametrize(
    ("code", "said"), [("en", "179 ms/batch of 64, measured then (its step 1,200)"), ("de", "(sein Schritt 1.200)")]
)
def test_the_kept_runs_time_says_it_was_measured_then(qtbot, in_language, code, said):
    in_language(code)
    panel = TimingsPanel()
    qtbot.addWidget(panel)
    kept = SimpleNamespace(timing=TimingMeasured(1200, "numba", 64, LAYERS, 179.0), source="this session")
    panel.set_kept(SimpleNamespace(kept=kept))
    panel.add_timing(TimingMeasured(3000, "numba", 64, LAYERS, 9.0))
    panel.refresh_rates(every_s=0)
    assert said in panel.summary_label.text()
    assert "1,200" in panel.summary_label.toolTip() or "1.200" in panel.summary_label.toolTip()

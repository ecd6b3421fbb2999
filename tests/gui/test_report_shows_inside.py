"""The HTML report carries what the Filters, Map and Fool tabs and "not sure" last showed, and only that."""

from cnnviz.train import events as ev


def test_the_report_shows_the_tabs_that_were_computed_and_leaves_out_the_others(qtbot, make_window, tmp_path):
    window = make_window(steps=30, eval_every=15)
    window.start()
    qtbot.waitUntil(lambda: not window.session.active and window.state.run.result is not None, timeout=60_000)
    path = tmp_path / "before.html"
    assert window.exports.export_html_report(str(path))
    before = path.read_text(encoding="utf-8")
    for heading in ("wants to see", "A map of what it learned", "Fooling the network"):
        assert heading not in before  # never opened: nothing to show

    p = window.panels
    for key in ("filters", "map", "fool"):
        window.show_tab(key)
        qtbot.waitUntil(lambda key=key: p[key].result is not None and not p[key].busy, timeout=60_000)
    p.classify.evaluated(ev.EvaluationFinished(30, 1.0, 0.5, 0.8, 0, *[[]] * 3))
    qtbot.waitUntil(lambda: p.classify.not_sure.calibration is not None, timeout=60_000)
    path = tmp_path / "after.html"
    assert window.exports.export_html_report(str(path))
    html = path.read_text(encoding="utf-8")
    assert "What each filter of conv1 wants to see" in html
    assert html.count('r="2.2" fill') == len(p.map.result.points)  # every dot of the map
    assert "Fooling the network" in html and "pixels changed" in html
    assert '"Not sure"' in html and f"{p.classify.not_sure.calibration.images:,} held-out" in html

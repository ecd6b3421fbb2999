"""Two runs side by side in the window: keep a run (K), train another over it, compare with a saved run."""

import numpy as np
import pytest
from PySide6.QtCore import Qt

from cnnviz import cli


def train(qtbot, window):
    window.start()
    qtbot.waitUntil(lambda: not window.session.active and window.state.run.result is not None, timeout=60_000)


def test_a_kept_run_is_drawn_under_the_next_which_starts_from_the_same_weights(qtbot, make_window):
    window = make_window(steps=30, eval_every=10, test_samples=500)
    curves = window.panels.curves
    train(qtbot, window)
    first_start = window.state.run.config.seed
    first_loss = window.state.run.steps[0].loss
    qtbot.keyClick(window.workspace, Qt.Key_K)  # the key, as a teacher presses it
    kept = window.state.kept
    assert kept is not None and kept.source == "this session"
    assert len(curves.kept_loss.xData) == 30 and len(curves.kept_test_acc.xData) == len(window.state.run.evaluations)
    assert curves.kept_label.isVisible() and "same settings" in curves.kept_label.text()
    assert window.menus.stop_comparing_action.isEnabled()

    lr = window.controls.lr
    window.controls.set_lr(lr * 10)
    train(qtbot, window)
    # the same seed: the same initial weights and data order, so the first batch's loss is the same
    assert window.state.run.config.seed == first_start
    assert window.state.run.steps[0].loss == pytest.approx(first_loss, rel=1e-5)
    assert f"lr {lr:g} vs {lr * 10:g} now" in curves.kept_label.text(), curves.kept_label.text()
    assert len(curves.kept_loss.xData) == 30 and len(curves.loss_raw.xData) > 0  # both runs drawn

    window.comparison.stop()
    assert (
        window.state.kept is None
        and not curves.kept_label.isVisible()
        and not len(curves.kept_loss.xData if curves.kept_loss.xData is not None else [])
    )
    assert not window.menus.stop_comparing_action.isEnabled()


def test_keeping_an_untrained_run_says_why_and_keeps_nothing(window):
    assert not window.comparison.keep_current()
    assert window.state.kept is None
    assert window.banner.isVisible() and "Nothing to keep yet" in window.banner.label.text()


def test_a_saved_run_is_compared_with_and_a_file_without_history_says_so(qtbot, make_window, tmp_path):
    window = make_window(steps=20, eval_every=10, test_samples=500)
    train(qtbot, window)
    path = tmp_path / "run.npz"
    assert window.checkpoints.save(str(path))
    other = make_window()
    assert other.comparison.compare_with_file(str(path))
    assert other.state.kept.source == "run.npz"
    np.testing.assert_allclose(other.panels.curves.kept_loss.xData[-1], window.state.run.steps[-1].epoch, atol=1e-4)

    from cnnviz.nn import checkpoint

    bare = tmp_path / "bare.npz"
    checkpoint.save(bare, window.state.local.spec, window.state.local.weights(), {})
    assert not other.comparison.compare_with_file(str(bare))
    assert other.state.kept.source == "run.npz"  # the comparison there is kept
    assert "no run history" in other.banner.label.text()


def test_gui_compare_with_a_bad_file_is_one_line_error(tmp_path, capsys):
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a zip")
    assert cli.main(["gui", "--compare", str(bad), "--screenshot", str(tmp_path / "x.png")]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("cnnviz: error:"), err

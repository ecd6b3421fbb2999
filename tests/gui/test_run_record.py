"""The app's record of a run is the run's, not the sidebar's (issue 31, item 7): a run trained at one
learning rate and saved after the sidebar was changed (without starting) is saved, reported and compared
as what it trained with."""

import pytest

from cnnviz.nn import checkpoint

X, Y = 0.01, 0.0005


def test_a_save_and_the_report_record_the_rate_the_run_trained_with(qtbot, make_window, tmp_path):
    window = make_window(steps=3, test_samples=500)  # its final evaluation (not checked) over 500 test images
    window.controls.set_values(optimizer="adam", schedule="constant", lr=X, epochs=0.5)
    window.start()
    qtbot.waitUntil(lambda: not window.session.active and window.state.run.result is not None, timeout=60_000)
    window.controls.set_values(lr=Y, epochs=2.0, optimizer="sgd")  # the next run's, not started

    path = tmp_path / "run.npz"
    assert window.checkpoints.save(str(path))
    meta = checkpoint.load(path).meta
    assert (meta["lr"], meta["epochs"], meta["optimizer"]) == (pytest.approx(X), 0.5, "adam")
    report = window.exports.report_settings()
    assert (report["learning rate"], report["epochs"], report["optimizer"]) == (pytest.approx(X), 0.5, "adam")
    # Weights no run trained (Reset): the sidebar's settings are the ones a save names.
    window.reset()
    assert window.checkpoints.save(str(path))
    assert checkpoint.load(path).meta["lr"] == pytest.approx(Y)

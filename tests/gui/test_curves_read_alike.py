"""The curves read alike wherever they are shown (issue 31): side by side, both plots number the same epoch
axis the same way; a loaded model's curves carry the marks (a learning rate changed mid-run) they had live."""

from __future__ import annotations

import pytest


def _epoch_ticks(plot) -> list[str]:
    axis = plot.getAxis("bottom")
    low, high = plot.getViewBox().viewRange()[0]
    return [
        label
        for spacing, values in axis.tickValues(low, high, axis.width())
        for label in axis.tickStrings(values, axis.autoSIPrefixScale, spacing)
    ]


@pytest.mark.parametrize("epochs", [0.3, 1.0])
def test_side_by_side_plots_number_their_epochs_alike(qtbot, epochs):
    """Each plot spaced its epoch numbers by its own width: "0, 0.2, 0.4 ... 1.0" under the loss beside
    "0, 0.5, 1.0" under the accuracy, or "0.05, 0.10" beside "0.1, 0.2", under the same axis."""
    from cnnviz.gui.panels.curves import CurvesPanel

    panel = CurvesPanel()
    qtbot.addWidget(panel)
    panel.show()
    panel.set_epochs(epochs)
    differ = []
    for width in (537, 574, 759, 796, 907, 1277):
        panel.resize(width, 200)
        qtbot.wait(1)
        assert panel.side_by_side, width
        loss, accuracy = _epoch_ticks(panel.loss_plot), _epoch_ticks(panel.acc_plot)
        assert loss, width
        if loss != accuracy:
            differ.append((width, loss, accuracy))
        labels = [plot.getAxis("bottom") for plot in (panel.loss_plot, panel.acc_plot)]
        assert [a.labelText for a in labels] == ["epoch", "epoch"] and labels[0].labelStyle == labels[1].labelStyle
    assert not differ, differ

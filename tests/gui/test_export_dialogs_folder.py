"""Export dialogs open in the user's documents folder (then where the last export went), not in the
working folder the app happened to be started in."""

import os
from pathlib import Path

from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QFileDialog


def test_export_dialogs_open_in_documents_then_where_the_last_export_went(qtbot, window, monkeypatch, tmp_path):
    offered = []

    def answer(_parent, _title, start, _filter):
        offered.append(start)
        return str(tmp_path / "out" / Path(start).name), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(answer))
    (tmp_path / "out").mkdir()
    window.exports.export_metrics_dialog()
    documents = QStandardPaths.writableLocation(QStandardPaths.DocumentsLocation) or str(Path.home())
    assert os.path.isabs(offered[0]) and Path(offered[0]) == Path(documents) / "cnnviz-metrics.csv"
    window.exports.export_timings_dialog()
    assert Path(offered[1]) == tmp_path / "out" / "cnnviz-timings.csv"

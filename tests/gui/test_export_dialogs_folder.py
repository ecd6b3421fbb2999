"""Export dialogs open in the user's documents folder (then where the last export went), not in the
working folder the app happened to be started in."""

import os
from pathlib import Path
from types import SimpleNamespace

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
    from cnnviz.gui.dialog_folders import documents_folder

    documents = documents_folder()  # (~/Documents, or the home folder where there is none)
    assert os.path.isabs(offered[0]) and Path(offered[0]) == Path(documents) / "cnnviz-metrics.csv"
    window.exports.export_timings_dialog()
    assert Path(offered[1]) == tmp_path / "out" / "cnnviz-timings.csv"


def test_every_file_dialog_opens_in_a_folder_that_exists_never_the_working_folder(qtbot, window, monkeypatch, tmp_path):
    """Real X, a fresh account (no ~/Documents): the HTML report's dialog opened in the folder the app was
    started from, and the time-lapse GIF, the fooling image, a lesson file and an image to classify always did
    (a bare file name or "" as their start). Each now opens in the documents folder, the home folder when there
    is none, then where it was last used while that folder exists."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setattr(Path, "home", classmethod(lambda cls: home))
    monkeypatch.setattr(QStandardPaths, "writableLocation", staticmethod(lambda _kind: str(home / "Documents")))
    offered = []

    def answer(_parent, _title, start="", _filter="", *rest):
        offered.append(start)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(answer))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(answer))
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(lambda *_a: offered.append(_a[2]) or ""))
    window.exports.export_report_dialog()
    window.panels.timelapse._gif_dialog()
    window.panels.timelapse._png_dialog()
    window.lessons.open_dialog()
    window.pad.open_image_dialog()
    window.panels.fool.result = {"result": SimpleNamespace(label=7, target=3)}  # (an attack's: what the name says)
    window.panels.fool.save_dialog()
    assert [Path(start) for start in offered] == [
        home / "cnnviz-report.html",
        home / "cnnviz-timelapse.gif",
        home,
        home,
        home,
        home / "fooled-7-as-3.png",
    ], "no ~/Documents: the home folder"
    (home / "Documents").mkdir()
    offered.clear()
    window.exports.export_report_dialog()
    window.lessons.open_dialog()
    assert [Path(start) for start in offered] == [home / "Documents" / "cnnviz-report.html", home / "Documents"]
    # A folder chosen, then deleted: the next dialog opens in the documents folder again.
    gone = tmp_path / "gone"
    gone.mkdir()
    window.lessons.open_folder.chose(str(gone / "lesson.json"))
    offered.clear()
    window.lessons.open_dialog()
    gone.rmdir()
    window.lessons.open_dialog()
    assert [Path(start) for start in offered] == [gone, home / "Documents"]
    # The time-lapse frames' folder chosen: the GIF's dialog opens there next.
    frames = tmp_path / "frames"
    frames.mkdir()
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(lambda *_a: str(frames)))
    monkeypatch.setattr(window.panels.timelapse, "export_pngs", lambda folder: True)
    window.panels.timelapse._png_dialog()
    offered.clear()
    window.panels.timelapse._gif_dialog()
    assert [Path(start) for start in offered] == [frames / "cnnviz-timelapse.gif"]

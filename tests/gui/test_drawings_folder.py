"""The class drawings folder is read off the GUI thread, and saving or deleting never reads it again."""

import threading

import numpy as np

from cnnviz.classroom.drawings import DrawingStore
from cnnviz.gui.panels.drawings import DrawingsPanel


def _digit(seed):
    image = np.zeros((28, 28), np.float32)
    image[4 + seed : 22, 12:16] = 1.0
    return image


def test_the_folder_is_read_in_the_background_and_a_save_meanwhile_is_kept(qtbot, tmp_path, monkeypatch):
    store = DrawingStore(tmp_path)
    for i in range(3):
        store.add(_digit(i), i)
    release = threading.Event()
    reads = []
    load_entries = store.load_entries

    def slow_read():  # a huge folder: the panel must not wait for it
        reads.append(1)
        release.wait(20)
        return load_entries()

    monkeypatch.setattr(store, "load_entries", slow_read)
    panel = DrawingsPanel(store)
    qtbot.addWidget(panel)
    assert panel.loading and "Reading" in panel.counts_label.text()  # the constructor returned while reading
    assert panel.save(_digit(4), None, 7)  # a student saves while the folder is being read
    assert panel.labels.tolist() == [7]
    release.set()
    qtbot.waitUntil(lambda: not panel.loading and len(panel.labels) == 4, timeout=20_000)
    assert len(reads) == 2, "the folder is read once more because it changed during the first read"
    assert sorted(panel.labels.tolist()) == [0, 1, 2, 7]
    assert [e.label for e in panel.entries] == panel.labels.tolist()


def test_saving_and_deleting_update_the_panel_without_reading_the_folder(qtbot, tmp_path, monkeypatch):
    store = DrawingStore(tmp_path)
    store.add(_digit(0), 1)
    panel = DrawingsPanel(store)
    qtbot.addWidget(panel)
    qtbot.waitUntil(lambda: not panel.loading and len(panel.labels) == 1, timeout=20_000)

    def no_folder_reads():
        raise AssertionError("the whole folder was read again")

    monkeypatch.setattr(store, "load_entries", no_folder_reads)
    panel.student_edit.setText("Grace")
    assert panel.save(_digit(1), None, 5)
    assert panel.labels.tolist() == [1, 5] and panel.entries[-1].student == "Grace"
    stored_images, stored_labels = DrawingStore(tmp_path).load()
    np.testing.assert_array_equal(panel.images, stored_images)  # as the next start will read them
    assert "2 drawings" in panel.counts_label.text()
    panel.draw()
    panel.gallery.setCurrentRow(0)  # the newest: the 5
    panel.delete_selected()
    assert panel.labels.tolist() == [1]
    assert [d.label for d in DrawingStore(tmp_path).drawings()] == [1]

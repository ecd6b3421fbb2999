"""The class canvas in the window: opened from the menu, its key or its button; a QR code big enough for the
back row at 1024x768 (presenter mode too); phones' drawings on the wall; A, H and R moderate; accepted
digits go into Class drawings; ending it and closing the window leave nothing listening."""

import http.client
import json
import socket

import numpy as np
from PySide6.QtCore import Qt
from test_fit import at_screen

from cnnviz.gui.panels import registry

THUMB_ROW_PX = 56 + 20
"""One row of the wall's thumbnails (56 px) and their captions' line."""
ONE = {"phone": "phone-one", "w": 300, "h": 300, "strokes": [[150, 30, 152, 150, 150, 270]], "label": 1}


def post(model, body):
    conn = http.client.HTTPConnection(model.host, model.port, timeout=10)
    conn.request(
        "POST",
        f"/c/{model.token}/drawings",
        body=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    response = conn.getresponse()
    status, data = response.status, json.loads(response.read())
    conn.close()
    return status, data


def refused(host, port) -> bool:
    try:
        socket.create_connection((host, port), timeout=2).close()
    except OSError:
        return True
    return False


def test_the_menu_entry_opens_it_on_this_computer_and_ending_it_stops_the_server(qtbot, window):
    cc = window.class_canvas
    assert not cc.model.is_open and not cc.column.isVisible()
    assert window.menus.class_canvas_action.text() == "Open class canvas"
    address = cc.open(host="127.0.0.1")
    assert address.startswith("http://127.0.0.1:") and cc.column.isVisible()
    assert window.menus.class_canvas_action.text() == "End class canvas"
    assert cc.panel.address_label.text() == address
    assert window.class_canvas_button.text() == "End class canvas"
    port = cc.model.port
    assert not refused("127.0.0.1", port)
    window.menus.class_canvas_action.trigger()  # the entry now ends it
    assert not cc.model.is_open and not cc.column.isVisible() and refused("127.0.0.1", port)


def _in_view(widget, column) -> bool:
    """Whether ``widget`` is wholly inside the column's viewport as it is scrolled now."""
    viewport = column.viewport()
    rect = widget.rect().translated(widget.mapTo(viewport, widget.rect().topLeft()))
    return widget.isVisible() and viewport.rect().contains(rect)


def _overlap(a, b) -> int:
    """The area two widgets' rectangles on the screen share."""
    ra = a.rect().translated(a.mapToGlobal(a.rect().topLeft()))
    rb = b.rect().translated(b.mapToGlobal(b.rect().topLeft()))
    shared = ra.intersected(rb)
    return max(0, shared.width()) * max(0, shared.height())


def test_it_fits_the_classroom_screens_beside_the_curves_normal_and_presenter(qtbot, window):
    """At 1024x768, 1280x720 and 1366x768, normal and presenter mode: the QR code at least 200 px square, the
    address whole on one line, the counts, A/H/R and a row of the wall in view without scrolling, and the column
    beside the curves and the feature maps, covering none of them, the window no wider than the screen."""
    from cnnviz.gui.devtools import fit

    window.set_full_screen = lambda on: None  # offscreen: no window manager
    cc = window.class_canvas
    for screen in ((1024, 768), (1280, 720), (1366, 768)):
        at_screen(window, qtbot, screen)
        cc.close()
        cc.open(host="127.0.0.1")
        qtbot.wait(100)
        for presenter in (False, True):
            window.set_presenter(presenter, full_screen=False)
            qtbot.wait(150)
            where = (screen, "presenter" if presenter else "normal")
            p, column = cc.panel, cc.column
            assert column.isVisible() and column.verticalScrollBar().value() == 0, where
            label, pixmap = p.qr_label, p.qr_label.pixmap()
            assert min(label.width(), label.height()) >= 200, where
            assert min(pixmap.width(), pixmap.height()) >= 200, where
            assert p.address_label.fontMetrics().horizontalAdvance(p.address_label.text()) <= p.address_label.width()
            for widget in (label, p.address_label, p.phones_label, p.queue_label, p.accept_button):
                assert _in_view(widget, column), (where, widget.text() if hasattr(widget, "text") else "the QR code")
            for widget in (p.hold_back_button, p.reject_button):
                assert _in_view(widget, column), (where, widget.text())
            wall = p.wall
            top = wall.mapTo(column.viewport(), wall.rect().topLeft()).y()
            assert column.viewport().height() - top >= THUMB_ROW_PX, (where, "a row of the wall in view")
            assert p.width() >= p.minimumSizeHint().width(), (where, "nothing of the panel is cut")
            assert window.width() <= screen[0], where
            for panel in (window.panels.curves, window.panels.feature_maps):
                assert panel.isVisible() and _overlap(panel, column) == 0, (where, panel.objectName())
            assert window.panels.curves.width() >= 500, (where, "the curves keep room to be read")
            if screen == (1024, 768):  # (the narrowest: the whole layout check once per mode)
                assert fit.problems(window) == [], where
            window.workspace.show_tab("classify")  # beside the tabs or a tab of its own: never hidden
            qtbot.wait(20)
            assert window.panels.classify.isVisible(), (where, "the drawing pad")
            window.workspace.show_tab(registry.TRAINING)
        window.set_presenter(False, full_screen=False)
    image = label.pixmap().toImage()
    dark = sum(
        1
        for x in range(0, image.width(), 4)
        for y in range(0, image.height(), 4)
        if image.pixelColor(x, y).lightness() < 128
    )
    assert dark > 50  # a code, not a blank square
    cc.close()
    qtbot.wait(50)
    # Ended: the sidebar is back where the column had sent it away.
    assert not cc.column.isVisible() and window.workspace.sidebar.isVisible()


def test_drawings_wait_on_the_wall_and_the_keys_moderate_them(qtbot, window):
    cc = window.class_canvas
    cc.open(host="127.0.0.1")
    for n in range(3):
        assert post(cc.model, {**ONE, "phone": f"phone-{n}xx", "pseudonym": f"seat {n}"})[0] == 202
    qtbot.waitUntil(lambda: cc.panel.wall.count() == 3, timeout=5000)  # woken by the server's thread
    assert cc.panel.phones_label.text() == "3 phones so far"
    assert window.panels.drawings.labels.size == 0
    assert cc.model.accepted == []  # nothing without the teacher
    cc.panel.wall.setCurrentRow(0)
    qtbot.keyClick(window, Qt.Key_A)
    assert len(cc.model.accepted) == 1 and cc.panel.wall.count() == 2
    assert window.panels.drawings.labels.tolist() == [1]  # into Class drawings, like the teacher's own
    assert window.panels.drawings.entries[-1].student == "seat 0"
    qtbot.keyClick(window, Qt.Key_H)
    assert len(cc.model.held_back) == 1 and window.panels.drawings.labels.tolist() == [1]  # never trained on
    qtbot.keyClick(window, Qt.Key_R)
    assert cc.panel.wall.count() == 0 and cc.model.queue == []
    assert "Our test set: " in cc.panel.test_label.text() and "of 1 right" in cc.panel.test_label.text()
    assert cc.answers.refresh() >= 2
    answer = cc.model.answers_for("phone-0xx")[0]["answer"]
    assert len(answer["probabilities"]) == 10 and abs(sum(answer["probabilities"]) - 1) < 1e-3
    window.state.local.set_spec("tiny", seed=5)  # other weights: the answers follow them
    assert cc.answers.refresh() >= 2 and cc.answers.refresh() == 0  # and only when something changed
    cc.close()


def test_reject_everything_from_a_phone(qtbot, window):
    cc = window.class_canvas
    cc.open(host="127.0.0.1")
    cc.model.set_task("digit", 7)
    for phone in ("troll-phone", "troll-phone", "good-phone"):
        cc.model.receive(phone, "10.0.0.9" if phone.startswith("troll") else "10.0.0.2", np.eye(28), None)
    cc.collect()
    assert cc.panel.wall.count() == 3
    cc.panel.wall.setCurrentRow(0)
    assert cc.reject_phone_selected() == 2
    assert [s.phone for s in cc.model.queue] == ["good-phone"]
    status, answer = post(cc.model, {**ONE, "phone": "troll-phone"})
    assert status == 403  # the phone itself is blocked (its address was another)
    cc.close()


def test_closing_the_window_stops_the_server(qtbot, make_window):
    window = make_window()
    window.class_canvas.open(host="127.0.0.1")
    port = window.class_canvas.model.port
    window.shutdown()
    assert refused("127.0.0.1", port) and not window.class_canvas.model.is_open


def test_no_network_is_said_plainly(qtbot, window, monkeypatch):
    from cnnviz.gui import class_canvas

    monkeypatch.setattr(class_canvas, "network_interfaces", lambda: [])
    address = window.class_canvas.open()
    assert address.startswith("http://127.0.0.1:")
    note = window.class_canvas.panel.network_note
    assert note.isVisibleTo(window.class_canvas.panel) and "No network found" in note.text()
    window.class_canvas.close()


def test_the_command_line_opens_it_and_prints_the_address(tmp_path):
    """``cnnviz gui --class-canvas 127.0.0.1``: one line with the address once it listens; SIGTERM ends it all."""
    import os
    import signal
    import subprocess
    import sys
    import urllib.request
    from pathlib import Path

    repo = Path(__file__).resolve().parents[2]
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        PYTHONPATH=str(repo),
        XDG_DATA_HOME=str(tmp_path / "data"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        XDG_CACHE_HOME=str(tmp_path / "cache"),
        HOME=str(tmp_path),
    )
    process = subprocess.Popen(
        [sys.executable, "-m", "cnnviz", "gui", "--backend", "numpy", "--class-canvas", "127.0.0.1"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = process.stdout.readline().strip()
        assert line.startswith("class canvas: http://127.0.0.1:"), (line, process.stderr.read() if not line else "")
        address = line.split(": ", 1)[1]
        with urllib.request.urlopen(address, timeout=10) as page:
            assert page.status == 200 and b"page.js" in page.read()
        port = int(address.split(":")[2].split("/")[0])
        process.send_signal(signal.SIGTERM if sys.platform != "win32" else signal.CTRL_BREAK_EVENT)
        process.wait(60)
        assert refused("127.0.0.1", port)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_the_command_line_refuses_a_name_or_every_interface(capsys):
    from cnnviz import cli

    assert cli.main(["gui", "--class-canvas", "teacher.local:8123"]) == 2
    assert "numeric" in capsys.readouterr().err
    assert cli.main(["gui", "--class-canvas", "0.0.0.0"]) == 2
    assert "one" in capsys.readouterr().err
    assert cli.main(["gui", "--phones", "3"]) == 2
    assert "--phones goes with --latency-report" in capsys.readouterr().err


def test_the_latency_report_adds_simulated_phones(qapp, capsys):
    from cnnviz.gui.devtools.unattended import latency_report

    assert latency_report("tiny", "numpy", "mnist", None, 2.0, rounds=1, phones=4) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["phones"] == 4 and report["phones_sent"] >= 3, report
    assert report["phones_queued"] == report["phones_sent"], "every drawing sent reached the teacher's wall"
    assert 0 < report["phone_send_to_queue_ms_p50"] <= report["phone_send_to_queue_ms_p95"] < 5000
    assert report["ui_ticks"] > 0
    assert report["phones_errors"] == sum(report["phones_errors_by_kind"].values())


def test_the_teacher_names_the_class_classes_and_a_new_net_learns_them(qtbot, window, tmp_path):
    from cnnviz.classroom.synthetic import hand_drawn_shapes

    cc, p = window.class_canvas, window.class_canvas.panel
    cc.open(host="127.0.0.1")
    p.classes_toggle.click()
    assert p.classes_box.isVisible() and not p.train_classes_button.isVisible()
    for name in ("circle", " triangle ", "circle", ""):
        p.class_name_edit.setText(name)
        p.add_class_button.click()
    assert cc.names == ["circle", "triangle"] and cc.model.classes == ("circle", "triangle")
    assert "named already" not in p.classes_note.text()  # (the empty one came last)
    qtbot.keyClicks(p.class_name_edit, "star")  # (typed: A is the accept key everywhere else)
    p.class_name_edit.editingFinished.emit()  # Enter, or leaving the field (offscreen, the dock has no focus)
    assert [p.class_list.item(i).text() for i in range(p.class_list.count())] == ["circle", "triangle", "star"]
    assert cc.model.task.kind == "class" and p.task_box.currentData() == ("class", None)
    assert p.train_classes_button.isVisible()
    # Too few drawings: said in the banner, nothing launched.
    images, labels = hand_drawn_shapes(12, seed=3)
    cc.model.receive("phone-a1", "127.0.0.1", images[0], int(labels[0]))
    cc.collect()
    cc.accept_selected()
    assert not cc.train_classes() and not window.session.active
    assert "at least 2 drawings of each class" in window.banner.label.text()
    # A class after a drawing's label stays; one named last without drawings goes.
    p.class_list.setCurrentRow(0)
    assert not cc.remove_selected_class() and cc.model.classes == ("circle", "triangle", "star")
    for image, label in zip(images[1:], labels[1:]):
        cc.model.receive("phone-b2", "127.0.0.1", image, int(label))
    cc.collect()
    for sub in list(cc.model.queue):
        cc.model.accept(sub.id, hold_back=sub.id % 4 == 0)
    # The digits' net has no score on our classes' drawings (it would compare digits with their labels).
    assert "does not know our classes yet" in p.test_label.text()
    assert p.train_classes_button.isEnabled()
    p.train_classes_button.click()
    assert window.session.active and window.state.run.class_names == ("circle", "triangle", "star")
    assert window.state.run.config.net.endswith("dense-3")
    assert window.controls.class_outputs == 3, "the sidebar shows the run's network (what Reset rebuilds)"
    qtbot.waitUntil(
        lambda: window.state.local.spec is not None and window.state.local.spec.endswith("dense-3"), timeout=20000
    )
    assert window.panels.classify.class_names == ["circle", "triangle", "star"]
    assert cc.answers.refresh(force=True) == 12
    assert " right · MNIST: –" in p.test_label.text(), "a class run is not evaluated on MNIST"
    answers = [a["answer"] for a in cc.model.answers_for("phone-b2")]
    assert answers and all(len(a["probabilities"]) == 3 for a in answers)
    window.runs.stop_run(wait=True)
    # Saved, the net names its classes; read back, the Draw panel names them too.
    from cnnviz.gui.checkpoint_reading import read_checkpoint
    from cnnviz.nn import checkpoint

    path = tmp_path / "shapes.npz"
    assert window.checkpoints.save(str(path))
    assert checkpoint.class_names(checkpoint.load(path)) == ["circle", "triangle", "star"]
    loaded = read_checkpoint(path)
    assert loaded.class_names == ("circle", "triangle", "star")
    job = window.checkpoints.load(str(path))  # File > Load: the sidebar shows the net of three outputs
    qtbot.waitUntil(lambda: not job.running, timeout=30000)
    assert "Could not load" not in window.banner.label.text()
    assert window.state.local.spec.endswith("dense-3")
    assert window.panels.classify.class_names == ["circle", "triangle", "star"]
    assert window.state.run.class_names == ("circle", "triangle", "star")
    # Start on those weights: they go on learning from the class canvas's drawings of their classes (the same data
    # set a new class net learns from), not the data set loaded, whose ten digits they do not know.
    window.runs.start()
    assert window.session.active, window.banner.label.text()
    run = window.state.run
    assert run.class_names == ("circle", "triangle", "star") and run.config.net.endswith("dense-3")
    assert run.label == "Learning our 3 classes further"
    assert window.panels.classify.class_names == ["circle", "triangle", "star"]
    window.runs.stop_run(wait=True)
    # The drawings are saved only when the teacher asks, with the classes' names.
    from cnnviz.classroom.drawings import DrawingStore

    assert p.save_classes_button.isVisible() and cc.save_drawings(str(tmp_path / "ours"))
    assert DrawingStore(tmp_path / "ours").class_names() == ["circle", "triangle", "star"]
    assert "Saved 12 drawings" in window.banner.label.text()
    cc.close()


def test_why_map_and_mistakes_name_the_class_classes(qtbot, window, tmp_path):
    """A net of the class's own classes: Mistakes' matrix is one row and column per class, named; the Map colours
    and names the class's test drawings (not MNIST's digits); Why? names the class it says and offers the classes'
    evidence. A loaded one without its drawings maps nothing and says why, its matrix still sized by its classes."""
    from cnnviz.app import class_training
    from cnnviz.classroom.synthetic import hand_drawn_shapes

    names = ("circle", "triangle", "star")
    cc = window.class_canvas
    cc.model.set_classes(names)
    images, labels = hand_drawn_shapes(15, seed=4)
    for image, label in zip(images, labels):
        cc.model.receive("phone-c3", "127.0.0.1", image, int(label))
    cc.collect()
    for sub in list(cc.model.queue):
        cc.model.accept(sub.id, hold_back=sub.id % 5 == 0)  # (one of each class: the labels go round)
    dataset = class_training.class_dataset(cc.model, seed=0, total=320)
    settings = {**class_training.run_settings(cc.model), "epochs": 1.0, "eval_every": 5}
    assert window.runs.launch(dataset=dataset, initial_weights=class_training.fresh_weights(3), config_changes=settings)
    qtbot.waitUntil(lambda: not window.session.active, timeout=60000)
    qtbot.waitUntil(lambda: window.state.run.last_eval is not None, timeout=5000)
    mistakes = window.panels.mistakes
    window.show_tab("mistakes")
    qtbot.waitUntil(lambda: mistakes.matrix is not None, timeout=10000)
    assert mistakes.matrix.shape == (3, 3) and mistakes.short_names() == list(names)
    ticks = [text for _at, text in mistakes.plot.getAxis("bottom")._tickLevels[0]]
    assert ticks == list(names)
    why = window.panels.why
    assert [why.class_combo.itemText(i) for i in range(1, why.class_combo.count())] == list(names)
    window.show_tab("why")
    why.request(force=True)
    qtbot.waitUntil(lambda: why.result is not None or "Could not" in why.source_label.text(), timeout=20000)
    said = why.source_label.text()
    assert why.result is not None, said
    assert any(f"says <b>{name}</b>" in said for name in names), said
    map_panel = window.panels.map
    window.show_tab("map")
    qtbot.waitUntil(lambda: map_panel.shown is not None, timeout=30000)
    assert len(map_panel.shown.labels) == len(dataset.test_labels)  # the drawings held back, not MNIST's images
    assert {label.textItem.toPlainText() for label in map_panel.centre_labels} <= set(names)
    assert sum(len(dots.data) for dots in map_panel.dots[3:]) == 0, "no dots of digits 3-9"
    # Loaded without its drawings: the Map says why it maps nothing; Mistakes stays three by three.
    path = tmp_path / "shapes.npz"
    assert window.checkpoints.save(str(path))
    from cnnviz.gui.checkpoint_reading import read_checkpoint

    window.runs.show_loaded(read_checkpoint(path))
    assert mistakes.class_names == list(names) and mistakes.test_images is None
    qtbot.waitUntil(lambda: "the map needs drawings of them" in map_panel.source_label.text(), timeout=5000)
    assert map_panel.shown is None


def test_a_burst_of_drawings_reaches_the_wall_in_a_few_updates_not_one_each(qtbot, qapp, window, monkeypatch):
    """40 phones send ~20 drawings a second: the wall takes them a few times a second, adds each thumbnail once
    (never rebuilt), and the answers' classification leaves the window's thread."""
    import threading
    import types

    from cnnviz.gui import class_canvas, class_canvas_answers

    clock = [100.0]  # the window's clock stands still while the burst arrives: the test does not hang on the load
    monkeypatch.setattr(class_canvas, "time", types.SimpleNamespace(monotonic=lambda: clock[0]))
    cc = window.class_canvas
    cc.open(host="127.0.0.1")
    updates, inserted = [], []
    cc.model.events.queue.connect(lambda queue: updates.append(len(queue)))
    cc.panel.wall.model().rowsInserted.connect(lambda _parent, first, last: inserted.append(last - first + 1))
    cc.model.receive("phone-a1", "10.0.0.1", np.eye(28), 1)
    qapp.processEvents()  # the first after a quiet spell: at once
    assert updates == [1] and cc.panel.wall.count() == 1
    clock[0] += 0.01
    for n in range(20):
        cc.model.receive(f"phone-b{n:02d}", "10.0.0.2", np.eye(28), 2)
        qapp.processEvents()
    assert updates == [1], "the burst waits for the quarter second's end"
    qtbot.waitUntil(lambda: cc.panel.wall.count() == 21, timeout=3000)
    assert updates == [1, 21], "the burst onto the wall at once, not one update per drawing"
    assert sum(inserted) == 21, "each thumbnail added once, none rebuilt"
    cc.reject_selected()
    assert sum(inserted) == 21 and cc.panel.wall.count() == 20

    threads = []

    def classify(*args):
        threads.append(threading.current_thread())
        return real(*args)

    real = class_canvas_answers._classify
    monkeypatch.setattr(class_canvas_answers, "_classify", classify)
    assert cc.answers.refresh_in_background()
    assert not cc.answers.refresh_in_background(), "one job at a time"
    qtbot.waitUntil(lambda: cc.answers.job is None, timeout=5000)
    assert threads and threads[0] is not threading.main_thread()
    answers = cc.model.answers_for("phone-b05")
    assert answers and len(answers[0]["answer"]["probabilities"]) == 10
    assert not cc.answers.refresh_in_background(), "nothing changed: nothing to answer"
    cc.close()


def test_enter_adds_a_class_and_the_next_name_is_typed_into_the_same_field(qtbot, window):
    """Lesson 8 on real X: "type circle, Enter, then triangle and star" added circle only: Enter gave the keys
    back to the window, so "triangle" went to the shortcuts (N: the lesson's next step) and "star" trained a
    step (S). Enter adds the name and the field keeps the focus; Escape still leaves it."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    cc, p = window.class_canvas, window.class_canvas.panel
    cc.open(host="127.0.0.1")
    p.classes_toggle.click()
    window.activateWindow()
    p.class_name_edit.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is p.class_name_edit, timeout=5000)
    for name in ("circle", "triangle", "star"):
        qtbot.keyClicks(p.class_name_edit, name)
        qtbot.keyClick(p.class_name_edit, Qt.Key_Return)
        assert QApplication.focusWidget() is p.class_name_edit, f"Enter after {name!r} left the field"
    assert cc.names == ["circle", "triangle", "star"] and p.class_name_edit.text() == ""
    qtbot.keyClick(p.class_name_edit, Qt.Key_Escape)
    assert QApplication.focusWidget() is not p.class_name_edit

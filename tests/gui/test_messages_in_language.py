"""What a German window shows of the text made below the GUI: the trainer's divergence, the backends'
descriptions, the filters' progress and the HTML report (issue 23, "Still English" made short)."""

import numpy as np
import pytest

from cnnviz.backends import registry
from cnnviz.gui import accessibility, language
from cnnviz.gui.worker import EventBatch
from cnnviz.train import events as ev
from cnnviz.translatable import N_, Phrase


@pytest.fixture
def german(qapp):
    assert language.install(qapp, "de") is None
    yield
    language.install(qapp, language.ENGLISH)


def test_a_german_window_tells_the_divergence_in_german(german, window):
    accessibility.recent_announcements.clear()
    cause = Phrase(N_("the loss became {loss} at step {step}"), loss=float("nan"), step=61)  # as the trainer says it
    advice = Phrase(N_("Lower the learning rate (now {lr:g}) and resume."), lr=0.5)
    window.session.batchReady.emit(EventBatch(others=[ev.Diverged(61, 0.6, float("nan"), 50, cause, advice)]))
    banner = window.banner.label.text()
    assert banner == (
        "Das Training ist divergiert: der Verlust wurde bei Schritt 61 zu nan. Die Gewichte von Schritt 50 "
        "wurden wiederhergestellt (die Schrittzählung geht bei 61 weiter), das Training ist pausiert. Senke die "
        "Lernrate (jetzt 0,5) und setze das Training fort."
    )
    assert list(accessibility.recent_announcements)[-1] == banner


def test_a_german_window_describes_the_backend_in_german(german, window):
    controls = window.controls
    controls.select_backend("numpy")
    controls._describe_backend(controls.backend_combo.currentIndex())
    assert controls.backend_note.text() == "NumPy-Referenz (CPU)"
    assert "Referenz (im2col + BLAS-Matrixprodukte)" in controls.backend_note.toolTip()
    item = controls.backend_combo.model().item(controls.backend_combo.findData("numpy"))
    assert f"NumPy {np.__version__}, Referenz" in item.toolTip()
    assert registry.info("numpy").detail.startswith("NumPy ")  # the CLI's is English


def test_a_german_window_shows_the_filters_progress_in_german(german, qtbot, make_window):
    window = make_window(steps=15, eval_every=15)
    window.start()
    qtbot.waitUntil(lambda: not window.session.active and window.state.run.result is not None, timeout=60_000)
    panel = window.panels.filters
    window.show_tab("filters")
    qtbot.waitUntil(lambda: panel.progress is not None, timeout=60_000)
    seen = {panel.status_label.text()}
    panel.poll.timeout.connect(lambda: seen.add(panel.status_label.text()))
    qtbot.waitUntil(lambda: panel.result is not None and not panel.busy, timeout=60_000)
    assert any(text.startswith("Blick in ") for text in seen), seen
    assert panel.status_label.text().startswith("<b>Die ")


def test_a_report_exported_from_a_german_window_is_german(german, qtbot, make_window, tmp_path):
    window = make_window(steps=30, eval_every=15)
    window.start()
    qtbot.waitUntil(lambda: not window.session.active and window.state.run.result is not None, timeout=60_000)
    path = tmp_path / "bericht.html"
    assert window.exports.export_html_report(str(path))
    html = path.read_text(encoding="utf-8")
    assert '<html lang="de">' in html and "<h1>cnnviz-Trainingsbericht</h1>" in html
    for german_text in (
        "<h2>Zusammenfassung</h2>",
        "<h2>Einstellungen</h2>",
        "<h2>Lernkurven</h2>",
        "Konfusionsmatrix",
        "Testgenauigkeit am Ende",
        "Lernrate",
        "Trainingsschritt",
    ):
        assert german_text in html, german_text
    for english in ("<h2>Summary</h2>", "Final test accuracy", "learning rate", "training step"):
        assert english not in html, english
    assert window.banner.label.text().startswith("Bericht in ")


def test_the_class_drawings_and_the_time_lapse_speak_german(german, qtbot, window, tmp_path):
    drawings = window.panels.drawings
    qtbot.waitUntil(lambda: not drawings.loading, timeout=30_000)
    drawings._changed()
    assert drawings.counts_label.text().replace("\xa0", " ").startswith("0 Zeichnungen · 0: 0 · 1: 0")
    said = []
    window.panels.timelapse.message.connect(lambda text, kind: said.append(text))
    assert not window.panels.timelapse.export_gif(str(tmp_path / "nothing-yet.gif"))  # no frames: refused
    assert said and said[-1].startswith("Das GIF konnte nicht exportiert werden: ")

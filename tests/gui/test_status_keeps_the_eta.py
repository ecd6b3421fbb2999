"""German at 1024x768: where the status bar has no room for every field, the time left (what a teacher watches)
stays; the backend's name (the sidebar says it too) and the speed step aside first (N6: the ETA went first)."""

from PySide6.QtWidgets import QMainWindow

from cnnviz.gui.router import time_left
from cnnviz.gui.status import StatusFields

TRAINING = dict(
    state="running",
    epoch="epoch 1.25",
    step="step 12000",
    rate="1,234 images/s",
    backend="backend numba",
    eta=time_left(23 * 60 + 36),
    test="test accuracy 97.3%",
)


def shown(fields):
    return [key for key, label in fields.labels.items() if not label.isHidden()]


def test_the_time_left_stays_while_fields_step_aside(qtbot, in_language):
    in_language("de")
    window = QMainWindow()
    qtbot.addWidget(window)
    window.resize(1024, 200)
    window.show()
    fields = StatusFields(window.statusBar())
    fields.show(**TRAINING)
    qtbot.waitUntil(lambda: window.statusBar().width() > 0)
    every = sum(label.sizeHint().width() for label in fields.labels.values())
    # Narrower than all the fields (German at 1024x768 with a message, presenter mode's type): some step aside.
    for width in (every - 40, every - 200, 620):
        window.statusBar().setFixedWidth(width)
        fields.make_room()
        assert "eta" in shown(fields) and "test" in shown(fields), (width, shown(fields))
        assert len(shown(fields)) < len(fields.labels)
        assert fields.labels["eta"].text() == "Rest 23 Min. 36 s"
    window.statusBar().setFixedWidth(every - 40)
    fields.make_room()
    assert "backend" not in shown(fields), "the least useful field goes first"
    # A message ("Automatisch gespeichert…") takes the room of the other fields, not the time left's.
    window.statusBar().setFixedWidth(1024)
    fields.make_room("Das Modell wurde automatisch gespeichert (Schritt 12.000)")
    assert "eta" in shown(fields) and "test" in shown(fields), shown(fields)

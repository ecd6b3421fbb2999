"""Screen readers: every control and picture has a name, the prediction is described and milestones
are announced; and the keyboard focus is visible."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QImage
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSlider,
    QAbstractSpinBox,
    QComboBox,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollBar,
    QTabBar,
    QVBoxLayout,
    QWidget,
)

from cnnviz.gui import accessibility, focus_rings, presenter
from cnnviz.gui.canvas import DrawingCanvas
from cnnviz.gui.worker import EventBatch
from cnnviz.train import events as ev

INTERACTIVE = (
    QAbstractButton,
    QComboBox,
    QAbstractSpinBox,
    QLineEdit,
    QAbstractSlider,
    QTabBar,
    QAbstractItemView,
    DrawingCanvas,
    QGraphicsView,
)


def spoken_name(widget: QWidget) -> str:
    """What a screen reader says: the accessible name; for a button, what Qt derives from its text."""
    if widget.accessibleName():
        return widget.accessibleName()
    if isinstance(widget, QAbstractButton):
        return QAccessible.queryAccessibleInterface(widget).text(QAccessible.Name)
    return ""


def nameless(window) -> list[str]:
    out = []
    for widget in window.findChildren(QWidget):
        if widget.window() is not window or not isinstance(widget, INTERACTIVE) or isinstance(widget, QScrollBar):
            continue
        if isinstance(widget, QLineEdit) and isinstance(widget.parentWidget(), (QAbstractSpinBox, QComboBox)):
            continue  # the text part of a spin box: read out as the spin box
        name = spoken_name(widget)
        if not any(ch.isalnum() for ch in name):  # none, or a symbol only ("◀", "✕")
            out.append(f"{type(widget).__name__} in {type(widget.parentWidget()).__name__} ({name!r})")
    return out


def test_every_interactive_widget_and_picture_has_a_name(window):
    assert nameless(window) == []
    assert len([w for w in window.findChildren(QWidget) if isinstance(w, INTERACTIVE)]) > 40  # really walked
    names = {w.accessibleName() for w in window.findChildren(QWidget)}
    assert {"Drawing canvas", "Training curves", "Confusion matrix", "Views", "Previous test image"} <= names
    # Presenter mode hides and re-arranges widgets: still all named.
    window.set_presenter(True, full_screen=False)
    assert nameless(window) == []


def test_the_walk_fails_on_a_nameless_control(window):
    combo = QComboBox()
    combo.addItem("numpy")  # Qt itself would only say the current value
    window.panels.kernels.body.addWidget(combo)
    assert any(text.startswith("QComboBox") for text in nameless(window))


def test_unnamed_controls_get_the_label_beside_them_or_their_tooltip(qtbot):
    root = QWidget()
    qtbot.addWidget(root)
    layout = QHBoxLayout(root)
    spin = QComboBox()
    back = QPushButton("◀")
    back.setToolTip("The previous step: back to where you were")
    layout.addWidget(QLabel("Optimizer"))
    layout.addWidget(spin)
    layout.addWidget(back)
    assert accessibility.name_unnamed(root) == 2
    assert spin.accessibleName() == "Optimizer"
    assert back.accessibleName() == "The previous step"
    assert back.accessibleDescription() == "The previous step: back to where you were"
    assert accessibility.name_unnamed(root) == 0  # named ones keep their name


def test_the_prediction_is_described_and_announced(qtbot, window):
    classify = window.panels.classify
    assert classify.accessibleDescription() == "no prediction: draw a digit"
    accessibility.recent_announcements.clear()
    classify.canvas.draw_strokes([[(0.5, 0.15), (0.5, 0.85)]])
    qtbot.waitUntil(lambda: classify.digit_label.text() != "–", timeout=5000)
    best = int(np.argmax(classify.probabilities))
    expected = f"predicted {classify.class_names[best]}, {100 * classify.probabilities[best]:.0f}% sure"
    assert classify.accessibleDescription() == expected
    assert classify.canvas.accessibleDescription() == expected
    assert classify.digit_label.accessibleDescription() == expected
    assert expected in accessibility.recent_announcements
    # The same answer again is not spoken twice; clearing is described.
    count = len(accessibility.recent_announcements)
    classify.show_probabilities(classify.probabilities)
    assert len(accessibility.recent_announcements) == count
    classify.canvas.clear()
    qtbot.waitUntil(lambda: classify.digit_label.text() == "–", timeout=5000)
    assert classify.accessibleDescription() == "no prediction: draw a digit"


def test_prediction_wording():
    assert accessibility.prediction_text("3", 0.973) == "predicted 3, 97% sure"


def test_training_milestones_are_announced(window):
    accessibility.recent_announcements.clear()
    n = 20
    labels = np.arange(n) % 10
    evaluation = ev.EvaluationFinished(
        step=50,
        epoch=0.5,
        test_loss=0.4,
        test_accuracy=0.875,
        samples=n,
        labels=labels,
        predictions=labels,
        confidences=np.ones(n),
    )
    diverged = ev.Diverged(
        step=60,
        epoch=0.6,
        loss=float("nan"),
        restored_step=50,
        cause="the loss became nan",
        advice="Lower the learning rate.",
    )
    finished = ev.RunFinished(
        steps=70,
        epoch=0.7,
        seconds=1.0,
        train_seconds=1.0,
        train_images_per_s=1.0,
        test_accuracy=0.9,
        test_loss=0.3,
        backend="numpy",
        stopped=False,
    )
    for event in (
        ev.StateChanged("running", 1),
        ev.StateChanged("paused", 10),
        ev.StateChanged("running", 11),
        evaluation,
        diverged,
        finished,
    ):
        window.session.batchReady.emit(EventBatch(others=[event]))
    said = list(accessibility.recent_announcements)
    assert said[0] == "Training paused"  # "running" at the start is not news: RunStarted says it
    assert said[1] == "Training resumed"
    assert said[2] == "Test accuracy 87.5% at step 50"
    assert said[3].startswith("Training diverged: the loss became nan")
    assert said[4] == "Training finished, test accuracy 90.0%"


def test_a_real_run_is_announced(qtbot, window):
    accessibility.recent_announcements.clear()
    window.start()
    qtbot.waitUntil(
        lambda: any(s.startswith("Test accuracy") for s in accessibility.recent_announcements), timeout=60000
    )
    assert accessibility.recent_announcements[0] == "Training started on numpy"
    window.toggle_pause()
    qtbot.waitUntil(lambda: "Training paused" in accessibility.recent_announcements, timeout=30000)
    window.stop_run(wait=True)


def test_run_started_and_stopped_wording():
    started = ev.RunStarted(
        net="tiny",
        spec="conv5-8",
        backend="numba",
        backend_description="Numba (CPU)",
        parameter_count=10,
        layers=("conv1",),
        layer_shapes=((8, 24, 24),),
        steps_per_epoch=10,
        total_steps=10,
        dataset="mnist",
        train_size=100,
        test_size=10,
    )
    assert accessibility.milestone(started) == ("Training started on numba", False)
    stopped = ev.RunFinished(
        steps=5,
        epoch=0.5,
        seconds=1.0,
        train_seconds=1.0,
        train_images_per_s=1.0,
        test_accuracy=None,
        test_loss=None,
        backend="numpy",
        stopped=True,
    )
    assert accessibility.milestone(stopped) == ("Training stopped", False)
    assert accessibility.milestone(ev.TrainerError("boom")) is None


def test_announcing_never_fails():
    # With Qt 6.8+ an announcement event is sent (nobody listens here); older Qt: recorded only.
    widget = QLabel("x")
    assert accessibility.announce(widget, "hello") is accessibility.ANNOUNCEMENT_SUPPORTED
    assert accessibility.announce(None, "nobody") is False
    assert list(accessibility.recent_announcements)[-2:] == ["hello", "nobody"]


# --- focus --------------------------------------------------------------------------------------------
def pixels(widget: QWidget) -> np.ndarray:
    image = widget.grab().toImage().convertToFormat(QImage.Format_RGB32)
    array = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), image.bytesPerLine() // 4, 4)
    return array[:, : image.width(), :3].astype(int)


@pytest.mark.parametrize("presenter_mode", [False, True])
def test_the_keyboard_focus_is_visible(qtbot, presenter_mode):
    from PySide6.QtWidgets import QApplication

    from cnnviz.gui import theme

    theme.apply(QApplication.instance())
    focus_rings.install_focus_rings(QApplication.instance())
    root = QWidget()
    qtbot.addWidget(root)
    root.setStyleSheet(presenter.STYLE_SHEET if presenter_mode else "")
    layout = QVBoxLayout(root)
    button, primary, combo, other = QPushButton("Start"), QPushButton("Go"), QComboBox(), QPushButton("Other")
    primary.setObjectName("primary")
    combo.addItems(["adam", "sgd"])
    for widget in (button, primary, combo, other):
        layout.addWidget(widget)
    root.show()
    qtbot.waitExposed(root)
    for widget in (button, primary, combo):
        other.setFocus(Qt.TabFocusReason)
        qtbot.waitUntil(other.hasFocus)
        before = pixels(widget)
        widget.setFocus(Qt.TabFocusReason)
        qtbot.waitUntil(widget.hasFocus)
        after = pixels(widget)
        changed = np.abs(after - before).sum(axis=2) > 60
        band = np.ones_like(changed)
        band[4:-4, 4:-4] = False  # the outermost 4 pixels all round
        # A ring all round: most of the edge band changes clearly (Qt's own look with the app's style
        # sheet changes not one pixel of a button or a combo box).
        assert changed[band].mean() > 0.4, (type(widget).__name__, changed[band].mean())
        other.setFocus(Qt.TabFocusReason)
        qtbot.waitUntil(lambda: other.hasFocus())
        assert np.array_equal(pixels(widget), before)  # and it goes away with the focus


def test_naming_from_the_label_beside_leaves_no_layout_item_wrapper_behind(qtbot):
    # QLayout.itemAt's wrapper lives as long as its layout; once Qt deletes the item (the widget moved or
    # deleted), that wrapper stays registered at the freed address (issue 33). The label is found without it.
    import gc

    from PySide6.QtWidgets import QHBoxLayout, QLabel, QLayoutItem, QSpinBox, QWidget

    from cnnviz.gui import accessibility

    def is_item_wrapper(o) -> bool:
        try:
            return isinstance(o, QLayoutItem) and not isinstance(o, QHBoxLayout)
        except ReferenceError:  # a weak proxy (another test's) whose object is gone: not an item wrapper
            return False

    def item_wrappers():
        gc.collect()
        return sum(is_item_wrapper(o) for o in gc.get_objects())

    row = QWidget()
    qtbot.addWidget(row)
    layout = QHBoxLayout(row)
    spin = QSpinBox()
    layout.addWidget(QLabel("Epochs:"))
    layout.addWidget(spin)
    before = item_wrappers()
    assert accessibility.derived_name(spin) == "Epochs"
    assert item_wrappers() == before

"""The control sidebar: data, network, backend, optimiser, run buttons."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QVBoxLayout, QWidget

from ...backends import registry
from ...backends.base import BackendUnavailable
from ...data.datasets import DATASET_NAMES, FASHION_MNIST_DIR, DatasetError, find_idx_files
from ...nn.layers import SpecError
from ...nn.model import PRESETS, Sequential, preset_name
from ...nn.optim import OPTIMIZERS, SCHEDULES
from ...translatable import N_, in_language
from .. import theme
from ..language import grouped, tr
from ..status import plain_tooltip
from . import presenter_toolbar, sidebar_groups
from .sidebar_groups import CUSTOM, lr_from_slider, slider_from_lr

LEAST_PX, MOST_PX = 220, 340
"""The sidebar's least and greatest width at 100 %, times the zoom (:meth:`ControlsPanel.fit_zoom`)."""
OPEN_DATASET_FOLDER = N_("Open a dataset folder…")
"""The data set menu's last entry: any folder with the four MNIST-format IDX files, on any OS."""


def offered_datasets(current: str = "mnist", folder_chosen: bool = False) -> list[str]:
    """The data sets the menu offers: those that can load here. Bundled MNIST always; Fashion-MNIST
    where its files are installed (Debian's dataset-fashion-mnist), with a data folder (its images
    named as clothes), or when asked for by name (``--dataset fashion``: its error says what is missing)."""
    offered = []
    for name in DATASET_NAMES:
        if name == "fashion" and not (folder_chosen or name == current or _system_fashion_mnist()):
            continue
        offered.append(name)
    return offered


def _system_fashion_mnist() -> bool:
    try:
        find_idx_files(FASHION_MNIST_DIR)
    except (DatasetError, OSError):
        return False
    return True


def auto_backend() -> str:
    """What ``auto`` means here: the fastest backend that opens (NumPy when none does)."""
    try:
        return registry.get("auto").name
    except BackendUnavailable:
        return "numpy"


class ControlsPanel(QWidget):
    hyperparametersChanged = Signal(dict)
    """Debounced: lr, momentum, batch_size, optimizer, schedule that changed."""
    backendChanged = Signal(str)
    networkChanged = Signal(str)
    """A valid new spec (preset name resolved)."""
    datasetChanged = Signal(str)
    datasetFolderChosen = Signal(str)
    """A folder of IDX files to read the data set from (Open a dataset folder…)."""
    startRequested = Signal()
    pauseRequested = Signal()
    stepRequested = Signal()
    resetRequested = Signal()
    saveRequested = Signal()
    loadRequested = Signal()
    """The run buttons, as intents: the window connects to these, never to the buttons themselves."""
    epochsChanged = Signal(float)
    """The planned length of the run (the Epochs box), as typed."""

    def __init__(
        self, backends, parent=None, net: str = "tiny", backend: str | None = None, dataset: str = "mnist", *, parts
    ):
        """``parts``: the sidebar's parts, top to bottom (``sidebar.PARTS``: :func:`.sidebar.create_sidebar`
        passes them, so that this module does not import the spec that names it)."""
        super().__init__(parent)
        self._spec: str | None = None
        """The network spec in force (None until the first is set)."""
        self._class_outputs: int | None = None
        """The outputs of the class's own classes a network here may end with instead of the data set's (a loaded
        net of theirs, and what Reset rebuilds from it); None: the data set's only."""
        self._class_net = False
        """The network in force is a net of the class's own classes (one output per class)."""
        self._pending: dict | None = None
        """Hyperparameter changes waiting for the debounce (None while the widgets are built: not queued)."""
        self.fit_zoom()
        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 0, 6, 6)
        outer.setSpacing(6)

        # The parts, top to bottom, each built by its function in sidebar_groups.
        self.backends_offered = tuple(backends)
        self._first = {"dataset": dataset, "backend": backend}
        """The data set and backend asked for, until the parts that show them are wired."""
        for part in parts:
            widget = getattr(sidebar_groups, part.key)(self)
            setattr(self, part.key, widget)
            outer.addWidget(widget)
            if part.wire:
                getattr(self, part.wire)()
        outer.addStretch(1)
        self.outer = outer
        self.compact = False
        presenter_toolbar.build(self)

        self.set_lr(2e-3)
        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(250)
        self._debounce.timeout.connect(self._emit_hyper)
        self._pending = {}
        self.lr_slider.valueChanged.connect(lambda pos: self.set_lr(lr_from_slider(pos), from_slider=True))
        self.lr_spin.valueChanged.connect(lambda v: self.set_lr(v, from_spin=True))
        self.momentum_spin.valueChanged.connect(lambda v: self._queue(momentum=float(v)))
        self.batch_spin.valueChanged.connect(lambda v: self._queue(batch_size=int(v)))
        self.optimizer_combo.currentTextChanged.connect(lambda v: self._queue(optimizer=v))
        self.schedule_combo.currentTextChanged.connect(lambda v: self._queue(schedule=v))
        self.backend_combo.activated.connect(self._on_backend)
        self.net_combo.currentTextChanged.connect(self._on_net_combo)
        self.spec_edit.editingFinished.connect(self._on_spec_edit)
        self.spec_edit.textEdited.connect(self._check_spec_text)
        self.dataset_combo.currentTextChanged.connect(self._on_dataset_combo)
        for button, intent in (
            (self.start_button, self.startRequested),
            (self.pause_button, self.pauseRequested),
            (self.step_button, self.stepRequested),
            (self.reset_button, self.resetRequested),
            (self.save_button, self.saveRequested),
            (self.load_button, self.loadRequested),
        ):
            button.clicked.connect(intent.emit)
        self.epochs_spin.valueChanged.connect(lambda value: self.epochsChanged.emit(float(value)))
        self.set_network(net, emit=False)

    def show_run_buttons_in(self, scroll_area) -> None:
        """Scroll ``scroll_area`` (the sidebar's) so that the run buttons (Start, Resume) are in sight, and keep them
        so while its view changes size, until the user scrolls it (:mod:`..run_buttons_in_sight`)."""
        from ..run_buttons_in_sight import RunButtonsInSight

        sight = getattr(self, "run_buttons_sight", None)
        if sight is None or sight.area is not scroll_area:
            sight = self.run_buttons_sight = RunButtonsInSight(scroll_area, self.run_box)
        sight.show()

    # --- wiring the parts (sidebar.PARTS' wire=) ---------------------------------------------------
    def place_run_buttons(self) -> None:
        """The run buttons into the run box's grid, two to a row."""
        presenter_toolbar.place_run_buttons(self, columns=2)

    def fill_first_datasets(self) -> None:
        """The data set menu, the data set asked for chosen."""
        self._fill_datasets(self._first["dataset"], folder_chosen=False)

    def choose_first_backend(self) -> None:
        """The backend asked for (or the default one) chosen and described; its note follows the menu."""
        self.backend_combo.currentIndexChanged.connect(self._describe_backend)
        self.select_backend(self._first["backend"] or self.default_backend())
        self._describe_backend(self.backend_combo.currentIndex())

    # --- the data set menu --------------------------------------------------------------------
    def _fill_datasets(self, current: str, folder_chosen: bool) -> None:
        combo = self.dataset_combo
        combo.blockSignals(True)
        combo.clear()
        combo.addItems(offered_datasets(current, folder_chosen))
        combo.insertSeparator(combo.count())
        combo.addItem(tr(OPEN_DATASET_FOLDER))
        combo.setItemData(
            combo.count() - 1,
            tr(
                "a folder with the four MNIST-format IDX files "
                "(train-images-idx3-ubyte, train-labels-idx1-ubyte, t10k-..., .gz or not)"
            ),
            Qt.ToolTipRole,
        )
        combo.setCurrentText(current)
        combo.blockSignals(False)
        self._dataset = combo.currentText()

    def _on_dataset_combo(self, text: str) -> None:
        if text != tr(OPEN_DATASET_FOLDER):
            self._dataset = text
            self.datasetChanged.emit(text)
            return
        self.dataset_combo.blockSignals(True)
        self.dataset_combo.setCurrentText(self._dataset)  # the menu shows the data set, not the command
        self.dataset_combo.blockSignals(False)
        folder = self.choose_dataset_folder()
        if folder:
            self._fill_datasets(self._dataset, folder_chosen=True)
            self.datasetFolderChosen.emit(folder)

    def choose_dataset_folder(self) -> str:
        """Ask for a folder (a dialog; tests replace this); "" when cancelled."""
        from PySide6.QtWidgets import QFileDialog

        return QFileDialog.getExistingDirectory(self, tr("Open a folder with MNIST-format IDX files"))

    # --- presenter mode: the run buttons and the learning rate only (presenter_toolbar.py) -------
    def show_run(self, active: bool, paused: bool, has_data: bool) -> None:
        """What the run buttons offer: Start without a run and with a data set, Pause (Resume when ``paused``)
        during one, Step with a data set; the planned length is fixed while a run trains."""
        self.start_button.setEnabled(not active and has_data)
        self.pause_button.setEnabled(active)
        self.pause_button.setText(tr("▶  Resume") if paused else tr("❚❚  Pause"))
        self.step_button.setEnabled(has_data)
        self.epochs_spin.setEnabled(not active)

    def set_accuracy_figure(self, text: str, level: str = "learning") -> None:
        """The toolbar's big test-accuracy figure ("97.3%", or "–" when not known), coloured by its ``level``
        (``palette.accuracy_level``: chance level is no success), which its tooltip says in words too."""
        figure = self.accuracy_figure
        figure.setText(text or "–")
        if figure.property("level") != level:
            figure.setProperty("level", level)
            figure.style().unpolish(figure)  # (the style sheet's [level=...] rule: read again)
            figure.style().polish(figure)
            words = {"chance": tr("at chance level: no better than a guess"), "good": tr("good")}.get(level)
            tip = tr("Test accuracy at the last evaluation")
            figure.setToolTip(f"{tip} ({words})" if words else tip)

    def fit_zoom(self) -> None:
        """Its least and greatest width (:data:`LEAST_PX`, :data:`MOST_PX`) at the zoom in force."""
        self.setMinimumWidth(theme.zoomed_px(LEAST_PX))
        self.setMaximumWidth(theme.zoomed_px(MOST_PX))

    def set_compact(self, on: bool) -> None:
        """Presenter mode: only what a presenter needs at hand (Start, Pause, Step, Reset and the learning
        rate) in a slim toolbar instead of the sidebar (the rest stays one F5 away)."""
        self.compact = bool(on)
        presenter_toolbar.set_compact(self, self.compact)

    # --- backend ------------------------------------------------------------------
    def default_backend(self) -> str:
        """The backend chosen when none is asked for: a CPU the whole class has, fastest first."""
        for name in ("numba", "numpy"):
            if self.backend_available.get(name):
                return name
        return self.first_available or "numpy"

    def backend_detail(self, name: str) -> str:
        """Why ``name`` is (not) available here."""
        info = self.backend_infos.get(name)
        return info.detail if info is not None else "not installed"

    def select_backend(self, name: str, emit: bool = False) -> str:
        """Choose ``name`` (``auto``: the fastest that runs here); one that cannot run here falls
        back to :meth:`default_backend`. Returns the backend chosen."""
        if name == "auto":
            name = auto_backend()
        if not self.backend_available.get(name):
            name = self.default_backend()
        index = self.backend_combo.findData(name)
        if index >= 0:
            self.backend_combo.setCurrentIndex(index)
        if emit:
            self.backendChanged.emit(self.backend)
        return self.backend

    @property
    def backend(self) -> str:
        return self.backend_combo.currentData()

    def _describe_backend(self, index: int) -> None:
        info = self.backend_infos.get(self.backend_combo.itemData(index))
        if info is not None:
            self.backend_note.setText(tr(info.title) if info.available else tr("not available here"))
            self.backend_note.setToolTip(plain_tooltip(in_language(info.detail, tr)))

    def _on_backend(self, _index: int) -> None:
        self.backendChanged.emit(self.backend)

    # --- network --------------------------------------------------------------------
    @property
    def spec(self) -> str:
        return self._spec

    def set_network(self, net: str, emit: bool = True, class_outputs: int | None = None) -> bool:
        """Select a preset or a custom spec; False (and a message) when invalid. ``class_outputs``: the network
        may be a net of the class's own classes with that many outputs (a loaded one: the sidebar shows it and
        Reset rebuilds it); None: a network of the data set."""
        self._class_outputs = class_outputs if class_outputs and class_outputs > 1 else None
        name = preset_name(net)
        preset = name is not None
        self.net_combo.blockSignals(True)
        self.net_combo.setCurrentText(name if preset else tr(CUSTOM))
        self.net_combo.blockSignals(False)
        spec = PRESETS[name] if preset else net
        self.spec_edit.setText(spec)
        self.spec_edit.setCursorPosition(0)
        self.spec_edit.setReadOnly(preset)
        return self._apply_spec(spec, emit)

    @property
    def class_outputs(self) -> int | None:
        """How many classes of the class's own the network in force has outputs for (None: it is a network of
        the data set)."""
        return self._class_outputs if self._class_net else None

    def allow_class_outputs(self, count: int | None) -> None:
        """The run's weights are a net of the class's own ``count`` classes (None: of the data set's): the
        network in force is theirs when it has that many outputs (typed, or Reset), else the data set's."""
        self._class_outputs = count if count and count > 1 else None
        if self._spec is not None:
            self._class_net = self._build(self._spec)[1]

    def _build(self, spec: str) -> tuple[Sequential, bool]:
        """The network ``spec`` describes and whether it is a net of the class's own classes (SpecError).
        Theirs first: ten classes of their own have as many outputs as the digits."""
        if self._class_outputs is not None:
            try:
                return Sequential.from_spec(spec, num_classes=self._class_outputs), True
            except SpecError:
                pass  # (a network of the data set, or the data set's error)
        return Sequential.from_spec(spec), False

    def _validate(self, spec: str) -> tuple[str, bool] | None:
        """(the spec as the network writes it, whether it is a net of the class's own classes); None (and the
        message shown) when it is not valid."""
        try:
            model, class_net = self._build(spec)
        except SpecError as exc:
            self.spec_message.setObjectName("error")
            self.spec_message.setText(str(exc))
            self.spec_message.setStyle(self.spec_message.style())
            return None
        self.spec_message.setObjectName("hint")
        self.spec_message.setText(tr("valid: {count} layers").format(count=len(model.layers)))
        self.spec_message.setStyle(self.spec_message.style())
        return model.spec, class_net

    def _apply_spec(self, spec: str, emit: bool) -> bool:
        valid = self._validate(spec)
        if valid is None:
            return False
        self._spec, self._class_net = valid
        if emit:
            self.networkChanged.emit(self._spec)
        return True

    def _on_net_combo(self, text: str) -> None:
        if text == tr(CUSTOM):
            self.spec_edit.setReadOnly(False)
            self.spec_edit.setFocus()
            self.spec_edit.selectAll()
            return
        self.set_network(text)

    def _check_spec_text(self, text: str) -> None:
        self._validate(text)

    def _on_spec_edit(self) -> None:
        if self.spec_edit.isReadOnly():
            return
        text = self.spec_edit.text().strip()
        if text and text != self._spec:
            self._apply_spec(text, emit=True)

    def describe_parameters(self, count: int) -> None:
        if self.spec_message.objectName() == "hint":
            self.spec_message.setText(tr("{count} trainable parameters").format(count=f"{grouped(count):,}"))

    # --- hyperparameters -----------------------------------------------------------------
    def set_lr(self, lr: float, from_slider: bool = False, from_spin: bool = False) -> None:
        """The learning rate, clamped to [1e-5, 1]; the slider and the box follow each other."""
        lr = float(min(max(lr, 1e-5), 1.0))
        if not from_slider:
            self.lr_slider.blockSignals(True)
            self.lr_slider.setValue(slider_from_lr(lr))
            self.lr_slider.blockSignals(False)
        if not from_spin:
            self.lr_spin.blockSignals(True)
            self.lr_spin.setValue(float(f"{lr:.2g}"))
            self.lr_spin.blockSignals(False)
        self._queue(lr=self.lr)

    @property
    def lr(self) -> float:
        return float(self.lr_spin.value())

    def _queue(self, **changes) -> None:
        if self._pending is None:
            return
        self._pending.update(changes)
        self._debounce.start()

    def _emit_hyper(self) -> None:
        changes, self._pending = self._pending, {}
        if changes:
            self.hyperparametersChanged.emit(changes)

    def flush_pending(self) -> None:
        """Emit queued changes now (before starting a run, for instance)."""
        self._debounce.stop()
        self._emit_hyper()

    def hyperparameters(self) -> dict:
        return {
            "lr": self.lr,
            "momentum": float(self.momentum_spin.value()),
            "batch_size": self.batch_spin.value(),
            "optimizer": self.optimizer_combo.currentText(),
            "schedule": self.schedule_combo.currentText(),
        }

    @property
    def dataset(self) -> str:
        return self.dataset_combo.currentText()

    @property
    def epochs(self) -> float:
        return float(self.epochs_spin.value())

    # --- a lesson ---------------------------------------------------------------------
    def apply(self, preset) -> list[str]:
        """A lesson preset's backend, optimiser settings, length and network (no signal for the
        network: the caller builds the new model). Returns notes for the user (a missing backend)."""
        notes = []
        # "auto": the lesson runs on any backend, so the one the teacher chose (on the command line, in the
        # sidebar) stays; switching a numpy session to numba made the lesson's first Start compile for a minute.
        wanted = self.backend if preset.backend == "auto" else preset.backend
        chosen = self.select_backend(wanted)
        if chosen != wanted:
            notes.append(
                tr(
                    "The lesson asks for the {wanted} backend, which is not available here ({why}); "
                    "using {chosen} instead."
                ).format(wanted=wanted, why=self.backend_detail(wanted), chosen=chosen)
            )
        self.set_values(
            optimizer=preset.optimizer,
            schedule=preset.schedule,
            lr=preset.lr,
            momentum=preset.momentum,
            batch_size=preset.batch_size,
            epochs=preset.epochs,
        )
        self.set_network(preset.net, emit=False)
        return notes

    def settings(self) -> dict:
        """Everything a lesson may change here: the network, the backend, the optimiser, the length."""
        return {"net": self.spec, "backend": self.backend, **self.hyperparameters(), "epochs": self.epochs}

    def restore(self, settings: dict) -> None:
        """Back to what :meth:`settings` returned, with ``class_outputs`` when the network was a net of the class's
        own classes (:attr:`class_outputs`); no network signal: the caller builds the model."""
        self.select_backend(settings["backend"])
        self.set_values(**{k: v for k, v in settings.items() if k not in ("net", "backend", "class_outputs")})
        self.set_network(settings["net"], emit=False, class_outputs=settings.get("class_outputs"))

    def set_values(
        self,
        optimizer: str | None = None,
        schedule: str | None = None,
        lr: float | None = None,
        momentum: float | None = None,
        batch_size: int | None = None,
        epochs: float | None = None,
    ) -> None:
        """The optimiser settings given (None, or one that is not valid here: left as it is), sent at once."""
        if optimizer in OPTIMIZERS:
            self.optimizer_combo.setCurrentText(optimizer)
        if schedule in SCHEDULES:
            self.schedule_combo.setCurrentText(schedule)
        if lr is not None:
            self.set_lr(lr)
        if momentum is not None:
            self.momentum_spin.setValue(momentum)
        if batch_size is not None:
            self.batch_spin.setValue(int(batch_size))
        if epochs is not None:
            self.epochs_spin.setValue(epochs)
        self.flush_pending()

    def set_data_note(self, text: str) -> None:
        """A line under the run buttons saying when training or testing uses only part of the data set."""
        self.data_note.setText(text)
        self.data_note.setVisible(bool(text))

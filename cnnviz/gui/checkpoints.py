"""Saving the current weights as a checkpoint, and loading one (Start then continues from it)."""

from __future__ import annotations

import traceback
from pathlib import Path

import numpy as np
from PySide6.QtWidgets import QFileDialog

from ..nn import checkpoint


class Checkpoints:
    def __init__(self, window):
        self.window = window

    def save(self, path: str) -> bool:
        window, local = self.window, self.window.local
        if local.model is None:
            window.banner.show_message("There is no model to save yet.", "error")
            return False
        try:
            meta = {"step": int(local.step), "dataset": window.controls.dataset, "backend": window.controls.backend}
            checkpoint.save(path, local.spec, local.weights(), meta)
        except Exception as exc:  # CheckpointError, OSError
            window.banner.show_message(f"Could not save the model: {exc}", "error", traceback.format_exc())
            return False
        window.banner.show_message(f"Saved the weights of step {local.step} to {path}", "info", auto_hide_ms=6000)
        return True

    def load(self, path: str) -> bool:
        window = self.window
        try:
            model, ckpt = checkpoint.load_model(path)
        except Exception as exc:  # CheckpointError, OSError...
            window.banner.show_message(f"Could not load the model: {exc}", "error", traceback.format_exc())
            return False
        window.stop_run()
        window.controls.set_network(ckpt.spec, emit=False)
        step = ckpt.meta.get("step", 0)
        window.local.set_model(model, int(step) if isinstance(step, (int, float)) else 0)
        window.show_new_model(loaded_weights={k: np.array(v) for k, v in ckpt.weights.items()})
        window.banner.show_message(f"Loaded {Path(path).name} (network {ckpt.spec}). Start continues training "
                                   "from these weights.", "info", auto_hide_ms=8000)
        return True

    def save_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self.window, "Save model", "cnnviz-model.npz",
                                              "cnnviz checkpoint (*.npz)")
        if path:
            self.save(path if path.endswith(".npz") else path + ".npz")

    def load_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self.window, "Load model", "", "cnnviz checkpoint (*.npz);;All files (*)")
        if path:
            self.load(path)

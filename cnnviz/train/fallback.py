"""Backups of the training state, and moving a run to the CPU after a GPU failure.

The trainer mixes this in. A GPU can fail in two ways. A *non-sticky* error
(out of memory, a bad launch) leaves the device readable: the state is read
from it as of the last completed step, the losses still on the device
included, and nothing is lost. A *sticky* one (an illegal address) poisons
the CUDA context for good: the run goes back to the last host backup --
weights, optimizer, step count, schedule and data order together -- and
redoes the steps since, deterministically. Either way the failed backend is
marked unavailable with the error as its reason.
"""

from __future__ import annotations

import time
import traceback
from typing import Callable

import numpy as np

from ..backends import registry
from ..backends.base import BackendUnavailable
from . import events as ev
from .recovery import Backup

CPU_FALLBACKS = ("numba", "numpy")


class DeviceRecovery:
    def _take_backup(self) -> None:
        try:
            weights, arrays = self.model.state_dict(), self.optimizer.state_arrays()
        except Exception as exc:
            if not self.backend.is_gpu or self._backup is None:
                raise
            self._fall_back_to_cpu(exc, "a backup copy")
            weights, arrays = self.model.state_dict(), self.optimizer.state_arrays()
        self._backup = Backup(self.step, weights, arrays, self.optimizer.t, self.order.state(), self._lr_used)
        self._backup_time = time.perf_counter()

    def _restore_weights(self, backup: Backup) -> None:
        self.model.load_state_dict(backup.weights)
        self.optimizer.replace_state(self.backend, backup.optimizer_arrays, backup.optimizer_t,
                                     self.model.named_parameters().flat.layout)

    def _fall_back_to_cpu(self, exc: Exception, where: str) -> None:
        """Continue on the CPU after a GPU failure, losing nothing.

        If the device still answers (out of memory, a bad launch), the state is read
        from it as of the last completed step, pending losses included. If it does
        not (an illegal address poisons the CUDA context for good), the run goes
        back to the last host backup: weights, optimizer, step count, schedule and
        data order together, and the message says so. The failed backend is marked
        unavailable with the error as its reason.
        """
        old = self.backend
        error = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}".strip()
        registry.mark_failed(old.name, f"failed during {where} ({error}); restart cnnviz to try it again")
        try:
            old.synchronize()
            values = old.read_step_stats(self._stats, len(self._pending)) if self._pending else None
            weights, arrays, t = self.model.state_dict(), self.optimizer.state_arrays(), self.optimizer.t
            rewound = None
        except Exception:
            backup = self._backup
            weights, arrays, t, values = backup.weights, backup.optimizer_arrays, backup.optimizer_t, None
            lost = self.step - backup.step
            self.step, self._lr_used = backup.step, backup.lr_used
            self.order.restore(backup.data)
            self._pending = []
            rewound = f"; the GPU's memory was lost, so training went back {lost} steps to step {backup.step}"
        cpu = self._cpu_backend()
        self.model.release()
        self.model.load_state_dict(weights)
        self.optimizer.replace_state(None, {}, 0, None)
        self._move_to(cpu, arrays, t)
        if values is not None:
            self._report_pending(values, old.name)
        reason = f"{old.name} failed during {where} ({error}); continuing on {cpu.name} from step {self.step}"
        reason += rewound or ""
        self._emit(ev.BackendSwitched(self.step, self.epoch, old.name, cpu.name, cpu.describe(), reason))
        self._emit(ev.TrainerError(reason, traceback.format_exc(), fatal=False))

    def _move_to(self, backend, optimizer_arrays, t) -> None:
        """The host weights (just loaded) and these optimizer arrays onto ``backend``."""
        self.model.to(backend)
        self.optimizer.replace_state(backend, optimizer_arrays, t, self.model.named_parameters().flat.layout)
        self._put_data_on(backend)

    def _report_pending(self, values: np.ndarray, backend_name: str) -> None:
        """Pending steps whose losses were rescued from a failing GPU: report them as usual."""
        pending, self._pending = self._pending, []
        for record, (loss, correct) in zip(pending, values):
            self._emit(ev.StepFinished(record.step, record.epoch, float(loss), float(correct) / record.batch,
                                       record.batch, self._throughput.rate(), record.lr, backend_name, None))

    def _cpu_backend(self):
        for name in CPU_FALLBACKS:
            try:
                return registry.get(name)
            except BackendUnavailable:
                continue
        raise BackendUnavailable("no CPU backend can run here")  # numpy always can

    def _on_device(self, where: str, work: Callable[[], object]):
        """``work()`` on the current backend; after a GPU failure, again on the CPU."""
        try:
            return work()
        except Exception as exc:
            if not self.backend.is_gpu:
                raise
            self._fall_back_to_cpu(exc, where)
            return work()


"""Turns trainer events into terminal output for ``cnnviz train``.

On a terminal: a tqdm progress bar with loss, accuracy, images/s and ETA.
Elsewhere (a pipe, a CI log): a plain line every few seconds.

Output is a side channel: a closed pipe or a full disk behind stderr makes the
printer fall silent, never costs the run (and with it the model).
"""

from __future__ import annotations

import sys
import time

from tqdm import tqdm

from ..data.limits import escape_control, one_line
from ..train import events as ev

TRANSIENT = (BlockingIOError, InterruptedError, RuntimeError)
"""Write errors that lose one line, not the stream (RuntimeError: "reentrant call inside <_io.BufferedWriter>")."""


def _threads(event) -> str:
    """`` on 2 threads (probed)`` for a backend with a worker count, else nothing."""
    if event.threads is None:
        return ""
    return f" on {event.threads} thread{'s' if event.threads != 1 else ''} ({event.threads_how})"


class ProgressPrinter:
    def __init__(self, quiet: bool = False, stream=None, plain_every_s: float = 5.0):
        self.quiet = quiet
        self.stream = stream or sys.stderr
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.plain_every_s = plain_every_s
        self.bar: tqdm | None = None
        self._last_plain = 0.0
        self._smooth_loss: float | None = None
        self._smooth_acc: float | None = None
        self.broken = False
        """True once writing to the stream failed; nothing more is written."""

    def _say(self, text: str) -> None:
        if not self.quiet:
            self.warn(text)

    def warn(self, text: str) -> None:
        """Print a line even when quiet (warnings, the Ctrl-C messages), above the bar if any.
        Control and bidi characters are escaped: a line may carry outside text (a data
        folder's name, a spec, a GPU's name)."""
        if self.broken:
            return
        text = escape_control(text)
        try:
            if self.bar is not None:
                self.bar.write(text, file=self.stream)
            else:
                print(text, file=self.stream, flush=True)
        except TRANSIENT:
            # A reentrant write (something printed from a signal handler in the middle of ours), a
            # non-blocking stream that is full for now, an interrupted call: this line is lost,
            # the next ones are not.
            pass
        except (OSError, ValueError, RuntimeError):
            # A closed pipe, a full disk, a closed stream: the output is lost, the run is not.
            self.broken = True

    def __call__(self, event) -> None:
        if isinstance(event, ev.RunStarted):
            self._say(
                f"training {event.net} ({event.parameter_count:,d} parameters) on {event.dataset} "
                f"[{event.train_size:,d} images] with {event.backend}{_threads(event)}: "
                f"{event.backend_description}"
            )
            if self.tty and not self.quiet and not self.broken:
                try:
                    self.bar = tqdm(
                        total=event.total_steps, unit="step", file=self.stream, dynamic_ncols=True, smoothing=0.1
                    )
                except (OSError, ValueError, RuntimeError):
                    self.broken = True
        elif isinstance(event, ev.WarmupFinished):
            self._say(f"{event.message} (compile time, not counted as training time)")
        elif isinstance(event, ev.StepFinished):
            self._step(event)
        elif isinstance(event, ev.EvaluationFinished):
            self._say(
                f"step {event.step} (epoch {event.epoch:.2f}): test accuracy "
                f"{100 * event.test_accuracy:.2f}% on {event.samples:,d} images, test loss {event.test_loss:.4f}"
            )
        elif isinstance(event, ev.BackendSwitched) and event.reason:
            self.warn(f"warning: {one_line(event.reason, 500)}")
        elif isinstance(event, ev.TrainerError):
            self.warn(f"warning: {one_line(event.message, 500)}")
        elif isinstance(event, ev.RunFinished):
            self.close()
            state = "stopped" if event.stopped else "done"
            acc = "n/a" if event.test_accuracy is None else f"{100 * event.test_accuracy:.2f}%"
            self._say(
                f"{state}: {event.steps} steps ({event.epoch:.2f} epochs) in {event.train_seconds:.1f} s of "
                f"training ({event.train_images_per_s:,.0f} images/s on {event.backend}{_threads(event)}"
                + (f", plus {event.compile_seconds:.1f} s compiling" if event.compile_seconds > 0.05 else "")
                + f"); test accuracy {acc}"
            )

    def _step(self, e: ev.StepFinished) -> None:
        a = 0.05
        self._smooth_loss = e.loss if self._smooth_loss is None else (1 - a) * self._smooth_loss + a * e.loss
        self._smooth_acc = e.accuracy if self._smooth_acc is None else (1 - a) * self._smooth_acc + a * e.accuracy
        if self.quiet:
            return
        if self.bar is not None:
            try:
                self.bar.update(1)
                if e.step % 5 == 0:
                    self.bar.set_postfix_str(
                        f"epoch {e.epoch:.2f} loss {self._smooth_loss:.4f} "
                        f"acc {100 * self._smooth_acc:.1f}% {e.images_per_s:,.0f} img/s",
                        refresh=False,
                    )
            except TRANSIENT:
                pass
            except (OSError, ValueError, RuntimeError):
                self.broken, self.bar = True, None
            return
        now = time.monotonic()
        if now - self._last_plain >= self.plain_every_s:
            self._last_plain = now
            eta = f", ETA {e.eta_s:.0f} s" if e.eta_s is not None else ""
            self._say(
                f"step {e.step} epoch {e.epoch:.2f}: loss {self._smooth_loss:.4f}, "
                f"accuracy {100 * self._smooth_acc:.1f}%, {e.images_per_s:,.0f} images/s{eta}"
            )

    def close(self) -> None:
        if self.bar is not None:
            try:
                self.bar.close()
            except (OSError, ValueError, RuntimeError):
                self.broken = True
            self.bar = None

"""The stop-and-save signals of ``cnnviz train`` (SIGINT, SIGTERM, SIGHUP; SIGBREAK on Windows): counted in
the handler, said on the main path, ignored while the model is saved."""

from __future__ import annotations

import contextlib
import signal
import sys

STOP_SIGNAL_NAMES = ("SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK")
"""Stop-and-save signals: Ctrl-C; ``kill``, ``systemctl stop``, ``docker stop``; a closed
terminal or a logout; Ctrl-Break on Windows (which has no SIGHUP)."""


class TrainSignals:
    """SIGINT, SIGTERM and SIGHUP (SIGBREAK on Windows) during ``cnnviz train``, all alike.

    First: stop after the current step, then the final evaluation on the test set
    (a few seconds), then save. Second: skip that evaluation (it takes effect
    between evaluation chunks where the trainer checks for it). During the save,
    signals are ignored until the file is complete. The exit status is 128 + the
    first signal's number.

    The handler only counts and sets the trainer's stop flags; the messages are
    printed on the main path (:meth:`say_pending`: at the trainer's next event, after
    the run, around the save): a handler that printed could interrupt a write to
    stderr, and the reentrant write error silenced every later line. Each delivery
    counts: Python calls a handler once however often its signal arrived since the
    last bytecode (two ``kill`` commands within one step were one), so the deliveries are
    read from the wakeup fd, where the interpreter writes one byte for each.
    """

    def __init__(self, trainer, printer=None):
        self.trainer, self.printer = trainer, printer
        self.first: int | None = None
        self.count = 0
        self.saving = False
        self.messages: list[str] = []
        """Said by the handler, printed by the main path (list.append is atomic)."""
        self._wakeup = None  # (reader, writer) socket pair whose writer is the wakeup fd
        self._owed: dict[int, int] = {}
        """Deliveries counted before their wakeup byte was read (the byte is then not counted again)."""

    @contextlib.contextmanager
    def installed(self):
        previous = {}
        for name in STOP_SIGNAL_NAMES:
            number = getattr(signal, name, None)
            if number is None:
                continue
            try:
                previous[number] = signal.signal(number, self)
            except (ValueError, OSError):  # not the main thread, or not settable here
                pass
        old_fd = self._install_wakeup() if previous else None
        try:
            yield self
        finally:
            if self._wakeup is not None:
                with contextlib.suppress(ValueError, OSError):
                    signal.set_wakeup_fd(old_fd)
                self._take_deliveries()
                for end in self._wakeup:
                    end.close()
                self._wakeup = None
            for number, handler in previous.items():
                try:
                    signal.signal(number, handler)
                except (ValueError, OSError, TypeError):
                    pass
            self.say_pending()

    def _install_wakeup(self) -> int | None:
        """A socket pair (Windows takes only a socket) as the interpreter's wakeup fd; None when not possible
        (another wakeup fd is set, as by an event loop: each handler call then counts once)."""
        import socket

        try:
            reader, writer = socket.socketpair()
        except OSError:
            return None
        try:
            reader.setblocking(False)
            writer.setblocking(False)
            old = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
        except (ValueError, OSError):
            reader.close()
            writer.close()
            return None
        if old != -1:  # someone else's: give it back
            signal.set_wakeup_fd(old)
            reader.close()
            writer.close()
            return None
        self._wakeup = (reader, writer)
        return old

    def _take_deliveries(self) -> list[int]:
        """The signals delivered since the last call, one entry per delivery, oldest first."""
        if self._wakeup is None:
            return []
        data = b""
        while True:
            try:
                chunk = self._wakeup[0].recv(4096)
            except (BlockingIOError, InterruptedError):
                break
            except OSError:
                break
            if not chunk:
                break
            data += chunk
        numbers = []
        for number in data:
            if self._owed.get(number):
                self._owed[number] -= 1
            else:
                numbers.append(number)
        return numbers

    @staticmethod
    def _again(signum: int) -> str:
        return "Ctrl-C again" if signum == signal.SIGINT else "a second signal"

    def saving_message(self, signum: int | None = None) -> str:
        signum = self.first if signum is None else signum
        return f"saving... ({self._again(signum)} is ignored until saved)"

    def __call__(self, signum, frame) -> None:
        numbers = self._take_deliveries()
        if self._wakeup is None:
            numbers = [signum]
        elif signum not in numbers and not self.count and not self.saving:
            # The handler may run before its byte is written (the C handler ran on another thread):
            # count this one now and not its byte later.
            self._owed[signum] = self._owed.get(signum, 0) + 1
            numbers.append(signum)
        for number in numbers:
            self._count(number)

    def _count(self, signum: int) -> None:
        """One delivery: only flags and a message in a list (this runs inside the handler)."""
        if self.saving:
            self.messages.append(self.saving_message(signum))
            return
        self.count += 1
        if self.first is None:
            self.first = signum
        if self.count == 1:
            self.trainer.stop(wake=False)
            name = "" if signum == signal.SIGINT else f"{signal.Signals(signum).name} received: "
            self.messages.append(
                f"{name}stopping: final evaluation on the test set... ({self._again(signum)} skips it)"
            )
        elif self.count == 2:
            self.trainer.stop(final_evaluation=False, wake=False)
            self.messages.append("stopping: final evaluation skipped; the model will still be saved")

    def listener(self, _event) -> None:
        """A trainer listener: the main path prints what the handler said at the trainer's next event."""
        self.say_pending()

    def say_pending(self) -> None:
        """Print the handler's messages (main path only); deliveries not yet handled are counted first."""
        for number in self._take_deliveries():
            self._count(number)
        while self.messages:
            self._say(self.messages.pop(0))

    def _say(self, text: str) -> None:
        if self.printer is not None:
            self.printer.warn(text)
            return
        try:
            print(text, file=sys.stderr, flush=True)
        except (OSError, ValueError, RuntimeError):
            pass

"""Simulated phones for ``--latency-report --phones N``: each draws a digit and sends it every 2 s.

They run in a process of their own (``python -m cnnviz.gui.devtools.phones``, an event loop with aiohttp's
client), as real phones are other machines: the window's thread and the server's thread, which are what is
measured, do not share the interpreter's lock with 40 phones' requests (they did, in a thread, until session 41).
Each phone also asks for its answers every 2 s, as the page does. The window drives them through the child's
standard input (``go``, ``pause``, ``stop``); at ``stop`` the child writes one JSON line of what it sent.
The time from a send (just before the request) to the teacher's queue
(:attr:`cnnviz.app.class_canvas.Submission.queued_at`, set in the window's thread when the drawing lands on the
wall) is the figure the report gives: both are ``time.perf_counter()``, the system's monotonic clock, which
both processes read alike (Linux, Windows and macOS).
"""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
import threading
import time

SEND_EVERY_S = 2.0


def digit_strokes(rng: random.Random, width: int = 300, height: int = 360) -> list[list[int]]:
    """A wobbly 1, 7 or 0 as the page would send it (canvas pixels)."""
    kind = rng.choice("170")
    jitter = lambda v, limit: max(0, min(limit, int(v + rng.uniform(-12, 12))))  # noqa: E731
    if kind == "1":
        points = [(150, 60 + 24 * i) for i in range(11)]
    elif kind == "7":
        points = [(80 + 14 * i, 70) for i in range(11)] + [(220 - 9 * i, 70 + 24 * i) for i in range(1, 11)]
    else:
        import math

        points = [(150 + 70 * math.cos(a / 10 * math.tau), 180 + 110 * math.sin(a / 10 * math.tau)) for a in range(11)]
    return [[v for x, y in points for v in (jitter(x, width), jitter(y, height))]]


class SimulatedPhones:
    """The window's handle on the phones' process: :meth:`start` (paused), ``go`` / ``pause``, :meth:`stop`, then
    ``sent``, ``refused`` and ``errors`` (by kind: what the phone was doing and the error's name)."""

    def __init__(self, count: int, host: str, port: int, token: str, seed: int = 0):
        self.count, self.host, self.port, self.token, self.seed = count, host, port, token, seed
        self.sent: dict[int, float] = {}
        """Drawing id -> when it was sent (perf_counter)."""
        self.refused: dict[int, int] = {}
        self.errors: dict[str, int] = {}
        self._process: subprocess.Popen | None = None

    def start(self) -> None:
        args = [str(a) for a in (self.count, self.host, self.port, self.token, self.seed)]
        self._process = subprocess.Popen(
            [sys.executable, "-m", __name__, *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )

    def _say(self, word: str) -> None:
        if self._process is not None and self._process.poll() is None:
            try:
                self._process.stdin.write(word + "\n")
                self._process.stdin.flush()
            except OSError:  # (it ended: stop() says what it sent)
                pass

    def go(self) -> None:
        self._say("go")

    def pause(self) -> None:
        self._say("pause")

    def stop(self) -> None:
        if self._process is None:
            return
        self._say("stop")
        try:
            out, _ = self._process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            self._process.kill()
            out, _ = self._process.communicate()
            self.errors["phones process: timeout"] = self.errors.get("phones process: timeout", 0) + 1
        self._process = None
        lines = [line for line in (out or "").splitlines() if line.startswith("{")]
        if not lines:
            self.errors["phones process: no report"] = self.errors.get("phones process: no report", 0) + 1
            return
        report = json.loads(lines[-1])
        self.sent = {int(k): v for k, v in report["sent"].items()}
        self.refused = {int(k): v for k, v in report["refused"].items()}
        for kind, n in report["errors"].items():
            self.errors[kind] = self.errors.get(kind, 0) + n


class _Phones:
    """The child process's side: ``count`` phones on one event loop, told by standard input when to send."""

    def __init__(self, count: int, base: str, seed: int):
        self.count, self.base, self.seed = count, base, seed
        self.sent: dict[int, float] = {}
        self.refused: dict[int, int] = {}
        self.errors: dict[str, int] = {}
        self.active = threading.Event()
        self.stopped = threading.Event()

    def listen(self) -> None:
        """Standard input's words (a thread of its own): go, pause, stop (or the window's end)."""
        for line in sys.stdin:
            word = line.strip()
            if word == "go":
                self.active.set()
            elif word == "pause":
                self.active.clear()
            elif word == "stop":
                break
        self.stopped.set()

    async def all(self) -> None:
        import aiohttp

        timeout = aiohttp.ClientTimeout(total=10)
        async with aiohttp.ClientSession(timeout=timeout, connector=aiohttp.TCPConnector(limit=0)) as session:
            await asyncio.gather(*(self.phone(session, n) for n in range(self.count)))

    def error(self, doing: str, error: BaseException) -> None:
        kind = f"{doing}: {type(error).__name__}"
        self.errors[kind] = self.errors.get(kind, 0) + 1

    async def phone(self, session, n: int) -> None:
        import aiohttp

        rng = random.Random(self.seed * 1000 + n)
        phone = f"simulated-{n:03d}"
        await asyncio.sleep(SEND_EVERY_S * n / max(1, self.count))  # the class does not send in step
        while not self.stopped.is_set():
            if not self.active.is_set():
                await asyncio.sleep(0.05)
                continue
            began = time.perf_counter()
            body = {"phone": phone, "w": 300, "h": 360, "strokes": digit_strokes(rng), "label": rng.randrange(10)}
            doing = "send"
            try:
                async with session.post(f"{self.base}/drawings", json=body) as response:
                    answer = await response.json(content_type=None)
                    if response.status == 202:
                        self.sent[answer["id"]] = began
                    else:
                        self.refused[response.status] = self.refused.get(response.status, 0) + 1
                doing = "answers"
                async with session.get(f"{self.base}/answers", params={"phone": phone}) as response:
                    await response.read()
            except (TimeoutError, aiohttp.ClientError, ValueError) as error:
                self.error(doing, error)
            await asyncio.sleep(max(0.0, SEND_EVERY_S - (time.perf_counter() - began)))


def main(argv: list[str]) -> int:
    count, host, port, token, seed = argv
    host = f"[{host}]" if ":" in host else host
    phones = _Phones(int(count), f"http://{host}:{int(port)}/c/{token}", int(seed))
    threading.Thread(target=phones.listen, daemon=True).start()
    asyncio.run(phones.all())
    report = {"sent": phones.sent, "refused": phones.refused, "errors": phones.errors}
    print(json.dumps(report), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

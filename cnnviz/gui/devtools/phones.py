"""Simulated phones for ``--latency-report --phones N``: each draws a digit and sends it every 2 s.

They run in a thread of their own with their own event loop (aiohttp's client), as real phones would be
other machines: the window's thread and the server's thread are what is measured. Each phone also asks
for its answers every 2 s, as the page does. The time from a send (just before the request) to the
teacher's queue (:attr:`cnnviz.app.class_canvas.Submission.queued_at`, set in the window's thread when the
drawing lands on the wall) is the figure the report gives; both are ``time.perf_counter()`` in this process.
"""

from __future__ import annotations

import asyncio
import random
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
    def __init__(self, count: int, host: str, port: int, token: str, seed: int = 0):
        self.count, self.base = count, f"http://{host}:{port}/c/{token}"
        self.seed = seed
        self.sent: dict[int, float] = {}
        """Drawing id -> when it was sent (perf_counter)."""
        self.refused: dict[int, int] = {}
        self.errors = 0
        self.active = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="cnnviz-simulated-phones", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self.active.set()  # (wakes a paused phone)
        self._thread.join(30)

    def _run(self) -> None:
        asyncio.run(self._all())

    async def _all(self) -> None:
        import aiohttp

        timeout = aiohttp.ClientTimeout(total=10)
        async with aiohttp.ClientSession(timeout=timeout, connector=aiohttp.TCPConnector(limit=0)) as session:
            await asyncio.gather(*(self._phone(session, n) for n in range(self.count)))

    async def _phone(self, session, n: int) -> None:
        rng = random.Random(self.seed * 1000 + n)
        phone = f"simulated-{n:03d}"
        await asyncio.sleep(SEND_EVERY_S * n / max(1, self.count))  # the class does not send in step
        while not self._stop.is_set():
            if not self.active.is_set():
                await asyncio.sleep(0.05)
                continue
            began = time.perf_counter()
            body = {"phone": phone, "w": 300, "h": 360, "strokes": digit_strokes(rng), "label": rng.randrange(10)}
            try:
                async with session.post(f"{self.base}/drawings", json=body) as response:
                    answer = await response.json(content_type=None)
                    if response.status == 202:
                        self.sent[answer["id"]] = began
                    else:
                        self.refused[response.status] = self.refused.get(response.status, 0) + 1
                async with session.get(f"{self.base}/answers", params={"phone": phone}) as response:
                    await response.read()
            except (TimeoutError, aiohttp_errors(), ValueError):
                self.errors += 1
            await asyncio.sleep(max(0.0, SEND_EVERY_S - (time.perf_counter() - began)))


def aiohttp_errors():
    import aiohttp

    return aiohttp.ClientError

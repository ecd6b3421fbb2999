"""The phones' server: aiohttp in a thread of its own, with its own event loop, bounded everywhere.

:class:`PhoneServer` is what :meth:`cnnviz.app.class_canvas.ClassCanvas.open` starts: it binds one socket to
the one numeric address it is given (never a name: nothing is resolved), serves the page and its two
files, takes drawings into the app model's inbox (never further: the teacher moderates) and tells each
phone the network's answers. Every path begins with the session's token (``/c/TOKEN/...``); a request
without it is refused before anything else is read. Every request is bounded (:class:`Limits`): the body's
size and the time to send it, the requests per second of an address and the drawings per second of a
phone, the requests in flight, the connections open (in all and per address) and how long one stays
open. The server never connects anywhere: it only answers.
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from dataclasses import dataclass
from importlib import resources

from aiohttp import web

from ..app.class_canvas import ClassCanvas, Refused
from ..data.files import parse_json
from . import page_text
from .interfaces import numeric_host
from .strokes import BadDrawing, parse

THREAD_NAME = "cnnviz-class-canvas"
STATIC = {"page.js": "text/javascript", "page.css": "text/css"}
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",  # the token is in the address: never tell another site
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
}
WIND_DOWN = 0.8
"""A connection older than this part of ``Limits.connection_seconds`` is told to close with its next answer."""


@dataclass(frozen=True)
class Limits:
    max_body_bytes: int = 32 * 1024
    """A drawing is a few hundred bytes to a few kilobytes (2,000 points are ~10 KB of JSON)."""
    body_seconds: float = 5.0
    """A body not sent within this long is refused (408): a slow client holds nothing for long."""
    requests_per_second: float = 40.0
    request_burst: int = 80
    """Requests of one address (a phone polls its answers every 2 s and sends a drawing every few)."""
    sends_per_second: float = 1.0
    send_burst: int = 3
    """Drawings of one phone."""
    in_flight: int = 64
    """Requests being handled at once; more are refused (503)."""
    connections: int = 256
    connections_per_address: int = 48
    connection_seconds: float = 30.0
    """A connection open longer is closed once its request in hand is answered (a slow or silent client frees its
    slot; browsers reconnect) ..."""
    connection_grace_seconds: float = 2.0
    """... and cut this long after that, answered or not. (Cut at once, 40 phones' requests in flight failed:
    ~30 a minute, the latency report's ``phones_errors``.)"""
    keepalive_seconds: float = 5.0


class Buckets:
    """Token buckets by key (an address, a phone); bounded: the oldest keys are dropped past ``max_keys``."""

    def __init__(self, rate: float, burst: int, max_keys: int = 4096):
        self.rate, self.burst, self.max_keys = rate, burst, max_keys
        self._buckets: dict[str, tuple[float, float]] = {}

    def take(self, key: str, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        tokens, last = self._buckets.pop(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - last) * self.rate)
        ok = tokens >= 1.0
        self._buckets[key] = (tokens - 1.0 if ok else tokens, now)
        while len(self._buckets) > self.max_keys:
            self._buckets.pop(next(iter(self._buckets)))
        return ok


ERROR_CODES = {400: "bad_drawing", 404: "not_found", 408: "too_slow", 413: "too_big", 415: "bad_drawing"}
"""The phone page's name for a request refused by a route (the page says it in the phone's language)."""


def _refusal(status: int, message: str, code: str = "") -> web.Response:
    """``error``: the English reason (logs, a client of its own); ``code``: which of the page's sentences says it."""
    return web.json_response({"error": message, "code": code}, status=status, headers=SECURITY_HEADERS)


class _Closing(asyncio.Protocol):
    """A connection beyond the cap: closed as soon as it is made."""

    def connection_made(self, transport):
        transport.close()


class PhoneServer:
    """Serves ``canvas`` on ``host``:``port`` (0: a free port) until :meth:`stop`."""

    def __init__(self, canvas: ClassCanvas, host: str = "127.0.0.1", port: int = 0, limits: Limits = Limits()):
        self.canvas = canvas
        self.host = numeric_host(host)
        self.port = int(port)
        self.limits = limits
        self.thread: threading.Thread | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.hits = 0
        """Requests that carried the token (the window's "phones so far" says who sent; this who looked)."""
        self.refused: dict[int, int] = {}
        """Refusals by HTTP status."""
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._requests = Buckets(limits.requests_per_second, limits.request_burst)
        self._sends = Buckets(limits.sends_per_second, limits.send_burst)
        self._in_flight = 0
        self._opened: dict = {}
        self._page = resources.files(__package__).joinpath("static", "page.html").read_text("utf-8")
        self._static = {name: resources.files(__package__).joinpath("static", name).read_bytes() for name in STATIC}

    # --- start and stop (the caller's thread) ----------------------------------------------------------
    def start(self) -> tuple[str, int]:
        """Bind, start the thread, wait until it listens; ``(host, port)``. Raises OSError when it cannot bind."""
        family = socket.AF_INET6 if ":" in self.host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        try:
            if hasattr(socket, "SO_EXCLUSIVEADDRUSE"):  # Windows: no other process may take the port too
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_EXCLUSIVEADDRUSE, 1)
            else:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((self.host, self.port))
            sock.listen(128)
            sock.setblocking(False)
        except OSError:
            sock.close()
            raise
        self.port = sock.getsockname()[1]
        self.thread = threading.Thread(target=self._run, args=(sock,), name=THREAD_NAME, daemon=True)
        self.thread.start()
        self._ready.wait(15)
        if self._error is not None:
            raise OSError(f"the class canvas could not start: {self._error}")
        return self.host, self.port

    def stop(self, timeout: float = 10.0) -> None:
        """Close every connection and the socket, end the thread."""
        if self.thread is None:
            return
        if self.loop is not None and self._stop is not None:
            try:
                self.loop.call_soon_threadsafe(self._stop.set)
            except RuntimeError:  # the loop has ended already
                pass
        self.thread.join(timeout)
        self.thread = None

    def open_connections(self) -> int:
        """Connections open now (as the watchdog last counted them, twice a second)."""
        return len(self._opened)

    # --- the server's thread --------------------------------------------------------------------------
    def _run(self, sock: socket.socket) -> None:
        loop = self.loop = asyncio.new_event_loop()
        try:
            loop.run_until_complete(self._serve(sock))
        except BaseException as error:  # noqa: BLE001 -- reported to start(), which waits for it
            self._error = error
        finally:
            self._ready.set()
            sock.close()
            loop.close()

    async def _serve(self, sock: socket.socket) -> None:
        self._stop = asyncio.Event()
        app = web.Application(client_max_size=self.limits.max_body_bytes, middlewares=[self._guard])
        prefix = "/c/{token}"
        app.router.add_get(prefix, self._to_folder)
        app.router.add_get(prefix + "/", self._page_handler)
        app.router.add_get(prefix + "/static/{name}", self._static_handler)
        app.router.add_get(prefix + "/settings", self._settings_handler)
        app.router.add_post(prefix + "/drawings", self._drawing_handler)
        app.router.add_get(prefix + "/answers", self._answers_handler)
        runner = web.AppRunner(
            app,
            access_log=None,
            keepalive_timeout=self.limits.keepalive_seconds,
            max_line_size=4096,
            max_field_size=4096,
            handle_signals=False,
        )
        await runner.setup()
        http = runner.server

        def protocol():
            self._prune(http)
            if len(self._opened) >= self.limits.connections:
                self.refused[503] = self.refused.get(503, 0) + 1
                return _Closing()
            handler = http()
            self._opened[handler] = time.monotonic()
            return handler

        server = await asyncio.get_running_loop().create_server(protocol, sock=sock)
        watchdog = asyncio.create_task(self._watch(http))
        self._ready.set()
        try:
            await self._stop.wait()
        finally:
            watchdog.cancel()
            server.close()
            for handler in http.connections:
                handler.force_close()
            await runner.cleanup()
            await server.wait_closed()

    def _prune(self, http) -> float:
        """Forget the connections that have ended (one made in the last second may not be registered yet)."""
        now = time.monotonic()
        alive = set(http.connections)
        self._opened = {h: t for h, t in self._opened.items() if h in alive or now - t < 1.0}
        for handler in alive - self._opened.keys():
            self._opened[handler] = now
        return now

    async def _watch(self, http) -> None:
        """Twice a second: close connections open too long (after their request in hand; cut past the grace), and an
        address's connections beyond its share."""
        while True:
            await asyncio.sleep(0.5)
            now = self._prune(http)
            per_address: dict[str, list] = {}
            for handler in http.connections:
                peer = handler.peername
                per_address.setdefault(peer[0] if isinstance(peer, tuple) else str(peer), []).append(handler)
                age = now - self._opened[handler]
                if age > self.limits.connection_seconds + self.limits.connection_grace_seconds:
                    handler.force_close()
                elif age > self.limits.connection_seconds:
                    handler.close()
            for handlers in per_address.values():
                handlers.sort(key=self._opened.get)
                for handler in handlers[self.limits.connections_per_address :]:
                    handler.force_close()

    @web.middleware
    async def _guard(self, request: web.Request, handler):
        address = request.remote or "?"
        if not self._requests.take(address):
            return self._refuse(429, "too many requests: slow down", "slow_down")
        token = request.match_info.get("token")
        if token is None or not self.canvas.token_matches(token):
            return self._refuse(
                403, "this class canvas code is wrong or has ended: scan the teacher's code again", "wrong_code"
            )
        if self._in_flight >= self.limits.in_flight:
            return self._refuse(503, "the teacher's computer is busy: try again", "busy")
        self.hits += 1
        self._in_flight += 1
        try:
            response = await handler(request)
        except web.HTTPException as error:
            if error.status >= 400:
                return self._refuse(error.status, error.reason, ERROR_CODES.get(error.status, ""))
            raise
        finally:
            self._in_flight -= 1
        response.headers.update(SECURITY_HEADERS)
        opened = self._opened.get(request.protocol)
        if opened is not None and time.monotonic() - opened > WIND_DOWN * self.limits.connection_seconds:
            # "Connection: close": the phone's next request opens a new connection before the watchdog closes this
            # one (a request sent as it closed an idle one failed: a race every keep-alive client can lose).
            response.force_close()
        return response

    def _refuse(self, status: int, message: str, code: str = "") -> web.Response:
        self.refused[status] = self.refused.get(status, 0) + 1
        return _refusal(status, message, code)

    # --- the routes -----------------------------------------------------------------------------------
    async def _to_folder(self, request: web.Request) -> web.Response:
        # The printed address has no trailing slash; the page's relative links need one.
        raise web.HTTPFound(f"/c/{request.match_info['token']}/")

    async def _page_handler(self, request: web.Request) -> web.Response:
        language = page_text.choose(request.headers.get("Accept-Language"), self.canvas.language)
        words = json.dumps(page_text.TEXT[language], ensure_ascii=False).replace("<", "\\u003c")
        html = self._page.replace("{LANG}", language.replace("_", "-")).replace("{TEXT}", words)
        return web.Response(text=html, content_type="text/html", charset="utf-8")

    async def _static_handler(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in STATIC:
            raise web.HTTPNotFound(reason="no such file")
        return web.Response(body=self._static[name], content_type=STATIC[name], charset="utf-8")

    async def _settings_handler(self, request: web.Request) -> web.Response:
        return web.json_response(self.canvas.page_settings())

    async def _answers_handler(self, request: web.Request) -> web.Response:
        phone = request.query.get("phone", "")
        if not 6 <= len(phone) <= 32 or not phone.replace("-", "").replace("_", "").isalnum() or not phone.isascii():
            raise web.HTTPBadRequest(reason="phone must be 6 to 32 letters, digits, '-' or '_'")
        return web.json_response({"drawings": self.canvas.answers_for(phone), **self.canvas.page_settings()})

    async def _drawing_handler(self, request: web.Request) -> web.Response:
        if request.content_type != "application/json":
            raise web.HTTPUnsupportedMediaType(reason="send the drawing as application/json")
        if request.content_length is not None and request.content_length > self.limits.max_body_bytes:
            raise web.HTTPRequestEntityTooLarge(max_size=self.limits.max_body_bytes, actual_size=request.content_length)
        try:
            async with asyncio.timeout(self.limits.body_seconds):
                raw = await request.read()
        except TimeoutError:
            raise web.HTTPRequestTimeout(reason="the drawing took too long to arrive") from None
        try:
            body = parse_json(raw.decode("utf-8"), max_depth=3)
            drawing = parse(body, classes=len(self.canvas.classes))
        except UnicodeDecodeError:
            raise web.HTTPBadRequest(reason="the body is not UTF-8") from None
        except BadDrawing as error:
            raise web.HTTPBadRequest(reason=str(error)) from None
        except ValueError as error:
            raise web.HTTPBadRequest(reason=f"not a JSON drawing: {str(error)[:80]}") from None
        if not self._sends.take(drawing.phone):
            return self._refuse(429, "one drawing a second, please", "one_a_second")
        try:
            number = self.canvas.receive(
                drawing.phone, request.remote or "?", drawing.image, drawing.label, drawing.pseudonym
            )
        except Refused as refused:
            return self._refuse(refused.status, str(refused), refused.code)
        return web.json_response({"id": number}, status=202)

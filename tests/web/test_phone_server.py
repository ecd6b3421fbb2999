"""The class canvas's server, attacked from 127.0.0.1: every request bounded, refused with a clear status,
nothing past the teacher, nothing listening when closed, no connection out, no name resolved."""

from __future__ import annotations

import asyncio
import http.client
import json
import re
import socket
import threading
import time

import numpy as np
import pytest

from cnnviz.app import class_canvas
from cnnviz.app.class_canvas import ClassCanvas
from cnnviz.data.drawing import preprocess_digit
from cnnviz.web import page_text, server
from cnnviz.web.server import THREAD_NAME, Limits, PhoneServer, numeric_host
from cnnviz.web.strokes import MAX_POINTS

ONE = {"w": 300, "h": 300, "strokes": [[150, 30, 152, 150, 150, 270]], "label": 1}


def open_canvas(limits: Limits | None = None, language: str = "en") -> ClassCanvas:
    canvas = ClassCanvas(language)
    canvas.open(lambda model: PhoneServer(model, "127.0.0.1", 0, Limits() if limits is None else limits))
    return canvas


@pytest.fixture
def canvas():
    c = open_canvas()
    yield c
    c.close()


def request(canvas, method, path, body=None, headers=None, token=None):
    """``(status, parsed JSON or text, headers)`` of one request on a fresh connection."""
    conn = http.client.HTTPConnection("127.0.0.1", canvas.port, timeout=10)
    try:
        data = body if isinstance(body, (bytes, type(None))) else json.dumps(body).encode()
        hdrs = {"Content-Type": "application/json"} if data is not None else {}
        hdrs.update(headers or {})
        conn.request(method, f"/c/{token or canvas.token}{path}", body=data, headers=hdrs)
        response = conn.getresponse()
        raw = response.read()
        kind = response.getheader("Content-Type", "")
        return response.status, json.loads(raw) if "json" in kind else raw.decode(), dict(response.getheaders())
    finally:
        conn.close()


def send(canvas, phone="phone-one", **fields):
    return request(canvas, "POST", "/drawings", {"phone": phone, **ONE, **fields})


def connect_refused(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
    except ConnectionRefusedError:
        return True
    return False


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_threads():
    return [t for t in threading.enumerate() if t.name == THREAD_NAME]


# --- listening only while open ------------------------------------------------------------------------
def test_nothing_listens_before_open_or_after_close():
    port = free_port()
    canvas = ClassCanvas()
    assert connect_refused(port) and not server_threads()
    canvas.open(lambda model: PhoneServer(model, "127.0.0.1", port))
    assert canvas.port == port and not connect_refused(port)
    assert request(canvas, "GET", "/settings")[0] == 200
    canvas.close()
    assert connect_refused(port)
    assert not server_threads()


def test_binds_only_where_asked_and_resolves_no_names():
    with pytest.raises(ValueError, match="numeric"):
        numeric_host("teacher-laptop.local")
    assert numeric_host("localhost") == "127.0.0.1" and numeric_host("[::1]") == "::1"
    canvas = open_canvas()
    try:
        assert canvas.server.host == "127.0.0.1"
        # The socket is bound to 127.0.0.1 itself, not to every interface.
        other = [
            a
            for a in {i[4][0] for i in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)}
            if not a.startswith("127.")
        ]
        for address in other:
            with pytest.raises(OSError):
                socket.create_connection((address, canvas.port), timeout=2).close()
    finally:
        canvas.close()


def test_the_server_makes_no_outbound_connection_and_resolves_nothing(monkeypatch):
    calls = []
    real_connect, real_getaddrinfo = socket.socket.connect, socket.getaddrinfo

    def connect(self, *args):
        if threading.current_thread().name == THREAD_NAME:
            calls.append(("connect", args))
        return real_connect(self, *args)

    def getaddrinfo(*args, **kwargs):
        if threading.current_thread().name == THREAD_NAME:
            calls.append(("getaddrinfo", args))
        return real_getaddrinfo(*args, **kwargs)

    monkeypatch.setattr(socket.socket, "connect", connect)
    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    canvas = open_canvas()
    try:
        assert request(canvas, "GET", "/")[0] == 200
        assert send(canvas)[0] == 202
        assert request(canvas, "GET", "/answers?phone=phone-one")[0] == 200
    finally:
        canvas.close()
    assert calls == []


# --- the token -----------------------------------------------------------------------------------------
def test_a_wrong_or_ended_token_is_refused(canvas):
    status, body, _ = request(canvas, "GET", "/", token="wrongtoken")
    assert status == 403 and "code" in body["error"]
    conn = http.client.HTTPConnection("127.0.0.1", canvas.port, timeout=5)
    conn.request("GET", "/")
    assert conn.getresponse().status == 403  # no token at all
    conn.close()
    old = canvas.token
    canvas.close()
    canvas.open(lambda model: PhoneServer(model, "127.0.0.1", 0))
    assert request(canvas, "GET", "/settings", token=old)[0] == 403
    assert request(canvas, "GET", "/settings")[0] == 200


# --- the page -------------------------------------------------------------------------------------------
def test_the_page_is_self_contained_and_in_the_phone_s_language(canvas):
    status, html, headers = request(canvas, "GET", "/")
    assert status == 200 and "static/page.js" in html and "Send" in html
    assert "default-src 'none'" in headers["Content-Security-Policy"]
    assert headers["Referrer-Policy"] == "no-referrer" and "Set-Cookie" not in headers
    assert "http://" not in html and "https://" not in html  # nothing fetched from elsewhere
    for name in ("page.js", "page.css"):
        status, text, headers = request(canvas, "GET", f"/static/{name}")
        assert status == 200 and not any(scheme in text for scheme in ("http://", "https://", "ws://", "wss://"))
        assert "document.cookie" not in text and "localStorage" not in text and "sessionStorage" not in text
    assert request(canvas, "GET", "/static/../server.py")[0] in (403, 404)
    assert "Senden" in request(canvas, "GET", "/", headers={"Accept-Language": "de-AT,de;q=0.9,en;q=0.5"})[1]
    assert "发送" in request(canvas, "GET", "/", headers={"Accept-Language": "zh-Hans-CN"})[1]
    assert page_text.choose("fr-FR, zh-TW", "ja") == "ja"  # none of ours: the app's language
    assert page_text.choose("x" * 10_000, "de") == "de"


def test_every_language_has_every_word():
    for language in page_text.LANGUAGES:
        assert page_text.TEXT[language].keys() == page_text.TEXT["en"].keys(), language
        assert "{digit}" in page_text.TEXT[language]["draw_digit"]


# --- drawings --------------------------------------------------------------------------------------------
def test_a_drawing_waits_for_the_teacher_and_is_preprocessed_like_the_canvas(canvas):
    status, body, _ = send(canvas)
    assert status == 202 and body["id"] == 1
    assert canvas.queue == [] and canvas.accepted == []  # the inbox, nowhere else
    (sub,) = canvas.collect()
    assert sub.image.shape == (28, 28) and sub.label == 1 and canvas.accepted == []
    ys, xs = np.nonzero(sub.image > 0.5)
    assert 3 <= ys.min() <= 5 and 22 <= ys.max() <= 24 and xs.max() - xs.min() < 8  # a 1, 20 px tall
    picture = np.zeros((28, 28), np.uint8)
    picture[6:22, 10:18] = 255
    status, _, _ = request(canvas, "POST", "/drawings", {"phone": "phone-two", "image": picture.ravel().tolist()})
    assert status == 202
    (sub,) = canvas.collect()
    np.testing.assert_array_equal(sub.image, preprocess_digit(picture))


@pytest.mark.parametrize(
    "body, words",
    [
        (b"not json", "JSON"),
        (b"[1, 2]", "object"),
        (b"\xff\xfe", "UTF-8"),
        (b'{"phone": "phone-one", "strokes": [[1, 2]], "w": 10, "h": 10, "x": 1}', "unknown field"),
        (b'{"phone": "a", "strokes": [[1, 2]], "w": 10, "h": 10}', "phone"),
        (b'{"phone": "phone-one", "strokes": [[1, 2, 3]], "w": 10, "h": 10}', "pairs"),
        (b'{"phone": "phone-one", "strokes": [[1, 2]], "w": 99999, "h": 10}', "w must"),
        (b'{"phone": "phone-one", "strokes": [[50, 2]], "w": 10, "h": 10}', "inside"),
        (b'{"phone": "phone-one", "strokes": [[1.5, 2]], "w": 10, "h": 10}', "whole"),
        (b'{"phone": "phone-one", "strokes": [[1, 2]], "w": 10, "h": 10, "label": 10}', "label"),
        (b'{"phone": "phone-one", "strokes": [[1, 2]], "w": 10, "h": 10, "label": true}', "label"),
        (b'{"phone": "phone-one", "strokes": [], "w": 10, "h": 10}', "strokes"),
        (b'{"phone": "phone-one", "image": [0, 1]}', "784"),
        (b'{"phone": "phone-one", "image": ' + json.dumps([0] * 784).encode() + b"}", "empty"),
        (
            b'{"phone": "phone-one", "strokes": [[1, 2]], "w": 10, "h": 10, "pseudonym": "' + b"x" * 99 + b'"}',
            "pseudonym",
        ),
        (b'{"phone": "phone-one", "strokes": [[1, 2]], "w": 10, "h": 10, "label": NaN}', "JSON"),
        (b"[" * 5000 + b"]" * 5000, "JSON"),
    ],
)
def test_malformed_bodies_are_refused_with_400(canvas, body, words):
    status, answer, _ = request(canvas, "POST", "/drawings", body)
    assert status == 400 and words in answer["error"], answer
    canvas.collect()
    assert canvas.queue == []


def test_too_many_points_are_refused(canvas):
    stroke = [v for i in range(MAX_POINTS + 1) for v in (i % 300, (i * 7) % 300)]
    status, answer, _ = request(
        canvas, "POST", "/drawings", {"phone": "phone-one", "w": 300, "h": 300, "strokes": [stroke]}
    )
    assert status == 413 or (status == 400 and "points" in answer["error"])


def test_oversize_bodies_and_wrong_types_are_refused(canvas):
    big = b'{"phone": "phone-one", "pseudonym": "' + b"x" * 100_000 + b'"}'
    assert request(canvas, "POST", "/drawings", big)[0] == 413
    # A chunked body (no length given) is cut off at the limit too.
    conn = http.client.HTTPConnection("127.0.0.1", canvas.port, timeout=10)
    conn.request(
        "POST",
        f"/c/{canvas.token}/drawings",
        body=iter([b"x" * 8192] * 20),
        headers={"Content-Type": "application/json", "Transfer-Encoding": "chunked"},
        encode_chunked=True,
    )
    assert conn.getresponse().status == 413
    conn.close()
    assert request(canvas, "POST", "/drawings", b"{}", headers={"Content-Type": "text/plain"})[0] == 415
    assert request(canvas, "GET", "/answers?phone=%00%01")[0] == 400
    assert request(canvas, "DELETE", "/drawings")[0] in (403, 405)


def test_a_phone_is_rate_limited_and_others_are_not(canvas):
    statuses = [send(canvas)[0] for _ in range(6)]
    assert statuses[:3] == [202] * 3 and 429 in statuses[3:]
    assert send(canvas, phone="phone-two")[0] == 202


def test_a_blocked_phone_is_told_so(canvas):
    send(canvas)
    canvas.collect()
    canvas.reject_phone("phone-one")
    status, answer, _ = send(canvas, phone="phone-one")
    assert status == 403 and "teacher" in answer["error"]


def test_a_burst_of_a_thousand_requests_is_refused_and_the_server_stays_up(canvas):
    async def burst():
        import aiohttp

        # 32 connections at once: under the per-address cap (more are closed: bounded too, but not this test's)
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=32)) as session:

            async def one():
                async with session.get(f"http://127.0.0.1:{canvas.port}/c/{canvas.token}/settings") as r:
                    await r.read()
                    return r.status

            return await asyncio.gather(*(one() for _ in range(1000)))

    began = time.perf_counter()
    statuses = asyncio.run(burst())
    seconds = time.perf_counter() - began
    assert statuses.count(429) >= 800 and set(statuses) <= {200, 429, 503}, set(statuses)
    assert seconds < 20
    assert canvas.server.refused[429] >= 800
    time.sleep(0.1)  # the bucket refills (40 a second): a phone is served again at once after the burst
    assert request(canvas, "GET", "/settings")[0] == 200


def test_slow_and_silent_clients_are_cut_off():
    canvas = open_canvas(Limits(body_seconds=0.5, keepalive_seconds=0.5, connection_seconds=1.5))
    try:
        silent = socket.create_connection(("127.0.0.1", canvas.port), timeout=5)
        slow = socket.create_connection(("127.0.0.1", canvas.port), timeout=5)
        slow.sendall(
            f"POST /c/{canvas.token}/drawings HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            'Content-Length: 500\r\n\r\n{"phone"'.encode()
        )
        answer = slow.recv(4096)
        assert b" 408 " in answer.split(b"\r\n")[0]
        assert silent.recv(10) == b""  # closed without a word: it never asked anything
        assert request(canvas, "GET", "/settings")[0] == 200
    finally:
        canvas.close()


def test_an_old_connection_is_told_to_close_before_it_is_cut():
    """A phone polling on one keep-alive connection is told "Connection: close" before the age limit, so its next
    request opens a new connection instead of racing the watchdog (40 phones lost ~30 requests a minute so)."""
    canvas = open_canvas(Limits(connection_seconds=0.6, connection_grace_seconds=0.5))
    try:
        conn = http.client.HTTPConnection("127.0.0.1", canvas.port, timeout=5)
        said = []
        for _ in range(8):
            conn.request("GET", f"/c/{canvas.token}/settings")
            response = conn.getresponse()
            response.read()
            said.append((response.status, response.getheader("Connection", "")))
            time.sleep(0.2)
        conn.close()
        assert all(status == 200 for status, _ in said), said
        assert said[0][1] != "close" and "close" in [connection for _, connection in said], said
    finally:
        canvas.close()


def test_a_client_that_never_reads_holds_nothing_for_long():
    canvas = open_canvas(
        Limits(connection_seconds=1.0, connection_grace_seconds=0.1, requests_per_second=1000, request_burst=1000)
    )
    try:
        greedy = socket.create_connection(("127.0.0.1", canvas.port), timeout=5)
        greedy.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        line = f"GET /c/{canvas.token}/static/page.js HTTP/1.1\r\nHost: x\r\n\r\n".encode()
        greedy.settimeout(0.2)
        try:
            for _ in range(300):
                greedy.sendall(line)
        except (TimeoutError, OSError):
            pass  # its own send buffer is full: the server stopped reading it (back-pressure)
        began = time.perf_counter()
        assert request(canvas, "GET", "/settings")[0] == 200  # others are served meanwhile
        assert time.perf_counter() - began < 2
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and canvas.server.open_connections():
            time.sleep(0.1)
        assert canvas.server.open_connections() == 0
        greedy.close()
    finally:
        canvas.close()


def test_connections_are_capped():
    canvas = open_canvas(Limits(connections=4, connections_per_address=100))
    try:
        sockets = [socket.create_connection(("127.0.0.1", canvas.port), timeout=5) for _ in range(8)]
        closed = 0
        for s in sockets:
            s.settimeout(0.3)
            try:
                closed += s.recv(10) == b""
            except TimeoutError:
                pass
        assert closed >= 4
        for s in sockets:
            s.close()
    finally:
        canvas.close()


def test_the_interfaces_offered_are_the_ones_phones_can_reach():
    from cnnviz.web.interfaces import network_interfaces, parse_host_port

    listing = {
        "lo": [(socket.AF_INET, "127.0.0.1")],
        "docker0": [(socket.AF_INET, "172.17.0.1")],
        "wlan0": [(socket.AF_INET, "192.168.1.23"), (socket.AF_INET6, "fe80::1")],
        "eth0": [(socket.AF_INET, "169.254.3.4")],
        "tun0": [(socket.AF_INET, "81.2.3.4")],
    }
    found = [(i.name, i.address) for i in network_interfaces(listing)]
    assert found == [("docker0", "172.17.0.1"), ("wlan0", "192.168.1.23"), ("tun0", "81.2.3.4")]
    assert network_interfaces({}) == []
    assert parse_host_port("") == (None, 0) and parse_host_port(":8123") == (None, 8123)
    assert parse_host_port("192.168.1.23:8123") == ("192.168.1.23", 8123)
    assert parse_host_port("[::1]:80") == ("::1", 80) and parse_host_port("localhost") == ("127.0.0.1", 0)
    for bad in ("host.example:80", "1.2.3.4:0", "1.2.3.4:http", "0.0.0.0", "[::]:80"):
        with pytest.raises(ValueError):
            parse_host_port(bad)


def test_the_page_writes_percentages_the_way_its_language_does():
    """ "97 %" with a no-break space in German, "97%" in English, Japanese and Chinese: the window's style
    (cnnviz.number_format), so a phone and the projector write the same figure the same way."""
    from cnnviz.number_format import format_percent

    for code in page_text.LANGUAGES:
        shown = page_text.TEXT[code]["percent"].replace("{}", "97")
        assert shown == format_percent(0.97, 0, code), code
    assert page_text.TEXT["de"]["percent"] == "{}\u00a0%" and page_text.TEXT["en"]["percent"] == "{}%"


def test_every_refusal_names_a_reason_the_page_says_in_every_language(canvas):
    """The phone page showed the server's English ("Could not send: the teacher is not taking drawings from this
    phone") on a German or Japanese phone: each refusal now carries a code the page has a sentence for."""
    send(canvas, phone="phone-two")
    canvas.collect()
    canvas.reject_phone("phone-two")
    said = [send(canvas, phone="phone-two")[1]]  # the teacher rejected this phone
    said += [send(canvas)[1] for _ in range(5)][3:]  # one drawing a second
    said.append(send(canvas, phone="phone-three", label=99)[1])
    said.append(request(canvas, "POST", "/drawings", b"{", headers={"Content-Type": "application/json"})[1])
    said.append(request(canvas, "GET", "/settings", token="x" * len(canvas.token))[1])
    codes = [answer["code"] for answer in said]
    assert {"one_a_second", "bad_drawing", "blocked", "wrong_code"} <= set(codes), said
    assert all(answer["error"] for answer in said), "the English reason stays (logs, other clients)"
    named = set()  # every code the server and the model give
    for module in (server, class_canvas):
        source = open(module.__file__, encoding="utf-8").read()
        named |= set(re.findall(r'(?:Refused|_refuse)\(\s*\w+,\s*"[^"]*",\s*"(\w+)"\)', source))
    assert {"queue_full", "canvas_full", "slow_down", "busy", "phone_quota"} <= named, named
    for language in page_text.LANGUAGES:
        for code in set(codes) | set(server.ERROR_CODES.values()) | named:
            assert page_text.TEXT[language][f"error_{code}"], (language, code)
    assert page_text.TEXT["de"]["error_blocked"] == "Die Lehrkraft nimmt von diesem Handy keine Zeichnungen an."

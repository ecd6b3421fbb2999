"""The class canvas, Qt-free: students draw on their phones, the teacher moderates, the network learns.

:class:`ClassCanvas` holds what the teacher's window and the phones' server share: whether the
canvas is open (and where it listens, with its one-session token), the task the teacher set, the
class's own classes, the queue of drawings waiting for the teacher, the accepted ones, the ones
held back as the class's own test set, the phones seen and the network's answers for each
drawing. Its methods are the intents; each says what changed through :attr:`ClassCanvas.events`.

Two threads touch it: the server's (a phone's drawing arrives: :meth:`receive`, which only puts
it in a bounded inbox, and the answers a phone asks for: :meth:`answers_for`) and the window's
(everything else: :meth:`collect` moves the inbox into the queue and emits ``queue``). A lock
guards what both read; events are emitted in the thread that called the intent, never the
server's. Nothing here listens on a network: :meth:`open` is given the server to start (the web
face, ``cnnviz.web``), so that the model stays below it.
"""

from __future__ import annotations

import itertools
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from .events import Events

TOKEN_BYTES = 6
"""``secrets.token_urlsafe(6)``: 8 characters, 48 random bits. Guessing it over the classroom
network at the server's rate limit (about 100 requests a second per address) takes ~10^12 s."""
MAX_PENDING = 400
"""Drawings waiting for the teacher at most; a phone sending beyond that is told the queue is full."""
MAX_SESSION_DRAWINGS = 3000
"""Drawings one session takes at most (every phone together): 3000 28x28 images are 9 MB."""
MAX_PER_PHONE = 200
"""Drawings one phone may send in a session."""
MAX_PHONES = 500
"""Phones one session keeps track of; more are refused (a class is ~30)."""
MAX_PSEUDONYM_CHARS = 24
MIN_CLASSES, MAX_CLASSES = 2, 10
MAX_CLASS_NAME_CHARS = 24
DIGIT_NAMES = tuple(str(d) for d in range(10))


class CanvasServer(Protocol):
    """What :meth:`ClassCanvas.open` needs of a server (``cnnviz.web.server.PhoneServer`` is one)."""

    def start(self) -> tuple[str, int]: ...  # (host, port) it listens on
    def stop(self) -> None: ...


@dataclass(frozen=True)
class Task:
    """What the phones are asked: ``kind`` "digit" (draw ``digit``), "any" (any digit, say which) or
    "class" (one of the class's own classes, say which)."""

    kind: str = "any"
    digit: int | None = None

    def as_json(self) -> dict:
        return {"kind": self.kind, "digit": self.digit}


@dataclass
class Submission:
    """One drawing from one phone: the 28x28 network input (ink 1), the label the phone gave, who."""

    id: int
    phone: str
    address: str
    image: np.ndarray
    label: int | None
    pseudonym: str = ""
    sent_at: float = 0.0
    """``time.perf_counter()`` when the server had decoded it (the latency report's start)."""
    queued_at: float | None = None
    status: str = "waiting"
    """waiting, accepted, held_back (accepted into the class's test set) or rejected."""


@dataclass
class Answer:
    probabilities: list[float]
    prediction: int
    not_sure: bool | None
    step: int


@dataclass
class Phone:
    address: str
    sent: int = 0
    first_seen: float = field(default_factory=time.monotonic)


class Refused(Exception):
    """A drawing the model will not take; ``status`` is the HTTP status the server answers with, ``code`` the
    phone page's name for the reason (it says it in the phone's language: ``web.page_text``'s ``error_<code>``)."""

    def __init__(self, status: int, message: str, code: str = ""):
        super().__init__(message)
        self.status, self.code = status, code


class ClassCanvas:
    """Events (emitted in the thread of the intent, after the change): ``opened`` (the address),
    ``closed`` (), ``queue`` (the list of waiting :class:`Submission`), ``accepted`` (a Submission:
    accepted or held back), ``rejected`` (the list of Submissions rejected), ``task`` (the
    :class:`Task`), ``classes`` (the class names), ``phones`` (how many phones have sent so far),
    ``answers`` (the step whose weights answered)."""

    def __init__(self, language: str = "en"):
        self.events = Events(
            "opened", "closed", "queue", "accepted", "rejected", "task", "classes", "phones", "answers"
        )
        self.language = language
        """The page's language when the phone asks for none of ours (the app's)."""
        self.server: CanvasServer | None = None
        self.token: str | None = None
        self.host: str | None = None
        self.port: int | None = None
        self.task = Task()
        self.classes: tuple[str, ...] = DIGIT_NAMES
        self.names_allowed = False
        """Pseudonyms are asked for as "nickname or seat"; True: the page asks for a name."""
        self.queue: list[Submission] = []
        self.accepted: list[Submission] = []
        self.held_back: list[Submission] = []
        self.blocked_phones: set[str] = set()
        self.blocked_addresses: set[str] = set()
        self._lock = threading.Lock()
        self._inbox: deque[Submission] = deque()
        self._ids = itertools.count(1)
        self._phones: dict[str, Phone] = {}
        self._received = 0
        self._answers: dict[int, Answer] = {}
        self._status: dict[int, str] = {}
        self._rejected: dict[int, str] = {}
        """Rejected drawing -> its phone (the image itself is dropped; the phone is told "not used")."""
        self.notify: Callable[[], None] | None = None
        """Called (in the server's thread) when a drawing arrived: the window wakes up to :meth:`collect`."""

    def set_language(self, language: str) -> None:
        """The page speaks ``language`` when the phone asks for none of ours (the app's language)."""
        self.language = language

    # --- open and close ---------------------------------------------------------------------------
    @property
    def is_open(self) -> bool:
        return self.server is not None

    @property
    def address(self) -> str | None:
        """``http://HOST:PORT/c/TOKEN`` while open (an IPv6 host in brackets), else None."""
        if not self.is_open:
            return None
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/c/{self.token}"

    def open(self, make_server: Callable[[ClassCanvas], CanvasServer]) -> str:
        """Start listening: a new token, then ``make_server(self)``'s server started; returns the address.
        Open already: the address as it is."""
        if self.is_open:
            return self.address
        with self._lock:
            self.token = secrets.token_urlsafe(TOKEN_BYTES)
        server = make_server(self)
        self.host, self.port = server.start()
        self.server = server
        self.events.opened.emit(self.address)
        return self.address

    def close(self) -> None:
        """Stop listening; the token ends with it (a new one at the next open). The drawings stay until the app
        closes (in memory only)."""
        server, self.server = self.server, None
        with self._lock:
            self.token = None
        if server is not None:
            server.stop()
            self.events.closed.emit()

    def token_matches(self, token: str) -> bool:
        """The server's check, in constant time."""
        with self._lock:
            current = self.token
        return current is not None and secrets.compare_digest(token.encode(), current.encode())

    # --- what the phones are asked --------------------------------------------------------------
    def set_task(self, kind: str, digit: int | None = None) -> None:
        if kind not in ("digit", "any", "class"):
            raise ValueError(f"unknown task {kind!r}")
        if kind == "digit" and (digit is None or not 0 <= int(digit) <= 9):
            raise ValueError("a 'digit' task needs a digit from 0 to 9")
        if kind == "class" and self.classes == DIGIT_NAMES:
            raise ValueError("name the class's own classes first")
        self.task = Task(kind, int(digit) if kind == "digit" else None)
        self.events.task.emit(self.task)

    def set_classes(self, names) -> None:
        """The class's own classes (2 to 10 names); an empty list: back to the digits."""
        names = tuple(" ".join(str(n).split())[:MAX_CLASS_NAME_CHARS] for n in names)
        if not names:
            self.classes = DIGIT_NAMES
            if self.task.kind == "class":
                self.task = Task()
                self.events.task.emit(self.task)
        else:
            if not MIN_CLASSES <= len(names) <= MAX_CLASSES or not all(names) or len(set(names)) != len(names):
                raise ValueError(f"give {MIN_CLASSES} to {MAX_CLASSES} different names")
            self.classes = names
            self.task = Task("class")
            self.events.task.emit(self.task)
        self.events.classes.emit(self.classes)

    def page_settings(self) -> dict:
        """What the page shows (the server's thread reads it)."""
        return {"task": self.task.as_json(), "classes": list(self.classes), "names": self.names_allowed}

    # --- drawings arriving (the server's thread) -----------------------------------------------------
    def receive(
        self,
        phone: str,
        address: str,
        image: np.ndarray,
        label: int | None,
        pseudonym: str = "",
        sent_at: float | None = None,
    ) -> int:
        """A phone's drawing (already checked and preprocessed by the server) into the inbox; its id.
        Raises :class:`Refused` when the phone is blocked or a cap is reached."""
        if label is not None and not 0 <= label < len(self.classes):
            raise Refused(400, "label out of range", "bad_label")
        if self.task.kind == "digit":
            label = self.task.digit
        with self._lock:
            if phone in self.blocked_phones or address in self.blocked_addresses:
                raise Refused(403, "the teacher is not taking drawings from this phone", "blocked")
            if self._received >= MAX_SESSION_DRAWINGS:
                raise Refused(503, "the class canvas has all the drawings it can take", "canvas_full")
            if len(self._inbox) + len(self.queue) >= MAX_PENDING:
                raise Refused(503, "the teacher's queue is full: try again in a minute", "queue_full")
            known = self._phones.get(phone)
            if known is None:
                if len(self._phones) >= MAX_PHONES:
                    raise Refused(503, "too many phones", "too_many_phones")
                known = self._phones[phone] = Phone(address)
            if known.sent >= MAX_PER_PHONE:
                raise Refused(429, "this phone has sent all the drawings it may", "phone_quota")
            known.sent += 1
            self._received += 1
            submission = Submission(
                next(self._ids),
                phone,
                address,
                np.asarray(image, np.float32),
                label,
                pseudonym[:MAX_PSEUDONYM_CHARS],
                time.perf_counter() if sent_at is None else sent_at,
            )
            self._inbox.append(submission)
            self._status[submission.id] = "waiting"
        if self.notify is not None:
            self.notify()
        return submission.id

    def answers_for(self, phone: str) -> list[dict]:
        """The server's thread: each drawing of ``phone`` with its state and the network's latest answer."""
        with self._lock:
            out = [
                {"id": i, "status": "rejected", "label": None, "answer": None}
                for i, p in self._rejected.items()
                if p == phone
            ]
            for sub in list(self._inbox) + self.queue + self.accepted + self.held_back:
                if sub.phone != phone:
                    continue
                answer = self._answers.get(sub.id)
                out.append(
                    {
                        "id": sub.id,
                        "status": self._status.get(sub.id, "waiting"),
                        "label": sub.label,
                        "answer": None if answer is None else vars(answer),
                    }
                )
        return sorted(out, key=lambda item: item["id"])[-20:]

    @property
    def phones_seen(self) -> int:
        with self._lock:
            return len(self._phones)

    # --- the teacher (the window's thread) ----------------------------------------------------------
    def collect(self) -> list[Submission]:
        """Move what arrived into the queue; emits ``queue`` (and ``phones``) when anything came."""
        now = time.perf_counter()
        with self._lock:
            new = list(self._inbox)
            self._inbox.clear()
            for sub in new:
                sub.queued_at = now
            self.queue.extend(new)
            phones = len(self._phones)
        if new:
            self.events.queue.emit(list(self.queue))
            self.events.phones.emit(phones)
        return new

    def _take(self, ids) -> list[Submission]:
        ids = set(ids)
        with self._lock:
            taken = [s for s in self.queue if s.id in ids]
            self.queue = [s for s in self.queue if s.id not in ids]
        return taken

    def accept(self, submission_id: int, label: int | None = None, hold_back: bool = False) -> Submission | None:
        """The teacher takes drawing ``submission_id`` (with ``label``, else the phone's); ``hold_back``: into the
        class's own test set, never trained on. None when it is not waiting (or has no label)."""
        waiting = next((s for s in self.queue if s.id == submission_id), None)
        if waiting is None:
            return None
        label = waiting.label if label is None else int(label)
        if label is None or not 0 <= label < len(self.classes):
            return None
        (sub,) = self._take([submission_id])
        sub.label = label
        sub.status = "held_back" if hold_back else "accepted"
        with self._lock:
            (self.held_back if hold_back else self.accepted).append(sub)
            self._status[sub.id] = sub.status
        self.events.accepted.emit(sub)
        self.events.queue.emit(list(self.queue))
        return sub

    def reject(self, submission_ids) -> list[Submission]:
        """Drop these waiting drawings (they are forgotten: the phone is told "not used")."""
        if isinstance(submission_ids, int):
            submission_ids = [submission_ids]
        taken = self._forget(self._take(submission_ids))
        if taken:
            self.events.rejected.emit(taken)
            self.events.queue.emit(list(self.queue))
        return taken

    def reject_phone(self, phone: str) -> list[Submission]:
        """Reject everything waiting from ``phone`` and take nothing more from it (nor from its address)."""
        with self._lock:
            self.blocked_phones.add(phone)
            known = self._phones.get(phone)
            if known is not None:
                self.blocked_addresses.add(known.address)
            ids = [s.id for s in list(self._inbox) + self.queue if s.phone == phone]
        self.collect()
        return self.reject(ids)

    def _forget(self, subs: list[Submission]) -> list[Submission]:
        with self._lock:
            for sub in subs:
                sub.status = "rejected"
                self._status[sub.id] = "rejected"
                self._answers.pop(sub.id, None)
                self._rejected[sub.id] = sub.phone
        return subs

    # --- what the network says ---------------------------------------------------------------------
    def live_drawings(self) -> list[Submission]:
        """Every drawing not rejected: waiting, accepted, held back."""
        with self._lock:
            return self.queue + self.accepted + self.held_back

    def refresh_answers(
        self,
        classify: Callable[[np.ndarray], tuple[np.ndarray, np.ndarray | None]],
        step: int = 0,
        limit: int | None = None,
    ) -> int:
        """The network's answer for every live drawing (the newest ``limit``): ``classify(images (N, 28, 28)) ->
        (probabilities (N, C), not sure (N,) bools or None)``. Returns how many were answered; emits ``answers``.
        (:meth:`to_answer` and :meth:`store_answers` are its two halves, for a caller that classifies on
        another thread.)"""
        ids, images = self.to_answer(limit)
        if not ids:
            return 0
        probs, unsure = classify(images)
        return self.store_answers(ids, probs, unsure, step)

    def to_answer(self, limit: int | None = None) -> tuple[list[int], np.ndarray]:
        """The live drawings to answer (the newest ``limit``): their ids and images (N, 28, 28), a copy that
        another thread may classify."""
        subs = sorted(self.live_drawings(), key=lambda s: s.id)
        if limit is not None:
            subs = subs[-limit:] if limit > 0 else []
        if not subs:
            return [], np.zeros((0, 28, 28), np.float32)
        return [s.id for s in subs], np.stack([s.image for s in subs])

    def store_answers(self, ids: list[int], probs, unsure, step: int = 0) -> int:
        """The answers ``probs`` (N, C) and ``unsure`` (N,) or None for drawings ``ids`` (:meth:`to_answer`'s);
        a drawing rejected meanwhile gets none. Returns how many were stored; emits ``answers``."""
        probs = np.asarray(probs, dtype=np.float64)
        answers = {
            number: Answer(
                [round(float(p), 4) for p in row],
                int(np.argmax(row)),
                None if unsure is None else bool(unsure[i]),
                int(step),
            )
            for i, (number, row) in enumerate(zip(ids, probs))
        }
        with self._lock:
            for number in [n for n in answers if self._status.get(n) in (None, "rejected")]:
                del answers[number]
            self._answers.update(answers)
        self.events.answers.emit(step)
        return len(answers)

    def test_set(self) -> tuple[np.ndarray, np.ndarray]:
        """The class's own test set (held back): images (N, 28, 28), labels (N,)."""
        subs = list(self.held_back)
        if not subs:
            return np.zeros((0, 28, 28), np.float32), np.zeros(0, np.int64)
        return np.stack([s.image for s in subs]), np.array([s.label for s in subs], np.int64)

    def training_set(self) -> tuple[np.ndarray, np.ndarray]:
        """The accepted drawings (not the held back): images (N, 28, 28), labels (N,)."""
        subs = list(self.accepted)
        if not subs:
            return np.zeros((0, 28, 28), np.float32), np.zeros(0, np.int64)
        return np.stack([s.image for s in subs]), np.array([s.label for s in subs], np.int64)

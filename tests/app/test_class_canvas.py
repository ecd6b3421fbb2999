"""The class canvas's app model: the queue, moderation, the caps, the token's life (no network here)."""

import numpy as np
import pytest

from cnnviz.app import class_canvas
from cnnviz.app.class_canvas import ClassCanvas, Refused


class FakeServer:
    def __init__(self, canvas):
        self.canvas, self.running = canvas, False

    def start(self):
        self.running = True
        return "10.0.0.5", 8123

    def stop(self):
        self.running = False


def ink(value=1.0):
    image = np.zeros((28, 28), np.float32)
    image[5:23, 13:15] = value
    return image


@pytest.fixture
def canvas():
    c = ClassCanvas()
    c.open(FakeServer)
    return c


def test_open_gives_an_address_with_a_fresh_token_and_close_ends_it():
    c = ClassCanvas()
    seen = []
    c.events.opened.connect(seen.append)
    c.events.closed.connect(lambda: seen.append("closed"))
    assert c.address is None and not c.is_open
    address = c.open(FakeServer)
    token = c.token
    assert address == f"http://10.0.0.5:8123/c/{token}" and seen == [address]
    assert len(token) >= 8 and c.token_matches(token) and not c.token_matches(token[:-1] + "x")
    server = c.server
    c.close()
    assert not server.running and c.token is None and seen[-1] == "closed"
    assert not c.token_matches(token)
    c.open(FakeServer)
    assert c.token != token and not c.token_matches(token)  # the old code is dead for good


def test_nothing_reaches_the_queue_or_training_without_the_teacher(canvas):
    woken = []
    canvas.notify = lambda: woken.append(1)
    queued = []
    canvas.events.queue.connect(queued.append)
    first = canvas.receive("phoneA1", "10.0.0.7", ink(), 1, "seat 3")
    second = canvas.receive("phoneB2", "10.0.0.8", ink(), 7)
    assert woken == [1, 1]
    assert canvas.queue == [] and queued == []  # in the inbox until the window collects
    assert [s.id for s in canvas.collect()] == [first, second]
    assert [s.id for s in queued[-1]] == [first, second]
    assert canvas.training_set()[0].shape == (0, 28, 28)
    assert canvas.accept(first).status == "accepted"
    assert canvas.accept(second, hold_back=True).status == "held_back"
    images, labels = canvas.training_set()
    assert images.shape == (1, 28, 28) and labels.tolist() == [1]
    assert canvas.test_set()[1].tolist() == [7]  # held back: the class's test set, never trained on
    assert canvas.queue == []
    assert canvas.accept(first) is None  # not waiting any more


def test_the_teacher_may_relabel_and_a_drawing_without_label_needs_one(canvas):
    n = canvas.receive("phoneA1", "a", ink(), None)
    canvas.collect()
    assert canvas.accept(n) is None and canvas.queue  # no label: it waits
    assert canvas.accept(n, label=4).label == 4


def test_reject_and_reject_everything_from_a_phone(canvas):
    a1 = canvas.receive("phoneA1", "10.0.0.7", ink(), 1)
    b1 = canvas.receive("phoneB2", "10.0.0.8", ink(), 2)
    a2 = canvas.receive("phoneA1", "10.0.0.7", ink(), 3)
    canvas.collect()
    assert [s.id for s in canvas.reject(b1)] == [b1]
    assert {s.id for s in canvas.reject_phone("phoneA1")} == {a1, a2}
    assert canvas.queue == []
    with pytest.raises(Refused) as refused:
        canvas.receive("phoneA1", "10.0.0.7", ink(), 1)
    assert refused.value.status == 403
    with pytest.raises(Refused):  # a reloaded page (a new id) from the same phone
        canvas.receive("phoneA9", "10.0.0.7", ink(), 1)
    assert [d["status"] for d in canvas.answers_for("phoneA1")] == ["rejected", "rejected"]
    canvas.receive("phoneC3", "10.0.0.9", ink(), 1)  # the others still send


def test_caps_refuse_with_a_status(canvas, monkeypatch):
    monkeypatch.setattr(class_canvas, "MAX_PER_PHONE", 2)
    canvas.receive("phoneA1", "a", ink(), 1)
    canvas.receive("phoneA1", "a", ink(), 1)
    with pytest.raises(Refused) as refused:
        canvas.receive("phoneA1", "a", ink(), 1)
    assert refused.value.status == 429
    monkeypatch.setattr(class_canvas, "MAX_PENDING", 3)
    canvas.receive("phoneB1", "b", ink(), 1)
    with pytest.raises(Refused) as refused:
        canvas.receive("phoneC1", "c", ink(), 1)
    assert refused.value.status == 503
    with pytest.raises(Refused):
        canvas.receive("phoneC1", "c", ink(), 12)  # not a class


def test_answers_follow_the_network(canvas):
    n = canvas.receive("phoneA1", "a", ink(), 1)
    assert canvas.answers_for("phoneA1")[0]["answer"] is None
    canvas.collect()

    def classify(images):
        probs = np.full((len(images), 10), 0.02)
        probs[:, 1] = 0.82
        return probs, np.array([False] * len(images))

    assert canvas.refresh_answers(classify, step=40) == 1
    answer = canvas.answers_for("phoneA1")[0]["answer"]
    assert answer["prediction"] == 1 and answer["not_sure"] is False and answer["step"] == 40
    assert canvas.answers_for("someone-else") == []
    canvas.accept(n)
    assert canvas.answers_for("phoneA1")[0]["status"] == "accepted"


def test_answers_computed_elsewhere_skip_a_drawing_rejected_meanwhile(canvas):
    """The window classifies on another thread (to_answer, then store_answers): the teacher may reject in between."""
    kept, gone = canvas.receive("phoneA1", "a", ink(), 1), canvas.receive("phoneA1", "a", ink(), 2)
    canvas.collect()
    ids, images = canvas.to_answer(limit=400)
    assert ids == [kept, gone] and images.shape == (2, 28, 28)
    assert canvas.to_answer(limit=1)[0] == [gone] and canvas.to_answer(limit=0)[0] == []
    canvas.reject(gone)
    probs = np.full((2, 10), 0.1)
    assert canvas.store_answers(ids, probs, None, step=7) == 1
    by_id = {a["id"]: a for a in canvas.answers_for("phoneA1")}
    assert by_id[kept]["answer"]["step"] == 7 and by_id[gone] == {
        "id": gone,
        "status": "rejected",
        "label": None,
        "answer": None,
    }


def test_the_class_s_own_classes_and_the_task(canvas):
    tasks = []
    canvas.events.task.connect(tasks.append)
    canvas.set_task("digit", 7)
    n = canvas.receive("phoneA1", "a", ink(), 3)
    canvas.collect()
    assert canvas.queue[0].label == 7  # "Draw a 7": the task says which
    with pytest.raises(ValueError):
        canvas.set_classes(["only one"])
    canvas.set_classes(["circle", "triangle", "star"])
    assert canvas.page_settings()["classes"] == ["circle", "triangle", "star"]
    assert canvas.task.kind == "class" and tasks[-1].kind == "class"
    with pytest.raises(Refused):
        canvas.receive("phoneA1", "a", ink(), 3)
    canvas.set_classes([])
    assert canvas.task.kind == "any" and len(canvas.classes) == 10
    assert n

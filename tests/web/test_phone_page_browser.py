"""The phone page in a real browser: Playwright drives Debian's chromium as a 360x640 touch phone.

A finger draws a 1 (touch events, as a phone sends them), says which, sends; the drawing waits in the
app model's queue; the teacher accepts it; the phone shows the network's answer, and the answer moves on
when the network has trained further. Skipped when /usr/bin/chromium is missing, unless
CNNVIZ_REQUIRE_BROWSER=1 (CI), which makes that a failure.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import numpy as np
import pytest

from cnnviz.app.class_canvas import ClassCanvas
from cnnviz.web.server import PhoneServer

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--headless"]


def _browser_or_skip():
    required = os.environ.get("CNNVIZ_REQUIRE_BROWSER") == "1"
    problem = None
    if not CHROMIUM.is_file():
        problem = f"{CHROMIUM} is missing (apt-get install chromium)"
    else:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            problem = "the playwright package is missing (pip install '.[test]')"
    if problem:
        if required:
            pytest.fail(f"CNNVIZ_REQUIRE_BROWSER=1 but {problem}")
        pytest.skip(problem)


@pytest.fixture(scope="module")
def browser():
    _browser_or_skip()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture
def canvas():
    c = ClassCanvas("en")
    c.open(lambda model: PhoneServer(model, "127.0.0.1", 0))
    yield c
    c.close()


def phone(browser, locale="en-US"):
    return browser.new_context(
        viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True, device_scale_factor=2, locale=locale
    )


def draw_with_a_finger(page, points):
    """One stroke of touch events through the DevTools protocol (what a phone's touchscreen sends)."""
    cdp = page.context.new_cdp_session(page)
    box = page.locator("#pad").bounding_box()
    at = [{"x": box["x"] + fx * box["width"], "y": box["y"] + fy * box["height"]} for fx, fy in points]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [at[0]]})
    for point in at[1:]:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def wait_for(condition, seconds=10.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("timed out")


def says(label: int, confidence: float):
    def classify(images):
        probs = np.full((len(images), 10), (1 - confidence) / 9)
        probs[:, label] = confidence
        return probs, np.array([confidence < 0.5] * len(images))

    return classify


def test_a_phone_draws_sends_and_sees_the_network_s_answer(browser, canvas):
    from playwright.sync_api import expect

    context = phone(browser)
    page = context.new_page()
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(canvas.address)
    expect(page.locator("#labels button")).to_have_count(10)
    assert page.locator("#task").inner_text() == "Draw any digit and say which"
    box = page.locator("#pad").bounding_box()
    assert box["width"] >= 340 and box["height"] >= 300  # the canvas fills the phone's width
    draw_with_a_finger(page, [(0.5, 0.15 + 0.07 * i) for i in range(11)])
    page.set_viewport_size({"width": 640, "height": 360})  # the phone turned: the drawing stays (it was cleared)
    # Polled from here: wait_for_function polls with eval inside the page, which the page's own CSP refuses (CI
    # failed so whenever the resize had not arrived at its first look); evaluate runs outside the page's CSP.
    deadline = time.monotonic() + 10
    while not page.evaluate("() => document.getElementById('pad').width > 400"):
        assert time.monotonic() < deadline, "the pad did not follow the turned phone's width"
        page.wait_for_timeout(50)
    page.locator("#labels button").nth(1).tap()
    page.locator("#send").tap()
    expect(page.locator("#status")).to_have_text("Sent! Draw another one.")

    (sub,) = wait_for(canvas.collect)  # the window's timer would do this: the teacher's queue
    assert sub.label == 1 and canvas.accepted == []
    ys, xs = np.nonzero(sub.image > 0.5)
    assert ys.max() - ys.min() >= 15 and xs.max() - xs.min() <= 8, "a tall thin stroke: a 1"
    page.wait_for_selector('#list li[data-status="waiting"]')
    assert canvas.accept(sub.id).status == "accepted"
    canvas.refresh_answers(says(1, 0.3), step=10)
    verdict = page.wait_for_selector('#list li[data-status="accepted"] .verdict', timeout=5000)
    assert "The network says: 1 (30%, not sure)" in verdict.inner_text()  # English: no space before %
    canvas.refresh_answers(says(1, 0.97), step=200)  # it trained on: the phone's answer follows
    expect(page.locator("#list .verdict").first).to_contain_text("97%, sure")
    assert all(url.startswith(canvas.address.rsplit("/c/", 1)[0]) for url in requests), requests
    assert context.cookies() == []
    context.close()


def test_the_page_speaks_the_phone_s_language(browser, canvas):
    from playwright.sync_api import expect

    context = phone(browser, locale="de-DE")
    page = context.new_page()
    page.goto(canvas.address)

    canvas.set_task("digit", 7)
    page.reload()
    expect(page.locator("#task")).to_have_text("Zeichne eine 7")
    assert page.locator("#labels button").count() == 0  # the task says which: nothing to choose
    context.close()


def _send_a_one(page) -> None:
    """A stroke drawn with a finger, labelled 1 and sent, once the page shows its ten labels."""
    from playwright.sync_api import expect

    expect(page.locator("#labels button")).to_have_count(10)
    draw_with_a_finger(page, [(0.5, 0.15 + 0.07 * i) for i in range(11)])
    page.locator("#labels button").nth(1).tap()
    page.locator("#send").tap()


def test_the_server_s_refusals_are_said_in_the_phone_s_language(browser, canvas):
    """A German phone the teacher stopped taking drawings from read "Senden fehlgeschlagen: the teacher is not
    taking drawings from this phone": the server names the reason, the page says it in its language."""
    from playwright.sync_api import expect

    context = phone(browser, locale="de-DE")
    page = context.new_page()
    page.goto(canvas.address)
    _send_a_one(page)
    expect(page.locator("#status")).to_have_text("Gesendet! Zeichne noch eine.")
    (sub,) = wait_for(canvas.collect)
    canvas.reject_phone(sub.phone)
    _send_a_one(page)
    expect(page.locator("#status")).to_have_text("Die Lehrkraft nimmt von diesem Handy keine Zeichnungen an.")
    context.close()

    context = phone(browser, locale="ja-JP")  # (the teacher stopped this address too: the same words in Japanese)
    page = context.new_page()
    page.goto(canvas.address)
    _send_a_one(page)
    expect(page.locator("#status")).to_have_text("先生はこの端末からの絵を受け付けていません。")
    context.close()

// The class canvas's phone page: draw with a finger (or a mouse), say which, send; then the network's answers.
// No cookies, no storage, no other site: the phone's id lives only as long as this page.
"use strict";
(function () {
  const T = JSON.parse(document.getElementById("words").textContent);
  const $ = (id) => document.getElementById(id);
  const pad = $("pad"), ctx = pad.getContext("2d");
  const bytes = new Uint8Array(9);
  crypto.getRandomValues(bytes);
  const phone = Array.from(bytes, (b) => "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[b & 63]).join("");
  let strokes = [], current = null, label = null, settings = null, polling = null, sending = false;

  $("send").textContent = T.send;
  $("clear").textContent = T.clear;
  $("yours").textContent = T.yours;
  $("pseudonym").placeholder = T.pseudonym;
  $("answers").hidden = true;

  function say(text) { $("status").textContent = text; }
  function percent(p) { return T.percent.replace("{}", String(Math.round(100 * p))); }  // "97 %" (de), "97%"
  // A sentence of the page's language with its {names} filled in: the words and their punctuation are the
  // template's ("网络认为：3（97%，确定）"), never glued here with ASCII ": " and " (".
  function fill(template, values) { return template.replace(/\{(\w+)\}/g, (all, name) => (name in values ? String(values[name]) : all)); }

  // --- drawing ---------------------------------------------------------------------------------------
  function fit() {
    // The pad's height is fixed in pixels once laid out, so that the keyboard opening for the nickname (which
    // shrinks the viewport on some phones) neither stretches nor clears the drawing. Turning the phone resizes
    // the pad: the strokes drawn so far are kept, scaled by one factor (never stretched) and centred.
    const r = pad.getBoundingClientRect(), w = Math.max(1, Math.round(r.width));
    if (w === pad.width && pad.style.height) return;
    pad.style.height = "";
    const h = Math.max(1, Math.round(pad.getBoundingClientRect().height));
    pad.style.height = h + "px";
    const oldW = pad.width, oldH = pad.height;
    if (strokes.length && oldW > 1 && oldH > 1) {
      const k = Math.min(w / oldW, h / oldH), dx = (w - k * oldW) / 2, dy = (h - k * oldH) / 2;
      strokes = strokes.map((s) => s.map((v, i) => Math.round(i % 2 ? v * k + dy : v * k + dx)));
    }
    current = null;
    pad.width = w;
    pad.height = h;
    redraw();
  }
  function pen() { return Math.max(2, 22 / 280 * Math.min(pad.width, pad.height)); }
  function redraw() {
    ctx.fillStyle = "#000"; ctx.fillRect(0, 0, pad.width, pad.height);
    ctx.strokeStyle = "#fff"; ctx.fillStyle = "#fff"; ctx.lineWidth = pen(); ctx.lineCap = "round"; ctx.lineJoin = "round";
    for (const s of strokes) {
      ctx.beginPath(); ctx.moveTo(s[0], s[1]);
      for (let i = 2; i < s.length; i += 2) ctx.lineTo(s[i], s[i + 1]);
      if (s.length === 2) ctx.lineTo(s[0] + 0.1, s[1]);
      ctx.stroke();
    }
  }
  function point(e) {
    const r = pad.getBoundingClientRect();
    const x = Math.round(Math.min(Math.max(e.clientX - r.left, 0), pad.width));
    const y = Math.round(Math.min(Math.max(e.clientY - r.top, 0), pad.height));
    return [x, y];
  }
  function points() { return strokes.reduce((n, s) => n + s.length / 2, 0); }
  pad.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    if (strokes.length >= 60 || points() >= 1900) return;
    pad.setPointerCapture(e.pointerId);
    current = point(e); strokes.push(current); redraw();
  });
  pad.addEventListener("pointermove", (e) => {
    if (!current) return;
    e.preventDefault();
    const [x, y] = point(e), n = current.length;
    if (Math.hypot(x - current[n - 2], y - current[n - 1]) < 2 || points() >= 1900) return;
    current.push(x, y); redraw();
  });
  const end = () => { current = null; };
  pad.addEventListener("pointerup", end);
  pad.addEventListener("pointercancel", end);
  window.addEventListener("resize", fit);

  // --- the task -------------------------------------------------------------------------------------
  function showTask(s) {
    const key = JSON.stringify([s.task, s.classes, s.names]);
    if (settings && key === settings.key) return;
    settings = { ...s, key };
    const t = s.task;
    $("task").textContent = t.kind === "digit" ? T.draw_digit.replace("{digit}", String(t.digit))
      : t.kind === "class" ? T.draw_class : T.draw_any;
    $("pseudonym").placeholder = s.names ? T.name : T.pseudonym;
    const labels = $("labels");
    labels.replaceChildren();
    label = null;
    if (t.kind === "digit") return;
    labels.setAttribute("aria-label", T.which);
    s.classes.forEach((name, i) => {
      const b = document.createElement("button");
      b.type = "button"; b.textContent = name; b.setAttribute("aria-pressed", "false");
      // pointerup as well as click: a tap right after a stroke may not become a click (the browser's gesture
      // recogniser can take it for the second tap of a double tap); click stays for the keyboard.
      const choose = () => {
        label = i;
        for (const other of labels.children) other.setAttribute("aria-pressed", String(other === b));
      };
      b.addEventListener("pointerup", choose);
      b.addEventListener("click", choose);
      labels.appendChild(b);
    });
  }
  function nameOf(i) { return settings && settings.classes[i] !== undefined ? settings.classes[i] : String(i); }

  // --- sending and the answers ----------------------------------------------------------------------
  async function send() {
    if (sending) return;
    if (!strokes.length) { say(T.empty); return; }
    if (settings && settings.task.kind !== "digit" && label === null) { say(T.pick); return; }
    const body = { phone, w: pad.width, h: pad.height, strokes };
    if (label !== null) body.label = label;
    const nick = $("pseudonym").value.trim().slice(0, 24);
    if (nick) body.pseudonym = nick;
    sending = true;
    try {
      const r = await fetch("drawings", { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body), credentials: "omit", cache: "no-store" });
      const answer = await r.json().catch(() => ({}));
      if (r.status === 202) {
        say(T.sent); strokes = []; redraw();
        $("answers").hidden = false;
        poll();
        if (!polling) polling = setInterval(poll, 2000);
      } else {
        // The server names the reason (answer.code): said in the page's language; another, in its English words.
        const known = answer.code && T["error_" + answer.code];
        say(known || fill(T.error, { why: answer.error || r.status }));
      }
    } catch (err) {
      say(T.offline);
    } finally {
      sending = false;
    }
  }
  function bars(probabilities) {
    const box = document.createElement("div");
    box.className = "bars";
    probabilities.forEach((p, i) => {
      const name = document.createElement("span"); name.textContent = nameOf(i);
      const bar = document.createElement("div"); bar.className = "bar"; bar.style.width = (100 * p).toFixed(1) + "%";
      const value = document.createElement("span"); value.textContent = percent(p);
      box.append(name, bar, value);
    });
    return box;
  }
  function showAnswers(drawings) {
    const list = $("list");
    list.replaceChildren();
    for (const d of drawings.slice().reverse()) {
      const li = document.createElement("li");
      li.dataset.id = d.id; li.dataset.status = d.status;
      const head = document.createElement("div");
      const state = T[d.status] || d.status;
      if (d.answer) {
        const unsure = d.answer.not_sure === true;
        head.className = "verdict" + (unsure ? " unsure" : "");
        const said = { answer: nameOf(d.answer.prediction), percent: percent(d.answer.probabilities[d.answer.prediction]),
          sure: unsure ? T.not_sure : T.sure };
        head.textContent = fill(d.answer.not_sure === null ? T.verdict : T.verdict_sure, said) + " · " + state;
        li.append(head, bars(d.answer.probabilities));
      } else {
        head.textContent = (d.status === "rejected" ? "" : T.no_answer + " · ") + state;
        li.append(head);
      }
      list.appendChild(li);
    }
  }
  async function poll() {
    try {
      const r = await fetch("answers?phone=" + phone, { credentials: "omit", cache: "no-store" });
      if (!r.ok) return;
      const data = await r.json();
      showTask(data);
      showAnswers(data.drawings);
    } catch (err) {
      say(T.offline);
    }
  }
  async function start() {
    try {
      const r = await fetch("settings", { credentials: "omit", cache: "no-store" });
      if (r.ok) showTask(await r.json());
    } catch (err) {
      say(T.offline);
    }
  }
  // Taps act on pointerup (see the labels); the click that may follow within a moment is the same tap.
  function onTap(button, act) {
    let tapped = 0;
    button.addEventListener("pointerup", (e) => { if (e.pointerType !== "mouse") { tapped = Date.now(); act(); } });
    button.addEventListener("click", () => { if (Date.now() - tapped > 700) act(); });
  }
  onTap($("send"), send);
  onTap($("clear"), () => { strokes = []; redraw(); say(""); });
  document.title = T.title;
  fit();
  start();
  setInterval(start, 5000);
})();

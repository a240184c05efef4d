// evogame studio: the Watch stepper and the Play board. No library, no network but the
// studio's own JSON API on the same host.
"use strict";

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

function showPlaces(table, places) {
  table.replaceChildren();
  for (const p of places || []) {
    const tr = el("tr");
    tr.append(el("th", p.place), el("td", p.visibility, "muted"),
      el("td", p.cards === null ? p.count + " card" + (p.count === 1 ? "" : "s") + ", hidden" : p.cards.join(", ")));
    table.append(tr);
  }
}

// --- Watch ---------------------------------------------------------------------------------

function describe(e) {
  switch (e.event) {
    case "deal": return ["The deal"];
    case "turn": return ["Turn " + e.number + ": " + ("team" in e ? "team " + e.team : "P" + e.seat)];
    case "rules": return e.changes.map((c) => "rules: " + c);
    case "decision": {
      const o = e.options.find((x) => x.index === e.chosen);
      return ["Decision " + e.number + ": P" + e.seat + " (" + e.player + ") chose " +
        (e.chosen + 1) + " of " + e.total_options + ": " + (o ? o.text : "?")];
    }
    case "quiet": return ["… " + e.steps + " more steps of the rules, not shown"];
    case "end": {
      const lines = ["The end, after " + e.decisions + " decisions"];
      if (e.error) lines.push("the game broke: " + e.error);
      if (e.capped) lines.push("stopped at the engine's cap");
      if (e.cycle) lines.push("stopped: the position repeated");
      if (e.scores.length) lines.push("scores: " + e.scores.map((s, p) => "P" + p + " " + s).join(", ") +
        "; winner" + (e.winners.length > 1 ? "s" : "") + ": " + e.winners.map((p) => "P" + p).join(", "));
      return lines;
    }
    default: return [e.event];
  }
}

function startWatch() {
  const data = document.getElementById("events");
  if (!data) return;
  const events = JSON.parse(data.textContent);
  let places = [];
  const placesAt = events.map((e) => (places = e.places || places));
  let i = 0;
  const step = document.getElementById("step");
  const history = document.getElementById("history");
  const where = document.getElementById("where");
  function show() {
    where.textContent = "step " + (i + 1) + " of " + events.length;
    step.replaceChildren(...describe(events[i]).map((t) => el("div", t)));
    history.replaceChildren();
    for (let k = Math.max(0, i - 30); k <= i; k++) {
      for (const t of describe(events[k])) history.append(el("li", t, k === i ? "now" : ""));
    }
    showPlaces(document.getElementById("places"), placesAt[i]);
  }
  const go = (k) => { i = Math.max(0, Math.min(events.length - 1, k)); show(); };
  document.getElementById("first").onclick = () => go(0);
  document.getElementById("prev").onclick = () => go(i - 1);
  document.getElementById("next").onclick = () => go(i + 1);
  document.getElementById("last").onclick = () => go(events.length - 1);
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "ArrowRight") go(i + 1);
    if (ev.key === "ArrowLeft") go(i - 1);
  });
  show();
}

// --- Play ----------------------------------------------------------------------------------

async function api(url, payload) {
  const r = await fetch(url, payload === undefined ? {} : {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(payload),
  });
  const data = await r.json();
  if (!r.ok) throw new Error(data.error || r.statusText);
  return data;
}

function startPlay() {
  const form = document.getElementById("start");
  if (!form) return;
  let table = null;
  const errorBox = document.getElementById("play-error");
  function fail(err) { errorBox.hidden = false; errorBox.textContent = err.message; }
  function render(view) {
    document.getElementById("board").hidden = false;
    showPlaces(document.getElementById("places"), view.places);
    const log = document.getElementById("log");
    log.replaceChildren(...view.log.map((t) => el("li", t)));
    log.scrollTop = log.scrollHeight; // the latest moves in view
    const opts = document.getElementById("options");
    opts.replaceChildren();
    document.getElementById("choose").hidden = view.over;
    const status = document.getElementById("status");
    if (view.over) {
      status.textContent = "The game is over after " + view.decisions + " decisions.";
      const scores = view.scores ? " Scores: " + view.scores.map((s, p) => (p === view.seat ? "you" : "P" + p) + " " + s).join(", ") + "." : "";
      document.getElementById("result").textContent = view.result + scores;
      document.getElementById("rate-link").hidden = false;
      return;
    }
    status.textContent = "Your turn, P" + view.seat + " (decision " + (view.decisions + 1) + ")";
    for (const o of view.options) {
      const li = el("li");
      const b = el("button", o.text, "option");
      b.type = "button";
      b.dataset.index = o.index;
      b.onclick = () => api("/api/table/" + table + "/move", {option: o.index}).then(render, fail);
      li.append(b, el("span", "", "value"));
      opts.append(li);
    }
    if (view.total_options > view.options.length)
      opts.append(el("li", "… " + (view.total_options - view.options.length) + " more options not listed", "muted"));
  }
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const f = new FormData(form);
    api(form.dataset.url, {seat: Number(f.get("seat")), opponent: f.get("opponent"), seed: Number(f.get("seed"))})
      .then((r) => { table = r.table; errorBox.hidden = true; render(r.view); }, fail);
  });
  document.getElementById("hint").onclick = () => {
    const rollouts = Number(document.getElementById("rollouts").value);
    api("/api/table/" + table + "/values", {rollouts}).then((r) => {
      for (const b of document.querySelectorAll("#options button.option")) {
        const v = r.values[b.dataset.index];
        b.nextSibling.textContent = v === undefined ? " (same move as another)" : " value " + v.toFixed(2);
      }
    }, fail);
  };
}

startWatch();
startPlay();

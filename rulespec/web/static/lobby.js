// The lobby: choose rules (bundled or pasted), seats and bots; create a table; hand out join links.
"use strict";
const $ = (id) => document.getElementById(id);
const SEAT_KINDS = [["human", "a person"], ["random", "random bot"], ["greedy", "greedy bot"], ["smart", "smart bot"]];
let variants = [];
let checked = null; // {min, max} of pasted rules that passed the check

async function post(url, body) {
  const res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  let data;
  try { data = await res.json(); } catch (e) { data = { error: "the server answered " + res.status }; }
  return { ok: res.ok, data };
}

function usingText() { return $("from-text").checked; }

function rulesPayload() {
  if (!usingText()) return { variant: $("variant").value };
  const file = $("rules-file").files[0];
  return { text: $("rules-text").value, kind: $("rules-kind").value, file: file ? file.name : undefined };
}

function range() {
  if (usingText()) return checked || { min: 2, max: 2 };
  return variants.find((v) => v.name === $("variant").value) || { min: 2, max: 2 };
}

function fillPlayers() {
  const { min, max } = range();
  const sel = $("players");
  const before = Number(sel.value) || min;
  sel.replaceChildren();
  for (let n = min; n <= max; n++) sel.append(new Option(String(n), String(n)));
  sel.value = String(Math.min(Math.max(before, min), max));
  fillSeats();
}

function fillSeats() {
  const list = $("seats");
  const kept = [...list.querySelectorAll("select")].map((s) => s.value);
  list.replaceChildren();
  const n = Number($("players").value);
  for (let s = 0; s < n; s++) {
    const li = document.createElement("li");
    const sel = document.createElement("select");
    sel.id = "seat-" + s;
    sel.setAttribute("aria-label", "seat " + (s + 1));
    for (const [value, label] of SEAT_KINDS) sel.append(new Option(label, value));
    sel.value = kept[s] || (s === 0 ? "human" : "random");
    li.append(sel);
    list.append(li);
  }
}

function showProblems(box, problems) {
  for (const p of problems) {
    const pre = document.createElement("pre");
    pre.className = "problem" + (p.severity === "warning" ? " warning" : "");
    pre.textContent = p.text;
    box.append(pre);
  }
}

async function check() {
  const box = $("check-result");
  box.replaceChildren();
  checked = null;
  const { ok, data } = await post("/api/check", rulesPayload());
  if (!ok) {
    box.append(Object.assign(document.createElement("p"), { className: "error", textContent: data.error }));
  } else if (data.ok) {
    checked = { min: data.min, max: data.max };
    const span = data.min === data.max ? data.min : data.min + " to " + data.max;
    box.append(Object.assign(document.createElement("p"), { className: "ok", textContent: "valid: " + data.title + " (" + span + " players)" }));
  } else {
    const errors = data.problems.filter((p) => p.severity !== "warning").length;
    box.append(Object.assign(document.createElement("p"), { className: "error", textContent: errors + " problem" + (errors === 1 ? "" : "s") + ":" }));
  }
  showProblems(box, data.problems || []);
  fillPlayers();
  return checked !== null;
}

async function explain() {
  const out = $("explain-text");
  const { ok, data } = await post("/api/explain", rulesPayload());
  out.hidden = false;
  out.textContent = ok ? data.text : data.error;
  if (!ok && usingText()) { $("check-result").replaceChildren(); showProblems($("check-result"), data.problems || []); }
}

async function create() {
  $("create-error").textContent = "";
  if (usingText() && !(await check())) { $("create-error").textContent = "fix the rules first"; return; }
  const seats = [...$("seats").querySelectorAll("select")].map((s) => s.value);
  const { ok, data } = await post("/api/tables", Object.assign(rulesPayload(), { seats }));
  if (!ok) {
    $("create-error").textContent = data.error;
    if (data.problems) showProblems($("create-error"), data.problems);
    return;
  }
  const list = $("link-list");
  list.replaceChildren();
  data.links.forEach((link, i) => {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = link.url;
    a.className = "join";
    a.dataset.seat = String(link.seat);
    a.textContent = location.origin + link.url;
    li.append("Seat " + (link.seat + 1) + (i === 0 ? " (yours): " : ": "), a);
    list.append(li);
  });
  $("links").hidden = false;
}

async function start() {
  const res = await fetch("/api/variants");
  variants = (await res.json()).variants;
  const groups = new Map();
  for (const v of variants) {
    if (!groups.has(v.group)) {
      const optgroup = document.createElement("optgroup");
      optgroup.label = v.group_title;
      groups.set(v.group, optgroup);
      $("variant").append(optgroup);
    }
    groups.get(v.group).append(new Option(v.title + " (" + v.name + ")", v.name));
  }
  $("variant").value = variants.some((v) => v.name === "gin") ? "gin" : variants[0].name;
  const about = () => {
    const v = variants.find((x) => x.name === $("variant").value);
    $("variant-about").textContent = v ? v.description : "";
  };
  about();
  fillPlayers();
  $("variant").addEventListener("change", () => { about(); fillPlayers(); $("explain-text").hidden = true; });
  $("players").addEventListener("change", fillSeats);
  for (const id of ["from-bundled", "from-text"]) {
    $(id).addEventListener("change", () => { $("text-box").hidden = !usingText(); $("explain-text").hidden = true; fillPlayers(); });
  }
  $("rules-file").addEventListener("change", async () => {
    const file = $("rules-file").files[0];
    if (!file) return;
    $("rules-text").value = await file.text();
    if (/\.ya?ml$/i.test(file.name)) $("rules-kind").value = "yaml";
    await check();
  });
  $("rules-text").addEventListener("input", () => { checked = null; });
  $("check").addEventListener("click", check);
  $("explain").addEventListener("click", explain);
  $("create").addEventListener("click", create);
}

start();

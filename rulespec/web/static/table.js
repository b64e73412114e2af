// The table: one seat's view over a WebSocket. The server decides everything; this only draws
// the state it is sent and sends the move a button names.
"use strict";
const $ = (id) => document.getElementById(id);
const tableId = location.pathname.split("/").pop();
const token = decodeURIComponent(location.hash.slice(1));
let ws = null;
let state = null;
let selected = new Set(); // indexes into the sorted hand
let sortedHand = [];
let fatal = false;
let retry = 500;
let seatOpenTries = 0;

function seatName(s) {
  if (!state) return "Seat " + (s + 1);
  const kind = state.seats[s].kind;
  if (s === state.you) return "You";
  return "Seat " + (s + 1) + (kind === "human" ? "" : " · " + kind + " bot");
}

function send(msg) {
  if (!ws || ws.readyState !== WebSocket.OPEN) { say("not connected: reconnecting…"); return; }
  say("");
  ws.send(JSON.stringify(msg));
}

function say(text) { $("message").textContent = text; }

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function lastTurn(obs, seat) {
  // what a seat did in its latest turn this hand, from the public history (Game.last_moves)
  const runs = {};
  let prev = null;
  for (const h of obs.history) {
    if (h.seat === undefined) continue;
    if (h.seat !== prev) runs[h.seat] = [];
    runs[h.seat].push(h.move.replace(/\b(10|[A2-9TJQK])[CDHS]\b/g, (c) => cardFace(c)));
    prev = h.seat;
  }
  return (runs[seat] || []).join(", ");
}

function drawSeats(obs) {
  const box = $("seats");
  box.replaceChildren();
  state.seats.forEach((seat, s) => {
    const d = el("div", "seat" + (s === obs.to_move && !obs.hand_over ? " to-move" : "") + (seat.online ? "" : " offline"));
    d.dataset.seat = String(s);
    d.append(el("div", "name", seatName(s) + (s === obs.dealer ? " (dealer)" : "")));
    d.append(el("div", "", obs.hand_sizes[s] + " cards · total " + obs.totals[s]));
    const did = lastTurn(obs, s);
    if (did) d.append(el("div", "did", did));
    if (obs.teams) d.append(el("div", "", "team " + obs.teams[s] + (obs.teams[s] === obs.teams[state.you] && s !== state.you ? " (your partner)" : "")));
    if ((obs.sitting_out || []).includes(s)) d.append(el("div", "", "sits this hand out"));
    else if (!obs.active[s]) d.append(el("div", "", "out of the match"));
    box.append(d);
  });
}

function drawCentre(obs) {
  const stock = $("stock");
  stock.replaceChildren(el("span", "back", String(obs.stock_size)), el("span", "", " stock"));
  const pile = $("discard");
  pile.replaceChildren();
  if (obs.discard.length === 0) pile.append(el("span", "", "no discard pile"));
  for (const c of obs.discard) pile.append(cardEl(c, "span", obs.pile === "spread"));
  if (obs.pile === "squared" && obs.discard_size > 1) pile.append(el("span", "", " (" + obs.discard_size + " in the pile)"));
  if (obs.upcard && obs.pile === "squared") pile.title = "upcard " + obs.upcard;
  if ("wild_rank" in obs) {  // a wild rank per hand (melds.wild.rank / cut): public
    const said = obs.wild_rank ? "every " + obs.wild_rank + " is wild" : "no wild rank";
    stock.append(el("span", "", " — " + said + (obs.cut_card ? " (cut " + obs.cut_card + ")" : "")));
  }
}

function drawMelds(obs) {
  const box = $("melds");
  box.replaceChildren();
  obs.melds.forEach((m, i) => {
    const d = el("div", "meld");
    d.dataset.meld = String(i + 1);
    d.append(el("span", "owner", (i + 1) + ". " + seatName(m.owner)));
    for (const c of m.cards) d.append(cardEl(c, "span", true));
    box.append(d);
  });
}

function drawHand(obs) {
  const box = $("hand");
  box.replaceChildren();
  sortedHand = obs.hand.slice().sort((a, b) => cardKey(a) - cardKey(b));
  sortedHand.forEach((c, i) => {
    const b = cardEl(c, "button");
    if (selected.has(i)) b.classList.add("selected");
    b.addEventListener("click", () => {
      if (selected.has(i)) selected.delete(i); else selected.add(i);
      drawHand(obs);
      drawMoves();
    });
    box.append(b);
  });
}

function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const x = a.slice().sort(), y = b.slice().sort();
  return x.every((v, i) => v === y[i]);
}

function moveLabel(text) {
  // the canonical text, with the cards a pile take would bring and card faces for people
  const take = /^take (\d+)$/.exec(text);
  const obs = state.observation;
  if (take && obs.pile === "spread") return text + ": " + obs.discard.slice(-Number(take[1])).map(cardFace).join(" ");
  // buying out of turn: name the card on offer (its penalty cards come face down from the stock)
  if (text === "buy" && obs.discard.length) return "buy " + cardFace(obs.discard[obs.discard.length - 1]) + " (+ penalty)";
  // buying back in by choice (phase rebuy): say the total it brings, and what passing means
  if (obs.phase === "rebuy" && text === "rebuy") return "buy back in (total " + obs.rebuy_total + ")";
  if (obs.phase === "rebuy" && text === "pass") return "pass (stay out of the match)";
  return text.replace(/\b(10|[A2-9TJQK])[CDHS]\b/g, (c) => cardFace(c));
}

function moveButton(text, cls) {
  const b = el("button", cls || "move", moveLabel(text) + (cls === "try" ? "?" : ""));
  b.dataset.move = text;
  b.addEventListener("click", () => {
    selected.clear();
    drawHand(state.observation);
    drawMoves();
    send({ type: "move", move: text });
  });
  return b;
}

function drawMoves() {
  const box = $("moves");
  box.replaceChildren();
  const obs = state.observation;
  if (obs.hand_over || obs.to_move !== state.you) return;
  const sel = [...selected].map((i) => sortedHand[i]);
  let withCards = 0, shown = 0;
  for (const m of state.legal) {
    if (m.cards.length === 0) { box.append(moveButton(m.text)); shown++; continue; }
    withCards++;
    if (sel.length && sameCards(m.cards, sel)) { box.append(moveButton(m.text)); shown++; }
  }
  const matched = state.legal.some((m) => m.cards.length && sameCards(m.cards, sel));
  if (sel.length && !matched) {
    // not offered: let the server say which rule forbids it
    const text = sel.length === 1 ? "discard " + sel[0] : "meld " + sel.join(" ");
    box.append(moveButton(text, "try"));
  }
  if (!sel.length && withCards) box.append(el("span", "hint", "select cards to see their moves"));
  if (!shown && !withCards) box.append(el("span", "hint", "no move"));
}

function drawTurn(obs) {
  let text;
  if (obs.hand_over) text = "The hand is over.";
  else if (obs.to_move === state.you && obs.phase === "claim") text = "Out of turn: buy the top discard, or pass";
  else if (obs.to_move === state.you && obs.phase === "rebuy") text = "Your total put you out of the match: buy back in at " + obs.rebuy_total + ", or pass";
  else if (obs.to_move === state.you) text = "Your move (" + obs.phase + ")" + (obs.obligation ? ": you must use " + cardFace(obs.obligation) : "");
  else text = seatName(obs.to_move) + " to move…";
  $("turn").textContent = text;
}

function drawLast(obs) {
  const list = $("last");
  list.replaceChildren();
  for (const h of obs.history.slice(-8)) {
    const text = h.event === "dealt" ? seatName(h.seat) + " was dealt a winning hand" : h.event === "turned" ? "a stock card was turned up: " + (h.cards || []).map(cardFace).join(" ") : h.event ? "the pile was turned over into a new stock" : seatName(h.seat) + ": " + h.move + (h.cards ? " (" + h.cards.map(cardFace).join(" ") + ")" : "");
    list.append(el("li", "", text));
  }
}

function drawResult(obs) {
  const box = $("result");
  box.replaceChildren();
  box.hidden = !obs.hand_over;
  if (!obs.hand_over || !obs.result) return;
  const r = obs.result;
  const who = r.winner === null || r.winner === undefined ? "nobody wins the hand" : seatName(r.winner) + " won the hand";
  box.append(el("h2", "", "Hand " + obs.hand_number + " over: " + r.reason + " — " + who));
  const legend = state.seats.map((x, s) => "seat " + s + " = " + seatName(s)).join(", ");
  box.append(el("p", "legend", "In these lines " + legend + ":"));
  const lines = el("ol", "lines");
  for (const line of r.lines || []) lines.append(el("li", "", line));
  box.append(lines);
  box.append(el("p", "", "Scores: " + r.scores.map((v, s) => seatName(s) + " " + (v >= 0 ? "+" : "") + v).join(", ")));
  box.append(el("p", "", "Match totals: " + obs.totals.map((v, s) => seatName(s) + " " + v).join(", ")));
  if (obs.team_totals) box.append(el("p", "", "Team totals: " + obs.team_totals.map((v, t) => "team " + t + " " + v).join(", ")));
  (obs.columns || []).forEach((c, j) => {
    const shown = c.totals.map((v, s) => seatName(s) + " " + v).join(", ");
    box.append(el("p", "", "Column " + (j + 1) + (c.closed ? " (closed)" : "") + ": " + shown));
  });
  if (state.match_over) {
    const w = state.match_winner;
    box.append(el("p", "", "The match is over" + (w === null ? "." : ": " + seatName(w) + (w === state.you ? " win!" : " wins."))));
    const b = el("button", "primary", "Rematch");
    b.id = "rematch";
    b.addEventListener("click", () => send({ type: "rematch" }));
    box.append(b);
  } else {
    const b = el("button", "primary", "Next hand");
    b.id = "next";
    b.addEventListener("click", () => send({ type: "next" }));
    box.append(b);
  }
}

function draw() {
  const obs = state.observation;
  $("title").textContent = state.title;
  $("hand-no").textContent = "match " + state.match_no + " · hand " + obs.hand_number;
  drawSeats(obs);
  drawCentre(obs);
  drawMelds(obs);
  drawTurn(obs);
  drawHand(obs);
  drawMoves();
  drawLast(obs);
  drawResult(obs);
  document.body.dataset.version = String(state.version);
  document.body.dataset.phase = obs.hand_over ? "over" : obs.to_move === state.you ? "yours" : "waiting";
}

function receive(msg) {
  if (msg.type === "welcome") {
    $("explain-text").textContent = msg.explain;
    $("title").textContent = msg.title;
  } else if (msg.type === "state") {
    seatOpenTries = 0;
    if (state && state.version !== msg.version) selected.clear();
    state = msg;
    draw();
  } else if (msg.type === "refused") {
    say("Refused: " + msg.message);
  } else if (msg.type === "error") {
    say(msg.message);
    // a reload can reach the server before the old window's goodbye: try a few more times
    if (msg.fatal && !(msg.code === "seat-open" && ++seatOpenTries <= 5)) fatal = true;
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  ws = new WebSocket(scheme + location.host + "/ws/" + encodeURIComponent(tableId));
  ws.onopen = () => { retry = 500; $("status").textContent = "connected"; ws.send(JSON.stringify({ type: "join", token })); };
  ws.onmessage = (ev) => { try { receive(JSON.parse(ev.data)); } catch (e) { say("bad message from the server"); } };
  ws.onclose = () => {
    $("status").textContent = fatal ? "closed" : "reconnecting…";
    if (!fatal) { setTimeout(connect, retry); retry = Math.min(retry * 2, 8000); }
  };
}

if (!token) { say("this page needs the join link of a seat (it ends with #…)"); } else { connect(); }

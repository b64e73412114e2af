// Card texts for people: "TS" -> 10♠ (red for hearts and diamonds), hands sorted by suit and rank.
"use strict";
const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const RANKS = "A23456789TJQK";
const SUIT_ORDER = "SHCD";

function cardFace(text) {
  const [card, named] = text.split(":");
  if (card === "JK") return named ? "★" + cardFace(named) : "★";
  const rank = card[0] === "T" ? "10" : card[0];
  return rank + (SUITS[card[1]] || card[1]);
}

function isRed(text) {
  const named = text.includes(":") ? text.split(":")[1] : text;
  return named.length === 2 && (named[1] === "H" || named[1] === "D");
}

function cardKey(text) {
  if (text.startsWith("JK")) return 100;
  return SUIT_ORDER.indexOf(text[1]) * 20 + RANKS.indexOf(text[0]);
}

function cardEl(text, tag, small) {
  const el = document.createElement(tag || "span");
  el.className = "card" + (isRed(text) ? " red" : "") + (small ? " small" : "");
  el.textContent = cardFace(text);
  el.dataset.card = text;
  el.title = text;
  return el;
}

"""Shared by tests/web: an app on a temp data dir, seats joined over TestClient WebSockets, and the
leak check (which cards a seat may not be told about at this moment).

A `Seat` wraps one browser connection. After an action the test drains every
connected seat (`Room.drain`): each change is broadcast as one `state` per seat,
so a test always knows which message answers what.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from typing import Any

from starlette.testclient import TestClient

from rulespec.bots import Bot
from rulespec.core.moves import Move
from rulespec.web.app import create_app

QUICK_GIN = "variant quickgin extends gin {\n  match to 1\n}\n"
QUICK_RUMMY = "variant quickrummy extends rummy {\n  match to 1\n}\n"
# a card text that is a physical card: not the named half of a placed wild (`JK:7H`)
CARD = re.compile(r"(?<![:\w])(?:10|[A2-9TJQK])[CDHS](?!\w)")


def client(data_dir: Any, stack: Any, seed: int | None = None) -> TestClient:
    """A started TestClient (one event loop for all its sockets, closed with the ExitStack)
    over a fresh app whose tables live under data_dir (deals fixed by `seed` when given)."""
    return stack.enter_context(TestClient(create_app(str(data_dir), seed)))


def make_table(c: TestClient, seats: list[str], **rules: Any) -> dict[str, Any]:
    """Create a table (rules: variant=NAME or text=...); the response JSON."""
    payload = {"seats": seats, **(rules or {"variant": "gin"})}
    r = c.post("/api/tables", json=payload)
    assert r.status_code == 200, r.text
    return dict(r.json())


def token_of(made: dict[str, Any], seat: int) -> str:
    (url,) = [link["url"] for link in made["links"] if link["seat"] == seat]
    return str(url.split("#", 1)[1])


@dataclass
class Seat:
    """One joined browser: its socket, seat number and every message it received."""

    ws: Any
    seat: int
    received: list[dict[str, Any]] = field(default_factory=list)
    frames: list[str] = field(default_factory=list)
    checked: int = 0  # messages already looked at by a leak check

    def recv(self) -> dict[str, Any]:
        text = self.ws.receive_text()
        self.frames.append(text)
        msg: dict[str, Any] = json.loads(text)
        self.received.append(msg)
        return msg

    def send(self, **msg: Any) -> None:
        self.ws.send_text(json.dumps(msg))

    @property
    def state(self) -> dict[str, Any]:
        return [m for m in self.received if m["type"] == "state"][-1]


def join(c: TestClient, table: str, token: str, stack: Any) -> Seat:
    """Open a socket for a seat (kept open by the ExitStack) and read its welcome and state."""
    ws = stack.enter_context(c.websocket_connect(f"/ws/{table}"))
    ws.send_text(json.dumps({"type": "join", "token": token}))
    seat = Seat(ws, -1)
    first = seat.recv()
    assert first["type"] == "welcome", first
    seat.seat = first["seat"]
    assert seat.recv()["type"] == "state"
    return seat


def drain(seats: list[Seat]) -> None:
    """Each seat reads the one state message a change sends it."""
    for s in seats:
        msg = s.recv()
        assert msg["type"] == "state", msg


def pick(seat: Seat, chooser: random.Random | Bot, variant: Any = None) -> dict[str, Any]:
    """An action for a seat from what it was sent: next hand or rematch once the hand is over,
    else a legal move, chosen at random or by a bot from the seat's own observation."""
    state = seat.state
    if state["observation"]["hand_over"]:
        return {"type": "rematch"} if state["match_over"] else {"type": "next"}
    legal = [m["text"] for m in state["legal"]]
    if isinstance(chooser, random.Random):
        return {"type": "move", "move": chooser.choice(legal)}
    moves = [Move.parse(t) for t in legal]
    return {"type": "move", "move": str(chooser.choose(state["observation"], moves, variant))}


def hidden_from(position: dict[str, Any], seat: int) -> set[str]:
    """Cards `seat` may not know now: the stock's and the other hands' cards never shown this
    hand (shown: named in a move of this hand, in the discard pile, a meld, or the upcard; a
    stock made of the turned-over pile holds shown cards). Once the hand is over the hands
    are laid open; the stock's unseen cards stay hidden."""
    shown = set(position["discard"]) | {position.get("upcard") or ""}
    for meld in position["melds"]:
        shown |= {c.split(":")[0] for c in meld["cards"]}
    for entry in position["history"]:
        shown |= set(CARD.findall(str(entry.get("move", ""))))
    hidden = set(position["stock"])
    if position.get("phase") != "over":
        for other, hand in enumerate(position["hands"]):
            if other != seat:
                hidden |= set(hand)
    return hidden - shown


def cards_in(message: dict[str, Any]) -> set[str]:
    """Every physical card text in a message (the rules text of `welcome` is left out)."""
    shown = {k: v for k, v in message.items() if k != "explain"}
    return set(CARD.findall(json.dumps(shown)))

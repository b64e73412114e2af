"""The table's WebSocket messages: what a browser may send and what it is sent (web layer).

Every frame is one JSON object with a `type`. From the browser: `join`
(`token`: the seat's secret, first and once), `move` (`move`: a canonical move
text), `next` (deal the next hand), `rematch` and `ping`. To the browser:
`welcome` (the seat, the rules in plain English), `state` (`Table.view`: the
seat's own observation and legal moves), `refused` (a move the rules forbid,
with the rule it breaks), `error` (anything else refused; `fatal` closes the
connection) and `pong`. `parse` never raises anything but `ProtocolError`, so
no frame, however malformed, can reach the game or crash the connection loop.
docs/web.md lists the messages.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

MAX_FRAME = 4096  # characters: the longest move text is a few hundred
MAX_MOVE_TEXT = 600
MAX_TOKEN = 100
KINDS = ("join", "move", "next", "rematch", "ping")


class ProtocolError(ValueError):
    """A frame that is not a message of this protocol; the message says why."""


@dataclass(frozen=True)
class Message:
    """One parsed message from a browser."""

    kind: str
    token: str = ""
    move: str = ""


def parse(frame: Any) -> Message:
    """A browser frame (text) as a `Message`; `ProtocolError` for anything else."""
    if not isinstance(frame, str):
        raise ProtocolError("messages are JSON text frames")
    if len(frame) > MAX_FRAME:
        raise ProtocolError(f"message too long ({len(frame)} characters; the limit is {MAX_FRAME})")
    try:
        data = json.loads(frame)
    except (ValueError, RecursionError):
        raise ProtocolError("message is not valid JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError('a message is a JSON object with a "type"')
    kind = data.get("type")
    if kind not in KINDS:
        shown = kind if isinstance(kind, str) and len(kind) <= 20 else "that"
        raise ProtocolError(f"unknown message type {shown!r}: one of {', '.join(KINDS)}")
    if kind == "join":
        token = data.get("token")
        if not isinstance(token, str) or not 0 < len(token) <= MAX_TOKEN:
            raise ProtocolError("join: expected the seat token of your link")
        return Message("join", token=token)
    if kind == "move":
        move = data.get("move")
        if not isinstance(move, str) or not move.strip():
            raise ProtocolError("move: expected a move text such as 'discard QS'")
        if len(move) > MAX_MOVE_TEXT:
            raise ProtocolError(f"move: over {MAX_MOVE_TEXT} characters")
        return Message("move", move=move.strip())
    return Message(kind)


def error(message: str, *, fatal: bool = False, code: str = "") -> dict[str, Any]:
    """An `error` message: shown in the page; nothing changed at the table. A fatal one
    carries a `code` (`no-join`, `no-table`, `bad-token`, `seat-open`) the page acts on:
    `seat-open` (the seat's previous window has not been seen to close yet) is retried."""
    body: dict[str, Any] = {"type": "error", "message": message, "fatal": fatal}
    if code:
        body["code"] = code
    return body


def refused(move: str, message: str) -> dict[str, Any]:
    """A `refused` message: the move and the rule it breaks (the IllegalMove text)."""
    return {"type": "refused", "move": move, "message": message}


def welcome(table_id: str, seat: int, title: str, explain: str) -> dict[str, Any]:
    """The first message after a good `join`: who you are and the rules read aloud."""
    return {"type": "welcome", "table": table_id, "seat": seat, "title": title, "explain": explain}

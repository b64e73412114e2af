"""Bad input of every kind gets a clear message and changes nothing: malformed and oversized socket
frames, bad lobby requests, rule text over the limit, hostile rule text (the corpus of
`rulespec check`'s tests) and rules that try to read the server's files."""

from __future__ import annotations

import contextlib
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hostile_files import hostile_files
from web_helpers import client, join, make_table, token_of

from rulespec.cli.cmd_check import check_one
from rulespec.web.app import MAX_BODY
from rulespec.web.lobby import MAX_TEXT_BYTES

pytestmark = pytest.mark.timeout(120)

# a socket frame -> a fragment of the error it gets
FRAMES: list[tuple[str | bytes, str]] = [
    ("{bad", "not valid JSON"),
    ("[]", "a JSON object"),
    ('"move"', "a JSON object"),
    ("[" * 4000, "not valid JSON"),
    ('{"type": "fly"}', "unknown message type 'fly'"),
    ('{"type": 5}', "unknown message type"),
    ('{"type": "' + "x" * 300 + '"}', "unknown message type 'that'"),
    ('{"type": "move"}', "move: expected a move text"),
    ('{"type": "move", "move": 42}', "move: expected a move text"),
    ('{"type": "move", "move": "   "}', "move: expected a move text"),
    ('{"type": "move", "move": "' + "x" * 700 + '"}', "over 600 characters"),
    ("x" * 5000, "message too long"),
    ('{"type": "join", "token": "abc"}', "already joined"),
    (b'{"type": "ping"}', "JSON text frames"),
    ('{"type": "move", "move": "discard ZZ"}', "'ZZ' is not a card"),
    ('{"type": "move", "move": "fly away"}', "cannot read move 'fly away'"),
    ('{"type": "move", "move": "meld AS AS AS"}', ""),
    ('{"type": "next"}', "still being played"),
]


@pytest.mark.parametrize("frame, fragment", FRAMES, ids=[f"frame{i}" for i in range(len(FRAMES))])
def test_a_bad_frame_gets_an_error_and_changes_nothing(
    tmp_path: Path, frame: str | bytes, fragment: str
) -> None:
    with contextlib.ExitStack() as stack:
        c = client(tmp_path, stack, seed=1)
        made = make_table(c, ["human", "random"], variant="gin")
        table = c.app.state.hub.tables[made["table"]]  # type: ignore[attr-defined]
        seat = join(c, made["table"], token_of(made, 0), stack)
        before = (table.game.position(), table.version)
        saved = (tmp_path / "tables" / f"{made['table']}.json").read_bytes()
        if isinstance(frame, bytes):
            seat.ws.send_bytes(frame)
        else:
            seat.ws.send_text(frame)
        reply = seat.recv()
        assert reply["type"] in ("error", "refused") and not reply.get("fatal"), reply
        assert fragment in reply["message"]
        assert (table.game.position(), table.version) == before
        assert (tmp_path / "tables" / f"{made['table']}.json").read_bytes() == saved
        seat.send(type="ping")  # the connection is still good
        assert seat.recv() == {"type": "pong"}


WORDS = [
    "meld",
    "discard",
    "layoff",
    "swap",
    "take",
    "draw",
    "stock",
    "discard+stock",
    "knock",
    "with",
    ",",
    "pass",
    "pile",
    "AS",
    "JK",
    "JK:7H",
    "JK:JK",
    "10H",
    "TD",
    "0",
    "-1",
    "2",
    "9" * 30,
    "ÄS",
    "\u0000",
    "🂡",
    "7H:7H",
    "|",
    "discard+discard",
    "QS QS",
]


def test_random_move_texts_never_break_the_connection(tmp_path: Path) -> None:
    """Seeded fuzz: move texts made of move words, cards and junk are refused or played,
    and the seat's connection always answers."""
    rng = random.Random(11)
    with contextlib.ExitStack() as stack:
        c = client(tmp_path, stack, seed=2)
        made = make_table(c, ["human", "random", "random"], variant="michigan")
        seat = join(c, made["table"], token_of(made, 0), stack)
        kinds = set()
        for _ in range(150):
            text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 5)))
            seat.send(type="move", move=text)
            reply = seat.recv()
            kinds.add(reply["type"])
            assert "the server failed" not in reply.get("message", ""), (text, reply)
            if seat.state["observation"]["hand_over"]:
                seat.send(type="next")
                seat.recv()
        seat.send(type="ping")
        assert seat.recv() == {"type": "pong"}
        assert kinds <= {"refused", "error", "state"} and "refused" in kinds


def _lobby_cases() -> list[tuple[str, Any, int, str]]:
    """(route, body, status, error fragment) for requests the lobby refuses."""
    gin = {"variant": "gin"}
    return [
        ("/api/tables", b"{nope", 400, "not valid JSON"),
        ("/api/tables", b"[1, 2]", 400, "not a JSON object"),
        ("/api/tables", b"\xff\xfe", 400, "not valid JSON"),
        ("/api/tables", {"variant": "../../etc/passwd", "seats": ["human"]}, 400, "not a bundled"),
        ("/api/tables", {"variant": "variants/gin.rules", "seats": []}, 400, "not a bundled"),
        ("/api/tables", {"variant": ["gin"], "seats": ["human"]}, 400, "not a bundled"),
        ("/api/tables", {**gin, "seats": "human"}, 400, "expected a list"),
        ("/api/tables", {**gin, "seats": ["human"]}, 400, "is for 2 players, not 1"),
        ("/api/tables", {**gin, "seats": ["human"] * 9}, 400, "is for 2 players, not 9"),
        ("/api/tables", {**gin, "seats": ["human", "alien"]}, 400, "neither human nor a bot"),
        ("/api/tables", {**gin, "seats": ["random", "smart"]}, 400, "must be a person"),
        ("/api/tables", {**gin, "seats": ["human", 7]}, 400, "expected a list"),
        ("/api/tables", {"text": 5, "seats": ["human", "random"]}, 400, "rule text"),
        ("/api/tables", {"text": "x", "kind": "python", "seats": ["human"]}, 400, "kind"),
        ("/api/check", {"text": "x" * (MAX_TEXT_BYTES + 1)}, 400, "over the limit"),
        ("/api/check", b"x" * (MAX_BODY + 10), 413, "request too large"),
        ("/api/explain", {"variant": "nosuch"}, 400, "not a bundled variant"),
        ("/api/explain", {"text": "variant x extends gin {\n  mach to 5\n}\n"}, 400, "1 problem"),
    ]


@pytest.mark.parametrize("route, body, status, fragment", _lobby_cases())
def test_a_bad_lobby_request_is_refused_and_makes_no_table(
    tmp_path: Path, route: str, body: Any, status: int, fragment: str
) -> None:
    with contextlib.ExitStack() as stack:
        c = client(tmp_path, stack)
        raw = body if isinstance(body, bytes) else json.dumps(body).encode()
        r = c.post(route, content=raw, headers={"content-type": "application/json"})
        assert r.status_code == status, r.text
        assert fragment in r.json()["error"]
        assert c.app.state.hub.tables == {}  # type: ignore[attr-defined]
        assert not (tmp_path / "tables").exists()


def test_rules_that_name_a_server_file_are_refused_where_they_stand(tmp_path: Path) -> None:
    text = 'variant x extends "/etc/passwd" {\n  match to 5\n}\n'
    with contextlib.ExitStack() as stack:
        c = client(tmp_path, stack)
        r = c.post("/api/tables", json={"text": text, "seats": ["human", "random"]})
        assert r.status_code == 400
        (problem,) = r.json()["problems"]
        assert (problem["line"], problem["column"]) == (1, 19)
        assert "may extend only a bundled variant" in problem["message"]
        assert "root:" not in r.text


def test_pasted_rules_get_the_messages_of_rulespec_check(tmp_path: Path) -> None:
    text = "variant house extends gin {\n  knock when deadwood <= upcard.valu\n  mach to 5\n}\n"
    (tmp_path / "house.rules").write_text(text)
    expected = [p.render() for p in check_one(str(tmp_path / "house.rules")).problems]
    with contextlib.ExitStack() as stack:
        c = client(tmp_path, stack)
        r = c.post("/api/check", json={"text": text, "file": "/somewhere/else/house.rules"})
    body = r.json()
    assert r.status_code == 200 and body["ok"] is False
    shown = [p["text"] for p in body["problems"]]
    assert [s.replace("house.rules", str(tmp_path / "house.rules"), 1) for s in shown] == expected
    assert len(shown) == 2 and "did you mean 'upcard.value'" in shown[0]


def test_every_hostile_file_is_refused_with_its_message(tmp_path: Path) -> None:
    with contextlib.ExitStack() as stack:
        c = client(tmp_path, stack)
        for name, (suffix, text, fragment) in hostile_files().items():
            kind = "yaml" if suffix == ".yaml" else "rules"
            r = c.post("/api/check", json={"text": text, "kind": kind, "file": name + suffix})
            body = r.json()
            assert r.status_code == 200 and body["ok"] is False, name
            assert fragment in body["problems"][0]["message"], (name, body["problems"][0])
        r = c.post("/api/check", json={"text": "variant ok extends gin {\n  match to 5\n}\n"})
        assert r.json()["ok"] is True  # the server still answers, and answers right

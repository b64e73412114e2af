"""The table protocol in-process (Starlette TestClient WebSockets): a whole match of two people and
a bot, refused moves, reconnecting, seat tokens, and a restart from the data folder."""

from __future__ import annotations

import contextlib
import random
import shutil
from pathlib import Path
from typing import Any

import pytest
from web_helpers import (
    QUICK_RUMMY,
    Seat,
    client,
    drain,
    join,
    make_table,
    pick,
    token_of,
)

from rulespec import loads
from rulespec.bots import make_bot

pytestmark = pytest.mark.timeout(60)


def test_two_people_and_a_bot_play_a_whole_match_and_a_rematch(tmp_path: Path) -> None:
    # the people choose as the greedy bot would from what they are sent: short hands
    rng = make_bot("greedy", 5)
    variant = loads(QUICK_RUMMY)
    with contextlib.ExitStack() as stack:
        c = client(tmp_path, stack)
        made = make_table(c, ["human", "random", "human"], text=QUICK_RUMMY)
        a = join(c, made["table"], token_of(made, 0), stack)
        b = join(c, made["table"], token_of(made, 2), stack)
        a.recv()  # b's arrival is told to a (b is now online)
        assert [s["online"] for s in a.state["seats"]] == [True, True, True]
        people = {0: a, 2: b}
        actions = 0
        while not a.state["match_over"]:
            obs = a.state["observation"]
            mover = people[0] if obs["hand_over"] else people[obs["to_move"]]
            mover.send(**pick(mover, rng, variant))
            drain([a, b])
            actions += 1
            assert a.state["version"] == b.state["version"]
            assert actions < 3000
        result = a.state["observation"]["result"]
        assert result["match_over"] and a.state["match_winner"] is not None
        assert a.state["observation"]["totals"] == b.state["observation"]["totals"]
        assert any(h.get("seat") == 1 for h in a.state["observation"]["history"])  # the bot played
        b.send(type="rematch")
        drain([a, b])
        assert a.state["match_no"] == 2 and not a.state["match_over"]
        assert a.state["observation"]["hand_number"] == 1


def _gin_table(tmp_path: Path, stack: contextlib.ExitStack[None]) -> tuple[Any, dict[str, Any]]:
    c = client(tmp_path, stack)
    return c, make_table(c, ["human", "human"], variant="gin")


def test_refused_moves_name_their_rule_and_change_nothing(tmp_path: Path) -> None:
    with contextlib.ExitStack() as stack:
        c, made = _gin_table(tmp_path, stack)
        a = join(c, made["table"], token_of(made, 0), stack)
        b = join(c, made["table"], token_of(made, 1), stack)
        a.recv()
        mover, other = (a, b) if a.state["observation"]["to_move"] == 0 else (b, a)
        before = mover.state
        card = before["observation"]["hand"][0]
        mover.send(type="move", move=f"discard {card}")  # gin opens with the upcard offer
        refused = mover.recv()
        assert refused["type"] == "refused" and "draw.upcard_offer" in refused["message"]
        mover.send(type="move", move="discard 11H")
        garbled = mover.recv()
        assert garbled["type"] == "refused" and "'11H' is not a card" in garbled["message"]
        other.send(type="move", move="pass")
        assert "not your turn" in other.recv()["message"]
        other.send(type="next")
        assert "still being played" in other.recv()["message"]
        other.send(type="rematch")
        assert "still on" in other.recv()["message"]
        mover.send(type="ping")
        assert mover.recv() == {"type": "pong"}
        mover.send(type="move", move="pass")  # a good move after all that
        drain([a, b])
        assert mover.state["version"] == before["version"] + 1


def test_reconnect_with_the_link_gets_the_table_back_exactly(tmp_path: Path) -> None:
    outer = contextlib.ExitStack()
    c, made = _gin_table(tmp_path, outer)
    table, token = made["table"], token_of(made, 0)
    with contextlib.ExitStack() as stack:
        a = join(c, table, token, stack)
        b = join(c, table, token_of(made, 1), stack)
        a.recv()
        first = a.state
    # both gone; a comes back
    with contextlib.ExitStack() as stack:
        again = join(c, table, token, stack)
        state = again.state
        assert state["observation"] == first["observation"]
        assert state["version"] == first["version"] and state["legal"] == first["legal"]
        assert [s["online"] for s in state["seats"]] == [True, False]
        assert b.seat == 1
    outer.close()


def test_a_seat_opens_once_and_only_with_its_own_token(tmp_path: Path) -> None:
    outer = contextlib.ExitStack()
    c, made = _gin_table(tmp_path, outer)
    _, other = _gin_table(tmp_path / "other", outer)
    table = made["table"]
    cases = [
        (table, token_of(other, 0), "does not open a seat"),
        (table, "forged-token-000000000000", "does not open a seat"),
        ("nosuchtable", token_of(made, 0), "no such table"),
        ("not.an.id", token_of(made, 0), "no such table"),
    ]
    for where, token, message in cases:
        with c.websocket_connect(f"/ws/{where}") as ws:
            ws.send_json({"type": "join", "token": token})
            reply = ws.receive_json()
            assert reply["fatal"] and message in reply["message"], (where, reply)
    with contextlib.ExitStack() as stack:
        a = join(c, table, token_of(made, 0), stack)
        with c.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "join", "token": token_of(made, 0)})
            reply = ws.receive_json()
            assert reply["fatal"] and "already open" in reply["message"]
            assert reply["code"] == "seat-open"
        with c.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "move", "move": "pass"})
            assert "join first" in ws.receive_json()["message"]
        a.send(type="join", token=token_of(made, 0))
        assert a.recv()["message"] == "already joined"
        a.send(type="ping")
        assert a.recv()["type"] == "pong"
    outer.close()


def test_a_restart_from_the_data_folder_loses_nothing(tmp_path: Path) -> None:
    rng = random.Random(3)
    with contextlib.ExitStack() as stack:
        c = client(tmp_path, stack)
        made = make_table(c, ["human", "greedy"], variant="gin")
        a = join(c, made["table"], token_of(made, 0), stack)
        for _ in range(6):
            a.send(**pick(a, rng))
            drain([a])
        before = a.state
    saved = sorted(p.name for p in (tmp_path / "tables").iterdir())
    assert saved == [f"{made['table']}.json"]  # one file, no temp file left behind
    shutil.copytree(tmp_path / "tables", tmp_path / "copy" / "tables")
    states = []
    for folder in (tmp_path, tmp_path / "copy"):  # two restarted servers from the same files
        with contextlib.ExitStack() as stack:
            again: Seat = join(client(folder, stack), made["table"], token_of(made, 0), stack)
            assert again.state["observation"] == before["observation"]
            assert again.state["legal"] == before["legal"]
            again.send(**pick(again, random.Random(9)))
            drain([again])
            states.append(again.state)
    # the bots play on exactly as before: same seed for the same move number
    assert states[0] == states[1] and states[0]["version"] == before["version"] + 1

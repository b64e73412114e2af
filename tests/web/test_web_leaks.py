"""Secret keeping, as a property: seeded random games played through the protocol, and no message
to a seat ever names a card hidden from it (the stock, the other hands' unseen cards), nor the
seed. The hidden set is computed from the server's own game at the moment of each message."""

from __future__ import annotations

import contextlib
import random
from pathlib import Path
from typing import Any

import pytest
from web_helpers import (
    CARD,
    QUICK_GIN,
    Seat,
    cards_in,
    client,
    hidden_from,
    join,
    make_table,
    pick,
    token_of,
)

from rulespec.bots import make_bot

# (rules, seats, deal seed, actions): people and bots mixed, squared and spread piles, melds
GAMES = [
    ({"text": QUICK_GIN}, ["human", "human"], 1, 90),
    ({"variant": "michigan"}, ["human", "random", "human"], 2, 70),
    ({"variant": "rummy"}, ["human", "human", "greedy"], 3, 70),
    ({"variant": "oklahoma"}, ["random", "human"], 4, 60),
]
TRIES = ["AS", "KH", "7C", "TD", "2S", "QD"]


def _check(seat: Seat, game: Any, own: frozenset[str] = frozenset()) -> None:
    """The messages `seat` has just read name no card hidden from it now (`own`: cards the
    seat itself named in a refused move, echoed back), nor the seed, nor the stock."""
    hidden = hidden_from(game.position(), seat.seat)
    for message, frame in zip(
        seat.received[seat.checked :], seat.frames[seat.checked :], strict=True
    ):
        leaked = (cards_in(message) - own) & hidden
        assert not leaked, (seat.seat, message["type"], sorted(leaked))
        assert str(game.ms.seed) not in frame
        assert not isinstance(message.get("observation", {}).get("stock_size", 0), list)
    seat.checked = len(seat.received)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("rules, kinds, deal, actions", GAMES)
def test_no_message_names_a_card_hidden_from_its_seat(
    tmp_path: Path, rules: dict[str, Any], kinds: list[str], deal: int, actions: int
) -> None:
    rng = random.Random(deal)
    with contextlib.ExitStack() as stack:
        c = client(tmp_path, stack, seed=deal)
        made = make_table(c, kinds, **rules)
        variant = c.app.state.hub.tables[made["table"]].variant  # type: ignore[attr-defined]
        greedy = make_bot("greedy", deal)
        game = lambda: c.app.state.hub.tables[made["table"]].game  # type: ignore[attr-defined]  # noqa: E731
        people: list[Seat] = []
        for s, kind in enumerate(kinds):
            if kind == "human":
                joined = join(c, made["table"], token_of(made, s), stack)
                for earlier in people:  # told that one more seat is online
                    earlier.recv()
                people.append(joined)
                for p in people:
                    _check(p, game())
        by_seat = {p.seat: p for p in people}
        ends = 0
        for _ in range(actions):
            obs = people[0].state["observation"]
            mover = people[0] if obs["hand_over"] else by_seat[obs["to_move"]]
            if rng.random() < 0.15:  # now and then a move the table refuses, by anyone
                other = rng.choice(people)
                held = set(other.state["observation"]["hand"])
                card = rng.choice([t for t in TRIES if t not in held])  # so never legal
                other.send(type="move", move=f"discard {card}")
                assert other.recv()["type"] in ("refused", "error")
                _check(other, game(), frozenset({card}))
            # half greedy (hands end, melds are laid), half random (odd corners)
            mover.send(**pick(mover, rng if rng.random() < 0.5 else greedy, variant))
            for p in people:
                assert p.recv()["type"] == "state"
                _check(p, game())
            ends += people[0].state["observation"]["hand_over"]
            if people[0].state["match_over"]:
                break
        assert ends, "no hand ended: the hand-end messages went unchecked"
        assert CARD.findall(str(people[0].state["observation"]["hand"]))  # cards were seen at all


def test_the_check_itself_sees_a_leak() -> None:
    """The property has teeth: a message carrying another seat's hand or the stock is caught."""
    import rulespec

    position = rulespec.load("gin").new_game(2, seed=11).position()
    hidden = hidden_from(position, 0)
    assert set(position["hands"][1]) <= hidden and set(position["stock"]) <= hidden
    assert not set(position["hands"][0]) & hidden
    leaky = {"type": "state", "observation": {"hand": position["hands"][0], "x": position["stock"]}}
    assert cards_in(leaky) & hidden == set(position["stock"]) - {position["upcard"]}

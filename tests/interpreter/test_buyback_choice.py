"""Buying back in by choice (`match.buy_back_by`): the phase `rebuy` between hands, the
automatic option, the bots' rule, the env action; a Scala 40 position where the last
turn puts seat 1 (and, with other totals, seat 2) out of the match."""

from __future__ import annotations

from typing import Any

import pytest

from rulespec.bots import make_bot
from rulespec.compiler.load import load_variant, loads
from rulespec.core.moves import Move
from rulespec.envs.catalogue import build_catalogue
from rulespec.interpreter.game import Game
from rulespec.model.variant import Variant

LAST_TURN = ["meld 7H 8H 9H", "discard 2S"]
"""Seat 0 goes out: seat 1 scores 40 and seat 2 100 (it never opened), seat 3 4."""


def _position(totals: list[int]) -> dict[str, Any]:
    return {
        "players": 4,
        "dealer": 3,
        "to_move": 0,
        "phase": "play",
        "hands": [["7H", "8H", "9H", "2S"], ["KH", "5D", "JK"], ["2C", "3D"], ["4C"]],
        "melds": [
            {"owner": 0, "cards": ["TC", "JC", "QC"]},
            {"owner": 1, "cards": ["4S", "5S", "6S", "7S", "8S"]},
            {"owner": 3, "cards": ["9D", "TD", "JD"]},
        ],
        "laid_down": [1, 1, None, 1],
        "turns": [2, 2, 2, 2],
        "melded": [30, 30, 0, 30],
        "stock": ["AS", "3S", "9S", "5C"],
        "discard": ["KD"],
        "totals": totals,
    }


def _after_last_turn(variant: Variant, totals: list[int]) -> Game:
    g = Game.from_position(variant, _position(totals))
    for text in LAST_TURN:
        g.play(text)
    return g


def test_automatic_brings_the_seat_straight_back() -> None:
    v = loads("variant auto extends scala-40 { match buy back automatically }")
    assert v.match.buy_back_by == "automatic"
    g = _after_last_turn(v, [10, 90, 0, 30])
    assert g.hand_over and g.phase == "over"
    assert g.totals == [10, 100, 100, 34]
    assert g.position()["bought"] == [0, 1, 0, 0]


def test_by_choice_waits_for_the_seat_then_deals_on() -> None:
    v = load_variant("scala-40")
    assert v.match.buy_back_by == "choice"
    g = _after_last_turn(v, [10, 90, 0, 30])
    assert (g.phase, g.to_move, g.hand_over) == ("rebuy", 1, False)
    assert [str(m) for m in g.legal_moves()] == ["rebuy", "pass"]
    assert not g.is_legal("discard KH")
    g.play("rebuy")
    assert g.hand_over and g.totals == [10, 100, 100, 34]
    assert g.undo() == Move.parse("rebuy") and g.phase == "rebuy"
    g.play("pass")
    g.next_hand()
    assert g.hs.active == [True, False, True, True] and g.totals[1] == 130


@pytest.mark.parametrize(
    ("totals", "wanted"),
    [
        ([10, 90, 0, 30], False),  # comes back at 100: 1 point of room against the leader's 91
        ([10, 90, 5, 30], True),  # two out; comes back at 34: 67 of room against 91
    ],
)
@pytest.mark.parametrize("bot", ["smart", "greedy"])
def test_sensible_bots_buy_back_within_reach_of_the_leader(
    bot: str, totals: list[int], wanted: bool
) -> None:
    g = _after_last_turn(load_variant("scala-40"), totals)
    move = make_bot(bot, 1).choose(g.observation(1), g.legal_moves(), g.variant)
    assert str(move) == ("rebuy" if wanted else "pass")


def test_random_bot_decides_legally() -> None:
    g = _after_last_turn(load_variant("scala-40"), [10, 90, 5, 30])
    while g.phase == "rebuy":
        seat = g.to_move
        g.play(make_bot("random", seat).choose(g.observation(seat), g.legal_moves(), g.variant))
    assert g.hand_over


def test_the_env_catalogue_offers_rebuy_and_pass_only_by_choice() -> None:
    labels = build_catalogue(load_variant("scala-40")).labels
    assert "rebuy" in labels and "pass" in labels
    auto = loads("variant auto extends scala-40 { match buy back automatically }")
    assert "rebuy" not in build_catalogue(auto).labels

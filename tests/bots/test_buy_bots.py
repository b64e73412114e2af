"""The bots out of turn: offered the top discard (`buy` / `pass`), the smart and greedy
bots buy a card that lies in a meld with their hand and pass on one that does not; the
random bot picks either; none is offered `buy` past its limit.
Smart weighs the blind penalty card; handed the match's rules, the bots apply the deal
schedule themselves (the deal's contract)."""

from __future__ import annotations

import pytest

from rulespec.bots import make_bot
from rulespec.compiler.load import load_variant
from rulespec.interpreter.game import Game

HANDS = [["KS", "QS"], ["4C", "5C", "6C", "AS"], ["8D", "8S", "2H"], ["7D", "7S", "JC"]]


def _claim(top: str, buys: list[int]) -> Game:
    """Seat 2 asked to buy `top` after seat 1 drew from the stock (4 players)."""
    v = load_variant("contract-rummy")
    position = {
        "players": 4,
        "dealer": 0,
        "to_move": 2,
        "phase": "claim",
        "claim": {"turn": 1},
        "hands": HANDS,
        "stock": ["2C", "3D", "4D"],
        "discard": ["TH", top],
        "buys": buys,
    }
    return Game.from_position(v, position)


@pytest.mark.parametrize("bot", ["smart", "greedy"])
@pytest.mark.parametrize(("top", "wanted"), [("8H", True), ("KH", False)])
def test_a_sensible_bot_buys_what_fits_its_hand(bot: str, top: str, wanted: bool) -> None:
    g = _claim(top, [0, 0, 0, 0])  # 8D 8S + 8H is a set; KH fits nothing
    move = make_bot(bot, 1).choose(g.observation(2), g.legal_moves(), g.variant)
    assert str(move) == ("buy" if wanted else "pass")


def test_at_its_limit_a_bot_can_only_pass() -> None:
    g = _claim("8H", [0, 0, 3, 0])
    assert [str(m) for m in g.legal_moves()] == ["pass"]
    for bot in ("smart", "greedy", "random"):
        assert str(make_bot(bot, 1).choose(g.observation(2), g.legal_moves(), g.variant)) == "pass"


def test_smart_weighs_the_penalty_card() -> None:
    """A fourth card for a set already held lies in a meld (greedy buys it) but gains the
    hand nothing: smart will not take a blind penalty card for it (bots/buying.py)."""
    v = load_variant("contract-rummy")
    position = {
        "players": 4,
        "dealer": 0,
        "to_move": 2,
        "phase": "claim",
        "claim": {"turn": 1},
        "hands": [HANDS[0], HANDS[1], ["8D", "8S", "8H", "2H"], HANDS[3]],
        "stock": ["2C", "3D", "4D"],
        "discard": ["TH", "8C"],
        "buys": [0, 0, 0, 0],
    }
    g = Game.from_position(v, position)
    chosen = {
        b: str(make_bot(b, 1).choose(g.observation(2), g.legal_moves(), v))
        for b in ("smart", "greedy")
    }
    assert chosen == {"smart": "pass", "greedy": "buy"}


@pytest.mark.parametrize("variant_of", ["match", "deal"])
def test_smart_reads_the_deals_contract_from_the_match_rules(variant_of: str) -> None:
    """Handed the match's rules (as the simulator does), the bot applies the deal schedule
    itself: in deal 1 (two sets) it lays its contract down at once. It used to see no
    contract in the match's rules and held its sets back."""
    v = load_variant("contract-rummy")
    position = {
        "players": 4,
        "dealer": 3,
        "to_move": 0,
        "phase": "play",
        "hands": [
            ["8D", "8S", "8H", "5C", "5D", "5S", "KC", "QH", "2D", "4H", "9S"],
            HANDS[1] + ["3C", "9D", "JD", "AH", "6S", "7C"],
            ["2S", "3H", "4S", "6D", "7S", "9C", "TC", "JH", "QS", "KD"],
            ["2H", "3S", "4C", "6C", "7H", "9H", "TS", "JC", "QC", "KS"],
        ],
        "stock": ["2C", "3D", "4D"],
        "discard": ["TH"],
    }
    g = Game.from_position(v, position)
    rules = v if variant_of == "match" else g.variant
    move = make_bot("smart", 1).choose(g.observation(0), g.legal_moves(), rules)
    assert str(move).startswith("meld"), move

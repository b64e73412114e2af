"""The smart bot builds early in a knock hand and races late (bots/knocktime.pot_weight):
the weight of its partial melds falls as the next player draws, read from the public
history. Before, one weight served the whole hand; against OpenSpiel's simple gin bot the
schedule wins 1.1-1.5 points more of the hands (bench/README.md, target 6)."""

from __future__ import annotations

from typing import Any

import pytest

from rulespec.bots import knocktime, make_bot
from rulespec.bots.base import view_of
from rulespec.bots.smart import POT_WEIGHT, SmartBot
from rulespec.compiler.load import load_variant
from rulespec.core.moves import as_move

HAND = ["2D", "2S", "4D", "5D", "6H", "7D", "AC", "AS", "JC", "QC", "QS"]
THEIRS = ["KH", "8S", "3C", "9S", "TD", "6C", "3H", "KC", "4C"]  # the next player's discards
MINE = ["KS", "8D", "3D", "9H", "TS", "6S", "5H", "4H", "JD"]


def _observation(next_draws: int, own_draws: int | None = None) -> dict[str, Any]:
    """Seat 0 of gin after its draw: the next player (seat 1) has drawn ``next_draws`` times
    from the stock and discarded; seat 0 has drawn one more time than it (or ``own_draws``)."""
    history: list[dict[str, Any]] = []
    mine = next_draws + 1 if own_draws is None else own_draws
    for turn in range(max(mine, next_draws)):
        if turn < next_draws:
            history += [
                {"seat": 1, "move": "draw stock"},
                {"seat": 1, "move": "discard " + THEIRS[turn]},
            ]
        if turn < mine:
            history.append({"seat": 0, "move": "draw stock"})
            if turn < mine - 1:
                history.append({"seat": 0, "move": "discard " + MINE[turn]})
    return {
        "seat": 0,
        "players": 2,
        "to_move": 0,
        "phase": "play",
        "hand": HAND,
        "hand_sizes": [11, 10],
        "discard": [THEIRS[next_draws - 1]] if next_draws else ["9C"],
        "discard_size": 1 + next_draws + max(mine - 1, 0),
        "pile": "squared",
        "melds": [],
        "stock_size": 31 - next_draws - mine,
        "totals": [0, 0],
        "upcard": "9C",
        "taken": [],
        "history": history,
    }


@pytest.mark.parametrize(
    ("next_draws", "factor"), [(0, 2.5), (2, 2.0), (4, 1.5), (8, 0.5), (9, 0.5)]
)
def test_the_weight_falls_from_building_to_racing(next_draws: int, factor: float) -> None:
    view = view_of(_observation(next_draws))
    assert knocktime.pot_weight(view, 0.8) == pytest.approx(0.8 * factor)


def test_only_the_next_players_draws_count() -> None:
    early = view_of(_observation(0, own_draws=6))
    assert knocktime.pot_weight(early, 1.0) == pytest.approx(knocktime.POT_EARLY)


def _discard(observation: dict[str, Any]) -> tuple[str, float]:
    gin = load_variant("gin")
    bot = make_bot("smart", 1)
    assert isinstance(bot, SmartBot)
    legal = [as_move("discard " + card) for card in HAND]
    return str(bot.choose(observation, legal, gin)), bot._pot


def test_early_the_smart_bot_keeps_a_partial_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """At the deal it keeps J-Q of clubs (and the queens) and lets the lone 6H go; with the
    flat weight of before it broke the J-Q instead."""
    assert _discard(_observation(0)) == ("discard 6H", pytest.approx(2.5 * POT_WEIGHT))
    monkeypatch.setattr(knocktime, "POT_EARLY", 1.0)
    monkeypatch.setattr(knocktime, "POT_LATE", 1.0)
    assert _discard(_observation(0)) == ("discard JC", pytest.approx(POT_WEIGHT))


def test_late_the_partial_melds_weigh_little() -> None:
    _, weight = _discard(_observation(8))
    assert weight == pytest.approx(0.5 * POT_WEIGHT)

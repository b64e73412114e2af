"""Knocking and table melding in one game (issue 8, capability 8): tests/data/valid/knock-spread.

Random and sensible play keep test_invariants.py's per-step checks (cards
conserved, positions round-trip, every legal move accepted), hands end, and
every knock is judged over the cards in hand only: the knocker's deadwood and
the showing come from its hand, the table's melds are untouched by the knock.
Every bot plays the file legally to the end of its hands. The `.rules` and
`.yaml` forms are the same document.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from interp_helpers import bot_moves
from test_invariants import dead_end, play_hand

from rulespec.bots import make_bot
from rulespec.compiler.load import load_document, load_variant
from rulespec.interpreter import solver as S
from rulespec.interpreter.game import Game

VALID = Path(__file__).resolve().parents[1] / "data" / "valid"
FILE = VALID / "knock-spread.yaml"
HANDS = 6


def test_both_forms_are_one_document() -> None:
    assert load_document(str(FILE)) == load_document(str(FILE.with_suffix(".rules")))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_and_sensible_hands_keep_the_invariants(players: int) -> None:
    v = load_variant(str(FILE))
    reasons = []
    for h in range(HANDS):
        g = Game.new(v, players, seed=h)
        _, result = play_hand(g, random.Random(f"spread:{players}:{h}"), full=h < 2)
        assert result is not None and len(result["scores"]) == players
        assert result["reason"] != "abandoned" or dead_end(g), g.position()
        reasons.append(result["reason"])
    assert {"knock", "gin", "undercut"} & set(reasons), reasons


@pytest.mark.parametrize("lineup", [["random"], ["greedy"], ["smart", "greedy", "random"]])
def test_bots_meld_on_the_table_and_knock_over_the_hand(lineup: list[str]) -> None:
    """Each knock: the hand after the discard is within the limit, the table is unchanged."""
    v = load_variant(str(FILE))
    knocks = spread_knocks = 0  # every knock; those with melds already on the table
    for n in (2, 4):
        for deal in range(3):
            g = Game.new(v, n, seed=100 * n + deal)
            bots = [make_bot(lineup[s % len(lineup)], 7 * n + s + deal) for s in range(n)]
            for seat, move in bot_moves(g, bots):
                if move.kind == "knock":
                    rest = list(g.hs.hands[seat])
                    rest.remove(move.card)
                    assert S.deadwood(v, rest) <= 5
                    table = list(g.hs.melds)
                    g.play(move)
                    assert g.hs.melds == table
                    knocks += 1
                    spread_knocks += bool(table)
                else:
                    g.play(move)
    assert spread_knocks >= 1, f"{lineup}: no knock with melds on the table ({knocks} knocks)"

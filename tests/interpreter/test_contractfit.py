"""The contract test before the per-meld searches never changes which melds are legal.

`contractfit.contract_possible` lets lay.py refuse every meld at once when no choice of
melds of the hand makes the contract. Played positions of contract files are listed with
it and with it answering "possible" always (each meld then runs its own search): the
legal moves are the same, and the test does say "impossible" at some of them.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rulespec.compiler.load import load_variant
from rulespec.core.cards import parse_card
from rulespec.interpreter.game import Game
from rulespec.interpreter.phases import contractfit, judge
from rulespec.interpreter.phases import lay as L

DATA = Path(__file__).resolve().parent.parent / "data" / "valid"


def test_a_hand_that_holds_the_contract_and_one_that_does_not() -> None:
    v = load_variant(str(DATA / "rummy-contract.rules"))  # 1 set of 3 and 1 run of 4
    hand = [parse_card(c) for c in ["3C", "3D", "3S", "7H", "8H", "9H", "TH", "5C"]]
    assert contractfit.contract_possible(v, hand)
    assert not contractfit.contract_possible(v, hand[:3] + hand[4:])  # 8H 9H TH: a run of 3


@pytest.mark.parametrize("name", ["rummy-contract.rules", "schedule-small.rules"])
def test_the_test_changes_no_legal_move(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    v = load_variant(str(DATA / name))
    rng = random.Random(4)
    compared = refused = 0
    for seed in range(6):
        g = Game.new(v, v.min_players + seed % 2, seed=seed)
        while not g.hand_over and compared < 400:
            if g.phase == "play":
                with_test = judge.legal_moves(g.variant, g.hs)
                with monkeypatch.context() as m:
                    m.setattr(L, "contract_possible", lambda variant, hand: True)
                    without = judge.legal_moves(g.variant, g.hs)
                assert with_test == without
                compared += 1
                refused += not contractfit.contract_possible(g.variant, g.hs.hands[g.to_move])
            g.play(rng.choice(g.legal_moves()))
    assert compared > 50 and refused > 10

"""The way-on search goes on from the moments its listing has made: they are the plain ones.

lay.laying_for_search hands the search (wayon.can_end_turn), with each meld it lists,
the moment after that meld as `_meld_refusal` already played it on a scratch copy, and
lay.meld_move keeps one `Move.meld` per meld. Over played positions of opening-minimum
and contract variants, each kept moment is the state `layapply.after` makes afresh, and
each kept move is `Move.meld` of its cards.
"""

from __future__ import annotations

import random

import pytest

from rulespec.compiler.load import load_variant
from rulespec.core.moves import MELD, Move
from rulespec.interpreter.game import Game
from rulespec.interpreter.phases import lay as L
from rulespec.interpreter.phases.context import Ctx
from rulespec.interpreter.phases.layapply import after


@pytest.mark.parametrize("name", ["scala-40", "kalooki", "contract-rummy"])
def test_kept_moments_are_the_plain_ones(name: str) -> None:
    v = load_variant(name)
    rng = random.Random(11)
    compared = kept = 0
    for seed in range(30):
        g = Game.new(v, max(v.min_players, 2) + seed % 2, seed=seed)
        while not g.hand_over and compared < 150:
            if g.phase == "play":
                compared += 1
                c = Ctx(g.rules, g.hs, explain=False)
                for move, moment in L.laying_for_search(c):
                    if move.kind == MELD:
                        assert move == Move.meld(move.cards)
                    if moment is not None:
                        kept += 1
                        assert vars(moment.hs) == vars(after(g.rules, g.hs, move))
            g.play(rng.choice(g.legal_moves()))
    assert compared > 50 and kept > 20

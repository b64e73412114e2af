"""The way-on search (wayon.can_end_turn) gives the answers of the plain search it was
made faster from: one context per moment, the discard list asked only past the discard
gate, the moment after a meld made only for the melds it explores, one `Move.meld` per
meld (lay.meld_move). Over played positions of opening-minimum and contract variants,
the state after each listed meld is searched both ways."""

from __future__ import annotations

import random

import pytest

from rulespec.compiler.load import load_variant
from rulespec.core.moves import MELD, Move
from rulespec.interpreter import arrange as A
from rulespec.interpreter.game import Game
from rulespec.interpreter.phases import lay as L
from rulespec.interpreter.phases import wayon as W
from rulespec.interpreter.phases.context import Ctx
from rulespec.interpreter.phases.discard import discardable
from rulespec.interpreter.phases.layapply import after
from rulespec.interpreter.state import HandState
from rulespec.model.variant import Variant


def _plain_can_end_turn(variant: Variant, hs: HandState) -> bool:
    budget = [W.BUDGET]
    seen: set[tuple[object, ...]] = set()

    def search(state: HandState) -> bool:
        hand = state.hands[state.to_move]
        if not hand:
            return not Ctx(variant, state).opening_short()
        if discardable(variant, state):
            return True
        key = (tuple(sorted(hand)), tuple(state.melds), state.melds_this_turn)
        if key in seen or budget[0] <= 0:
            return False
        if (
            variant.play.layoff is None
            and not Ctx(variant, state).opening_short()
            and A.partition(variant, hand) is None
        ):
            return False
        budget[0] -= 1
        moves = L.laying(Ctx(variant, state, explain=False), way_on=False, search=True)
        if any(search(after(variant, state, m)) for m in moves):
            return True
        seen.add(key)
        return False

    return search(hs)


@pytest.mark.parametrize("name", ["scala-40", "kalooki", "contract-rummy"])
def test_the_search_answers_as_the_plain_one(name: str) -> None:
    v = load_variant(name)
    rng = random.Random(11)
    compared = 0
    answers = set()
    for seed in range(30):
        g = Game.new(v, max(v.min_players, 2) + seed % 2, seed=seed)
        while not g.hand_over and compared < 150:
            if g.phase == "play":
                c = Ctx(g.rules, g.hs, explain=False)
                for move in L.laying(c, way_on=False)[:4]:
                    if move.kind == MELD:
                        assert move == Move.meld(move.cards)
                    state = after(g.rules, g.hs, move)
                    got = W.can_end_turn(
                        Ctx(g.rules, state, explain=False), L.laying_for_search, L._discards
                    )
                    assert got == _plain_can_end_turn(g.rules, state), g.position()
                    answers.add(got)
                    compared += 1
            g.play(rng.choice(g.legal_moves()))
    assert compared > 50 and answers == {True, False}

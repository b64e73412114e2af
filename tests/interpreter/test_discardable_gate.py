"""discardable asks the card-independent discard gate once (interpreter layer).

`phases/discard.discardable` (the way-on search's list of cards that may go) is
`discard_refusal` card by card; it now asks `discard_gate` once and the per-card
tests (held back, the last card) for the whole hand. Here, at every moment of
seeded hands of games with a draw obligation, first-meld minimums, going-out
melding and taken cards held back, the list equals the card-by-card answer.
"""

from __future__ import annotations

import pytest

from rulespec.bots import make_bot
from rulespec.compiler.load import load_variant
from rulespec.interpreter.game import Game
from rulespec.interpreter.phases.context import Ctx
from rulespec.interpreter.phases.discard import discard_refusal, discardable


@pytest.mark.parametrize(
    ("name", "seed"), [("rummy500", 1), ("scala-40", 2), ("continental", 3), ("rummy", 4)]
)
def test_discardable_equals_each_card_judged(name: str, seed: int) -> None:
    variant = load_variant(name)
    game = Game.new(variant, 2, seed=seed)
    bots = [make_bot("greedy", seat) for seat in range(2)]
    allowed = refused = 0
    while not game.observation(0).get("hand_over") and game.legal_moves():
        c = Ctx(variant, game.hs)
        want = [k for k in sorted(set(c.hand)) if discard_refusal(c, k) is None]
        got = discardable(variant, game.hs)
        assert got == want
        allowed += bool(got)
        refused += len(got) < len(set(c.hand))
        seat = game.to_move
        game.play(bots[seat].choose(game.observation(seat), game.legal_moves(), variant))
    assert allowed > 2, allowed  # both answers were met
    assert refused > 0, refused

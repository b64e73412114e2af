"""The shallow discard key read straight off the decision's hands left
(`DiscardPick._shallow`) equals `_discard_score`'s (bots/discardpick.py).

Seeded smart self-play of games whose discard choice takes the general path (two decks,
jokers, wild cards): at every discard choice, each discard's key is asked both ways and
must be equal to the last bit; the straight read must have answered (else nothing was
shown), a wild discard among them where the game has one.
"""

from __future__ import annotations

from typing import Any

import pytest

from rulespec.bots import make_bot
from rulespec.bots.discardpick import DiscardPick
from rulespec.compiler.load import load_variant
from rulespec.interpreter.game import Game


@pytest.mark.parametrize(("name", "moves"), [("continental", 40), ("scala-40", 40), ("bridge", 40)])
def test_the_straight_key_is_the_shallow_score(
    name: str, moves: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    variant = load_variant(name)
    real = DiscardPick._pick_discard
    straight = compared = 0

    def check(self: Any, view: Any, v: Any, discards: Any, keep: int) -> Any:
        nonlocal straight, compared
        got = real(self, view, v, discards, keep)
        plains = self._plains if not self._fast and not v.draw.turned else {}
        for parsed, _ in discards:
            key = self._shallow(view, v, plains, parsed)
            assert key == (self._discard_score(view, v, parsed), parsed.cards), parsed
            straight += parsed.cards in plains
            compared += 1
        return got

    monkeypatch.setattr(DiscardPick, "_pick_discard", check)
    game = Game.new(variant, 2, seed=31)
    bots = [make_bot("smart", 8 + seat) for seat in range(2)]
    for _ in range(moves):
        if game.hand_over:
            break
        seat = game.to_move
        game.play(bots[seat].choose(game.observation(seat), game.legal_moves(), variant))
    assert compared > 0 and straight > 0

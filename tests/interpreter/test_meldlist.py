"""A hand's listing derived from a recent hand's (meldlist.py) is the listing made whole.

Random play of variants with one deck, pile takes, jokers, two decks and wild ranks; at every
position the mover's hand is listed through the memo, and every listing it derived
from a recent hand (a draw added a card, melds and discards took some) is compared
with `meldgen.candidate_listing` of the hand.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rulespec.compiler.load import load_variant
from rulespec.interpreter import meldlist as ML
from rulespec.interpreter.game import Game
from rulespec.interpreter.meldgen import candidate_listing


@pytest.mark.parametrize(
    "name", ["rummy", "rummy500", "remik", "contract-rummy", "kalooki", "michigan"]
)
def test_a_derived_listing_is_the_whole_listing(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    variant = load_variant(name)
    monkeypatch.setattr(ML, "_MEMO", {})
    derived = 0
    real = ML._derived

    def checked(memo: ML._Memo, key: tuple[int, ...], count: Counter[int]) -> ML.Listing | None:
        nonlocal derived
        got = real(memo, key, count)
        if got is not None:
            derived += 1
            melds, every = candidate_listing(variant, key)
            assert got == (tuple(melds), every), key
        return got

    monkeypatch.setattr(ML, "_derived", checked)
    for seed in range(3):
        rng = random.Random(seed)
        game = Game.new(variant, min(variant.max_players, max(2, variant.min_players)), seed=seed)
        while not game.hand_over:
            ML.hand_listing(variant, game.hs.hands[game.to_move])
            game.play(rng.choice(game.legal_moves()))
    assert derived > 20

"""Lay-offs asked only of a meld's fitting names and the hand's wild cards (layfits.layoffs)
are every card's lay-offs: the same sorted list as asking every card of the hand of every
table meld (the way layoffs asked before), on seeded random play of variants with wild
ranks, jokers, two decks and runs that turn the corner; and the table meld's facts kept by
its identity are the ones kept by its cards."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from rulespec.compiler.load import load_variant
from rulespec.core.cards import Placed
from rulespec.interpreter import layfits as LF
from rulespec.interpreter.game import Game
from rulespec.interpreter.meldrules import tables
from rulespec.model.variant import Variant


def _every_card(
    variant: Variant, hand: Sequence[int], table: Sequence[Sequence[Placed]]
) -> list[tuple[Placed, int]]:
    """Every distinct card of the hand asked of every valid table meld."""
    t = tables(variant)
    out: set[tuple[Placed, int]] = set()
    for index, meld in enumerate(table):
        fits = LF.meld_fits(variant, t, tuple(meld))
        if fits is None:
            continue
        for card in sorted(set(hand)):
            for placed in LF._fits(variant, t, fits, card):
                out.add((placed, index))
    return sorted(out)


@pytest.mark.parametrize(
    "name", ["rummy500", "scala-40", "continental", "kalooki", "carioca", "contract-rummy"]
)
def test_layoffs_are_every_cards_layoffs(name: str) -> None:
    variant = load_variant(name)
    deck = [*range(52), *range(52), 52, 52, 52]
    asked = found = 0
    for seed in range(3):
        rng = random.Random(seed)
        game = Game.new(variant, 3 if variant.max_players >= 3 else 2, seed=seed)
        for _ in range(400):
            if game.hand_over:
                break
            table = [m for _, m in game.hs.melds]
            if table:
                for hand in (game.hs.hands[game.to_move], rng.sample(deck, 12)):
                    got = LF.layoffs(variant, hand, table)
                    assert got == _every_card(variant, hand, table)
                    asked += 1
                    found += bool(got)
            game.play(rng.choice(game.legal_moves()))
    assert asked > 5 and found > 1


def test_a_meld_kept_by_identity_is_kept_by_its_cards() -> None:
    variant = load_variant("rummy500")
    t = tables(variant)
    meld = ((4, 4), (5, 5), (6, 6))
    first = LF.meld_fits(variant, t, meld)
    copy = tuple(list(meld))
    assert LF.meld_fits(variant, t, copy) is first  # by its cards: the same facts
    assert LF.meld_fits(variant, t, meld) is first  # by identity
    other = load_variant("scala-40")
    assert LF.meld_fits(other, tables(other), meld) is not first  # another variant's own

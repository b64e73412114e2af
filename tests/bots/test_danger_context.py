"""discard_danger's per-view context answers as the card-by-card formula (bots layer).

`danger.discard_danger` reads what one decision's cards share (the table melds'
lay-off ends, the ranks in sight, the next hand's model, the meld rules) once per
view, and `holding` counts a card's passed-over and thrown mates instead of
multiplying card by card. Here every hand card's danger at every decision of seeded
smart hands, with melds on the table, is held float for float to the plain formula
written out below (the module's before the change), and every holding model to the
card-by-card weights.
"""

from __future__ import annotations

from collections import Counter

import pytest

from rulespec.bots import danger, make_bot, mates
from rulespec.bots.base import JOKER, View, hand_value, points, rank_of, suit_of, view_of
from rulespec.bots.hands import unseen
from rulespec.compiler.load import load_variant
from rulespec.interpreter.game import Game
from rulespec.model.variant import Variant


def _plain_danger(view: View, variant: Variant, card: int, pool: Counter[int]) -> float:
    """The danger card by card: each meld's naturals read again, then feed_chance."""
    value = 0.0
    rank, suit = rank_of(card), suit_of(card)
    at = mates.rank_positions(variant.ranks)
    if view.melds and variant.play.layoff is not None:
        for meld in view.melds:
            naturals = [c for c in meld.placed if c < JOKER]
            if naturals and all(rank_of(c) == rank for c in naturals):
                value += danger.LAYOFF_DANGER
            elif naturals and all(suit_of(c) == suit for c in naturals):
                spots = [at[rank_of(c)] for c in meld.placed if rank_of(c) in at]
                if rank in at and spots and at[rank] in (min(spots) - 1, max(spots) + 1):
                    value += danger.LAYOFF_DANGER
    if danger.seen_counts(view)[rank] >= 2:
        value -= danger.DEAD_BONUS
    value += danger.FEED_WEIGHT * danger.feed_chance(view, variant, card, view.next_seat(), pool)
    return value + 0.01 * (10 - points(variant, hand_value(variant, card)))


def _plain_weights(variant: Variant, view: View, nxt: int, pool: Counter[int]) -> list[float]:
    """holding's weights multiplied card by card, in the pool's order."""
    _, passed, thrown = danger._history_of(view, nxt)
    table = mates._mates(variant)
    out = []
    for code in pool:
        w = 1.0
        near = table[code] if 0 <= code <= JOKER else frozenset()
        for other in passed:
            if other in near:
                w *= danger.DECLINED
        for other in thrown:
            if other in near:
                w *= danger.THROWN
        out.append(w)
    return out


@pytest.mark.parametrize(
    ("name", "seed"), [("rummy", 4), ("rummy", 9), ("carioca", 1), ("carioca", 2)]
)
def test_context_dangers_equal_the_plain_formula(name: str, seed: int) -> None:
    variant = load_variant(name)
    game = Game.new(variant, 2, seed=seed)
    bots = [make_bot("smart", seat) for seat in range(2)]
    with_melds = weighted = 0
    while not game.observation(0).get("hand_over") and game.legal_moves():
        seat = game.to_move
        obs, legal = game.observation(seat), game.legal_moves()
        view = view_of(obs)
        pool = unseen(variant, view)
        cards = sorted(set(view.hand))
        got = [danger.discard_danger(view, variant, c, pool) for c in cards]
        assert got == [_plain_danger(view, variant, c, pool) for c in cards]
        with_melds += bool(view.melds)
        nxt = view.next_seat()
        if nxt != view.seat:
            chance = danger.holding(view, variant, nxt, pool)
            weights = _plain_weights(variant, view, nxt, pool)
            held, _, _ = danger._history_of(view, nxt)
            unknown = max(view.hand_sizes[nxt] - sum(held.values()), 0)
            mass = sum(n * w for n, w in zip(pool.values(), weights, strict=True))
            scale = unknown / mass if mass and sum(pool.values()) else 0.0
            want = {
                c: min(1.0, scale * w * n) for (c, n), w in zip(pool.items(), weights, strict=True)
            }
            want.update(dict.fromkeys(held, 1.0))
            assert list(chance.items()) == list(want.items())
            weighted += any(w != 1.0 for w in weights)
        game.play(bots[seat].choose(obs, legal, variant))
    assert with_melds > 2, with_melds  # the lay-off tests were read
    assert weighted > 2, weighted  # and the weights

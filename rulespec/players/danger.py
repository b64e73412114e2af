"""Discard safety for the smart bot: how much a discard could help the others (stage: players).

From the public record only: what the next player picked up from the pile, the
melds on the table (lay-off targets), cards already dead, and the chance -
from the unseen cards and the next hand's size - that the next player holds two
cards that meld with the discard.
"""

from __future__ import annotations

from collections import Counter

from rulespec.players.base import JOKER, View, hand_value, rank_of, suit_of
from rulespec.spec.model import Variant

FEED_WEIGHT = 3.0  # points for a certain feed of the next player's meld


def discard_danger(view: View, variant: Variant, card: int, pool: Counter[int]) -> float:
    """How much the next player (and the table) could use this card; negative for dead cards."""
    danger = 0.0
    rank, suit = rank_of(card), suit_of(card)
    nxt = view.next_seat()
    picked = [
        c
        for e in view.history
        if e.seat == nxt and e.move.kind in ("draw", "take") and e.move.source != "stock"
        for c in e.shown
        if c < JOKER
    ]
    for other in picked:
        if rank_of(other) == rank:
            danger += 3.0
        elif suit_of(other) == suit and abs(rank_of(other) - rank) <= 2:
            danger += 2.0
    if view.melds and variant.play.layoff is not None:
        for meld in view.melds:
            naturals = [c for c in meld.placed if c < JOKER]
            if naturals and all(rank_of(c) == rank for c in naturals):
                danger += 1.5
            elif naturals and all(suit_of(c) == suit for c in naturals):
                ranks = [rank_of(c) for c in meld.placed]
                if rank in (min(ranks) - 1, max(ranks) + 1):
                    danger += 1.5
    seen = Counter(rank_of(c) for c in view.pile if c < JOKER)
    seen.update(rank_of(c) for m in view.melds for c in m.placed if c < JOKER)
    if seen[rank] >= 2:
        danger -= 1.0
    danger += FEED_WEIGHT * feed_chance(view, variant, card, nxt, pool)
    return danger + 0.01 * (10 - hand_value(variant, card))


def feed_chance(view: View, variant: Variant, card: int, nxt: int, pool: Counter[int]) -> float:
    """Chance that the next player holds two unseen cards that meld with this one."""
    if card >= JOKER or nxt >= len(view.hand_sizes):
        return 0.0
    total = sum(pool.values())
    if not total:
        return 0.0
    p = min(1.0, view.hand_sizes[nxt] / total)
    rank, suit = rank_of(card), suit_of(card)
    chance = 0.0
    if variant.melds.set is not None:
        k = sum(n for c, n in pool.items() if c < JOKER and rank_of(c) == rank and c != card)
        k += pool[card] if variant.melds.set.suits == "any" else 0
        chance += 1 - (1 - p) ** k - k * p * (1 - p) ** max(k - 1, 0)
    if variant.melds.run is not None:

        def held(r: int) -> float:
            r = (r - 1) % 13 + 1
            n = pool[(r - 1) + 13 * suit]
            return 1 - (1 - p) ** n

        for a, b in ((-2, -1), (-1, 1), (1, 2)):
            chance += held(rank + a) * held(rank + b)
    return min(1.0, chance)

"""The smart bot's one-draw lookahead: expected deadwood after the next draw (bots layer).

For each unseen card (weighted by how many copies are unseen) the hand is taken
with that card and its worst deadwood card discarded. Cards that meld with
nothing just join the deadwood (no search); cards that may change the melds are
read from the solver's incremental answer (`interpreter/plusone.py`), and only
the rest are solved whole.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rulespec.bots.base import (
    JOKER,
    hand_value,
    is_wild,
    near_ranks,
    point_unit,
    rank_of,
    suit_of,
)
from rulespec.bots.hands import arrangement
from rulespec.bots.masklook import mask_look
from rulespec.interpreter.plusone import plus_one
from rulespec.model.variant import Variant


def next_turn(
    variant: Variant,
    hand: Sequence[int],
    pool: Counter[int],
    limit: int | None,
    weight: float,
) -> tuple[float, int, int]:
    """(summed cost over the unseen cards, how many there are, how many of them could knock
    within ``limit``): the caller divides. The cost of one draw is the deadwood left after
    the best discard, in points, plus ``weight`` per deadwood card beyond the first."""
    look = mask_look(variant)
    if look is not None and float(weight).is_integer():
        got = look.next_turn(hand, pool, limit, int(weight))
        if got is not None:
            return got
    total = 0.0
    count = ready = 0
    base_dw, _, base_dead = arrangement(variant, hand)
    base_worst = max(
        (hand_value(variant, d) for d in base_dead if not is_wild(variant, d)), default=0
    )
    # a card of no held rank, two or more ranks (along the pack's run order) from every
    # held card of its suit, melds with nothing
    ranks = {rank_of(c) for c in hand if c < JOKER}
    steps = near_ranks(variant)
    near = {(suit_of(c), r) for c in hand if c < JOKER for r in steps.get(rank_of(c), ())}
    far = {
        card
        for card in pool
        if card < JOKER
        and rank_of(card) not in ranks
        and (suit_of(card), rank_of(card)) not in near
        and not is_wild(variant, card)
    }
    grown = plus_one(variant, hand, [c for c in pool if c not in far]) or {}
    unit = point_unit(variant)
    for card, n in pool.items():
        if card in far:
            # a card that melds with nothing just joins the deadwood
            value = hand_value(variant, card)
            dw, dead_count = base_dw + value, len(base_dead) + 1
            worst = max(base_worst, value)
        elif card in grown:
            dw, dead_count, worst = grown[card]
        else:
            dw, _, dead = arrangement(variant, [*hand, card])
            dead_count = len(dead)
            worst = max(
                (hand_value(variant, d) for d in dead if not is_wild(variant, d)), default=0
            )
        total += n * ((dw - worst) / unit + weight * max(dead_count - 1, 0))  # points()
        count += n
        if limit is not None and dw - worst <= limit:
            ready += n
    return total, count, ready

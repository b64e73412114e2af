"""The partial melds' potential: deadwood a hand's pairs are expected to shed within a few
draws (bots layer, over hands).

For each pair of deadwood cards that one unseen card would make a shortest meld
of three with (`pairouts.pair_outs`), the pair's value times the chance one of its
outs comes. The smart bot weighs it in knock variants (`knocktime.pot_weight`); the
one-deck hands go through the compiled sum (`masklook`), the others through the same
pairs in the same order as a mask of their deadwood's natural codes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import count
from typing import Any

from rulespec.bots.base import JOKER, hand_value, point_unit, points
from rulespec.bots.hands import dead_cards
from rulespec.bots.lonedraws import holds_wild, lone_facts
from rulespec.bots.masklook import mask_look
from rulespec.bots.pairouts import pair_outs
from rulespec.bots.potc import pot_look
from rulespec.model.variant import Variant

# the last pool, its variant, its size, pair terms, sums, the C sum's stamps by draws
_POOL: list[Any] = [None, None, 0, {}, {}, {}]
_STAMPS = count(1)  # (one per pool and draws, never reused: the C Look keeps terms by it)
_BITS = tuple(1 << c for c in range(JOKER))  # a natural code's bit


def may_be_lone(variant: Variant, hand: Sequence[int]) -> bool:
    """Can `deepfloor.less_one` read a card of this hand off it? Not without the lone
    facts, under a pure-run contract, nor with a wild card held (None for every card)."""
    f = lone_facts(variant)
    return f is not None and not variant.play.contract_pure and not holds_wild(f, hand)


def dead_less(variant: Variant, hand: Sequence[int], card: int) -> list[int]:
    """`dead_cards`' cards of ``hand`` less ``card``, for a card the caller proved lies in no
    meld of the hand (`deepfloor.less_one`): the same arrangement less that card."""
    dead = list(dead_cards(variant, hand)[1])
    dead.remove(card)
    return dead


def potential(
    variant: Variant,
    hand: Sequence[int],
    pool: Counter[int],
    draws: float,
    dead: Sequence[int] | None = None,
) -> float:
    """Deadwood the hand's two-card partial melds are expected to shed within ``draws``
    draws, in the bots' points (``base.points``): for each pair of deadwood cards that
    one unseen card would make a meld of, the pair's value times the chance one of its
    outs comes (each out is drawn with the chance one unseen card has per draw). Only
    for shortest melds of three cards. The pool's size and each pair's term are kept
    for the last pool (one decision asks of many hands). ``dead``: the hand's deadwood
    cards where the caller knows them without a search (`dead_less`)."""
    total = _pool_size(variant, pool)
    if not total or draws <= 0:
        return 0.0
    look = mask_look(variant)
    mask = look.mask_of(hand) if look is not None else None
    if look is not None and mask is not None:
        summary = look.pool_summary(pool) if look.c is not None else None
        if summary is not None and not mask & summary[0]:  # the C sum, term for term
            got: float = look.c.pot(mask, summary[0], draws, 1.0)
            return got
        return _mask_potential(variant, look.dead_mask(mask), pool, draws, total)
    if dead is None:
        _, dead = dead_cards(variant, hand)  # its natural codes as a mask: the same pairs, in order
    return _mask_potential(variant, sum({_BITS[c] for c in dead if c < JOKER}), pool, draws, total)


def potential_of_mask(
    variant: Variant, dead_mask: Callable[[int], int], mask: int, pool: Counter[int], draws: float
) -> float:
    """`potential` of a one-deck natural mask (the caller checked it: `MaskLook.mask_of`),
    with no hand list to build; ``dead_mask`` is the variant's `MaskLook.dead_mask`."""
    total = _pool_size(variant, pool)
    if not total or draws <= 0:
        return 0.0
    return _mask_potential(variant, dead_mask(mask), pool, draws, total)


def _pool_size(variant: Variant, pool: Counter[int]) -> int:
    """The pool's size; the kept pair terms and sums start afresh for another pool or
    variant (a term depends on both: the variant's outs and values, the pool's counts)."""
    if _POOL[0] is not pool or _POOL[1] is not variant:
        _POOL[:] = [pool, variant, sum(pool.values()), {}, {}, {}]
    size: int = _POOL[2]
    return size


def _mask_potential(
    variant: Variant, dead: int, pool: Counter[int], draws: float, total: int
) -> float:
    """`potential` of a deadwood mask: the same pairs in the same order (so the same sum),
    each pair's term and each mask's sum computed once per pool (one decision asks of
    the same hands again: its shallow and deep discard scores, its floors)."""
    sums: dict[tuple[float, int], float] = _POOL[4]
    known = sums.get((draws, dead))
    if known is not None:
        return known
    pot = pot_look(variant)  # the same sum in C, the pool copy by copy (None: > 8 copies)
    if pot is not None:
        stamp = _POOL[5].get(draws) or _POOL[5].setdefault(draws, next(_STAMPS))
        got = pot.pot_dead(dead, pool, total, draws, float(point_unit(variant)), stamp)
        if got is not None:
            sums[(draws, dead)] = got
            return float(got)
    table, partners = pair_outs(variant)
    by_draws: dict[float, dict[int, float]] = _POOL[3]
    terms = by_draws.get(draws)
    if terms is None:
        terms = by_draws[draws] = {}
    gain = 0.0
    rest = dead
    while rest:
        low = rest & -rest
        rest ^= low
        a = low.bit_length() - 1
        mates = partners[a] & rest
        while mates:
            bit = mates & -mates
            mates ^= bit
            b = bit.bit_length() - 1
            key = a * 52 + b
            term = terms.get(key)
            if term is None:
                outs = 0
                for c in table[key]:
                    outs += pool[c]
                if outs:
                    chance = 1 - (1 - outs / total) ** draws
                    term = chance * points(variant, hand_value(variant, a) + hand_value(variant, b))
                else:
                    term = 0.0
                terms[key] = term
            if term:
                gain += term
    sums[(draws, dead)] = gain
    return gain

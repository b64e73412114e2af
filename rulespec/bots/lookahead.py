"""The smart bot's one-draw lookahead: expected deadwood after the next draw (bots layer).

For each unseen card (weighted by how many copies are unseen) the hand is taken
with that card and its worst deadwood card discarded. Cards that meld with
nothing (far from every held card, or in no meld of the hand with them:
`lonedraws.lone_draws`) just join the deadwood (no search); cards that may change
the melds are read from the solver's incremental answer (`interpreter/plusone.py`),
and only the rest are solved whole. On the counted search the whole loop is one C call
(`plusone.turn_sums`: the same terms, summed in the same order); otherwise the sums of
`plus_one`'s answers are (`plusone.sum_terms`), and the Python loop is the fallback.
Given a bar (`expected_below`: the best deep discard score found so far), the one call
stops as soon as the terms found prove the lookahead above it: every term is at least 0,
so the hands not yet grown need no search.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import reduce
from operator import or_
from typing import Any, Literal, NamedTuple

from rulespec.bots import maskscore as ms
from rulespec.bots.base import (
    JOKER,
    hand_value,
    is_wild,
    near_ranks,
    point_unit,
    rank_of,
    suit_of,
)
from rulespec.bots.hands import dead_summary
from rulespec.bots.lonedraws import lone_draws
from rulespec.bots.masklook import mask_look
from rulespec.bots.splitturn import split_turn
from rulespec.interpreter.meldrules import Tables, tables
from rulespec.interpreter.plusone import plus_one, sum_terms, turn_native, turn_sums
from rulespec.model.derived import Derived
from rulespec.model.variant import Variant


def expected(
    variant: Variant,
    hand: Sequence[int],
    pool: Counter[int],
    limit: int | None,
    weights: tuple[float, float, float, float],
    contract: bool,
    cost: Callable[[Sequence[int]], float],
) -> float:
    """The smart bot's expected cost of ``hand`` after one more draw (`next_turn`, averaged),
    less ``knock`` per chance to knock then; ``cost`` of the hand when no card is unseen.
    ``weights``: (per deadwood card beyond the first, a knock chance, the meld credit, an
    out with meld credit). On the mask path the same sums in one C call."""
    got = expected_below(variant, hand, pool, limit, weights, contract, cost, None)
    if got is None:  # (no bar: always answered)
        raise AssertionError("expected: no answer without a bar")
    return got


def expected_below(
    variant: Variant,
    hand: Sequence[int],
    pool: Counter[int],
    limit: int | None,
    weights: tuple[float, float, float, float],
    contract: bool,
    cost: Callable[[Sequence[int]], float],
    bar: float | None,
    straight: bool = True,
) -> float | None:
    """`expected`, or None where it is proven above ``bar`` (a float; None: no bar) before
    every grown hand is searched (`next_turn`'s bound): the caller needs no more than that.
    Where the route ends in the counted search's one C call, that call is asked straight
    (`counted_sums`; ``straight`` False: the whole route, as the tests compare)."""
    weight, knock, credit, outs = weights
    sums = (
        counted_sums(variant, hand, pool, limit, weight, contract, bar, knock) if straight else None
    )
    if sums is None:
        fast = ms.fast_hand(variant, hand, contract) if float(weight).is_integer() else None
        w = (weight, knock, 1.0, 0.0, 0.0, 52, credit, outs)  # the lookahead only
        got = ms.compiled_score(variant, *fast, 2, w, pool, limit) if fast else None
        if got is not None:
            return got
        sums = next_turn(variant, hand, pool, limit, weight, bar, knock)
    if not sums:  # (None or False: above the bar)
        return None
    total, count, ready = sums
    if not count:
        return cost(hand)
    return total / count - knock * ready / count


def counted_sums(
    variant: Variant,
    hand: Sequence[int],
    pool: Counter[int],
    limit: int | None,
    weight: float,
    contract: bool,
    bar: float | None,
    knock: float,
) -> tuple[float, int, int] | Literal[False] | None:
    """`next_turn`'s answer (False for its None: above the bar) where its route ends in the
    counted search's one C call (no contract, no one-deck natural mask, `plusone.turn_native`
    takes the hand, the call answers): the call asked straight, the tests on the way made
    once (the mask once, not three times; the variant's facts and tables off one entry).
    None anywhere else: the caller takes the whole route."""
    f = _facts(variant)
    if contract or not f.same_values:
        return None
    look = mask_look(variant)
    masked = look is not None and float(weight).is_integer()  # (`next_turn`'s test)
    if masked and look.mask_of(hand) is not None:  # type: ignore[union-attr]
        return None
    native = turn_native(variant, f.t, hand, pool, f.unit, not masked)
    if native is None:
        return None
    base = dead_summary(variant, hand)
    blocked = _blocked(variant, f, hand)
    return turn_sums(variant, hand, pool, blocked, base, weight, limit, f.unit, bar, knock, native)


def next_turn(
    variant: Variant,
    hand: Sequence[int],
    pool: Counter[int],
    limit: int | None,
    weight: float,
    bar: float | None = None,
    knock: float = 0.0,
) -> tuple[float, int, int] | None:
    """(summed cost over the unseen cards, how many there are, how many of them could knock
    within ``limit``): the caller divides. The cost of one draw is the deadwood left after
    the best discard, in points, plus ``weight`` per deadwood card beyond the first. With a
    ``bar``, None where ``total / count - knock * ready / count`` is proven above it before
    the sums are done (the one-call route only; every other route answers)."""
    look = mask_look(variant)
    mask = look.mask_of(hand) if look is not None and float(weight).is_integer() else None
    if look is not None and mask is not None:  # a one-deck natural hand (`look.next_turn`)
        got = look.next_turn_mask(mask, pool, limit, int(weight))
        if got is not None:
            return got
        if _facts(variant).same_values:  # a pool of two decks: split by copies
            w = int(weight)
            split = split_turn(variant, look, hand, pool, w, limit, bar, knock, mask)
            if split is not None:
                return split or None  # (False: above the bar)
    f = _facts(variant)
    hv = f.values
    total = 0.0
    count = ready = 0
    base = dead_summary(variant, hand)
    base_dw, base_count, base_worst = base
    blocked = _blocked(variant, f, hand)
    if f.same_values:  # the loop below in one C call on the counted search (same sums)
        sums = turn_sums(variant, hand, pool, blocked, base, weight, limit, f.unit, bar, knock)
        if sums is not None:
            return sums or None  # (False: above the bar)
    answers = plus_one(variant, hand, [c for c in pool if blocked >> c & 1])
    if answers is not None and f.same_values:  # the loop below in one C call (sums only)
        got = sum_terms(variant, hand, pool, blocked, base, answers, weight, limit, f.unit)
        if got is not None:
            return got
    far = {card for card in pool if not blocked >> card & 1}
    grown = answers or {}
    unit = f.unit
    for card, n in pool.items():
        if card in far:
            # a card that melds with nothing just joins the deadwood
            value = hv[card]
            dw, dead_count = base_dw + value, base_count + 1
            worst = base_worst if base_worst >= value else value
        elif card in grown:
            dw, dead_count, worst = grown[card]
        else:
            dw, dead_count, worst = dead_summary(variant, [*hand, card])
        total += n * ((dw - worst) / unit + weight * max(dead_count - 1, 0))  # points()
        count += n
        if limit is not None and dw - worst <= limit:
            ready += n
    return total, count, ready


def _blocked(variant: Variant, f: _Facts, hand: Sequence[int]) -> int:
    """The mask of the codes that may meld with the hand once drawn (the rest are "far": a
    drawn far card just joins the deadwood). A card of no held rank, two or more ranks
    (along the pack's run order) from every held card of its suit, melds with nothing
    (`_touch`: the cards one held card rules out so, by mask), nor does a card in no meld
    of the hand with it (`lone_draws`); the wild cards and the joker are never far."""
    blocked = reduce(or_, map(f.touch.__getitem__, hand), f.wild_mask)
    return blocked & ~lone_draws(variant, hand)


class _Facts(NamedTuple):
    """A variant's card facts for `next_turn`, by code 0..52 (made once per variant)."""

    values: tuple[int, ...]  # hand values
    wild_mask: int  # bit per code that is never far: the wild ones and the joker
    touch: tuple[int, ...]  # per held card: the codes of its rank and near it in its suit
    unit: int  # the bots' point
    same_values: bool  # values of the natural cards as the solver's tables hold them
    t: Tables  # the variant's meld tables


_FACTS: Derived[_Facts] = Derived()
_LAST: list[Any] = [None, None]  # the last variant asked and its facts (held: its id is its own)


def _facts(variant: Variant) -> _Facts:
    if _LAST[0] is variant:
        got: _Facts = _LAST[1]
        return got
    made = _FACTS.get(variant, None, _make_facts, variant)
    _LAST[0], _LAST[1] = variant, made
    return made


def _make_facts(variant: Variant) -> _Facts:
    codes = range(JOKER + 1)
    wild = tuple(is_wild(variant, c) for c in codes)
    steps = near_ranks(variant)
    touch = []
    for c in codes:
        if c >= JOKER:
            touch.append(0)
            continue
        near = {(suit_of(c), r) for r in steps.get(rank_of(c), ())}
        touch.append(
            sum(
                1 << x
                for x in range(JOKER)
                if rank_of(x) == rank_of(c) or (suit_of(x), rank_of(x)) in near
            )
        )
    wild_mask = sum(1 << c for c in codes if wild[c] or c >= JOKER)
    values = tuple(hand_value(variant, c) for c in codes)
    same = values[:JOKER] == tables(variant).hand_values[:JOKER]
    return _Facts(values, wild_mask, tuple(touch), point_unit(variant), same, tables(variant))

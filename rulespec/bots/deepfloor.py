"""A proven floor under the smart bot's one-draw lookahead (bots layer, beside lookahead).

The smart bot scores its few best discards again with the lookahead
(`lookahead.next_turn`: for every unseen card, the deadwood after drawing it
and discarding the worst card) and keeps the least. Off the mask path each of
those costs a counted search (`interpreter/plusone.py`). A candidate whose
lookahead provably cannot come under the best score found so far needs none:
`least_deep` skips it on `next_turn_floor`'s bound, found with no search.

A natural unseen card that lies in no meld of the hand with it (no set of its
rank, no run of its suit through it, however the hand's wild cards are used: the
over-approximation of `interpreter/phases/lonecards.py`) just joins the
deadwood, so its term is exact, from the hand's own summary: the rule
`lookahead.next_turn` applies to its far cards and `plusone` to the cards its
search finds in no meld (`bots/lonedraws.py` names those cards, so the lookahead
prices them without the search too). For any other natural card the hand's own lone
cards of another rank and suit stay lone (a meld holding one of them and the new
card would be a set or a run of both), so they are deadwood in every
arrangement: their sum less the highest, plus a weight per card beyond the
first, bounds its term from below; a wild card's term is at least 0. Every card
not proven too far from a knock counts as a knock chance. Whole-hand patterns (a
grown hand that fits one has no deadwood) are ruled out first, or no floor is
given. A hand holding a wild card gets none (almost every card lies in some meld
then: the floor would cost more than it saves; a choice of cost, not of answer).

The same rule read the other way prices a hand without a search: the hand less a
card in no meld of it (`less_one`: the shallow discard scores) or with a card in
no meld of it (`plus_one_tally`: the buy's sampled penalty cards) has the
hand's deadwood less or plus that card.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from rulespec.bots.hands import dead_summary, tally
from rulespec.bots.lonedraws import (
    Facts,
    holds_wild,
    lone_draws,
    lone_facts,
    lone_masks,
    may_fit_pattern,
)
from rulespec.bots.masklook import mask_look
from rulespec.bots.splitturn import split_floor
from rulespec.interpreter.meldrules import tables
from rulespec.interpreter.plusone import bounded_route, plus_one
from rulespec.model.variant import Variant

MARGIN = 1e-6
"""How far a floor must lie above the best score to skip a candidate: the floor and the
score sum the same terms in other orders, which may differ in the last bits."""

T = TypeVar("T")

Tally = tuple[int, int, int]
"""`hands.tally` of a hand: (deadwood, deadwood cards, 0: no pure runs asked)."""


def least_deep(
    options: Sequence[T],
    exact: Callable[[T, float | None], tuple[float, tuple[int, ...]] | None],
    floor: Callable[[T, float], float | None],
) -> T:
    """``min(options, key=exact)`` (the first of equal keys), asking ``exact`` only of the
    options whose ``floor`` (a proven lower bound of the key's score, or None; given the
    bar it should clear) does not lie above the least score found so far (by ``MARGIN``):
    those cannot be the least. ``exact(option, bar)`` is the key, or None where its score
    is proven above ``bar`` (the same bar; None: no bar, the key is wanted)."""
    best, best_key = options[0], exact(options[0], None)
    if best_key is None:  # (no bar: always answered)
        raise AssertionError("least_deep: no key without a bar")
    for option in options[1:]:
        bar = best_key[0] + MARGIN
        low = floor(option, bar)
        if low is not None and low > bar:
            continue
        key = exact(option, bar)
        if key is not None and key < best_key:
            best, best_key = option, key
    return best


def next_turn_floor(
    variant: Variant,
    hand: Sequence[int],
    pool: Counter[int],
    limit: int | None,
    weights: tuple[float, float],
    bar: float = -math.inf,
) -> float | None:
    """A lower bound of `SmartBot._next_turn` of ``hand`` (``weights``: per deadwood card
    beyond the first, per chance to knock within ``limit``), or None where the lookahead
    is cheap anyway (the mask path), the pool is empty, no floor is proven or none can
    clear ``bar`` (then the first bound above it may be returned)."""
    f = lone_facts(variant)
    if (
        f is None
        or not pool
        or holds_wild(f, hand)
        or _on_mask_path(variant, hand, pool, weights[0])
    ):
        return None
    split = split_floor(variant, hand, pool, limit, *weights)  # two decks, a one-deck hand
    if split is not None:
        return split
    if variant.melds.patterns and may_fit_pattern(variant, f.t, hand):
        return None
    if bounded_route(variant, hand):  # the lookahead's one C call bounds it as this would
        return None
    count, by_value, drawn = _pool_summary(f, pool)
    if count <= 0:
        return None
    weight, knock = weights
    base_dw, base_count, base_worst = dead_summary(variant, hand)
    unit = f.unit
    plain = [  # each natural card's term as if it just joined the deadwood
        base_dw + value - (base_worst if base_worst >= value else value)
        for value, _, _, _ in by_value
    ]
    ceiling = 0.0  # the floor is at most every card's plain term (the others only lower)
    for gap, (_, n, _, k) in zip(plain, by_value, strict=True):
        ceiling += n * k * (gap / unit + weight * base_count)
    if ceiling / count <= bar:
        return None
    lone, held = lone_masks(f, hand)
    total = 0.0
    late = 0  # cards proven too far from a knock
    for gap, (_, n, mask, _) in zip(plain, by_value, strict=True):  # the lone ones: exact
        k = (lone & mask).bit_count()
        if k:
            total += n * k * (gap / unit + weight * base_count)
            if limit is not None and gap > limit:
                late += n * k
    if limit is None and total / count > bar:
        return total / count  # (the other cards' terms are at least 0)
    others = [c for c in drawn if not lone >> c & 1] if held else ()  # natural, may meld
    if others:  # the hand's lone cards of another rank and suit stay lone
        stay = _staying(f.t.hand_values, hand, held)
        all_dw, all_cards, by_rank, by_suit = _tallies(stay)
        for card in others:
            rank, suit = card % 13, card // 13
            rank_dw, rank_cards = by_rank[rank]
            suit_dw, suit_cards = by_suit[suit]
            dw, cards, worst = all_dw - rank_dw - suit_dw, all_cards - rank_cards - suit_cards, 0
            for value, code, copies in stay:  # (the card's own code: counted out twice)
                if code == card:
                    dw, cards = dw + value * copies, cards + copies
            for value, code, _ in stay:  # highest first: the first of another rank and suit
                if code % 13 != rank and code // 13 != suit:
                    worst = value
                    break
            n = drawn[card]
            total += n * ((dw - worst) / unit + weight * (cards - 1 if cards else 0))
            if limit is not None and dw - worst > limit:
                late += n
    ready = count - late if limit is not None else 0
    return total / count - knock * ready / count


_LAST: list[object] = [None, None]  # the last pool asked and its summary


def _pool_summary(
    f: Facts, pool: Counter[int]
) -> tuple[int, tuple[tuple[int, int, int, int], ...], dict[int, int]]:
    """(how many unseen cards, (hand value, copies, mask of the natural codes with that
    value and that many copies, how many codes), {natural code: copies}) of a pool, kept
    for the last pool (a decision asks it of every candidate; the key holds the pool, so
    its id is not another's)."""
    if _LAST[0] is pool and isinstance(_LAST[1], tuple) and _LAST[1][0] is f:
        return _LAST[1][1]  # type: ignore[no-any-return]
    values = f.t.hand_values
    groups: dict[tuple[int, int], int] = {}  # (value, copies) -> codes
    drawn: dict[int, int] = {}
    for card, n in pool.items():
        if 0 <= card < 52 and f.natural >> card & 1 and n > 0:
            drawn[card] = n
            groups[values[card], n] = groups.get((values[card], n), 0) | 1 << card
    by_value = tuple((v, n, m, m.bit_count()) for (v, n), m in sorted(groups.items()))
    got = (sum(pool.values()), by_value, drawn)
    _LAST[0], _LAST[1] = pool, (f, got)
    return got


def _tallies(
    stay: list[tuple[int, int, int]],
) -> tuple[int, int, list[tuple[int, int]], list[tuple[int, int]]]:
    """(value, cards) of ``stay`` (`_staying`'s list) in all, by rank and by suit."""
    by_rank = [(0, 0)] * 13
    by_suit = [(0, 0)] * 4
    all_dw = all_cards = 0
    for value, code, copies in stay:
        rank, suit = code % 13, code // 13
        all_dw, all_cards = all_dw + value * copies, all_cards + copies
        by_rank[rank] = (by_rank[rank][0] + value * copies, by_rank[rank][1] + copies)
        by_suit[suit] = (by_suit[suit][0] + value * copies, by_suit[suit][1] + copies)
    return all_dw, all_cards, by_rank, by_suit


def _staying(values: tuple[int, ...], hand: Sequence[int], held: int) -> list[tuple[int, int, int]]:
    """(hand value, code, copies) of the hand's cards in ``held`` (its lone natural cards),
    highest value first."""
    copies: Counter[int] = Counter(c for c in hand if 0 <= c < 52 and held >> c & 1)
    return sorted(((values[c], c, n) for c, n in copies.items()), reverse=True)


def less_one(variant: Variant, hand: Sequence[int], cards: Sequence[int]) -> Tally | None:
    """`hands.tally` of ``hand`` less ``cards``, read off the hand's own where the one card
    lies in no meld of the hand: it was just deadwood there, in the same arrangement (the
    rule `lone_draws` reads the other way), so no search; else None. Not under a pure-run
    contract (not measured: its hands hold wild cards, which get no lone cards here). The
    hand's lone cards are kept for the last hand asked as a tuple (a discard decision asks
    once per discard, of the same hand)."""
    f = lone_facts(variant)
    if f is None or len(cards) != 1 or variant.play.contract_pure:
        return None
    if _HELD[0] is hand and _HELD[1] is f:  # (a tuple: the same cards while it is held)
        held = _HELD[2]
    else:
        held = 0 if holds_wild(f, hand) else lone_masks(f, hand)[1]
        if type(hand) is tuple:
            _HELD[:] = [hand, f, held]
    card = cards[0]
    if not 0 <= card < 52 or not f.natural >> card & 1 or not held >> card & 1:
        return None
    dw, count, _ = tally(variant, hand, False)
    return dw - f.t.hand_values[card], count - 1, 0


_HELD: list[Any] = [None, None, 0]  # the last hand tuple less_one read, its facts, its lone cards


def plus_one_tally(variant: Variant, hand: Sequence[int], card: int) -> Tally | None:
    """`hands.tally` of ``hand`` with ``card``, read off the hand's own where the card would
    just join the deadwood (`lone_draws`); else None. Not under a pure-run contract."""
    if variant.play.contract_pure or not 0 <= card < 52:
        return None
    if not lone_draws(variant, hand) >> card & 1:
        return None
    dw, count, _ = tally(variant, hand, False)
    return dw + tables(variant).hand_values[card], count + 1, 0


def plus_one_tallies(
    variant: Variant, hand: Sequence[int], cards: Sequence[int]
) -> list[Tally | None]:
    """`hands.tally` of ``hand`` with each of ``cards`` (the buy's sampled penalty cards): a
    card in no meld of the hand with it read off the hand's tally (`plus_one_tally`'s rule,
    the lone draws and the tally read once), the others from `plusone.plus_one`'s grown
    hands (one counted search for every natural card: `best_arrangement`'s deadwood and
    deadwood cards, as the tally's); None where neither answers (a pure-run contract,
    jokers of their own rank)."""
    if variant.play.contract_pure or not cards:
        return [None] * len(cards)
    lone = lone_draws(variant, hand)
    dw, count, _ = tally(variant, hand, False)
    values = tables(variant).hand_values
    rest = [card for card in cards if not (0 <= card < 52 and lone >> card & 1)]
    grown = plus_one(variant, hand, rest) if rest else {}
    out: list[Tally | None] = []
    for card in cards:
        if 0 <= card < 52 and lone >> card & 1:
            out.append((dw + values[card], count + 1, 0))
        elif grown is not None:
            got = grown[card]
            out.append((got[0], got[1], 0))
        else:
            out.append(None)
    return out


def _on_mask_path(variant: Variant, hand: Sequence[int], pool: Counter[int], weight: float) -> bool:
    """Does the lookahead of this hand run on masks (`masklook`: a one-deck natural hand
    and pool, an integer weight)? Then it is cheap and needs no floor."""
    look = mask_look(variant)
    if look is None or not float(weight).is_integer():
        return False
    mask = look.mask_of(hand)
    if mask is None:
        return False
    summary = look.pool_summary(pool)
    return summary is not None and not summary[0] & mask

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
search finds in no meld. `lone_draws` names those cards, so the lookahead prices
them without the search too. For any other natural card the hand's own lone
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
from functools import lru_cache
from typing import NamedTuple, TypeVar

from rulespec.bots.base import point_unit
from rulespec.bots.hands import dead_summary, tally
from rulespec.bots.masklook import mask_look
from rulespec.interpreter.meldrules import Tables, rank_mask, ranks_held, run_windows, tables
from rulespec.model.derived import Derived
from rulespec.model.variant import Variant

MARGIN = 1e-6
"""How far a floor must lie above the best score to skip a candidate: the floor and the
score sum the same terms in other orders, which may differ in the last bits."""

T = TypeVar("T")


def least_deep(
    options: Sequence[T],
    exact: Callable[[T], tuple[float, tuple[int, ...]]],
    floor: Callable[[T, float], float | None],
) -> T:
    """``min(options, key=exact)`` (the first of equal keys), asking ``exact`` only of the
    options whose ``floor`` (a proven lower bound of the key's score, or None; given the
    bar it should clear) does not lie above the least score found so far (by ``MARGIN``):
    those cannot be the least."""
    best, best_key = options[0], exact(options[0])
    for option in options[1:]:
        bar = best_key[0] + MARGIN
        low = floor(option, bar)
        if low is not None and low > bar:
            continue
        key = exact(option)
        if key < best_key:
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
    f = _floor_facts(variant)
    if f is None or not pool or _wild(f, hand) or _on_mask_path(variant, hand, pool, weights[0]):
        return None
    if variant.melds.patterns and _may_fit_pattern(variant, f.t, hand):
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
    lone, held = _lone(f, hand)
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
    f: _Facts, pool: Counter[int]
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


def lone_draws(variant: Variant, hand: Sequence[int]) -> int:
    """Bit per natural code that, drawn, would just join the deadwood of ``hand`` (it lies
    in no meld of the hand with it, and no whole-hand pattern can be met), or 0 where that
    is not proven: the lookahead prices those cards without a search."""
    f = _floor_facts(variant)
    if f is None or _wild(f, hand):
        return 0
    if variant.melds.patterns and _may_fit_pattern(variant, f.t, hand):
        return 0
    return _lone(f, hand)[0]


def held_lone(variant: Variant, hand: Sequence[int]) -> int:
    """Bit per natural code of ``hand`` that lies in no meld of it (so it is deadwood in
    every arrangement, and the hand without it keeps the same arrangement), or 0 where
    that is not proven."""
    f = _floor_facts(variant)
    if f is None or _wild(f, hand):
        return 0
    return _lone(f, hand)[1]


def less_one(variant: Variant, hand: Sequence[int], cards: Sequence[int]) -> Tally | None:
    """(deadwood, deadwood cards) of ``hand`` less ``cards`` as `hands.tally` gives them,
    read off the hand's own where the one card lies in no meld of the hand: it was just
    deadwood there (the rule `lone_draws` reads the other way), so no search; else None.
    Not for pure-run contracts (their tally counts the runs)."""
    f = _floor_facts(variant)
    if f is None or len(cards) != 1 or variant.play.contract_pure or _wild(f, hand):
        return None
    card = cards[0]
    if not 0 <= card < 52 or not f.natural >> card & 1 or not _lone(f, hand)[1] >> card & 1:
        return None
    dw, count, _ = tally(variant, hand, False)
    return dw - f.t.hand_values[card], count - 1


def plus_one_tally(variant: Variant, hand: Sequence[int], card: int) -> Tally | None:
    """(deadwood, deadwood cards) of ``hand`` with ``card`` as `hands.tally` gives them,
    read off the hand's own where the card would just join the deadwood (`lone_draws`);
    else None. Not for pure-run contracts (their tally counts the runs)."""
    if (
        variant.play.contract_pure
        or not 0 <= card < 52
        or not lone_draws(variant, hand) >> card & 1
    ):
        return None
    dw, count, _ = tally(variant, hand, False)
    return dw + variant_values(variant)[card], count + 1


def variant_values(variant: Variant) -> tuple[int, ...]:
    """The hand values by code (the meld tables')."""
    return tables(variant).hand_values


Tally = tuple[int, int]
"""(deadwood, deadwood cards) of a hand."""


def _wild(f: _Facts, hand: Sequence[int]) -> bool:
    """Does the hand hold a wild card? Then almost every card lies in some meld: no floor
    or lone card is worth its cost (a choice of cost only; the answers stay exact)."""
    kind = f.kind
    return any(kind[c] == WILD for c in hand)


class _Facts(NamedTuple):
    """A variant's meld facts for the floor (made once per variant)."""

    t: Tables
    kind: tuple[int, ...]  # per code: NATURAL, WILD or OTHER (a joker of no meld)
    set_need: tuple[int, ...]  # natural cards a set needs beside 0, 1, ... wild cards (0: none)
    limits: tuple[int, ...]  # wild cards a meld of k natural cards may hold
    unit: int  # the bots' point
    natural: int  # bit per natural code
    runs: dict[tuple[int, int], int]  # `_run_lone` by (suit mask, wild cards)
    lone: dict[tuple[int, ...], tuple[int, int]]  # `_lone` by sorted hand


NATURAL, WILD, OTHER = 0, 1, 2
_FACTS: Derived[_Facts | None] = Derived()


def _floor_facts(variant: Variant) -> _Facts | None:
    return _FACTS.get(variant, None, _make_facts, variant)


def _make_facts(variant: Variant) -> _Facts | None:
    """None where the floor is not proven: jokers of their own rank, a negative card value."""
    t = tables(variant)
    if t.joker_sets or min(t.hand_values) < 0 or point_unit(variant) <= 0:
        return None
    kind = tuple(
        (WILD if t.wild_joker else OTHER) if c >= 52 else WILD if t.wild_code(c) else NATURAL
        for c in range(53)
    )
    limits = tuple(t.max_wilds(k) for k in range(14))
    most = min(t.set_max, 4) if t.set_distinct else t.set_max
    needs: list[int] = []
    for wild in range(14):
        fit = [k for k in range(1, 14) if k + min(wild, limits[k]) >= t.set_min]
        needs.append(fit[0] if fit and t.has_sets and most >= t.set_min else 0)
    natural = sum(1 << c for c in range(52) if kind[c] == NATURAL)
    return _Facts(t, kind, tuple(needs), limits, point_unit(variant), natural, {}, {})


def _lone(f: _Facts, hand: Sequence[int]) -> tuple[int, int]:
    """(bit per natural code c that lies in no meld of ``hand`` with c added, bit per
    natural code held that lies in no meld of ``hand``): no set of its rank (its copies,
    or suits, with the hand's wild cards, short of a set) and no run of its suit through
    it, every wild card free for it. Kept by hand (the floor and the lookahead of one
    candidate both ask)."""
    key = tuple(sorted(hand))
    known = f.lone.get(key)
    if known is None:
        if len(f.lone) > 20_000:
            f.lone.clear()
        known = f.lone[key] = _lone_of(f, key)
    return known


def _lone_of(f: _Facts, hand: Sequence[int]) -> tuple[int, int]:
    """`_lone`, made."""
    t, kind = f.t, f.kind
    wild = 0
    suits = [0, 0, 0, 0]  # natural ranks held per suit
    copies = [0] * 13
    for c in hand:
        k = kind[c]
        if k == NATURAL:
            suits[c // 13] |= 1 << (c % 13)
            copies[c % 13] += 1
        elif k == WILD:
            wild += 1
    need = f.set_need[min(wild, len(f.set_need) - 1)]
    full = near = sets = 0  # ranks whose set a card of any suit / of a suit not held makes
    if need and t.set_distinct:  # suits held per rank, with the new card's suit
        s0, s1, s2, s3 = suits
        sets = full = ranks_held(s0, s1, s2, s3, need)
        near = (ranks_held(s0, s1, s2, s3, need - 1) if need > 1 else 0x1FFF) & ~full
    elif need:
        for r, n in enumerate(copies):
            if n + 1 >= need:
                full |= 1 << r
                if n >= need:
                    sets |= 1 << r
    draws = lone_held = 0
    runs_of = f.runs
    for s in range(4):
        have = suits[s]
        runs = runs_of.get((have, wild))
        if runs is None:
            if len(runs_of) > 50_000:
                runs_of.clear()
            runs = runs_of[have, wild] = _run_lone(t, f.limits, have, wild)
        draws |= (runs & ~(full | (near & ~have))) << (13 * s)
        lone_held |= (runs & have & ~sets) << (13 * s)
    return draws & f.natural, lone_held & f.natural


def _run_lone(t: Tables, limits: tuple[int, ...], have: int, wild: int) -> int:
    """The ranks r (0..12) of one suit whose card, added to ``have`` (that suit's natural
    ranks), lies in no run of them with up to ``wild`` wild cards filling the gaps (for a
    rank held: whose card lies in no run of ``have``)."""
    if wild == 0:  # the runs these cards fill (the table `lonecards` reads too)
        cover = t.run_cover
        ranks = cover[have]
        return sum(
            1 << r
            for r in range(13)
            if not (ranks if have >> r & 1 else cover[have | 1 << r]) >> r & 1
        )
    covered = 0
    for mask, length in _windows(t.line, t.run_min, t.run_max):
        held = (mask & have).bit_count()
        if held + 1 <= length and length - held - 1 <= min(wild, limits[held + 1]):
            covered |= mask & ~have  # a new rank of the window, the gaps filled
        if held and length - held <= min(wild, limits[held]):
            covered |= mask & have  # a second copy of a rank already held
    return 0x1FFF & ~covered


@lru_cache(maxsize=64)
def _windows(line: str, run_min: int, run_max: int) -> tuple[tuple[int, int], ...]:
    """(rank mask, length) of every legal run window of a line key."""
    return tuple((rank_mask(w), len(w)) for w in run_windows(line) if run_min <= len(w) <= run_max)


def _on_mask_path(variant: Variant, hand: Sequence[int], pool: Counter[int], weight: float) -> bool:
    """Does the lookahead of this hand run on masks (`masklook`: a one-deck natural hand
    and pool, an integer weight)? Then it is cheap and needs no floor."""
    look = mask_look(variant)
    if look is None or not float(weight).is_integer():
        return False
    mask = look.mask_of(hand)
    if mask is None:
        return False
    summary = look._pool(pool)
    return summary is not None and not summary[0] & mask


def _may_fit_pattern(variant: Variant, t: Tables, hand: Sequence[int]) -> bool:
    """Could the hand with one card added fit a whole-hand pattern? Each test only gets
    harder as cards are added (two suits of natural cards for a one-suit pattern or a run,
    a natural rank the pattern lacks, a repeated natural rank in a run)."""
    naturals = [c for c in hand if not t.wild_code(c)]
    suits = {c // 13 for c in naturals}
    ranks = [c % 13 + 1 for c in naturals]
    for pattern in variant.melds.patterns:
        if (pattern.suit == "same" or pattern.run) and len(suits) > 1:
            continue
        if pattern.ranks is not None and not set(ranks) <= set(pattern.ranks):
            continue
        if pattern.run and len(set(ranks)) != len(ranks):
            continue
        return True
    return False

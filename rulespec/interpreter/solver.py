"""The exact deadwood solver: arrangements, knock discards, penalties (interpreter, the hot path).

Public entry points for the engine, scoring and bots. `deadwood` picks the
one-deck bitmask search when the hand has no wild-capable card and no
duplicate, the general counted search otherwise (see `search`); results are
cached per variant in a bounded table. Partitions for going out and the
defender's lay-offs live in `arrange`, which builds on this module.
"""

from __future__ import annotations

from collections.abc import Sequence

from rulespec.core.cards import JOKER, Placed
from rulespec.core.errors import PositionError
from rulespec.interpreter.jokersets import apart, holds_joker_sets
from rulespec.interpreter.maskwalk import walker
from rulespec.interpreter.meldrules import Tables, dead_value, meldable, tables
from rulespec.interpreter.melds import name_one, normalize, pattern_of
from rulespec.interpreter.patternmask import fits_pattern, fits_pattern_mask
from rulespec.interpreter.roomsearch import dead_cards as room_dead_cards
from rulespec.interpreter.roomsearch import summary as room_summary
from rulespec.interpreter.runtable import BY_VARIANT, Kernel, kernel, kernel_of
from rulespec.interpreter.search import GeneralSearch, native_layout
from rulespec.model.variant import Variant

__all__ = [
    "best_arrangement",
    "dead_cards",
    "dead_summary",
    "pure_summary",
    "deadwood",
    "deadwood_after_discard",
    "penalty",
]

Meld = tuple[Placed, ...]
_MEMO_LIMIT = 50_000


_BIT = {c: 1 << c for c in range(53)}
_BIT_OF = _BIT.__getitem__


def _not_codes(hand: Sequence[int]) -> PositionError:
    return PositionError(f"not card codes (0..52): {list(hand)!r}")


def fast_mask(t: Tables, hand: Sequence[int]) -> int | None:
    """The hand as a mask when the bitmask path applies (no duplicate, no wild-capable card).

    `deadwood` and `deadwood_after_discard` inline this test (the hot path)."""
    try:
        mask = sum(map(_BIT_OF, hand))
    except (KeyError, TypeError):
        raise _not_codes(hand) from None
    # a duplicate carries into a higher bit: fewer bits than cards
    if mask.bit_count() != len(hand) or mask & t.not_fast:
        return None
    return mask


def remember(t: Tables, key: object, value: object) -> None:
    if len(t.memo) >= _MEMO_LIMIT:
        t.memo.clear()
    t.memo[key] = value


def deadwood(variant: Variant, hand: Sequence[int]) -> int:
    """Exact minimum deadwood value of the hand over every arrangement into disjoint melds."""
    k = BY_VARIANT.get(id(variant)) or kernel_of(variant)
    try:
        mask = sum(map(_BIT_OF, hand))
    except (KeyError, TypeError):
        raise _not_codes(hand) from None
    if mask.bit_count() == len(hand) and not mask & k.not_fast:  # fast_mask, inline
        value = k.value(mask)
        if value and variant.melds.patterns and pattern_of(variant, hand) is not None:
            value = 0
        return value
    t = tables(variant)
    if holds_joker_sets(t, hand):  # jokers of their own rank: solved apart (jokersets.py)
        rest, dead, _, _ = apart(t, hand)
        return deadwood(variant, rest) + dead
    key = ("dw", tuple(sorted(hand)))
    got = t.memo.get(key)
    if got is not None:
        return int(got)
    value = GeneralSearch(t, hand).solve()
    if value and variant.melds.patterns and pattern_of(variant, hand) is not None:
        value = 0
    remember(t, key, value)
    return value


def best_arrangement(variant: Variant, hand: Sequence[int]) -> tuple[int, list[Meld], list[int]]:
    """(deadwood, melds as placed tuples, deadwood cards sorted) of a best arrangement.

    Deterministic: melds are found from the lowest card up, a meld preferred to
    deadwood on ties. A whole-hand pattern that beats every arrangement gives
    (0, [], []) — `pattern_of` names it.
    """
    t = tables(variant)
    if holds_joker_sets(t, hand):  # jokers of their own rank: solved apart (jokersets.py)
        rest, owed, sets, left = apart(t, hand)
        got, laid, cards = best_arrangement(variant, rest)
        return got + owed, laid + sets, sorted(cards + [JOKER] * left)
    mask = fast_mask(t, hand)
    melds: list[Meld] = []
    if mask is not None:
        value, laid_melds, dead = fast_arrangement(variant, t, mask)
        melds = list(laid_melds)
    else:
        general = GeneralSearch(t, hand)
        value = general.solve()
        steps, groups, dead, tokens = general.arrangement()
        by_value = sorted(tokens, key=lambda c: (-t.hand_values[c], c))
        for codes, k in steps:
            chosen, by_value = by_value[:k], by_value[k:]
            melds.append(name_one(variant, codes, chosen))
        for size in groups:
            chosen, by_value = by_value[:size], by_value[size:]
            melds.append(name_one(variant, [], chosen))
    if value and variant.melds.patterns and fits_pattern(variant, t, hand):
        return 0, [], []
    return value, melds, sorted(dead)


def dead_summary(variant: Variant, hand: Sequence[int]) -> tuple[int, int, int]:
    """(deadwood, number of deadwood cards, highest hand value among those not wild-capable,
    or 0) of `best_arrangement`'s arrangement, without naming its melds: on the counted
    search, its value and the walk's summary (roomsearch.RoomSearch.dead_summary: the walk
    `arrangement` takes, so the same cards, its states remembered across hands)."""
    t = tables(variant)
    mask = fast_mask(t, hand)
    if mask is not None and not holds_joker_sets(t, hand):  # no wild card: every value read
        walk = walker(kernel(t), t)
        if walk is not None:  # the walk's sums in C (`maskwalk`), the pattern after it
            got: tuple[int, int, int] = walk.stats(mask)
            return (0, 0, 0) if got[0] and fits_pattern_mask(variant, t, hand, mask) else got
        value, dead = _fast_dead(variant, t, hand, mask)
        return value, len(dead), max(map(t.hand_values.__getitem__, dead), default=0)
    if holds_joker_sets(t, hand):
        value, _, dead = best_arrangement(variant, hand)
        values = t.hand_values
        return value, len(dead), max((values[c] for c in dead if not t.wild_code(c)), default=0)
    value, count, worst = room_summary(t, hand)
    if value and variant.melds.patterns and fits_pattern(variant, t, hand):
        return 0, 0, 0
    return value, count, worst


def pure_summary(variant: Variant, hand: Sequence[int]) -> tuple[int, int, int]:
    """(deadwood, number of deadwood cards, melds that are pure runs) of `best_arrangement`'s
    arrangement, its melds left unnamed: a pure run holds two or more cards of one suit and
    distinct ranks, none wild-capable (a meld given wild cards never is). The bots' cost
    of a hand under a pure-run contract asks only these."""
    t = tables(variant)
    if holds_joker_sets(t, hand) or fast_mask(t, hand) is not None:
        value, melds, dead = best_arrangement(variant, hand)
        cards = [[p[0] if isinstance(p, tuple) else p for p in meld] for meld in melds]
        return value, len(dead), sum(_pure_run(t, meld) for meld in cards)
    native = native_layout(t, hand)  # (in one C call when it takes the hand: the same walk)
    got = None if native is None else native[0].pure_summary(hand, native[1], t.hand_values[JOKER])
    if got is not None:
        value, count, pure = got
        if value and variant.melds.patterns and fits_pattern(variant, t, hand):
            return 0, 0, 0
        return value, count, pure
    general = GeneralSearch(t, hand)
    value = general.solve()
    if value and variant.melds.patterns and fits_pattern(variant, t, hand):
        return 0, 0, 0
    steps, _, dead, _ = general.arrangement()
    return value, len(dead), sum(_pure_run(t, codes) for codes, k in steps if not k)


def _pure_run(t: Tables, meld: Sequence[int]) -> bool:
    """Two or more cards of one suit and distinct ranks, none of them wild-capable."""
    if len(meld) < 2 or any(t.wild_code(c) for c in meld):
        return False
    return len({c // 13 for c in meld}) == 1 and len({c % 13 for c in meld}) == len(meld)


def dead_cards(variant: Variant, hand: Sequence[int]) -> tuple[int, list[int]]:
    """(deadwood, deadwood cards sorted) of `best_arrangement`, its melds left unnamed: the
    bots' cost of a hand and its partial melds ask only these."""
    t = tables(variant)
    mask = fast_mask(t, hand)
    if mask is not None and not holds_joker_sets(t, hand):
        value, dead = _fast_dead(variant, t, hand, mask)
        return value, sorted(dead)
    if holds_joker_sets(t, hand):
        value, _, dead = best_arrangement(variant, hand)
        return value, dead
    value, dead = room_dead_cards(t, hand)
    if value and variant.melds.patterns and fits_pattern(variant, t, hand):
        return 0, []
    return value, dead


def _fast_dead(
    variant: Variant, t: Tables, hand: Sequence[int], mask: int
) -> tuple[int, list[int]]:
    """(deadwood, deadwood cards unsorted) of `best_arrangement` for a hand `fast_mask` took
    (``mask``; no joker of its own rank): its walk without the melds named, a whole-hand
    pattern tested on the mask first (the hand's cards, each once)."""
    walk = walker(kernel(t), t)
    if walk is not None:  # the same walk in C (`maskwalk`): its cards sorted, as `_bits`
        value, dead = walk.stats(mask)[0], _bits(walk.dead_mask(mask))
    else:
        value, _, dead = fast_arrangement(variant, t, mask)
    if value and fits_pattern_mask(variant, t, hand, mask):
        return 0, []
    return value, dead


def fast_arrangement(
    variant: Variant, t: Tables, mask: int
) -> tuple[int, tuple[Meld, ...], list[int]]:
    """best_arrangement of a one-deck natural mask: the cards in no meld are deadwood, the
    rest (`meldable`) are walked from the lowest card up, a meld taken when it keeps the
    least deadwood (the first such in `natural_by_low` order), else the card is deadwood.
    The walk depends only on the meldable cards, so it is cached by their mask."""
    k = kernel(t)
    meldy = meldable(t, mask)
    walked = k.walks.get(meldy)
    if walked is None:
        walked = _walk(variant, t, k, meldy)
        if len(k.walks) >= _MEMO_LIMIT:
            k.walks.clear()
        k.walks[meldy] = walked
    value, melds, walk_dead = walked
    loose = mask ^ meldy
    return value + dead_value(t, loose), melds, [*walk_dead, *_bits(loose)]


def _walk(
    variant: Variant, t: Tables, k: Kernel, meldy: int
) -> tuple[int, tuple[Meld, ...], tuple[int, ...]]:
    """(least deadwood, melds, deadwood cards) of the meldable cards, by the walk above."""
    by_low = t.natural_by_low
    laid_by_mask = k.laid
    melds: list[Meld] = []
    dead: list[int] = []
    rest = meldy
    value = target = k.value(rest)
    while rest:
        low = rest & -rest
        c = low.bit_length() - 1
        for m in by_low[c]:
            if m & rest == m and k.value(rest ^ m) == target:
                laid = laid_by_mask.get(m)
                if laid is None:
                    laid = normalize(variant, [(b, b) for b in _bits(m)])
                    assert laid is not None
                    laid_by_mask[m] = laid
                melds.append(laid)
                rest ^= m
                break
        else:
            dead.append(c)
            rest ^= low
            target -= t.hand_values[c]
    return value, tuple(melds), tuple(dead)


_RANKS = tuple(tuple(r for r in range(13) if m >> r & 1) for m in range(8192))


def _bits(mask: int) -> list[int]:
    """The card codes of a one-deck mask (codes 0..51), lowest first."""
    out: list[int] = []
    for shift in (0, 13, 26, 39):
        m = (mask >> shift) & 0x1FFF
        if m:
            out += [shift + r for r in _RANKS[m]]
    return out


def deadwood_after_discard(variant: Variant, hand: Sequence[int]) -> tuple[int, int]:
    """(minimum deadwood after discarding one card, that card): the knocking question.

    Ties go to the highest card code, so the answer is deterministic.
    """
    if not hand:
        raise ValueError("deadwood_after_discard needs at least one card")
    k = BY_VARIANT.get(id(variant)) or kernel_of(variant)
    try:
        mask = sum(map(_BIT_OF, hand))
    except (KeyError, TypeError):
        raise _not_codes(hand) from None
    if mask.bit_count() == len(hand) and not mask & k.not_fast and not variant.melds.patterns:
        return k.after_discard(mask)  # fast_mask, inline
    t = tables(variant)
    if holds_joker_sets(t, hand):  # jokers of their own rank: solved apart (jokersets.py)
        rest, owed, _, _ = apart(t, hand)
        fewer = list(hand)
        fewer.remove(JOKER)
        kept = deadwood(variant, rest) + apart(t, fewer)[1]  # a joker discarded
        if not rest:
            return kept, JOKER
        v, c = deadwood_after_discard(variant, rest)
        return (kept, JOKER) if kept <= v + owed else (v + owed, c)
    best: tuple[int, int] | None = None
    key = ("dd", tuple(sorted(hand)))
    got = t.memo.get(key)
    if got is not None:
        return got  # type: ignore[no-any-return]
    options = GeneralSearch(t, hand).after_discards()
    for v, c in sorted(options, key=lambda vc: -vc[1]):
        rest = list(hand)
        rest.remove(c)
        if v and variant.melds.patterns and fits_pattern(variant, t, rest):
            v = 0
        # the knock checks ask each of these next: one search answered them all
        remember(t, ("dw", tuple(sorted(rest))), v)
        if best is None or v < best[0]:
            best = (v, c)
    assert best is not None
    remember(t, key, best)
    return best


def penalty(variant: Variant, cards: Sequence[int]) -> int:
    """What a losing hand left with these cards costs, by `scoring.penalty` and `ranks_once`.

    "hand": every card at its hand value; "deadwood": the best arrangement's
    deadwood cards. With `ranks_once`, of counted cards of one rank only one
    counts (each joker counts: a joker has no rank).
    """
    t = tables(variant)
    if variant.scoring.penalty == "deadwood":
        if not variant.scoring.ranks_once:
            return deadwood(variant, cards)
        counted = best_arrangement(variant, cards)[2]
    else:
        counted = list(cards)
    if not variant.scoring.ranks_once:
        return sum(t.hand_values[c] for c in counted)
    seen: set[int] = set()
    total = 0
    for c in counted:
        if c == JOKER:
            total += t.hand_values[c]
        elif c % 13 not in seen:
            seen.add(c % 13)
            total += t.hand_values[c]
    return total

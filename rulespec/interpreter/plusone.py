"""A hand with one more card, for each of many cards: incremental arrangements (interpreter,
beside the solver).

The bots' lookahead asks, for every unseen card, what the hand would be with it.
On the one-deck natural path the solver's arrangement depends only on the cards
that lie in some meld (`meldable`): the others are deadwood. A card that leaves
that set as it was therefore just joins the deadwood, with no search at all;
only a card that changes it gets a full (cached) arrangement.

On the general path (duplicates, wild cards) one counted search of the hand,
with room for one more of each natural card asked about, answers every grown
hand from one memo. A natural card that lies in no meld shape of the grown hand
(no natural part holding it, with the wild cards the hand has) is deadwood in
every arrangement of every part of that hand, so the search's lowest-first walk
makes the same choices with it as without it: it just joins the deadwood. A
joker or a card of a wild rank gets a search of its own. The answers are kept per
hand, by card (the tables' memo): the next turns ask about many of the same hands
with other unseen cards. Exact: the answers are those of `best_arrangement` on the
grown hand (tests/interpreter/test_plusone.py).

`turn_sums` is the lookahead's use of those answers in one C call on the counted
search: every unseen card's term summed there, in the pool's order, with the answers
kept per hand read and grown as here (tests/bots/test_turnsums.py); given the best score
found so far, it stops as soon as the terms found prove the hand's lookahead above it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any, Literal

from rulespec.core.cards import JOKER
from rulespec.interpreter.meldrules import Tables, tables
from rulespec.interpreter.patternmask import fits_pattern
from rulespec.interpreter.roomsearch import NONE, RoomSearch, summary
from rulespec.interpreter.search import native_layout
from rulespec.interpreter.solver import fast_arrangement, fast_mask, remember
from rulespec.model.variant import Variant

__all__ = ["bounded_route", "plus_one", "sum_terms", "turn_native", "turn_sums"]

Grown = tuple[int, int, int]
"""(deadwood, number of deadwood cards, highest hand value among those not wild-capable or 0)."""


def plus_one(
    variant: Variant, hand: Sequence[int], cards: Iterable[int]
) -> dict[int, Grown] | None:
    """{card: (deadwood, number of deadwood cards, highest hand value among those that are
    not wild-capable, or 0)} of the hand with that card added, by `best_arrangement`'s
    arrangement (a whole-hand pattern: (0, 0, 0)); None when it cannot answer (jokers of
    their own rank, a code that is no card): then ask the solver per card."""
    wanted = list(dict.fromkeys(cards))
    t = tables(variant)
    if any(not 0 <= c <= JOKER for c in wanted):
        return None
    if t.joker_sets and (JOKER in hand or JOKER in wanted):
        return None
    mask = fast_mask(t, hand)
    known: dict[int, Grown] | None = None
    ask = wanted
    out: dict[int, Grown] = {}
    natural = [] if mask is None else [c for c in ask if not (mask | t.not_fast) >> c & 1]
    if natural:  # a one-deck natural hand with natural cards: the walk, by mask
        out = _one_deck(variant, t, mask, natural)  # type: ignore[arg-type]
        ask = [c for c in ask if c not in out]
    else:  # the counted search: each hand's answers kept, by card (the next turns ask
        # about many of the same hands, with other unseen cards; `splitturn` asks a
        # one-deck hand's twins and wild cards so)
        known = _answers(t, hand)
        ask = [c for c in wanted if c not in known]
    if ask:
        out.update(_general(t, hand, ask))
    # a whole-hand pattern beats every arrangement (the solver's rule)
    if variant.melds.patterns and _may_fit_pattern(variant, t, hand):
        for card, got in out.items():
            if got[0] and fits_pattern(variant, t, [*hand, card]):
                out[card] = (0, 0, 0)
    if known is None:
        return out
    known.update(out)
    return {card: known[card] for card in wanted}


def _answers(t: Tables, hand: Sequence[int]) -> dict[int, Grown]:
    """The answers kept for a hand on the counted search, by card (plus_one's and turn_sums')."""
    key = ("p1", tuple(sorted(hand)))
    known: dict[int, Grown] | None = t.memo.get(key)
    if known is None:
        known = {}
        remember(t, key, known)
    return known


def turn_sums(
    variant: Variant,
    hand: Sequence[int],
    pool: dict[int, int],
    blocked: int,
    base: Grown,
    weight: float,
    limit: int | None,
    unit: int,
    bar: float | None = None,
    knock: float = 0.0,
    native: tuple[Any, int] | None = None,
) -> tuple[float, int, int] | Literal[False] | None:
    """`lookahead.next_turn`'s sums over the unseen cards (``pool``: {code: copies}) in one
    C call on the counted search, each card's term as there: a card with no bit in
    ``blocked`` just joins the hand's deadwood (``base``: its (deadwood, deadwood cards,
    highest value or 0)), any other card's grown hand is `plus_one`'s answer (kept with its
    answers, by card); the terms summed in the pool's order with the same float operations.
    None where `plus_one` would not take the counted search's C route for every card (a
    one-deck natural hand, jokers of their own rank, a whole-hand pattern in reach, no C
    search, or the C search refusing the hand): the caller sums in Python then.

    With a ``bar``: False as soon as the terms found prove ``total / count - knock * ready /
    count`` above it (every term is at least 0, and a card not yet grown may still be a
    knock chance), so the grown hands left and the wild draws need no search; the sums
    otherwise, the same as without a bar. ``native``: `turn_native`'s answer for the hand,
    where the caller has asked it (its tests are not made again)."""
    t = tables(variant)
    if native is None:
        native = turn_native(variant, t, hand, pool, unit, True)
        if native is None:
            return None
    known = _answers(t, hand)
    layout, dead, joker = native[0], native[1], t.hand_values[JOKER]
    if bar is not None:  # the bound first: the wild draws only when it is not proven
        got = layout.next_turn(
            hand, pool, blocked, known, base, dead, joker, unit, weight, limit, 1, bar, knock
        )
        if got is not True:
            return got  # type: ignore[no-any-return]
    for card in _codes_of(t.not_fast):  # the wild draws first, a search each (`_general`)
        if card in pool and blocked >> card & 1 and card not in known:
            known[card] = summary(t, [*hand, card])
    return layout.next_turn(  # type: ignore[no-any-return]
        hand, pool, blocked, known, base, dead, joker, unit, weight, limit, 1, bar, knock
    )


def turn_native(
    variant: Variant,
    t: Tables,
    hand: Sequence[int],
    pool: dict[int, int],
    unit: int,
    check_mask: bool,
) -> tuple[Any, int] | None:
    """`turn_sums`' tests of the hand before its C call: (the C layout, the dead jokers)
    where it takes the hand, else None. ``check_mask``: False where the caller has already
    found the hand no one-deck natural mask (`MaskLook.mask_of`: the same test as
    `fast_mask`)."""
    if t.joker_sets and (JOKER in hand or JOKER in pool):
        return None
    if check_mask and fast_mask(t, hand) is not None:
        return None
    if variant.melds.patterns and _may_fit_pattern(variant, t, hand):
        return None
    native = native_layout(t, hand)
    if native is None or unit < 1:
        return None
    return native


def bounded_route(variant: Variant, hand: Sequence[int]) -> bool:
    """Does `turn_sums` take ``hand`` with a bar that works (the counted search's one C call,
    every value at least 0)? Its own bound then counts each card as `deepfloor`'s floor
    would: no Python floor is needed in front of it."""
    t = tables(variant)
    if (t.joker_sets and JOKER in hand) or fast_mask(t, hand) is not None:
        return False
    if min(t.hand_values) < 0 or (variant.melds.patterns and _may_fit_pattern(variant, t, hand)):
        return False
    return native_layout(t, hand) is not None


def sum_terms(
    variant: Variant,
    hand: Sequence[int],
    pool: dict[int, int],
    blocked: int,
    base: Grown,
    grown: dict[int, Grown],
    weight: float,
    limit: int | None,
    unit: int,
) -> tuple[float, int, int] | None:
    """`turn_sums` with every card of the pool that has a bit in ``blocked`` answered in
    ``grown`` (`plus_one`'s answers, found otherwise: a one-deck natural hand), so the C
    call only sums (the same terms in the same order, nothing searched); None without the
    C search, when it refuses the hand or a card has no answer: the caller sums in Python
    then."""
    t = tables(variant)
    native = native_layout(t, hand) if unit >= 1 else None
    if native is None:
        return None
    return native[0].next_turn(  # type: ignore[no-any-return]
        hand, pool, blocked, grown, base, native[1], t.hand_values[JOKER], unit, weight, limit, 0
    )


@lru_cache(maxsize=64)
def _codes_of(mask: int) -> tuple[int, ...]:
    """The codes of a 53-bit mask (a variant's wild codes: `Tables.not_fast`)."""
    return tuple(c for c in range(JOKER + 1) if mask >> c & 1)


def _may_fit_pattern(variant: Variant, t: Tables, hand: Sequence[int]) -> bool:
    """Could the hand with some card added fit a whole-hand pattern (`pattern_of`)? Each
    test here only gets harder as cards are added (a natural joker, two suits for a
    one-suit pattern or a run, a rank the pattern lacks, a repeated rank in a run), so a
    hand failing one of them for every pattern fails it with any card added; otherwise
    `pattern_of`, the exact test, is asked per card."""
    naturals = [c for c in hand if not t.wild_code(c)]
    return JOKER not in naturals and patterns_open(variant, naturals)


def patterns_open(variant: Variant, naturals: Sequence[int]) -> bool:
    """Could a hand whose natural cards are ``naturals`` still fit one of the variant's
    whole-hand patterns once cards are added? No when every pattern fails a test that
    only gets harder as cards are added: two suits for a one-suit pattern or a run, a
    rank the pattern lacks, a repeated rank in a run."""
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


def _one_deck(variant: Variant, t: Tables, mask: int, cards: list[int]) -> dict[int, Grown]:
    """plus_one of a one-deck natural hand mask and cards that keep it so."""
    values = t.hand_values
    base_dw, _, base_dead = fast_arrangement(variant, t, mask)
    base_count = len(base_dead)
    base_worst = max((values[c] for c in base_dead), default=NONE)
    out: dict[int, Grown] = {}
    for card in cards:
        if not _melds_more(t, mask, card):
            value = values[card]
            out[card] = (base_dw + value, base_count + 1, max(base_worst, value))
        else:
            dw, _, dead = fast_arrangement(variant, t, mask | 1 << card)
            out[card] = (dw, len(dead), max((values[c] for c in dead), default=0))
    return out


def _general(t: Tables, hand: Sequence[int], cards: list[int]) -> dict[int, Grown]:
    """plus_one on the counted search: one search with room for the natural cards, one
    search per joker or card of a wild rank."""
    wild = t.not_fast  # the codes of a wild rank and the joker (bit 52)
    room = sorted(c for c in cards if not wild >> c & 1)
    values = t.hand_values
    native = native_layout(t, hand)
    # every natural card in one call to the C search, the dead jokers in and no highest
    # value read as 0 there (the answers below, as they are)
    grown = None if native is None else native[0].plus_one(hand, room, native[1], values[JOKER])
    if grown is not None:
        got: dict[int, Grown] = dict(zip(room, grown, strict=True))
        for card in cards:
            if wild >> card & 1:
                got[card] = summary(t, [*hand, card])
        return got if room == cards else {card: got[card] for card in cards}
    search = RoomSearch(t, hand, room)
    out: dict[int, Grown] = {}
    base, base_count, base_worst = search.dead_summary()
    for card in room:
        if not search.melds(card):
            value = values[card]
            out[card] = (base + value, base_count + 1, max(base_worst, value))
        else:
            out[card] = search.dead_summary(card)
    for card in cards:
        if wild >> card & 1:
            out[card] = RoomSearch(t, [*hand, card], ()).dead_summary()
    return {card: (g[0], g[1], g[2] if g[2] != NONE else 0) for card in cards for g in [out[card]]}


def _melds_more(t: Tables, mask: int, card: int) -> bool:
    """Does adding `card` (not in the mask) change which cards of the mask lie in a meld,
    or lie in one itself? Only its suit's runs and its rank's sets can change:
    `meldable(t, mask | bit) != meldable(t, mask)`, without the whole computation."""
    shift = 13 * (card // 13)
    suit = (mask >> shift) & 0x1FFF
    rank_bit = 1 << (card % 13)
    if t.run_cover[suit | rank_bit] != t.run_cover[suit]:
        return True
    if not t.has_sets or t.set_min > 4:
        return False
    held = (
        bool(mask & rank_bit)
        + bool((mask >> 13) & rank_bit)
        + bool((mask >> 26) & rank_bit)
        + bool((mask >> 39) & rank_bit)
    )
    return held + 1 >= t.set_min

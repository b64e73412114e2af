"""Cards of a hand that lie in no meld of it: a sure "no" before a partition search (phases, lay).

Going out all at once (`play.melding: going_out`) lays the whole hand down as melds,
but for at most one card (the discard that goes out). wayon.py asks whether the hand,
or its rest after a meld, can still do so many times a turn (once for the whole
hand, once per candidate meld), and most answers are "no". A card that lies in no
meld of the cards at all (no set of its rank, no run of its suit through it, however
the wild cards are used) can only be the discard, so two such cards answer "no" without
the search. The test over-approximates what a meld may hold (each card is judged alone,
every wild card free for it), so it never says "lone" of a card some meld could take.
`in_no_meld` asks it of one card: the draw's look ahead (draw._usable) refuses at once
a pile card that must be used but lies in no meld of the hand and on no table meld.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

from rulespec.core.cards import JOKER
from rulespec.interpreter.meldrules import Tables, rank_mask, run_windows, tables
from rulespec.model.variant import Variant


def lone_cards(variant: Variant, cards: Sequence[int], enough: int = 2) -> int:
    """How many of `cards` (copies counted) lie in no meld of these cards, counted up to
    `enough` (0 when unsure: jokers that make sets of their own)."""
    t = tables(variant)
    facts = _FACTS.get(id(t))
    if facts is None or facts[0] is not t:
        facts = _facts(t)
    _, kind, set_need, limits = facts
    if set_need is None:
        return 0
    wild = lone = 0
    suits = [0, 0, 0, 0]
    copies = [0] * 13  # natural cards of each rank
    for c in cards:
        k = kind[c]
        if k == NATURAL:
            suits[c // 13] |= 1 << (c % 13)
            copies[c % 13] += 1
        elif k == WILD:
            wild += 1
        else:
            lone += 1  # a joker that is not wild is in no meld
    if lone >= enough:
        return lone
    cover = _covers(t, set_need, limits, suits, copies, wild)
    if all(not have & ~got for have, got in zip(suits, cover, strict=True)):
        return lone  # every natural card lies in some meld
    for c in cards:
        if kind[c] == NATURAL and not cover[c // 13] >> (c % 13) & 1:
            lone += 1
            if lone >= enough:
                return lone
    return lone


def meld_room(variant: Variant, cards: Sequence[int], best: Sequence[int]) -> int | None:
    """The most the cards that may lie in some meld of `cards` are worth: `best[card]`
    summed over the wild cards and the natural cards `lone_cards` does not call lone (None
    when unsure: jokers that make sets of their own). A bound from above on what any
    disjoint melds of the cards are worth when `best` bounds each card's worth in a meld
    (openvalue.opening_reachable's sure "no" before it lists the hand's melds)."""
    counted = _counted(variant, cards)
    if counted is None:
        return None
    t, kind, set_need, limits, suits, copies, wild = counted
    room = sum(best[c] for c in cards if kind[c] == WILD)
    cover = _covers(t, set_need, limits, suits, copies, wild)
    for c in cards:
        if kind[c] == NATURAL and cover[c // 13] >> (c % 13) & 1:
            room += best[c]
    return room


def contract_room(variant: Variant, cards: Sequence[int]) -> tuple[int, int, int, int] | None:
    """(natural cards that may lie in some set, in some run, in either; wild cards) of these
    cards, each natural card judged as `lone_cards` judges it (every wild card free for
    it), so a card some set or run holds is always counted; None when unsure (jokers that
    make sets of their own). contractfit's sure "no" before it lists the hand's melds."""
    counted = _counted(variant, cards)
    if counted is None:
        return None
    t, kind, set_need, limits, suits, copies, wild = counted
    sets = _set_ranks(t, set_need, suits, copies, wild)
    runs = [_run_ranks(t, limits, have, wild) for have in suits]
    in_set = in_run = either = 0
    for c in cards:
        if kind[c] == NATURAL:
            s = sets >> (c % 13) & 1
            r = runs[c // 13] >> (c % 13) & 1
            in_set += s
            in_run += r
            either += s | r
    return in_set, in_run, either, wild


def _counted(
    variant: Variant, cards: Sequence[int]
) -> (
    tuple[Tables, tuple[int, ...], tuple[int, ...], tuple[int, ...], list[int], list[int], int]
    | None
):
    """The variant's tables and card kinds, set sizes and run limits, with the cards' natural
    rank masks by suit, natural copies by rank and wild cards (None when unsure: jokers that
    make sets of their own): what meld_room and contract_room read. (lone_cards, asked far
    more often, counts inline.)"""
    t = tables(variant)
    facts = _FACTS.get(id(t))
    if facts is None or facts[0] is not t:
        facts = _facts(t)
    _, kind, set_need, limits = facts
    if set_need is None:
        return None
    wild = 0
    suits = [0, 0, 0, 0]
    copies = [0] * 13
    for c in cards:
        k = kind[c]
        if k == NATURAL:
            suits[c // 13] |= 1 << (c % 13)
            copies[c % 13] += 1
        elif k == WILD:
            wild += 1
    return t, kind, set_need, limits, suits, copies, wild


def _covers(
    t: Tables,
    set_need: tuple[int, ...],
    limits: tuple[int, ...],
    suits: list[int],
    copies: list[int],
    wild: int,
) -> list[int]:
    """By suit: the ranks of the natural cards (`suits`: rank masks by suit, `copies`: by
    rank) that some set or run of these cards with `wild` wild cards may hold."""
    ok = _set_ranks(t, set_need, suits, copies, wild)
    cover = [ok, ok, ok, ok]
    for s in range(4):
        have = suits[s]
        if have & ~ok:
            cover[s] |= _run_ranks(t, limits, have, wild)
    return cover


def _set_ranks(
    t: Tables, set_need: tuple[int, ...], suits: list[int], copies: list[int], wild: int
) -> int:
    """The ranks (bits) whose natural cards, with the wild cards, can make a set."""
    ok = 0
    need = set_need[min(wild, len(set_need) - 1)]
    if need:
        if t.set_distinct:  # the ranks held in at least `need` suits, as masks
            ok = _in_suits(suits, need)
        else:
            for r in range(13):
                if copies[r] >= need:
                    ok |= 1 << r
    return ok


def _run_ranks(t: Tables, limits: tuple[int, ...], have: int, wild: int) -> int:
    """The ranks of `have` (one suit's natural cards) in some run with the wild cards."""
    if wild == 0:
        return t.run_cover[have]
    return _run_cover(t.line, t.run_min, t.run_max, limits, have, wild)


def _in_suits(suits: list[int], need: int) -> int:
    """The ranks (bit r) held in at least `need` of the four suits' rank masks."""
    s0, s1, s2, s3 = suits
    if need == 1:
        return s0 | s1 | s2 | s3
    if need == 2:
        return (s0 & (s1 | s2 | s3)) | (s1 & (s2 | s3)) | (s2 & s3)
    if need == 3:
        return (s0 & s1 & (s2 | s3)) | ((s0 | s1) & s2 & s3)
    return s0 & s1 & s2 & s3 if need == 4 else 0


def in_no_meld(variant: Variant, cards: Sequence[int], card: int) -> bool:
    """Does `card` (one of `cards`) lie in no meld of these cards? (False when unsure.) The
    draw's look ahead asks it of a card taken from the pile that must be melded."""
    t = tables(variant)
    facts = _FACTS.get(id(t))
    if facts is None or facts[0] is not t:
        facts = _facts(t)
    _, kind, set_need, limits = facts
    if set_need is None or kind[card] != NATURAL:
        return set_need is not None and kind[card] == LONE
    rank, suit = card % 13, card // 13
    wild = copies = suits = in_suit = 0
    for c in cards:
        k = kind[c]
        if k == WILD:
            wild += 1
        elif k == NATURAL:
            if c % 13 == rank:
                copies += 1
                suits |= 1 << (c // 13)
            if c // 13 == suit:
                in_suit |= 1 << (c % 13)
    need = set_need[min(wild, len(set_need) - 1)]
    if need and (suits.bit_count() if t.set_distinct else copies) >= need:
        return False
    runs = (
        t.run_cover[in_suit]
        if wild == 0
        else _run_cover(t.line, t.run_min, t.run_max, limits, in_suit, wild)
    )
    return not runs >> rank & 1


NATURAL, WILD, LONE = 0, 1, 2
"""What a card code is for the test: a natural card, a wild card, a card in no meld."""

Facts = tuple[Tables, tuple[int, ...], tuple[int, ...] | None, tuple[int, ...]]
_FACTS: dict[int, Facts] = {}


def set_needs(t: Tables) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(the natural cards of one rank a set needs beside 0, 1, ... 13 wild cards, 0 where
    no set can be made; `max_wilds` by natural count): what says a card is in no set."""
    limits = tuple(t.max_wilds(k) for k in range(14))
    most = min(t.set_max, 4) if t.set_distinct else t.set_max
    needs: list[int] = []
    for wild in range(14):
        fit = [k for k in range(1, 14) if k + min(wild, limits[k]) >= t.set_min]
        needs.append(fit[0] if fit and t.has_sets and most >= t.set_min else 0)
    return tuple(needs), limits


def _facts(t: Tables) -> Facts:
    """The variant's tables as the test reads them: each code's kind, the natural cards
    a set needs with 0, 1, ... wild cards (0: no set; None: unsure, jokers of their own
    rank), `max_wilds` by natural count. Kept by the tables' identity."""
    kind = tuple(
        (WILD if t.wild_joker else LONE) if c == JOKER else WILD if t.wild_code(c) else NATURAL
        for c in range(53)
    )
    needs, limits = set_needs(t)
    got: Facts = (t, kind, None if t.joker_sets else needs, limits)
    if len(_FACTS) > 32:
        _FACTS.clear()
    _FACTS[id(t)] = got
    return got


@lru_cache(maxsize=1 << 14)
def _run_cover(
    line: str, run_min: int, run_max: int, limits: tuple[int, ...], mask: int, wild: int
) -> int:
    """The ranks of `mask` (one suit's natural cards) lying in some run of `run_min` to
    `run_max` cards that these cards and up to `wild` wild cards can fill."""
    got = 0
    for length, full in _window_masks(line, run_min, run_max):
        held = full & mask
        if not held:
            continue
        naturals = held.bit_count()
        if length - naturals <= min(wild, limits[naturals]):
            got |= held
    return got


@cache
def _window_masks(line: str, run_min: int, run_max: int) -> tuple[tuple[int, int], ...]:
    """(length, rank mask) of the run windows of `run_min` to `run_max` ranks, in
    `run_windows` order (what `_run_cover` reads of each window)."""
    return tuple((len(w), rank_mask(w)) for w in run_windows(line) if run_min <= len(w) <= run_max)

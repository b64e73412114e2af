"""Which cards lie in no meld of a hand, with or without one card more (bots layer, under
deepfloor and lookahead).

A card of a hand that lies in no meld of it (no set of its rank, no run of its suit
through it, however the hand's wild cards are used: the over-approximation of
`interpreter/phases/lonecards.py`) is deadwood in every arrangement, so the solver's
arrangement of the hand without it is the same, less that card; a card drawn that
would lie in no meld of the hand with it just joins the deadwood. `lone_masks`
gives both sets as card masks, once per hand; `lone_draws` and `held_lone` ask them
where they are proven (no whole-hand pattern in reach, no wild card held: with one,
almost every card lies in some meld and the sets are not worth their cost).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from rulespec.bots.base import point_unit
from rulespec.interpreter.meldrules import Tables, rank_mask, ranks_held, run_windows, tables
from rulespec.interpreter.phases.lonecards import set_needs
from rulespec.interpreter.plusone import patterns_open
from rulespec.model.derived import Derived
from rulespec.model.variant import Variant


def holds_wild(f: Facts, hand: Sequence[int]) -> bool:
    """Does the hand hold a wild card? Then almost every card lies in some meld: no floor
    or lone card is worth its cost (a choice of cost only; the answers stay exact)."""
    return not f.wild.isdisjoint(hand)  # (the codes of kind WILD: one C call)


class Facts(NamedTuple):
    """A variant's meld facts for the floor (made once per variant)."""

    t: Tables
    kind: tuple[int, ...]  # per code: NATURAL, WILD or OTHER (a joker of no meld)
    set_need: tuple[int, ...]  # natural cards a set needs beside 0, 1, ... wild cards (0: none)
    limits: tuple[int, ...]  # wild cards a meld of k natural cards may hold
    unit: int  # the bots' point
    natural: int  # bit per natural code
    runs: dict[tuple[int, int], int]  # `_run_lone` by (suit mask, wild cards)
    lone: dict[tuple[int, ...], tuple[int, int]]  # `_lone` by sorted hand
    wild: frozenset[int]  # the codes of kind WILD


NATURAL, WILD, OTHER = 0, 1, 2
_FACTS: Derived[Facts | None] = Derived()


def lone_facts(variant: Variant) -> Facts | None:
    """The variant's `Facts` (None: no floor proven), the last variant's read off `_LAST`
    (a discard decision asks thousands of times, of one variant)."""
    if _LAST[0] is variant:
        got: Facts | None = _LAST[1]
        return got
    made = _FACTS.get(variant, None, _make_facts, variant)
    _LAST[0], _LAST[1] = variant, made
    return made


_LAST: list[Any] = [None, None]  # the last variant asked and its facts (held: its id is its own)


def _make_facts(variant: Variant) -> Facts | None:
    """None where the floor is not proven: jokers of their own rank, a negative card value."""
    t = tables(variant)
    if t.joker_sets or min(t.hand_values) < 0 or point_unit(variant) <= 0:
        return None
    kind = tuple(
        (WILD if t.wild_joker else OTHER) if c >= 52 else WILD if t.wild_code(c) else NATURAL
        for c in range(53)
    )
    needs, limits = set_needs(t)
    natural = sum(1 << c for c in range(52) if kind[c] == NATURAL)
    wild = frozenset(c for c in range(53) if kind[c] == WILD)
    return Facts(t, kind, needs, limits, point_unit(variant), natural, {}, {}, wild)


def lone_masks(f: Facts, hand: Sequence[int]) -> tuple[int, int]:
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


def _lone_of(f: Facts, hand: Sequence[int]) -> tuple[int, int]:
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


def lone_draws(variant: Variant, hand: Sequence[int]) -> int:
    """Bit per natural code that, drawn, would just join the deadwood of ``hand`` (it lies
    in no meld of the hand with it, and no whole-hand pattern can be met), or 0 where that
    is not proven: the lookahead prices those cards without a search."""
    f = lone_facts(variant)
    if f is None or holds_wild(f, hand):
        return 0
    if variant.melds.patterns and may_fit_pattern(variant, f.t, hand):
        return 0
    return lone_masks(f, hand)[0]


def held_lone(variant: Variant, hand: Sequence[int]) -> int:
    """Bit per natural code of ``hand`` that lies in no meld of it (so it is deadwood in
    every arrangement, and the hand without it keeps the same arrangement), or 0 where
    that is not proven."""
    f = lone_facts(variant)
    if f is None or holds_wild(f, hand):
        return 0
    return lone_masks(f, hand)[1]


def may_fit_pattern(variant: Variant, t: Tables, hand: Sequence[int]) -> bool:
    """Could the hand with one card added fit a whole-hand pattern? Each test only gets
    harder as cards are added (two suits of natural cards for a one-suit pattern or a run,
    a natural rank the pattern lacks, a repeated natural rank in a run)."""
    return patterns_open(variant, [c for c in hand if not t.wild_code(c)])

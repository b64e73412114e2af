"""Whole-hand patterns: which pattern a hand's cards fit, read as masks (interpreter, melds).

A pattern (`melds.patterns`: Bridge's colour, figures...) constrains only the natural
cards' suits and ranks; wild cards fit any position. Split from melds.py, which
re-exports `pattern_of` (the solver, arrange and the showdown ask it of every hand).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from rulespec.core.cards import JOKER
from rulespec.interpreter.meldrules import Tables, rank_mask, run_windows, span, tables
from rulespec.model.derived import Derived
from rulespec.model.variant import Variant


def pattern_of(variant: Variant, cards: Sequence[int]) -> str | None:
    """The first whole-hand pattern the cards fit (wild cards fit any position), or None.

    Wild cards fit any position and a pattern constrains only natural cards, so only the
    natural cards' suits and ranks are read, as masks (the solver asks it of every hand)."""
    patterns = variant.melds.patterns
    if not patterns or not cards:
        return None
    t = tables(variant)
    wild, shapes = _PATTERNS.get(variant, None, _pattern_masks, variant, t)
    suits = ranks = 0
    twice = False  # a rank held twice (no run)
    for c in cards:
        if wild[c]:
            continue
        if c == JOKER:
            return None  # a joker that is not wild fits no pattern
        bit = 1 << (c % 13)
        twice = twice or bool(ranks & bit)
        ranks |= bit
        suits |= 1 << (c // 13)
    one_suit = not suits & (suits - 1)
    for name, same, allowed, run in shapes:
        if same and not one_suit or ranks & ~allowed:
            continue
        if run and (twice or not one_suit or not _fits_one_run(t.line, ranks, len(cards), allowed)):
            continue
        return name
    return None


Shape = tuple[str, bool, int, bool]
_PATTERNS: Derived[tuple[tuple[bool, ...], list[Shape]]] = Derived()


def _pattern_masks(variant: Variant, t: Tables) -> tuple[tuple[bool, ...], list[Shape]]:
    """Which codes play wild, and each pattern as (name, same suit, allowed ranks mask, run)."""
    wild = tuple(t.wild_code(c) for c in range(JOKER + 1))
    shapes = [
        (p.name, p.suit == "same", 0x1FFF if p.ranks is None else rank_mask(p.ranks), p.run)
        for p in variant.melds.patterns
    ]
    return wild, shapes


@cache
def _fits_one_run(ace: str, need: int, length: int, allowed: int) -> bool:
    """Do the natural ranks `need` (one suit, no rank twice) lie in a run of `length` cards
    whose ranks are all `allowed`?"""
    if length > 13 or span(ace, need) > length:
        return False
    for window in run_windows(ace):
        mask = rank_mask(window)
        if len(window) == length and mask & need == need and not mask & ~allowed:
            return True
    return False

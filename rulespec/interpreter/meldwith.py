"""The melds of a hand that hold one card, named from the parts that can take it (interpreter).

meldlist.py derives a hand's listing from a recent hand's when a draw added one card:
the melds that still fit, and the melds holding the new card. Those are the melds of
`meldgen.candidate_listing` that hold it; only the natural parts that can take it (a
natural card's rank's sets and suit's runs; for a wild card, every part, named only
where the card is among its wild cards or naturals) are named here, with meldgen's
choices of wild cards and its budget.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rulespec.core.cards import JOKER
from rulespec.interpreter.meldgen import (
    FULL_BUDGET,
    FULL_LISTING,
    Part,
    multisets,
    name_parts,
    natural_parts,
    run_group,
    set_group,
    split_hand,
)
from rulespec.interpreter.meldrules import tables
from rulespec.interpreter.melds import Meld, name_wilds
from rulespec.model.variant import Variant


def melds_holding(variant: Variant, hand: Sequence[int], card: int) -> list[Meld] | None:
    """The melds of the hand that hold the natural card `card` (not wild-capable), sorted:
    those of `candidate_listing(variant, hand)` when that is every meld of the hand. None
    when the hand has too many wild cards for every meld to be listed, or these melds alone
    are over `FULL_BUDGET` (a hand over the budget otherwise still gets them: meldlist
    finds the listing it derives over the budget). Only `card`'s rank's sets and its
    suit's runs can hold it, so only those natural parts are named."""
    t = tables(variant)
    # split_hand's two halves, read only where `card` needs them: its rank's copies by suit,
    # its suit's ranks, the wild cards (jokers only when wild)
    wild_cards: list[int] = []
    rank, suit = card % 13, card // 13
    by_suit = [0, 0, 0, 0]
    present = 0
    flex = t.not_fast & ~(0 if t.wild_joker else 1 << JOKER)
    for c in hand:
        if flex >> c & 1:
            wild_cards.append(c)
        if c < JOKER:
            if c % 13 == rank:
                by_suit[c // 13] += 1
            if c // 13 == suit:
                present |= 1 << (c % 13)
    if len(wild_cards) > FULL_LISTING:
        return None
    wild_cards.sort()
    wilds = len(wild_cards)
    parts: list[Part] = []
    if t.has_sets:
        parts += set_group(t, rank, tuple(by_suit), wilds)[1]
    if t.has_runs:
        parts += run_group(t, suit, present, wilds)[1]
    found: set[Meld] = set()
    holding = [p for p in parts if card in p[0]]
    if not name_parts(variant, holding, Counter(wild_cards), found):
        return None
    return sorted(found)


def melds_holding_wild(variant: Variant, hand: Sequence[int], card: int) -> list[Meld] | None:
    """The melds of the hand that hold the wild card `card` (a wild joker or a card of a wild
    rank, as itself or wild), sorted: those of `candidate_listing(variant, hand)` when that
    is every meld of the hand. None when the hand has too many wild cards for every meld to
    be listed, these melds alone are over `FULL_BUDGET`, or jokers make sets of their own.
    The same natural parts and wild-card choices as `_every_meld`, named only when they
    hold the card."""
    t = tables(variant)
    if t.joker_sets or not t.wild_code(card) or (card == JOKER and not t.wild_joker):
        return None
    naturals, wild_cards = split_hand(t, hand)
    if len(wild_cards) > FULL_LISTING:
        return None
    found: set[Meld] = set()
    wild_count = Counter(wild_cards)
    parts = natural_parts(t, naturals, len(wild_cards))
    if not name_parts(variant, parts, wild_count, found, card):
        return None
    if t.all_wild_sizes:
        for size in sorted(t.all_wild_sizes):
            if size <= len(wild_cards):
                for chosen in multisets(wild_count, size):
                    if card in chosen:
                        found.update(name_wilds(variant, chosen))
                        if len(found) > FULL_BUDGET:
                            return None
    return sorted(found)

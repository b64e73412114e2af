"""Decks, wild cards and card values of a variant (interpreter: the layer under melds and solver).

The card codec (codes, texts) is rulespec.core.cards; this module adds what
depends on a variant's rules: which cards are wild, the pack for a player
count, a card's value in a place, and the cut for the first dealer.
"""

from __future__ import annotations

import random

from rulespec.core.cards import JOKER
from rulespec.model.derived import Derived
from rulespec.model.variant import RANK_KEYS, Variant


def is_wild(variant: Variant, code: int) -> bool:
    """Is this card wild in the variant (`melds.wild.cards` holds "joker" and/or rank keys)?"""
    wild = variant.melds.wild.cards
    if code == JOKER:
        return "joker" in wild
    return bool(wild) and RANK_KEYS[code % 13] in wild


def pack_codes(variant: Variant) -> tuple[int, ...]:
    """The card codes of one deck: every suit of each rank of `deck.ranks` (all 52 by default)."""
    ranks = set(variant.ranks)
    return tuple(code for code in range(52) if code % 13 + 1 in ranks)


def build_deck(variant: Variant, players: int) -> list[int]:
    """The full pack for this many players, sorted: decks x the deck's cards plus the jokers
    (a new list: every deal shuffles its own; the pack is worked out once per count)."""
    return list(_PACKS.get(variant, players, _pack, variant, players))


_PACKS: Derived[list[int]] = Derived()


def _pack(variant: Variant, players: int) -> list[int]:
    decks = variant.decks(players)
    jokers = variant.jokers(players)
    return sorted([code for code in pack_codes(variant) for _ in range(decks)] + [JOKER] * jokers)


def deck_counts(variant: Variant, players: int) -> dict[int, int]:
    """How many copies of each code the pack holds (jokers under JOKER; 0 for an absent rank)."""
    decks = variant.decks(players)
    ranks = set(variant.ranks)
    counts = {code: decks if code % 13 + 1 in ranks else 0 for code in range(52)}
    counts[JOKER] = variant.jokers(players)
    return counts


def hand_value(variant: Variant, code: int, place: str = "hand") -> int:
    """The value of a card in a place (see model.PLACES), from `values` / `joker_values`."""
    if code == JOKER:
        return variant.joker_values[place]
    return variant.values[code % 13 + 1][place]


def shuffle(rng: random.Random, items: list[int]) -> None:
    """`rng.shuffle(items)`: the same draws and the same swaps (CPython's Fisher-Yates over
    `_randbelow_with_getrandbits`), without two Python frames per card (two shuffles a
    deal: a tenth of a simulated gin hand). A Random subclass shuffles itself; a test holds
    the two equal."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in reversed(range(1, len(items))):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def cut_for_dealer(rng: random.Random, variant: Variant, players: int) -> int:
    """First dealer by lot: each seat cuts a card, the lowest (ace low) deals, ties cut again."""
    seats = list(range(players))
    while True:
        deck = [c for c in build_deck(variant, players) if c < 52]
        shuffle(rng, deck)
        cuts = {s: deck[i] % 13 for i, s in enumerate(seats)}
        low = min(cuts.values())
        seats = [s for s in seats if cuts[s] == low]
        if len(seats) == 1:
            return seats[0]

"""A hand with one more card, for each of many cards: incremental arrangements (interpreter,
beside the solver).

The bots' lookahead asks, for every unseen card, what the hand would be with it.
On the one-deck natural path the solver's arrangement depends only on the cards
that lie in some meld (`meldable`): the others are deadwood. A card that leaves
that set as it was therefore just joins the deadwood, with no search at all;
only a card that changes it gets a full (cached) arrangement. Exact: the answers
are those of `best_arrangement` on the grown hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rulespec.interpreter.meldrules import Tables, tables
from rulespec.interpreter.solver import _fast_arrangement, _fast_mask
from rulespec.model.variant import Variant

__all__ = ["plus_one"]


def plus_one(
    variant: Variant, hand: Sequence[int], cards: Iterable[int]
) -> dict[int, tuple[int, int, int]] | None:
    """{card: (deadwood, number of deadwood cards, highest hand value among them or 0)} of
    the hand with that card added, by `best_arrangement`'s arrangement; None when the
    one-deck natural path does not apply (a wild-capable card, a duplicate, whole-hand
    patterns): then ask the solver per card. No card on this path is wild."""
    if variant.melds.patterns:
        return None
    t = tables(variant)
    mask = _fast_mask(t, hand)
    if mask is None:
        return None
    values = t.hand_values
    base_dw, _, base_dead = _fast_arrangement(variant, t, mask)
    base_count = len(base_dead)
    base_worst = max((values[c] for c in base_dead), default=0)
    out: dict[int, tuple[int, int, int]] = {}
    for card in cards:
        if not 0 <= card < 52:
            return None
        bit = 1 << card
        if mask & bit or t.not_fast & bit:
            return None
        grown = mask | bit
        if not _melds_more(t, mask, card):
            value = values[card]
            out[card] = (base_dw + value, base_count + 1, max(base_worst, value))
        else:
            dw, _, dead = _fast_arrangement(variant, t, grown)
            out[card] = (dw, len(dead), max((values[c] for c in dead), default=0))
    return out


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

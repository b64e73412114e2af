"""Why a group of cards is no meld: the rule it breaks, in the player's terms (interpreter, melds).

`melds.analyze` decides whether cards meld; when they don't, these functions
word the one rule that failed (a docs/document.md key first), so a refused meld
names its rule without a second check re-deriving it.
"""

from __future__ import annotations

from rulespec.core.cards import card_text
from rulespec.interpreter.meldrules import BIG, Tables, rank_mask, window_by_mask
from rulespec.model.variant import Variant


def not_wild(variant: Variant, card: int, stands_for: int) -> str:
    """A card named as another that is not wild under these rules."""
    listed = ", ".join(variant.melds.wild.cards) or "none"
    return (
        f"melds.wild.cards: {card_text(card)} is not a wild card here (wild: {listed}),"
        f" so it cannot stand for {card_text(stands_for)}"
    )


def absent_rank(t: Tables, card: int, stands_for: int) -> str:
    """A card (or a wild named as one) of a rank the pack does not hold (`deck.ranks`)."""
    from_rank = card_text(stands_for)[:-1].replace("T", "10")
    named = "" if card == stands_for else f"{card_text(card)} cannot stand for it: "
    return f"deck.ranks: {named}the pack has no {from_rank}s ({card_text(stands_for)})"


def too_many_wilds(t: Tables, wilds: int, naturals: int) -> str:
    """More wild cards than one meld may hold, or more than its natural cards."""
    if wilds > t.per_meld:
        return f"melds.wild.per_meld: at most {t.per_meld} wild card(s) in one meld, not {wilds}"
    return (
        "melds.wild.outnumber: false — wild cards may not outnumber the natural cards"
        f" ({wilds} wild, {naturals} natural)"
    )


def shape_refusal(t: Tables, n: int, ranks: set[int], suits: list[int], distinct: bool) -> str:
    """Which set or run rule a group of named cards breaks (the tail of `melds.analyze`)."""
    if n == 1:
        least = min(t.set_min if t.has_sets else BIG, t.run_min if t.has_runs else BIG)
        if least >= BIG:
            return "melds: this variant has neither sets nor runs"
        return f"a meld has at least {least} cards, not 1"
    if len(ranks) == 1 and n > 1:
        if not t.has_sets:
            return "melds.set: false — this variant has no sets"
        if n < t.set_min:
            return f"melds.set.min: a set has at least {t.set_min} cards, not {n}"
        if n > t.set_max:
            return f"melds.set.max: a set has at most {t.set_max} cards, not {n}"
        if not distinct:
            return "melds.set.suits: distinct — a set may not hold two cards of one suit"
    if len(set(suits)) == 1 and len(ranks) == n:
        if not t.has_runs:
            return "melds.run: false — this variant has no runs"
        if n < t.run_min:
            return f"melds.run.min: a run has at least {t.run_min} cards, not {n}"
        if n > t.run_max:
            return f"melds.run.max: a run has at most {t.run_max} cards, not {n}"
        if rank_mask(sorted(ranks)) in window_by_mask("wrap" + t.line[len(t.ace) :]):
            return f"ace: {t.ace} — the ace may not stand there in a run (round the corner)"
        return "not a run: a run is cards of one suit in sequence, with no gaps"
    if len(set(suits)) == 1:
        return "not a run: a run may not hold the same rank twice"
    return "neither a set (cards of one rank) nor a run (one suit in sequence)"

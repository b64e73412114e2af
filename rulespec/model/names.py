"""The catalog of expression contexts: each context's names and types (pipeline stage: check).

Exactly the table of docs/document.md ("Expressions"). A name's value in the
flat environment an expression reads (`Env`) has the Python type of its
expression type: int -> int, bool -> bool, suit -> one of `SUITS` (the suit
word), place -> one of `PLACES`, reason -> one of `REASONS`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulespec.model.variant import PLACES

SUITS = ("clubs", "diamonds", "hearts", "spades")
REASONS = ("out", "knock", "gin", "undercut", "stock", "void")
# Every hand end a result can carry: the scored reasons, and `abandoned` — a hand
# the engine's safety cap stopped (it cannot end under its rules); it scores nothing.
HAND_ENDS = (*REASONS, "abandoned")
# The roles a score expression is given for, under `scoring.<reason>`.
ROLES = ("winner", "losers", "each")

# Constants usable in every context: name -> (type, value).
CONSTANTS: dict[str, tuple[str, Any]] = {
    "A": ("int", 1),
    "J": ("int", 11),
    "Q": ("int", 12),
    "K": ("int", 13),
    **{s: ("suit", s) for s in SUITS},
    **{p: ("place", p) for p in PLACES},
    **{r: ("reason", r) for r in REASONS},
}

# Seat facts: on a single seat (me, winner, knocker) and summed over seats (losers, others).
SEAT_FACTS: dict[str, str] = {
    "penalty": "int",
    "deadwood": "int",
    "cards": "int",
    "jokers": "int",
    "melded": "int",
    "melded_jokers": "int",
    "won": "bool",
}
SUM_FACTS: dict[str, str] = {
    **{k: t for k, t in SEAT_FACTS.items() if k != "won"},
    "count": "int",
}
SEATS = ("me", "winner", "knocker")
SUMS = ("losers", "others")

# Seats that exist only in some hand-end reasons.
REASON_SEATS: dict[str, frozenset[str]] = {
    "winner": frozenset({"out", "knock", "gin", "undercut"}),
    "knocker": frozenset({"knock", "gin", "undercut"}),
}

UPCARD: dict[str, str] = {"upcard.rank": "int", "upcard.suit": "suit", "upcard.value": "int"}

_TURN: dict[str, str] = {
    "me.laid_down": "bool",
    "me.laid_down_before": "bool",
    "me.turn": "int",
    "me.cards": "int",
    "players": "int",
    "stock": "int",
}


def _score_names(reason: str | None) -> dict[str, str]:
    names: dict[str, str] = {}
    for seat in SEATS:
        allowed = REASON_SEATS.get(seat)
        if reason is not None and allowed is not None and reason not in allowed:
            continue
        names.update({f"{seat}.{fact}": t for fact, t in SEAT_FACTS.items()})
    for total in SUMS:
        names.update({f"{total}.{fact}": t for fact, t in SUM_FACTS.items()})
    names.update({"rummy": "bool", "reason": "reason", "players": "int"})
    return names


def names_for(context: str, *, upcard: bool = True, reason: str | None = None) -> dict[str, str]:
    """The names a context offers, name -> type.

    `upcard`: whether the variant deals an upcard (see `upcard_available`);
    `reason`: for a score expression of one hand-end reason, drop the seats
    that reason lacks (`winner.*` in stock/void, `knocker.*` in out...).
    Raises KeyError for an unknown context.
    """
    if context == "card_value":
        return {"face": "int", "place": "place"}
    if context == "turn":
        names = dict(_TURN)
    elif context == "knock":
        names = {"players": "int"}
    elif context == "score":
        names = _score_names(reason)
    elif context == "match":
        return {"players": "int"}
    else:
        raise KeyError(context)
    if upcard:
        names.update(UPCARD)
    return names


def upcard_available(doc: Mapping[str, Any]) -> bool:
    """Whether `upcard.*` exists: deal.upcard or dealer_extra_to: discard (resolved document)."""
    deal = doc.get("deal")
    if not isinstance(deal, Mapping):
        deal = {}
    return bool(deal.get("upcard", True)) or deal.get("dealer_extra_to", "hand") == "discard"

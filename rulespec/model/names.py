"""The catalog of expression contexts: each context's names and types (pipeline stage: check).

Exactly the table of docs/document.md ("Expressions"). A name's value in the
flat environment an expression reads (`Env`) has the Python type of its
expression type: int -> int, bool -> bool, suit -> one of `SUITS` (the suit
word), place -> one of `PLACES`, reason -> one of `REASONS`, way -> one of `WAYS`,
seats -> a tuple of per-seat mappings (bare fact name -> value), read only by
the seat functions `sum`/`min`/`max(losers, EXPR)`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulespec.model.variant import PLACES

SUITS = ("clubs", "diamonds", "hearts", "spades")
REASONS = ("out", "knock", "gin", "undercut", "stock", "void", "drop")
# Every hand end a result can carry: the scored reasons, and `abandoned` — a hand
# the engine's safety cap stopped (it cannot end under its rules); it scores nothing.
HAND_ENDS = (*REASONS, "abandoned")
# How the winner of a hand ended by `out` went out: the type `way` of `out.by`.
WAYS = ("discard", "meld", "layoff", "dealt")
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
    **{w: ("way", w) for w in WAYS},
}

# Seat facts: on a single seat (me, winner, knocker) and summed over seats (losers, others).
SEAT_FACTS: dict[str, str] = {
    "penalty": "int",
    "deadwood": "int",
    "cards": "int",
    "jokers": "int",
    "melded": "int",
    "melded_jokers": "int",
    "naturals": "int",
    "melded_naturals": "int",
    "won": "bool",
    "turn": "int",
    "contract": "bool",
}
# Facts of one seat that are not summed over seats (a flag, a turn number).
# `contract`: the seat's cards hold the sets and runs of the contract (play.contract_*),
# as melds of their own (Indian rummy's "lives": without them every card counts).
SEAT_ONLY = frozenset({"won", "turn", "contract"})
SUM_FACTS: dict[str, str] = {
    **{k: t for k, t in SEAT_FACTS.items() if k not in SEAT_ONLY},
    "count": "int",
}
SEATS = ("me", "winner", "knocker")
SUMS = ("losers", "others", "partners")  # partners: the seat's team-mates (match.teams)
# Seat functions over a group of seats: `sum(losers, EXPR)`, EXPR reading the bare facts.
SEAT_FUNCTIONS = ("sum", "min", "max")
# Seat roles, read `me is winner`: bool names of the score context (every reason).
ROLE_NAMES: dict[str, str] = {"me is winner": "bool", "me is knocker": "bool"}

# Seats (and `out.*`, how the winner went out) that exist only in some hand-end reasons.
REASON_SEATS: dict[str, frozenset[str]] = {
    "winner": frozenset({"out", "knock", "gin", "undercut", "drop"}),
    "knocker": frozenset({"knock", "gin", "undercut"}),
    "out": frozenset({"out"}),
}
# Names of the hand: `deal` (the hand's number in the match, from 1) and `turns`
# (turns started in the hand by every seat together).
HAND: dict[str, str] = {"deal": "int", "turns": "int"}

UPCARD: dict[str, str] = {"upcard.rank": "int", "upcard.suit": "suit", "upcard.value": "int"}

_TURN: dict[str, str] = {
    "me.laid_down": "bool",
    "me.laid_down_before": "bool",
    "me.turn": "int",
    "me.cards": "int",
    "players": "int",
    "stock": "int",
    **HAND,
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
        names[total] = "seats"
    if reason is None or reason in REASON_SEATS["out"]:
        names["out.by"] = "way"
    names.update(ROLE_NAMES)
    names.update({"rummy": "bool", "reason": "reason", "players": "int", **HAND})
    names["wild.value"] = "int"
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
        names = {"players": "int", **HAND}
    elif context == "score":
        names = _score_names(reason)
    elif context == "deal":
        return {"players": "int", "deal": "int"}  # `melds.wild.rank`: chosen at the deal
    elif context == "match":
        return {"players": "int"}  # `match.rounds`: a fixed count, so no `deal` here
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

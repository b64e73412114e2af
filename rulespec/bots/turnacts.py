"""Turn actions for the bots: when to drop out of a hand or knock before drawing (bots layer).

The greedy and smart bots ask `turn_action` when the legal moves hold a
`drop` or a `knock` alone. Greedy knocks before drawing only with a hand of
no deadwood and never drops. Smart knocks before drawing when its deadwood
is small (at most `KNOCK_FIRST_AT`, or gin), and drops when its hand looks
hopeless (not one meld in it) and the drop penalty (worked out as the rules
say, from what the seat knows: its own draws and cards) is below what it
expects to lose by playing on: `HOPE` of its deadwood now less what its
partial melds may shed within `DRAWS_AHEAD` draws. With a face-up stock card
(`draw.turned`) both take the card whenever they may (it is then used at
once) and pass it otherwise; they never force it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulespec.bots.base import MoveText, View
from rulespec.bots.hands import arrangement, deadwood, potential, unseen
from rulespec.core.moves import Move
from rulespec.model.variant import Variant

KNOCK_FIRST = "knock first"
"""The bots' kind of `knock` alone (base.parse_move): a knock before drawing."""
KNOCK_FIRST_AT = 5
"""The smart bot knocks before drawing with this much deadwood or less."""
HOPE = 0.3
"""The share of its deadwood the smart bot expects to keep by playing on."""
DRAWS_AHEAD = 6
"""The draws over which the smart bot counts on its partial melds to shed deadwood."""

Groups = dict[str, list[tuple[MoveText, Move]]]


def _draws(view: View) -> int:
    """The draws this seat has made this hand (a drop penalty's `me.turn`)."""
    return sum(1 for e in view.history if e.seat == view.seat and e.move.kind in ("draw", "take"))


def drop_penalty(variant: Variant, view: View) -> int | None:
    """What dropping now would cost this seat, or None when the bot cannot tell."""
    rule = variant.play.drop_penalty
    if rule is None:
        return 0
    hand: Sequence[int] = view.hand
    env: dict[str, Any] = {
        "me.turn": _draws(view),
        "me.cards": len(hand),
        "turns": sum(1 for e in view.history if e.move.kind in ("draw", "take")),
        "players": view.players,
        "deal": 1,
    }
    try:
        return int(rule(env))
    except (KeyError, TypeError, ValueError, ArithmeticError):
        return None  # the penalty reads a fact the bot does not work out


def turn_action(bot: str, view: View, groups: Groups, variant: Variant) -> Move | None:
    """The drop or the knock before drawing this bot takes now, or None to play on."""
    if variant.draw.turned:
        return _turned(groups)
    knocks = groups.get(KNOCK_FIRST, [])
    if knocks:
        dw = deadwood(variant, view.hand)
        if dw == 0 or (bot == "smart" and dw <= KNOCK_FIRST_AT):
            return knocks[0][1]
    drops = groups.get("drop", [])
    if drops and bot == "smart" and _hopeless(variant, view):
        cost = drop_penalty(variant, view)
        dw = deadwood(variant, view.hand)
        shed = potential(variant, view.hand, unseen(variant, view), DRAWS_AHEAD)
        if cost is not None and cost < HOPE * (dw - shed):
            return drops[0][1]
    return None


def _turned(groups: Groups) -> Move | None:
    """A face-up card (`draw.turned`): take it whenever it may be taken (it is then melded or
    laid off: a card more on the table, a card less to shed), else pass it; never force (it
    only spares the other player a choice). None: no card is on offer (turn one up)."""
    for parsed, move in groups.get("draw", []):
        if parsed.source == "discard":
            return move
    passes = groups.get("pass", [])
    return passes[0][1] if passes else None


def _hopeless(variant: Variant, view: View) -> bool:
    """No meld in the hand at all: the seat is far from going out."""
    return not arrangement(variant, view.hand)[1]

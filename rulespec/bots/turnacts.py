"""Turn actions for the bots: when to drop out of a hand or knock before drawing (bots layer).

The greedy and smart bots ask `turn_action` when the legal moves hold a
`drop` or a `knock` alone. Greedy knocks before drawing only with a hand of
no deadwood and never drops. Smart knocks before drawing when its deadwood
is small (at most `KNOCK_FIRST_AT`, or gin), and drops when the drop penalty
(worked out as the rules say, from what the seat knows: its own draws and
cards) is below what it expects to lose by playing on, its hand ranked against
hands sampled from the unseen cards (`bots/dropping.py`). With a face-up stock card
(`draw.turned`) both take the card whenever they may (it is then used at
once) and pass it otherwise; they never force it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulespec.bots.base import MoveText, View, points
from rulespec.bots.dropping import Cost, should_drop
from rulespec.bots.hands import deadwood, least_deadwood, unseen
from rulespec.core.moves import Move
from rulespec.model.variant import Variant

KNOCK_FIRST = "knock first"
"""The bots' kind of `knock` alone (base.parse_move): a knock before drawing."""
KNOCK_FIRST_AT = 5
"""The smart bot knocks before drawing with this much deadwood or less."""

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


def turn_action(
    bot: str, view: View, groups: Groups, variant: Variant, rank: Cost | None = None
) -> Move | None:
    """The drop or the knock before drawing this bot takes now, or None to play on."""
    if variant.draw.turned:
        return _turned(groups)
    knocks = groups.get(KNOCK_FIRST, [])
    if knocks:
        dw = deadwood(variant, view.hand)
        if dw == 0 or (bot == "smart" and dw <= KNOCK_FIRST_AT):
            return knocks[0][1]
    drops = groups.get("drop", [])
    if drops and bot == "smart":
        cost = drop_penalty(variant, view)
        if cost is not None and _drop(variant, view, cost, rank):
            return drops[0][1]
    return None


def _drop(variant: Variant, view: View, penalty: int, rank: Cost | None) -> bool:
    """Smart's drop: the penalty below the expected loss of playing on (bots/dropping.py),
    the hand ranked by the bot's own cost when given (else its deadwood)."""
    pool = unseen(variant, view)

    def loss(hand: Sequence[int]) -> float:
        return points(variant, least_deadwood(variant, hand))

    return should_drop(view, pool, rank or loss, loss, penalty)


def _turned(groups: Groups) -> Move | None:
    """A face-up card (`draw.turned`): take it whenever it may be taken (it is then melded or
    laid off: a card more on the table, a card less to shed), else pass it; never force (it
    only spares the other player a choice). None: no card is on offer (turn one up)."""
    for parsed, move in groups.get("draw", []):
        if parsed.source == "discard":
            return move
    passes = groups.get("pass", [])
    return passes[0][1] if passes else None

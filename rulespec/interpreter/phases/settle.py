"""Knock and settle: a hand's end scored, the totals moved, the match closed (phases, hand end).

Every way a hand ends (going out, a knock, the stock, a void hand, the safety
cap) comes here through the game's `Ender`: the showdown and scores
(scoring.py, showdown.py), then the match's totals and whether the match is
over (match.py), or the decisions of seats put out whether to buy back in.
"""

from __future__ import annotations

from typing import Any

from rulespec.core.moves import REBUY
from rulespec.interpreter.match import add_scores, close_hand, play_rebuy
from rulespec.interpreter.scoring import score_hand
from rulespec.interpreter.state import HandState, MatchState
from rulespec.model.variant import Variant


def settle(
    variant: Variant,
    hs: HandState,
    ms: MatchState,
    reason: str,
    seat: int | None,
    extra: dict[str, Any],
) -> None:
    """End the hand for `reason` (`seat` went out or knocked): score it, add up, close.

    `reason` REBUY is no new end: a seat put out decides, in phase `rebuy`, whether
    to buy back in (`extra["rebuy"]`); the hand is closed after the last decision.
    """
    if reason == REBUY:
        play_rebuy(variant, hs, ms, bool(extra["rebuy"]))
        return
    hs.phase = "over"
    result = score_hand(variant, hs, reason, seat, extra)
    hs.result = result
    add_scores(variant, hs, ms)
    close_hand(variant, hs, ms)

"""The buying state of a saved position: buys per seat and an open claim (stage: run, positions).

A position of a variant with `buy` may hold `buys` (discards bought per seat
this hand) and, in phase `claim`, `claim: {turn}` (the player in turn, who
plays on once the claim is settled). `claim_turn` checks them against the
rules and the rest of the position, each problem a `PositionError` located by
its key, and gives the seat in turn (None outside phase claim).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulespec.core.errors import PositionError
from rulespec.model.variant import Variant


def claim_turn(
    variant: Variant,
    phase: str,
    to_move: int,
    active: list[bool],
    discard: list[int],
    buys: list[int],
    pos: Mapping[str, Any],
) -> int | None:
    """The seat in turn of an open claim (None outside phase claim); PositionError when the
    buys break `buy.limit` or the claim does not fit the position."""
    limit = None if variant.buy is None else variant.buy.limit
    for seat, made in enumerate(buys):
        if made and variant.buy is None:
            raise PositionError(f"buys.{seat}: {variant.name} has no buying (buy: false)")
        if limit is not None and made > limit:
            raise PositionError(f"buys.{seat}: {made} buys, over the limit of {limit} (buy.limit)")
    claim = pos.get("claim")
    if phase != "claim":
        if claim is not None:
            raise PositionError(f"claim: a claim is open only in phase 'claim', not {phase!r}")
        return None
    if variant.buy is None:
        raise PositionError(f"phase: 'claim' is for buying, and {variant.name} has none (buy)")
    if not isinstance(claim, Mapping):
        raise PositionError("claim: phase 'claim' needs {turn: the seat in turn}")
    turn = claim.get("turn")
    players = len(active)
    if isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn < players:
        raise PositionError(f"claim.turn: expected a seat from 0 to {players - 1}, got {turn!r}")
    if turn == to_move or not active[turn]:
        raise PositionError(
            f"claim.turn: seat {turn} cannot be in turn while seat {to_move} (to_move) is"
            " asked to buy"
        )
    if not discard:
        raise PositionError("discard: empty, so there is nothing to buy in phase 'claim'")
    return turn

"""Position keys of the turn actions: who dropped, the live card on offer (stage: run, positions).

`dropped` (`play.drop`) and `live` (`draw.turned`) are read here from a raw
position, each checked against the variant and the rest of the position,
with a `PositionError` naming the key (docs/position.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulespec.core.errors import PositionError
from rulespec.model.variant import Variant

Seat = tuple[int, int, str]
"""(players, the seat to move, the phase) of the position being read."""


def read_dropped(variant: Variant, raw: Any, active: list[bool], seat: Seat) -> list[bool]:
    """`dropped`: one boolean per seat (absent: nobody dropped), only under `play.drop`;
    the seat to move has not dropped, and while the hand is on two seats at least play."""
    n, to_move, phase = seat
    if raw is None:
        return [False] * n
    if not isinstance(raw, list) or len(raw) != n or not all(isinstance(x, bool) for x in raw):
        raise PositionError(f"dropped: expected a list of {n} booleans, one per seat")
    if any(raw) and variant.play.drop == "never":
        raise PositionError("dropped: this variant has no dropping (play.drop: never)")
    for s, gone in enumerate(raw):
        if gone and not active[s]:
            raise PositionError(f"dropped.{s}: seat {s} has left the match")
    if phase not in ("over", "rebuy"):
        if raw[to_move]:
            raise PositionError(f"dropped.{to_move}: the seat to move (to_move) has dropped")
        if sum(1 for s in range(n) if active[s] and not raw[s]) < 2:
            raise PositionError("dropped: one seat is left in the hand, so the hand is over")
    return list(raw)


def read_live(variant: Variant, raw: Any, pile: bool, seat: Seat) -> tuple[int, bool, bool] | None:
    """`live`: the pile's top card on offer under `draw.turned` ({by, turned, forced})."""
    n, to_move, phase = seat
    if raw is None:
        return None
    if not variant.draw.turned:
        raise PositionError(
            "live: only a variant that turns the stock card up has one (draw.turned)"
        )
    if not isinstance(raw, Mapping):
        raise PositionError("live: expected {by: seat, turned: bool, forced: bool}")
    by = raw.get("by", to_move)
    if isinstance(by, bool) or not isinstance(by, int) or not 0 <= by < n:
        raise PositionError(f"live.by: expected a seat from 0 to {n - 1}, got {by!r}")
    turned, forced = raw.get("turned", True), raw.get("forced", False)
    if not isinstance(turned, bool) or not isinstance(forced, bool):
        raise PositionError("live: turned and forced are true or false")
    if not pile:
        raise PositionError("live: the pile is empty, so no card is on offer")
    if phase not in ("draw", "over", "rebuy"):
        raise PositionError(f"live: a card is on offer in phase draw, not {phase}")
    if forced and by == to_move:
        raise PositionError("live.forced: a card is forced on the next player, not on its own")
    return (by, turned, forced)

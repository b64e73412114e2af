"""Buying back in for the bots: whether a seat put out of the match says `rebuy` (bots layer).

Phase `rebuy` (`match.buy_back_by: choice`) offers `rebuy` and `pass`. The
greedy and smart bots buy back in when the total it brings is within reach
of winning: its room before the elimination bound (what it may still lose)
is at least `REACH` of the room of the leader (the best total still in).
A comeback that starts far behind the leader is declined. The random bot
picks either at random, like any legal move.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rulespec.core.moves import PASS, REBUY, Move
from rulespec.model.variant import Variant

REACH = 0.5
"""A rebuy is taken when its room to the bound is at least this share of the leader's."""


def wants_rebuy(observation: Mapping[str, Any], variant: Variant) -> bool:
    """Is the total a rebuy brings within reach of the leader (see the module's rule)?"""
    m = variant.match
    total = observation.get("rebuy_total")
    if total is None:
        return False
    totals: list[int] = list(observation["totals"])
    deciding = set(observation.get("rebuy") or [])
    teams = observation.get("teams")
    if teams is not None:  # partners of a deciding seat fall with it
        deciding |= {s for s in range(len(totals)) for d in list(deciding) if teams[s] == teams[d]}
    out = observation.get("out") or [False] * len(totals)
    left = [totals[s] for s in range(len(totals)) if not out[s] and s not in deciding]
    if not left:
        return False
    if m.eliminate_over is not None:
        room, best = m.eliminate_over - total, m.eliminate_over - min(left)
    else:
        bound = m.eliminate if m.eliminate is not None else 0
        room, best = total - bound, max(left) - bound
    return bool(room > 0 and room >= REACH * best)


def rebuy_choice(
    observation: Mapping[str, Any], legal_moves: Sequence[Move], variant: Variant
) -> Move:
    """`rebuy` when wanted and listed, else `pass` (else the first legal move)."""
    kind = REBUY if wants_rebuy(observation, variant) else PASS
    return next((m for m in legal_moves if m.kind == kind), legal_moves[0])

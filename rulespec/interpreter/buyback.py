"""Buying back in by choice: who decides, at what total, and the decision played (stage: run).

With `match.buy_back: K` and `match.buy_back_by: choice` (the default), a
seat put out of the match (`match.eliminate` / `match.eliminate_over`) with
buy-backs left, while two seats (teams) or more are still in, decides
between hands: `rebuy` (it comes back with the worst total still in, and one
buy-back is used) or `pass` (it stays out). The hand waits in phase `rebuy`
with `to_move` the deciding seat; several deciding seats are asked in turn
order from the dealer's left. With teams the first falling seat of a team
decides for its partners (their totals are the team's). match.py closes the
hand once the last seat has decided; `automatic` keeps the older behaviour:
every such seat comes straight back.
"""

from __future__ import annotations

from rulespec.interpreter.state import HandState, MatchState
from rulespec.interpreter.teams import partners
from rulespec.model.variant import Variant


def falls(variant: Variant, total: int) -> bool:
    """Does a total put a seat out of the match (at or below `eliminate`, at or over
    `eliminate_over`)?"""
    m = variant.match
    low = m.eliminate is not None and total <= m.eliminate
    return low or (m.eliminate_over is not None and total >= m.eliminate_over)


def deal_order(variant: Variant, hs: HandState, seats: list[int]) -> list[int]:
    """`seats` in turn order from the dealer's left (the dealer last)."""
    step = 1 if variant.rotation == "left" else -1
    ring = [(hs.dealer + step * k) % hs.players for k in range(1, hs.players + 1)]
    return [s for s in ring if s in seats]


def worst_total(variant: Variant, hs: HandState, ms: MatchState) -> int:
    """The total a seat buying back in comes back with: the worst among the seats still in
    that were not put out (the highest with `eliminate_over`, else the lowest)."""
    deciding = {p for s in hs.rebuy for p in partners(variant, s, hs.players)}
    left = [s for s in range(hs.players) if not ms.out[s] and s not in deciding]
    pick = max if variant.match.eliminate_over is not None else min
    return pick(ms.totals[s] for s in left)


def decide(variant: Variant, hs: HandState, ms: MatchState, rebuy: bool) -> None:
    """The seat to move (first of `hs.rebuy`) buys back in or passes, for its team;
    the next deciding seat is asked, if any (match.py closes the hand after the last)."""
    assert hs.result is not None
    lines: list[str] = hs.result["lines"]
    seat = hs.rebuy[0]
    team = [s for s in partners(variant, seat, hs.players) if not ms.out[s]]
    cap = variant.match.buy_back
    if rebuy:
        worst = worst_total(variant, hs, ms)
        for s in team:
            was, ms.totals[s] = ms.totals[s], worst
            ms.bought[s] += 1
            lines.append(
                f"seat {s} buys back in (buy-back {ms.bought[s]} of {cap}):"
                f" total {was} -> {worst}, the worst total still in"
            )
    else:
        for s in team:
            lines.append(f"seat {s} does not buy back in: out of the match (total {ms.totals[s]})")
            ms.out[s] = True
            hs.active[s] = False
    hs.history.append({"seat": seat, "move": "rebuy" if rebuy else "pass"})
    hs.rebuy = hs.rebuy[1:]
    if hs.rebuy:
        hs.to_move = hs.rebuy[0]

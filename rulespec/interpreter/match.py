"""Match end after each hand: elimination, rounds, target and tie, bonuses (pipeline stage: run).

Called once a hand's scores are in the totals. Decides whether the match is
over and who won, and then pays the bonuses (box per hand won, game bonus,
shutout multiplier), explaining each in the hand result's lines.
"""

from __future__ import annotations

from rulespec.interpreter.state import HandState, MatchState
from rulespec.model.variant import Variant


def close_hand(variant: Variant, hs: HandState, ms: MatchState) -> None:
    m = variant.match
    result = hs.result
    assert result is not None
    lines: list[str] = result["lines"]
    seats = [s for s in range(hs.players) if hs.active[s]]
    over = False
    last: list[int] = seats
    if m.eliminate is not None:
        out = [s for s in seats if ms.totals[s] <= m.eliminate]
        for s in out:
            lines.append(f"seat {s} is out of the match (total {ms.totals[s]} <= {m.eliminate})")
        left = [s for s in seats if s not in out]
        if len(left) <= 1:
            over = True
            last = left or seats
        for s in out:
            if left:
                hs.active[s] = False
    if m.rounds is not None:
        rounds = int(m.rounds({"players": hs.players}))
        if ms.hand_no >= rounds:
            over = True
    if variant.schedule and ms.hand_no >= len(variant.schedule):
        over = True  # the schedule's last deal has been played
        lines.append(f"the schedule's last deal ({len(variant.schedule)}) has been played")
    reached = False
    if m.target is not None and any(ms.totals[s] >= m.target for s in seats):
        over = reached = True
    if m.target is None and m.rounds is None and m.eliminate is None and not variant.schedule:
        over = True
    if not over:
        return
    best = max(ms.totals[s] for s in last)
    top = [s for s in last if ms.totals[s] == best]
    if len(top) > 1 and reached and m.tie == "play_on":
        lines.append(f"tie for the highest total ({best}): another hand is played")
        return
    winner = top[0] if len(top) == 1 else None
    ms.over = True
    ms.winner = winner
    b = m.bonus
    if b.box:
        for s in range(hs.players):
            if ms.hands_won[s]:
                ms.totals[s] += b.box * ms.hands_won[s]
                lines.append(f"seat {s}: box bonus {b.box} x {ms.hands_won[s]} hands won")
    if winner is not None:
        if b.game:
            ms.totals[winner] += b.game
            lines.append(f"seat {winner}: game bonus {b.game:+d}")
        if b.shutout != 1 and any(ms.hands_won[s] == 0 for s in range(hs.players) if s != winner):
            ms.totals[winner] *= b.shutout
            lines.append(f"seat {winner}: shutout, total x{b.shutout}")
    lines.append(
        "match over: "
        + (f"seat {winner} wins" if winner is not None else "a tie for the highest total")
        + " with totals "
        + ", ".join(str(t) for t in ms.totals)
    )
    result["match_over"] = True
    result["match_winner"] = winner

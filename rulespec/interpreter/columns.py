"""Score columns played at once (Hollywood): wins entered, columns closed (stage: run, match).

With `match.columns: C` a hand's scores go not into one total but into
columns: a seat's k-th win of the match (its hand score counted when it won
the hand) is entered in the open columns 1..k, so the first win in column 1,
the second in columns 1 and 2, the third and later in all of them; a closed
column takes nothing more. A column closes when a total in it reaches
`match.target`; its highest total wins it, with the column's own bonuses
(the game bonus, the box bonus per hand won entered in that column, the
shutout multiplier when another seat has no win entered in it). A seat's
match total is the sum of its column totals; the match ends when every
column is closed.
"""

from __future__ import annotations

from typing import Any

from rulespec.interpreter.state import MatchState
from rulespec.model.variant import Variant


def enter_hand(variant: Variant, ms: MatchState, result: dict[str, Any]) -> None:
    """Enter the hand's scores in the open columns (the winner's wins already counted)."""
    lines: list[str] = result["lines"]
    winner = result.get("winner")
    for s, score in enumerate(result["scores"]):
        if not score or ms.hands_won[s] == 0:
            continue
        entered = []
        for j, col in enumerate(ms.columns):
            if j < ms.hands_won[s] and not col.closed:
                col.totals[s] += score
                if s == winner:
                    col.wins[s] += 1
                entered.append(str(j + 1))
        if entered:
            lines.append(f"seat {s}: {score:+d} entered in column(s) {', '.join(entered)}")
    _close(variant, ms, lines)
    ms.totals = [sum(col.totals[s] for col in ms.columns) for s in range(len(ms.totals))]


def _close(variant: Variant, ms: MatchState, lines: list[str]) -> None:
    """Close every open column in which a total reached the target, paying its bonuses."""
    m = variant.match
    target = m.target
    if target is None:
        return
    pick = min if m.wins == "lowest" else max
    for j, col in enumerate(ms.columns):
        if col.closed or not any(t >= target for t in col.totals):
            continue
        col.closed = True
        best = pick(col.totals)
        top = [s for s, t in enumerate(col.totals) if t == best]
        col.winner = top[0] if len(top) == 1 else None
        name = f"column {j + 1}"
        lines.append(
            f"{name} closes: "
            + (f"seat {col.winner} wins it with {best}" if col.winner is not None else "a tie")
        )
        b = m.bonus
        if b.box:
            for s, won in enumerate(col.wins):
                if won:
                    col.totals[s] += b.box * won
                    lines.append(f"{name}: seat {s} box bonus {b.box} x {won} hands won")
        if col.winner is None:
            continue
        if b.game:
            col.totals[col.winner] += b.game
            lines.append(f"{name}: seat {col.winner} game bonus {b.game:+d}")
        others = [w for s, w in enumerate(col.wins) if s != col.winner and not ms.out[s]]
        if b.shutout != 1 and any(w == 0 for w in others):
            col.totals[col.winner] *= b.shutout
            lines.append(f"{name}: seat {col.winner} shutout, total x{b.shutout}")


def all_closed(ms: MatchState) -> bool:
    return bool(ms.columns) and all(col.closed for col in ms.columns)

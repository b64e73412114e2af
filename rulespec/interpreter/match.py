"""Match end after each hand: elimination, rounds, target and tie, bonuses (pipeline stage: run).

`add_scores` moves a hand's scores into the match: into each seat's total,
into its team's total (`match.teams`: every partner's total is the team's),
or into score columns (`match.columns`, columns.py). `close_hand` then
decides whether the match is over and who won, and pays the bonuses (box per
hand won, game bonus, shutout multiplier), explaining each in the hand
result's lines. Elimination works both ways: `match.eliminate` (a total at
or below N, for scores that fall) and `match.eliminate_over` (a total at or
over N, penalty points); an eliminated seat with `match.buy_back` left comes
back at once at the worst total still in, while two seats or more are still
in, or (`match.buy_back_by: choice`) the seat decides in phase `rebuy`
(buyback.py) before the match is closed. `match.wins: lowest` makes the
lowest total the winning one.
"""

from __future__ import annotations

from rulespec.interpreter import columns as C
from rulespec.interpreter.buyback import deal_order, decide, falls
from rulespec.interpreter.state import HandState, MatchState
from rulespec.interpreter.teams import add_to_team, one_per_team, team_of, team_scores
from rulespec.model.variant import Variant


def add_scores(variant: Variant, hs: HandState, ms: MatchState) -> None:
    """The finished hand's scores into the match: totals, team totals or columns."""
    result = hs.result
    assert result is not None
    if result["winner"] is not None:
        for s in _partners_of(variant, hs, result["winner"]):
            ms.hands_won[s] += 1
    if ms.columns:
        C.enter_hand(variant, ms, result)
        return
    if variant.match.teams is None:
        for s, v in enumerate(result["scores"]):
            ms.totals[s] += v
        return
    sums = team_scores(variant, result["scores"])
    result["team_scores"] = sums
    for s in range(hs.players):
        ms.totals[s] += sums[team_of(variant, s)]
    for t, v in enumerate(sums):
        seats = [s for s in range(hs.players) if team_of(variant, s) == t]
        result["lines"].append(
            f"team {t} (seats {', '.join(map(str, seats))}): {v:+d}, total {ms.totals[seats[0]]}"
        )


def _partners_of(variant: Variant, hs: HandState, seat: int) -> list[int]:
    if variant.match.teams is None:
        return [seat]
    return [s for s in range(hs.players) if team_of(variant, s) == team_of(variant, seat)]


def _eliminate(variant: Variant, hs: HandState, ms: MatchState, lines: list[str]) -> list[int]:
    """Seats whose totals put them out, after automatic buy-backs; returns the seats that
    decide whether to buy back in (`match.buy_back_by: choice`, buyback.py), in turn order."""
    m = variant.match
    seats = [s for s in range(hs.players) if not ms.out[s]]
    out = [s for s in seats if falls(variant, ms.totals[s])]
    left = [s for s in seats if s not in out]
    worst = max if m.eliminate_over is not None else min
    deciding: list[int] = []
    for s in out:
        if ms.bought[s] < m.buy_back and len(one_per_team(variant, left)) >= 2:
            if m.buy_back_by == "choice":
                deciding.append(s)
                continue
            was, ms.totals[s] = ms.totals[s], worst(ms.totals[o] for o in left)
            ms.bought[s] += 1
            lines.append(
                f"seat {s} buys back in (buy-back {ms.bought[s]} of {m.buy_back}):"
                f" total {was} -> {ms.totals[s]}, the worst total still in"
            )
            continue
        bound = (
            f"<= {m.eliminate}"
            if m.eliminate is not None and ms.totals[s] <= m.eliminate
            else (f">= {m.eliminate_over}")
        )
        lines.append(f"seat {s} is out of the match (total {ms.totals[s]} {bound})")
        if left:
            ms.out[s] = True
            hs.active[s] = False
    return one_per_team(variant, deal_order(variant, hs, deciding))


def close_hand(variant: Variant, hs: HandState, ms: MatchState) -> None:
    """After a hand is scored: eliminations, then (unless a seat is to decide whether to
    buy back in: phase `rebuy`) whether the match is over."""
    seats = [s for s in range(hs.players) if not ms.out[s]]
    m = variant.match
    if m.eliminate is not None or m.eliminate_over is not None:
        assert hs.result is not None
        deciding = _eliminate(variant, hs, ms, hs.result["lines"])
        if deciding:
            hs.phase, hs.rebuy, hs.to_move = "rebuy", deciding, deciding[0]
            hs.result["lines"].append(
                "may buy back in (rebuy) or stay out (pass): seat "
                + ", seat ".join(map(str, deciding))
            )
            return
    _close_match(variant, hs, ms, seats)


def play_rebuy(variant: Variant, hs: HandState, ms: MatchState, rebuy: bool) -> None:
    """A seat's `rebuy` or `pass` in phase `rebuy`; after the last one the hand closes.

    The hand's result is copied before it grows: a position or observation taken
    earlier holds the old one, never sees it change."""
    assert hs.result is not None
    hs.result = {**hs.result, "lines": list(hs.result["lines"])}
    decide(variant, hs, ms, rebuy)
    if not hs.rebuy:
        hs.phase = "over"
        winner = hs.result.get("winner")
        if winner is not None and hs.active[winner]:
            hs.to_move = winner  # as the hand ended (a seat that passed is no longer in)
        elif not hs.active[hs.to_move]:
            hs.to_move = next(s for s in range(hs.players) if hs.active[s])
        _close_match(variant, hs, ms, [s for s in range(hs.players) if not ms.out[s]])


def _close_match(variant: Variant, hs: HandState, ms: MatchState, seats: list[int]) -> None:
    """Whether the match is over after the hand (`seats`: those in it before the hand's
    eliminations), who won it, and its bonuses."""
    m = variant.match
    result = hs.result
    assert result is not None
    lines: list[str] = result["lines"]
    over = False
    last: list[int] = seats
    if m.eliminate is not None or m.eliminate_over is not None:
        left = [s for s in seats if not ms.out[s]]
        if len(one_per_team(variant, left)) <= 1:
            over = True
            last = left or seats
    if m.rounds is not None:
        rounds = int(m.rounds({"players": hs.players}))
        if ms.hand_no >= rounds:
            over = True
    if variant.schedule and ms.hand_no >= len(variant.schedule):
        over = True  # the schedule's last deal has been played
        lines.append(f"the schedule's last deal ({len(variant.schedule)}) has been played")
    reached = False
    if ms.columns:
        over = over or C.all_closed(ms)
    elif m.target is not None and any(ms.totals[s] >= m.target for s in seats):
        over = reached = True
    if (
        m.target is None
        and m.rounds is None
        and m.eliminate is None
        and m.eliminate_over is None
        and not variant.schedule
    ):
        over = True
    if not over:
        return
    pick = min if m.wins == "lowest" else max
    last = one_per_team(variant, last)
    best = pick(ms.totals[s] for s in last)
    top = [s for s in last if ms.totals[s] == best]
    if len(top) > 1 and reached and m.tie == "play_on":
        lines.append(f"tie for the {m.wins} total ({best}): another hand is played")
        return
    winner = top[0] if len(top) == 1 else None
    ms.over = True
    ms.winner = winner
    if not ms.columns:
        _bonuses(variant, hs, ms, winner, lines)
    lines.append(
        "match over: "
        + (f"seat {winner} wins" if winner is not None else f"a tie for the {m.wins} total")
        + (f" (team {team_of(variant, winner)})" if m.teams and winner is not None else "")
        + " with totals "
        + ", ".join(str(t) for t in ms.totals)
    )
    result["match_over"] = True
    result["match_winner"] = winner


def _bonuses(
    variant: Variant, hs: HandState, ms: MatchState, winner: int | None, lines: list[str]
) -> None:
    """The match's box, game and shutout bonuses (per team with teams: once per team)."""
    b = variant.match.bonus
    reps = one_per_team(variant, list(range(hs.players)))
    if b.box:
        for s in reps:
            if ms.hands_won[s]:
                add_to_team(variant, ms.totals, s, b.box * ms.hands_won[s])
                lines.append(f"seat {s}: box bonus {b.box} x {ms.hands_won[s]} hands won")
    if winner is not None:
        if b.game:
            add_to_team(variant, ms.totals, winner, b.game)
            lines.append(f"seat {winner}: game bonus {b.game:+d}")
        rivals = [s for s in reps if team_of(variant, s) != team_of(variant, winner)]
        if b.shutout != 1 and any(ms.hands_won[s] == 0 for s in rivals):
            add_to_team(variant, ms.totals, winner, ms.totals[winner] * (b.shutout - 1))
            lines.append(f"seat {winner}: shutout, total x{b.shutout}")

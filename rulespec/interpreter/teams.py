"""Partnerships: which team a seat is on and the totals a team shares (interpreter, match).

With `match.teams: N` seat s is on team s mod N, so with 4 seats and 2 teams
the partners sit opposite (0 and 2 against 1 and 3). Every seat's total is
its team's total (a hand's scores are summed per team and added to every
partner), so the match's target, elimination and winner work on teams as
they work on seats. Without teams every seat is a team of one.
"""

from __future__ import annotations

from rulespec.model.variant import Variant


def team_of(variant: Variant, seat: int) -> int:
    """The team of a seat (the seat itself when the variant has no teams)."""
    teams = variant.match.teams
    return seat if teams is None else seat % teams


def partners(variant: Variant, seat: int, players: int) -> list[int]:
    """Every seat on `seat`'s team, itself included, in seat order."""
    team = team_of(variant, seat)
    return [s for s in range(players) if team_of(variant, s) == team]


def team_scores(variant: Variant, scores: list[int]) -> list[int]:
    """A hand's scores summed per team, indexed by team (by seat without teams)."""
    n = len(scores)
    count = n if variant.match.teams is None else min(variant.match.teams, n)
    out = [0] * count
    for s, v in enumerate(scores):
        out[team_of(variant, s)] += v
    return out


def add_to_team(variant: Variant, totals: list[int], seat: int, amount: int) -> None:
    """Add `amount` to the total of `seat`'s team: to every partner's total alike."""
    for s in partners(variant, seat, len(totals)):
        totals[s] += amount


def one_per_team(variant: Variant, seats: list[int]) -> list[int]:
    """The first of `seats` of each team (the seat that stands for its team in a ranking)."""
    seen: set[int] = set()
    out = []
    for s in seats:
        team = team_of(variant, s)
        if team not in seen:
            seen.add(team)
            out.append(s)
    return out

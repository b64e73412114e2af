"""The match table in a position: who is out, buy-backs, score columns, team totals (stage: run).

The keys a saved position (docs/position.md) gains for the match structures
of `match.*`: `out` (seats that left the match), `bought` (buy-backs used per
seat), `rebuy` (phase rebuy: the seats yet to decide whether to buy back
in, the seat to move first) and `columns` (`match.columns`: per column its
totals, the wins entered in it, whether it is closed and who won it). Each is optional; read back, a
malformed or impossible one raises a `PositionError` naming its JSON path,
as do team totals that differ between partners, a seat that is out and still
dealt in, and columns that do not match the rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulespec.core.errors import PositionError
from rulespec.interpreter.buyback import falls
from rulespec.interpreter.state import Column, HandState, MatchState
from rulespec.interpreter.teams import one_per_team, partners
from rulespec.model.variant import Variant

LIMIT = 10**9


def column_json(col: Column) -> dict[str, Any]:
    """A score column as a position and an observation show it."""
    return {
        "totals": list(col.totals),
        "wins": list(col.wins),
        "closed": col.closed,
        "winner": col.winner,
    }


def match_position(variant: Variant, ms: MatchState, hs: HandState) -> dict[str, Any]:
    """The match-table keys of a position (only those the rules or the match use)."""
    pos: dict[str, Any] = {}
    if hs.rebuy:
        pos["rebuy"] = list(hs.rebuy)
    if any(ms.out):
        pos["out"] = list(ms.out)
    if variant.match.buy_back:
        pos["bought"] = list(ms.bought)
    if ms.columns:
        pos["columns"] = [column_json(c) for c in ms.columns]
    return pos


def _seat_ints(raw: Any, key: str, n: int, low: int, high: int) -> list[int]:
    if not isinstance(raw, list) or len(raw) != n:
        raise PositionError(f"{key}: expected a list of {n} values, one per seat")
    for i, v in enumerate(raw):
        if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
            raise PositionError(f"{key}.{i}: expected an integer from {low} to {high}, got {v!r}")
    return list(raw)


def _seat_bools(raw: Any, key: str, n: int) -> list[bool]:
    if not isinstance(raw, list) or len(raw) != n:
        raise PositionError(f"{key}: expected a list of {n} booleans, one per seat")
    for i, v in enumerate(raw):
        if not isinstance(v, bool):
            raise PositionError(f"{key}.{i}: expected true or false, got {v!r}")
    return list(raw)


def _column(raw: Any, key: str, n: int) -> Column:
    if not isinstance(raw, Mapping):
        raise PositionError(f"{key}: expected {{totals, wins, closed, winner}}")
    col = Column(
        _seat_ints(raw.get("totals"), f"{key}.totals", n, -LIMIT, LIMIT),
        _seat_ints(raw.get("wins", [0] * n), f"{key}.wins", n, 0, LIMIT),
        _seat_bools([raw.get("closed", False)], f"{key}.closed", 1)[0],
    )
    winner = raw.get("winner")
    if winner is not None:
        if isinstance(winner, bool) or not isinstance(winner, int) or not 0 <= winner < n:
            raise PositionError(f"{key}.winner: expected a seat from 0 to {n - 1} or null")
        if not col.closed:
            raise PositionError(f"{key}.winner: an open column has no winner yet")
        col.winner = winner
    return col


def read_match_table(
    variant: Variant, pos: Mapping[str, Any], hs: HandState, ms: MatchState
) -> None:
    """Fill `ms` from the position's match-table keys; PositionError, located, when wrong."""
    n = hs.players
    if pos.get("out") is not None:
        ms.out = _seat_bools(pos["out"], "out", n)
        for s in range(n):
            if ms.out[s] and hs.active[s] and any(hs.active[o] for o in range(n) if o != s):
                raise PositionError(f"out.{s}: seat {s} has left the match but is dealt in")
    elif variant.match.playing is None:
        ms.out = [not a for a in hs.active]  # saves before `out`: inactive seats had left
    else:
        ms.out = [False] * n
    if variant.match.playing is not None and hs.phase not in ("over", "rebuy"):
        for s in range(n):
            if not hs.active[s] and hs.hands[s]:
                raise PositionError(
                    f"hands.{s}: seat {s} sits this hand out (active: false) but holds cards"
                )
    cap = variant.match.buy_back
    ms.bought = (
        [0] * n if pos.get("bought") is None else _seat_ints(pos["bought"], "bought", n, 0, cap)
    )
    hs.rebuy = _rebuy(variant, pos.get("rebuy"), hs, ms)
    columns = variant.match.columns
    raw = pos.get("columns")
    if raw is None:
        ms.columns = []
    elif not columns:
        raise PositionError("columns: this variant keeps no score columns (match.columns)")
    elif not isinstance(raw, list) or len(raw) != columns:
        raise PositionError(f"columns: expected a list of {columns} columns (match.columns)")
    else:
        ms.columns = [_column(c, f"columns.{j}", n) for j, c in enumerate(raw)]
    ms.fill_defaults(n, columns)
    if variant.match.teams is not None:
        for s in range(n):
            first = partners(variant, s, n)[0]
            if ms.totals[s] != ms.totals[first]:
                raise PositionError(
                    f"totals.{s}: seat {s} plays with seat {first} (match.teams), so their"
                    f" totals are the team's and equal; got {ms.totals[s]} and {ms.totals[first]}"
                )


def _rebuy(variant: Variant, raw: Any, hs: HandState, ms: MatchState) -> list[int]:
    """`rebuy`: in phase rebuy, the seats yet to decide whether to buy back in, in order."""
    m = variant.match
    if hs.phase != "rebuy":
        if raw:
            raise PositionError(
                "rebuy: only a position in phase rebuy has seats deciding whether to buy back in"
            )
        return []
    if not m.buy_back or m.buy_back_by != "choice":
        raise PositionError(
            "phase: phase rebuy needs buying back in by choice (match.buy_back, buy back by choice)"
        )
    n = hs.players
    if not isinstance(raw, list) or not raw:
        raise PositionError("rebuy: expected a list of the seats deciding, the seat to move first")
    seats = _seat_ints(raw, "rebuy", len(raw), 0, n - 1)
    for i, s in enumerate(seats):
        if ms.out[s] or not falls(variant, ms.totals[s]) or ms.bought[s] >= m.buy_back:
            raise PositionError(
                f"rebuy.{i}: seat {s} may not buy back in: it must be put out by its total"
                f" ({ms.totals[s]}), still in the match, with a buy-back left"
                f" ({ms.bought[s]} of {m.buy_back} used)"
            )
        if s in seats[:i]:
            raise PositionError(f"rebuy.{i}: seat {s} is listed twice")
    deciding = {p for s in seats for p in partners(variant, s, n)}
    left = [s for s in range(n) if not ms.out[s] and s not in deciding]
    if len(one_per_team(variant, left)) < 2:
        raise PositionError("rebuy: a seat buys back in only while two seats or more are still in")
    if hs.to_move != seats[0]:
        raise PositionError(
            f"to_move: in phase rebuy the first deciding seat (rebuy.0, seat {seats[0]}) moves,"
            f" not seat {hs.to_move}"
        )
    return seats

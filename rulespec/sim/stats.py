"""Statistics for simulation reports: Wilson intervals, percentages, means, medians (stage: sim).

Pure functions over plain numbers, so the runner's numbers are reproducible and
testable on their own.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for a proportion; (0, 0) with no trials."""
    if trials <= 0:
        return (0.0, 0.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


Number = float | int
"""A statistic: a float, or an exact int where the value is too large for a float
(card values are unbounded integers in the language; a 300-digit score still averages)."""


def _quotient(total: Number, count: int) -> Number:
    """``total / count`` as a float, or the nearest int when it is too large for one."""
    try:
        return total / count
    except OverflowError:
        whole, rest = divmod(int(total), count)
        return whole + (1 if 2 * rest >= count else 0)


def _plain(value: Number) -> Number:
    """A value as a float when it fits in one, else the int itself."""
    try:
        return float(value)
    except OverflowError:
        return value


def mean(values: Sequence[Number]) -> Number:
    return _quotient(sum(values), len(values)) if values else 0.0


def median(values: Sequence[Number]) -> Number:
    if not values:
        return 0.0
    ordered = sorted(values)
    mid = len(ordered) // 2
    if len(ordered) % 2:
        return _plain(ordered[mid])
    return _quotient(ordered[mid - 1] + ordered[mid], 2)


def stdev(values: Sequence[Number]) -> Number:
    if len(values) < 2:
        return 0.0
    try:
        m = float(mean(values))
        return math.sqrt(sum((float(v) - m) ** 2 for v in values) / (len(values) - 1))
    except OverflowError:  # integers beyond floats: the exact integer square root
        centre = int(mean(values))
        return math.isqrt(sum((int(v) - centre) ** 2 for v in values) // (len(values) - 1))


def percentages(items: Iterable[str]) -> dict[str, float]:
    """Share of each distinct item in percent, keys sorted, rounded to 2 decimals."""
    counts = Counter(items)
    total = sum(counts.values())
    if not total:
        return {}
    return {key: round(100.0 * counts[key] / total, 2) for key in sorted(counts)}


def rate(successes: int, trials: int) -> dict[str, float]:
    """A proportion with its 95% Wilson interval, rounded (JSON-friendly)."""
    low, high = wilson(successes, trials)
    share = successes / trials if trials else 0.0
    return {"rate": round(share, 4), "low": round(low, 4), "high": round(high, 4), "n": trials}


STOCK_REASONS = ("stock", "void")
ABANDONED = "abandoned"
SHOWN_ABANDONED = 10  # indices of abandoned hands listed in the report (to re-run them)


def is_abandoned(record: Any) -> bool:
    """Did this record (a hand, or a match) have a hand abandoned at the turn cap?"""
    reasons = (record.reason, *getattr(record, "hand_reasons", ()))
    return ABANDONED in reasons


def _spread(values: Sequence[Number]) -> dict[str, Any]:
    return {"mean": round(mean(values), 3), "median": median(values), "max": max(values, default=0)}


def summarise(records: Sequence[Any], players: int, matches: bool = False) -> dict[str, Any]:
    """The report of a run (no timing): hand length, endings, win rates with CIs, scores.

    ``records`` are ``runner.HandRecord``s (duck-typed: index, reason, winner, scores,
    turns, moves, bots, hands, match_winner, totals, hand_turns, hand_reasons).
    A hand the engine abandoned at its turn cap (or a match with such a hand) is
    counted under ``abandoned`` and kept out of every other figure: its length and
    zero scores would only measure the cap. ``turns``, ``moves``, ``reasons`` and
    ``stock_exhaustion`` are per hand (with ``matches``, over every hand of every
    match); win rates, scores and totals are per record (hand, or match).
    """
    n = len(records)
    dropped = [r.index for r in records if is_abandoned(r)]
    kept = [r for r in records if not is_abandoned(r)]
    k = len(kept)
    if matches:
        turns = [t for r in kept for t in (r.hand_turns or (r.turns,))]
        reasons = [x for r in kept for x in (r.hand_reasons or (r.reason,))]
        moves: dict[str, Any] = {
            "mean": round(_quotient(sum(r.moves for r in kept), len(turns) or 1), 3)
        }
    else:
        turns = [r.turns for r in kept]
        reasons = [r.reason for r in kept]
        moves = {
            "mean": round(mean([r.moves for r in kept]), 3),
            "median": median([r.moves for r in kept]),
        }
    winners = [r.match_winner if matches else r.winner for r in kept]
    out: dict[str, Any] = {
        "count": n,
        "counted": k,
        "abandoned": {
            **rate(len(dropped), n),
            "count": len(dropped),
            "first": dropped[:SHOWN_ABANDONED],
        },
        "turns": _spread(turns),
        "moves": moves,
        "reasons": percentages(reasons),
        "win_rate_by_seat": [rate(sum(w == s for w in winners), k) for s in range(players)],
        "no_winner": rate(sum(w is None for w in winners), k),
        "stock_exhaustion": rate(sum(x in STOCK_REASONS for x in reasons), len(reasons)),
    }
    seat_key = "mean_total_by_seat" if matches else "mean_score_by_seat"
    out[seat_key] = [
        round(mean([_seat(r.totals if matches else r.scores, s) for r in kept]), 3)
        for s in range(players)
    ]
    seats_by_bot: Counter[str] = Counter()
    wins_by_bot: Counter[str] = Counter()
    for r, w in zip(kept, winners, strict=True):
        for seat, name in enumerate(r.bots):
            seats_by_bot[name] += 1
            if w == seat:
                wins_by_bot[name] += 1
    out["win_rate_by_bot"] = {
        b: rate(wins_by_bot[b], seats_by_bot[b]) for b in sorted(seats_by_bot)
    }
    if matches:
        out["match_hands"] = _spread([r.hands for r in kept])
        out["match_turns"] = _spread([r.turns for r in kept])
    return out


def _seat(values: Sequence[int], seat: int) -> int:
    return values[seat] if seat < len(values) else 0

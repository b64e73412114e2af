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


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def median(values: Sequence[float]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    mid = len(ordered) // 2
    if len(ordered) % 2:
        return float(ordered[mid])
    return (ordered[mid - 1] + ordered[mid]) / 2


def stdev(values: Sequence[float]) -> float:
    if len(values) < 2:
        return 0.0
    m = mean(values)
    return math.sqrt(sum((v - m) ** 2 for v in values) / (len(values) - 1))


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


def summarise(records: Sequence[Any], players: int, matches: bool = False) -> dict[str, Any]:
    """The report of a run (no timing): hand length, endings, win rates with CIs, scores.

    ``records`` are ``runner.HandRecord``s (duck-typed: index, reason, winner, scores,
    turns, moves, bots, hands, match_winner, totals).
    """
    n = len(records)
    turns = [r.turns for r in records]
    moves = [r.moves for r in records]
    winners = [r.match_winner if matches else r.winner for r in records]
    out: dict[str, Any] = {
        "count": n,
        "turns": {
            "mean": round(mean(turns), 3),
            "median": median(turns),
            "max": max(turns, default=0),
        },
        "moves": {"mean": round(mean(moves), 3), "median": median(moves)},
        "reasons": percentages(r.reason for r in records),
        "win_rate_by_seat": [rate(sum(w == s for w in winners), n) for s in range(players)],
        "no_winner": rate(sum(w is None for w in winners), n),
        "mean_score_by_seat": [
            round(mean([r.scores[s] if s < len(r.scores) else 0 for r in records]), 3)
            for s in range(players)
        ],
        "stock_exhaustion": rate(sum(r.reason in STOCK_REASONS for r in records), n),
    }
    seats_by_bot: Counter[str] = Counter()
    wins_by_bot: Counter[str] = Counter()
    for r, w in zip(records, winners, strict=True):
        for seat, name in enumerate(r.bots):
            seats_by_bot[name] += 1
            if w == seat:
                wins_by_bot[name] += 1
    out["win_rate_by_bot"] = {
        b: rate(wins_by_bot[b], seats_by_bot[b]) for b in sorted(seats_by_bot)
    }
    if matches:
        lengths = [r.hands for r in records]
        out["match_hands"] = {
            "mean": round(mean(lengths), 3),
            "median": median(lengths),
            "max": max(lengths, default=0),
        }
    return out

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


def quotient(total: Number, count: int) -> Number:
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
    return quotient(sum(values), len(values)) if values else 0.0


def median(values: Sequence[Number]) -> Number:
    if not values:
        return 0.0
    ordered = sorted(values)
    mid = len(ordered) // 2
    if len(ordered) % 2:
        return _plain(ordered[mid])
    return quotient(ordered[mid - 1] + ordered[mid], 2)


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


def is_abandoned(record: Any) -> bool:
    """Did this record (a hand, or a match) have a hand abandoned at the turn cap?"""
    reasons = (record.reason, *getattr(record, "hand_reasons", ()))
    return ABANDONED in reasons

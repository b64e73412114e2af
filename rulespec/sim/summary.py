"""The report of a run, gathered record by record (stage: sim, over sim/stats).

``RunSummary`` takes a run's records one at a time (``add``) and keeps only
counts and sums: how often each hand length, move count and ending occurred,
the wins by seat and by bot, the score sums by seat. So a long run
(``rulespec simulate -n 1000000``) reports from memory that does not grow with
its length, where a list of records would. ``summarise`` is the same report of
a list of records (``rulespec merge``, tests). Every figure is exact: means are
integer sums over counts, medians are read off the counts, so the report is the
same whichever way the records arrive.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from rulespec.sim.stats import STOCK_REASONS, Number, is_abandoned, percentages, quotient, rate

SHOWN_ABANDONED = 10  # indices of abandoned hands listed in the report (to re-run them)


def counted_median(counts: Counter[int]) -> Number:
    """The median of the values ``counts`` holds (value -> how often), as ``stats.median``
    reads it off the sorted list: the middle value, or the mean of the two middle ones."""
    total = sum(counts.values())
    if not total:
        return 0.0
    wanted = (total - 1) // 2, total // 2  # the middle positions (one when the count is odd)
    found: list[int] = []
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        while len(found) < 2 and wanted[len(found)] < seen:
            found.append(value)
        if len(found) == 2:
            break
    if total % 2:
        return quotient(found[0], 1)
    return quotient(found[0] + found[1], 2)


def _spread(counts: Counter[int]) -> dict[str, Any]:
    """Mean (to 3 places), median and max of the counted values (0 for none)."""
    n = sum(counts.values())
    total = sum(value * k for value, k in counts.items())
    mean = quotient(total, n) if n else 0.0
    return {"mean": round(mean, 3), "median": counted_median(counts), "max": max(counts, default=0)}


class RunSummary:
    """The running tallies of one run's records (hands, or matches with ``matches``)."""

    def __init__(self, players: int, matches: bool = False) -> None:
        self.players, self.matches = players, matches
        self.count = 0
        self.dropped: list[int] = []  # the first abandoned records' indices
        self.dropped_count = 0
        self.turns: Counter[int] = Counter()  # per hand, over every hand of every match
        self.moves: Counter[int] = Counter()  # per hand (per match with ``matches``)
        self.moves_sum = 0
        self.reasons: Counter[str] = Counter()
        self.wins: Counter[int | None] = Counter()  # winner (or match winner) -> records
        self.score_sums = [0] * players
        self.seats_by_bot: Counter[str] = Counter()
        self.wins_by_bot: Counter[str] = Counter()
        self.match_hands: Counter[int] = Counter()
        self.match_turns: Counter[int] = Counter()

    def add(self, record: Any) -> None:
        """Count one ``runner.HandRecord`` (duck-typed: see ``summarise``)."""
        self.count += 1
        if is_abandoned(record):
            self.dropped_count += 1
            if len(self.dropped) < SHOWN_ABANDONED:
                self.dropped.append(record.index)
            return
        matches = self.matches
        if matches:
            self.turns.update(record.hand_turns or (record.turns,))
            self.reasons.update(record.hand_reasons or (record.reason,))
            self.match_hands[record.hands] += 1
            self.match_turns[record.turns] += 1
        else:
            self.turns[record.turns] += 1
            self.reasons[record.reason] += 1
            self.moves[record.moves] += 1
        self.moves_sum += record.moves
        winner = record.match_winner if matches else record.winner
        self.wins[winner] += 1
        values = record.totals if matches else record.scores
        for seat in range(min(self.players, len(values))):
            self.score_sums[seat] += values[seat]
        for seat, name in enumerate(record.bots):
            self.seats_by_bot[name] += 1
            if winner == seat:
                self.wins_by_bot[name] += 1

    def report(self) -> dict[str, Any]:
        """The report (no timing): see ``summarise``."""
        n, k = self.count, self.count - self.dropped_count
        hands = sum(self.turns.values())
        if self.matches:
            moves: dict[str, Any] = {"mean": round(quotient(self.moves_sum, hands or 1), 3)}
        else:
            mean_moves = quotient(self.moves_sum, k) if k else 0.0
            moves = {"mean": round(mean_moves, 3), "median": counted_median(self.moves)}
        stock = sum(self.reasons[x] for x in STOCK_REASONS)
        out: dict[str, Any] = {
            "count": n,
            "counted": k,
            "abandoned": {
                **rate(self.dropped_count, n),
                "count": self.dropped_count,
                "first": list(self.dropped),
            },
            "turns": _spread(self.turns),
            "moves": moves,
            "reasons": percentages(self.reasons),  # (a Counter counts as its counts)
            "win_rate_by_seat": [rate(self.wins[s], k) for s in range(self.players)],
            "no_winner": rate(self.wins[None], k),
            "stock_exhaustion": rate(stock, sum(self.reasons.values())),
        }
        seat_key = "mean_total_by_seat" if self.matches else "mean_score_by_seat"
        out[seat_key] = [round(quotient(s, k) if k else 0.0, 3) for s in self.score_sums]
        out["win_rate_by_bot"] = {
            b: rate(self.wins_by_bot[b], self.seats_by_bot[b]) for b in sorted(self.seats_by_bot)
        }
        if self.matches:
            out["match_hands"] = _spread(self.match_hands)
            out["match_turns"] = _spread(self.match_turns)
        return out


def summarise(records: Iterable[Any], players: int, matches: bool = False) -> dict[str, Any]:
    """The report of a run (no timing): hand length, endings, win rates with CIs, scores.

    ``records`` are ``runner.HandRecord``s (duck-typed: index, reason, winner, scores,
    turns, moves, bots, hands, match_winner, totals, hand_turns, hand_reasons).
    A hand the engine abandoned at its turn cap (or a match with such a hand) is
    counted under ``abandoned`` and kept out of every other figure: its length and
    zero scores would only measure the cap. ``turns``, ``moves``, ``reasons`` and
    ``stock_exhaustion`` are per hand (with ``matches``, over every hand of every
    match); win rates, scores and totals are per record (hand, or match).
    """
    summary = RunSummary(players, matches)
    for record in records:
        summary.add(record)
    return summary.report()

"""`simulate`'s report gathered record by record (sim/summary.py) equals the same report
computed plainly from the list of records (the implementation it replaced, kept here as the
reference), on random runs of hands and of matches with abandoned records and huge scores;
and a run with no chart or part file keeps no records."""

from __future__ import annotations

import argparse
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from rulespec.cli import cmd_simulate
from rulespec.sim import runner
from rulespec.sim.stats import (
    STOCK_REASONS,
    is_abandoned,
    mean,
    median,
    percentages,
    quotient,
    rate,
)
from rulespec.sim.summary import counted_median, summarise

SHOWN_ABANDONED = 10


def _ref_seat(values: Sequence[int], seat: int) -> int:
    return values[seat] if seat < len(values) else 0


def _ref_spread(values: Sequence[int]) -> dict[str, Any]:
    return {"mean": round(mean(values), 3), "median": median(values), "max": max(values, default=0)}


def _reference_summary(
    records: Sequence[Any], players: int, matches: bool = False
) -> dict[str, Any]:
    """The list-based summary sim/summary.py replaced (stats.summarise until session 9)."""
    n = len(records)
    dropped = [r.index for r in records if is_abandoned(r)]
    kept = [r for r in records if not is_abandoned(r)]
    k = len(kept)
    if matches:
        turns = [t for r in kept for t in (r.hand_turns or (r.turns,))]
        reasons = [x for r in kept for x in (r.hand_reasons or (r.reason,))]
        moves: dict[str, Any] = {
            "mean": round(quotient(sum(r.moves for r in kept), len(turns) or 1), 3)
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
        "turns": _ref_spread(turns),
        "moves": moves,
        "reasons": percentages(reasons),
        "win_rate_by_seat": [rate(sum(w == s for w in winners), k) for s in range(players)],
        "no_winner": rate(sum(w is None for w in winners), k),
        "stock_exhaustion": rate(sum(x in STOCK_REASONS for x in reasons), len(reasons)),
    }
    seat_key = "mean_total_by_seat" if matches else "mean_score_by_seat"
    out[seat_key] = [
        round(mean([_ref_seat(r.totals if matches else r.scores, s) for r in kept]), 3)
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
        out["match_hands"] = _ref_spread([r.hands for r in kept])
        out["match_turns"] = _ref_spread([r.turns for r in kept])
    return out


REASONS = ("out", "gin", "stock", "void", "abandoned", "knock")
BOTS = ("smart", "greedy", "random")


def _random_records(rng: random.Random, n: int, players: int, matches: bool) -> list[Any]:
    big = 10**400 if rng.random() < 0.3 else 1
    out = []
    for i in range(n):
        hands = rng.randint(1, 4)
        hand_turns = tuple(rng.randint(1, 40) for _ in range(hands)) if matches else ()
        hand_reasons = tuple(rng.choice(REASONS) for _ in range(hands)) if matches else ()
        scores = tuple(rng.randint(-60, 60) * big for _ in range(rng.randint(players - 1, players)))
        winner = rng.choice([None, *range(players)])
        out.append(
            runner.HandRecord(
                i,
                rng.choice(REASONS),
                winner,
                scores,
                rng.randint(1, 60),
                rng.randint(1, 150),
                tuple(rng.choice(BOTS) for _ in range(players)),
                hands,
                rng.choice([None, *range(players)]) if matches else None,
                scores if matches else (),
                hand_turns,
                hand_reasons,
            )
        )
    return out


@pytest.mark.parametrize("matches", [False, True])
def test_running_summary_equals_the_plain_summary(matches: bool) -> None:
    rng = random.Random(7)
    for trial in range(60):
        players = rng.randint(2, 4)
        records = _random_records(rng, rng.randint(0, 40), players, matches)
        assert summarise(records, players, matches) == _reference_summary(
            records, players, matches
        ), trial


def test_counted_median_reads_the_sorted_middle() -> None:
    rng = random.Random(3)
    for _ in range(200):
        values = [rng.randint(-5, 30) for _ in range(rng.randint(0, 25))]
        assert counted_median(Counter(values)) == median(values)


def test_a_run_with_no_chart_or_part_keeps_no_records() -> None:
    args = argparse.Namespace(
        seed=3,
        matches=False,
        rotate_bots=False,
        plot=None,
        out=None,
        hands=12,
        jobs=1,
        executor="local",
        address=None,
        shard=None,
    )
    variant = runner.load("gin")
    kept, report, _ = cmd_simulate._run_one("gin", args, 2, ("random",), False, variant)
    assert kept is None
    plain = runner.simulate(runner.Job("gin", 2, ("random",), 3), 12, 1)
    assert report == summarise(plain, 2)
    args.plot = "chart.png"  # a chart draws from the records: they are kept
    kept, again, _ = cmd_simulate._run_one("gin", args, 2, ("random",), False, variant)
    assert kept == plain and again == report

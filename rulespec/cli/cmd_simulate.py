"""`rulespec simulate`: bots play many seeded hands, numbers reported (stage: cli over sim).

Table (rich; plain when piped) or JSON. The JSON keeps every timing figure and
the job count under one key, ``timing``; everything else is identical for the
same seed whatever ``--jobs`` is (each hand is seeded from (seed, index)).
``--jobs`` defaults to the cores this process may use (never more than the run has
chunks of work) and is capped at them unless ``--force-jobs``;
``--compare`` plays the second variant on the same seeds, at the same player
count when it allows it, else at its own (the report says which).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rulespec.cli import sim_scale
from rulespec.cli.common import UsageError, resolve_target
from rulespec.interpreter.game import players_range
from rulespec.model.variant import Variant
from rulespec.sim import runner
from rulespec.sim.summary import RunSummary


def add_parser(subparsers: Any) -> None:
    p = subparsers.add_parser("simulate", help="bots play many hands; report the statistics")
    p.add_argument("variant", metavar="NAME|FILE", help="a bundled variant or a rule file")
    p.add_argument("-n", "--hands", type=int, default=1000, help="hands (or matches) to play")
    p.add_argument("--players", type=int, default=None, help="player count (default: the minimum)")
    p.add_argument("--bots", default="smart", help="bots by seat, comma-separated, cycled")
    p.add_argument("--seed", type=int, default=1, help="run seed (default 1)")
    p.add_argument(
        "--jobs",
        type=int,
        default=None,
        help="processes, this one included (default: all the cores)",
    )
    p.add_argument(
        "--force-jobs", action="store_true", help="use --jobs as given, even beyond the cores"
    )
    p.add_argument("--matches", action="store_true", help="play whole matches instead of hands")
    p.add_argument("--rotate-bots", action="store_true", help="rotate the bots round the seats")
    p.add_argument("--format", choices=("table", "json"), default="table")
    p.add_argument("--plot", metavar="FILE.png", help="write charts (needs rulespec[plot])")
    p.add_argument("--compare", metavar="OTHER", help="a second variant on the same seeds")
    p.add_argument("--no-timing", action="store_true", help="leave the timing out of the JSON")
    sim_scale.add_arguments(p)


def _players(variant: Any, wanted: int | None) -> int:
    if wanted is None:
        return _default_players(variant)
    if not variant.min_players <= wanted <= variant.max_players:
        raise UsageError(f"{variant.name} is for {players_range(variant)}, not {wanted}")
    return wanted


def _default_players(variant: Any) -> int:
    return int(max(variant.min_players, min(2, variant.max_players)))


def _compare_players(other: Any, players: int, wanted: int | None) -> int:
    """The compared variant's player count: the run's count when it allows it, else its
    own default (a count it cannot seat is not an error: each file plays at its own)."""
    if other.min_players <= players <= other.max_players:
        return players
    if wanted is not None:
        return int(min(max(wanted, other.min_players), other.max_players))
    return _default_players(other)


def _jobs(args: argparse.Namespace) -> int:
    """``--jobs``, capped at the cores unless forced (more processes than cores only
    queue for them and cost memory); by default all the cores, but no more processes
    than the run has chunks of work (a short run does not start idle workers)."""
    limit = runner.cores()
    if args.jobs is None:
        return min(limit, runner.chunk_count(args.hands, args.matches))
    jobs = int(args.jobs)
    if jobs > limit and not args.force_jobs:
        sys.stderr.write(
            f"note: --jobs {jobs} capped at {limit}, the cores available (--force-jobs to insist)\n"
        )
        jobs = limit
    return jobs


def _bots(text: str) -> tuple[str, ...]:
    from rulespec.bots import BOT_NAMES

    names = tuple(b.strip().lower() for b in text.split(",") if b.strip())
    for name in names:
        if name not in BOT_NAMES:
            raise UsageError(f"unknown bot {name!r}: choose from {', '.join(BOT_NAMES)}")
    return names or ("smart",)


def _run_one(
    spec: str,
    args: argparse.Namespace,
    players: int,
    bots: tuple[str, ...],
    show_progress: bool,
    variant: Variant,
) -> tuple[list[Any] | None, dict[str, Any], float]:
    """Play one variant's run: (its records when a chart or a part file needs them, else
    None; its report; seconds). The report is gathered record by record, so a run that
    keeps no records reports from memory that does not grow with ``-n``."""
    job = runner.Job(spec, players, bots, args.seed, args.matches, args.rotate_bots)
    runner.ready_bots(bots, variant)  # start-up, like the load: once, before workers fork
    summary = RunSummary(players, args.matches)
    records: list[Any] | None = [] if (args.plot or args.out is not None) else None
    start = time.perf_counter()
    with runner.preloaded(spec, variant):  # the workers fork with it loaded
        for record in _records(job, args, show_progress, variant.name):
            summary.add(record)
            if records is not None:
                records.append(record)
    return records, summary.report(), time.perf_counter() - start


def _records(
    job: runner.Job, args: argparse.Namespace, show_progress: bool, label: str
) -> Iterator[Any]:
    """The run's records in index order, as they come (with a progress bar on a terminal)."""
    scale = sim_scale.runner_options(args)
    if show_progress:
        from rich.console import Console
        from rich.progress import Progress

        with Progress(transient=True, console=Console(stderr=True)) as bar:
            task = bar.add_task(f"{label}", total=args.hands)
            for record in runner.iter_records(job, args.hands, args.jobs, **scale):
                yield record
                bar.advance(task, 1)
        return
    yield from runner.iter_records(job, args.hands, args.jobs, **scale)


def _settings(args: argparse.Namespace, players: int, bots: tuple[str, ...]) -> dict[str, Any]:
    return {
        "count": args.hands,
        "unit": "matches" if args.matches else "hands",
        "players": players,
        "bots": list(runner.seat_bots(bots, players)),
        "rotate_bots": args.rotate_bots,
        "seed": args.seed,
    }


def _difference(a: dict[str, Any], b: dict[str, Any], same_seats: bool) -> dict[str, Any]:
    """b - a on the headline numbers; per-seat differences only when both runs seat the
    same number of players (seat 2 of a 3-player game has no counterpart in a 2-player one)."""
    reasons = sorted(set(a["reasons"]) | set(b["reasons"]))
    seat_key = "mean_total_by_seat" if "mean_total_by_seat" in a else "mean_score_by_seat"
    out: dict[str, Any] = {
        "turns_mean": round(b["turns"]["mean"] - a["turns"]["mean"], 3),
        "turns_median": b["turns"]["median"] - a["turns"]["median"],
        "stock_exhaustion": round(b["stock_exhaustion"]["rate"] - a["stock_exhaustion"]["rate"], 4),
        "reasons": {
            r: round(b["reasons"].get(r, 0.0) - a["reasons"].get(r, 0.0), 2) for r in reasons
        },
        "abandoned": round(b["abandoned"]["rate"] - a["abandoned"]["rate"], 4),
    }
    if same_seats:
        out["win_rate_by_seat"] = [
            round(y["rate"] - x["rate"], 4)
            for x, y in zip(a["win_rate_by_seat"], b["win_rate_by_seat"], strict=True)
        ]
        out[seat_key] = [round(y - x, 3) for x, y in zip(a[seat_key], b[seat_key], strict=True)]
    return out


def run(args: argparse.Namespace) -> int:
    if args.hands < 1:
        raise UsageError("-n must be at least 1")
    if args.jobs is not None and args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    if args.plot:
        from rulespec.sim.plot import PlotUnavailable, require_matplotlib

        try:
            require_matplotlib()
        except PlotUnavailable as exc:  # a missing extra is a usage problem (exit 2)
            raise UsageError(str(exc)) from None
    bots = _bots(args.bots)
    spec = resolve_target(args.variant)
    variant = runner.load(spec)
    players = _players(variant, args.players)
    other_spec = other = None
    other_players = players
    if args.compare:
        other_spec = resolve_target(args.compare)
        other = runner.load(other_spec)
        other_players = _compare_players(other, players, args.players)
    args.jobs = _jobs(args)
    sim_scale.check(args)
    show_progress = sys.stderr.isatty() and args.format == "table"
    records, summary, seconds = _run_one(spec, args, players, bots, show_progress, variant)
    if args.out is not None:  # a shard (or the whole run) as a part file for `rulespec merge`
        settings = _settings(args, players, bots)
        return sim_scale.write_part(args, variant.name, spec, settings, records or [], seconds)
    report: dict[str, Any] = {
        "variant": variant.name,
        "settings": _settings(args, players, bots),
        "results": summary,
    }
    runs = [(variant.name, records or [], summary)]
    by_variant: list[dict[str, Any]] = [{"variant": variant.name, "seconds": round(seconds, 3)}]
    if other is not None and other_spec is not None:
        o_records, o_summary, o_seconds = _run_one(
            other_spec, args, other_players, bots, show_progress, other
        )
        report["compare"] = {
            "variant": other.name,
            "settings": _settings(args, other_players, bots),
            "results": o_summary,
            "difference": _difference(summary, o_summary, other_players == players),
        }
        by_variant.append({"variant": other.name, "seconds": round(o_seconds, 3)})
        if other_players == players:
            runs.append((other.name + " (compare)", o_records or [], o_summary))
        else:  # different tables: say which count each line is
            runs[0] = (f"{variant.name} ({players} players)", records or [], summary)
            label = f"{other.name} ({other_players} players, compare)"
            runs.append((label, o_records or [], o_summary))
    played = args.hands * len(runs)
    total = round(sum(part["seconds"] for part in by_variant), 3)  # the whole run, as its parts
    timing: dict[str, Any] = {
        "jobs": args.jobs,
        "seconds": total,
        "per_second": round(played / total, 2) if total else 0.0,
        "by_variant": by_variant,
    }
    if not args.no_timing:
        report["timing"] = timing
    if args.plot:
        from rulespec.sim.plot import write_plot

        write_plot(args.plot, runs, report["settings"], args.matches)
    if args.format == "json":
        sys.stdout.write(json.dumps(report, indent=2, sort_keys=True) + "\n")
    else:
        from rulespec.cli.sim_table import print_report

        print_report(report, timing)
    if args.plot:
        sys.stdout.flush()
        sys.stderr.write(f"wrote the charts (PNG) to {Path(args.plot).resolve()}\n")
    return 0

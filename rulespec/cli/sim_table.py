"""The table form of a `rulespec simulate` report, drawn with rich (stage: cli output).

Plain text when stdout is not a terminal (no colour, no control codes).
"""

from __future__ import annotations

import sys
from typing import Any

from rich.console import Console
from rich.table import Table


def _pct(rate: dict[str, Any]) -> str:
    return f"{100 * rate['rate']:.1f}% [{100 * rate['low']:.1f}, {100 * rate['high']:.1f}]"


def _rows(summary: dict[str, Any], unit: str) -> list[tuple[str, str]]:
    rows = [
        (unit, str(summary["count"])),
        ("turns per hand, mean", f"{summary['turns']['mean']:.2f}"),
        ("turns per hand, median", f"{summary['turns']['median']:g}"),
        ("moves per hand, mean", f"{summary['moves']['mean']:.2f}"),
        ("stock exhausted", _pct(summary["stock_exhaustion"])),
        ("no winner", _pct(summary["no_winner"])),
    ]
    for reason, share in summary["reasons"].items():
        rows.append((f"ended by {reason}", f"{share:.2f}%"))
    for seat, rate in enumerate(summary["win_rate_by_seat"]):
        rows.append((f"seat {seat} wins (95% CI)", _pct(rate)))
    for seat, score in enumerate(summary["mean_score_by_seat"]):
        rows.append((f"seat {seat} mean score", f"{score:+.2f}"))
    for bot, rate in summary["win_rate_by_bot"].items():
        rows.append((f"{bot} wins (95% CI)", _pct(rate)))
    if "match_hands" in summary:
        m = summary["match_hands"]
        rows.append(("match length, mean hands", f"{m['mean']:.2f}"))
        rows.append(("match length, median hands", f"{m['median']:g}"))
    return rows


def print_report(report: dict[str, Any], timing: dict[str, Any]) -> None:
    """Print the report as one table (two value columns with --compare)."""
    plain = not sys.stdout.isatty()
    console = Console(
        no_color=plain,
        highlight=False,
        markup=False,
        color_system=None if plain else "auto",
        width=120 if plain else None,
    )
    settings = report["settings"]
    unit = settings["unit"]
    compare = report.get("compare")
    title = (
        f"{report['variant']}: {settings['count']} {unit}, {settings['players']} players, "
        f"bots {','.join(settings['bots'])}, seed {settings['seed']}"
    )
    table = Table(title=title, show_lines=False)
    table.add_column("measure")
    table.add_column(report["variant"], justify="right")
    mine = _rows(report["results"], unit)
    if compare:
        table.add_column(compare["variant"], justify="right")
        theirs = dict(_rows(compare["results"], unit))
        for key, value in mine:
            table.add_row(key, value, theirs.pop(key, "-"))
        for key, value in theirs.items():
            table.add_row(key, "-", value)
    else:
        for key, value in mine:
            table.add_row(key, value)
    console.print(table)
    rate = timing.get("per_second", 0.0)
    console.print(f"{rate:.1f} {unit}/s ({timing['seconds']:.2f} s, {timing['jobs']} job(s))")
    if compare:
        diff = compare["difference"]
        console.print(
            f"difference ({compare['variant']} - {report['variant']}): "
            f"turns {diff['turns_mean']:+.2f}, "
            f"stock exhausted {100 * diff['stock_exhaustion']:+.1f} pts, "
            "seat win rates " + ", ".join(f"{100 * d:+.1f}" for d in diff["win_rate_by_seat"])
        )

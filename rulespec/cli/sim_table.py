"""The table form of a `rulespec simulate` report, drawn with rich (stage: cli output).

Plain text when stdout is not a terminal (no colour, no control codes). Every
row says what it counts: per hand, or (with ``--matches``) per match.
"""

from __future__ import annotations

import sys
from decimal import Decimal
from typing import Any

from rich.console import Console
from rich.table import Table


def _pct(rate: dict[str, Any]) -> str:
    return f"{100 * rate['rate']:.1f}% [{100 * rate['low']:.1f}, {100 * rate['high']:.1f}]"


def _num(value: Any, spec: str) -> str:
    """``format(value, spec)``; an int too large for a float in exact decimal exponent
    form (``+1.200000e+311``: card values are unbounded integers; the JSON has every digit)."""
    try:
        return format(value, spec)
    except OverflowError:
        return format(Decimal(value), "+.6e" if spec.startswith("+") else ".6e")


def _rows(summary: dict[str, Any], unit: str, bots: list[str]) -> list[tuple[str, str]]:
    matches = unit == "matches"
    dropped = summary["abandoned"]
    rows = [
        (unit, str(summary["count"])),
        (
            f"{unit} abandoned at the turn cap (left out below)",
            f"{dropped['count']} ({_pct(dropped)})",
        ),
    ]
    if matches:
        m, t = summary["match_hands"], summary["match_turns"]
        rows.append(("hands per match, mean", _num(m["mean"], ".2f")))
        rows.append(("hands per match, median", _num(m["median"], "g")))
        rows.append(("turns per match, mean", _num(t["mean"], ".2f")))
    rows += [
        ("turns per hand, mean", _num(summary["turns"]["mean"], ".2f")),
        ("turns per hand, median", _num(summary["turns"]["median"], "g")),
        ("moves per hand, mean", _num(summary["moves"]["mean"], ".2f")),
        ("hands ending with the stock exhausted", _pct(summary["stock_exhaustion"])),
    ]
    for reason, share in summary["reasons"].items():
        rows.append((f"hands ended by {reason}", f"{share:.2f}%"))
    won = "match wins" if matches else "hand wins"
    rows.append((f"{unit} with no winner", _pct(summary["no_winner"])))
    for seat, rate in enumerate(summary["win_rate_by_seat"]):
        rows.append((f"{_bot(bots, seat)} {won} (95% CI)", _pct(rate)))
    key, what = (
        ("mean_total_by_seat", "mean final total per match")
        if matches
        else ("mean_score_by_seat", "mean score per hand")
    )
    for seat, score in enumerate(summary[key]):
        rows.append((f"{_bot(bots, seat)} {what}", _num(score, "+.2f")))
    for bot, rate in summary["win_rate_by_bot"].items():
        rows.append((f"{bot} {won}, all its seats (95% CI)", _pct(rate)))
    return rows


def _bot(bots: list[str], seat: int) -> str:
    """``seat 0 (smart)``; just ``seat 0`` when the bots rotate round the seats."""
    if seat >= len(bots) or not bots[seat]:
        return f"seat {seat}"
    return f"seat {seat} ({bots[seat]})"


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
    rotate = settings.get("rotate_bots")
    bots = [] if rotate else settings["bots"]
    title = (
        f"{report['variant']}: {settings['count']} {unit}, {settings['players']} players, "
        f"bots {','.join(settings['bots'])}{' (rotating)' if rotate else ''}, "
        f"seed {settings['seed']}"
    )
    if compare and compare["settings"]["players"] != settings["players"]:
        title += f"; {compare['variant']} at {compare['settings']['players']} players"
    table = Table(title=title, show_lines=False)
    table.add_column("measure")
    table.add_column(report["variant"], justify="right")
    mine = _rows(report["results"], unit, bots)
    if compare:
        other = compare["settings"]
        other_bots = [] if rotate else other["bots"]
        table.add_column(compare["variant"], justify="right")
        theirs = dict(_rows(compare["results"], unit, other_bots))
        for key, value in mine:
            table.add_row(key, value, theirs.pop(key, "-"))
        for key, value in theirs.items():
            table.add_row(key, "-", value)
    else:
        for key, value in mine:
            table.add_row(key, value)
    console.print(table)
    rate = timing.get("per_second", 0.0)
    parts = " + ".join(f"{r['variant']} {r['seconds']:.2f} s" for r in timing["by_variant"])
    whole = f"{timing['seconds']:.2f} s" + (f": {parts}" if compare else "")
    console.print(f"{rate:.1f} {unit}/s over the whole run ({whole}, {timing['jobs']} job(s))")
    if compare:
        diff = compare["difference"]
        line = (
            f"difference ({compare['variant']} - {report['variant']}): "
            f"turns per hand {diff['turns_mean']:+.2f}, "
            f"stock exhausted {100 * diff['stock_exhaustion']:+.1f} pts"
        )
        if "win_rate_by_seat" in diff:
            seats = ", ".join(f"{100 * d:+.1f}" for d in diff["win_rate_by_seat"])
            line += f", seat win rates {seats} pts"
        else:
            line += "; seats not compared (different player counts)"
        console.print(line, soft_wrap=True)

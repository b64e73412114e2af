"""PNG charts of a simulation (stage: sim, output): score spread, hand length, win rate by seat.

matplotlib is the optional extra ``rulespec[plot]``; ``require_matplotlib`` says
clearly how to install it when it is missing (the CLI exits 2). Every axis is
labelled, seats are named by the bot that sat there (by bot when the bots
rotate), and the one legend sits below the panels where it covers no data.
Abandoned hands (the engine's turn cap) are left out, as in the report.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Sequence
from typing import Any

from rulespec.core.errors import RulespecError
from rulespec.sim.stats import is_abandoned


class PlotUnavailable(RulespecError):
    """--plot without matplotlib installed: the message says how to install it."""


def require_matplotlib() -> Any:
    """The pyplot module on the Agg backend, or PlotUnavailable saying how to install it."""
    try:
        matplotlib = importlib.import_module("matplotlib")
    except ImportError:
        raise PlotUnavailable(
            "--plot needs matplotlib, an optional extra: pip install 'rulespec[plot]'"
        ) from None
    matplotlib.use("Agg")
    return importlib.import_module("matplotlib.pyplot")


def _floats(values: Sequence[int]) -> list[float]:
    """The values a chart can draw: those that fit in a float (card values are unbounded)."""
    out = []
    for value in values:
        try:
            number = float(value)
        except OverflowError:
            continue
        if math.isfinite(number):
            out.append(number)
    return out


def _edges(values: Sequence[float], bins: int) -> list[float] | int:
    """Bin edges shared by every run (their bars line up); at most ``bins`` bins."""
    if not values:
        return bins
    low, high = min(values), max(values)
    if high <= low:
        return [low - 0.5, high + 0.5]
    step = (high - low) / bins
    return [low + i * step for i in range(bins + 1)]


def _bars(
    runs: Sequence[tuple[str, Sequence[Any], dict[str, Any]]], by_bot: bool
) -> tuple[list[str], list[list[dict[str, Any] | None]]]:
    """Tick labels and, per run, the rate under each tick (None where a run has none)."""
    if by_bot:
        bots = sorted({b for _, _, s in runs for b in s["win_rate_by_bot"]})
        return bots, [[s["win_rate_by_bot"].get(b) for b in bots] for _, _, s in runs]
    seats = max(len(s["win_rate_by_seat"]) for _, _, s in runs)
    labels = []
    for seat in range(seats):
        names: list[str] = []
        for _, records, _ in runs:
            bot = next((r.bots[seat] for r in records if seat < len(r.bots)), None)
            if bot is not None and bot not in names:
                names.append(bot)
        labels.append(f"seat {seat}\n{' / '.join(names)}")
    rates = [
        [s["win_rate_by_seat"][i] if i < len(s["win_rate_by_seat"]) else None for i in range(seats)]
        for _, _, s in runs
    ]
    return labels, rates


def write_plot(
    path: str,
    runs: Sequence[tuple[str, Sequence[Any], dict[str, Any]]],
    settings: dict[str, Any] | None = None,
    matches: bool = False,
) -> None:
    """Write one PNG with three panels; ``runs`` are (label, records, summary) to overlay."""
    plt = require_matplotlib()
    fig, axes = plt.subplots(1, 3, figsize=(15, 5))
    score_ax, length_ax, seat_ax = axes
    width = 0.8 / max(len(runs), 1)
    by_bot = bool(settings and settings.get("rotate_bots"))
    labels, rates = _bars(runs, by_bot) if runs else ([], [])
    clipped = 0
    scores: list[list[float]] = []
    turns: list[list[int]] = []
    for _, records, _ in runs:
        kept = [r for r in records if not is_abandoned(r)]
        raw = [s for r in kept for s in (r.totals if matches else r.scores)]
        scores.append(_floats(raw))
        clipped += len(raw) - len(scores[-1])
        hands = [t for r in kept for t in r.hand_turns] if matches else []
        turns.append(hands or [r.turns for r in kept])
    score_bins = _edges([v for run in scores for v in run], 40)
    turn_bins = _edges([float(v) for run in turns for v in run], 30)
    for k, (label, _, _) in enumerate(runs):
        if scores[k]:
            score_ax.hist(scores[k], bins=score_bins, alpha=0.55, label=label, color=f"C{k}")
        if turns[k]:
            length_ax.hist(turns[k], bins=turn_bins, alpha=0.55, label=label, color=f"C{k}")
        xs, heights, low, high = [], [], [], []
        for i, rate in enumerate(rates[k]):
            if rate is not None:
                xs.append(i + k * width)
                heights.append(100 * rate["rate"])
                low.append(100 * (rate["rate"] - rate["low"]))
                high.append(100 * (rate["high"] - rate["rate"]))
        seat_ax.bar(
            xs, heights, width=width, yerr=[low, high], capsize=4, label=label, color=f"C{k}"
        )
    unit = "match" if matches else "hand"
    score_ax.set_title(
        ("final total per seat per match" if matches else "score per seat per hand")
        + (f" ({clipped} too large to draw)" if clipped else "")
    )
    score_ax.set_xlabel("points")
    score_ax.set_ylabel(f"{unit}es × seats" if matches else "hands × seats")
    length_ax.set_title("hand length")
    length_ax.set_xlabel("turns per hand")
    length_ax.set_ylabel("hands")
    seat_ax.set_title(f"{unit} win rate by {'bot' if by_bot else 'seat'} (95% CI)")
    seat_ax.set_xlabel("bot (seats rotate)" if by_bot else "seat, bot")
    seat_ax.set_ylabel(f"{unit}es won (%)" if matches else "hands won (%)")
    seat_ax.set_xticks([i + width * (len(runs) - 1) / 2 for i in range(len(labels))])
    seat_ax.set_xticklabels(labels)
    ticker = importlib.import_module("matplotlib.ticker")
    for ax in (score_ax, length_ax):  # counts of hands are whole numbers
        ax.yaxis.set_major_locator(ticker.MaxNLocator(integer=True))
    handles, names = seat_ax.get_legend_handles_labels()
    if handles:
        fig.legend(handles, names, loc="lower center", ncol=len(handles), frameon=False)
    fig.tight_layout(rect=(0, 0.08, 1, 1))
    fig.savefig(path, format="png", dpi=90)
    plt.close(fig)

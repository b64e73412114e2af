"""PNG charts of a simulation (stage: sim, output): score spread, hand length, win rate by seat.

matplotlib is the optional extra ``rulespec[plot]``; ``require_matplotlib`` says
clearly how to install it when it is missing (the CLI exits 2).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from rulespec.cli.common import UsageError


def require_matplotlib() -> Any:
    """The pyplot module on the Agg backend, or a UsageError saying how to install it."""
    try:
        matplotlib = importlib.import_module("matplotlib")
    except ImportError:
        raise UsageError(
            "--plot needs matplotlib, an optional extra: pip install 'rulespec[plot]'"
        ) from None
    matplotlib.use("Agg")
    return importlib.import_module("matplotlib.pyplot")


def write_plot(path: str, runs: Sequence[tuple[str, Sequence[Any], dict[str, Any]]]) -> None:
    """Write one PNG with three panels; ``runs`` are (label, records, summary) to overlay."""
    plt = require_matplotlib()
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.5))
    score_ax, length_ax, seat_ax = axes
    width = 0.8 / max(len(runs), 1)
    for k, (label, records, summary) in enumerate(runs):
        scores = [s for r in records for s in r.scores]
        if scores:
            score_ax.hist(scores, bins=40, alpha=0.55, label=label)
        turns = [r.turns for r in records]
        if turns:
            length_ax.hist(turns, bins=30, alpha=0.55, label=label)
        seats = summary["win_rate_by_seat"]
        xs = [i + k * width for i in range(len(seats))]
        rates = [100 * s["rate"] for s in seats]
        errs = [
            [100 * (s["rate"] - s["low"]) for s in seats],
            [100 * (s["high"] - s["rate"]) for s in seats],
        ]
        seat_ax.bar(xs, rates, width=width, yerr=errs, capsize=4, label=label)
    score_ax.set_title("score per seat per hand")
    score_ax.set_xlabel("points")
    length_ax.set_title("hand length")
    length_ax.set_xlabel("turns")
    seat_ax.set_title("win rate by seat (95% CI)")
    seat_ax.set_xlabel("seat")
    if runs:
        seats_n = len(runs[0][2]["win_rate_by_seat"])
        # one tick per seat, centred under its group of bars
        seat_ax.set_xticks([i + width * (len(runs) - 1) / 2 for i in range(seats_n)])
        seat_ax.set_xticklabels([str(i) for i in range(seats_n)])
    seat_ax.set_ylabel("%")
    for ax in axes:
        ax.legend()
    fig.tight_layout()
    fig.savefig(path, format="png", dpi=90)
    plt.close(fig)

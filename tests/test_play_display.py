"""The play screen shows what a seat has melded this hand where melds score (Michigan, 500)."""

from __future__ import annotations

import io

from rich.console import Console

from rulespec.cli.play_display import render_table
from rulespec.spec.load import load_variant


def _screen(name: str, melded: list[int]) -> str:
    variant = load_variant(name)
    game = variant.new_game(3, seed=1)
    observation = dict(game.observation(0))
    observation["melded"] = melded
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    render_table(console, observation, variant, 0, {1: "smart", 2: "greedy"}, 1)
    return out.getvalue()


def test_meld_credit_is_shown_where_melds_score() -> None:
    assert "Melded this hand (counts in the score): Seat 1 (smart) +30" in _screen(
        "michigan", [0, 30, 0]
    )
    assert "Seat 2 (greedy) +12" in _screen("rummy500", [0, 0, 12])


def test_no_meld_line_where_melds_do_not_score_or_nothing_is_melded() -> None:
    assert "Melded this hand" not in _screen("rummy", [0, 30, 0])
    assert "Melded this hand" not in _screen("michigan", [0, 0, 0])

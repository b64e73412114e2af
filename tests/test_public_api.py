"""The typed public API: `rulespec.__all__` is bound at import, and typed code passes mypy."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import typing
from pathlib import Path

import rulespec
from rulespec.interpreter.outcome import Observation, Outcome

ROOT = Path(__file__).resolve().parent.parent


def test_every_exported_name_is_bound_at_import() -> None:
    """Eager exports: every name of `__all__` is in the module's dict, no module __getattr__."""
    code = "import rulespec; print(sorted(set(rulespec.__all__) - set(vars(rulespec))))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
    assert "__getattr__" not in vars(rulespec)
    assert {"load", "loads", "Variant", "Game", "Move", "Outcome", "Observation"} <= set(
        rulespec.__all__
    )
    assert issubclass(rulespec.RuleFileError, rulespec.RulespecError)


def test_package_is_marked_typed() -> None:
    assert (ROOT / "rulespec" / "py.typed").is_file()


def _finished_gin() -> rulespec.Game:
    game = rulespec.load("gin").new_game(2, seed=3)
    while not game.hand_over:
        game.play(game.legal_moves()[0])
    return game


def test_outcome_properties_match_the_stored_result() -> None:
    game = _finished_gin()
    outcome = game.hand_result
    assert isinstance(outcome, rulespec.Outcome)
    raw = game.position()["result"]
    assert outcome.reason == raw["reason"] and outcome.scores == raw["scores"]
    assert (outcome.winner, outcome.knocker, outcome.rummy) == (
        raw["winner"],
        raw["knocker"],
        raw["rummy"],
    )
    assert outcome.lines == raw["lines"] and outcome.hands == raw["hands"]
    assert outcome.layoffs == raw["layoffs"] and outcome.why == raw.get("why")
    assert dict(outcome) == raw  # still the mapping a position stores


def test_outcome_of_an_old_save_reads_missing_keys_as_empty() -> None:
    outcome = Outcome({"reason": "void", "winner": None, "scores": [0, 0]})
    assert (outcome.rummy, outcome.lines, outcome.hands, outcome.layoffs) == (False, [], [], [])
    assert (outcome.why, outcome.knocker, outcome.match_over) == (None, None, False)


def test_observation_type_names_exactly_the_keys_a_seat_sees() -> None:
    hints = typing.get_type_hints(Observation)
    optional = Observation.__optional_keys__  # a wild rank per hand: only where there is one
    assert optional == {"wild_rank", "cut_card"}
    for game in (rulespec.load("gin").new_game(2, seed=1), _finished_gin()):
        seen = game.observation(0)
        assert set(seen) == set(hints) - optional
        assert isinstance(seen["hand"], list) and isinstance(seen["stock_size"], int)
    assert set(rulespec.load("indian-rummy").new_game(2, seed=1).observation(1)) == set(hints)


USAGE = """
from __future__ import annotations

import rulespec


def play_out(variant: rulespec.Variant) -> rulespec.Outcome | None:
    game: rulespec.Game = variant.new_game(2, seed=7)
    while not game.hand_over:
        seen: rulespec.Observation = game.observation(game.to_move)
        hand: list[str] = seen["hand"]
        move: rulespec.Move = game.legal_moves()[0]
        assert len(hand) > 0 and str(move)
        game.play(move)
    return game.hand_result


def summary(outcome: rulespec.Outcome) -> str:
    scores: list[int] = outcome.scores
    winner: int | None = outcome.winner
    reason: str = outcome.reason
    return f"{reason} {winner} {sum(scores)} {outcome.rummy} {len(outcome.lines)}"


try:
    result = play_out(rulespec.load("gin"))
    print(summary(result) if result else "-", rulespec.loads("variant q extends gin {}").name)
except rulespec.RulespecError as exc:
    print(exc)
"""


def test_typed_usage_passes_mypy_strict(tmp_path: Path) -> None:
    """Code written against the public API checks under `mypy --strict` (types, not Any)."""
    snippet = tmp_path / "usage.py"
    snippet.write_text(textwrap.dedent(USAGE))
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(snippet)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    ran = subprocess.run([sys.executable, str(snippet)], capture_output=True, text=True)
    assert ran.returncode == 0 and ran.stdout.strip().endswith(" q"), ran.stdout + ran.stderr

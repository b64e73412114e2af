"""A seat the engine strands is reported where it happened, never as a bot's traceback (sim).

`legal_moves()` must never be empty before a hand ends (tests/interpreter/test_stranded.py
keeps the positions where it once was); should the engine break that again, a simulation
stops with a located `StrandedSeat` (variant, seat, phase, hand, run seed) and the command
line prints it with exit status 1.
"""

from __future__ import annotations

import pytest

from rulespec.cli.main import main
from rulespec.compiler.load import load_variant
from rulespec.interpreter.game import Game
from rulespec.sim.runner import StrandedSeat, run_hand, run_match


@pytest.fixture
def stranded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Game, "legal_moves", lambda self: [])


@pytest.mark.usefixtures("stranded")
def test_a_stranded_hand_names_where() -> None:
    gin = load_variant("gin")
    with pytest.raises(StrandedSeat, match=r"hand 3 of the run seeded 7: gin: seat \d has no"):
        run_hand(gin, 2, ["random", "greedy"], 7, 3)
    with pytest.raises(StrandedSeat, match=r"match 0 of the run seeded 7: gin: seat \d .* hand 1"):
        run_match(gin, 2, ["smart", "smart"], 7, 0)


@pytest.mark.usefixtures("stranded")
def test_the_cli_reports_it_without_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["simulate", "gin", "-n", "1", "--jobs", "1", "--bots", "random"])
    err = capsys.readouterr().err
    assert status == 1
    assert "no legal move in phase" in err and "engine bug" in err
    assert "Traceback" not in err

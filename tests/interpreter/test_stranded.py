"""Positions where the engine once listed no move before the hand ended (tests/data/stranded).

Each file holds a position (a save) and what went wrong there. From it, every sequence of
the turn's melds and lay-offs is walked: each state reached must offer a move or have
ended the hand (`legal_moves()` never empty before the hand ends), and where the file
names the way out, that way is legal and ends the hand.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulespec.interpreter.game import Game
from rulespec.playable import load

DATA = Path(__file__).parent.parent / "data" / "stranded"
CASES = sorted(DATA.glob("*.json"))
WALK_LIMIT = 400  # states walked per file (the turn's meld orders)


def _walk(game: Game, seen: list[int]) -> None:
    """Every meld / lay-off sequence of this turn: no state without a move."""
    seen[0] += 1
    assert seen[0] <= WALK_LIMIT, "the turn has more meld orders than the walk allows"
    if game.hand_over:
        return
    moves = game.legal_moves()
    assert moves, f"no legal move after {[str(m) for m in game.log[-4:]]}"
    for move in moves:
        if move.kind in ("meld", "layoff"):
            nxt = game.copy()
            nxt.play(move)
            _walk(nxt, seen)


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_no_stranded_turn(path: Path) -> None:
    case = json.loads(path.read_text())
    game = Game.from_position(load(case["variant"]), case["position"])
    _walk(game, [0])
    way = case.get("way_out")
    if way:
        for text in way:
            game.play(text)
        assert game.hand_over


def test_the_old_stranding_meld_is_refused() -> None:
    case = json.loads((DATA / "wild-named-in-hand.json").read_text())
    game = Game.from_position(load(case["variant"]), case["position"])
    first = case["old_stranding"][0]
    assert not game.is_legal(first)

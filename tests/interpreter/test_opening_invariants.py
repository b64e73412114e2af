"""The invariants on a made-up file whose first laying down must reach a minimum over the turn.

`play.first_laydown_min` counts every meld laid in the opening turn together,
so a turn may hold an opening that is not yet complete (the discard waits for
it). Random and sensible play (test_invariants.py's policy and per-step
checks: cards conserved, positions round-trip, every legal move legal) and
every bot keep the invariants: no turn ends with an opening short of 30, and
no one is stranded mid-opening. (The smart bot does not yet aim at openings:
it plays them legally when its melds happen to reach the minimum.)
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from test_invariants import dead_end, play_hand

from rulespec.bots import make_bot
from rulespec.compiler.load import load_variant
from rulespec.interpreter.game import Game

FILE = Path(__file__).resolve().parents[1] / "data" / "valid" / "rummy-opening-thirty.rules"
HANDS = 4


@pytest.mark.parametrize("players", [2, 4])
def test_random_and_sensible_hands_keep_the_invariants(players: int) -> None:
    v = load_variant(str(FILE))
    ended = 0
    for h in range(HANDS):
        g = Game.new(v, players, seed=h)
        _, result = play_hand(g, random.Random(f"opening:{players}:{h}"), full=h < 2)
        assert result is not None and len(result["scores"]) == players
        assert result["reason"] != "abandoned" or dead_end(g), g.position()
        ended += result["reason"] != "abandoned"
    assert ended >= 1


@pytest.mark.parametrize("lineup", [["random"], ["greedy"], ["smart", "greedy", "random"]])
def test_bots_open_only_with_thirty(lineup: list[str]) -> None:
    v = load_variant(str(FILE))
    for n in (2, 4):
        g = Game.new(v, n, seed=11 * n + len(lineup))
        bots = [make_bot(lineup[s % len(lineup)], 7 * n + s) for s in range(n)]
        moves = 0
        openings = 0
        while not g.hand_over:
            legal = g.legal_moves()
            seat = g.to_move
            move = bots[seat].choose(g.observation(seat), legal, v)
            assert str(move) in {str(m) for m in legal}
            hs = g.hs
            opening = hs.melds_this_turn and hs.laid_down[seat] == hs.turns[seat]
            if move.kind == "discard" and opening:  # an opening ends its turn complete
                assert hs.value_this_turn >= 30, g.position()
                openings += 1
            g.play(move)
            moves += 1
            assert moves < 3000, f"{lineup}: hand did not end"
        assert openings >= 1, f"{lineup}: nobody opened with {n} players"

"""The invariants on made-up files with decks of their own (40-card packs, sets of up to 8).

Random and sensible play (tests/interpreter/test_invariants.py's policy and its
per-step checks: cards conserved, positions round-trip, every legal move legal)
and every bot, at each allowed player count, on the data files of `deck.ranks`
and several-deck sets; no card of an absent rank ever appears.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from test_invariants import dead_end, play_hand

from rulespec.bots import make_bot
from rulespec.compiler.load import load_variant
from rulespec.interpreter.game import Game

VALID = Path(__file__).resolve().parents[1] / "data" / "valid"
FILES = [
    "conquian-forty.rules",
    "conquian-forty.yaml",
    "eights-two-decks.rules",
    "eights-two-decks.yaml",
]
HANDS = 6
# the random-play invariants: one file per feature and form (the two eights files
# share the feature; the YAML one plays in the bot test below)
RANDOM_FILES = FILES[:3]


def _counts(low: int, high: int) -> list[int]:
    return sorted({low, (low + high) // 2, high})


@pytest.mark.parametrize("name", RANDOM_FILES)
def test_random_and_sensible_hands_keep_the_invariants(name: str) -> None:
    v = load_variant(str(VALID / name))
    ended = 0
    for n in _counts(v.min_players, v.max_players):
        for h in range(HANDS):
            g = Game.new(v, n, seed=h)
            _, result = play_hand(g, random.Random(f"{name}:{n}:{h}"), full=h < 2)
            assert result is not None and len(result["scores"]) == n
            assert result["reason"] != "abandoned" or dead_end(g), g.position()
            ended += result["reason"] != "abandoned"
            seen = [c for hand in g.hs.hands for c in hand] + g.hs.stock + g.hs.discard
            assert all(c == 52 or c % 13 + 1 in v.ranks for c in seen)
    assert ended >= HANDS


@pytest.mark.parametrize("name", FILES)
def test_bots_play_only_legal_moves_on_own_decks(name: str) -> None:
    v = load_variant(str(VALID / name))
    for n in _counts(v.min_players, v.max_players):
        for i, lineup in enumerate((["random"], ["greedy"], ["smart", "greedy", "random"])):
            g = Game.new(v, n, seed=40 + 7 * n + i)
            bots = [make_bot(lineup[s % len(lineup)], 31 * i + s) for s in range(n)]
            moves = 0
            while not g.hand_over:
                legal = g.legal_moves()
                move = bots[g.to_move].choose(g.observation(g.to_move), legal, v)
                assert str(move) in {str(m) for m in legal}
                g.play(move)
                moves += 1
                assert moves < 3000, f"{name}: hand did not end"

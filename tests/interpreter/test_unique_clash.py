"""`melds.wild.unique`'s test (turnctx.unique_clash) keeps the pack's counts per variant and
player count: its answers are those of counting the pack afresh (cards.deck_counts)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rulespec.compiler.load import load_variant
from rulespec.interpreter.cards import deck_counts
from rulespec.interpreter.game import Game
from rulespec.interpreter.meldgen import candidate_melds
from rulespec.interpreter.state import deck_players
from rulespec.interpreter.turnctx import unique_clash


def _plain(variant: object, hs: object, placed: tuple[tuple[int, int], ...]) -> int | None:
    counts = deck_counts(variant, deck_players(variant, hs.active))  # type: ignore[arg-type, attr-defined]
    table = Counter(p[1] for _, m in hs.melds for p in m)  # type: ignore[attr-defined]
    added: Counter[int] = Counter()
    for p in placed:
        added[p[1]] += 1
        if table[p[1]] + added[p[1]] > counts.get(p[1], 0):
            return p[1]
    return None


@pytest.mark.parametrize("name", ["kalooki", "three-thirteen"])
def test_unique_clash_counts_the_pack_as_afresh(name: str) -> None:
    v = load_variant(name)
    rng = random.Random(5)
    asked = 0
    for seed in range(20):
        g = Game.new(v, max(v.min_players, 2) + seed % 3, seed=seed)
        while not g.hand_over and asked < 600:
            if g.phase == "play":
                for meld in candidate_melds(g.rules, g.hs.hands[g.to_move]):
                    got = unique_clash(g.rules, g.hs, meld)
                    assert got == _plain(g.rules, g.hs, meld)
                    asked += 1
            g.play(rng.choice(g.legal_moves()))
    assert asked > 100

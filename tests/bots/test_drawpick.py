"""A lone pile take's price stops at the first candidate below the stock (bots layer).

`drawpick.best_after_discard` answers the first candidate score the draw's test
(`below_stock`) passes; the draw then takes the pile card, as it would with the
least score. Seeded smart hands are played with the shortcut and without it (the
full loop, the knock bonus read): every move the same, and the shortcut must fire.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from rulespec.bots import drawpick, make_bot, smart
from rulespec.bots.smart import SmartBot
from rulespec.compiler.load import load_variant
from rulespec.interpreter.game import Game


def _moves(name: str, players: int, seed: int) -> list[str]:
    """Every move of a seeded smart self-play hand, as texts."""
    variant = load_variant(name)
    game = Game.new(variant, players, seed=seed)
    bots = [make_bot("smart", 10 * seed + s) for s in range(players)]
    out = []
    while not game.observation(0).get("hand_over") and game.legal_moves() and len(out) < 400:
        seat = game.to_move
        move = bots[seat].choose(game.observation(seat), game.legal_moves(), variant)
        out.append(str(move))
        game.play(move)
    return out


@pytest.mark.parametrize(
    ("name", "players", "seed"),
    [("contract-rummy", 3, 2), ("bridge", 2, 1), ("indian-rummy", 2, 3), ("kalooki", 2, 1)],
)
def test_the_first_passing_candidate_chooses_the_same_draws(
    monkeypatch: pytest.MonkeyPatch, name: str, players: int, seed: int
) -> None:
    fired = [0]
    real = drawpick.below_stock

    def counted(takes: int, hope: float, stock_cost: float) -> Any:
        test = real(takes, hope, stock_cost)
        if test is None:
            return None

        def passes(score: float) -> bool:
            got = test(score)
            fired[0] += got
            return got

        return passes

    monkeypatch.setattr(smart, "below_stock", counted)
    shortcut = _moves(name, players, seed)
    monkeypatch.setattr(smart, "below_stock", lambda takes, hope, stock_cost: None)
    assert _moves(name, players, seed) == shortcut
    assert fired[0] > 0  # a pile take was settled by a candidate below the stock


def test_a_passing_candidate_is_answered_and_a_failing_test_changes_nothing() -> None:
    variant = load_variant("contract-rummy")
    bot = SmartBot(1)
    bot._contract = True
    hand = [0, 1, 2, 13, 14, 27, 40, 41, 45, 50, 51]
    pool = Counter({c: 1 for c in range(52) if c not in hand})
    full = bot._best_after_discard(variant, hand, (), pool)
    assert bot._best_after_discard(variant, hand, (), pool, lambda s: False) == full
    first = bot._best_after_discard(variant, hand, (), pool, lambda s: True)
    assert first >= full  # a candidate's score, not below the least
    tight = drawpick.below_stock(1, 0.0, full)
    assert tight is not None and not tight(full)  # the least itself is not below itself
    assert drawpick.below_stock(2, 0.0, full) is None  # two takes: each read in full

"""Test helper: the lookaheads a seeded smart self-play hand asks (tests/bots)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from rulespec.bots import lookahead, make_bot
from rulespec.interpreter.game import Game


def lookaheads_asked(
    variant: Any,
    moves: int,
    monkeypatch: pytest.MonkeyPatch,
    seed: int,
    bot_seed: int,
    keep: Callable[[Sequence[int]], bool] = lambda hand: True,
) -> list[tuple[Any, ...]]:
    """The (hand, pool, limit, weight) of every `lookahead.next_turn` asked of a hand that
    `keep` accepts in ``moves`` moves of one smart self-play hand (game `seed`, the seats'
    bots `bot_seed` and `bot_seed + 1`), with those `lookahead.counted_sums` answers
    straight (`expected_below` reaches `next_turn` only where it does not); the spy is
    undone after."""
    asked: list[tuple[Any, ...]] = []
    real = lookahead.next_turn

    def spy(
        v: Any, hand: Sequence[int], pool: Counter[int], limit: Any, weight: float, *bar: Any
    ) -> Any:
        if keep(hand):
            asked.append((tuple(hand), Counter(pool), limit, weight))
        return real(v, hand, pool, limit, weight, *bar)

    real_sums = lookahead.counted_sums

    def spy_sums(v: Any, hand: Sequence[int], pool: Counter[int], limit: Any, *rest: Any) -> Any:
        got = real_sums(v, hand, pool, limit, *rest)
        if got is not None and keep(hand):  # (else next_turn's spy records it)
            asked.append((tuple(hand), Counter(pool), limit, rest[0]))
        return got

    with monkeypatch.context() as m:
        m.setattr(lookahead, "next_turn", spy)
        m.setattr(lookahead, "counted_sums", spy_sums)
        game = Game.new(variant, 2, seed=seed)
        bots = [make_bot("smart", bot_seed + seat) for seat in range(2)]
        for _ in range(moves):
            if game.hand_over:
                break
            seat = game.to_move
            game.play(bots[seat].choose(game.observation(seat), game.legal_moves(), variant))
    return asked

"""Test helper: the lookaheads a seeded smart self-play hand asks (tests/bots)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from rulespec.bots import discardpick, lookahead, make_bot
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
    bots `bot_seed` and `bot_seed + 1`), and of every deep discard score's lookahead (the
    discard pass asks `lookahead.counted_below`, which reaches `next_turn` only off the
    counted search's one C call); the spy is undone after."""
    asked: list[tuple[Any, ...]] = []
    real = lookahead.next_turn

    def spy(
        v: Any, hand: Sequence[int], pool: Counter[int], limit: Any, weight: float, *bar: Any
    ) -> Any:
        if keep(hand):
            asked.append((tuple(hand), Counter(pool), limit, weight))
        return real(v, hand, pool, limit, weight, *bar)

    real_below = discardpick.counted_below

    def spy_below(v: Any, hand: Sequence[int], pool: Counter[int], limit: Any, *rest: Any) -> Any:
        with monkeypatch.context() as inner:  # (one record: not again by next_turn's spy)
            inner.setattr(lookahead, "next_turn", real)
            if keep(hand):
                asked.append((tuple(hand), Counter(pool), limit, rest[0][0]))
            return real_below(v, hand, pool, limit, *rest)

    with monkeypatch.context() as m:
        m.setattr(lookahead, "next_turn", spy)
        m.setattr(discardpick, "counted_below", spy_below)
        game = Game.new(variant, 2, seed=seed)
        bots = [make_bot("smart", bot_seed + seat) for seat in range(2)]
        for _ in range(moves):
            if game.hand_over:
                break
            seat = game.to_move
            game.play(bots[seat].choose(game.observation(seat), game.legal_moves(), variant))
    return asked

"""The runner builds no observation for a bot that never reads one (the random bot), and
the hands it plays are exactly those it played when it was handed one."""

from __future__ import annotations

from typing import Any

from rulespec.bots import make_bot
from rulespec.compiler.load import load_variant
from rulespec.interpreter.game import Game
from rulespec.sim import runner


class _Counting(Game):
    """A game that counts the observations asked of it."""

    asked = 0

    def observation(self, seat: int) -> Any:
        _Counting.asked += 1
        return super().observation(seat)


def _moves_with_observations(name: str, seed: int) -> list[str]:
    """The random bots' moves when each is handed the full observation (as before)."""
    variant = load_variant(name)
    game = Game.new(variant, 2, seed)
    bots = [make_bot("random", seed + s) for s in range(2)]
    while not game.hand_over:
        seat = game.to_move
        game.play(bots[seat].choose(game.observation(seat), game.legal_moves(), variant))
    return list(game.ms.log)


def test_random_bot_reads_no_observation() -> None:
    assert make_bot("random", 1).reads_observation is False
    assert getattr(make_bot("greedy", 1), "reads_observation", True) is True


def test_same_moves_without_the_observation() -> None:
    for name in ("gin", "oklahoma"):
        variant = load_variant(name)
        for seed in (1, 3):
            game = _Counting.new(variant, 2, seed)
            bots = [make_bot("random", seed + s) for s in range(2)]
            _Counting.asked = 0
            while not game.hand_over:
                seat = game.to_move
                game.play(runner.bot_move(game, seat, bots[seat], variant))
            assert _Counting.asked == 0
            assert list(game.ms.log) == _moves_with_observations(name, seed)


def test_a_reading_bot_still_gets_its_observation() -> None:
    variant = load_variant("gin")
    game = _Counting.new(variant, 2, 5)
    _Counting.asked = 0
    runner.bot_move(game, game.to_move, make_bot("greedy", 5), variant)
    assert _Counting.asked == 1

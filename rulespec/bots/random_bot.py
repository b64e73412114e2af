"""The random bot: a uniformly random legal move (bots layer; the baseline for measurements)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rulespec.bots.base import Bot, Move
from rulespec.model.variant import Variant


class RandomBot(Bot):
    """Picks uniformly among the legal moves with its own seeded generator."""

    name = "random"
    reads_observation = False
    """It never reads the observation: the runner need not build one for it (sim/runner.py)."""

    def choose(
        self, observation: Mapping[str, Any], legal_moves: Sequence[Move], variant: Variant
    ) -> Move:
        if not legal_moves:
            raise ValueError("no legal move to choose from")
        return legal_moves[self.rng.randrange(len(legal_moves))]

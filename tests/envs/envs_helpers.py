"""Shared helpers of the envs tests: the bundled variants at their least and most players,
and a masked random action chooser."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from rulespec.compiler.load import load_variant

ROOT = Path(__file__).resolve().parent.parent.parent
BUNDLED = sorted(p.stem for p in (ROOT / "variants").glob("*.rules"))


def player_counts() -> list[tuple[str, int]]:
    """(variant, players) for every bundled variant at its minimum and maximum count."""
    out = []
    for name in BUNDLED:
        v = load_variant(name)
        out += [(name, p) for p in sorted({v.min_players, v.max_players})]
    return out


def masked_choice(rng: np.random.Generator, mask: np.ndarray) -> int:
    """A uniformly random allowed action."""
    return int(rng.choice(np.flatnonzero(mask)))


def hidden_permuted(game, seat: int, rng: np.random.Generator):
    """The same game with the cards `seat` cannot see dealt again at random: the other
    seats' hands and the stock are pooled, shuffled and refilled to their sizes. None when
    that position is not playable (a mover left without a card it must use)."""
    from rulespec.core.errors import PositionError
    from rulespec.interpreter.game import Game

    pos = game.position()
    others = [s for s in range(game.players) if s != seat]
    pool = [c for s in others for c in pos["hands"][s]] + list(pos["stock"])
    rng.shuffle(pool)
    for s in others:
        size = len(pos["hands"][s])
        pos["hands"][s], pool = pool[:size], pool[size:]
    pos["stock"] = pool
    try:
        return Game.from_position(game.variant, pos)
    except PositionError:
        return None

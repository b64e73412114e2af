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

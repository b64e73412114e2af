"""cards.shuffle deals as random.Random.shuffle does: the same order and the same draws.

The deal and the cut for the first dealer shuffle with `cards.shuffle` (the library's
Fisher-Yates without its per-card frames); every seeded deal, golden and simulation
rests on it giving exactly what `rng.shuffle` gives.
"""

from __future__ import annotations

import random

import pytest

from rulespec.interpreter.cards import shuffle


@pytest.mark.parametrize("size", [0, 1, 2, 3, 13, 52, 53, 106, 108])
def test_shuffle_is_the_library_shuffle(size: int) -> None:
    for seed in range(40):
        ours, theirs = list(range(size)), list(range(size))
        mine, library = random.Random(f"{seed}:{size}"), random.Random(f"{seed}:{size}")
        shuffle(mine, ours)
        library.shuffle(theirs)
        assert ours == theirs
        assert mine.getstate() == library.getstate()  # the same draws: the rng goes on alike


def test_a_random_subclass_shuffles_itself() -> None:
    class Backwards(random.Random):
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            x.reverse()

    cards = [1, 2, 3]
    shuffle(Backwards(1), cards)
    assert cards == [3, 2, 1]

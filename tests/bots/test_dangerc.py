"""The discard dangers in one C call (`bots/dangerc.py`'s Feed) equal the Python sums.

Every hand card's `danger.discard_danger` at every decision of seeded smart hands of
two-deck games with jokers and table melds taking lay-offs (and a one-deck one) is
asked with the C answers on and again with them off (the Python model and feed sums),
float for float; the C route must fire, with copies in the pool and lay-off parts.
"""

from __future__ import annotations

from collections import Counter

import pytest

from rulespec.bots import danger, dangerc, make_bot
from rulespec.bots.base import view_of
from rulespec.bots.hands import unseen
from rulespec.compiler.load import load_variant
from rulespec.interpreter import native
from rulespec.interpreter.game import Game

needs_c = pytest.mark.skipif(
    getattr(native.MODULE, "Feed", None) is None, reason=f"no C kernel built: {native.WHY}"
)


def _python_dangers(view: object, variant: object, cards: list[int], pool: Counter[int]) -> list:
    """discard_danger of each card with the C route off (a fresh context each time)."""
    saved = danger.feed_of
    danger.feed_of = lambda variant, constants: None  # type: ignore[assignment]
    try:
        danger._CTX[0] = None
        got = [danger.discard_danger(view, variant, c, pool) for c in cards]  # type: ignore[arg-type]
    finally:
        danger.feed_of = saved
        danger._CTX[0] = None
    return got


@needs_c
@pytest.mark.parametrize(
    ("name", "players", "seed"),
    [("kalooki", 2, 3), ("contract-rummy", 3, 1), ("scala-40", 2, 2), ("rummy", 2, 4)],
)
def test_the_c_dangers_equal_the_python_dangers(name: str, players: int, seed: int) -> None:
    variant = load_variant(name)
    game = Game.new(variant, players, seed=seed)
    bots = [make_bot("smart", seat) for seat in range(players)]
    fired = copies = layoffs = 0
    turns = 0
    while not game.observation(0).get("hand_over") and game.legal_moves() and turns < 120:
        turns += 1
        seat = game.to_move
        obs, legal = game.observation(seat), game.legal_moves()
        view = view_of(obs)
        pool = unseen(variant, view)
        cards = sorted(set(view.hand))
        danger._CTX[0] = None
        got = [danger.discard_danger(view, variant, c, pool) for c in cards]
        batch = danger._CTX[9] or {}
        assert got == _python_dangers(view, variant, cards, pool)
        fired += bool(batch)
        copies += bool(batch) and max(pool.values(), default=1) > 1
        layoffs += bool(batch) and bool(danger._CTX[3])
        game.play(bots[seat].choose(obs, legal, variant))
    assert fired > 5, fired  # the C route answered
    if name != "rummy":
        assert copies > 5, copies  # with two copies of a card unseen
    assert layoffs > 0 or name == "contract-rummy", layoffs  # and table melds to lay off on


@needs_c
def test_the_feed_refuses_malformed_input() -> None:
    variant = load_variant("kalooki")
    feed = dangerc.feed_of(variant, (danger.DECLINED, danger.THROWN, 3.0, 1.0))
    assert feed is not None
    ok = ([1, 14], [0, 52], [2, 1], [], [], [], 5, 0, [0.0, 1.5])
    assert len(feed.dangers(*ok)) == 2
    bad = [
        ([1, 14], [0, 53], [2, 1], [], [], [], 5, 0, [0.0, 1.5]),  # a code past the joker
        ([1, 14], [0, 52], [0, 1], [], [], [], 5, 0, [0.0, 1.5]),  # no copy
        ([1, 14], [0, 0], [1, 1], [], [], [], 5, 0, [0.0, 1.5]),  # a code twice
        ([1, 14], [0, 52], [2], [], [], [], 5, 0, [0.0, 1.5]),  # a count missing
        ([1, 14], [0, 52], [2, 1], [], [], [], 5, 0, [0.0]),  # a base missing
        ([52], [0], [1], [], [], [], 5, 0, [0.0]),  # the joker has no danger here
        ([1], [0], [1], [], [], [60], 5, 0, [0.0]),  # a held code past the joker
    ]
    for args in bad:
        with pytest.raises(ValueError):
            feed.dangers(*args)


def test_no_feed_without_the_extension(monkeypatch: pytest.MonkeyPatch) -> None:
    variant = load_variant("carioca")
    monkeypatch.setattr(native, "MODULE", None)
    monkeypatch.setattr(dangerc, "_BY_VARIANT", {})
    assert dangerc.feed_of(variant, (0.35, 0.7, 3.0, 1.0)) is None

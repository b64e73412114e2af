"""Observations share the hand's history copies (interpreter: observer.SeenHistory).

An observation late in a hand must not copy every history entry again: the
entries shown earlier are the very same objects in a later observation. And the
sharing must stay exact: after plays, undos, copies and loaded positions, every
observation's history equals the engine's, and no reader can change the game's
record through it.
"""

from __future__ import annotations

import contextlib
import random

from rulespec.compiler.load import load_variant
from rulespec.core.errors import IllegalMove
from rulespec.interpreter.game import Game
from rulespec.interpreter.observer import observe


def _fresh(game: Game) -> list[dict[str, object]]:
    """The history as a whole copy (what every observation copied before)."""
    return [dict(h) for h in game.position()["history"]]


def test_later_observation_shares_the_earlier_entries() -> None:
    game = Game.new(load_variant("rummy"), 2, 11)
    rng = random.Random(5)
    early = game.observation(0)["history"]
    while len(game.hs.history) < len(early) + 12 and not game.hand_over:
        game.play(rng.choice(game.legal_moves()))
    early = game.observation(1)["history"]
    for _ in range(12):
        if game.hand_over:
            break
        game.play(rng.choice(game.legal_moves()))
    late = game.observation(0)["history"]
    assert len(late) > len(early) >= 12
    assert all(a is b for a, b in zip(early, late, strict=False))  # copied once, then shared
    assert late is not early  # each observation's own list: appending to it changes no other
    assert all(a is not b for a, b in zip(late, game.hs.history, strict=True))
    late[0]["move"] = "changed by a reader"
    late.append({"seat": 0, "move": "added by a reader"})
    assert game.position()["history"][0]["move"] != "changed by a reader"
    assert len(game.observation(0)["history"]) == len(game.hs.history)


def test_history_exact_through_undo_copy_and_load() -> None:
    variant = load_variant("gin")
    game = Game.new(variant, 2, 3)
    rng = random.Random(9)
    for step in range(240):
        roll = rng.random()
        if roll < 0.4:  # not after every change: undo and play on before looking again
            assert game.observation(step % 2)["history"] == _fresh(game)
        if game.hand_over:
            if game.match_over:
                break
            game.next_hand()
        elif roll < 0.6:
            with contextlib.suppress(IllegalMove):  # nothing played since the load
                game.undo()
        elif roll < 0.65:
            game = game.copy() if roll < 0.63 else Game.from_position(variant, game.position())
        else:
            game.play(rng.choice(game.legal_moves()))
    assert game.observation(0)["history"] == _fresh(game)


def test_table_meld_texts_follow_the_table() -> None:
    """The meld texts are written once per table meld (observer.SeenHistory.melds): after
    melds, lay-offs and undos every observation's melds equal the table's, and a reader
    changing one observation's list changes no other."""
    variant = load_variant("rummy")
    rng = random.Random(4)
    seen_melds = 0
    for seed in range(2):
        game = Game.new(variant, 2 + seed, seed)
        while not game.hand_over:
            for seat in range(game.hs.players):
                got = game.observation(seat)["melds"]
                want = observe(game.variant, game.hs, game.ms, seat)["melds"]
                assert got == want
                seen_melds += len(got)
                if got:
                    got[0]["cards"].append("a reader's card")
            if rng.random() < 0.1:
                with contextlib.suppress(IllegalMove):
                    game.undo()
            moves = game.legal_moves()
            laying = [m for m in moves if m.kind in ("meld", "layoff")]
            game.play(rng.choice(laying or moves))
    assert seen_melds > 50  # melds were on the table, so the comparison means something

"""The draw phase's quick 'no' (`drawuse.quick_nos`) never refuses a take the full listing allows.

`_usable` first asks `quick_nos`, a bitmask test (the card in some natural meld, with
the cards from the hand the obligation asks for), and lists melds and lay-offs only
when it cannot say no. This plays random hands of every file whose pile takes must be
used (bundled and house rules) and, at every draw, compares the quick answer for each
depth with the full listing of the state after the take; and the takes the draw lists
(which skips the depths the quick test refuses without judging them one by one) are
exactly the depths whose full listing finds a use.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.core.moves import TAKE
from rulespec.interpreter.game import Game
from rulespec.interpreter.phases import draw as D
from rulespec.interpreter.phases.context import Ctx
from rulespec.interpreter.phases.draw import draw_moves
from rulespec.interpreter.phases.drawuse import quick_nos
from rulespec.interpreter.phases.lay import laying
from rulespec.interpreter.phases.layapply import scratch

ROOT = Path(__file__).resolve().parents[2]
FORTY = """
variant rummy500-forty extends rummy500 {
  title  "Rummy 500 with a 40-card pack"
  source "made up: runs jump from 7 to J"
  deck   1 deck, ranks A 2 3 4 5 6 7 J Q K
  players 2-4
  deal   7 each
}
"""
FILES = ["rummy500", str(ROOT / "examples/house-rules/rummy500-layoff.rules"), FORTY]


def _listing_finds(c: Ctx, taken: list[int], use: str, need: int) -> bool:
    hs = scratch(c.hs, c.seat, taken, table=False)
    hs.phase, hs.taken, hs.obligation = "play", list(taken), (taken[0], use, need)
    hs.turns[c.seat] += 1
    return bool(laying(Ctx(c.variant, hs, explain=False), one=True))


@pytest.mark.parametrize("name", FILES, ids=["rummy500", "rummy500-layoff", "forty-cards"])
def test_the_quick_no_agrees_with_the_listing(name: str) -> None:
    variant = rulespec.loads(name) if name.startswith("\n") else rulespec.load(name)
    depth = variant.draw.depth
    assert depth is not None and depth.use != "none"
    said_no = said_for_need = 0
    for seed in range(6):
        rng = random.Random(seed)
        game = Game.new(variant, 2 + seed % 2, seed=seed)
        while not game.hand_over:
            if game.hs.phase == "draw":
                c = Ctx(variant, game.hs, explain=False)
                pile = game.hs.discard
                for n in range(1, len(pile) + 1):
                    taken = pile[-n:]
                    if quick_nos(c, depth.use, depth.hand_cards)[n]:
                        said_no += 1
                        said_for_need += not quick_nos(c, depth.use, 0)[n]
                        assert not _listing_finds(c, taken, depth.use, depth.hand_cards), (
                            game.position(),
                            n,
                        )
            game.play(rng.choice(game.legal_moves()))
    assert said_no > 0  # the quick test did answer, so the comparison means something
    assert said_for_need > 0  # and so did its "N from the hand" clause


@pytest.mark.parametrize("name", FILES[:2], ids=["rummy500", "rummy500-layoff"])
def test_listed_takes_are_the_usable_depths(name: str) -> None:
    variant = rulespec.load(name)
    depth = variant.draw.depth
    assert depth is not None and depth.use != "none" and depth.use_when is None
    takes = 0
    for seed in range(3):
        rng = random.Random(seed)
        game = Game.new(variant, 2 + seed % 3, seed=seed)
        while not game.hand_over:
            if game.hs.phase == "draw":
                c = Ctx(variant, game.hs, explain=False)
                pile = game.hs.discard
                listed = [m.number for m in draw_moves(c) if m.kind == TAKE]
                usable = [
                    n
                    for n in range(depth.min, len(pile) + 1)
                    if _listing_finds(c, pile[-n:], depth.use, depth.hand_cards)
                ]
                assert listed == usable, game.position()
                takes += len(listed)
            game.play(rng.choice(game.legal_moves()))
    assert takes > 0  # some deep takes were legal, so the comparison means something


@pytest.mark.parametrize("name", ["kalooki", "scala-40", "conquian"])
def test_a_card_in_no_meld_changes_no_draw(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """`_usable` says no at once when the card taken lies in no meld of the hand
    (lonecards.in_no_meld) and goes on no table meld: the draws listed are the same
    with that test and without it, and the test does answer."""
    variant = rulespec.load(name)
    real = D.in_no_meld
    said = [0]

    def counted(*args: object) -> bool:
        got = real(*args)  # type: ignore[arg-type]
        said[0] += got
        return got

    monkeypatch.setattr(D, "in_no_meld", counted)
    compared = 0
    for seed in range(12):
        rng = random.Random(seed)
        game = Game.new(variant, min(variant.max_players, 2 + seed % 2), seed=seed)
        while not game.hand_over and compared < 150:
            if game.hs.phase == "draw":
                with_test = draw_moves(Ctx(game.rules, game.hs, explain=False))
                with monkeypatch.context() as m:
                    m.setattr(D, "in_no_meld", lambda *args: False)
                    without = draw_moves(Ctx(game.rules, game.hs, explain=False))
                assert with_test == without, game.position()
                compared += 1
            game.play(rng.choice(game.legal_moves()))
    assert compared > 50 and said[0] > 10

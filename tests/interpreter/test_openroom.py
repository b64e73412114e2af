"""The opening's bound from the cards alone (lonecards.meld_room) before the hand's listing:
never below what the hand's melds hold, and `opening_reachable`'s "no" from it changes no
legal move (the listing-based tests answering alone give the same lists), while it does
answer at many opening moments of Scala 40 and Kalooki."""

from __future__ import annotations

import random

import pytest

from rulespec.compiler.load import load_variant
from rulespec.interpreter.cards import build_deck
from rulespec.interpreter.game import Game
from rulespec.interpreter.meldgen import candidate_listing
from rulespec.interpreter.phases import judge, lonecards, openvalue


@pytest.mark.parametrize("name", ["scala-40", "kalooki", "continental", "indian-rummy"])
def test_the_room_holds_every_card_some_meld_holds(name: str) -> None:
    v = load_variant(name)
    best = openvalue._best_values(v)
    deck = build_deck(v, v.min_players)
    rng = random.Random(name)
    for _ in range(40):
        hand = rng.sample(deck, rng.randint(3, 13))
        melds, _every = candidate_listing(v, hand)
        held = {p[0] for meld in melds for p in meld}
        room = lonecards.meld_room(v, hand, best)
        assert room is not None
        assert room >= sum(best[x] for x in hand if x in held), hand


@pytest.mark.parametrize("name", ["scala-40", "kalooki"])
def test_the_room_changes_no_legal_move(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    v = load_variant(name)
    rng = random.Random(7)
    fired = [0]
    real = lonecards.meld_room

    def counted(*args: object) -> int | None:
        got = real(*args)  # type: ignore[arg-type]
        fired[0] += 1
        return got

    monkeypatch.setattr(openvalue, "meld_room", counted)
    compared = noes = 0
    for seed in range(4):
        g = Game.new(v, v.min_players, seed=seed)
        while not g.hand_over and compared < 100:
            if g.phase == "play":
                before = fired[0]
                with_room = judge.legal_moves(g.variant, g.hs)
                if fired[0] > before:
                    with monkeypatch.context() as m:
                        m.setattr(openvalue, "meld_room", lambda *args: None)
                        assert judge.legal_moves(g.variant, g.hs) == with_room
                    compared += 1
                    c_hand = g.hs.hands[g.to_move]
                    need = openvalue._opening_rules(v)
                    room = real(v, c_hand, openvalue._best_values(v))
                    noes += need is not None and room is not None and room < need
            g.play(rng.choice(g.legal_moves()))
    assert compared > 30 and noes > 5

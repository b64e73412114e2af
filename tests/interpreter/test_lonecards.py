"""The lone-card test before a going-out partition search never changes an answer.

`lonecards.lone_cards` counts the cards of a hand that lie in no meld of it; wayon.py
answers "cannot go out" when there are two (only one card may be the discard). Random
hands of variants with many meld rules (sets of distinct or of any suits, runs by every
ace mode, jokers, wild ranks, limits on wild cards) are compared with the complete
candidate listing: a card the test calls lone (or `in_no_meld` does, one card at a time)
is in no listed meld. Played positions of
going-out variants are listed with the test and with it answering "none lone": the legal
moves are the same, and the test does find two lone cards at some of them.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from rulespec.compiler.load import load_variant
from rulespec.interpreter.cards import build_deck
from rulespec.interpreter.game import Game
from rulespec.interpreter.meldgen import candidate_listing, lists_every_meld
from rulespec.interpreter.phases import judge
from rulespec.interpreter.phases import wayon as W
from rulespec.interpreter.phases.lonecards import _in_suits, in_no_meld, lone_cards

DATA = Path(__file__).resolve().parent.parent / "data" / "valid"
VARIANTS = [
    "continental",
    "indian-rummy",
    "three-thirteen",
    "scala-40",
    "kalooki",
    "carioca",
    "contract-rummy",
    "remik",
    "gin",
    str(DATA / "wild-continental-deuces.rules"),
]


def _truly_lone(variant: object, hand: list[int]) -> int | None:
    """Cards of `hand` (copies counted) in no meld of its complete listing (None: the
    listing is canonical, not complete)."""
    if not lists_every_meld(variant, hand):  # type: ignore[arg-type]
        return None
    melds, every = candidate_listing(variant, hand)  # type: ignore[arg-type]
    if not every:
        return None
    held = {p[0] for meld in melds for p in meld}
    for card in hand:  # the one-card test (the draw's look ahead) likewise
        assert not (in_no_meld(variant, hand, card) and card in held), (hand, card)  # type: ignore[arg-type]
    return sum(n for card, n in Counter(hand).items() if card not in held)


@pytest.mark.parametrize("name", VARIANTS)
def test_a_card_called_lone_is_in_no_meld(name: str) -> None:
    v = load_variant(name)
    rng = random.Random(name)
    deck = build_deck(v, max(v.min_players, 2))
    compared = lone_seen = 0
    hands = []
    for _ in range(150):
        hand = rng.sample(deck, rng.randint(3, 16))
        hands.append(hand)
        truth = _truly_lone(v, hand)
        if truth is None:
            continue
        got = lone_cards(v, hand, enough=99)
        assert got <= truth, (hand, got, truth)
        assert (lone_cards(v, hand) >= 2) == (got >= 2)  # counted up to `enough` (2)
        compared += 1
        lone_seen += got > 0
    assert compared > 60 and lone_seen > 10
    alone = sum(in_no_meld(v, hand, card) for hand in hands for card in hand)
    assert alone > 10  # the one-card test does answer


@pytest.mark.parametrize("name", ["continental", "indian-rummy", "three-thirteen"])
def test_the_test_changes_no_legal_move(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    v = load_variant(name)
    rng = random.Random(3)
    compared = said_no = 0
    for seed in range(40):
        g = Game.new(v, v.min_players + seed % 2, seed=seed)
        while not g.hand_over and compared < 120:
            if g.phase == "play":
                with_test = judge.legal_moves(v, g.hs)
                with monkeypatch.context() as m:
                    m.setattr(W, "lone_cards", lambda *args, **kwargs: 0)
                    without = judge.legal_moves(v, g.hs)
                assert with_test == without
                compared += 1
                said_no += lone_cards(v, g.hs.hands[g.to_move]) >= 2
            g.play(rng.choice(g.legal_moves()))
    assert compared > 50 and said_no > 10


def test_ranks_in_enough_suits_match_a_count_per_rank() -> None:
    """`_in_suits` (distinct-suit sets: the ranks held in at least `need` suits, by masks)
    equals counting each rank's suits."""
    rng = random.Random(4)
    for _ in range(400):
        suits = [rng.randrange(8192) for _ in range(4)]
        for need in range(1, 6):
            want = sum(1 << r for r in range(13) if sum(s >> r & 1 for s in suits) >= need)
            assert _in_suits(suits, need) == want

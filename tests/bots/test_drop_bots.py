"""The smart bot's drop (Indian Rummy: 20 before the first draw): it drops a hand far from
going out even when one meld is in it, and plays a good hand on (bots/dropping.py). Before,
it dropped only a hand with no meld at all, so the drop almost never fired."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from rulespec.bots import make_bot
from rulespec.bots.base import points, view_of
from rulespec.bots.dropping import SAMPLES, expected_loss, should_drop
from rulespec.bots.hands import deadwood
from rulespec.bots.turnacts import unseen
from rulespec.compiler.load import load_variant
from rulespec.interpreter.game import Game
from rulespec.model.variant import Variant

BAD = ["2C", "2D", "2H", "KS", "QH", "9D", "JC", "6S", "KD", "8H", "QC", "4S", "TD"]
GOOD = ["5H", "6H", "7H", "8H", "9S", "9D", "9C", "JC", "QC", "2D", "3D", "KS", "KH"]
OTHERS = [
    ["AS", "3C", "5S", "7C", "9H", "JH", "KC", "2S", "4D", "6D", "8D", "TH", "QS"],
    ["AH", "3S", "5C", "7D", "TS", "JS", "KH", "4C", "6C", "8C", "TC", "QD", "AD"],
    ["AC", "3H", "5D", "7S", "8S", "JD", "4H", "6H", "9C", "TH", "QH", "2H", "3C"],
]


def _first_turn(hand: list[str]) -> Game:
    """Seat 1 of four to move first, before drawing (the drop costs 20)."""
    position = {
        "players": 4,
        "dealer": 0,
        "to_move": 1,
        "hands": [OTHERS[0], hand, OTHERS[1], OTHERS[2]],
        "stock": ["4C", "5C", "6C", "7C", "8D", "9H", "TC", "JD", "QS", "KC", "AS", "2S"],
        "discard": ["5S"],
    }
    return Game.from_position(load_variant("indian-rummy"), position)


@pytest.mark.parametrize(("hand", "drops"), [(BAD, True), (GOOD, False)])
def test_smart_drops_a_bad_hand_and_plays_a_good_one(hand: list[str], drops: bool) -> None:
    g = _first_turn(hand)
    assert any(str(m) == "drop" for m in g.legal_moves())
    move = make_bot("smart", 1).choose(g.observation(1), g.legal_moves(), g.variant)
    assert (str(move) == "drop") is drops


def _deadwood_points(variant: Variant) -> Callable[[Sequence[int]], float]:
    return lambda cards: points(variant, deadwood(variant, cards))


def test_a_drop_skipped_without_sampling_is_one_sampling_would_skip() -> None:
    """should_drop answers a penalty at least the loss if beaten without sampling the table:
    the same answer as the expected loss, for both hands at every penalty from 0 to 100."""
    answers = []
    for hand in (BAD, GOOD):
        g = _first_turn(hand)
        view, variant = view_of(g.observation(1)), g.variant
        pool = unseen(variant, view)
        loss = _deadwood_points(variant)
        for penalty in range(0, 101, 5):
            full = penalty < expected_loss(view, pool, loss, loss, penalty)
            assert should_drop(view, pool, loss, loss, penalty) is full, (hand, penalty)
            answers.append(full)
    assert True in answers and False in answers  # both answers are checked


def _counted(
    cost: Callable[[Sequence[int]], float], asked: list[Sequence[int]]
) -> Callable[[Sequence[int]], float]:
    """`cost`, each hand it is asked of appended to `asked`."""

    def counted(cards: Sequence[int]) -> float:
        asked.append(cards)
        return cost(cards)

    return counted


def test_a_drop_settled_early_is_the_one_every_sample_gives() -> None:
    """should_drop stops sampling once no sample still to come could change its answer:
    the same answer as the expected loss of all the samples, on dealt hands at every
    penalty from 5 to 100, and it does stop early on some."""
    variant = load_variant("indian-rummy")
    early = 0
    for seed in range(4):
        g = Game.new(variant, 4, seed=seed)
        seat = g.to_move
        view = view_of(g.observation(seat))
        pool = unseen(variant, view)
        loss = _deadwood_points(variant)
        for penalty in range(5, 101, 5):
            asked: list[Sequence[int]] = []
            lost: list[Sequence[int]] = []
            rank = _counted(loss, asked)
            full = penalty < expected_loss(view, pool, loss, loss, penalty)
            got = should_drop(view, pool, rank, _counted(loss, lost), penalty)
            assert got is full, (seed, penalty)
            if 0 < len(asked) < SAMPLES + 1:  # settled early: no sample's loss was read
                early += 1
                assert lost == [view.hand]
    assert early > 5

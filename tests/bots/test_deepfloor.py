"""The smart bot's floor under the lookahead (bots/deepfloor.py) prunes only what cannot win.

Seeded smart self-play of games whose lookahead runs the counted search (two decks,
jokers, a knock game with whole-hand patterns): at every discard decision each
shortlisted candidate's floor is checked against its exact deep score (never above
it, whatever bar it is asked to clear), and the candidate `least_deep` picks is the
one `min` picks; the floor must have ruled some candidates out (else nothing was
shown). The lookahead prices the cards in no meld of the hand without a search
(`lone_draws`): those cards' summaries are checked against the solver's on the
grown hand, and the same hands are played again with that shortcut off: every
move is the same. So are the tallies read off a hand for the hand less a card (the
shallow discard scores, the knock check) or with a card (the buy's sampled
penalty cards, the gin check).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from rulespec.bots import (
    buying,
    deepfloor,
    discardpick,
    drawpick,
    ginplay,
    lonedraws,
    lookahead,
    make_bot,
)
from rulespec.bots.base import hand_value, view_of
from rulespec.bots.hands import dead_cards, dead_summary, tally
from rulespec.compiler.load import load_variant
from rulespec.interpreter import gensearch
from rulespec.interpreter.game import Game
from rulespec.model.variant import Variant

CASES = [("continental", 2, 1, 16), ("scala-40", 2, 1, 50), ("bridge", 2, 1, 50)]
"""(game, players, hands, moves per hand at most): a few seeded hands each."""


def _self_play(name: str, players: int, hands: int, moves: int) -> list[str]:
    """Every move of seeded smart self-play hands (cut after ``moves`` moves)."""
    variant = load_variant(name)
    log: list[str] = []
    for index in range(hands):
        game = Game.new(variant, players, seed=70 + index)
        bots = [make_bot("smart", 10 * index + seat) for seat in range(players)]
        while not game.hand_over and len(log) < moves * (index + 1):
            seat = game.to_move
            move = bots[seat].choose(game.observation(seat), game.legal_moves(), variant)
            log.append(f"{seat}:{move}")
            game.play(move)
    return log


@pytest.mark.parametrize(("name", "players", "hands", "moves"), CASES)
def test_floor_never_above_the_score_and_the_pick_is_min(
    name: str, players: int, hands: int, moves: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    counts = {"floored": 0, "pruned": 0, "cut": 0}

    def checked(
        options: Sequence[Any],
        exact: Callable[[Any, float | None], tuple[float, tuple[int, ...]] | None],
        floor: Callable[[Any, float], float | None],
    ) -> Any:
        keys = [exact(option, None) for option in options]
        best = min(k for k in keys if k is not None)
        for option, key in zip(options, keys, strict=True):
            assert key is not None
            for bar in (-math.inf, key[0] - 3.0, key[0], best[0] + deepfloor.MARGIN):
                low = floor(option, bar)
                if low is not None:
                    counts["floored"] += 1
                    assert low <= key[0] + 1e-9, (option, bar, low, key)
                cut = exact(option, bar)  # the lookahead's own bound: None only above the bar
                assert cut == key or (cut is None and key[0] > bar - 1e-9), (option, bar, key)
                counts["cut"] += cut is None
            low = floor(option, best[0] + deepfloor.MARGIN)
            counts["pruned"] += low is not None and low > best[0] + deepfloor.MARGIN
        picked = deepfloor.least_deep(options, exact, floor)
        assert picked is min(options, key=lambda option: exact(option, None))
        return picked

    monkeypatch.setattr(discardpick, "least_deep", checked)
    # the floor asked everywhere (on the counted search's C route the lookahead's own bound
    # stands in for it: `plusone.bounded_route`), so it is checked there too
    monkeypatch.setattr(deepfloor, "bounded_route", lambda variant, hand: False)
    _self_play(name, players, hands, moves)
    assert counts["pruned"] > 0 and counts["floored"] > counts["pruned"]
    assert counts["cut"] > 0 or gensearch.MODULE is None  # (the bound is the C call's)


@pytest.mark.skipif(gensearch.MODULE is None, reason="no C counted search: no C route")
def test_no_floor_where_the_lookahead_bounds_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    """On the C route the floor answers None (its bound is in the lookahead's call), and
    the moves are those played with the floor asked there too."""
    routed: list[bool] = []
    real = deepfloor.bounded_route

    def spy(variant: Variant, hand: Sequence[int]) -> bool:
        routed.append(real(variant, hand))
        return routed[-1]

    monkeypatch.setattr(deepfloor, "bounded_route", spy)
    played = _self_play("bridge", 2, 1, 40)
    assert any(routed)
    monkeypatch.setattr(deepfloor, "bounded_route", lambda variant, hand: False)
    assert _self_play("bridge", 2, 1, 40) == played


def _grown_checked(variant: Variant, hand: Sequence[int], pool: Any) -> int:
    """Check each lone draw's summary against the solver's on the grown hand."""
    lone = lonedraws.lone_draws(variant, hand)
    dw, count, worst = dead_summary(variant, hand)
    seen = 0
    for card in pool:
        if 0 <= card < 52 and lone >> card & 1:
            value = hand_value(variant, card)
            assert dead_summary(variant, [*hand, card]) == (
                dw + value,
                count + 1,
                max(worst, value),
            ), (hand, card)
            seen += 1
    return seen


@pytest.mark.parametrize(("name", "players", "hands", "moves"), CASES)
def test_lone_draws_just_join_the_deadwood(
    name: str, players: int, hands: int, moves: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    checked = [0]
    real = lookahead.next_turn

    def next_turn(variant: Variant, hand: Sequence[int], pool: Any, *rest: Any) -> Any:
        if len(checked) < 40:  # a few hands' worth: the solver is asked per card
            checked[0] += _grown_checked(variant, hand, pool)
            checked.append(1)
        return real(variant, hand, pool, *rest)

    monkeypatch.setattr(lookahead, "next_turn", next_turn)
    with_shortcut = _self_play(name, players, hands, moves)
    assert checked[0] > 0
    monkeypatch.setattr(lookahead, "next_turn", real)
    monkeypatch.setattr(lookahead, "lone_draws", lambda variant, hand: 0)
    assert _self_play(name, players, hands, moves) == with_shortcut


@pytest.mark.parametrize(
    ("name", "players", "hands", "moves"),
    [CASES[0], ("contract-rummy", 3, 1, 45)],
)
def test_tallies_read_off_the_hand_are_the_solvers(
    name: str, players: int, hands: int, moves: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    answered: dict[str, list[bool]] = {"less": [], "plus": [], "grown": []}
    less, plus = deepfloor.less_one, buying.plus_one_tallies

    def less_checked(variant: Variant, hand: Sequence[int], cards: Sequence[int]) -> Any:
        got = less(variant, hand, cards)
        if got is not None:
            rest = list(hand)
            rest.remove(cards[0])
            assert got == tally(variant, rest, False), (hand, cards)
        answered["less"].append(got is not None)
        return got

    def plus_checked(variant: Variant, hand: Sequence[int], cards: Sequence[int]) -> Any:
        tallies = plus(variant, hand, cards)
        for card, got in zip(cards, tallies, strict=True):
            lone = deepfloor.plus_one_tally(variant, hand, card)  # one by one: the lone ones
            assert lone is None or got == lone
            answered["grown"].append(lone is None and got is not None)  # plus_one's answer
            if got is not None:
                assert got == tally(variant, [*hand, card], False), (hand, card)
            answered["plus"].append(got is not None)
        return tallies

    monkeypatch.setattr(drawpick, "less_one", less_checked)
    monkeypatch.setattr(discardpick, "less_one", less_checked)
    monkeypatch.setattr(buying, "plus_one_tallies", plus_checked)
    with_shortcut = _self_play(name, players, hands, moves)
    assert any(answered["less"])  # read off the hand, no search
    assert any(answered["plus"]) or name != "contract-rummy"  # (buying: contract-rummy)
    assert any(answered["grown"]) or name != "contract-rummy"
    monkeypatch.setattr(drawpick, "less_one", lambda variant, hand, cards: None)
    monkeypatch.setattr(discardpick, "less_one", lambda variant, hand, cards: None)
    monkeypatch.setattr(
        buying, "plus_one_tallies", lambda variant, hand, cards: [None] * len(cards)
    )
    assert _self_play(name, players, hands, moves) == with_shortcut


@pytest.mark.parametrize("name", ["bridge", "continental", "scala-40"])
def test_dead_cards_read_off_the_hand_are_the_solvers(name: str) -> None:
    """`ginplay`'s knock and gin checks read the hand less a lone card, or with one."""
    variant = load_variant(name)
    seen = 0
    for seed in range(6):
        game = Game.new(variant, 2, seed=seed)
        hand = list(view_of(game.observation(0)).hand)[:10]
        dw, dead = dead_cards(variant, hand)
        held = lonedraws.held_lone(variant, hand)
        for card in set(hand):
            if held >> card & 1:
                rest = list(hand)
                rest.remove(card)
                assert dead_cards(variant, rest)[0] == dw - hand_value(variant, card)
                seen += 1
        lone = lonedraws.lone_draws(variant, hand)
        for card in range(52):
            if lone >> card & 1:
                got, grown = dead_cards(variant, [*hand, card])
                assert got == dw + hand_value(variant, card)
                assert sorted(grown) == sorted([*dead, card])
                seen += 1
    assert seen > 20


def test_knock_checks_choose_as_without_the_shortcut(monkeypatch: pytest.MonkeyPatch) -> None:
    fired: list[bool] = []
    real = ginplay.held_lone

    def counted(variant: Variant, hand: Sequence[int]) -> int:
        got = real(variant, hand)
        fired.append(got != 0)
        return got

    monkeypatch.setattr(ginplay, "held_lone", counted)
    with_shortcut = _self_play("bridge", 2, 1, 60)
    assert any(fired)
    monkeypatch.setattr(ginplay, "held_lone", lambda variant, hand: 0)
    monkeypatch.setattr(ginplay, "lone_draws", lambda variant, hand: 0)
    assert _self_play("bridge", 2, 1, 60) == with_shortcut


def test_least_deep_is_min_with_its_ties() -> None:
    scores = {1: 5.0, 2: 3.0, 3: 3.0, 4: 9.0}
    asked: list[int] = []

    def exact(option: int, bar: float | None) -> tuple[float, tuple[int, ...]]:
        asked.append(option)
        return scores[option], (0,)  # equal keys: the first one stays

    assert deepfloor.least_deep([1, 2, 3, 4], exact, lambda o, bar: None) == 2
    asked.clear()
    assert deepfloor.least_deep([1, 2, 3, 4], exact, lambda o, bar: scores[o] - 0.5) == 2
    assert asked == [1, 2, 3]  # 4's floor (8.5) is above 3: never scored
    asked.clear()
    floors = {2: 5.0 + deepfloor.MARGIN / 2, 3: 2.0, 4: 3.0 + deepfloor.MARGIN / 2}  # within
    assert deepfloor.least_deep([1, 2, 3, 4], exact, lambda o, bar: floors[o]) == 2
    assert asked == [1, 2, 3, 4]
    asked.clear()

    def bounded(option: int, bar: float | None) -> tuple[float, tuple[int, ...]] | None:
        asked.append(option)  # None: proven above the bar (as the lookahead's bound says)
        return None if bar is not None and scores[option] > bar else (scores[option], (0,))

    assert deepfloor.least_deep([1, 2, 3, 4], bounded, lambda o, bar: None) == 2
    assert deepfloor.least_deep([4, 1, 3, 2], bounded, lambda o, bar: None) == 3

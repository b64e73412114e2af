"""The contract tests before the per-meld searches never change which melds are legal.

`contractfit.contract_possible` lets lay.py refuse every meld at once when no choice of
melds of the hand makes the contract, and `may_complete` refuses one meld without its
way-on search when no choice of other melds completes the contract with it. Played
positions of contract files are listed with each and with it answering "possible"
always (each meld then runs its own search): the legal moves are the same, and the
test does say "impossible" at some of them. The listing each uses is remembered per
hand (meldlist.py): it is the listing of the hand.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from rulespec.compiler.load import load_variant
from rulespec.core.cards import parse_card
from rulespec.interpreter.game import Game
from rulespec.interpreter.meldgen import candidate_melds
from rulespec.interpreter.meldlist import hand_listing
from rulespec.interpreter.phases import contractfit, judge, openvalue
from rulespec.interpreter.phases import lay as L
from rulespec.model.variant import Variant

DATA = Path(__file__).resolve().parent.parent / "data" / "valid"


def test_a_hand_that_holds_the_contract_and_one_that_does_not() -> None:
    v = load_variant(str(DATA / "rummy-contract.rules"))  # 1 set of 3 and 1 run of 4
    hand = [parse_card(c) for c in ["3C", "3D", "3S", "7H", "8H", "9H", "TH", "5C"]]
    assert contractfit.contract_possible(v, hand)
    assert not contractfit.contract_possible(v, hand[:3] + hand[4:])  # 8H 9H TH: a run of 3


def _play_positions(v: Variant, seeds: int, limit: int, rng_seed: int) -> Iterator[Game]:
    """Random play of `seeds` hands, yielding the game at each position of the play phase
    (at most `limit` of them)."""
    rng = random.Random(rng_seed)
    seen = 0
    for seed in range(seeds):
        g = Game.new(v, min(v.max_players, v.min_players + seed % 2), seed=seed)
        while not g.hand_over and seen < limit:
            if g.phase == "play":
                seen += 1
                yield g
            g.play(rng.choice(g.legal_moves()))


def _same_without(g: Game, monkeypatch: pytest.MonkeyPatch, test: str) -> None:
    """The legal moves are the same with lay.py's `test` and with it answering "possible"."""
    with_test = judge.legal_moves(g.variant, g.hs)
    with monkeypatch.context() as m:
        m.setattr(L, test, lambda *args: True)
        without = judge.legal_moves(g.variant, g.hs)
    assert with_test == without


@pytest.mark.parametrize("name", ["rummy-contract.rules", "schedule-small.rules"])
def test_the_test_changes_no_legal_move(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    v = load_variant(str(DATA / name))
    compared = refused = 0
    for g in _play_positions(v, 6, 400, 4):
        _same_without(g, monkeypatch, "contract_possible")
        compared += 1
        refused += not contractfit.contract_possible(g.variant, g.hs.hands[g.to_move])
    assert compared > 50 and refused > 10


@pytest.mark.parametrize(
    "name", ["rummy-contract.rules", "schedule-small.rules", "contract-rummy", "carioca"]
)
def test_the_meld_test_changes_no_legal_move(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    v = load_variant(name if "." not in name else str(DATA / name))
    said_no = _count_noes(monkeypatch, "may_complete", contractfit.may_complete)
    compared = 0
    for g in _play_positions(v, 8, 300, 5):
        _same_without(g, monkeypatch, "may_complete")
        compared += 1
        hand = g.hs.hands[g.to_move]
        assert hand_listing(v, hand)[0] == tuple(candidate_melds(v, hand))
    assert compared > 50 and said_no[0] > 0


@pytest.mark.parametrize("test", ["value_may_reach", "opening_reachable"])
@pytest.mark.parametrize("name", ["scala-40", "kalooki"])
def test_the_opening_value_tests_change_no_legal_move(
    name: str, test: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first laying down's minimum, tested two ways, says "no" only where every
    candidate's own search would: the legal moves are the same with the test answering
    "possible" always, and it does say "no". `value_may_reach` (per candidate: the way-on
    search's minimum) is compared with `opening_reachable` (no disjoint melds of the hand
    worth the minimum: no meld listed) answering "reachable", as it answers first."""
    v = load_variant(name)
    if test == "value_may_reach":
        monkeypatch.setattr(L, "opening_reachable", lambda *args: True)
    said_no = _count_noes(monkeypatch, test, getattr(openvalue, test))
    compared = 0
    for g in _play_positions(v, 6, 120, 6):
        _same_without(g, monkeypatch, test)
        compared += 1
    assert compared > 50 and said_no[0] > 20


def _count_noes(monkeypatch: pytest.MonkeyPatch, name: str, real: Callable[..., bool]) -> list[int]:
    """Wrap the laying module's ``name`` (``real``) so each "no" it answers is counted in
    the returned one-item list."""
    said_no = [0]

    def counted(*args: Any) -> bool:
        got = real(*args)
        said_no[0] += not got
        return got

    monkeypatch.setattr(L, name, counted)
    return said_no


@pytest.mark.parametrize("name", ["contract-rummy", "rummy-contract.rules", "schedule-small.rules"])
def test_the_card_count_changes_no_legal_move(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """`_may_hold`'s "no" before the listing: the legal moves are the same with it answering
    "maybe" always (the listing's search alone), and it answers "no" at many positions,
    never where the listing's search says "possible"."""
    v = load_variant(name if "." not in name else str(DATA / name))
    real = contractfit._may_hold
    compared = noes = 0
    for g in _play_positions(v, 6, 120, 8):
        hand = g.hs.hands[g.to_move]
        with_count = judge.legal_moves(g.variant, g.hs)
        with monkeypatch.context() as m:
            m.setattr(contractfit, "_may_hold", lambda *args: True)
            assert judge.legal_moves(g.variant, g.hs) == with_count
            searched = contractfit.contract_possible(g.variant, hand)
        said = real(g.variant, hand)
        assert said or not searched  # a "no" only where the search says "no" too
        compared += 1
        noes += not said
    assert compared > 50 and noes > 10

"""A hand's listing assembled from its groups' named melds (meldlist, meldgroups) is the whole
listing (meldgen.candidate_listing), on seeded hands of every bundled variant and of the rule
files of tests/data/valid.

Random play: at every position the mover's hand is listed through the memo and compared
with `candidate_listing` of the hand; then random hands dealt from each variant's own deck
(many wild cards, long suits, two copies of a card) the same way. A group's named melds are
kept across hands, so a wrong key or a wrong split into the melds held by one group alone
and the melds several groups may name would show as a listing that differs.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rulespec.compiler.load import bundled_names, load_variant
from rulespec.interpreter import meldgen
from rulespec.interpreter import meldgroups as MG
from rulespec.interpreter import meldlist as ML
from rulespec.interpreter.game import Game
from rulespec.interpreter.meldgen import FULL_LISTING, candidate_listing
from rulespec.interpreter.meldrules import tables
from rulespec.model.variant import Variant

VALID = Path(__file__).resolve().parents[1] / "data/valid"
FILES = sorted(p.name for p in VALID.iterdir() if p.suffix in (".rules", ".yaml"))
MOVES = 40  # moves of random play per seed (seeds until twice this many are listed)


def _variant(name: str) -> Variant | None:
    try:
        return load_variant(str(VALID / name) if name in FILES else name)
    except Exception:  # (a file of tests/data/valid that is not a variant alone: a match)
        return None


def _check(variant: Variant, hand: list[int]) -> bool:
    """The memo's listing of the hand is `candidate_listing`'s; True when every meld is. (A
    hand with more wild cards than `FULL_LISTING` gets a canonical listing, made whole by
    meldgen alone: there only `every_meld`'s "no" is asked.)"""
    t = tables(variant)
    key = tuple(sorted(hand))
    if sum(1 for c in hand if t.wild_code(c)) > FULL_LISTING:
        assert MG.every_meld(MG.GroupNames(variant, t), key) is None
        return False
    got = ML.hand_listing(variant, hand)
    melds, every = candidate_listing(variant, key)
    assert got == (tuple(melds), every), key
    return every


@pytest.mark.parametrize("name", [*bundled_names(), *FILES])
def test_a_listing_is_the_whole_listing(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    variant = _variant(name)
    if variant is None:
        pytest.skip("not a variant alone")
    monkeypatch.setattr(ML, "_MEMO", {})
    players = min(variant.max_players, max(2, variant.min_players))
    listed = 0
    deck: list[int] = []
    for seed in range(8):
        if listed >= 2 * MOVES:
            break
        rng = random.Random(seed)
        game = Game.new(variant, players, seed=seed)
        hs = game.hs
        deck = [c for hand in hs.hands for c in hand] + list(hs.stock) + list(hs.discard)
        for _ in range(MOVES):
            if game.hand_over:
                break
            _check(variant, list(game.hs.hands[game.to_move]))
            listed += 1
            game.play(rng.choice(game.legal_moves()))
    rng = random.Random(7)
    for size in (3, 7, 11, 15, 20):
        for _ in range(4):
            _check(variant, rng.sample(deck, min(size, len(deck))))
    assert listed > 10


def test_wild_cards_and_two_decks_reach_the_shared_melds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hands with wild cards in two-deck variants list melds several groups name (a natural
    card with wild cards: its rank's sets and its suit's runs name the same cards)."""
    monkeypatch.setattr(ML, "_MEMO", {})
    variant = load_variant("continental")
    rng = random.Random(3)
    deck = [*range(52), *range(52), 52, 52, 52, 52]
    shared = every = 0
    for _ in range(150):
        hand = rng.sample(deck, 9) + [52, 52]
        every += _check(variant, hand)
    store = ML._MEMO[id(variant)].groups
    for named in store.named.values():
        if named is not None:
            shared += len(named[1])
    assert every > 100 and shared > 100


@pytest.mark.parametrize("budget", [12, 40])
def test_over_the_budget_is_the_canonical_listing(
    budget: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a small budget, hands whose melds pass it (one group alone, or only all groups
    together) get the canonical listing, as `candidate_listing` gives them."""
    monkeypatch.setattr(ML, "_MEMO", {})
    monkeypatch.setattr(meldgen, "FULL_BUDGET", budget)
    monkeypatch.setattr(MG, "FULL_BUDGET", budget)
    variant = load_variant("continental")
    rng = random.Random(budget)
    deck = [*range(52), *range(52), *range(52), 52, 52, 52, 52, 52, 52]
    every = 0
    for _ in range(120):
        every += _check(variant, rng.sample(deck, rng.choice((9, 12, 15))))
    assert 5 < every < 110


def test_a_long_suit_without_wild_cards_holds_its_windows() -> None:
    """`_run_subsets` without wild cards reads a long suit's windows (`_held_windows`): the
    same answers as walking every subset, for every rank mask of every bundled line key."""
    lines = {tables(load_variant(name)).line for name in bundled_names()}
    assert len(lines) > 1
    for line in sorted(lines):
        for present in range(1, 1 << 13):
            walked = meldgen._every_subset(line, present, 0)
            assert meldgen._held_windows(line, present) == walked, (line, present)
            assert meldgen._run_subsets(line, present, 0) == walked

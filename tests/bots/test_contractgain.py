"""The stock's hope toward a contract of runs alone (bots/contractgain.py): `runs_cut`
settles a card's cut as the grown hand's shortfall does, and it settles most cards."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from rulespec.bots import contracts as C
from rulespec.bots import hands as H
from rulespec.bots.contractgain import runs_cut, stock_gain
from rulespec.compiler.load import load_variant
from rulespec.interpreter.game import Game
from rulespec.model.variant import Variant

VALID = Path(__file__).resolve().parent.parent / "data" / "valid"


def _runs_only() -> list[Variant]:
    """Indian rummy (two runs, one pure, wild cards), a two-run contract on one deck, and
    Indian rummy asking three runs (`_best_choice`'s path) and none pure."""
    indian = load_variant("indian-rummy")
    three = replace(indian, play=replace(indian.play, contract_runs=3, contract_pure=0))
    return [indian, load_variant(str(VALID / "rummy-contract-two-runs.rules")), three]


@pytest.mark.parametrize("index", range(3))
def test_runs_cut_answers_as_the_grown_hands_shortfall(index: int) -> None:
    variant = _runs_only()[index]
    plan = C.plan_of(variant)
    assert plan.runs and not plan.sets
    deck = list(Game.new(variant, variant.min_players, seed=index).hs.stock)
    rng = random.Random(index)
    settled = asked = cut = 0
    for round_ in range(12):
        rng.shuffle(deck)
        hand, pool = deck[:13], Counter(deck[13:60])
        now = C._shortfall(variant, hand)
        base = C.hand_state(plan, hand)
        old = C.held_keys(plan, base[2])
        for card in sorted(c for c in pool if c < 52 and c not in plan.wild):
            asked += 1
            got = runs_cut(plan, base, now, card, old)
            if got is not None:
                settled += 1
                cut += got
                assert got == (C._shortfall(variant, [*hand, card]) < now), (hand, card)
        if round_ % 3:
            continue
        H._CACHE.clear()
        want = sum(n for c, n in pool.items() if C._shortfall(variant, [*hand, c]) < now)
        assert stock_gain(variant, hand, pool) == (want / pool.total() if now else 0.0)
    assert settled > asked // 2 and cut > 0, (settled, asked, cut)

"""The smart bot's mask paths give the general loops' answers exactly (bots/masklook.py).

Differential: random hands and pools of several rule sets, each question asked
with the mask path and with it switched off (the general loops over the cached
arrangements), compared for equality (floats included: the decisions must not
change by a rounding).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rulespec.bots import ginplay, handcost, hands, lookahead, masklook, partials
from rulespec.bots.smart import SmartBot
from rulespec.compiler.load import load_variant
from rulespec.interpreter.cards import pack_codes
from rulespec.model.variant import Variant

GAMES = ("gin", "rummy", "oklahoma", "michigan", "knock-rummy", "tonk")


def _deals(variant: Variant, count: int, seed: int) -> list[tuple[list[int], Counter[int]]]:
    rng = random.Random(seed)
    pack = list(pack_codes(variant))
    out = []
    for _ in range(count):
        rng.shuffle(pack)
        size = rng.choice((7, 10, 11))
        hand = pack[:size]
        seen = rng.randrange(0, 15)
        pool = Counter(pack[size + seen :])
        out.append((hand, pool))
    return out


def _without_masks(monkeypatch: pytest.MonkeyPatch) -> None:
    for module in (lookahead, hands, ginplay, partials, handcost):
        monkeypatch.setattr(module, "mask_look", lambda variant: None)
    monkeypatch.setattr("rulespec.bots.maskscore.mask_look", lambda variant: None)


@pytest.mark.parametrize("game", GAMES)
def test_mask_paths_answer_as_the_general_loops(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    variant = load_variant(game)
    assert masklook.mask_look(variant) is not None  # the path under test applies
    deals = _deals(variant, 15, sum(map(ord, game)))

    def answers() -> list[object]:
        bot = SmartBot(1)  # (a new bot: its cost reads the mask path once)
        got: list[object] = []
        for hand, pool in deals:
            for limit, weight in ((10, 0.0), (None, 5.0), (0, 0.0)):
                got.append(lookahead.next_turn(variant, hand, pool, limit, weight))
            got.append(partials.potential(variant, hand, pool, 3.0))
            got.append(hands.outs(variant, hand, pool))
            got.append(bot.cost(variant, hand))
            got.append(bot._best_after_discard(variant, hand, hand[:1], pool))
            got.append(ginplay.knock_ready(variant, hand, (), 10))
            got.append(ginplay.all_melded(variant, hand, hand[:2]))
        return got

    fast = answers()
    _without_masks(monkeypatch)
    assert answers() == fast


def test_mask_path_steps_aside_for_wild_cards_and_patterns() -> None:
    assert masklook.mask_look(load_variant("kalooki")) is not None  # one-deck parts still apply
    look = masklook.mask_look(load_variant("gin"))
    assert look is not None
    assert look.mask_of([0, 0, 5]) is None  # a duplicate: the general search
    assert look.next_turn([0, 1, 2], Counter({52: 2, 7: 1}), 10, 0) is None  # jokers unseen

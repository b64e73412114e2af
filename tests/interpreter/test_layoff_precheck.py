"""showdown.cannot_lay_off never skips a defender who could lay off (differential).

The showdown skips `arrange.best_layoff` for a defender none of whose cards could join
any shown meld. Held to the search itself on random knocks: the knocker's least-deadwood
showing against a random defender's hand, in gin, in a wild-card knock rummy (a wild
card can join any meld) and with aces high or low.
"""

from __future__ import annotations

import random

import pytest
from interp_helpers import cards, make_variant

from rulespec.compiler.load import load_variant
from rulespec.interpreter.arrange import best_layoff
from rulespec.interpreter.cards import pack_codes
from rulespec.interpreter.melds import normalize
from rulespec.interpreter.showdown import cannot_lay_off, least_showings

VARIANTS = {
    "gin": lambda: load_variant("gin"),
    "wild-twos": lambda: make_variant("wild-twos", melds={"wild": {"cards": ["2"]}}),
    "aces-both": lambda: make_variant("aces-both", ace="high_or_low"),
}


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_a_skipped_defender_has_no_lay_off(name: str) -> None:
    variant = VARIANTS[name]()
    rng = random.Random(name)
    pack = list(pack_codes(variant))
    skipped = searched = laid = 0
    for _ in range(120):
        rng.shuffle(pack)
        knocker, defender = pack[:10], pack[10:20]
        table = list(least_showings(variant, knocker)[0].melds)
        if not table:
            continue
        offs = best_layoff(variant, defender, table)[1]
        if cannot_lay_off(variant, defender, table):
            skipped += 1
            assert offs == [], (knocker, defender)
        else:
            searched += 1
            laid += bool(offs)
    assert skipped and searched and laid  # both sides of the test were asked


def test_a_wild_card_alone_can_lay_off() -> None:
    """No natural card of the hand fits 5H 6H 7H, but the wild 2C can (as 4H or 8H)."""
    variant = VARIANTS["wild-twos"]()
    table = [normalize(variant, [(c, c) for c in cards("5H 6H 7H")])]
    hand = cards("2C KS 8D 4C")
    assert table[0] is not None and best_layoff(variant, hand, table)[1]  # type: ignore[list-item]
    assert not cannot_lay_off(variant, hand, table)  # type: ignore[arg-type]
    assert cannot_lay_off(variant, cards("KS 8D 4C"), table)  # type: ignore[arg-type]

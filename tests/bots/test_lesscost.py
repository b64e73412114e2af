"""The smart bot's costs of a hand less each card from one solver call (bots layer):
`hands.summaries_less` and `handcost.tallies_less` against the per-card `dead_summary`,
`pure_summary` and `tally` (kept answers read as `dead_summary` reads them), and seeded
smart hands played with the shortcut (the shallow discard pass, `discardpick._plain_all`,
and the draw's best discard, `drawpick._knowns`) and without it: every move the same, the
shortcut fired."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from test_drawpick import _moves

from rulespec.bots import discardpick, drawpick, handcost, hands
from rulespec.compiler.load import load_variant
from rulespec.interpreter import gensearch


def test_each_rest_is_dead_summary_and_tally_kept_answers_first() -> None:
    variant = load_variant("continental")
    hand = [0, 1, 2, 3, 15, 15, 30, 30, 44, 9, 22, 52]
    cards = sorted({c for c in hand if c < 52})
    rest = list(hand)
    rest.remove(9)
    hands.arrangement(variant, rest)  # a kept arrangement: read off it, as dead_summary does
    got = hands.summaries_less(variant, hand, cards, False)
    assert (got is None) == (gensearch.MODULE is None)
    expected = []
    for card in cards:
        rest = list(hand)
        rest.remove(card)
        expected.append(hands.dead_summary(variant, rest))
    assert got is None or got == expected
    tallies = handcost.tallies_less(variant, hand, cards)
    assert tallies is None or tallies == [(dw, n, 0) for dw, n, _ in expected]
    indian = load_variant("indian-rummy")  # a pure-run contract: the pure runs counted
    pure = handcost.tallies_less(indian, hand, cards)
    assert (pure is None) == (gensearch.MODULE is None)
    expected = []
    for card in cards:
        rest = list(hand)
        rest.remove(card)
        expected.append(hands.tally(indian, rest, True))
    assert pure is None or pure == expected
    assert handcost.tallies_less(load_variant("bridge"), hand, cards) is None  # a knock game


@pytest.mark.parametrize(
    ("name", "players", "seed"),
    [("continental", 2, 1), ("contract-rummy", 3, 2), ("indian-rummy", 2, 3)],
)
def test_seeded_hands_choose_the_same_moves_without_it(
    monkeypatch: pytest.MonkeyPatch, name: str, players: int, seed: int
) -> None:
    fired = Counter[str]()

    def counted(where: str) -> Any:
        def tallies(*args: Any) -> Any:
            got = handcost.tallies_less(*args)
            fired[where] += got is not None
            return got

        return tallies

    monkeypatch.setattr(discardpick, "tallies_less", counted("discard"))
    monkeypatch.setattr(drawpick, "tallies_less", counted("draw"))
    shortcut = _moves(name, players, seed)
    monkeypatch.setattr(discardpick, "tallies_less", lambda *args: None)
    monkeypatch.setattr(drawpick, "tallies_less", lambda *args: None)
    assert _moves(name, players, seed) == shortcut
    if gensearch.MODULE is not None:
        assert fired["discard"] > 0 and fired["draw"] > 0

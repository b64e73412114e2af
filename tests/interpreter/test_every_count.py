"""Every bundled variant at EVERY allowed player count: a bot hand ends, cards are conserved.

The invariant tests go deep at the minimum, middle and maximum counts; this one
goes wide, so a deal table or deck table that breaks at one odd count (say 7
players of michigan-two-decks, or 9 of continental) cannot slip through.
"""

from __future__ import annotations

from collections import Counter

import pytest

from rulespec.bots import make_bot
from rulespec.compiler.load import bundled_names, load_variant
from rulespec.core.cards import parse_card, parse_placed
from rulespec.interpreter.cards import build_deck
from rulespec.interpreter.game import Game
from rulespec.interpreter.phases.stock import CAPPED

CASES = [
    (name, n)
    for name in bundled_names()
    for n in range(load_variant(name).min_players, load_variant(name).max_players + 1)
]


def _cards_in_play(position: dict) -> Counter[int]:
    seen: Counter[int] = Counter()
    for hand in position["hands"]:
        seen.update(parse_card(c) for c in hand)
    seen.update(parse_card(c) for c in position["stock"])
    seen.update(parse_card(c) for c in position["discard"])
    for meld in position["melds"]:
        seen.update(parse_placed(c)[0] for c in meld["cards"])
    return seen


@pytest.mark.parametrize(("name", "players"), CASES, ids=[f"{v}-{n}p" for v, n in CASES])
def test_a_bot_hand_ends_with_every_card_accounted_for(name: str, players: int) -> None:
    variant = load_variant(name)
    game = Game.new(variant, players, seed=players)
    deck = Counter(build_deck(variant, players))
    bots = [make_bot("greedy" if seat % 2 else "smart", seed=seat) for seat in range(players)]
    assert _cards_in_play(game.position()) == deck
    while not game.hand_over:
        seat = game.to_move
        game.play(bots[seat].choose(game.observation(seat), game.legal_moves(), variant))
    result = game.hand_result
    assert result is not None and result.get("why") != CAPPED
    assert len(result.scores) == players
    # after the hand, knock lay-offs stay in hands (docs/position.md): still the whole deck
    assert _cards_in_play(game.position()) == deck

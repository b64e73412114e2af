"""The smart bot's knock checks read the deadwood without naming melds (bots layer).

`ginplay.knock_ready` / `wait_for_gin` (and `hold_melds`, `knocktime`) and `hands.tally` under
a knock ask `hands.dead_cards` (the best arrangement's deadwood and its cards, melds left
unnamed) where they asked `hands.arrangement`, `wait_for_gin` stops counting gin cards once
its answer is settled, and `hands.dead_summary` reads an answer `dead_cards` already gave.
Held here to the arrangement they replaced, on bridge (two decks, wild jokers: no card-mask
path, so the cached search answers), over seeded hands.
"""

from __future__ import annotations

import random
from collections import Counter

from rulespec.bots import ginplay
from rulespec.bots.base import JOKER, Move, MoveText, View, hand_value, parse_move, points
from rulespec.bots.hands import arrangement, dead_cards, dead_summary, deck_counts
from rulespec.bots.masklook import mask_look
from rulespec.compiler.load import load_variant
from rulespec.interpreter import solver
from rulespec.model.variant import Variant


def _near_gin(rng: random.Random) -> list[int]:
    """Three runs of three, a low loose card (sometimes a joker) and one more card."""
    hand: list[int] = []
    for suit in rng.sample(range(4), 3):
        start = rng.randrange(11)
        hand += [suit * 13 + start + i for i in range(3)]
    hand.append(JOKER if rng.random() < 0.2 else rng.randrange(4) * 13 + rng.randrange(4))
    hand.append(rng.randrange(52))
    return hand


def _old_wait(variant: Variant, view: View, rest: list[int], pool: Counter[int]) -> bool:
    """`wait_for_gin` as it read the arrangement (its stock and discard checks passed)."""
    if not 0 < points(variant, arrangement(variant, rest)[0]) <= ginplay.GIN_CLOSE:
        return False
    hits = 0
    for card, n in pool.items():
        got, _, dead = arrangement(variant, [*rest, card])
        hits += n * (got - max((hand_value(variant, d) for d in dead), default=0) == 0)
    total = sum(pool.values())
    return bool(total) and hits / total >= ginplay.GIN_CHANCE


def test_knock_checks_answer_as_the_arrangement() -> None:
    variant = load_variant("bridge")
    assert mask_look(variant) is None  # the cached-search path is the one under test
    deck = deck_counts(variant, 2)
    rng = random.Random(7)
    discard = [(parse_move("discard 5C"), Move.parse("discard 5C"))]
    seen: dict[str, set[bool]] = {"ready": set(), "wait": set()}
    for i in range(60):
        hand = _near_gin(rng) if i % 2 else rng.sample(list(deck.elements()), 11)
        pool = deck - Counter(hand)
        view = View(0, 2, "play", 0, tuple(hand), (11, 10), (), 0, (), 30, (0, 0), ())
        rest, knock = hand[:-1], MoveText(text="knock", kind="knock", cards=(hand[-1],))
        wait = ginplay.wait_for_gin(
            view, variant, hand, knock, {"discard": discard}, lambda p=pool: p
        )
        assert wait is _old_wait(variant, view, rest, pool), hand
        for limit in (5, 10):
            plain = any(
                arrangement(variant, hand[:j] + hand[j + 1 :])[0] <= limit for j in range(11)
            )
            assert ginplay.knock_ready(variant, hand, (), limit) is plain
            seen["ready"].add(plain)
        seen["wait"].add(wait)
    assert all(s == {True, False} for s in seen.values()), seen


def test_dead_cards_then_summary_are_the_arrangements() -> None:
    """Asked first (no arrangement cached), `dead_cards` gives the arrangement's deadwood
    cards, and `dead_summary` read off that answer is the solver's own summary."""
    variant = load_variant("bridge")
    cards = list(deck_counts(variant, 2).elements())
    rng = random.Random(11)
    wild_dead = 0
    for size in (2, 3, 10, 11, 12):
        for _ in range(15):
            hand = rng.sample(cards, size)
            got = dead_cards(variant, hand)
            assert dead_summary(variant, hand) == solver.dead_summary(variant, hand), hand
            value, _, dead = arrangement(variant, hand)
            assert got == (value, dead), hand
            wild_dead += JOKER in dead
    assert wild_dead  # a dead wild card's value is left out of the highest

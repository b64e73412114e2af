"""The smart bot's per-decision memos answer as the plain computations do (bots layer).

`greedy.split_moves` reads its parse by the Move object's id, `knocktime.knock_limit`
keeps its answer by (variant, players, upcard), `knocktime.draws_taken` counts a growing
history incrementally, `botview._history` hands back the same events when nothing is new,
and `ginplay.knock_ready` asks C for the least deadwood after a discard: each held here
to the computation it replaces, over seeded hands.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from rulespec.bots import ginplay, greedy, knocktime, make_bot
from rulespec.bots import view as botview
from rulespec.bots.base import Move, View, parse_move, view_of
from rulespec.bots.hands import arrangement
from rulespec.compiler.load import load_variant
from rulespec.interpreter.game import Game


def _views(name: str, seed: int, players: int = 2) -> list[tuple[View, list[Move]]]:
    """Each decision's view and legal moves of one smart self-play hand."""
    variant = load_variant(name)
    game = Game.new(variant, players, seed=seed)
    bots = [make_bot("smart", seat) for seat in range(players)]
    out = []
    while not game.observation(0).get("hand_over"):
        seat = game.to_move
        obs, legal = game.observation(seat), game.legal_moves()
        if not legal:
            break
        out.append((view_of(obs), legal))
        game.play(bots[seat].choose(obs, legal, variant))
    return out


def _plain_draws(view: View, seat: int) -> int:
    return sum(1 for e in view.history if e.seat == seat and e.move.kind in ("draw", "take"))


@pytest.mark.parametrize(("name", "seed"), [("gin", 3), ("oklahoma", 5), ("knock-rummy", 3)])
def test_memos_answer_as_the_plain_computations(name: str, seed: int) -> None:
    variant = load_variant(name)
    decisions = _views(name, seed)
    assert len(decisions) > 4
    for view, legal in decisions:
        groups = greedy.split_moves(legal)
        again = greedy.split_moves([dataclasses.replace(m) for m in legal])  # new objects
        for got in (groups, again):
            flat = [(p, m) for kind in got for p, m in got[kind]]
            assert sorted(str(m) for _, m in flat) == sorted(str(m) for m in legal)
            assert all(p == parse_move(m) and p.kind == kind for kind in got for p, m in got[kind])
        for seat in range(view.players):
            assert knocktime.draws_taken(view, seat) == _plain_draws(view, seat)
        assert knocktime.knock_limit(view, variant) == (
            None if variant.knock is None else knocktime._knock_limit(view, variant)
        )
    # an older history (not a prefix of the last one counted) is counted from the start
    first = decisions[2][0]  # (after later ones were counted)
    assert knocktime.draws_taken(first, first.seat) == _plain_draws(first, first.seat)


def test_knock_limit_follows_the_upcard() -> None:
    variant = load_variant("oklahoma")  # the first upcard's value is the knock limit
    view = _views("oklahoma", 5)[0][0]
    for code, value in ((0, 0), (9, 10), (12, 10), (4, 5)):  # A (gin only), 10, K, 5 of clubs
        moved = dataclasses.replace(view, upcard=code)
        got = knocktime.knock_limit(moved, variant)
        assert got == knocktime._knock_limit(moved, variant) == value


def test_history_unchanged_is_the_same_events() -> None:
    raw = [{"seat": 0, "move": "draw stock"}, {"seat": 0, "move": "discard 5C"}]
    first = botview._history(raw, 2)
    assert botview._history(list(raw), 2) is first
    longer = botview._history([*raw, {"seat": 1, "move": "draw discard", "cards": ["5C"]}], 2)
    assert longer[:2] == first and longer[2].shown == (4,)
    assert botview._history(["0: draw stock", "0: discard 5C"], 2) == first  # texts read alike


@pytest.mark.parametrize("name", ["gin", "knock-rummy", "oklahoma"])
def test_knock_ready_in_one_call_answers_as_each_discard(name: str) -> None:
    variant = load_variant(name)
    rng = random.Random(13)
    seen = set()
    for _ in range(150):
        hand = rng.sample(range(52), rng.choice((2, 3, 8, 11)))
        keep = tuple(rng.sample(hand, rng.choice((0, 1, 1, 2)))) + (52,) * rng.randrange(2)
        for limit in (0, 5, 10, 30):
            plain = any(
                arrangement(variant, [c for c in hand if c != card])[0] <= limit
                for card in hand
                if card not in keep
            )
            assert ginplay.knock_ready(variant, hand, keep, limit) is plain
            seen.add(plain)
    assert seen == {True, False}


def test_a_bot_generator_seeded_on_first_use_draws_as_one_seeded_at_once() -> None:
    bot = make_bot("smart", 5)
    eager = random.Random(5)
    assert [bot.rng.random() for _ in range(3)] == [eager.random() for _ in range(3)]
    bot.reseed(9)  # mid-sequence: the play session reseeds before every move
    eager.seed(9)
    assert [bot.rng.randrange(52) for _ in range(3)] == [eager.randrange(52) for _ in range(3)]

"""The smart bot's few-hop draw, knock and discard (bots/maskturn.py) choose as its general code.

Seeded smart self-play hands of knock games (gin, three-player gin, oklahoma, knock rummy:
a loose limit, knocks held back; tonk: discards of a card just taken allowed) are
played twice, with the few-hop paths and with them switched off (`maskturn.knock_look`
answering None): every move and every score is the same. With the C Look built, the
few-hop paths must have answered most decisions (else this would compare the general
code with itself).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from rulespec.bots import knocktime, make_bot, maskturn
from rulespec.bots.base import STALL_TURNS, View, turns_taken, view_of
from rulespec.bots.hands import unseen
from rulespec.bots.masklook import mask_look
from rulespec.compiler.load import load_variant
from rulespec.interpreter import native
from rulespec.interpreter.game import Game
from rulespec.model.variant import Variant

CASES = [
    ("gin", 2, 6),
    ("three-player-gin", 3, 2),
    ("oklahoma", 2, 2),
    ("knock-rummy", 2, 4),
    ("tonk", 2, 3),
]


def _self_play(name: str, players: int, hands: int) -> list[str]:
    """Every move of seeded smart self-play hands, and each hand's scores."""
    variant = load_variant(name)
    log: list[str] = []
    for index in range(hands):
        game = Game.new(variant, players, seed=40 + index)
        bots = [make_bot("smart", 10 * index + seat) for seat in range(players)]
        while not game.hand_over:
            seat = game.to_move
            move = bots[seat].choose(game.observation(seat), game.legal_moves(), variant)
            log.append(f"{seat}:{move}")
            game.play(move)
        log.append(str(game.hand_result["scores"]))
    return log


@pytest.mark.parametrize(("name", "players", "hands"), CASES)
def test_few_hops_choose_as_the_general_code(
    name: str, players: int, hands: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    answered: list[bool] = []
    for path in ("draw", "discard"):
        real = getattr(maskturn, path)

        def counted(*args: Any, real: Any = real) -> Any:
            got = real(*args)
            answered.append(got is not None)
            return got

        monkeypatch.setattr(maskturn, path, counted)
    fast = _self_play(name, players, hands)
    if native.MODULE is not None:
        assert sum(answered) > 0.8 * len(answered) > 10  # the few hops decided
    monkeypatch.setattr(maskturn, "knock_look", lambda variant, contract: None)
    assert _self_play(name, players, hands) == fast


def test_only_one_deck_knock_games_take_the_few_hops() -> None:
    for name in ("rummy", "michigan", "continental"):  # no knock, or wild cards, contracts
        assert maskturn.knock_look(load_variant(name), False) is None
    gin = load_variant("gin")
    assert maskturn.knock_look(gin, True) is None  # a contract to aim at
    if native.MODULE is not None:
        assert maskturn.knock_look(gin, False) is not None


def test_turns_over_counts_as_turns_taken() -> None:
    """The fast discard's stall test reads knocktime's carried-on draw count: the same count
    as base.turns_taken (the seat's draws and takes) at every decision of seeded hands."""
    counted = []
    for view in _smart_views(load_variant("gin"), (3, 4)):
        counted.append(turns_taken(view))
        assert knocktime.draws_taken(view, view.seat) == counted[-1]
        assert maskturn.turns_over(view) == (counted[-1] > STALL_TURNS)
    assert max(counted) > 5


def _smart_views(variant: Variant, seeds: tuple[int, ...]) -> Iterator[View]:
    """The deciding seat's view at every decision of seeded two-player smart hands."""
    for seed in seeds:
        game = Game.new(variant, 2, seed=seed)
        bots = [make_bot("smart", seat) for seat in range(2)]
        while not game.hand_over:
            seat = game.to_move
            obs = game.observation(seat)
            yield view_of(obs)
            game.play(bots[seat].choose(obs, game.legal_moves(), variant))


def test_the_pool_by_masks_is_unseen() -> None:
    """maskturn's pool mask (the pack less the cards seen, by masks) holds exactly the cards
    of hands.unseen's Counter, and codes_of lists them in its order, at every decision."""
    variant = load_variant("gin")
    look = mask_look(variant)
    assert look is not None
    sizes = []
    for view in _smart_views(variant, (5, 6)):
        pool = unseen(variant, view)
        got = maskturn._pool_mask(look, view, sum(1 << c for c in view.hand))
        assert got == sum(1 << c for c in pool) and maskturn.codes_of(got) == list(pool)
        sizes.append(len(pool))
    assert min(sizes) < 35 < max(sizes)  # early and late in a hand
    rng = random.Random(1)
    for mask in [0, 1, 1 << 51, 1 << 52, (1 << 53) - 1] + [rng.getrandbits(53) for _ in range(50)]:
        assert maskturn.codes_of(mask) == [c for c in range(53) if mask >> c & 1]

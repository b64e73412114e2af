"""The compiled mask lookahead (`_deadwood.c`'s Look) answers as MaskLook's Python methods.

Differential: seeded hands and pools of several rule sets (bundled games and
shaped rules: other ace modes, set sizes, run lengths, a short pack), each
question asked of the C object and of the pure-Python reference, compared for
equality (floats included: a decision must not change by a rounding); then a
short seeded gin self-play whose move log is the same with the C path switched off.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterator
from types import MappingProxyType
from typing import Any

import pytest
from interp_helpers import make_variant

from rulespec.bots import danger, make_bot, masklook, maskscore, maskturn
from rulespec.bots import view as botview
from rulespec.bots.base import view_of
from rulespec.bots.danger import discard_dangers
from rulespec.bots.hands import arrangement, deck_counts, unseen
from rulespec.bots.maskscore import discard_cost
from rulespec.bots.partials import potential_of_mask
from rulespec.compiler.load import load_variant
from rulespec.interpreter import native
from rulespec.interpreter.cards import pack_codes
from rulespec.interpreter.game import Game
from rulespec.interpreter.meldrules import tables
from rulespec.interpreter.runtable import Kernel
from rulespec.model.variant import Variant

MODULE, WHY = native.load({})  # the extension, whatever RULESPEC_NATIVE says here
needs_c = pytest.mark.skipif(MODULE is None, reason=f"no C kernel built: {WHY}")

SHAPED = {
    "sets-of-two-long-runs": {"melds": {"set": {"min": 2, "max": None}, "run": {"min": 4}}},
    "fours-wrap": {"ace": "wrap", "melds": {"set": {"min": 4, "max": 4}, "run": {"min": 3}}},
    "runs-only-high": {"ace": "high_or_low", "melds": {"set": False, "run": {"min": 3}}},
    "forty-card": {"deck": {"ranks": ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"]}},
}


def _variants() -> Iterator[tuple[str, Variant]]:
    for game in ("gin", "rummy", "knock-rummy", "oklahoma", "michigan", "tonk"):
        yield game, load_variant(game)
    for name, sections in SHAPED.items():
        yield name, make_variant(name, **sections)


VARIANTS = dict(_variants())


def _deals(variant: Variant, seed: int) -> Iterator[tuple[int, int]]:
    """(hand mask, pool mask) pairs: hands of 1 to 13 cards, pools of what is left less a
    few seen cards."""
    rng = random.Random(seed)
    pack = list(pack_codes(variant))
    for _ in range(40):
        rng.shuffle(pack)
        size = rng.choice((1, 4, 7, 10, 11, 13))
        seen = rng.randrange(0, 12)
        yield sum(1 << c for c in pack[:size]), sum(1 << c for c in pack[size + seen :])


@needs_c
@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_compiled_look_answers_as_the_python_methods(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    variant = VARIANTS[name]
    look = _compiled_look(variant, monkeypatch)
    pure = masklook.MaskLook(variant, look.t, Kernel(look.t, native=False))
    assert pure.c is None  # the reference: MaskLook's own Python methods
    for mask, pool_mask in _deals(variant, sum(map(ord, name))):
        pool = Counter({c: 1 for c in range(52) if pool_mask >> c & 1})
        assert look.c.stats(mask) == pure.stats(mask), (name, mask)
        assert look.c.dead_mask(mask) == pure.dead_mask(mask), (name, mask)
        for limit, weight in ((10, 0), (None, 5), (0, 0), (-3, 1)):
            got = look.c.next_turn(mask, pool_mask, limit, weight)
            assert got == pure.next_turn_mask(mask, pool, limit, weight), (name, mask, limit)
        for draws in (3.0, 1.0, 0.0):
            want = potential_of_mask(variant, pure.dead_mask, mask, pool, draws)
            assert look.c.pot(mask, pool_mask, draws, 1.0) == want, (name, mask, draws)


def _compiled_look(variant: Variant, monkeypatch: pytest.MonkeyPatch) -> masklook.MaskLook:
    """A MaskLook with its C form (built here even under RULESPEC_NATIVE=0)."""
    monkeypatch.setattr(native, "MODULE", MODULE)
    t = tables(variant)
    look = masklook.MaskLook(variant, t, Kernel(t))
    assert look.c is not None
    return look


@needs_c
@pytest.mark.parametrize("name", ["gin", "tonk", "sets-of-two-long-runs", "forty-card"])
def test_compiled_discard_cost_equals_the_python_sums(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """maskscore.discard_cost, every mode, with `Look.score` and with the Python sums."""
    variant = VARIANTS[name]
    look = _compiled_look(variant, monkeypatch)
    pure = masklook.MaskLook(variant, look.t, Kernel(look.t, native=False))
    weights = ((0.0, 5.0, 1.0, 0.8, 3.0, 16, 1.0, 0.5), (5.0, 2.0, 0.7, 0.0, 2.0, 9, 1.0, 0.5))
    for mask, pool_mask in _deals(variant, len(name)):
        pool = Counter({c: 1 for c in range(52) if pool_mask >> c & 1})
        for w in weights:
            for limit in (None, 10):
                for mode in (0, 1, 2):
                    got = discard_cost(variant, look, mask, mode, w, pool, limit)
                    assert got == discard_cost(variant, pure, mask, mode, w, pool, limit), (
                        name,
                        mask,
                        mode,
                        w,
                    )
    assert discard_cost(variant, look, 0, 0, weights[0]) == -1000.0  # maskscore.EMPTY_HAND


def _old_unseen(variant: Variant, view: Any) -> Counter[int]:
    """hands.unseen as it was before its history was read incrementally (the reference)."""
    seen: Counter[int] = Counter(view.hand)
    for meld in view.melds:
        seen.update(meld.cards)
    seen.update(view.pile)
    for event in view.history:
        if event.move.kind in ("discard", "knock"):
            seen.update(event.move.cards)
        seen.update(event.shown)
    counts = deck_counts(variant, view.players)
    return Counter({c: n - seen[c] for c, n in counts.items() if n > seen[c]})


@pytest.mark.parametrize(("name", "players"), [("gin", 2), ("rummy", 3), ("michigan", 3)])
def test_unseen_reads_the_history_incrementally_and_right(name: str, players: int) -> None:
    """Every position of two seeded hands, both seats, and a view from another game in
    between: the same counts, in the same (pack) order, as a full read."""
    variant = load_variant(name)
    other = view_of(Game.new(variant, players, 99).observation(0))

    def check(game: Game, seat: int) -> None:
        for s in (seat, (seat + 1) % players):
            view = view_of(game.observation(s))
            want = _old_unseen(variant, view)
            assert list(unseen(variant, view).items()) == list(want.items())
        assert unseen(variant, other) == _old_unseen(variant, other)

    _self_play(2, name, players, check)


@needs_c
def test_compiled_look_refuses_what_it_cannot_take(monkeypatch: pytest.MonkeyPatch) -> None:
    look = _compiled_look(VARIANTS["gin"], monkeypatch)
    with pytest.raises(ValueError, match="codes 0..51"):
        look.c.stats(1 << 52)
    with pytest.raises(ValueError, match="pool holds a card of the hand"):
        look.c.next_turn(0b111, 0b100, None, 0)
    assert look.c.next_turn(0b111, 0, 10, 0) == (0.0, 0, 0)
    assert native.compiled_look(None, True, 3, {}) is None
    assert native.compiled_look(look.k.native, True, 3, {"values": [0] * 3}) is None


def _self_play(hands: int, name: str = "gin", players: int = 2, seen: Any = None) -> list[str]:
    """Seeded smart self-play's move log; ``seen(game, seat)`` is shown every position."""
    variant = load_variant(name)
    log: list[str] = []
    for index in range(hands):
        agents = [make_bot("smart", 100 * index + s) for s in range(players)]
        game = Game.new(variant, players, 7 + index)
        while not game.hand_over:
            seat = game.to_move
            if seen is not None:
                seen(game, seat)
            move = agents[seat].choose(game.observation(seat), game.legal_moves(), variant)
            log.append(f"{seat}:{move}")
            game.play(move)
        log.append(str(game.hand_result))
    return log


@needs_c
@pytest.mark.parametrize(("name", "players"), [("gin", 2), ("three-player-gin", 3)])
def test_compiled_dangers_equal_the_python_dangers(
    name: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every position of a few seeded hands: each hand card's danger, C and Python."""
    variant = load_variant(name)
    look = _compiled_look(variant, monkeypatch)
    asked = []

    def check(game: Game, seat: int) -> None:
        view = view_of(game.observation(seat))
        pool = unseen(variant, view)
        cards = sorted(set(view.hand))
        want = discard_dangers(view, variant, cards, pool)
        got = discard_dangers(view, variant, cards, pool, look)
        assert list(got.items()) == list(want.items()), (name, view)
        asked.append(len(view.history))
        nxt = view.next_seat()
        carried = danger._history_of(view, nxt)  # carried on from the last position's replay
        danger._REPLAYS.clear()
        fresh = danger._history_of(view, nxt)
        assert list(carried[0].items()) == list(fresh[0].items()) and carried[1:] == fresh[1:]

    _self_play(2, name, players, check)
    assert len(asked) > 20 and max(asked) > 10  # late positions: passes, throws, takes


def test_gin_self_play_is_the_same_without_the_compiled_look(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fast = _self_play(4)
    monkeypatch.setattr(masklook, "_BY_VARIANT", {})
    monkeypatch.setattr(masklook, "_compiled", lambda look: None)
    look = masklook.mask_look(load_variant("gin"))
    assert look is not None and look.c is None
    assert _self_play(4) == fast


@pytest.mark.parametrize("batch", ["choose_discard", "least_cost", "compiled_score"])
def test_one_call_batches_choose_as_the_loops(batch: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """maskscore.choose_discard (Look.choose) and least_cost (Look.least) against
    SmartBot's own sort and loop over the same scores: the same moves in seeded gin and
    three-player gin hands (the few-hop paths, bots/maskturn.py, switched off: they call
    the Look without these helpers)."""
    monkeypatch.setattr(maskturn, "knock_look", lambda variant, contract: None)
    calls = []
    real = getattr(maskscore, batch)
    monkeypatch.setattr(maskscore, batch, lambda *args: calls.append(real(*args)) or calls[-1])
    fast = _self_play(3) + _self_play(2, "three-player-gin", 3)
    if MODULE is not None and native.MODULE is not None:
        assert any(got is not None for got in calls)  # the C batch answered
    monkeypatch.setattr(maskscore, batch, lambda *args: None)
    assert _self_play(3) + _self_play(2, "three-player-gin", 3) == fast


@pytest.mark.parametrize(("name", "players"), [("gin", 2), ("rummy", 3), ("oklahoma", 2)])
def test_engine_observations_read_fast_as_in_general(name: str, players: int) -> None:
    """view.view_of's reading of the engine's own observation dict against its general,
    tolerant reading (forced by handing it a read-only mapping): the same View."""
    seen = []

    def check(game: Game, seat: int) -> None:
        for s in range(players):
            obs = game.observation(s)
            assert botview._engine_view(obs) is not None  # the engine's shape: read fast
            fast = view_of(obs)
            assert fast == view_of(MappingProxyType(obs)), (name, obs)
            assert list(vars(fast)) == FIELDS  # every field set, none read from a default
            seen.append(bool(fast.melds) or bool(fast.taken))

    _self_play(2, name, players, check)
    assert any(seen)  # table melds or a taken card were read too
    assert botview._engine_view({**game_obs(name, players), "pile_size": 3}) is None


FIELDS = [f.name for f in dataclasses.fields(botview.View)]


def game_obs(name: str, players: int) -> dict[str, Any]:
    return dict(Game.new(load_variant(name), players, 5).observation(0))


@needs_c
@pytest.mark.parametrize("name", ["gin", "knock-rummy", "fours-wrap"])
def test_gin_hits_count_as_the_solver(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """MaskLook.gin_hits (ginplay.wait_for_gin's count) against the solver's arrangements."""
    variant = VARIANTS[name]
    look = _compiled_look(variant, monkeypatch)
    rng = random.Random(len(name))
    melds = [m for row in look.t.natural_by_low for m in row]
    hits = []
    for _ in range(15):  # hands near gin: melds of the variant and one loose card or two
        mask = 0
        while mask.bit_count() < 8:
            mask |= rng.choice([m for m in melds if not m & mask])
        deck = [c for c in pack_codes(variant) if not mask >> c & 1]
        hand = [c for c in range(52) if mask >> c & 1] + rng.sample(deck, 2)
        pool = Counter({c: 1 for c in deck if c not in hand and rng.random() < 0.8})
        want = 0
        for card in pool:
            got, _, dead = arrangement(variant, [*hand, card])
            want += got - max((variant.values[d % 13 + 1]["hand"] for d in dead), default=0) == 0
        assert look.gin_hits(hand, pool) == want, (name, hand)
        hits.append(want)
    assert any(hits)  # some draws make gin

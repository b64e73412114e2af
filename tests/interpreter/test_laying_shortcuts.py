"""The laying listing's shortcuts answer as the plain computations they stand for, and fire.

- outmemo.py: `can_finish` of a rest asked once per moment (or vouched for by a way out
  found before in the moment), and the whole-hand question of the moment after a meld
  answered from that meld's question, equal a fresh
  `wayon.can_finish` at every played position of going-out variants (one with
  `melds.wild.unique`, where nothing is carried), and both are used.
- partsearch.py: the meld-count bound skipped when it cannot prune, and its memo
  shared by hands, give the partitions the bound computed per hand gives.
- openmemo.py: whether an opening begun by a candidate meld can be completed (the sure
  "no"s, then the way-on search), asked once per rest, turn's value, contract count and
  obligation in a moment where the opening turn never reads the table (Carioca's too:
  lay-offs are refused until its contract is met), equals a fresh answer for each
  candidate, and is shared.
- lay.py: the search's quick acceptance of a candidate and the move-by-move listing
  give the moves `_meld_refusal` accepts, in the same order.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from functools import partial

import pytest

from rulespec.bots import make_bot
from rulespec.compiler.load import load_variant
from rulespec.core.moves import MELD
from rulespec.interpreter import partnative
from rulespec.interpreter.game import Game
from rulespec.interpreter.meldlist import hand_listing
from rulespec.interpreter.meldrules import tables
from rulespec.interpreter.partsearch import _Partitioner
from rulespec.interpreter.phases import lay as L
from rulespec.interpreter.phases import outmemo as O
from rulespec.interpreter.phases import wayon as W
from rulespec.interpreter.phases.context import Ctx
from rulespec.interpreter.phases.layapply import after, after_meld
from rulespec.interpreter.phases.openmemo import contract_blind, opening_ends, table_blind
from rulespec.interpreter.state import HandState
from rulespec.interpreter.turnctx import remove_cards
from rulespec.model.variant import Variant


def _positions(name: str, hands: int, players: int = 2) -> list[tuple[Variant, HandState]]:
    """Play-phase moments of seeded smart self-play (they go out: melds get laid), listed
    as they are played (the carried answers come from the listing before)."""
    variant = load_variant(name)
    out = []
    for seed in range(hands):
        game = Game.new(variant, players, seed=seed)
        bots = [make_bot("smart", seed * 10 + s) for s in range(players)]
        while not game.hand_over:
            seat = game.to_move
            move = bots[seat].choose(game.observation(seat), game.legal_moves(), variant)
            if game.phase == "play":
                out.append((game.rules, copy.deepcopy(game.hs)))
            game.play(move)
    return out


@pytest.mark.parametrize(("name", "hands"), [("continental", 3), ("three-thirteen", 2)])
def test_going_out_answers_equal_a_fresh_can_finish(name: str, hands: int) -> None:
    used = Counter()
    for variant, hs in _positions(name, hands):
        c = Ctx(variant, hs, explain=False)
        made = [m for _, m in hs.melds[len(hs.melds) - hs.melds_this_turn :]]
        sizes = [len(m) for m in made]
        plain = W.can_finish(variant, hs, c.seat, list(c.hand), sizes)
        if made and not variant.melds.wild.unique:
            key = O._carry_key(c, c.hand, tuple(made))
            used["carried"] += key in O._CARRIED
        assert O.whole_hand_finishes(c) == plain, hs
        if not plain:
            continue
        for meld in hand_listing(variant, c.hand)[0]:
            rest = remove_cards(c.hand, [p[0] for p in meld])
            fresh = W.can_finish(variant, hs, c.seat, rest, [*sizes, len(meld)], meld)
            asked = len(c.answers("finish"))
            vouched = O._cards(meld) in c.answers("certified")
            assert O.rest_finishes(c, rest, meld) == fresh, hs
            used["vouched"] += vouched and len(c.answers("finish")) > asked
            used["asked"] += 1
        used["answered"] += len(c.answers("finish"))
    assert used["asked"] > 0
    if name == "continental":
        assert used["answered"] < used["asked"]  # candidates shared a rest's answer
        assert used["carried"] > 0  # a mid-turn whole-hand question found its answer
        assert used["vouched"] > 0  # a way out found before answered a candidate
    else:  # melds.wild.unique: each meld is its own question, nothing carried or vouched
        assert used["answered"] == used["asked"] and used["carried"] == 0
        assert used["vouched"] == 0


def test_the_carried_answer_is_used_without_asking_again(monkeypatch: pytest.MonkeyPatch) -> None:
    for variant, hs in _positions("continental", 3):
        c = Ctx(variant, hs, explain=False)
        made = O.turn_melds(c)
        if made and O._carry_key(c, c.hand, made) in O._CARRIED:
            expected = O._CARRIED[O._carry_key(c, c.hand, made)][1]
            monkeypatch.setattr(W, "can_finish", lambda *a: pytest.fail("asked again"))
            assert O.whole_hand_finishes(c) is expected
            return
    pytest.fail("no mid-turn moment of a going-out turn")


def test_the_meld_count_bound_skipped_or_shared_gives_the_same_partitions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(partnative, "ENABLED", False)  # (the Python search's bound)
    rng = random.Random(5)
    for name, counts in (("indian-rummy", None), ("continental", (1, 3, 5))):
        variant = load_variant(name)
        t = tables(variant)
        deck = [c for c in range(52) for _ in range(2)] + [52, 52]
        for _ in range(25):
            hand = sorted(rng.sample(deck, 13))
            fast = _Partitioner(t, variant, hand, counts, None)
            slow = _Partitioner(t, variant, hand, counts, None)
            slow.cards = 10**9  # the bound computed as before (it never prunes here)
            slow.needs = {}  # and its memo the hand's own
            for drop in (None, frozenset(hand)):
                assert fast.solve(hand, drop) == slow.solve(hand, drop), hand
            if counts is None:
                assert not fast.needs or fast.needs is not slow.needs
        again = _Partitioner(t, variant, hand, counts, None)
        assert again.needs is fast.needs  # one memo per tables and field layout
    # with no meld count the bound is never computed
    variant = load_variant("indian-rummy")
    p = _Partitioner(tables(variant), variant, hand, None, None)
    before = len(p.needs)
    p.solve(hand, frozenset(hand))
    assert len(p.needs) == before


@pytest.mark.parametrize("name", ["scala-40", "kalooki", "contract-rummy"])
def test_the_search_listing_accepts_what_meld_refusal_accepts(name: str) -> None:
    variant = load_variant(name)
    rng = random.Random(3)
    quick = 0
    for seed in range(6):
        game = Game.new(variant, 3 if name == "contract-rummy" else 2, seed=seed)
        while not game.hand_over:
            if game.phase == "play":
                c = Ctx(game.rules, game.hs, explain=False)
                for search in (False, True):
                    listed = L.laying(c, way_on=False, search=search)
                    moves = list(L._laying(c, False, search))
                    assert listed == moves
                    plain = [
                        L.meld_move(m)
                        for m in hand_listing(c.variant, c.hand)[0]
                        if L.meld_gate(c) is None
                        and L._meld_refusal(c, m, False, listing=True) is None
                    ]
                    if not search or not c.hs.melds_this_turn:
                        assert [m for m in moves if m.kind == MELD] == plain
                quick += bool(c.hs.obligation is None and listed)
            game.play(rng.choice(game.legal_moves()))
    assert quick > 0


@pytest.mark.parametrize(
    ("name", "blind", "shares"),
    [
        ("scala-40", True, True),
        ("contract-rummy", True, True),
        ("kalooki", False, False),
        ("carioca", False, True),  # lay-offs in the turn, refused while the contract is short
    ],
)
def test_an_openings_way_on_answer_is_shared_only_where_the_table_is_not_read(
    name: str, blind: bool, shares: bool
) -> None:
    variant = load_variant(name)
    assert table_blind(variant) is blind  # kalooki: unique; carioca: lay-offs in the turn
    rules = Game.new(variant, 3 if name == "contract-rummy" else 2, seed=0).rules  # (a deal's)
    assert (table_blind(rules) or contract_blind(rules)) is shares
    rng = random.Random(8)
    asked = answered = 0
    for seed in range(5):
        game = Game.new(variant, 3 if name == "contract-rummy" else 2, seed=seed)
        while not game.hand_over and asked < 120:
            if game.phase == "play" and game.hs.obligation is None:
                c = Ctx(game.rules, game.hs, explain=False)
                for meld in hand_listing(c.variant, c.hand)[0]:
                    if len(meld) == len(c.hand) or not c.opening_pending():
                        continue
                    laid = Ctx(c.variant, after(c.variant, c.hs, L.meld_move(meld)), False)
                    if not laid.opening_short():
                        continue
                    fresh = L._completes(c, meld, laid)
                    got = opening_ends(c, laid, partial(L._completes, c, meld, laid))
                    assert got == fresh, game.position()
                    asked += 1
                answered += len(c.answers("opening"))
            game.play(rng.choice(game.legal_moves()))
    assert asked > 20
    assert answered < asked if shares else answered == 0


def test_the_state_after_a_meld_made_field_by_field_is_the_played_one() -> None:
    """layapply.after_meld (the listing's moment after a candidate, from the rest it
    leaves) equals `after`, which plays the meld on a copy: every field."""
    compared = 0
    for variant, hs in _positions("kalooki", 1):
        hand = hs.hands[hs.to_move]
        for meld in hand_listing(variant, hand)[0][:20]:
            rest = remove_cards(hand, [p[0] for p in meld])
            made = after_meld(variant, hs, meld, rest)
            assert made.__dict__ == after(variant, hs, L.meld_move(meld)).__dict__
            compared += 1
    assert compared > 50

"""The opening's way-on search without scratch states (phases/opensearch.py) answers as the
generic search (wayon.can_end_turn over lay.laying_for_search) it is the twin of.

Over seeded positions of random play in the opening-minimum and contract variants (the
bundled ones and the test rule files), and made-up contract hands, every candidate meld
of an opening turn that leaves the opening short, ends one begun this turn, or leaves taken
cards is searched both ways; the twin must answer most of them, both answers must come
up, and each of its answers must be the generic one. The listing derived for a smaller
hand (`openlists.Listed.within`) is checked against `meldlist.hand_listing`, and the
opening's value bound read from it against its card-by-card reading."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from rulespec.compiler.load import load_variant
from rulespec.interpreter.game import Game
from rulespec.interpreter.meldgen import lists_every_meld
from rulespec.interpreter.meldlist import hand_listing
from rulespec.interpreter.melds import Meld
from rulespec.interpreter.phases import lay as L
from rulespec.interpreter.phases import openlists as OL
from rulespec.interpreter.phases import opensearch as OS
from rulespec.interpreter.phases import openvalue as OV
from rulespec.interpreter.phases import wayon as W
from rulespec.interpreter.phases.context import Ctx
from rulespec.interpreter.phases.layapply import after_meld
from rulespec.interpreter.turnctx import remove_cards
from rulespec.sim import runner

Question = tuple[Ctx, Meld, Ctx]
VARIANTS = [  # (rules, players, hands to play)
    ("scala-40", 2, 12),
    ("kalooki", 3, 12),
    ("carioca", 2, 12),
    ("contract-rummy", 3, 12),
    ("tests/data/valid/rummy-contract-pure.yaml", 2, 12),
    ("tests/data/valid/rummy-opening-thirty.rules", 2, 12),
    ("tests/data/valid/schedule-small.rules", 3, 60),
]


def _questions(name: str, players: int, hands: int, most: int) -> Iterator[Question]:
    """(moment, candidate meld, moment after it) of opening turns (left short, an opening
    ended, or taken cards held), from random play (moves chosen among the legal ones, melds
    favoured so that openings go on); each is asked before the game moves on (the moments
    read the game's state)."""
    v = load_variant(name)
    rng = random.Random(13)
    found = 0
    for seed in range(hands):
        g = Game.new(v, players, seed=seed)
        while not g.hand_over and found < most * (seed + 1) // hands:
            if g.phase == "play":
                c = Ctx(g.rules, g.hs, explain=False)
                if c.opening_pending() and L.meld_gate(c) is None:
                    for move in L.laying(c, way_on=False):
                        rest = remove_cards(c.hand, [p[0] for p in move.cards])
                        if not rest or move.kind != "meld":
                            continue
                        state = after_meld(g.rules, g.hs, move.cards, rest)
                        laid = Ctx(g.rules, state, explain=False)
                        if laid.opening_short() or c.opening_short() or state.taken:
                            found += 1  # (lay.no_way_on asks a meld that ends an opening)
                            yield c, move.cards, laid
            moves = g.legal_moves()
            melds = [m for m in moves if m.kind == "meld"]
            g.play(rng.choice(melds if melds and rng.random() < 0.7 else moves))


def _dealt(name: str, players: int, hands: int) -> Iterator[Question]:
    """The questions of made-up hands at a turn's first play moment: runs of 4 or 5 and sets
    of 3 of random cards, one card over, half the time a card held as taken from the pile
    (a contract of runs of four seldom comes up in random play)."""
    v = load_variant(name)
    rng = random.Random(7)
    for seed in range(hands):
        g = Game.new(v, players, seed=seed)
        while g.phase != "play":
            g.play(g.legal_moves()[0])
        hand: list[int] = []
        for _ in range(rng.randint(1, 2)):
            suit, low = rng.randrange(4), rng.randrange(9)
            hand += [suit * 13 + low + k for k in range(rng.choice((4, 5)))]
        for _ in range(rng.randint(0, 2)):
            rank = rng.randrange(13)
            hand += [suit * 13 + rank for suit in rng.sample(range(4), 3)]
        hand.append(rng.randrange(52))
        g.hs.hands[g.hs.to_move] = hand
        g.hs.taken = [rng.choice(hand)] if rng.random() < 0.5 else []
        c = Ctx(g.rules, g.hs, explain=False)
        if not c.opening_pending() or L.meld_gate(c) is not None:
            continue
        for move in L.laying(c, way_on=False):
            rest = remove_cards(c.hand, [p[0] for p in move.cards])
            if rest and move.kind == "meld":
                laid = Ctx(g.rules, after_meld(g.rules, g.hs, move.cards, rest), explain=False)
                if laid.opening_short():
                    yield c, move.cards, laid


def _compare(questions: Iterator[Question]) -> tuple[int, int, set[bool | None]]:
    """Each question asked both ways: (asked, answered by the twin, the twin's answers)."""
    asked = answered = 0
    answers: set[bool | None] = set()
    for c, meld, laid in questions:
        asked += 1
        got = OS.ends(c, meld, laid)
        want = W.can_end_turn(laid, L.laying_for_search, L._discards)
        answers.add(got)
        if got is not None:
            assert got == want, (c.hs, meld)
            answered += 1
    return asked, answered, answers


@pytest.mark.parametrize(
    "name",
    ["tests/data/valid/rummy-contract-two-runs.rules", "tests/data/valid/rummy-contract.rules"],
)
def test_the_twin_answers_made_up_contract_hands(name: str) -> None:
    asked, answered, answers = _compare(_dealt(name, 2, 120))
    assert asked >= 100 and answered >= asked * 3 // 4
    assert {True, False} <= answers


def test_a_lay_off_gate_that_opens_gives_the_question_back() -> None:
    """A contract met with only a card taken from the pile left (held back: no discard) would
    list lay-offs next: the twin gives the question back (None) rather than answer."""
    v = load_variant("tests/data/valid/rummy-contract.rules")
    g = Game.new(v, 2, seed=1)
    while g.phase != "play":
        g.play(g.legal_moves()[0])
    king = 13 + 12
    g.hs.hands[g.hs.to_move] = [2, 15, 28, 43, 44, 45, 46, king]  # a set, a run of 4, a king
    g.hs.taken = [king]
    c = Ctx(g.rules, g.hs, explain=False)
    meld = ((2, 2), (15, 15), (28, 28))
    laid = Ctx(g.rules, after_meld(g.rules, g.hs, meld, [43, 44, 45, 46, king]), explain=False)
    assert laid.opening_short()
    assert OS.ends(c, meld, laid) is None
    assert W.can_end_turn(laid, L.laying_for_search, L._discards) is False
    g.hs.taken = []  # the king may go: the twin answers
    laid = Ctx(g.rules, after_meld(g.rules, g.hs, meld, [43, 44, 45, 46, king]), explain=False)
    assert OS.ends(c, meld, laid) is True


@pytest.mark.parametrize(("name", "players", "hands"), VARIANTS)
def test_the_twin_answers_as_the_generic_search(name: str, players: int, hands: int) -> None:
    asked, answered, answers = _compare(_questions(name, players, hands, 240))
    assert asked >= 40 and answered >= asked * 3 // 4
    assert {True, False} <= answers


@pytest.mark.parametrize(("name", "players", "hands"), VARIANTS[:4])
def test_a_smaller_hand_is_listed_as_hand_listing_lists_it(
    name: str, players: int, hands: int
) -> None:
    checked = 0
    for c, meld, laid in _questions(name, players, 6, 120):
        hand = list(c.hand)
        melds, every = hand_listing(c.variant, hand)
        if not (every and lists_every_meld(c.variant, hand)):
            continue
        whole = OL.Listed(melds)
        rest = list(laid.hand)
        assert whole.within(rest, meld).melds == hand_listing(c.variant, rest)[0]
        for other in whole.within(rest, meld).melds[:3]:
            smaller = remove_cards(rest, [p[0] for p in other])
            derived = whole.within(rest, meld).within(smaller, other).melds
            assert derived == hand_listing(c.variant, smaller)[0]
        checked += 1
    assert checked >= 20


def _value_may_reach_by_pieces(c: Ctx, meld: Meld, laid: Ctx) -> bool:
    """`openvalue.value_may_reach` as it was before `openlists`: the hand's listing's melds
    that fit once `meld` is laid, each tested card by card."""
    minimum = OV._opening_rules(c.variant)
    if minimum is None or minimum - laid.hs.value_this_turn <= 0:
        return True
    need = minimum - laid.hs.value_this_turn
    best = OV._best_values(c.variant)
    rest = laid.hand
    listing, every = hand_listing(c.variant, c.hand)
    if every and lists_every_meld(c.variant, c.hand):
        left = Counter(rest)
        held = {
            p[0]
            for m in listing
            if all(k <= left[x] for x, k in Counter(q[0] for q in m).items())
            for p in m
        }
        return sum(best[x] for x in rest if x in held) >= need
    listing, every = hand_listing(c.variant, rest)
    if not every or not lists_every_meld(c.variant, rest):
        return True
    return sum(best[x] for x in rest if x in {p[0] for m in listing for p in m}) >= need


@pytest.mark.parametrize(("name", "players", "hands"), [VARIANTS[0], VARIANTS[1], VARIANTS[5]])
def test_the_value_bound_reads_the_smaller_listing_as_the_pieces_did(
    name: str, players: int, hands: int
) -> None:
    answers = []
    for c, meld, laid in _questions(name, players, hands, 240):
        got = OV.value_may_reach(c, meld, laid.hs)
        assert got == _value_may_reach_by_pieces(c, meld, laid), (c.hs, meld)
        answers.append(got)
    assert len(answers) >= 100 and set(answers) == {True, False}


def test_the_twin_answers_as_the_generic_search_in_smart_play(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Smart-bot hands of scala-40 reach searches that use up the 24-state budget (where a
    budget or an order other than the generic one's would answer otherwise): every
    question the listing asks, both ways."""
    asked: list[bool] = []
    spent: list[bool] = []
    generic = L._searched
    budget = OS._Search.search

    def both(c: Ctx, meld: Meld | None, laid: Ctx) -> bool:
        want = generic(c, None, laid)  # (a meld of None: the generic search)
        if meld is not None:
            got = OS.ends(c, meld, laid)
            assert got is None or got == want, (c.hs, meld)
            asked.append(want)
        return want

    def counted(self: OS._Search, *state: object) -> bool:
        got = budget(self, *state)  # type: ignore[arg-type]
        if not state[4]:  # the root: was the budget used up?
            spent.append(self.budget <= 0)
        return got

    monkeypatch.setattr(L, "_searched", both)
    monkeypatch.setattr(OS._Search, "search", counted)
    v = load_variant("scala-40")
    for seed in (12, 13, 19):  # (hands whose openings use the budget up)
        runner.run_hand(v, 2, ("smart",), 1, seed)
    assert len(asked) >= 40 and set(asked) == {True, False}
    assert any(spent)

"""The smart bot on a pack of one's own ranks (`deck.ranks`): in a 40-card pack without
8, 9 and 10 its unseen pool holds no such card, its run windows, discard danger and
one-draw lookahead treat 7 and J as neighbours, and it still beats random play."""

from __future__ import annotations

from collections import Counter

import pytest

from rulespec.bots.base import HistoryEvent, View, card_code, near_ranks, parse_move, view_of
from rulespec.bots.danger import feed_chance, run_windows
from rulespec.bots.hands import arrangement, deck_counts, unseen
from rulespec.bots.lookahead import next_turn
from rulespec.compiler.load import loads
from rulespec.core.cards import JOKER, rank_of
from rulespec.interpreter.cards import hand_value
from rulespec.interpreter.game import Game
from rulespec.sim import runner
from rulespec.sim.stats import wilson

GIN_FORTY = """
variant gin-forty {
  title   "Gin on the forty-card pack"
  players 2
  deck    1 deck, no jokers, ranks A 2 3 4 5 6 7 J Q K
  deal    10 each, upcard
  ace     low
  values  A = 1, pips = face, J Q K = 10
  melds   set of 3..4, run of 3..
  draw    stock, discard, upcard offer
  play    melding never, no layoff
  discard always, taken card forbidden, pile squared
  knock   when deadwood <= 10, layoff
  stock   void, reserve 2
  scoring penalty deadwood
  score   knock    winner = losers.deadwood - knocker.deadwood
  score   undercut winner = knocker.deadwood - winner.deadwood + 25
  score   gin      winner = losers.deadwood + 25
}
"""
VARIANT = loads(GIN_FORTY)
ABSENT = {8, 9, 10}


def _codes(*texts: str) -> tuple[int, ...]:
    return tuple(card_code(t) for t in texts)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_unseen_pool_holds_only_cards_of_the_pack(seed: int) -> None:
    game = Game.new(VARIANT, 2, seed=seed)
    view = view_of(game.observation(0))
    pool = unseen(VARIANT, view)
    assert not {rank_of(c) for c in pool} & ABSENT
    assert sum(pool.values()) == 40 - len(view.hand) - (view.upcard is not None)
    assert sorted(deck_counts(VARIANT, 2)) == sorted(
        c for c in range(JOKER) if rank_of(c) not in ABSENT
    )


def test_run_windows_and_near_ranks_jump_from_7_to_j() -> None:
    assert run_windows(VARIANT, 7) == [[5, 6], [6, 11], [11, 12]]
    assert run_windows(VARIANT, 11) == [[6, 7], [7, 12], [12, 13]]
    assert run_windows(VARIANT, 8) == []
    assert near_ranks(VARIANT)[7] == frozenset({5, 6, 11, 12})


def test_discard_danger_sees_6_7_j_as_a_run() -> None:
    """The opponent took 6S and JS from the pile: the 7S completes their run for sure."""
    history = [
        (0, "discard 6S", ()),
        (1, "draw discard", ("6S",)),
        (1, "discard 2H", ()),
        (0, "draw stock", ()),
        (0, "discard JS", ()),
        (1, "draw discard", ("JS",)),
    ]
    events = tuple(
        HistoryEvent(seat, parse_move(text), _codes(*shown)) for seat, text, shown in history
    )
    hand = _codes("7S", "KC", "KD", "QH", "2C", "3D", "4H", "5C", "AD", "6D")
    view = View(0, 2, "play", 0, hand, (10, 10), (), 0, (), 20, (0, 0), events)
    chance = feed_chance(view, VARIANT, card_code("7S"), 1, unseen(VARIANT, view))
    assert chance == pytest.approx(1.0)


def test_the_lookahead_reads_a_j_as_joining_6_7() -> None:
    """Drawing the JS to 6S 7S makes a run: the lookahead asks the solver, not 'far'."""
    hand = list(_codes("6S", "7S", "KC", "QD", "2C", "4D", "AH", "5C", "3H", "KH"))
    jack = card_code("JS")
    total, count, _ = next_turn(VARIANT, hand, Counter({jack: 1}), None, 0.0)
    dw, _, dead = arrangement(VARIANT, [*hand, jack])
    worst = max(hand_value(VARIANT, d) for d in dead)
    assert count == 1 and total == dw - worst
    assert dw < arrangement(VARIANT, hand)[0] + hand_value(VARIANT, jack)


@pytest.mark.statistical
def test_smart_beats_random_on_a_forty_card_pack() -> None:
    wins = {"smart": 0, "random": 0}
    for i in range(60):
        rec = runner.run_hand(VARIANT, 2, ("smart", "random"), 404, i, rotate=True)
        if rec.winner is not None:
            wins[rec.bots[rec.winner]] += 1
    low, _ = wilson(wins["smart"], wins["smart"] + wins["random"])
    assert low > 0.6, wins


def test_the_stand_in_solver_runs_along_the_pack_order() -> None:
    from rulespec.bots.hands import _fallback

    dw, melds, dead = _fallback(VARIANT, list(_codes("6S", "7S", "JS", "2C")))
    assert (dw, melds, dead) == (2, [_codes("6S", "7S", "JS")], list(_codes("2C")))

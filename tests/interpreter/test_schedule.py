"""The deal schedule and buying played whole: a small three-deal schedule with buying.

`tests/data/valid/schedule-small.rules` deals 7, 8 then 9 cards with a contract per
deal and lets the others buy a declined discard (penalty 1, limit 2, asked against the
turn order, only before laying down). Bots play whole matches at every player count:
each deal is dealt its own size, every bot move is legal, a claim is offered exactly to
the seats the rules allow and survives a save, and the match ends after deal 3. (Contract
Rummy's seven deals on two or three packs are too slow to play whole here; its
scenarios cover each of its rules.)
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulespec.bots import make_bot
from rulespec.compiler.load import load_variant
from rulespec.core.errors import IllegalMove
from rulespec.core.moves import Move
from rulespec.interpreter.game import Game
from rulespec.interpreter.phases.claim import buy_refusal, claim_order
from rulespec.model.schedule import for_deal

SMALL = Path(__file__).resolve().parent.parent / "data" / "valid" / "schedule-small.rules"
SIZES = [7, 8, 9]


def _play_match(players: int, seed: int, bots: list[str]) -> tuple[Game, list[list[int]], int]:
    """A whole match by bots: the hand sizes dealt per deal and the buys seen."""
    v = load_variant(str(SMALL))
    g = Game.new(v, players, seed=seed)
    seats = [make_bot(bots[s % len(bots)], seed + s) for s in range(players)]
    dealt = [[len(h) for h in g.hs.hands]]
    buys = 0
    for _ in range(5000):
        if g.match_over:
            break
        if g.hand_over:
            g.next_hand()
            dealt.append([len(h) for h in g.hs.hands])
            continue
        if g.phase == "claim":
            _check_claim(g)
        seat = g.to_move
        move = seats[seat].choose(g.observation(seat), g.legal_moves(), g.variant)
        assert move in g.legal_moves()
        buys += move == Move("buy")
        g.play(move)
    return g, dealt, buys


def _check_claim(g: Game) -> None:
    """The seat asked is one that may buy, after every seat before it in the order that
    may not, and a save of the moment gives the same claim back."""
    hs = g.hs
    assert hs.claim_turn is not None
    order = claim_order(g.variant, hs, hs.claim_turn)
    assert g.to_move in order and hs.claim_turn not in order
    assert len(order) == g.players - 2  # neither the seat in turn nor the discarder
    assert order == sorted(order, key=lambda s: -((s - hs.claim_turn) % g.players))  # reverse
    assert buy_refusal(g.variant, hs, g.to_move) is None
    assert set(map(str, g.legal_moves())) == {"buy", "pass"}
    again = Game.from_position(g.match_variant, g.position())
    assert again.legal_moves() == g.legal_moves() and again.to_move == g.to_move


@pytest.mark.parametrize("players", [3, 4])
def test_a_whole_schedule_deals_each_size_and_ends_after_the_last_deal(players: int) -> None:
    g, dealt, buys = _play_match(players, seed=players, bots=["smart", "random"])
    assert g.match_over and g.hand_number == 3
    assert [sizes[0] for sizes in dealt] == SIZES  # seat 0 is dealt each deal's size
    assert all(len(set(sizes)) == 1 for sizes in dealt)
    assert buys > 0
    result = g.hand_result
    assert result is not None and result.get("match_over")
    with pytest.raises(IllegalMove, match="match is over"):
        g.next_hand()


def test_each_deal_has_its_own_rules_and_a_variant_without_schedule_is_itself() -> None:
    v = load_variant(str(SMALL))
    plays = [for_deal(v, n).play for n in (1, 2, 3)]
    contracts = [(play.contract_sets, play.contract_runs) for play in plays]
    assert contracts == [(1, 0), (0, 1), (2, 0)]
    assert for_deal(v, 2).play.contract_run_min == 4
    assert [for_deal(v, n).deal.cards(3) for n in (1, 2, 3, 9)] == [7, 8, 9, 9]
    assert for_deal(v, 2) is for_deal(v, 2)
    gin = load_variant("gin")
    assert for_deal(gin, 5) is gin


def test_buying_only_when_the_player_in_turn_declined() -> None:
    g = Game.new(load_variant(str(SMALL)), 4, seed=1)
    with pytest.raises(IllegalMove, match="only when the player in turn has declined"):
        g.play("buy")
    g.play("draw discard")  # taken as the draw: nothing to buy
    assert g.phase == "play" and g.hs.claim_turn is None

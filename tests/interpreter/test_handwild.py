"""A wild rank per hand (`melds.wild.rank`, `melds.wild.cut`): dealt, saved, shown, honoured.

The hand's rules are the variant with that rank wild (interpreter/handwild.py);
these tests check the deal (the cut card's place, the rank by deal number),
the position round trip and its located refusals, the observation, and that
the solver leaves its one-deck no-wild kernel when a rank is wild.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from rulespec.compiler.load import load_variant
from rulespec.core.cards import JOKER, parse_card
from rulespec.core.errors import PositionError
from rulespec.interpreter import solver as S
from rulespec.interpreter.cards import build_deck
from rulespec.interpreter.game import Game
from rulespec.interpreter.handwild import cut_rank, hand_rules, seen_rules
from rulespec.interpreter.meldrules import tables

DATA = Path(__file__).resolve().parents[1] / "data" / "valid"


def _cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def _in_play(pos: dict) -> Counter[int]:
    seen: Counter[int] = Counter()
    for key in ("stock", "discard"):
        seen.update(parse_card(c) for c in pos[key])
    for hand in pos["hands"]:
        seen.update(parse_card(c) for c in hand)
    return seen


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_cut_card_goes_under_the_stock_and_names_the_wild_rank(seed: int) -> None:
    v = load_variant("indian-rummy")
    g = Game.new(v, 3, seed=seed)
    pos = g.position()
    cut = parse_card(pos["cut_card"])
    assert pos["stock"][-1] == pos["cut_card"]
    assert pos["wild_rank"] == ("A" if cut == JOKER else "A23456789TJQK"[cut % 13])
    assert _in_play(pos) == Counter(build_deck(v, 3))
    for seat in range(3):
        seen = g.observation(seat)
        assert (seen["wild_rank"], seen["cut_card"]) == (pos["wild_rank"], pos["cut_card"])
    again = Game.from_position(v, json.loads(json.dumps(pos)))
    assert again.position() == pos
    assert again.rules is g.rules and g.rules is not v
    assert g.rules.melds.wild.cards == ("joker", pos["wild_rank"])


def test_a_cut_card_set_aside_is_out_of_play_and_counted() -> None:
    v = load_variant(str(DATA / "cut-wild-aside.yaml"))
    g = Game.new(v, 2, seed=5)
    pos = g.position()
    assert pos["cut_card"] not in pos["stock"][-1:]
    assert _in_play(pos) + Counter([parse_card(pos["cut_card"])]) == Counter(build_deck(v, 2))
    assert Game.from_position(v, pos).position() == pos
    # the cut card is one of the pack's cards: a position holding it twice over is refused
    held = dict(pos, hands=[pos["hands"][0] + [pos["cut_card"]] * 2, pos["hands"][1]])
    with pytest.raises(PositionError, match="cut_card|appears"):
        Game.from_position(v, held)


def test_the_wild_rank_climbs_with_the_deal_number() -> None:
    v = load_variant(str(DATA / "progressive-wilds.rules"))
    g = Game.new(v, 2, seed=9)
    assert g.observation(0)["wild_rank"] == "2" and g.observation(0)["cut_card"] is None
    pos = g.position()
    assert pos["wild_rank"] == "2" and "cut_card" not in pos
    for hand, rank in ((2, "3"), (9, "T"), (12, "K"), (13, None)):
        moved = dict(pos, hand=hand)
        del moved["wild_rank"]  # omitted: worked out from the deal number
        assert Game.from_position(v, moved).position()["wild_rank"] == rank
    while not g.hand_over:
        g.play(g.legal_moves()[0])
    if not g.match_over:
        g.next_hand()
        assert g.observation(1)["wild_rank"] == "3"


def test_a_turned_up_joker_makes_the_aces_wild() -> None:
    assert cut_rank(JOKER) == 1
    v = load_variant("indian-rummy")
    g = Game.from_position(v, {"hands": [["3D"], ["4C", "5C"]], "cut_card": "JK", "phase": "play"})
    assert g.position()["wild_rank"] == "A"
    assert g.rules.melds.wild.cards == ("joker", "A")


@pytest.mark.parametrize(
    ("variant", "extra", "message"),
    [
        ("rummy", {"wild_rank": "5"}, "wild_rank: rummy has no wild rank per hand"),
        ("rummy", {"cut_card": "5D"}, "cut_card: rummy has no wild rank per hand"),
        ("indian-rummy", {"wild_rank": "X"}, "wild_rank: expected a rank of the pack"),
        ("indian-rummy", {"cut_card": "ZZ"}, "cut_card: "),
        ("indian-rummy", {"cut_card": "5D", "wild_rank": "Q"}, "makes 5 wild, not 'Q'"),
    ],
)
def test_positions_with_a_wrong_wild_rank_are_refused_where_they_stand(
    variant: str, extra: dict, message: str
) -> None:
    with pytest.raises(PositionError, match=message.replace("(", r"\(")):
        Game.from_position(load_variant(variant), {"hands": [["3D"], ["4C"]], **extra})


def test_a_table_meld_holding_the_wild_rank_is_read_under_the_hands_rules() -> None:
    v = load_variant("indian-rummy")
    pos = {
        "hands": [["3D", "4D"], ["KD"]],
        "melds": [{"owner": 1, "cards": ["JS", "QS", "5C:KS"]}],
        "wild_rank": "5",
        "cut_card": "5D",
    }
    assert Game.from_position(v, pos).position()["melds"][0]["cards"] == ["JS", "QS", "5C:KS"]
    with pytest.raises(PositionError, match="melds.0"):
        Game.from_position(v, dict(pos, wild_rank="6", cut_card="6D"))


def test_the_solver_leaves_the_one_deck_kernel_when_a_rank_is_wild() -> None:
    """rummy is one deck without wild cards: the run-table kernel's case. With the fives
    wild the same cards meld (7H 8H 5C as 7H 8H 9H), so the general search must answer."""
    rummy = load_variant("rummy")
    assert hand_rules(rummy, None) is rummy
    fives = hand_rules(rummy, 5)
    assert hand_rules(rummy, 5) is fives  # one derived variant per rank, its tables once
    assert tables(fives).not_fast & (1 << parse_card("5C"))
    hand = _cards("7H 8H 5C KD")
    assert S.deadwood(rummy, hand) == 30
    assert S.deadwood(fives, hand) == 10
    assert S.deadwood_after_discard(fives, hand) == (0, parse_card("KD"))


@pytest.mark.parametrize(("players", "most"), [(2, 6), (3, 6), (4, 9), (6, 9)])
def test_the_set_maximum_grows_with_the_decks_and_bots_see_it(players: int, most: int) -> None:
    v = load_variant(str(DATA / "sets-per-deck.rules"))
    g = Game.new(v, players, seed=players)
    assert g.rules.melds.set.max == most
    assert seen_rules(v, g.observation(0)) is g.rules
    assert Game.from_position(v, g.position()).rules is g.rules

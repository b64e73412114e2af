"""Engine API tests: move text, the public Game surface, observations, Variant conveniences."""

from __future__ import annotations

import contextlib
import json
import random
from dataclasses import replace

import pytest

import rulespec
from rulespec.compiler.load import load_variant
from rulespec.core.errors import IllegalMove, InvalidMove, PositionError, RulespecError
from rulespec.core.moves import Move
from rulespec.interpreter.game import Game

CANONICAL = [
    "draw stock",
    "draw discard",
    "draw discard+stock",
    "draw discard+discard",
    "take 3",
    "take pile",
    "meld 7H 8H 9H",
    "meld JK:7H 8H 9H",
    "meld QH KH AH",
    "meld KH AH 2H",
    "meld 7C 7D 7S",
    "layoff TS 2",
    "layoff JK:7H 1",
    "swap 5H 4",
    "discard QS",
    "knock QS",
    "pass",
    "knock",
    "drop",
    "force",
    "force 7H",
]


@pytest.mark.parametrize("text", CANONICAL)
def test_move_text_round_trips(text: str) -> None:
    move = Move.parse(text)
    assert str(move) == text
    assert Move.parse(str(move)) == move


@pytest.mark.parametrize(
    ("loose", "canonical"),
    [
        ("  Draw   Stock ", "draw stock"),
        ("meld 9h 7h 8h", "meld 7H 8H 9H"),
        ("meld 10s js qs", "meld TS JS QS"),
        ("meld 7S 7C 7D", "meld 7C 7D 7S"),
        ("discard 10♠", "discard TS"),
        ("layoff jk:7h 1", "layoff JK:7H 1"),
    ],
)
def test_move_text_is_normalised(loose: str, canonical: str) -> None:
    assert str(Move.parse(loose)) == canonical


@pytest.mark.parametrize(
    "garbled",
    [
        "",
        "draw",
        "draw deck",
        "take",
        "take 0",
        "take -1",
        "meld",
        "meld 7H 8X",
        "layoff 7H",
        "layoff 7H x",
        "swap 7H",
        "discard",
        "discard 7H 8H",
        "knock 7H 8H",
        "jump 3",
        "JK:",
        42,
    ],
)
def test_garbled_move_text(garbled: object) -> None:
    with pytest.raises(InvalidMove):
        Move.parse(garbled)  # type: ignore[arg-type]


def test_public_exports() -> None:
    assert rulespec.Game is Game
    v = load_variant("gin")
    g = Game.new(v, 2, seed=5)
    assert isinstance(g, Game)
    assert g.players == 2 and not g.hand_over and not g.match_over
    assert g.totals == [0, 0]
    with pytest.raises(RulespecError):
        Game.new(v, 3)


def test_same_seed_same_deal_different_seed_differs() -> None:
    v = load_variant("rummy")
    a, b, c = Game.new(v, 3, seed=1), Game.new(v, 3, seed=1), Game.new(v, 3, seed=2)
    assert a.position() == b.position()
    assert a.position()["hands"] != c.position()["hands"]


def test_deal_follows_the_rules() -> None:
    v = load_variant("rummy")
    for n, each in ((2, 10), (3, 7), (4, 7), (5, 6), (6, 6)):
        g = Game.new(v, n, seed=n)
        pos = g.position()
        assert [len(h) for h in pos["hands"]] == [each] * n
        assert len(pos["discard"]) == 1 and pos["upcard"] == pos["discard"][0]
        assert len(pos["stock"]) == 52 - each * n - 1
        assert pos["to_move"] == (pos["dealer"] + 1) % n
        assert pos["phase"] == "draw"


def test_first_dealer_by_cut_varies_with_seed() -> None:
    v = load_variant("rummy")
    dealers = {Game.new(v, 4, seed=s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}


def test_illegal_move_names_rule_and_changes_nothing() -> None:
    g = Game.new(load_variant("rummy"), 2, seed=3)
    before = g.position()
    with pytest.raises(IllegalMove, match="draw first"):
        g.play(f"discard {before['hands'][g.to_move][0]}")
    with pytest.raises(IllegalMove, match="not in your hand|draw first"):
        g.play("meld AS 2S 3S")
    assert g.position() == before
    assert g.log == []


def test_observation_hides_other_hands_and_stock() -> None:
    g = Game.new(load_variant("gin"), 2, seed=8)
    rng = random.Random(1)
    for _ in range(12):
        g.play(rng.choice(g.legal_moves()))
    pos = g.position()
    for seat in range(2):
        obs = g.observation(seat)
        text = json.dumps(obs)
        assert obs["hand"] == pos["hands"][seat]
        other = pos["hands"][1 - seat]
        assert obs["hand_sizes"][1 - seat] == len(other)
        assert "stock" not in obs and obs["stock_size"] == len(pos["stock"])
        assert obs["discard"] == pos["discard"][-1:]  # squared pile: the top card only
        for entry in obs["history"]:
            if entry.get("move") == "draw stock":
                assert "cards" not in entry
        assert json.loads(text) == obs


def test_history_shows_pile_takes_but_not_stock_draws() -> None:
    v = load_variant("rummy")
    pos = {
        "dealer": 0,
        "to_move": 1,
        "hands": [["KH", "2D"], ["5C", "9S"]],
        "stock": ["AS", "2S", "3S"],
        "discard": ["8D", "5H"],
    }
    g = Game.from_position(v, pos)
    g.play("draw discard")
    g.play("discard 9S")
    g.play("draw stock")
    hist = g.observation(1)["history"]
    assert hist[0] == {"seat": 1, "move": "draw discard", "cards": ["5H"]}
    assert hist[2] == {"seat": 0, "move": "draw stock"}
    assert g.last_moves == {1: ["draw discard (5H)", "discard 9S"], 0: ["draw stock"]}
    assert [str(m) for m in g.log] == ["draw discard", "discard 9S", "draw stock"]
    assert all(isinstance(m, Move) for m in g.log)


def test_spread_pile_is_all_visible() -> None:
    v = load_variant("michigan")
    g = Game.from_position(
        v, {"hands": [["KH"], ["5C"]], "discard": ["8D", "5H", "2C"], "stock": ["AS"]}
    )
    assert g.observation(0)["discard"] == ["8D", "5H", "2C"]


def _remik_with(table: list[list[str]]) -> Game:
    return Game.from_position(
        load_variant("remik"),
        {
            "dealer": 0,
            "to_move": 1,
            "phase": "play",
            "hands": [["KC"], ["JK", "7C", "7D", "2S"]],
            "laid_down": [1, 1],
            "turns": [3, 3],
            "melds": [{"owner": 0, "cards": cards} for cards in table],
            "stock": ["AS"],
        },
    )


def test_unnamed_joker_resolved_when_one_way() -> None:
    g = _remik_with([["7H", "8H", "9H"]])  # 7H is on the table: wild.unique leaves JK:7S
    assert str(g.play("meld 7C 7D JK")) == "meld 7C 7D JK:7S"


def test_unnamed_joker_ambiguous_asks_to_name_it() -> None:
    g = _remik_with([["8H", "9H", "TH"]])
    before = g.position()
    with pytest.raises(IllegalMove, match="JK:7H.*JK:7S"):
        g.play("meld 7C 7D JK")
    assert g.position() == before


def test_variant_conveniences() -> None:
    """`rulespec.load` gives the facade variant: its conveniences call the engine."""
    gin = rulespec.load("gin")
    assert gin.is_meld(["7H", "8H", "9H"])
    assert not gin.is_meld(["7H", "8H", "TH"])
    assert gin.meld_value(["7H", "8H", "9H"]) == 24
    assert gin.deadwood(["7H", "8H", "9H", "KS", "2C"]) == 12
    assert gin.penalty(["7H", "8H", "9H", "KS", "2C"]) == 12
    boat = rulespec.load("boat")
    assert boat.penalty(["9C", "7H", "9D", "QD"]) == 26  # RULES.md boat: ranks counted once
    bridge = rulespec.load("bridge")
    assert bridge.is_meld(["7H", "8H", "JK"])
    assert bridge.is_meld(["7H", "JK:8H", "9H"])
    with pytest.raises(InvalidMove):
        gin.deadwood(["7X"])


def test_bad_positions_are_position_errors() -> None:
    v = load_variant("gin")
    for bad, key in (
        ({}, "hands"),
        ({"hands": [["7H"], ["7H"]]}, "hands.1"),
        ({"hands": [["7H"], ["8H"]], "players": 3}, "players"),
        ({"hands": [["7H"], ["8H"]], "to_move": 5}, "to_move"),
        (
            {"hands": [["7H"], ["8H"]], "melds": [{"owner": 0, "cards": ["JK:JK"]}]},
            "melds.0.cards.0",
        ),
        (
            {"hands": [["7H"], ["8H"]], "turn": {"obligation": {"card": "7H", "use": "maybe"}}},
            "turn.obligation",
        ),
        ("not a mapping", "mapping"),
        ({"hands": [["7H"], ["8H"]], "history": [{"seat": "x", "move": "pass"}]}, "history.0.seat"),
        ({"hands": [["7H"], ["8H"]], "history": "lots"}, "history"),
        ({"hands": [["7H"], ["8H"]], "log": [1, 2]}, "log"),
        (
            {"hands": [["7H"], ["8H"]], "melds": [{"owner": 1, "cards": ["2C", "5D", "9S"]}]},
            "melds.0",
        ),
        ({"hands": [["7H"], ["8H"]], "phase": "over"}, "result"),
    ):
        with pytest.raises(PositionError, match=key.replace(".", r"\.")):
            Game.from_position(v, bad)


def test_next_hand_only_when_over() -> None:
    g = Game.new(load_variant("gin"), 2, seed=1)
    with pytest.raises(IllegalMove):
        g.next_hand()


def test_hand_result_lines_explain_each_seat() -> None:
    v = load_variant("rummy")
    g = Game.from_position(
        v,
        {
            "dealer": 0,
            "to_move": 1,
            "phase": "play",
            "hands": [["KH", "2D"], ["5C"]],
            "laid_down": [None, 1],
            "turns": [3, 3],
            "stock": ["AS"],
        },
    )
    g.play("discard 5C")
    r = g.hand_result
    assert r is not None
    assert r["reason"] == "out" and r["winner"] == 1 and r["scores"] == [-12, 12]
    text = "\n".join(r["lines"])
    assert "seat 0: hand KH 2D" in text and "seat 1 goes out" in text
    assert g.legal_moves() == []


def test_rotation_right_plays_to_the_right() -> None:
    v = replace(load_variant("rummy"), rotation="right")
    g = Game.new(v, 4, seed=2)
    assert g.to_move == (g.dealer - 1) % 4
    first = g.to_move
    g.play("draw stock")
    g.play(f"discard {g.position()['hands'][first][0]}")
    assert g.to_move == (first - 1) % 4


def test_random_first_dealer_and_dealer_extra_to_hand() -> None:
    v = replace(
        load_variant("rummy"),
        first_dealer="random",
        deal=replace(load_variant("rummy").deal, dealer_extra=1),
    )
    g = Game.new(v, 3, seed=9)
    sizes = [len(h) for h in g.position()["hands"]]
    assert sizes[g.dealer] == 8 and sorted(sizes) == [7, 7, 8]
    # the dealer holds a card more and starts by discarding
    assert g.to_move == g.dealer and g.phase == "play"
    assert all(m.kind in ("discard", "meld") for m in g.legal_moves())


def test_broken_score_expression_is_a_rulespec_error() -> None:
    base = load_variant("rummy")

    def broken(env: object) -> int:
        raise KeyError("winner.nothing")

    v = replace(base, scoring=replace(base.scoring, rules={"out": {"winner": broken}}))
    g = Game.from_position(
        v, {"dealer": 0, "to_move": 1, "phase": "play", "hands": [["KH"], ["5C"]], "stock": ["AS"]}
    )
    with pytest.raises(RulespecError, match="scoring.out.winner"):
        g.play("discard 5C")


GARBAGE: list[object] = [None, 0, -1, 99, "x", "7H", [], ["7H"], [["7H"]], {}, {"a": 1}, True, 2.5]


def test_mangled_positions_give_position_errors_only() -> None:
    """Every key of a real position replaced by junk: a Game or a PositionError, nothing else."""
    v = load_variant("michigan")
    g = Game.new(v, 3, seed=4)
    g.play(g.legal_moves()[0])
    pos = g.position()
    rng = random.Random(0)
    for key in sorted(pos):
        for junk in GARBAGE:
            bad = json.loads(json.dumps(pos))
            bad[key] = junk
            try:
                copy = Game.from_position(v, bad)
                copy.legal_moves()
                copy.observation(0)
            except PositionError:
                pass
    for _ in range(200):  # junk deeper inside
        bad = json.loads(json.dumps(pos))
        key = rng.choice(["hands", "melds", "turn", "offer", "history"])
        if isinstance(bad[key], list) and bad[key]:
            bad[key][rng.randrange(len(bad[key]))] = rng.choice(GARBAGE)
        elif isinstance(bad[key], dict) and bad[key]:
            bad[key][rng.choice(sorted(bad[key]))] = rng.choice(GARBAGE)
        with contextlib.suppress(PositionError):
            Game.from_position(v, bad).legal_moves()


def _rummy_play(laid_down: list[int | None] | None = None, **play: object) -> Game:
    base = load_variant("rummy")
    v = replace(base, play=replace(base.play, **play))  # type: ignore[arg-type]
    return Game.from_position(
        v,
        {
            "dealer": 0,
            "to_move": 1,
            "phase": "play",
            "hands": [["KH"], ["6S", "TC", "7H", "8H", "9H", "2D"]],
            "melds": [
                {"owner": 0, "cards": ["3S", "4S", "5S"]},
                {"owner": 1, "cards": ["JC", "QC", "KC"]},
            ],
            "laid_down": laid_down or [1, 1],
            "turns": [2, 2],
            "stock": ["AS"],
        },
    )


def test_layoff_onto_own_melds_only() -> None:
    g = _rummy_play(layoff_onto="own")
    legal = [str(m) for m in g.legal_moves()]
    assert "layoff TC 2" in legal and "layoff 6S 1" not in legal
    with pytest.raises(IllegalMove, match="layoff_onto"):
        g.play("layoff 6S 1")
    assert "layoff 6S 1" in [str(m) for m in _rummy_play().legal_moves()]


def test_first_laydown_minimum() -> None:
    """The minimum counts all the turn's laying down: 7H 8H 9H (24) then 6S laid off (6)."""
    opened_later = lambda env: env["me.laid_down_before"]  # noqa: E731
    g = _rummy_play([1, None], first_laydown_min=lambda env: 30, layoff=opened_later)
    with pytest.raises(IllegalMove, match="first_laydown_min"):
        g.play("meld 7H 8H 9H")  # worth 24, and no lay-off before the opening
    assert all(m.kind != "meld" for m in g.legal_moves())
    g = _rummy_play([1, None], first_laydown_min=lambda env: 30)
    g.play("meld 7H 8H 9H")
    with pytest.raises(IllegalMove, match="worth 24 — lay down 6 more"):
        g.play("discard 2D")
    assert {str(m) for m in g.legal_moves()} == {"layoff 6S 1", "layoff TC 2"}
    g.play("layoff 6S 1")
    g.play("discard 2D")
    ok = _rummy_play([1, None], first_laydown_min=lambda env: 24, layoff=opened_later)
    ok.play("meld 7H 8H 9H")


def test_hand_result_reads_as_attributes_and_as_keys() -> None:
    """The documented API reads `result.reason`; positions and JSON read it as a mapping."""
    import json
    import random

    from rulespec.compiler.load import load_variant

    g = Game.new(load_variant("gin"), 2, seed=3)
    rng = random.Random(5)
    while not g.hand_over:
        g.play(rng.choice(g.legal_moves()))
    r = g.hand_result
    assert r is not None
    assert r.reason == r["reason"] and r.scores == r["scores"]
    assert json.loads(json.dumps(dict(r)))["reason"] == r.reason
    with pytest.raises(AttributeError):
        _ = r.no_such_field

"""Clear errors from the engine's API: move text, hand-end reasons, refused melds, bad input.

Issue 7 (points 8, 11, 14) and issue 10 (points 4, 5, 6): every misuse of the
public surface raises one of our error classes with a message that says what
is wrong and how to write it, and the hand-end reasons are one documented set.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulespec
from rulespec.cli.play_display import reason_text
from rulespec.compiler.load import load_variant
from rulespec.compiler.schemagen import build_schema
from rulespec.core.cards import parse_placed
from rulespec.core.errors import (
    IllegalMove,
    InvalidMove,
    PositionError,
    RuleFileError,
    RulespecError,
)
from rulespec.core.moves import Move
from rulespec.explain.expr import REASONS as REASON_WORDS
from rulespec.explain.score import REASON_HEADS
from rulespec.interpreter.game import Game
from rulespec.interpreter.melds import meld_kind, meld_refusal
from rulespec.interpreter.phases.stock import CAPPED
from rulespec.interpreter.scoring import score_hand
from rulespec.model.names import HAND_ENDS, REASONS

ROOT = Path(__file__).resolve().parents[2]

# --- move text (issue 10.4, issue 7.11) ----------------------------------------------


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=40))
def test_move_parse_is_total_over_any_text(text: str) -> None:
    try:
        move = Move.parse(text)
    except InvalidMove:
        return
    assert Move.parse(str(move)) == move


VERBS = ["take", "layoff 7H", "swap JK", "meld", "discard", "knock", "draw"]
ODD_NUMBERS = ["³", "²", "¹", "٣", "１", "Ⅻ", "0", "00", "-1", "+2", "1.5", "9" * 7, "9" * 5000]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(VERBS), st.one_of(st.sampled_from(ODD_NUMBERS), st.text(max_size=8)))
def test_move_parse_is_total_with_odd_numbers(verb: str, number: str) -> None:
    with contextlib.suppress(InvalidMove):
        Move.parse(f"{verb} {number}")


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("take ³", "digits 0-9, not '³'"),
        ("layoff 7H ²", "digits 0-9, not '²'"),
        ("swap JK ¹", "digits 0-9, not '¹'"),
        ("take ٣", "digits 0-9"),
        ("take 0", "at least 1"),
        ("layoff 7H 9999999", "too large"),
        ("take " + "9" * 5000, "at most 2000"),
        ("11H", "'11H' is not a card: write ranks A 2-9 T J Q K (10 also accepted)"),
        ("discard 11H", "'11H' is not a card: write ranks A 2-9 T J Q K"),
        ("meld 7H 8X 9H", "'8X' is not a card"),
        ("7h", "'7h' is a card, not a move: write e.g. 'discard 7H'"),
        ("take", "take N (N a number from 1"),
        ("layoff 7H", "layoff C M (a card, then the number M"),
        ("fly away", "take pile | meld C C C... | layoff C M"),
    ],
)
def test_move_text_errors_say_how_to_write_it(text: str, fragment: str) -> None:
    with pytest.raises(InvalidMove) as err:
        Move.parse(text)
    assert fragment in str(err.value)
    assert type(err.value) is InvalidMove


def test_play_reads_the_move_through_the_same_parser() -> None:
    game = Game.new(load_variant("rummy"), 2, seed=3)
    with pytest.raises(InvalidMove, match="is not a card: write ranks"):
        game.play("11H")


# --- hand-end reasons (issue 7.14) ------------------------------------------------------


def _documented_reasons() -> set[str]:
    text = (ROOT / "docs" / "document.md").read_text(encoding="utf-8")
    section = text.split("## Hand-end reasons", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `([a-z]+)` \|", section, flags=re.M))


def _schema_reasons() -> set[str]:
    schema = build_schema()
    scoring = schema["properties"]["scoring"]["properties"]
    return {k for k, v in scoring.items() if v.get("type") == "object"}


def _grammar_reasons() -> set[str]:
    lark = (ROOT / "rulespec" / "grammar" / "rules.lark").read_text(encoding="utf-8")
    line = next(x for x in lark.splitlines() if x.startswith("!reason:"))
    return set(re.findall(r'"([a-z]+)"', line))


def _play(name: str, position: dict[str, Any], moves: list[str]) -> Any:
    game = Game.from_position(load_variant(name), position)
    for move in moves:
        game.play(move)
    assert game.hand_over
    return game.hand_result


_MELDED_9 = ["AS", "2S", "3S", "4H", "5H", "6H", "7C", "7D", "7S"]
_GIN = {"dealer": 1, "to_move": 0, "phase": "play", "stock": ["2H", "3H", "8D", "9S"]}

# variant, position, moves -> (reason, rummy, why)
ENDINGS: list[tuple[str, dict[str, Any], list[str], tuple[str, bool, str | None]]] = [
    (
        "rummy",
        {"phase": "play", "to_move": 1, "hands": [["KC"], ["7H", "8H", "9H", "KS"]]},
        ["meld 7H 8H 9H", "discard KS"],
        ("out", True, None),
    ),
    (
        "rummy",
        {
            "phase": "play",
            "to_move": 1,
            "hands": [["KC"], ["7H", "8H", "9H", "KS"]],
            "turns": [2, 2],
            "laid_down": [None, 1],
        },
        ["meld 7H 8H 9H", "discard KS"],
        ("out", False, None),
    ),
    (
        "gin",
        {**_GIN, "hands": [[*_MELDED_9, "4S", "KC"], ["KH", "QD", "JC", "9D", "TC", "8C", "QH"]]},
        ["knock KC"],
        ("gin", False, None),
    ),
    (
        "gin",
        {**_GIN, "hands": [[*_MELDED_9, "2C", "KC"], ["KH", "QD", "JC", "9D", "TC", "QH"]]},
        ["knock KC"],
        ("knock", False, None),
    ),
    (
        "gin",
        {
            **_GIN,
            "hands": [
                [*_MELDED_9, "9D", "KC"],
                ["QC", "QD", "QH", "JS", "JD", "JH", "TS", "TD", "TH", "AD"],
            ],
        },
        ["knock KC"],
        ("undercut", False, None),
    ),
    (
        "gin",
        {**_GIN, "stock": ["2H", "3H"], "hands": [["KH", "2C"], ["5C", "9S"]]},
        ["discard KH"],
        ("void", False, None),
    ),
    (
        "michigan",
        {"phase": "play", "to_move": 0, "hands": [["KH", "2C"], ["5C", "9S"]], "stock": []},
        ["discard KH"],
        ("stock", False, None),
    ),
    (
        "rummy",
        {"phase": "play", "to_move": 0, "hands": [["KH", "2C"], ["5C"]], "stock": ["AS"]}
        | {"turn_count": 999},
        ["discard KH"],
        ("abandoned", False, CAPPED),
    ),
    (
        str(ROOT / "tests" / "data" / "valid" / "drop-penalty.rules"),
        {"phase": "draw", "to_move": 0, "hands": [["KH", "2C"], ["5C", "9S"]], "stock": ["AS"]},
        ["drop"],
        ("drop", False, None),
    ),
]


def test_reasons_are_one_set_documented_scored_and_parsed() -> None:
    assert set(HAND_ENDS) == _documented_reasons()
    assert set(REASONS) == _schema_reasons() == _grammar_reasons() == set(HAND_ENDS) - {"abandoned"}
    assert set(REASONS) == set(REASON_HEADS) == set(REASON_WORDS)  # what explain says


@pytest.mark.parametrize(("name", "position", "moves", "expected"), ENDINGS)
def test_each_ending_gives_a_documented_reason(
    name: str, position: dict[str, Any], moves: list[str], expected: tuple[str, bool, str | None]
) -> None:
    result = _play(name, position, moves)
    assert (result.reason, result.rummy, result.get("why")) == expected
    assert result.reason in HAND_ENDS


def test_the_engine_produces_exactly_the_documented_reasons() -> None:
    produced = {_play(name, pos, moves).reason for name, pos, moves, _ in ENDINGS}
    assert produced == _documented_reasons()


@pytest.mark.parametrize("reason", ["rummy", "won", ""])
def test_scoring_refuses_an_undocumented_reason(reason: str) -> None:
    game = Game.new(load_variant("rummy"), 2, seed=1)
    with pytest.raises(RulespecError, match="is not one of out, knock"):
        score_hand(game.variant, game.hs, reason, 0, {})


def test_play_screen_shows_rummy_and_why_beside_the_reason() -> None:
    rummy, plain, gin, _, _, _, _, capped, _ = (_play(n, p, m) for n, p, m, _ in ENDINGS)
    assert reason_text(rummy) == "out (rummy: out in one go)"
    assert reason_text(plain) == "out"
    assert reason_text(gin) == "gin"
    assert reason_text(capped) == f"abandoned ({CAPPED})"


# --- a refused meld names the rule it breaks (issue 7.8) ---------------------------------


def _with_per_meld(name: str, per_meld: int) -> Any:
    base = load_variant(name)
    wild = replace(base.melds.wild, per_meld=per_meld)
    return replace(base, melds=replace(base.melds, wild=wild))


MELD_REFUSALS = [
    ("rummy", "7H 7D", "melds.set.min: a set has at least 3 cards, not 2"),
    ("rummy", "7H 7D 7S 7C 7H", "melds.set.max: a set has at most 4 cards, not 5"),
    ("rummy", "7H 8H", "melds.run.min: a run has at least 3 cards, not 2"),
    (
        "rummy",
        "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH",
        "melds.run.max: a run has at most 10 cards, not 11",
    ),
    ("rummy", "QH KH AH", "ace: low — the ace may not stand there in a run"),
    ("rummy", "7H 9H TH", "not a run: a run is cards of one suit in sequence"),
    ("rummy", "7H 8D 9H", "neither a set (cards of one rank) nor a run"),
    ("rummy", "7H", "a meld has at least 3 cards, not 1"),
    ("rummy", "JK:7H 8H 9H", "melds.wild.cards: JK is not a wild card here (wild: none)"),
    ("michigan-two-decks", "7H 7H 7D", None),
    ("remik", "JK:7S JK:7H 7C", "melds.wild.outnumber: false — wild cards may not outnumber"),
    ("remik", "JK:7S 7H 7C", None),
]


@pytest.mark.parametrize(("name", "cards", "fragment"), MELD_REFUSALS)
def test_meld_refusal_names_the_rule(name: str, cards: str, fragment: str | None) -> None:
    variant = load_variant(name)
    placed = [parse_placed(c) for c in cards.split()]
    refusal = meld_refusal(variant, placed)
    assert (refusal is None) == (fragment is None), refusal
    if fragment is not None:
        assert refusal is not None and fragment in refusal
    # one source of truth: the refusal and the meld check agree
    assert (meld_kind(variant, placed) is None) == (refusal is not None)


def test_meld_refusal_per_meld_limit() -> None:
    variant = _with_per_meld("bridge", 1)
    placed = [parse_placed(c) for c in ["JK:7H", "JK:8H", "9H", "TH"]]
    assert meld_refusal(variant, placed) == (
        "melds.wild.per_meld: at most 1 wild card(s) in one meld, not 2"
    )


_REMIK = {"dealer": 0, "to_move": 1, "phase": "play", "laid_down": [1, 1], "turns": [3, 3]}

# variant, position, move -> fragment of the IllegalMove message
REFUSED_MOVES = [
    (
        "remik",
        {**_REMIK, "hands": [["KD"], ["JK", "JK", "7C", "2S"]], "stock": ["AS"]},
        "meld JK:7S JK:7H 7C",
        "melds.wild.outnumber: false — wild cards may not outnumber the natural cards"
        " (2 wild, 1 natural)",
    ),
    (
        "remik",
        {
            **_REMIK,
            "hands": [["KD"], ["JK", "7C", "7D", "2S"]],
            "melds": [{"owner": 0, "cards": ["7H", "8H", "9H"]}],
            "stock": ["AS"],
        },
        "meld JK:7H 7C 7D",
        "melds.wild.unique: 7H is already on the table",
    ),
    (
        "rummy",
        {
            "phase": "play",
            "to_move": 1,
            "hands": [["KD"], [*(f"{r}H" for r in "A23456789TJ"), "KS"]],
            "stock": ["AS"],
        },
        "meld AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH",
        "melds.run.max: a run has at most 10 cards, not 11",
    ),
    (
        "rummy",
        {
            "phase": "play",
            "to_move": 1,
            "hands": [["KD"], ["7C", "2S"]],
            "melds": [{"owner": 0, "cards": ["7H", "8H", "9H"]}],
            "stock": ["AS"],
        },
        "layoff 2S 1",
        "2S does not fit meld 1 as placed: neither a set",
    ),
    (
        "continental",
        {
            "phase": "play",
            "to_move": 1,
            "hands": [
                ["KD"],
                [
                    "7C",
                    "8C",
                    "9C",
                    "KD",
                    "2S",
                    "5H",
                    "9D",
                    "JS",
                    "QH",
                    "4C",
                    "3D",
                    "6S",
                    "TH",
                    "AS",
                    "8D",
                    "2H",
                ],
            ],
            "stock": ["AS"],
        },
        "meld 7C 8C 9C",
        "going_out.partition: going out lays down 1 or 3 or 5 melds, all in one turn",
    ),
]


@pytest.mark.parametrize(("name", "position", "move", "fragment"), REFUSED_MOVES)
def test_refused_meld_names_the_exact_rule(
    name: str, position: dict[str, Any], move: str, fragment: str
) -> None:
    game = Game.from_position(load_variant(name), position)
    before = game.position()
    with pytest.raises(IllegalMove) as err:
        game.play(move)
    assert fragment in str(err.value)
    assert "not a valid meld under the variant's melds rules" not in str(err.value)
    assert game.position() == before


# --- API misuse: new_game, observation, load (issue 10.6, issue 7.11) -------------------


@pytest.mark.parametrize(
    ("name", "players", "fragment"),
    [
        ("oklahoma", 3, "oklahoma is for exactly 2 players, not 3"),
        ("rummy", 7, "rummy is for 2 to 6 players, not 7"),
        ("rummy", 10**5000, "rummy is for 2 to 6 players, not that many"),
        ("rummy", "2", "players must be a number, got str"),
    ],
    ids=["oklahoma-3", "rummy-7", "rummy-huge", "rummy-str"],
)
def test_new_game_says_how_many_players(name: str, players: Any, fragment: str) -> None:
    with pytest.raises(RulespecError) as err:
        Game.new(load_variant(name), players)
    assert fragment in str(err.value)


@pytest.mark.parametrize(
    ("seed", "fragment"),
    [
        (10**5000, "from 0 to 2**64 - 1, not a number of about 5001 digits"),
        (-1, "from 0 to 2**64 - 1, not -1"),
        (2**64, "from 0 to 2**64 - 1"),
        (1.5, "a seed is an integer, not float"),
        ("7", "a seed is an integer, not str"),
    ],
    ids=["huge", "negative", "2**64", "float", "str"],
)
def test_new_game_refuses_a_seed_out_of_bounds(seed: Any, fragment: str) -> None:
    with pytest.raises(RulespecError) as err:
        Game.new(load_variant("rummy"), 2, seed=seed)
    assert fragment in str(err.value)


def test_new_game_takes_every_seed_in_bounds() -> None:
    variant = load_variant("rummy")
    for seed in (0, 1, 2**63, 2**64 - 1):
        game = Game.new(variant, 2, seed=seed)
        assert Game.from_position(variant, game.position()).position() == game.position()


@pytest.mark.parametrize("seat", [9, 2, -1, "0", True, None, 1.0])
def test_observation_of_a_seat_that_is_not_there(seat: Any) -> None:
    game = Game.new(load_variant("rummy"), 2, seed=1)
    with pytest.raises(RulespecError, match="a seat is a number from 0 to 1"):
        game.observation(seat)


@pytest.mark.parametrize(
    ("reference", "fragment"),
    [
        (None, "expected a variant name or a rule file path, got None"),
        (5, "expected a variant name or a rule file path, got int"),
        ("a" * 10_000, "not a variant name or a file path (10000 characters)"),
        ("a" * 300, "cannot open"),
        ("gin\0", "NUL character"),
    ],
)
def test_load_refuses_what_is_no_name(reference: Any, fragment: str) -> None:
    with pytest.raises(RuleFileError) as err:
        rulespec.load(reference)
    assert fragment in str(err.value)
    assert len(str(err.value)) < 300


def test_load_takes_a_path_object() -> None:
    assert rulespec.load(ROOT / "variants" / "gin.rules").name == "gin"


# --- positions: every field checked, located (issue 10.5 position side, 10.6) -------------

_TWO = {"hands": [["7H"], ["8H"]], "stock": ["AS"]}
_PLAYING = {**_TWO, "phase": "play", "to_move": 0}
_OVER = {**_TWO, "phase": "over"}
_RESULT = {"reason": "out", "winner": 0, "scores": [5, -5], "lines": []}

# variant, position, expected fragment of the PositionError (its JSON path first)
BAD_POSITIONS: list[tuple[str, Any, str]] = [
    ("gin", {"hands": [["AS"], ["2S"]]}, "stock, discard: both empty, so seat 1 (to_move)"),
    ("rummy", {**_PLAYING, "hands": [[], ["8H"]]}, "hands.0: empty, but the hand is not over"),
    ("continental", {**_TWO, "hands": [["7H"], []]}, "hands.1: empty, but the hand is not over"),
    ("rummy", {**_TWO, "seed": 10**5000}, "seed: a seed is an integer from 0 to 2**64 - 1"),
    ("rummy", {**_TWO, "seed": -5}, "seed: a seed is an integer from 0 to 2**64 - 1, not -5"),
    ("rummy", {**_TWO, "seed": "12"}, "seed: a seed is an integer, not str"),
    ("rummy", {**_TWO, "totals": [10**5000, 0]}, "totals.0: expected an integer from"),
    ("rummy", {**_TWO, "totals": [10**9 + 1, 0]}, "totals.0: expected an integer from"),
    ("rummy", {**_TWO, "totals": [0]}, "totals: expected a list of 2 (one per seat)"),
    ("rummy", {**_TWO, "melded": ["3", 0]}, "melded.0: expected an integer, got str"),
    ("rummy", {**_TWO, "hands_won": [-1, 0]}, "hands_won.0: expected an integer from 0"),
    ("rummy", {**_TWO, "turns": [0, 2.5]}, "turns.1: expected an integer, got float"),
    ("rummy", {**_TWO, "laid_down": [None, "1"]}, "laid_down.1: expected an integer"),
    ("rummy", {**_TWO, "active": [1, 1]}, "active.0: expected true or false, got int"),
    ("rummy", {**_TWO, "hand": 0}, "hand: expected an integer from 1"),
    ("rummy", {**_TWO, "turn_count": True}, "turn_count: expected an integer, got bool"),
    ("rummy", {**_TWO, "dealer": 2}, "dealer: expected an integer from 0 to 1, got 2"),
    ("rummy", {**_TWO, "variant": "gin"}, "variant: the position is of 'gin', not 'rummy'"),
    ("rummy", {**_TWO, "variant": 3}, "variant: expected a text, got int"),
    ("rummy", {**_TWO, "upcard": "ZZ"}, "upcard: 'ZZ' is not a card: write ranks"),
    ("rummy", {**_TWO, "stock": ["AS", 7]}, "stock.1: expected a card text such as '7H'"),
    ("rummy", {**_TWO, "discard": ["Q" * 5000]}, "discard.0: 'QQQQ"),
    (
        "rummy",
        {**_TWO, "history": [{"seat": 0, "move": "draw discard", "cards": ["ZZ"]}]},
        "history.0.cards.0: 'ZZ' is not a card",
    ),
    (
        "rummy",
        {**_TWO, "history": [{"seat": 0, "move": "take ³"}]},
        "history.0.move: 'take ³': the depth N of take N must be written in digits",
    ),
    ("rummy", {**_TWO, "history": [{"seat": 5, "move": "pass"}]}, "history.0.seat: expected"),
    (
        "rummy",
        {**_TWO, "history": [{"event": "recycle", "cards": "many"}]},
        "history.0.cards: expected an integer",
    ),
    (
        "rummy",
        {**_TWO, "history": [{"seat": 0, "move": "pass", "note": {"a": {"b": [1]}}}]},
        "history.0.note: expected a plain value",
    ),
    ("rummy", {**_TWO, "log": ["draw stock", "11H"]}, "log.1: '11H' is not a card"),
    ("rummy", {**_TWO, "log": ["x" * 5000]}, "log.0: a text of 5000 characters"),
    (
        "rummy",
        {**_TWO, "melds": [{"owner": 0, "cards": ["2C", "5D", "9S"]}]},
        "melds.0: 2C 5D 9S is not a valid meld of rummy: neither a set",
    ),
    (
        "rummy",
        {**_TWO, "melds": [{"owner": 0, "cards": ["QH", "KH", "AH"]}]},
        "melds.0: QH KH AH is not a valid meld of rummy: ace: low",
    ),
    ("rummy", {**_TWO, "melds": [{"owner": 4, "cards": []}]}, "melds.0.owner: expected"),
    ("rummy", {**_TWO, "melds": [{"owner": 0}]}, "melds.0.cards: expected a list, got null"),
    (
        "rummy",
        {**_PLAYING, "turn": {"obligation": {"card": "9C", "use": "meld"}, "taken": ["9C"]}},
        "turn.obligation.card: 9C is not in the hand of seat 0 (to move)",
    ),
    (
        "rummy",
        {**_PLAYING, "turn": {"obligation": {"card": "7H", "use": "meld"}}},
        "turn.obligation.card: 7H was not taken from the pile",
    ),
    (
        "rummy",
        {**_PLAYING, "turn": {"obligation": {"card": "7H", "use": "all"}}},
        "turn.obligation.use: expected meld or any, got 'all'",
    ),
    ("rummy", {**_TWO, "turn": {"taken": ["7H"]}}, "turn.taken: cards are taken only after"),
    ("rummy", {**_TWO, "turn": {"melds": 1}}, "turn.melds: melds are laid only after the draw"),
    ("rummy", {**_PLAYING, "turn": {"melds": 2}}, "turn.melds: 2 melds this turn but 0"),
    ("rummy", {**_PLAYING, "turn": {"value": 10**12}}, "turn.value: expected an integer"),
    ("rummy", {**_TWO, "offer": {"passes": "no"}}, "offer.passes: expected an integer"),
    ("rummy", {**_TWO, "offer": {"must_draw_stock": 1}}, "offer.must_draw_stock: expected"),
    ("rummy", _OVER, "result: a position in phase 'over' needs the hand's result"),
    ("rummy", {**_TWO, "result": _RESULT}, "result: only a hand that is over has a result"),
    ("rummy", {**_OVER, "result": {**_RESULT, "reason": "won"}}, "result.reason: expected"),
    ("rummy", {**_OVER, "result": {**_RESULT, "scores": [1, "x"]}}, "result.scores.1: expected"),
    ("rummy", {**_OVER, "result": {**_RESULT, "winner": 7}}, "result.winner: expected"),
    ("rummy", {**_OVER, "result": {**_RESULT, "lines": [3]}}, "result.lines.0: expected a text"),
    ("rummy", {**_OVER, "result": {**_RESULT, "rummy": "yes"}}, "result.rummy: expected true"),
    ("rummy", {**_OVER, "result": [1, 2]}, "result: expected a mapping, got list"),
    ("rummy", {**_TWO, "match_over": True}, "match_over: a match ends with a hand"),
    ("rummy", {**_TWO, "hands": [["7H"], "8H"]}, "hands.1: expected a list, got str"),
    ("rummy", {**_TWO, "hands": [["7H"], ["7H"]]}, "hands.1: card 7H appears 2 times"),
    ("rummy", {"hands": [["7H"]] * 7}, "players: expected an integer from 2 to 6, got 7"),
    ("oklahoma", _TWO, "upcard: oklahoma's rules read the upcard (upcard.*)"),
    ("rummy", "not a mapping", "expected a mapping, got str"),
    ("rummy", None, "expected a mapping, got null"),
]


@pytest.mark.parametrize(
    ("name", "position", "fragment"), BAD_POSITIONS, ids=[f[:40] for _, _, f in BAD_POSITIONS]
)
def test_bad_position_names_the_field(name: str, position: Any, fragment: str) -> None:
    with pytest.raises(PositionError) as err:
        Game.from_position(load_variant(name), position)
    assert fragment in str(err.value)
    assert len(str(err.value)) < 400


def test_a_finished_hand_keeps_its_last_turn() -> None:
    """Gin ends on a knock right after a pile draw: `turn.taken` stays in the saved position."""
    pos = {**_GIN, "hands": [[*_MELDED_9, "4S", "KC"], ["KH", "QD", "JC", "9D", "TC", "8C"]]}
    game = Game.from_position(load_variant("gin"), {**pos, "turn": {"taken": ["4S"]}})
    game.play("knock KC")
    saved = json.loads(json.dumps(game.position()))
    assert saved["turn"]["taken"] == ["4S"] and saved["phase"] == "over"
    assert Game.from_position(load_variant("gin"), saved).position() == saved


def test_every_field_of_a_real_position_survives_a_json_round_trip() -> None:
    variant = load_variant("rummy500")
    game = Game.new(variant, 3, seed=11)
    for _ in range(60):
        if game.hand_over:
            break
        game.play(game.legal_moves()[-1])
    pos = json.loads(json.dumps(game.position()))
    assert Game.from_position(variant, pos).position() == pos


MALFORMED = [
    Move("discard"),
    Move("take", (), -5),
    Move("bogus"),
    Move("layoff", ((99, 99),), 1),
    Move("layoff", ((1, 1),), -3),
    Move("swap", ((1, 1),), 10**5000),
    Move("meld", ((1, 1), (0, 0), (2, 2))),
]


@pytest.mark.parametrize("move", MALFORMED, ids=range(len(MALFORMED)))
def test_a_move_built_wrong_in_code_is_invalid_not_a_crash(move: Move) -> None:
    game = Game.new(load_variant("rummy"), 2, seed=3)
    game.play("draw stock")
    before = game.position()
    with pytest.raises(InvalidMove, match="not a well-formed move"):
        game.play(move)
    assert game.position() == before


_JUNK = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.sampled_from([5000, 30, 19, -19]).map(lambda d: 10 ** abs(d) * (1 if d > 0 else -1)),
        st.floats(allow_nan=False),
        st.text(max_size=6),
        st.sampled_from(["7H", "ZZ", "JK:7H", "JK", "take ³", "draw stock", "out", "play"]),
    ),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)


def _real_position() -> dict[str, Any]:
    game = Game.new(load_variant("remik"), 3, seed=2)
    for _ in range(9):
        game.play(game.legal_moves()[0])
    return json.loads(json.dumps(game.position()))


_REAL = _real_position()


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_a_mangled_position_gives_a_game_with_a_move_or_a_position_error(data: Any) -> None:
    """Any field (or a field inside one) replaced by junk: a playable Game or PositionError."""
    pos = json.loads(json.dumps(_REAL))
    key = data.draw(st.sampled_from(sorted(pos)))
    target: Any = pos
    if isinstance(pos[key], (list, dict)) and pos[key] and data.draw(st.booleans()):
        target = pos[key]
        key = data.draw(
            st.sampled_from(sorted(target) if isinstance(target, dict) else range(len(target)))
        )
    target[key] = data.draw(_JUNK)
    variant = load_variant("remik")
    try:
        game = Game.from_position(variant, pos)
    except PositionError as exc:
        assert str(exc)
        return
    assert game.hand_over or game.legal_moves()
    game.observation(game.to_move)
    assert Game.from_position(variant, json.loads(json.dumps(game.position())))
    for _ in range(30):  # and it plays on: never a seat left without a legal move
        if game.hand_over:
            break
        moves = game.legal_moves()
        assert moves, game.position()
        game.play(moves[-1])


def test_a_save_from_before_rummy_was_a_flag_still_loads() -> None:
    """Saves written when going out in one go was reason `rummy` load as `out` + rummy."""
    variant = load_variant("rummy")
    game = Game.new(variant, 2, seed=1)
    rng = random.Random(1)
    while not game.hand_over:
        game.play(rng.choice(game.legal_moves()))
    old = game.position()
    old["result"] = dict(old["result"], reason="rummy")
    again = Game.from_position(variant, old)
    assert (again.hand_result.reason, again.hand_result.rummy) == ("out", True)

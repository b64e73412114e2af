"""Card codes and notation: parsing, canonical text, placed cards, wild cards, decks, values."""

from __future__ import annotations

import pytest
from interp_helpers import bridge_like, deuces_wild, gin_like, make_variant, michigan_like

from rulespec.core.cards import (
    JOKER,
    card_text,
    parse_card,
    parse_placed,
    placed_text,
    rank_of,
    suit_of,
)
from rulespec.core.errors import InvalidMove, RulespecError
from rulespec.interpreter.cards import build_deck, deck_counts, hand_value, is_wild
from rulespec.interpreter.game import Game
from rulespec.model.variant import CountTable

PARSE = [
    ("AC", 0),
    ("KC", 12),
    ("AD", 13),
    ("7H", 32),
    ("TS", 48),
    ("10S", 48),
    ("ts", 48),
    ("10s", 48),
    ("qh", 37),
    ("A♠", 39),
    ("10♥", 35),
    ("7♦", 19),
    ("2♣", 1),
    ("JK", JOKER),
    ("jk", JOKER),
    (" 5D ", 17),
]


@pytest.mark.parametrize(("text", "code"), PARSE)
def test_parse_card(text: str, code: int) -> None:
    assert parse_card(text) == code


@pytest.mark.parametrize(
    "text", ["", "1S", "11S", "ZS", "AX", "A", "S", "JKK", "10", "7H8H", "JK:"]
)
def test_parse_card_rejects_with_the_text(text: str) -> None:
    with pytest.raises(InvalidMove) as err:
        parse_card(text)
    assert repr(text) in str(err.value)
    assert isinstance(err.value, RulespecError)


def test_card_text_round_trip_for_every_code() -> None:
    for code in range(53):
        assert parse_card(card_text(code)) == code
    assert card_text(48) == "TS"
    assert card_text(JOKER) == "JK"
    with pytest.raises(ValueError):
        card_text(53)


def test_rank_and_suit() -> None:
    assert (rank_of(parse_card("AS")), suit_of(parse_card("AS"))) == (1, 3)
    assert (rank_of(parse_card("KC")), suit_of(parse_card("KC"))) == (13, 0)
    assert (rank_of(JOKER), suit_of(JOKER)) == (0, -1)


PLACED = [
    ("7H", (32, 32)),
    ("JK:7H", (JOKER, 32)),
    ("jk:10s", (JOKER, 48)),
    ("2C:9D", (1, 21)),
    ("JK", (JOKER, JOKER)),
]


@pytest.mark.parametrize(("text", "placed"), PLACED)
def test_parse_placed(text: str, placed: tuple[int, int]) -> None:
    assert parse_placed(text) == placed
    assert parse_placed(placed_text(placed)) == placed


@pytest.mark.parametrize("text", ["JK:JK", "7H:", "XX:7H", "7H:9"])
def test_parse_placed_rejects(text: str) -> None:
    with pytest.raises(InvalidMove):
        parse_placed(text)


def test_placed_text_canonical() -> None:
    assert placed_text((48, 48)) == "TS"
    assert placed_text((JOKER, 48)) == "JK:TS"


def test_is_wild() -> None:
    assert not is_wild(gin_like(), JOKER)
    assert is_wild(bridge_like(), JOKER)
    assert not is_wild(bridge_like(), parse_card("2H"))
    deuces = deuces_wild()
    assert is_wild(deuces, parse_card("2H")) and is_wild(deuces, parse_card("2S"))
    assert not is_wild(deuces, parse_card("3H")) and not is_wild(deuces, JOKER)


def test_build_deck_by_player_count() -> None:
    gin = gin_like()
    assert build_deck(gin, 2) == list(range(52))
    bridge = bridge_like()
    deck = build_deck(bridge, 3)
    assert len(deck) == 108 and deck.count(JOKER) == 4 and deck.count(0) == 2
    assert deck == sorted(deck)
    table = make_variant(deck={"decks": {"2-4": 1, "5-8": 2}, "jokers": {"2-4": 0, "5-8": 2}})
    assert len(build_deck(table, 4)) == 52
    assert len(build_deck(table, 6)) == 106
    counts = deck_counts(table, 6)
    assert counts[JOKER] == 2 and counts[10] == 2
    assert CountTable.parse({"2-4": 1, "5-8": 2})(5) == 2


def test_hand_value_by_place() -> None:
    gin = gin_like()
    assert [hand_value(gin, parse_card(t)) for t in ("AS", "7S", "TS", "JS", "KS")] == [
        1,
        7,
        10,
        10,
        10,
    ]
    michigan = michigan_like()
    ace = parse_card("AH")
    assert hand_value(michigan, ace) == 15
    assert hand_value(michigan, ace, "run_low") == 1
    assert hand_value(michigan, ace, "set") == 15
    assert hand_value(bridge_like(), JOKER) == 20


# --- one codec: the bots and the terminal read cards and moves through this module ------


def test_no_other_module_keeps_a_card_table() -> None:
    """The rank and suit letters are spelled out once, here; everyone else imports them."""
    from pathlib import Path

    package = Path(__file__).resolve().parents[2] / "rulespec"
    owners = sorted(
        str(p.relative_to(package))
        for p in package.rglob("*.py")
        if '"A23456789TJQK"' in p.read_text() or '"CDHS"' in p.read_text()
    )
    assert owners == ["core/cards.py"]


def test_bots_read_moves_with_the_engine_parser() -> None:
    """A bot's parse of a legal move equals its parse of the move's text (one parser), and
    garbled text is refused with the engine's InvalidMove, naming how to write a card."""
    from rulespec.bots.base import card_code, parse_move, stands_for
    from rulespec.compiler.load import load_variant

    game = Game.new(load_variant("remik"), 2, seed=11)
    for _ in range(40):
        moves = game.legal_moves()
        for move in moves:
            assert parse_move(move) == parse_move(str(move))
        game.play(moves[-1])
        if game.hand_over:
            break
    assert parse_move("meld 7H 8H JK:9H").placed == (32, 33, 34)
    assert (card_code("JK:9H"), stands_for("JK:9H"), stands_for("10♠")) == (JOKER, 34, 48)
    with pytest.raises(InvalidMove, match="write ranks A 2-9 T J Q K"):
        card_code("11H")
    with pytest.raises(InvalidMove):
        parse_move("meld ZZ 8H 9H")

"""Test helper: small Variants built by the real builder from rule documents (interpreter tests).

Five shapes cover the meld arithmetic: gin-like (one deck, ace low), michigan-like
(ace 1 in a low run, 15 elsewhere, high_or_low), wrap (ace positional), two decks
with jokers (bridge-like, suits may repeat) and continental-like (two decks,
jokers, runs and sets, partition 1/3/5 melds). Each is a document
(docs/document.md) given to `rulespec.compiler.build.build_variant`, so the tests
read the same `Variant` the loader makes. No variant is loaded by name; the
named shapes are built once (cached).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from typing import Any

from rulespec.bots.base import Bot
from rulespec.compiler.build import build_variant
from rulespec.core.cards import parse_card
from rulespec.core.moves import Move
from rulespec.interpreter.game import Game
from rulespec.model.variant import Variant

STANDARD_VALUES: dict[str, Any] = {"A": 1, "pips": "face", "J": 10, "Q": 10, "K": 10}
MICHIGAN_VALUES = {"A": "place == run_low ? 1 : 15"}
POSITIONAL_VALUES = {
    "A": "place == run_low ? 1 : place == run_middle ? 5 : place == run_high ? 10 : 15"
}
JOKERS_WILD = {"cards": ["joker"]}
SETS_ANY_SUITS = {"min": 3, "max": None, "suits": "any"}

# The gin-like base every test variant starts from: one deck, ace low, 10 cards,
# sets of 3-4 in distinct suits, runs of 3 or more, no lay-offs, knock at 10.
BASE: dict[str, Any] = {
    "title": "Test",
    "source": "tests",
    "players": {"min": 2, "max": 6},
    "deck": {"decks": 1, "jokers": 0},
    "deal": {"cards": 10},
    "ace": "low",
    "values": {**STANDARD_VALUES, "joker": 0},
    "play": {"layoff": False},
    "knock": {"limit": 10},
}


def make_variant(name: str = "test", **sections: Any) -> Variant:
    """The Variant of BASE with `sections` (document sections) merged one level deep.

    `make_variant(deck={"decks": 2}, melds={"run": {"min": 3, "max": 5}})`: a
    mapping merges key by key into the base's section, anything else replaces it.
    """
    doc: dict[str, Any] = {"name": name, **BASE, "title": name.title()}
    for key, value in sections.items():
        base = doc.get(key)
        if isinstance(base, Mapping) and isinstance(value, Mapping):
            doc[key] = {**base, **value}
        else:
            doc[key] = value
    return build_variant(doc)


def cards(text: str) -> list[int]:
    """Card codes of a space-separated text: cards("AH 2H JK")."""
    return [parse_card(t) for t in text.split()]


@cache
def gin_like() -> Variant:
    return make_variant("gin-like")


@cache
def michigan_like() -> Variant:
    return make_variant("michigan-like", ace="high_or_low", values=MICHIGAN_VALUES)


@cache
def wrap_like() -> Variant:
    return make_variant("wrap-like", ace="wrap", values=POSITIONAL_VALUES)


@cache
def jokers_two_decks() -> Variant:
    """Two decks and jokers, no patterns (for the brute-force comparisons)."""
    return make_variant(
        "two-decks-jokers",
        deck={"decks": 2, "jokers": 4},
        values={"joker": 20},
        melds={"set": SETS_ANY_SUITS, "wild": JOKERS_WILD},
    )


@cache
def bridge_like() -> Variant:
    """Two decks, four wild jokers worth 20, suits may repeat, whole-hand patterns."""
    return make_variant(
        "bridge-like",
        deck={"decks": 2, "jokers": 4},
        values={"joker": 20},
        melds={
            "set": SETS_ANY_SUITS,
            "wild": JOKERS_WILD,
            "patterns": [
                {"name": "colour", "suit": "same"},
                {"name": "figures", "ranks": ["J", "Q", "K"]},
                {"name": "full colour", "suit": "same", "run": True},
            ],
        },
    )


@cache
def continental_like() -> Variant:
    return make_variant(
        "continental-like",
        ace="high_or_low",
        deck={"decks": 2, "jokers": 2},
        values={"joker": 2},
        melds={"set": SETS_ANY_SUITS, "wild": JOKERS_WILD},
        going_out={"partition": {"melds": [1, 3, 5]}},
    )


@cache
def remik_like() -> Variant:
    """One deck, two jokers that may not outnumber naturals, unique on the table."""
    return make_variant(
        "remik-like",
        ace="high_or_low",
        deck={"jokers": 2},
        values={"joker": 20},
        melds={"wild": {"cards": ["joker"], "outnumber": False, "unique": True}},
    )


@cache
def deuces_wild() -> Variant:
    """Twos are wild (a rank key), at most one wild per meld."""
    return make_variant("deuces", melds={"wild": {"cards": ["2"], "per_meld": 1}})


def bot_moves(g: Game, bots: Sequence[Bot], cap: int = 3000) -> Iterator[tuple[int, Move]]:
    """(seat, move) of each bot's choice in turn, checked legal; the caller plays it (and may
    look at the game first). Fails if the hand has not ended after `cap` moves."""
    for _ in range(cap):
        if g.hand_over:
            return
        legal = g.legal_moves()
        seat = g.to_move
        move = bots[seat].choose(g.observation(seat), legal, g.variant)
        assert str(move) in {str(m) for m in legal}, (seat, str(move))
        yield seat, move
    raise AssertionError(f"the hand did not end in {cap} moves")

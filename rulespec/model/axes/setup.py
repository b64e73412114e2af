"""Axes of the document's head and setup: names, players, deck, dealer, deal, ace, values (model).

Plain data (see `rulespec.model.axes.base`). `deck.decks`, `deck.jokers` and
`deal.cards` are count tables (`{n} decks for 2-4`), `deck.ranks` is a list
(`ranks A 2 3 4 5 6 7 J Q K`), and `deal.dealer_extra`
with `deal.dealer_extra_to` share one phrase (`dealer extra 1 to discard`):
their DSL items stay hand-written in rules.lark / grammar/items.py.
"""

from __future__ import annotations

from rulespec.model.axes.base import Axis, Group, Phrase
from rulespec.model.variant import RANK_KEYS

_CARD_VALUE = "(context card_value: face, place)"

HEAD: tuple[Axis | Group, ...] = (
    Axis(
        "name",
        "text",
        "the variant's name: lowercase letters, digits and '-', starting with a letter",
        model=("name",),
        schema={
            "pattern": "^[a-z][a-z0-9-]*$",
            "maxLength": 64,
            "x-error": "must be a lowercase word such as 'gin' or 'my-rummy'"
            " (a-z, 0-9, '-', starting with a letter)",
        },
    ),
    Axis(
        "title",
        "text",
        "the variant's title, e.g. Gin Rummy",
        model=("title",),
        schema={"minLength": 1, "maxLength": 200},
    ),
    Axis(
        "description",
        "text",
        "one line, shown by `rulespec list`",
        default="",
        model=("description",),
        schema={"maxLength": 500},
    ),
    Axis(
        "source",
        "text",
        "citation of the source text",
        default="",
        model=("source",),
        schema={"maxLength": 2000},
    ),
    Axis(
        "extends",
        "text",
        "a bundled variant's name or a relative path to a base rule file; removed by resolution",
        nullable=True,
    ),
)

SETUP: tuple[Axis | Group, ...] = (
    Group(
        "players",
        "how many players: 1 <= min <= max <= 16",
        title=True,
        model=("min_players", "max_players"),
    ),
    Axis("players.min", "int", "fewest players", 2, low=1, high=16, model=("min_players",)),
    Axis("players.max", "int", "most players", 2, low=1, high=16, model=("max_players",)),
    Group("deck", "the pack", title=True, model=("decks", "jokers", "ranks")),
    Axis(
        "deck.decks",
        "count",
        "52-card decks in the pack, 1..8 (a number or a table by player count)",
        1,
        low=1,
        high=8,
        model=("decks",),
    ),
    Axis(
        "deck.jokers",
        "count",
        "total jokers in the pack (a number or a table by player count)",
        0,
        low=0,
        high=32,
        item="deck_item",
        phrases=(Phrase("no jokers", 0),),
        model=("jokers",),
    ),
    Axis(
        "deck.ranks",
        "list",
        "the ranks of each deck, in run order (ranks A 2 3 4 5 6 7 J Q K: a 40-card pack"
        " where 7 and J are next to each other in runs); null = all 13",
        None,
        nullable=True,
        model=("ranks",),
        schema={
            "minItems": 1,
            "maxItems": 13,
            "items": {
                "anyOf": [
                    {"$ref": "#/$defs/rank"},
                    {"type": "integer", "minimum": 2, "maximum": 10},
                ],
                "x-error": "must be a rank: A, 2..10 (or T), J, Q or K",
            },
        },
    ),
    Group("dealer", "who deals", title=True, model=("first_dealer", "rotation", "next_dealer")),
    Axis(
        "dealer.first",
        "enum",
        "first dealer: cut (lowest card deals, ace low) | random",
        "cut",
        values=("cut", "random"),
        item="dealer_item",
        phrases=(Phrase("by cut", "cut"), Phrase("at random", "random")),
        model=("first_dealer",),
        explain={
            "cut": "The first dealer is chosen by cutting: the lowest card deals "
            "(ace low, ties cut again).",
            "random": "The first dealer is chosen at random.",
        },
    ),
    Axis(
        "dealer.rotation",
        "enum",
        "which way the deal passes",
        "left",
        values=("left", "right"),
        item="dealer_item",
        token="LEFT_RIGHT",
        phrases=(Phrase("passes {word}"),),
        model=("rotation",),
        explain={
            "*": "Play starts at the dealer's {value}; after each hand the deal passes to "
            "the {value}."
        },  # fmt: skip
    ),
    Axis(
        "dealer.next",
        "enum",
        "who deals the next hand: rotate (the deal passes on) | winner (the hand's winner)"
        " | loser (the lowest score of the hand; a tie goes to the first in rotation order"
        " from the dealer)",
        "rotate",
        values=("rotate", "winner", "loser"),
        item="dealer_item",
        phrases=(
            Phrase("next dealer by rotation", "rotate"),
            Phrase("winner deals next", "winner"),
            Phrase("loser deals next", "loser"),
        ),
        model=("next_dealer",),
        explain={
            "winner": "Instead, the winner of a hand deals the next one (after a hand nobody "
            "won, the deal passes on as usual).",
            "loser": "Instead, the player with the lowest score in a hand deals the next one "
            "(on a tie, the first of them in the order the deal passes from the dealer).",
        },
    ),
    Group("deal", "the deal", title=True, model=("deal",)),
    Axis(
        "deal.cards",
        "count",
        "cards dealt to each player, 1..60 (a number or a table by player count)",
        10,
        low=1,
        high=60,
        model=("deal.cards",),
    ),
    Axis(
        "deal.packet",
        "int",
        "cards per packet when dealing",
        1,
        low=1,
        high=60,
        item="deal_item",
        phrases=(Phrase("in packets of {int}"),),
        model=("deal.packet",),
    ),
    Axis(
        "deal.dealer_extra",
        "int",
        "extra cards for the dealer",
        0,
        low=0,
        high=60,
        model=("deal.dealer_extra",),
    ),
    Axis(
        "deal.dealer_extra_to",
        "enum",
        "where the dealer's extra cards go",
        "hand",
        values=("hand", "discard"),
        model=("deal.dealer_extra_to",),
    ),
    Axis(
        "deal.upcard",
        "bool",
        "the next card face up starts the discard pile",
        True,
        item="deal_item",
        phrases=(
            Phrase("upcard", True),
            Phrase("then an upcard", True, write=False),
            Phrase("no upcard", False),
        ),
        model=("deal.upcard",),
    ),
    Axis(
        "ace",
        "enum",
        "ace mode: low | high | high_or_low | wrap (round the corner)",
        "low",
        values=("low", "high", "high_or_low", "wrap"),
        phrases=(
            Phrase("low", "low"),
            Phrase("high", "high"),
            Phrase("high or low", "high_or_low"),
            Phrase("wraps", "wrap"),
            Phrase("wrap", "wrap", write=False),
        ),
        model=("ace",),
    ),
)

_VALUE_DEFAULTS = {"A": 1, "pips": "face", "J": 10, "Q": 10, "K": 10, "joker": 0}

VALUES: tuple[Axis | Group, ...] = (
    Group(
        "values",
        "card values; each an expression (context card_value) -> int",
        title=True,
        model=("values", "joker_values"),
        schema={
            "x-keys": "the keys are A, 2..9, T (or 10), J, Q, K, pips (every 2..10 not given)"
            " and joker"
        },
    ),
    *(
        Axis(
            f"values.{key}",
            "expr",
            f"value of {key} {_CARD_VALUE}",
            default,
            context="card_value",
            expects="int",
            model=("joker_values",) if key == "joker" else ("values",),
        )
        for key, default in _VALUE_DEFAULTS.items()
    ),
    *(
        Axis(
            f"values.{key}",
            "expr",
            f"value of a {key}, overriding pips (context card_value)",
            context="card_value",
            expects="int",
            model=("values",),
        )
        for key in RANK_KEYS[1:10]
    ),
)

"""Axes of what counts as a meld: sets, runs, whole-hand patterns, wild cards (model).

Plain data (see `rulespec.model.axes.base`). Structured here, with their DSL
items hand-written in rules.lark / grammar/items.py: the `of 3..4` range that
sets a set's or a run's min and max at once, the pattern list (each entry a
little table of its own, `pattern "name": same suit, run`) and the list of
wild cards (`cards joker 2`, with `replace`).
"""

from __future__ import annotations

from rulespec.model.axes.base import Axis, Group, Phrase
from rulespec.model.variant import RANK_KEYS

MELDS = (
    Group("melds", "what counts as a meld", title=True, model=("melds",)),
    Group(
        "melds.set",
        "sets: false = no sets",
        off="false",
        branch="sets: cards of one rank",
        default={"min": 3, "max": 4, "suits": "distinct"},
        item="meld_item",
        phrases=(Phrase("no sets", False),),
        model=("melds.set",),
    ),
    Axis(
        "melds.set.min",
        "int",
        "fewest cards in a set",
        3,
        low=2,
        high=32,
        item="set_part",
        phrases=(Phrase("min {int}"),),
        model=("melds.set.min",),
    ),
    Axis(
        "melds.set.max",
        "int",
        "most cards in a set; null = no maximum",
        4,
        low=2,
        high=32,
        nullable=True,
        item="set_part",
        phrases=(Phrase("max none", None), Phrase("max {int}")),
        model=("melds.set.max",),
    ),
    Axis(
        "melds.set.per_deck",
        "int",
        "most cards in a set for each deck in play: with N decks at a table a set holds up"
        " to per_deck x N cards (melds.set.max, if set, still caps it); null = melds.set.max"
        " alone",
        None,
        low=1,
        high=32,
        nullable=True,
        item="set_part",
        requires="melds.set.suits: any",
        phrases=(Phrase("max {int} per deck"), Phrase("no max per deck", None)),
        model=("melds.set.per_deck",),
    ),
    Axis(
        "melds.set.suits",
        "enum",
        "distinct | any (equal cards allowed with several decks)",
        "distinct",
        values=("distinct", "any"),
        item="set_part",
        token="SUITS_KIND",
        phrases=(Phrase("suits {word}"),),
        model=("melds.set.suits",),
    ),
    Group(
        "melds.run",
        "runs: false = no runs",
        off="false",
        branch="runs: consecutive ranks of one suit",
        default={"min": 3, "max": None},
        item="meld_item",
        phrases=(Phrase("no runs", False),),
        model=("melds.run",),
    ),
    Axis(
        "melds.run.min",
        "int",
        "fewest cards in a run",
        3,
        low=2,
        high=13,
        item="set_part",
        phrases=(Phrase("min {int}"),),
        model=("melds.run.min",),
    ),
    Axis(
        "melds.run.max",
        "int",
        "most cards in a run; null = as long as the deck allows",
        None,
        low=2,
        high=14,
        nullable=True,
        item="set_part",
        phrases=(Phrase("max none", None), Phrase("max {int}")),
        model=("melds.run.max",),
    ),
    Axis(
        "melds.joker_sets",
        "bool",
        "the jokers are a rank of their own, not wild: they meld only as a set of jokers"
        " (melds.set's min and max), e.g. Persian Rummy's groups of three or four jokers",
        False,
        item="meld_item",
        phrases=(Phrase("jokers as sets", True), Phrase("no joker sets", False)),
        model=("melds.joker_sets",),
        explain={
            True: "The jokers are not wild: they are a rank of their own and meld only"
            " together, as a set of jokers (as many as a set may hold)."
        },
    ),
    Axis(
        "melds.patterns",
        "structured",
        "whole-hand combinations: the whole hand counts as melded",
        [],
        model=("melds.patterns",),
        schema={
            "type": "array",
            "items": {
                "type": "object",
                "description": "one whole-hand combination",
                "properties": {
                    "name": {
                        "type": "string",
                        "minLength": 1,
                        "description": "the combination's name",
                    },
                    "suit": {"const": "same", "description": "same: every card of one suit"},
                    "ranks": {
                        "type": "array",
                        "minItems": 1,
                        "uniqueItems": True,
                        "items": {"$ref": "#/$defs/rank"},
                        "description": "the only ranks allowed",
                    },
                    "run": {
                        "type": "boolean",
                        "description": "the cards form one run",
                        "default": False,
                    },
                },
                "additionalProperties": False,
                "required": ["name"],
            },
        },
    ),
    Group("melds.wild", "wild cards", model=("melds.wild",)),
    Axis(
        "melds.wild.cards",
        "list",
        "which cards are wild: joker and/or ranks",
        [],
        model=("melds.wild.cards",),
        schema={
            "uniqueItems": True,
            "items": {"enum": ["joker", *RANK_KEYS], "description": "joker or a rank"},
        },
    ),
    Axis(
        "melds.wild.per_meld",
        "int",
        "most wild cards in one meld; null = no limit",
        None,
        low=1,
        high=32,
        nullable=True,
        item="wild_item",
        phrases=(Phrase("any number per meld", None), Phrase("at most {int} per meld")),
        model=("melds.wild.per_meld",),
    ),
    Axis(
        "melds.wild.outnumber",
        "bool",
        "false: wild cards may not outnumber natural cards in a meld",
        True,
        item="wild_item",
        phrases=(Phrase("may outnumber", True), Phrase("may not outnumber", False)),
        model=("melds.wild.outnumber",),
        explain={
            True: "Wild cards may outnumber the natural cards in a meld.",
            False: "Wild cards may not outnumber the natural cards in a meld.",
        },
    ),
    Axis(
        "melds.wild.unique",
        "bool",
        "a card may not be on the table more often than the deck holds it",
        False,
        item="wild_item",
        phrases=(Phrase("unique", True), Phrase("not unique", False)),
        model=("melds.wild.unique",),
        explain={
            True: "A card (natural, or named by a wild card) may not be on the table more "
            "often than the deck holds it."
        },
    ),
    Axis(
        "melds.wild.swap",
        "expr",
        "may a natural card from hand replace the wild standing for it (context turn)",
        False,
        context="turn",
        expects="bool",
        item="wild_item",
        phrases=(Phrase("swap", True), Phrase("no swap", False), Phrase("swap when {expr}")),
        model=("melds.wild.swap",),
    ),
    Axis(
        "melds.wild.rank",
        "expr",
        "a rank wild for a whole deal, from the deal number (context deal) -> a rank 1..13;"
        " a value that is no rank of the pack makes no rank wild that deal; null = none",
        None,
        nullable=True,
        context="deal",
        expects="int",
        item="wild_item",
        phrases=(Phrase("no rank", None), Phrase("rank {expr}")),
        model=("melds.wild.rank",),
    ),
    Axis(
        "melds.wild.cut",
        "enum",
        "a card turned up after the deal makes every card of its rank wild for the hand (a"
        " turned-up joker: the aces): none | bottom (it stays face up under the stock, drawn"
        " last) | aside (out of play for the hand)",
        "none",
        values=("none", "bottom", "aside"),
        item="wild_item",
        phrases=(
            Phrase("no cut card", "none"),
            Phrase("cut card bottom", "bottom"),
            Phrase("cut card aside", "aside"),
        ),
        model=("melds.wild.cut",),
        explain={
            "bottom": "After the deal a card is cut from the stock and turned face up under it"
            " (drawn last): every card of its rank is wild for the hand (the cut jokers; a"
            " turned-up joker makes the aces wild), beside the wild cards above.",
            "aside": "After the deal a card is cut from the stock and set aside face up: every"
            " card of its rank is wild for the hand (the cut jokers; a turned-up joker makes"
            " the aces wild), beside the wild cards above.",
        },
    ),
)

"""Axes of how a hand ends: going out, knocking, the stock running out (model).

Plain data (see `rulespec.model.axes.base`). Structured here, with DSL items
hand-written in rules.lark: `going_out.by` (a list said `by meld or discard`)
and `going_out.partition` (null, or one of two tables of lists:
`in 1 or 3 melds`, `as 3+3+4`); its prerequisite (`play.melding: going_out`)
is checked by hand in compiler/checks.py, whose message says why (all melds
at once).
"""

from __future__ import annotations

from rulespec.model.axes.base import Axis, Group, Phrase

_WAYS = ["meld", "layoff", "discard"]

GOING_OUT: tuple[Axis | Group, ...] = (
    Group("going_out", "how a hand is won", title=True, model=("going_out",)),
    Axis(
        "going_out.by",
        "list",
        "which last action may empty the hand",
        list(_WAYS),
        model=("going_out.by",),
        schema={"minItems": 1, "uniqueItems": True, "items": {"enum": list(_WAYS)}},
    ),
    Axis(
        "going_out.partition",
        "structured",
        "the melds laid down when going out: null | {melds: [..]} | {sizes: [[..], ..]}",
        None,
        item="go_item",
        phrases=(Phrase("partition none", None),),
        model=("going_out.partition_melds", "going_out.partition_sizes"),
        schema={
            "x-error": "must be null, {melds: [...]} or {sizes: [[...], ...]} (one of the two)",
            "anyOf": [
                {"type": "null"},
                {
                    "type": "object",
                    "description": "allowed numbers of melds",
                    "properties": {
                        "melds": {
                            "type": "array",
                            "minItems": 1,
                            "uniqueItems": True,
                            "items": {"type": "integer", "minimum": 1, "maximum": 20},
                            "description": "allowed numbers of melds",
                        }
                    },
                    "additionalProperties": False,
                    "required": ["melds"],
                },
                {
                    "type": "object",
                    "description": "allowed meld sizes",
                    "properties": {
                        "sizes": {
                            "type": "array",
                            "minItems": 1,
                            "items": {
                                "type": "array",
                                "minItems": 1,
                                "items": {"type": "integer", "minimum": 1, "maximum": 60},
                            },
                            "description": "allowed meld sizes, one list per way",
                        }
                    },
                    "additionalProperties": False,
                    "required": ["sizes"],
                },
            ],
        },
    ),
)

DEALT = Axis(
    "going_out.dealt",
    "int",
    "a seat dealt a hand worth this much or more (its cards' values) wins the hand at once,"
    " before anyone plays (reason out, out.by dealt); two or more such seats make the hand"
    " void (null: no such win)",
    None,
    low=-1000,
    high=10000,
    nullable=True,
    item="go_item",
    phrases=(Phrase("dealt none", None), Phrase("dealt at least {int}")),
    model=("going_out.dealt",),
    explain={
        None: "",
        "*": "A player dealt a hand worth {value} or more (counting every card's value) wins"
        " the hand at once, before anyone plays: they go out on the deal. When two or more"
        " players are dealt such a hand, the hand is void.",
    },
)
GOING_OUT += (DEALT,)

KNOCK = (
    Group(
        "knock",
        "knock: false | {limit, layoff, show}",
        off="false",
        branch="knocking",
        default=False,
        required=("limit",),
        item="knock_item",
        phrases=(Phrase("never", False),),
        model=("knock",),
    ),
    Axis(
        "knock.limit",
        "expr",
        "knock allowed when deadwood after the discard <= limit (context knock)",
        context="knock",
        expects="int",
        requires="knock",
        item="knock_item",
        phrases=(Phrase("when deadwood <= {expr}"),),
        model=("knock.limit",),
    ),
    Axis(
        "knock.layoff",
        "bool",
        "the defenders may lay off on the knocker's melds (never after gin)",
        True,
        requires="knock",
        item="knock_item",
        phrases=(Phrase("layoff", True), Phrase("no layoff", False)),
        model=("knock.layoff",),
    ),
    Axis(
        "knock.show",
        "enum",
        "who shows their melds on a knock",
        "all",
        values=("all",),
        requires="knock",
        item="knock_item",
        phrases=(Phrase("show all", "all"),),
        model=("knock.show",),
    ),
    Axis(
        "knock.timing",
        "enum",
        "when a player knocks: with the discard that ends the turn (discard), at the start"
        " of the turn instead of drawing (before_draw, move `knock`), or either",
        "discard",
        values=("discard", "before_draw", "either"),
        requires="knock",
        item="knock_item",
        phrases=(
            Phrase("with discard", "discard"),
            Phrase("before draw", "before_draw"),
            Phrase("before draw or with discard", "either"),
        ),
        model=("knock.timing",),
    ),
)

STOCK = (
    Group("stock", "the stock", title=True, model=("stock",)),
    Axis(
        "stock.exhausted",
        "enum",
        "what happens when the stock runs out",
        "recycle",
        values=("recycle", "end", "void"),
        item="stock_item",
        token="EXHAUSTED",
        phrases=(Phrase("{word}"),),
        model=("stock.exhausted",),
    ),
    Axis(
        "stock.reserve",
        "int",
        "end/void: the hand ends when the stock holds this many cards or fewer",
        0,
        low=0,
        high=400,
        requires="stock.exhausted: end or void",
        item="stock_item",
        phrases=(Phrase("reserve {int}"),),
        model=("stock.reserve",),
    ),
    Axis(
        "stock.recycles",
        "int",
        "recycle: how many times the pile may be turned over into the stock in one hand"
        " (a house rule); a draw from the empty stock after that ends the hand as a stock"
        " ending (null: no limit)",
        None,
        low=0,
        high=100,
        nullable=True,
        requires="stock.exhausted: recycle",
        item="stock_item",
        phrases=(Phrase("recycles unlimited", None), Phrase("at most {int} recycles")),
        model=("stock.recycles",),
    ),
)

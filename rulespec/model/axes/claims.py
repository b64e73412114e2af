"""Axes of claims made out of turn: buying the discard with a penalty draw (model).

Plain data (see `rulespec.model.axes.base`). `buy` is false (no buying) or a
table: when the player in turn declines the top discard by drawing from the
stock, each other seat in the declared order may buy it (`buy` or `pass`, one
decision at a time), taking the discard and `penalty` cards from the stock;
`limit` caps each seat's buys in a hand, `when` says who may buy (context
turn, read for the seat that would buy). Every key is a simple item of the
`buy` statement.
"""

from __future__ import annotations

from rulespec.model.axes.base import Axis, Group, Phrase

BUY = (
    Group(
        "buy",
        "buying the discard out of turn: false | {penalty, limit, order, when}",
        off="false",
        branch="buying the discard out of turn with a penalty draw from the stock",
        default=False,
        item="buy_item",
        phrases=(Phrase("never", False),),
        model=("buy",),
    ),
    Axis(
        "buy.penalty",
        "int",
        "cards a buyer also draws from the stock, face down, with the discard bought",
        1,
        low=0,
        high=20,
        requires="buy",
        item="buy_item",
        phrases=(Phrase("penalty {int}"),),
        model=("buy.penalty",),
    ),
    Axis(
        "buy.limit",
        "int",
        "how many times one seat may buy in a hand (null: no limit)",
        None,
        low=1,
        high=50,
        nullable=True,
        requires="buy",
        item="buy_item",
        phrases=(Phrase("no limit", None), Phrase("limit {int}")),
        model=("buy.limit",),
    ),
    Axis(
        "buy.order",
        "enum",
        "who is asked first when several seats could buy: turn (in turn order from the"
        " player after the one in turn, so the discarder's left has priority) | reverse"
        " (from the discarder's right, against the turn order)",
        "turn",
        values=("turn", "reverse"),
        requires="buy",
        item="buy_item",
        token="BUY_ORDER",
        phrases=(Phrase("order {word}"),),
        model=("buy.order",),
        explain={
            "reverse": "When several players want it, the one nearest the discarder's right"
            " (against the turn order) gets it."
        },
    ),
    Axis(
        "buy.when",
        "expr",
        "who may buy: a condition read for the seat that would buy (context turn)",
        True,
        context="turn",
        expects="bool",
        requires="buy",
        item="buy_item",
        phrases=(Phrase("when {expr}"),),
        model=("buy.when",),
    ),
)

"""The buying and deal-schedule sentences of `rulespec explain` (explain layer).

Buying (`buy`) is read as the order in which the players are asked and what a
buyer takes; the schedule (`schedule`) is read aloud as a table, one row per
deal with its hand size and contract, and the match's end after its last deal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulespec.explain.expr import say_condition
from rulespec.explain.words import axis_sentence, get, number, table


def buy_sentences(doc: Mapping[str, Any]) -> list[str]:
    """How a discard is bought out of turn ([] when there is no buying)."""
    buy = doc.get("buy", False)
    if buy is False or not isinstance(buy, Mapping):
        return []
    penalty = buy.get("penalty", 1)
    taken = (
        f"together with {number(penalty, 'card')} from the top of the stock as a penalty,"
        " unseen by the others"
        if penalty
        else "with no penalty card"
    )
    out = [
        "When the player in turn draws from the stock instead of taking the top discard,"
        " the others, except the player who discarded it, may buy that card, asked one at a"
        " time; the first to buy takes it " + taken + ", and then the player in turn plays"
        " on. A player may buy only while the stock holds the penalty cards."
    ]
    order = axis_sentence(doc, "buy.order")
    out += order or [
        "When several players want it, the one nearest the discarder's left (in turn order"
        " from the player after the one in turn) gets it."
    ]
    limit = buy.get("limit")
    if limit is None:
        out.append("A player may buy any number of times in a hand.")
    else:
        out.append(f"Each player may buy at most {number(limit, 'time')} in a hand.")
    when = buy.get("when", True)
    if when is not True and when != "true":
        out.append(f"A player may buy only when {say_condition(when)} (read for that player).")
    return out


def _contract(entry: Mapping[str, Any], doc: Mapping[str, Any]) -> str:
    parts = []
    for kind in ("set", "run"):
        count = entry.get(f"{kind}s", get(doc, f"play.contract_{kind}s"))
        length = entry.get(f"{kind}_min", get(doc, f"play.contract_{kind}_min"))
        if count:
            parts.append(f"{count} {kind}{'s' if count > 1 else ''} of {length} or more")
    pure = entry.get("pure", get(doc, "play.contract_pure"))
    said = " and ".join(parts) or "none"
    if parts and pure:
        said += f" ({pure} of the runs without wild cards)"
    return said


def schedule_sentences(doc: Mapping[str, Any]) -> list[str]:
    """The schedule as a table, one row per deal ([] when every deal is alike)."""
    entries = doc.get("schedule") or []
    if not entries:
        return []
    rows = [
        f"  | {i + 1} | {table(entry.get('cards', get(doc, 'deal.cards')), 'cards')}"
        f" | {_contract(entry, doc)} |"
        for i, entry in enumerate(entries)
    ]
    head = (
        f"The match is {number(len(entries), 'deal')}, each with its own hand size and"
        " contract (the first laying down of each player, all in one turn):"
    )
    return [
        "\n".join([head, "", "  | deal | cards each | contract |", "  |---|---|---|", *rows]),
        f"The match ends after deal {len(entries)}, the last of the schedule.",
    ]

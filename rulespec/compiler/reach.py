"""What a rule document can ever lead to: hand-end reasons, going out, knock limits (compiler).

Shared by the warnings of `checks_dead` (a rule that can never take effect, a
hand that can never end) and by `explain` (which says only what can happen).
Every answer errs towards "possible": a way of ending a hand is reported
impossible only when the rules exclude it for every player count and every
upcard, so a warning built on these answers is never a false alarm.

All functions take a document with its defaults filled in
(`rulespec.compiler.schema.with_defaults`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulespec.grammar.expr import SUIT_VALUES, ExprError, compile_expression, names_in
from rulespec.model.names import REASONS, upcard_available
from rulespec.model.variant import CountTable

# draw options after which the pile may hold under two cards as the stock runs out
PILE_SHRINKING_DRAWS = ("discard_then_stock", "discard_then_discard", "depth", "pile")


def _counts(full: Mapping[str, Any]) -> range:
    """Every number of seats still playing a hand (with elimination, down to two)."""
    low, high = int(full["players"]["min"]), int(full["players"]["max"])
    if full["match"]["eliminate"] is not None:
        low = min(low, 2)
    return range(low, high + 1)


def _table(raw: Any, players: int) -> int:
    """The value of a schema-valid count table for a player count (0 when not covered)."""
    return CountTable.parse(raw).get(players)


def out_ways(full: Mapping[str, Any]) -> list[str]:
    """The ways of `going_out.by` (meld, layoff, discard) that the other rules leave possible.

    Without melding a hand never shrinks (each discard follows a draw); with
    `discard.required: always` only a discard takes the last card; laying off
    is a way only with lay-offs allowed (`play.layoff`) and melds on the table
    during play (`play.melding: anytime`: melds laid only when going out end
    the hand, and none may be laid off on in that turn).
    """
    if full["play"]["melding"] == "never":
        return []
    ways = list(full["going_out"]["by"])
    if full["discard"]["required"] == "always":
        ways = [w for w in ways if w == "discard"]
    if not layoffs_in_play(full):
        ways = [w for w in ways if w != "layoff"]
    return ways


def layoffs_in_play(full: Mapping[str, Any]) -> bool:
    """Whether a player can ever lay off during play (not the defenders' lay-offs on a knock)."""
    return full["play"]["layoff"] is not False and full["play"]["melding"] == "anytime"


def knock_limits(full: Mapping[str, Any]) -> tuple[int, int] | None:
    """The lowest and highest knock limit over every player count and upcard.

    None when there is no knocking or the limit cannot be worked out (an
    expression that fails for some upcard: then nothing is claimed).
    """
    knock = full["knock"]
    if not isinstance(knock, Mapping):
        return None
    source = knock.get("limit", 0)
    if isinstance(source, bool):
        return None
    if isinstance(source, int):
        return source, source
    text = str(source)
    has_upcard = upcard_available(full)
    try:
        limit = compile_expression(text, "knock", "int", upcard=has_upcard)
        read = {name.name for name in names_in(text)}
        upcard_read = any(name.startswith("upcard.") for name in read)
        upcards = _upcards(full) if has_upcard and upcard_read else [{}]
    except (ExprError, RecursionError, ArithmeticError, TypeError, ValueError, KeyError):
        return None
    counts = _counts(full) if "players" in read else range(1, 2)
    seen: list[int] = []
    for players in counts:
        for upcard in upcards:
            try:
                seen.append(int(limit({"players": players, **upcard})))
            except (ArithmeticError, TypeError, ValueError, KeyError, RecursionError):
                return None
    return (min(seen), max(seen)) if seen else None


def _upcards(full: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The `upcard.*` names of every card that can be the upcard."""
    from rulespec.compiler.build import card_values

    values, joker_values = card_values(full["values"])
    out = [
        {"upcard.rank": rank, "upcard.suit": suit, "upcard.value": values[rank]["hand"]}
        for rank in range(1, 14)
        for suit in SUIT_VALUES
    ]
    if any(_table(full["deck"]["jokers"], n) for n in _counts(full)):
        out.append(
            {"upcard.rank": 0, "upcard.suit": SUIT_VALUES[0], "upcard.value": joker_values["hand"]}
        )
    return out


def void_in_recycle(full: Mapping[str, Any]) -> bool:
    """With `stock.exhausted: recycle`, can the pile hold fewer than 2 cards as the stock runs out?

    Only draws that take from the pile without a stock card (pile draws that
    shrink it, or `discard_then_stock`) or a deal that leaves the first stock
    and pile under two cards together allow it: otherwise every stock card
    drawn is followed by a discard, so the pile holds at least two cards
    whenever the stock is empty (after a turn-over the new pile's top card
    and at least one discard).
    """
    draw = full["draw"]
    if any(draw[key] for key in PILE_SHRINKING_DRAWS):
        return True
    deal = full["deal"]
    pile = (1 if deal["upcard"] else 0) + (
        int(deal["dealer_extra"]) if deal["dealer_extra_to"] == "discard" else 0
    )
    return any(stock + pile < 2 for stock in _first_stocks(full))


def reasons(full: Mapping[str, Any]) -> dict[str, str]:
    """Every hand-end reason of `names.REASONS` -> '' when it can happen, else why it cannot."""
    why: dict[str, str] = dict.fromkeys(REASONS, "")
    if not out_ways(full) and full["going_out"].get("dealt") is None:
        why["out"] = _why_no_out(full)
    limits = knock_limits(full)
    if not isinstance(full["knock"], Mapping):
        for reason in ("knock", "gin", "undercut"):
            why[reason] = "there is no knocking (knock: false)"
    elif limits is not None and limits[1] < 0:
        for reason in ("knock", "gin", "undercut"):
            why[reason] = f"the knock limit is never above {limits[1]}, so nobody can knock"
    elif limits is not None and limits[1] < 1:
        for reason in ("knock", "undercut"):
            why[reason] = "the knock limit is never above 0, so every knock is gin"
    if full["play"]["drop"] == "never":
        why["drop"] = "nobody can drop out of a hand (play.drop: never)"
    if not why["undercut"] and int(full["players"]["max"]) < 2:
        why["undercut"] = "an undercut needs two players"
    stock = full["stock"]
    if stock["exhausted"] == "void":
        why["stock"] = "an empty stock makes the hand void (stock.exhausted: void)"
    elif stock["exhausted"] == "recycle" and stock.get("recycles") is None:
        why["stock"] = "the pile is turned over as often as needed (stock.recycles: no limit)"
    if stock["exhausted"] == "end":
        why["void"] = "an empty stock ends the hand as 'stock' (stock.exhausted: end)"
    elif stock["exhausted"] == "recycle" and not void_in_recycle(full):
        why["void"] = "the pile always holds 2 cards or more when the stock runs out"
    if not stock_runs_down(full):
        for reason in ("stock", "void"):
            why[reason] = (
                "nobody draws from the stock (draw.stock and draw.discard_then_stock are off), "
                "so it never runs down"
            )
    if full["going_out"].get("dealt") is not None:
        why["void"] = ""  # two seats dealt a winning hand (going_out.dealt)
    return why


def _first_stocks(full: Mapping[str, Any]) -> list[int]:
    """The stock left after the deal, for each player count."""
    deck, deal = full["deck"], full["deal"]
    out = []
    for players in _counts(full):
        pack = _table(deck["decks"], players) * 52 + _table(deck["jokers"], players)
        dealt = _table(deal["cards"], players) * players + int(deal["dealer_extra"])
        out.append(pack - dealt - (1 if deal["upcard"] else 0))
    return out


def stock_runs_down(full: Mapping[str, Any]) -> bool:
    """Whether the stock can ever be low enough to end the hand, turn over or void it.

    Only a draw from the stock makes it smaller; without one, only a deal that
    leaves the stock at or under `stock.reserve` (end, void) ends the hand.
    """
    draw = full["draw"]
    if draw["stock"] or draw["discard_then_stock"]:
        return True
    floor = full["stock"]["reserve"] if full["stock"]["exhausted"] != "recycle" else 0
    return any(left <= floor for left in _first_stocks(full))


def _why_no_out(full: Mapping[str, Any]) -> str:
    if full["play"]["melding"] == "never":
        return "nobody melds (play.melding: never), so nobody can go out"
    by = list(full["going_out"]["by"])
    if full["discard"]["required"] == "always" and "discard" not in by:
        return "a discard is always required and going_out.by has no discard"
    if full["play"]["layoff"] is False:
        return "going_out.by names only lay-offs and play.layoff is false, so nobody can go out"
    return (
        "going_out.by names only lay-offs, and with play.melding: going_out nobody lays off, "
        "so nobody can go out"
    )


def possible(full: Mapping[str, Any]) -> frozenset[str]:
    """The hand-end reasons the rules can produce."""
    return frozenset(reason for reason, why in reasons(full).items() if not why)

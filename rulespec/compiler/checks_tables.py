"""Count-table checks: tables by player count cover each count once, the deal fits the pack
(stage: check, part 2).

`deck.decks`, `deck.jokers` and `deal.cards` may be tables by player count
(`"2-4": 1`); each allowed count must be covered exactly once, and at every
count the deal must leave a card to draw. Split from checks.py, which calls them.
"""

from __future__ import annotations

from typing import Any

from rulespec.compiler.checks_deck import pack_ranks
from rulespec.core.errors import Problem
from rulespec.grammar.located import Locator
from rulespec.model.variant import CountTable


def parse_key(key: str) -> tuple[int, int]:
    low, _, high = key.partition("-")
    return int(low), int(high or low)


def table_value(raw: Any, players: int) -> int:
    """The value of a schema-valid count table for a player count (0 when not covered)."""
    return CountTable.parse(raw).get(players)


def check_table(raw: Any, path: str, low: int, high: int, locator: Locator) -> list[Problem]:
    if not isinstance(raw, dict):
        return []
    problems: list[Problem] = []
    owner: dict[int, str] = {}
    for key in raw:
        first, last = parse_key(key)
        if first > last:
            problems.append(
                locator.problem(
                    f"{path}.{key}", f"'{key}' runs backwards; write '{last}-{first}'", key=True
                )
            )
            continue
        for players in range(first, last + 1):
            if players in owner and low <= players <= high:
                problems.append(
                    locator.problem(
                        f"{path}.{key}",
                        f"{players} players are covered twice ('{owner[players]}' and '{key}')",
                        key=True,
                    )
                )
                break
            owner.setdefault(players, key)
    missing = [n for n in range(low, high + 1) if n not in owner]
    if missing and not problems:
        problems.append(
            locator.problem(
                path,
                f"the table has no entry for {count_words(missing)} "
                f"(the variant allows {low}..{high} players)",
            )
        )
    return problems


def count_words(numbers: list[int]) -> str:
    words = ", ".join(str(n) for n in numbers)
    return f"{words} player" + ("s" if numbers != [1] else "")


def check_deal_fits(doc: dict[str, Any], low: int, high: int, locator: Locator) -> list[Problem]:
    deal, deck = doc["deal"], doc["deck"]
    problems: list[Problem] = []
    for players in range(low, high + 1):
        per_deck = 4 * len(pack_ranks(doc))
        pack = table_value(deck["decks"], players) * per_deck + table_value(deck["jokers"], players)
        each = table_value(deal["cards"], players)
        dealt = each * players + deal["dealer_extra"] + (1 if deal["upcard"] else 0)
        if dealt + 1 > pack:
            where = "deal.cards"
            if isinstance(deal["cards"], dict):
                for key in deal["cards"]:
                    first, last = parse_key(key)
                    if first <= players <= last:
                        where = f"deal.cards.{key}"
            problems.append(
                locator.problem(
                    where,
                    f"with {players} players the deal ({each} x {players}"
                    + (f" + {deal['dealer_extra']} extra" if deal["dealer_extra"] else "")
                    + (" + upcard" if deal["upcard"] else "")
                    + f" = {dealt} cards) does not fit a pack of {pack} with a card left to draw",
                )
            )
            break
    return problems

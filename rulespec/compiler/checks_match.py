"""Match-table checks: teams, seats sitting out, score columns, buy-backs (stage: check, part 5).

The `match.*` axes of model/axes/table.py combine only in some ways: teams
must split every allowed player count evenly, a sit-out rule needs
`match.playing` below the largest table, score columns need a target to
close at, a buy-back needs an elimination, lay-offs onto a team need teams.
Each misuse is an error located at the key that asks for it.
"""

from __future__ import annotations

from typing import Any

from rulespec.core.errors import Problem
from rulespec.grammar.located import Locator
from rulespec.model.variant import CountTable


def _get(doc: dict[str, Any], path: str) -> Any:
    value: Any = doc
    for part in path.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    return value


def check_match(doc: dict[str, Any], low: int, high: int, locator: Locator) -> list[Problem]:
    """Every misuse of the match-table axes in `doc` (defaults filled)."""
    m = doc["match"]
    out: list[Problem] = []

    def bad(path: str, message: str) -> None:
        out.append(locator.problem(path, message))

    teams, playing, columns = m["teams"], m["playing"], m["columns"]
    if teams is not None:
        odd = [n for n in range(low, high + 1) if n % teams or n == teams]
        if odd:
            bad(
                "match.teams",
                f"{teams} teams need a player count that is a multiple of {teams} and above it"
                f" (two partners or more each); players {odd[0]} is allowed",
            )
    if playing is not None:
        if playing >= high:
            bad(
                "match.playing",
                f"{playing} seats play each hand, but at most {high} players sit at the table:"
                " nobody ever sits out",
            )
        if teams is not None:
            bad("match.playing", "seats sitting out and teams together are not supported")
        for path in ("deck.decks", "deck.jokers", "deal.cards"):
            raw = _get(doc, path)
            if isinstance(raw, dict) and CountTable.parse(raw).get(playing, -1) == -1:
                bad(path, f"{playing} seats play each hand (match.playing): give a count for"
                    f" {playing} players")  # fmt: skip
    elif m["sit_out"] != "loser":
        bad("match.sit_out", "match.sit_out applies only with match.playing (N seats play)")
    if columns is not None:
        if m["target"] is None:
            bad("match.columns", "a score column closes when a total in it reaches match.target;"
                " give the match a target")  # fmt: skip
        if teams is not None or playing is not None:
            bad("match.columns", "score columns with teams or seats sitting out are not supported")
    if m["buy_back"] and m["eliminate"] is None and m["eliminate_over"] is None:
        bad("match.buy_back", "match.buy_back applies only with an elimination"
            " (match.eliminate or match.eliminate_over)")  # fmt: skip
    if m["buy_back_by"] != "choice" and not m["buy_back"]:
        bad("match.buy_back_by", "match.buy_back_by applies only with a buy-back"
            " (match.buy_back: buy back in N)")  # fmt: skip
    if doc["play"]["layoff_onto"] == "team" and teams is None:
        bad("play.layoff_onto", "layoff onto team needs teams (match.teams)")
    return out

"""Schedule and buying checks: per-deal rules that can be met, buying that can be (check, part 5).

A deal of the schedule (`schedule.N`) is the file's rules with its own hand
size and contract, so each deal is checked as a document of its own by the
checks of `deal.cards` and `play.contract_*` (checks.py runs them), and each
problem is moved onto the deal's line: `schedule.2.runs: deal 3:
the contract needs at least 13 cards, more than a hand holds ...`. Beside
those: a schedule beside `match.rounds`
(both would say how many deals), and buying the rules make impossible (at
most 2 players: the only other seat is the discarder; no stock to draw from).
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

from rulespec.core.errors import Problem
from rulespec.grammar.located import Locator

_KEYS = {
    "play.contract_sets": "sets",
    "play.contract_set_min": "set_min",
    "play.contract_runs": "runs",
    "play.contract_run_min": "run_min",
    "play.contract_pure": "pure",
}


def deal_documents(full: dict[str, Any]) -> Iterator[tuple[int, dict[str, Any]]]:
    """Each deal of the schedule as a document (defaults filled) with its rules in place."""
    for i, entry in enumerate(full["schedule"]):
        sub = copy.copy(full)
        sub["play"] = dict(full["play"])
        sub["deal"] = dict(full["deal"])
        for path, key in _KEYS.items():
            if key in entry:
                sub["play"][path.partition(".")[2]] = entry[key]
        if "cards" in entry:
            sub["deal"]["cards"] = entry["cards"]
        yield i, sub


def on_deal(problems: list[Problem], i: int, locator: Locator) -> list[Problem]:
    """Problems found in deal `i`'s document, located on that deal's line and named by it."""
    out = []
    for p in problems:
        key = "cards" if p.path.startswith("deal.cards") else _KEYS.get(p.path, "")
        path = f"schedule.{i}.{key}" if key else f"schedule.{i}"
        out.append(locator.problem(path, f"deal {i + 1}: {p.message}"))
    return out


def check_schedule(full: dict[str, Any], locator: Locator) -> list[Problem]:
    """A schedule beside `match.rounds`: both would say how many deals are played."""
    out: list[Problem] = []
    if full["schedule"] and full["match"]["rounds"] is not None:
        out.append(
            locator.problem(
                "match.rounds",
                f"the schedule already sets the number of deals"
                f" ({len(full['schedule'])}); say one or the other",
            )
        )
    return out


def check_buy(full: dict[str, Any], locator: Locator) -> list[Problem]:
    """Buying the rules make impossible: nobody to buy, or no stock to decline."""
    if full["buy"] is False:
        return []
    out: list[Problem] = []
    high = full["players"]["max"]
    if high < 3:
        out.append(
            locator.problem(
                "buy",
                f"with at most {high} players nobody can buy: a discard is bought by a"
                " seat other than the player in turn and the discarder",
            )
        )
    if full["draw"]["stock"] is False:
        out.append(
            locator.problem(
                "buy",
                "the discard is bought when the player in turn draws from the stock"
                " instead, and draw.stock is false",
            )
        )
    return out

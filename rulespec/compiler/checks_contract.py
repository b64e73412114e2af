"""Contract checks: a first laying down of K sets and L runs that can be met (stage: check, part 5).

`play.contract_sets`, `play.contract_runs` (with their lengths) and
`play.contract_pure` say what a player's first laying down must hold
(interpreter/phases/context.py judges it). A contract the rules make
impossible is an error located at the key that asks too much: a contract of
sets or runs the melds forbid, lengths beyond the melds' maximum, more pure
runs than runs, more cards than a hand holds at some player count, or a
contract where nobody melds (`play.melding: never`). With `play.melding:
going_out` the contract is the going out's (interpreter/phases/wayon.py).
"""

from __future__ import annotations

from typing import Any

from rulespec.core.errors import Problem
from rulespec.grammar.located import Locator
from rulespec.model.variant import CountTable


def _table(raw: Any, players: int) -> int:
    """The value of a schema-valid count table for a player count (0 when not covered)."""
    return CountTable.parse(raw).get(players)


def check_contract(doc: dict[str, Any], low: int, high: int, locator: Locator) -> list[Problem]:
    """Every way the contract of `doc` (defaults filled) is misused or cannot be met."""
    play, melds = doc["play"], doc["melds"]
    sets, runs, pure = play["contract_sets"], play["contract_runs"], play["contract_pure"]
    out: list[Problem] = []

    def bad(path: str, message: str) -> None:
        out.append(locator.problem(path, message))

    if not sets and play["contract_set_min"] != 3:
        bad("play.contract_set_min", "play.contract_set_min applies only with contract sets 1+")
    if not runs and play["contract_run_min"] != 3:
        bad("play.contract_run_min", "play.contract_run_min applies only with contract runs 1+")
    if pure > runs:
        bad(
            "play.contract_pure",
            f"play.contract_pure ({pure}) is more than play.contract_runs ({runs}):"
            " a pure run is one of the contract's runs",
        )
    if not (sets or runs):
        return out
    if play["melding"] == "never":
        bad(
            "play.contract_sets" if sets else "play.contract_runs",
            "a contract applies only with play.melding: anytime (the first laying down) or"
            " going_out (the going out), not never",
        )
    need = 0
    for kind, count, path in (
        ("set", sets, "play.contract_sets"),
        ("run", runs, "play.contract_runs"),
    ):
        if not count:
            continue
        rule = melds[kind]
        length = play[f"contract_{kind}_min"]
        if not isinstance(rule, dict):
            bad(path, f"a contract of {kind}s needs {kind}s, and melds.{kind} is false")
            continue
        if rule["max"] is not None and length > rule["max"]:
            bad(
                f"play.contract_{kind}_min",
                f"a {kind} of {length} cards is longer than melds.{kind}.max ({rule['max']})",
            )
        need += count * max(length, rule["min"])
    draw = doc["draw"]
    if draw["discard_then_stock"] or draw["discard_then_discard"] or draw["depth"] or draw["pile"]:
        return out  # hands may grow: no bound on what a hand holds
    for n in range(low, max(low, high) + 1):
        holds = _table(doc["deal"]["cards"], n) + 1
        if need > holds:
            bad(
                "play.contract_sets" if sets else "play.contract_runs",
                f"the contract needs at least {need} cards, more than a hand holds with"
                f" {n} players ({holds}, after the draw)",
            )
            break
    return out

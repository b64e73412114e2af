"""Semantic checks of a resolved, schema-valid rule document (pipeline stage: check, part 2).

What the JSON Schema cannot say: player-count tables that cover the allowed
player counts exactly once, a deal that fits the pack with a card left to
draw, meld rules that agree with each other and with the pack (`checks_deck`),
wild-card rules that have wild cards, draw obligations that the melding rule
allows, a going-out partition that can be met, and every expression (see
`checks_expr`). All problems are returned at once, each located through the `Locator`.
"""

from __future__ import annotations

from typing import Any

from rulespec.compiler.checks_contract import check_contract
from rulespec.compiler.checks_dead import check_dead
from rulespec.compiler.checks_deck import (
    check_joker_sets,
    check_ranks,
    check_set_sizes,
    check_wild_rank,
)
from rulespec.compiler.checks_expr import check_expressions
from rulespec.compiler.checks_match import check_match
from rulespec.compiler.checks_play import check_play
from rulespec.compiler.checks_schedule import check_buy, check_schedule, deal_documents, on_deal
from rulespec.compiler.checks_tables import check_deal_fits, check_table, table_value
from rulespec.compiler.checks_turnacts import check_turn_actions
from rulespec.compiler.schema import with_defaults
from rulespec.core.errors import Problem
from rulespec.grammar.located import Locator
from rulespec.model.axes import AXES, Axis
from rulespec.model.names import upcard_available

COUNT_TABLES = ("deck.decks", "deck.jokers", "deal.cards")


# Each family of checks and the document sections it reads: when the schema
# finds a section malformed, only the families that do not read it still run,
# so one pass reports as much as can be trusted.
FAMILY_INPUTS = {
    "tables": frozenset({"players", "deck", "deal"}),
    "melds": frozenset({"melds", "deck"}),
    "draw_and_play": frozenset({"draw", "play", "discard", "stock", "knock", "melds"}),
    "going_out": frozenset({"going_out", "play", "discard", "knock", "melds", "deal", "draw"}),
    "expressions": frozenset(),  # compiled on their own by the loader when the schema fails
}


def check_document(
    doc: dict[str, Any], locator: Locator, skip: frozenset[str] = frozenset()
) -> list[Problem]:
    """Every semantic problem of a resolved document that passed the schema.

    `skip`: sections the schema found malformed (and that were dropped from
    `doc`, so their defaults stand in); families reading them are not run.
    """
    full = with_defaults(doc)
    problems: list[Problem] = []
    low, high = full["players"]["min"], full["players"]["max"]

    def runs(family: str) -> bool:
        return not (FAMILY_INPUTS[family] | {"players"}) & skip

    if runs("tables"):
        if low > high:
            problems.append(
                locator.problem(
                    "players.min", f"players.min ({low}) is more than players.max ({high})"
                )
            )
        tables_ok = True
        for path in COUNT_TABLES:
            found = check_table(_get(full, path), path, low, high, locator)
            problems.extend(found)
            tables_ok = tables_ok and not found
        if tables_ok and low <= high:
            problems.extend(check_deal_fits(full, low, high, locator))
    if runs("melds"):
        problems.extend(_check_melds(full, locator))
        problems.extend(check_wild_rank(full, locator))
    if runs("draw_and_play"):
        problems.extend(_check_draw_and_play(full, locator))
        problems.extend(check_play(full, locator))
    if runs("going_out") and low <= high:
        problems.extend(_check_going_out(full, low, high, locator))
        problems.extend(check_contract(full, low, high, locator))
        problems.extend(check_schedule(full, locator) + check_buy(full, locator))
        for i, sub in deal_documents(full):
            found = check_contract(sub, low, high, locator)
            if runs("tables"):
                found += check_deal_fits(sub, low, high, locator)
            problems.extend(on_deal(found, i, locator))
    if not {"match", "play"} & skip and low <= high:
        problems.extend(check_match(full, low, high, locator))
    problems.extend(_check_prerequisites(full, skip, locator))
    if not skip:
        problems.extend(check_expressions(full, locator))
        problems.extend(check_turn_actions(full, locator))
    if not skip and not any(p.is_error for p in problems):
        problems.extend(check_dead(full, locator))  # warnings: rules that never take effect
    problems.sort(key=lambda p: (p.file, p.line or 0, p.column or 0))
    return problems


def _reach(doc: dict[str, Any], path: str, absent: Any) -> Any:
    """The value at `path`, or `absent` when a table on the way is switched (`discard: true`)."""
    value: Any = doc
    for part in path.split("."):
        if not isinstance(value, dict) or part not in value:
            return absent
        value = value[part]
    return value


def _get(doc: dict[str, Any], path: str) -> Any:
    value: Any = doc
    for part in path.split("."):
        value = value[part]
    return value


def _check_melds(doc: dict[str, Any], locator: Locator) -> list[Problem]:
    problems: list[Problem] = []
    melds = doc["melds"]
    set_rule, run_rule = melds["set"], melds["run"]
    if set_rule is False and run_rule is False and not melds["patterns"]:
        problems.append(
            locator.problem("melds", "no sets, no runs and no patterns: nothing can be melded")
        )
    for name, rule in (("set", set_rule), ("run", run_rule)):
        if isinstance(rule, dict) and rule["max"] is not None and rule["max"] < rule["min"]:
            problems.append(
                locator.problem(
                    f"melds.{name}.max",
                    f"max ({rule['max']}) is less than min ({rule['min']})",
                )
            )
    problems.extend(check_set_sizes(doc, locator))
    problems.extend(check_ranks(doc, locator))
    names = [p["name"] for p in melds["patterns"]]
    for index, name in enumerate(names):
        if name in names[:index]:
            problems.append(
                locator.problem(f"melds.patterns.{index}.name", f"pattern '{name}' is named twice")
            )
    problems.extend(_check_wild(doc, locator))
    problems.extend(check_joker_sets(doc, locator))
    return problems


def _max_over(raw: Any) -> int:
    return raw if isinstance(raw, int) else max(raw.values())


def _check_wild(doc: dict[str, Any], locator: Locator) -> list[Problem]:
    problems: list[Problem] = []
    wild = doc["melds"]["wild"]
    per_hand = wild.get("rank") is not None or wild.get("cut", "none") != "none"
    if not wild["cards"] and not per_hand:  # (a rank wild per hand is a wild card too)
        used = {
            "per_meld": wild["per_meld"] is not None,
            "outnumber": wild["outnumber"] is not True,
            "unique": wild["unique"] is not False,
            "swap": wild["swap"] is not False,
        }
        for key, is_set in used.items():
            if is_set:
                problems.append(
                    locator.problem(
                        f"melds.wild.{key}",
                        f"melds.wild.{key} needs wild cards, but melds.wild.cards is empty",
                    )
                )
    elif "joker" in wild["cards"] and _max_over(doc["deck"]["jokers"]) == 0:
        problems.append(
            locator.problem(
                "melds.wild.cards", "jokers are wild, but the pack has no jokers (deck.jokers)"
            )
        )
    return problems


def _check_draw_and_play(doc: dict[str, Any], locator: Locator) -> list[Problem]:
    problems: list[Problem] = []
    draw, play = doc["draw"], doc["play"]
    ways = [
        draw["stock"],
        draw["discard"] is not False,
        draw["discard_then_stock"],
        draw["discard_then_discard"],
        draw["depth"] is not False,
        draw["pile"],
    ]
    if not any(ways):
        problems.append(locator.problem("draw", "no way to draw: every draw option is off"))
    if draw["upcard_offer"] and not upcard_available(doc):
        problems.append(
            locator.problem(
                "draw.upcard_offer", "an upcard offer needs an upcard, and deal.upcard is false"
            )
        )
    for key in ("discard", "depth"):
        rule = draw[key]
        if not isinstance(rule, dict):
            continue
        if rule["use"] in ("meld", "any") and play["melding"] != "anytime":
            problems.append(
                locator.problem(
                    f"draw.{key}.use",
                    f"use: {rule['use']} asks for melding this turn, but play.melding is "
                    f"'{play['melding']}'",
                )
            )
        if rule["hand_cards"] > 0 and rule["use"] == "none":
            problems.append(
                locator.problem(
                    f"draw.{key}.hand_cards",
                    "hand_cards needs use: meld or use: any (the card taken has no obligation)",
                )
            )
    if play["melds_per_turn"] is not None and play["melding"] == "never":
        problems.append(
            locator.problem(
                "play.melds_per_turn", "melds_per_turn has no effect with play.melding: never"
            )
        )
    return problems


def _check_prerequisites(
    doc: dict[str, Any], skip: frozenset[str], locator: Locator
) -> list[Problem]:
    """An axis set away from its default whose declared prerequisite does not hold.

    The prerequisites are the axis declarations' `requires` of the form
    "path: value or value" (`stock.recycles` needs `stock.exhausted: recycle`);
    a section the schema found malformed (`skip`) is not judged.
    """
    problems: list[Problem] = []
    for decl in AXES:
        if not isinstance(decl, Axis):
            continue
        path, _, wanted = decl.requires.partition(": ")
        if not wanted or {decl.path.split(".")[0], path.split(".")[0]} & skip:
            continue
        value, needed = _reach(doc, decl.path, decl.default), _reach(doc, path, None)
        said = str(needed).lower() if isinstance(needed, bool) else needed  # `: true`
        if value != decl.default and said not in wanted.split(" or "):
            message = f"{decl.path} applies only with {decl.requires}"
            problems.append(locator.problem(decl.path, message))
    return problems


def _check_going_out(doc: dict[str, Any], low: int, high: int, locator: Locator) -> list[Problem]:
    problems: list[Problem] = []
    going, play = doc["going_out"], doc["play"]
    if doc["discard"]["required"] == "always" and "discard" not in going["by"]:
        problems.append(
            locator.problem(
                "going_out.by",
                "discard.required is 'always', so the last card goes by discard; "
                "going_out.by must include discard",
            )
        )
    if play["melding"] == "never" and isinstance(doc["knock"], bool):
        problems.append(
            locator.problem(
                "play.melding",
                "with melding: never and no knock, no hand can ever end by going out",
            )
        )
    partition = going["partition"]
    if partition is None:
        return problems
    if play["melding"] != "going_out":
        problems.append(
            locator.problem(
                "going_out.partition",
                "a going-out partition needs play.melding: going_out (all melds at once)",
            )
        )
    melds = doc["melds"]
    minimums = [r["min"] for r in (melds["set"], melds["run"]) if isinstance(r, dict)]
    maximums = [r["max"] for r in (melds["set"], melds["run"]) if isinstance(r, dict)]
    smallest = min(minimums) if minimums else 1
    largest = None if None in maximums or not maximums else max(maximums)
    most_cards = max(table_value(doc["deal"]["cards"], n) for n in range(low, max(low, high) + 1))
    draw = doc["draw"]
    if draw["discard_then_stock"] or draw["discard_then_discard"] or draw["depth"] or draw["pile"]:
        most_cards = 10_000  # hands may grow: no bound on what a hand holds
    if "melds" in partition:
        for index, count in enumerate(partition["melds"]):
            if count * smallest > most_cards + 1:
                problems.append(
                    locator.problem(
                        f"going_out.partition.melds.{index}",
                        f"{count} melds need at least {count * smallest} cards, more than a hand "
                        f"holds ({most_cards + 1})",
                    )
                )
    else:
        for index, sizes in enumerate(partition["sizes"]):
            for inner, size in enumerate(sizes):
                where = f"going_out.partition.sizes.{index}.{inner}"
                if size < smallest:
                    problems.append(
                        locator.problem(
                            where, f"a meld of {size} is below the meld minimum {smallest}"
                        )
                    )
                elif largest is not None and size > largest:
                    problems.append(
                        locator.problem(
                            where, f"a meld of {size} is above the meld maximum {largest}"
                        )
                    )
            if sum(sizes) > most_cards + 1:
                problems.append(
                    locator.problem(
                        f"going_out.partition.sizes.{index}",
                        f"these melds hold {sum(sizes)} cards, more than a hand holds "
                        f"({most_cards + 1})",
                    )
                )
    return problems

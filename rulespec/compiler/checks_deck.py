"""Deck checks: the rank list and the set sizes the pack allows (pipeline stage: check, part 2).

`deck.ranks` must name each rank once, in the order A 2 .. K (runs follow that
order; where the ace stands is `ace`'s business), and the pack must hold what
the meld rules ask of it: runs no longer than its ranks, wild ranks and pattern
ranks it holds, sets no bigger than a rank's cards (one per suit with
`suits: distinct`, every deck's with `suits: any`) plus the wild cards a set
may take. A set maximum the pack can never reach is a warning (see checks_dead).
"""

from __future__ import annotations

from typing import Any

from rulespec.core.errors import Problem
from rulespec.grammar.located import Locator
from rulespec.model.variant import RANK_KEYS

FULL = list(RANK_KEYS)


def _name(rank: str) -> str:
    return "10" if rank == "T" else rank


def rank_key(rank: Any) -> str:
    """A listed rank as its key: YAML may write the pips as numbers (`[A, 2, 3]`, 10 is T)."""
    return "T" if rank in (10, "10") else str(rank)


def pack_ranks(full: dict[str, Any]) -> list[str]:
    """The rank keys of the pack (all 13 when `deck.ranks` is null)."""
    raw = full["deck"]["ranks"]
    return FULL if raw is None else [rank_key(r) for r in raw]


def check_ranks(full: dict[str, Any], locator: Locator) -> list[Problem]:
    """The rank list itself: each rank once, in order; runs, wilds and patterns inside it."""
    if full["deck"]["ranks"] is None:
        return []
    raw = pack_ranks(full)
    problems: list[Problem] = []
    seen: dict[str, int] = {}
    for index, rank in enumerate(raw):
        if rank in seen:
            problems.append(
                locator.problem(
                    f"deck.ranks.{index}",
                    f"rank {_name(rank)} is listed twice (first as item {seen[rank] + 1})",
                )
            )
        seen.setdefault(rank, index)
    if problems:
        return problems
    for index in range(1, len(raw)):
        if FULL.index(raw[index]) < FULL.index(raw[index - 1]):
            problems.append(
                locator.problem(
                    f"deck.ranks.{index}",
                    f"list the ranks in the order A 2 3 .. 10 J Q K: {_name(raw[index])} comes "
                    f"before {_name(raw[index - 1])} (runs follow that order; `ace` says where "
                    "the ace stands)",
                )
            )
            return problems
    melds = full["melds"]
    run = melds["run"]
    if isinstance(run, dict) and run["min"] > len(raw):
        problems.append(
            locator.problem(
                "melds.run.min",
                f"a run of {run['min']} cards is impossible: the pack has only {len(raw)} "
                "ranks (deck.ranks)",
            )
        )
    for index, card in enumerate(melds["wild"]["cards"]):
        if card != "joker" and rank_key(card) not in raw:
            problems.append(
                locator.problem(
                    f"melds.wild.cards.{index}",
                    f"{_name(card)}s are wild, but the pack has no {_name(card)}s (deck.ranks)",
                )
            )
    for index, pattern in enumerate(melds["patterns"]):
        for j, rank in enumerate(pattern.get("ranks") or []):
            if rank_key(rank) not in raw:
                problems.append(
                    locator.problem(
                        f"melds.patterns.{index}.ranks.{j}",
                        f"pattern '{pattern['name']}' needs {_name(rank_key(rank))}s, but the pack "
                        "has none (deck.ranks)",
                    )
                )
    return problems


def largest_set(full: dict[str, Any]) -> int:
    """The most cards one set can ever hold: a rank's cards (distinct suits: 4; any: 4 per
    deck at the largest deck count), plus wild cards standing in where suits may repeat."""
    set_rule, wild = full["melds"]["set"], full["melds"]["wild"]
    decks = _max_over(full["deck"]["decks"])
    if set_rule["suits"] == "distinct":
        return 4
    naturals = 4 * decks
    wilds = 0
    if "joker" in wild["cards"]:
        wilds += _max_over(full["deck"]["jokers"])
    ranks = pack_ranks(full)
    wilds += 4 * decks * sum(1 for r in wild["cards"] if r != "joker" and r in ranks)
    if wild["rank"] is not None or wild["cut"] != "none":
        wilds += 4 * decks  # a rank wild for the hand
    if set_rule.get("per_deck") is not None:
        return min(naturals + wilds, int(set_rule["per_deck"]) * decks)
    if wild["per_meld"] is not None:
        wilds = min(wilds, wild["per_meld"])
    return naturals + wilds


def check_set_sizes(full: dict[str, Any], locator: Locator) -> list[Problem]:
    """A set minimum no rank of the pack can reach, with every wild card it may take."""
    set_rule = full["melds"]["set"]
    if not isinstance(set_rule, dict):
        return []
    per = set_rule.get("per_deck")
    if per is not None:
        fewest = _min_over(full["deck"]["decks"])
        if set_rule["min"] > per * fewest:
            return [
                locator.problem(
                    "melds.set.per_deck",
                    f"a set of {set_rule['min']} cards is impossible with {fewest} deck(s):"
                    f" melds.set.per_deck allows {per} per deck, {per * fewest} in all",
                )
            ]
    limit = largest_set(full)
    if set_rule["min"] <= limit:
        return []
    how = (
        "one rank has at most 4 cards in distinct suits"
        if set_rule["suits"] == "distinct"
        else f"one rank has at most {limit} cards, wild cards included"
    )
    return [
        locator.problem("melds.set.min", f"a set of {set_rule['min']} cards is impossible: {how}")
    ]


def unreachable_set_max(full: dict[str, Any], locator: Locator) -> list[Problem]:
    """A set maximum above the largest set the pack allows (a warning: it never takes effect)."""
    set_rule = full["melds"]["set"]
    if not isinstance(set_rule, dict) or set_rule["max"] is None:
        return []
    limit = largest_set(full)
    if set_rule["max"] <= limit:
        return []
    return [
        locator.problem(
            "melds.set.max",
            f"a set of {set_rule['max']} is never reached: the largest set this pack allows "
            f"holds {limit} cards"
            + (" (suits distinct)" if set_rule["suits"] == "distinct" else ""),
        )
    ]


def _max_over(raw: Any) -> int:
    return raw if isinstance(raw, int) else max(raw.values())


def _min_over(raw: Any) -> int:
    return raw if isinstance(raw, int) else min(raw.values())


def check_wild_rank(full: dict[str, Any], locator: Locator) -> list[Problem]:
    """A wild rank per hand said twice: by the deal number (`rank`) and by a cut card (`cut`)."""
    wild = full["melds"]["wild"]
    if wild["rank"] is not None and wild["cut"] != "none":
        return [
            locator.problem(
                "melds.wild.rank",
                f"melds.wild.rank and melds.wild.cut ({wild['cut']}) choose the same thing, the"
                " hand's wild rank: say one of them",
            )
        ]
    return []


def check_joker_sets(doc: dict[str, Any], locator: Locator) -> list[Problem]:
    """`melds.joker_sets`: jokers of their own rank need jokers in the pack, sets, a set size
    the jokers can reach, and jokers that are not wild as well."""
    melds = doc["melds"]
    if melds.get("joker_sets") is not True:
        return []
    path = "melds.joker_sets"
    jokers = doc["deck"]["jokers"]
    most = jokers if isinstance(jokers, int) else max(jokers.values())
    if "joker" in melds["wild"]["cards"]:
        why = "the jokers are wild (melds.wild.cards) and a rank of their own at once: say one"
        return [locator.problem(path, why)]
    if most == 0:
        return [
            locator.problem(path, "jokers meld as sets, but the pack has no jokers (deck.jokers)")
        ]
    if melds["set"] is False:
        return [locator.problem(path, "jokers meld as sets, but there are no sets (melds.set)")]
    going, play = doc["going_out"], doc["play"]
    if going.get("partition") is not None or play.get("contract_sets") or play.get("contract_runs"):
        why = (
            "sets of jokers cannot count toward a going-out partition or a contract"
            " (going_out.partition, play.contract_*): the two may not be combined"
        )
        return [locator.problem(path, why)]
    if melds["set"]["min"] > most:
        why = (
            f"a set of jokers needs {melds['set']['min']} (melds.set.min), but the pack holds"
            f" at most {most} jokers (deck.jokers)"
        )
        return [locator.problem(path, why)]
    return []

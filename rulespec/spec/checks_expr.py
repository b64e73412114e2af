"""Expression checks of a rule document (pipeline stage: check, part 3).

Finds every expression position of a (defaulted) document with its context
and type (docs/document.md, "Expressions"), compiles each one through
`rulespec.spec.expr` (parse, names of the context, type), and adds the rules
the expression module cannot know alone: `upcard.*` only where the variant
deals an upcard, `winner.*` / `knocker.*` only in reasons that have them,
ace places that the ace mode can reach. Each problem is placed at the
expression's line and column plus the offset inside it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from rulespec.errors import Problem
from rulespec.spec.located import Locator

MAX_EXPRESSION_LENGTH = 2000
MAX_EXPRESSION_NESTING = 32

REASONS = ("out", "knock", "gin", "undercut", "stock", "void")
ROLES = ("winner", "losers", "each")
RANK_VALUE_KEYS = ("A", "pips", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")

# seat names that exist only in some hand-end reasons
_REASON_SEATS = {
    "winner": {"out", "knock", "gin", "undercut"},
    "knocker": {"knock", "gin", "undercut"},
}


def expression_sites(doc: dict[str, Any]) -> Iterator[tuple[str, Any, str, str]]:
    """(path, value, context, expected type) of every expression in a defaulted document."""
    for key in (*RANK_VALUE_KEYS, "joker"):
        if key in doc["values"]:
            yield f"values.{key}", doc["values"][key], "card_value", "int"
    wild = doc["melds"]["wild"]
    yield "melds.wild.swap", wild["swap"], "turn", "bool"
    discard = doc["draw"]["discard"]
    if isinstance(discard, dict):
        yield "draw.discard.when", discard["when"], "turn", "bool"
    yield "play.layoff", doc["play"]["layoff"], "turn", "bool"
    yield "play.first_laydown_min", doc["play"]["first_laydown_min"], "turn", "int"
    if isinstance(doc["knock"], dict):
        yield "knock.limit", doc["knock"]["limit"], "knock", "int"
    yield "scoring.multiplier", doc["scoring"]["multiplier"], "score", "int"
    for reason in REASONS:
        for role, value in doc["scoring"][reason].items():
            yield f"scoring.{reason}.{role}", value, "score", "int"
    if doc["match"]["rounds"] is not None:
        yield "match.rounds", doc["match"]["rounds"], "match", "int"


def has_upcard(doc: dict[str, Any]) -> bool:
    """Whether `upcard.*` exists: deal.upcard, or the dealer's extra card goes to the pile."""
    from rulespec.spec.names import upcard_available

    return upcard_available(doc)


def _names(source: str, pattern: str) -> Iterator[re.Match[str]]:
    # the expression language has no string literals, so a word match is a name
    return re.finditer(pattern, source)


def _nesting(source: str) -> int:
    deepest = depth = 0
    for char in source:
        if char == "(":
            depth += 1
            deepest = max(deepest, depth)
        elif char == ")":
            depth -= 1
    return deepest


def _compiler() -> Any:
    try:
        from rulespec.spec.expr import ExprError, compile_expression
    except ImportError:  # the expression module is not there yet: names/type checks skipped
        return None, None
    return compile_expression, ExprError


def check_expressions(doc: dict[str, Any], locator: Locator) -> list[Problem]:
    """Every expression problem of a defaulted, schema-valid document."""
    problems: list[Problem] = []
    compile_expression, expr_error = _compiler()
    upcard = has_upcard(doc)
    for path, value, context, expected in expression_sites(doc):
        if isinstance(value, (bool, int)):
            if (expected == "bool") != isinstance(value, bool):
                word = (
                    "true, false or a true/false expression"
                    if expected == "bool"
                    else ("a number or a number expression")
                )
                problems.append(locator.problem(path, f"must be {word}, got {value!r}".lower()))
            continue
        source = str(value)
        if len(source) > MAX_EXPRESSION_LENGTH:
            problems.append(
                locator.problem(path, f"expression is too long (over {MAX_EXPRESSION_LENGTH})")
            )
            continue
        if _nesting(source) > MAX_EXPRESSION_NESTING:
            problems.append(
                locator.problem(
                    path, f"expression is too deep (more than {MAX_EXPRESSION_NESTING} levels)"
                )
            )
            continue
        if compile_expression is not None:
            try:
                compile_expression(source, context, expected, path)
            except expr_error as exc:
                offset = int(getattr(exc, "offset", 0) or 0)
                message = str(exc.args[0]) if exc.args else str(exc)
                problems.append(locator.problem(path, message, offset=offset))
                continue
            except RecursionError:
                problems.append(locator.problem(path, "expression is too deep"))
                continue
        if not upcard:
            for match in _names(source, r"\bupcard\.\w+"):
                problems.append(
                    locator.problem(
                        path,
                        f"'{match.group()}' needs an upcard, and this variant deals none "
                        "(deal.upcard is false)",
                        offset=match.start(),
                    )
                )
        if path.startswith("scoring.") and path.count(".") == 2:
            reason = path.split(".")[1]
            for seat, reasons in _REASON_SEATS.items():
                if reason in reasons:
                    continue
                for match in _names(source, rf"\b{seat}\.\w+"):
                    problems.append(
                        locator.problem(
                            path,
                            f"'{match.group()}': a hand that ends by '{reason}' has no {seat}",
                            offset=match.start(),
                        )
                    )
    problems.extend(_check_places(doc, locator))
    return problems


def _check_places(doc: dict[str, Any], locator: Locator) -> list[Problem]:
    """Values that tell places apart must name places the rules can reach."""
    problems: list[Problem] = []
    ace = doc["ace"]
    melds = doc["melds"]
    for key, value in doc["values"].items():
        if not isinstance(value, str):
            continue
        path = f"values.{key}"
        for match in _names(value, r"\b(run_low|run_middle|run_high|set)\b"):
            place = match.group()
            message = None
            if place.startswith("run_") and melds["run"] is False:
                message = f"'{place}' can never happen: the variant has no runs (melds.run: false)"
            elif place == "set" and melds["set"] is False:
                message = "'set' can never happen: the variant has no sets (melds.set: false)"
            elif key == "A" and place == "run_middle" and ace != "wrap":
                message = f"an ace is in the middle of a run only with ace: wrap (ace is '{ace}')"
            elif key == "A" and place == "run_high" and ace == "low":
                message = (
                    "an ace is the high card of a run only when the ace mode allows it high "
                    "(ace is 'low')"
                )
            elif key == "A" and place == "run_low" and ace == "high":
                message = (
                    "an ace is the low card of a run only when the ace mode allows it low "
                    "(ace is 'high')"
                )
            if message is not None:
                problems.append(locator.problem(path, message, offset=match.start()))
    return problems

"""Expression checks of a rule document (pipeline stage: check, part 3).

Finds every expression position of a (defaulted) document with its context
and type (docs/document.md, "Expressions"), compiles each one through
`rulespec.grammar.expr` (parse, names of the context, type), and adds the rules
the expression module cannot know alone: `upcard.*` only where the variant
deals an upcard, `winner.*` / `knocker.*` only in reasons that have them,
ace places that the ace mode can reach. Each problem is placed at the
expression's line and column plus the offset inside it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rulespec.core.errors import Problem
from rulespec.grammar.expr import MAX_DEPTH, ExprError, compile_expression, names_in
from rulespec.grammar.located import Locator
from rulespec.model.axes import AXES, Axis
from rulespec.model.names import REASON_SEATS, REASONS, ROLES, upcard_available

MAX_EXPRESSION_LENGTH = 2000
MAX_EXPRESSION_NESTING = MAX_DEPTH  # the expression language's own limit


# (path, context, expected type, null allowed) of every expression axis, in document order
_SITES = tuple(
    (decl.path, decl.context, decl.expects, decl.nullable)
    for decl in AXES
    if isinstance(decl, Axis) and decl.kind == "expr"
)
_MISSING = object()
_MELD_PLACES = frozenset({"run_low", "run_middle", "run_high", "set"})


def _get(doc: Any, path: str) -> Any:
    node = doc
    for key in path.split("."):
        if not isinstance(node, dict) or key not in node:
            return _MISSING
        node = node[key]
    return node


def expression_sites(doc: dict[str, Any]) -> Iterator[tuple[str, Any, str, str]]:
    """(path, value, context, expected type) of every expression present in a document.

    Tolerant of any shape (a site whose parents are not tables is skipped), so
    it serves both a defaulted, schema-valid document and a broken one.
    """
    for path, context, expected, nullable in _SITES:
        value = _get(doc, path)
        if value is not _MISSING and not (nullable and value is None):
            yield path, value, context, expected


def normalise_text(doc: dict[str, Any]) -> dict[str, Any]:
    """Store expression text whitespace-normalised (ARCHITECTURE.md), in place; returns `doc`.

    Applied to documents handed out (read, loaded, built), after the checks,
    so that problem offsets still point into the text as written.
    """
    for path, value, _, _ in list(expression_sites(doc)):
        if isinstance(value, str) and value != " ".join(value.split()):
            node: Any = doc
            *parents, last = path.split(".")
            for key in parents:
                node = node[key]
            node[last] = " ".join(value.split())
    return doc


def compile_problems(doc: Any, locator: Locator, skip: set[str]) -> list[Problem]:
    """Problems of the text expressions alone (used when the schema already failed)."""
    problems: list[Problem] = []
    for path, value, context, expected in expression_sites(doc):
        if isinstance(value, str) and path not in skip:
            problem = _compile_one(path, value, context, expected, locator)
            if problem is not None:
                problems.append(problem)
    return problems


def _compile_one(
    path: str, source: str, context: str, expected: str, locator: Locator
) -> Problem | None:
    if len(source) > MAX_EXPRESSION_LENGTH:
        return locator.problem(path, f"expression is too long (over {MAX_EXPRESSION_LENGTH})")
    if _nesting(source) > MAX_EXPRESSION_NESTING:
        return locator.problem(
            path, f"expression is too deep (more than {MAX_EXPRESSION_NESTING} levels)"
        )
    try:
        compile_expression(source, context, expected, path)
    except ExprError as exc:
        offset = int(getattr(exc, "offset", 0) or 0)
        message = str(exc.args[0]) if exc.args else str(exc)
        return locator.problem(path, message, offset=offset)
    except RecursionError:
        return locator.problem(path, "expression is too deep")
    return None


def _nesting(source: str) -> int:
    deepest = depth = 0
    for char in source:
        if char == "(":
            depth += 1
            deepest = max(deepest, depth)
        elif char == ")":
            depth -= 1
    return deepest


def check_expressions(doc: dict[str, Any], locator: Locator) -> list[Problem]:
    """Every expression problem of a defaulted, schema-valid document."""
    problems: list[Problem] = []
    upcard = upcard_available(doc)
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
        problem = _compile_one(path, source, context, expected, locator)
        if problem is not None:
            problems.append(problem)
            continue
        if not upcard:
            for name in names_in(source):
                if not name.name.startswith("upcard."):
                    continue
                problems.append(
                    locator.problem(
                        path,
                        f"'{name.name}' needs an upcard, and this variant deals none "
                        "(deal.upcard is false)",
                        offset=name.offset,
                    )
                )
        if path.startswith("scoring.") and path.count(".") == 2:
            problems.extend(_reason_names(path, source, [path.split(".")[1]], locator))
        elif path == "scoring.multiplier":
            # the multiplier applies to the hand score of every reason that has roles
            rules = {r: doc["scoring"].get(r) for r in REASONS}
            scored = [
                r
                for r, roles in rules.items()
                if isinstance(roles, dict) and any(roles.get(role) is not None for role in ROLES)
            ]
            problems.extend(_reason_names(path, source, scored, locator))
    problems.extend(_check_places(doc, locator))
    return problems


def _reason_names(path: str, source: str, reasons: list[str], locator: Locator) -> list[Problem]:
    """Names of seats (`winner.*`, `knocker.*`) or of `out.*` that a hand ending by one of
    `reasons` lacks; the first such reason is named."""
    problems: list[Problem] = []
    for name in names_in(source):
        seat = name.name.partition(".")[0]
        lacking = [r for r in reasons if r not in REASON_SEATS.get(seat, reasons)]
        if "." not in name.name or not lacking:
            continue
        what = "way out" if seat == "out" else seat
        problems.append(
            locator.problem(
                path,
                f"'{name.name}': a hand that ends by '{lacking[0]}' has no {what}",
                offset=name.offset,
            )
        )
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
        for name in names_in(value):
            place = name.name
            if place not in _MELD_PLACES:
                continue
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
                problems.append(locator.problem(path, message, offset=name.offset))
    return problems

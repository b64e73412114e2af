"""Warnings for rules that can never take effect (pipeline stage: check, part 4).

A rule file may be valid and still say something that can never matter:
a `score REASON` for a way of ending a hand the rules never produce, a
`discard unless going out` where nobody can go out, a house rule that
changes the rules but keeps its base's title word for word, or rules under
which no hand can ever end (each would be abandoned at the turn limit).
These are warnings (`rulespec check` reports them, exit 0): the file loads.

Only what this file itself says is warned about: a score rule inherited from
a base that this file's changes made unreachable is left alone (the base is
right on its own, and this file could only silence it by replacing the whole
section). What can happen comes from `rulespec.compiler.reach`, which errs
towards "possible", so a warning is never a false alarm.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulespec.compiler.checks_deck import unreachable_set_max
from rulespec.compiler.reach import reasons
from rulespec.compiler.resolve import base_document
from rulespec.core.errors import Problem, warning
from rulespec.grammar.located import Locator
from rulespec.model.names import REASONS

# keys that say what a file is, not how the game is played
ABOUT_KEYS = frozenset({"name", "title", "description", "source", "extends"})


def check_dead(full: dict[str, Any], locator: Locator) -> list[Problem]:
    """Every warning of a resolved, defaulted, otherwise valid document."""
    why = reasons(full)
    problems = _dead_scores(full, why, locator)
    if (
        why["out"]
        and full["discard"]["required"] == "unless_out"
        and _own(locator, "discard.required")
    ):
        problems.append(
            warning(
                locator.problem(
                    "discard.required",
                    "'unless going out' never applies: " + why["out"],
                )
            )
        )
    problems.extend(_never_ends(full, why, locator))
    problems.extend(_kept_title(full, locator))
    if _own(locator, "melds.set.max"):
        problems.extend(warning(p) for p in unreachable_set_max(full, locator))
    return problems


def _own(locator: Locator, path: str) -> bool:
    """Whether the value at `path` is written in the checked file itself (not in a base)."""
    if path not in locator.positions:
        return False
    info, _, _ = locator.positions[path]
    return info.file == locator.primary.file


def _dead_scores(full: dict[str, Any], why: dict[str, str], locator: Locator) -> list[Problem]:
    problems: list[Problem] = []
    for reason in REASONS:
        roles = full["scoring"].get(reason)
        if not why[reason] or not isinstance(roles, Mapping) or not roles:
            continue
        own = [
            f"scoring.{reason}.{role}"
            for role in roles
            if _own(locator, f"scoring.{reason}.{role}")
        ]
        if not own:
            continue
        problems.append(
            warning(
                locator.problem(
                    own[0],
                    f"this score never applies: no hand ends by '{reason}': {why[reason]}",
                )
            )
        )
    return problems


def _never_ends(full: dict[str, Any], why: dict[str, str], locator: Locator) -> list[Problem]:
    """A warning when every way of ending a hand is impossible."""
    if any(not text for text in why.values()):
        return []
    if full["play"]["melding"] == "never" and not isinstance(full["knock"], Mapping):
        return []  # already an error of checks.py (no going out and no knock)
    where = "knock.limit" if isinstance(full["knock"], Mapping) else "stock.exhausted"
    causes: list[str] = []
    for reason in ("out", "gin", "stock", "void"):
        if why[reason] not in causes:
            causes.append(why[reason])
    message = (
        f"no hand can ever end: {'; '.join(causes)}. "
        "Every hand would be abandoned at the turn limit"
    )
    return [warning(locator.problem(where, message))]


def _kept_title(full: dict[str, Any], locator: Locator) -> list[Problem]:
    """A file that changes the rules of its base but keeps the base's title word for word."""
    base = base_document(locator)
    if base is None or full.get("title") != base.get("title"):
        return []
    from rulespec.compiler.schema import with_defaults

    try:
        before = with_defaults(base)
    except (KeyError, TypeError, ValueError):
        return []
    rules = {k: v for k, v in full.items() if k not in ABOUT_KEYS}
    if rules == {k: v for k, v in before.items() if k not in ABOUT_KEYS}:
        return []
    kept = (
        "title and description" if full.get("description") == base.get("description") else "title"
    )
    where = "title" if _own(locator, "title") else "name"
    return [
        warning(
            locator.problem(
                where,
                f"this file changes the rules of its base but keeps the base's {kept} "
                f"word for word ('{full.get('title')}'); give it its own",
            )
        )
    ]

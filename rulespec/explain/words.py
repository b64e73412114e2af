"""Shared words of `rulespec explain`: defaults, numbers, count tables, joins (explain layer).

The helpers every explain section uses (`explain`, `explain_sections`,
`explain_score`): read a field with its default, word a number or a table by
player count, join alternatives. One module below the sections, so they do not
import each other.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulespec.compiler.reach import reasons
from rulespec.compiler.schema import with_defaults
from rulespec.model.axes import AXES, Axis, node
from rulespec.model.names import REASONS

# The defaults of docs/document.md: the schema's `default` annotations (the one
# table of defaults, shared with checks and build), minus the required keys.
DEFAULTS: dict[str, Any] = {
    key: value
    for key, value in with_defaults({"name": "", "title": ""}).items()
    if key not in ("name", "title")
}


NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


def get(doc: Mapping[str, Any], path: str) -> Any:
    """The value at a dotted path of the document, or its default (None when there is none)."""
    node: Any = doc
    for key in path.split("."):
        if isinstance(node, Mapping) and key in node:
            node = node[key]
        else:
            return default(path)
    return node


def default(path: str) -> Any:
    """The default of docs/document.md at a dotted path."""
    node: Any = DEFAULTS
    for key in path.split("."):
        if not isinstance(node, Mapping) or key not in node:
            return None
        node = node[key]
    return node


def axis_sentence(doc: Mapping[str, Any], path: str) -> list[str]:
    """The sentence the axis at `path` declares for its value in `doc` (none when it says none).

    Axes with a simple sentence carry it in their declaration
    (`rulespec.model.axes`, `explain`: value -> sentence, "*" for any other
    value, with `{value}`); the explain sections place it among the others.
    """
    decl = node(path)
    if decl is None or not isinstance(decl, Axis):
        return []
    value = get(doc, path)
    sentences = decl.explain
    try:
        text = sentences[value] if value in sentences else sentences.get("*", "")
    except TypeError:  # an unhashable value (a malformed document): no sentence
        return []
    return [text.format(value=value)] if text else []


def group_sentences(doc: Mapping[str, Any], group: str) -> list[str]:
    """The declared sentences of every axis of a group (`dealer`), in declaration order.

    A new axis of such a group is read aloud with no code here: its
    declaration's `explain` is enough.
    """
    return [
        sentence
        for decl in AXES
        if isinstance(decl, Axis) and decl.path.rpartition(".")[0] == group
        for sentence in axis_sentence(doc, decl.path)
    ]


def hand_ends(doc: Mapping[str, Any]) -> frozenset[str]:
    """The hand-end reasons the rules can reach (every reason when that cannot be told)."""
    try:
        why = reasons(with_defaults(dict(doc)))
    except (KeyError, TypeError, ValueError, AttributeError):
        return frozenset(REASONS)
    return frozenset(reason for reason, text in why.items() if not text)


def player_counts(doc: Mapping[str, Any]) -> tuple[int, int]:
    return int(get(doc, "players.min")), int(get(doc, "players.max"))


def clipped(raw: Any, low: int, high: int) -> Any:
    """A count table cut to the allowed player counts: an int when one value covers them all."""
    if not isinstance(raw, Mapping):
        return raw
    rows: dict[str, Any] = {}
    for key, value in raw.items():
        first, _, last = str(key).partition("-")
        start, end = max(int(first), low), min(int(last or first), high)
        if start <= end:
            rows[f"{start}-{end}" if end > start else str(start)] = value
    if len(set(rows.values())) == 1:
        return next(iter(rows.values()))
    return rows or raw


def count_table(doc: Mapping[str, Any], path: str) -> Any:
    """The count table at `path`, cut to the player counts the document allows."""
    return clipped(get(doc, path), *player_counts(doc))


def number(n: int, noun: str, plural: str | None = None) -> str:
    word = NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)
    return f"{word} {noun if n == 1 else (plural or noun + 's')}"


def players_label(key: str) -> str:
    low, _, high = str(key).partition("-")
    return f"{low}–{high} players" if high else f"{low} player{'s' if low != '1' else ''}"


def table(raw: Any, unit: str) -> str:
    """A count table read aloud: '10 cards' or '2 players: 10 cards; 3–4 players: 7 cards'."""
    if isinstance(raw, Mapping):
        return "; ".join(f"{players_label(k)}: {_units(v, unit)}" for k, v in raw.items())
    return _units(raw, unit)


def _units(n: Any, unit: str) -> str:
    return f"{n} {unit}" if n == 1 or unit.endswith("s") else f"{n} {unit}s"


def join_or(items: list[str], word: str = "or") -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


def obligation(spec: Mapping[str, Any], card: str) -> str:
    use, hand_cards = spec.get("use", "none"), spec.get("hand_cards", 0)
    if use == "meld":
        text = f"{card} must be melded in a new meld this turn"
        if hand_cards:
            text += f" together with at least {number(hand_cards, 'card')} from the hand"
        return text
    if use == "any":
        if hand_cards:
            with_hand = f"with at least {number(hand_cards, 'card')} from the hand"
            return f"{card} must be melded this turn (in a new meld {with_hand}) or laid off"
        return f"{card} must be melded or laid off this turn"
    return ""

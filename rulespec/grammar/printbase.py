"""Printing helpers and the first sections' items (pipeline stage: convert; used by printer.py).

Each `_section(mapping, path) -> items` turns one section of a rule document
into the DSL items of its statement, validating as it goes: anything the DSL
cannot say raises `PrintError` (never silently dropped). A simple item is
written by `said` from its axis declaration's phrases (`rulespec.model.axes`);
only structured keys (count tables, lists, ranges) have printing code here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from rulespec.core.errors import RulespecError
from rulespec.model.axes import AXES, Axis, Group, node

WIDTH = 88
_VNAME = re.compile(r"[a-z][a-z0-9-]*\Z")
_TABLE_KEY = re.compile(r"[0-9]+(-[0-9]+)?\Z")
_BARE_RANKS = {"A", "T", "J", "Q", "K", "joker"}
_PIPS = {"2", "3", "4", "5", "6", "7", "8", "9"}
_VALUE_KEYS = {"A", "T", "J", "Q", "K", "pips", "joker"}


class PrintError(RulespecError, ValueError):
    """The document holds something the DSL cannot say (the message names its path)."""


def _fail(path: str, what: str) -> PrintError:
    return PrintError(f"{path}: {what}")


def quote(text: str) -> str:
    """A DSL string literal for `text`."""
    out = []
    for char in text:
        if char in '"\\':
            out.append("\\" + char)
        elif char == "\n":
            out.append("\\n")
        elif char == "\t":
            out.append("\\t")
        elif char == "\r":
            out.append("\\r")
        elif ord(char) < 32 or ord(char) == 127:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def _int(value: Any, path: str) -> str:
    if type(value) is not int:
        raise _fail(path, f"expected a whole number, got {value!r}")
    return str(value)


def _bool(value: Any, path: str) -> bool:
    if type(value) is not bool:
        raise _fail(path, f"expected true or false, got {value!r}")
    return value


def _word(value: Any, words: dict[str, str], path: str) -> str:
    if not isinstance(value, str) or value not in words:
        raise _fail(path, f"expected one of {', '.join(words)}, got {value!r}")
    return words[value]


def _str(value: Any, path: str) -> str:
    if not isinstance(value, str):
        raise _fail(path, f"expected text, got {value!r}")
    return quote(value)


def expression_text(value: Any, path: str) -> str:
    """An expression value as DSL text: literal, canonical expression, or a quoted string."""
    if type(value) is bool:
        return "true" if value else "false"
    if type(value) is int:
        return str(value)
    if not isinstance(value, str):
        raise _fail(path, f"expected an expression, got {value!r}")
    from rulespec.grammar.expr import ExprError, literal_value, parse_expression, unparse

    try:
        expr = parse_expression(value)
    except ExprError:
        return quote(value)
    if literal_value(expr) is None and unparse(expr) == value:
        return value
    return quote(value)


def _mapping(value: Any, path: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _fail(path, f"expected a mapping, got {value!r}")
    replace = value.get("replace", False)
    if "replace" in value and replace is not True:
        raise _fail(f"{path}.replace", "only 'replace: true' can be written")
    return value


def _unknown(value: dict[str, Any], known: set[str], path: str) -> None:
    for key in value:
        if key not in known and key != "replace":
            raise _fail(f"{path}.{key}", "is not a rule the DSL knows")


def _list(value: Any, path: str) -> tuple[bool, list[Any]]:
    """A list or {replace: [...]} -> (replace?, items)."""
    if isinstance(value, dict) and set(value) == {"replace"} and isinstance(value["replace"], list):
        return True, value["replace"]
    if not isinstance(value, list):
        raise _fail(path, f"expected a list, got {value!r}")
    return False, value


def _replace(value: dict[str, Any]) -> str:
    return "replace " if value.get("replace") is True else ""


def said(path: str, value: Any, part: str = "") -> str:
    """The DSL words for `value` of the axis at `path`: its first written phrase that fits it.

    `part` names a grammar rule shared by several tables (`pile_opt` of both
    pile draws): then any axis with that rule and key lends its words.
    """
    decl = node(path) or (_part(part, path.rpartition(".")[2]) if part else None)
    if decl is None or not decl.phrases:
        raise _fail(path, "is not a rule the DSL knows")
    choices = decl.values if isinstance(decl, Axis) else ()
    for phrase in decl.phrases:
        slot = phrase.slot
        if not phrase.write:
            continue
        if not slot and type(phrase.value) is type(value) and phrase.value == value:
            return phrase.words
        if slot == "int" and type(value) is int:
            return phrase.words.replace("{int}", str(value))
        if slot == "word" and isinstance(value, str) and value in choices:
            return phrase.words.replace("{word}", value)
        if slot == "expr" and value is not None:
            return phrase.words.replace("{expr}", expression_text(value, path))
    raise _fail(path, _expected(decl, value))


def _part(item: str, key: str) -> Axis | Group | None:
    return next((n for n in AXES if n.item == item and n.key == key), None)


def _expected(decl: Axis | Group, value: Any) -> str:
    kind = decl.kind if isinstance(decl, Axis) else ""
    if kind == "enum" and isinstance(decl, Axis):
        return f"expected one of {', '.join(str(v) for v in decl.values)}, got {value!r}"
    wanted = {"bool": "true or false", "int": "a whole number", "expr": "an expression"}
    return f"expected {wanted.get(kind, 'something the DSL can say')}, got {value!r}"


Special = Callable[[str, Any, dict[str, Any]], list[str]]
"""How a structured key of a section is printed: (its path, its value, the section) -> items."""


def items(
    v: dict[str, Any], p: str, special: dict[str, Special] | None = None, part: str = ""
) -> list[str]:
    """The items of one table, in the document's order: declared words, or the special printer."""
    out: list[str] = []
    for key, value in v.items():
        if key == "replace":
            continue
        path = f"{p}.{key}"
        if special and key in special:
            out += special[path.rpartition(".")[2]](path, value, v)
        else:
            out.append(said(path, value, part))
    return out


# --- sections -------------------------------------------------------------------


def _table(value: Any, unit: Callable[[int], str], path: str) -> list[str]:
    if type(value) is int:
        return [unit(value)]
    if not isinstance(value, dict) or not value:
        raise _fail(path, f"expected a number or a table by player count, got {value!r}")
    items = []
    for key, count in value.items():
        if not isinstance(key, str) or not _TABLE_KEY.match(key):
            raise _fail(f"{path}.{key}", "a player count is written N or N-M")
        items.append(f"{unit(int(_int(count, f'{path}.{key}')))} for {key}")
    return items


def _players(v: dict[str, Any], p: str) -> list[str]:
    _unknown(v, {"min", "max"}, p)
    low = _int(v["min"], f"{p}.min") if "min" in v else None
    high = _int(v["max"], f"{p}.max") if "max" in v else None
    if low is not None and high is not None:
        return [low if low == high else f"{low} to {high}"]
    if low is not None:
        return [f"at least {low}"]
    if high is not None:
        return [f"at most {high}"]
    return []


def _deck(v: dict[str, Any], p: str) -> list[str]:
    def decks(path: str, value: Any, _: dict[str, Any]) -> list[str]:
        return _table(value, lambda n: f"{n} deck" if n == 1 else f"{n} decks", path)

    def jokers(path: str, value: Any, _: dict[str, Any]) -> list[str]:
        if value == 0 and type(value) is int:
            return [said(path, value)]
        return _table(value, lambda n: f"{n} joker" if n == 1 else f"{n} jokers", path)

    def ranks(path: str, value: Any, _: dict[str, Any]) -> list[str]:
        if value is None:
            return []
        replace, listed = _list(value, path)
        keys = [("T" if r == 10 else str(r)) if type(r) is int else r for r in listed]
        return [("replace " if replace else "") + "ranks " + _ranks(keys, path)]

    return items(v, p, {"decks": decks, "jokers": jokers, "ranks": ranks})


def _dealer(v: dict[str, Any], p: str) -> list[str]:
    return items(v, p)


def _deal(v: dict[str, Any], p: str) -> list[str]:
    where = {"hand": "hand", "discard": "discard"}

    def cards(path: str, value: Any, _: dict[str, Any]) -> list[str]:
        return [f"{value} each"] if type(value) is int else _table(value, str, path)

    def extra(path: str, value: Any, deal: dict[str, Any]) -> list[str]:
        text = f"dealer extra {_int(value, path)}"
        if "dealer_extra_to" in deal:
            text += " to " + _word(deal["dealer_extra_to"], where, f"{path}_to")
        return [text]

    def extra_to(path: str, value: Any, deal: dict[str, Any]) -> list[str]:
        if "dealer_extra" in deal:
            return []
        return ["dealer extra to " + _word(value, where, path)]

    return items(v, p, {"cards": cards, "dealer_extra": extra, "dealer_extra_to": extra_to})


def _values(v: dict[str, Any], p: str) -> list[str]:
    groups: dict[str, list[str]] = {}
    for key, value in v.items():
        if key == "replace":
            continue
        if not isinstance(key, str) or not (key in _VALUE_KEYS or key in _PIPS):
            raise _fail(f"{p}.{key}", "is not a card (A, 2..9, T, J, Q, K, pips, joker)")
        text = expression_text(value, f"{p}.{key}")
        groups.setdefault(f"{type(value).__name__}:{text}", []).append(key)
    items = []
    for tagged, keys in groups.items():
        items.append(f"{' '.join(keys)} = {tagged.partition(':')[2]}")
    return items


def _range(v: dict[str, Any], p: str, known: set[str]) -> str:
    _unknown(v, known, p)
    parts = []
    if "min" in v and "max" in v:
        low = _int(v["min"], f"{p}.min")
        high = "" if v["max"] is None else _int(v["max"], f"{p}.max")
        parts.append(f"of {low}..{high}")
    elif "min" in v:
        parts.append(f"min {_int(v['min'], f'{p}.min')}")
    elif "max" in v:
        parts.append("max none" if v["max"] is None else f"max {_int(v['max'], f'{p}.max')}")
    if "suits" in v:
        parts.append("suits " + _word(v["suits"], {"distinct": "distinct", "any": "any"}, p))
    if "per_deck" in v:  # sets only (melds.set.per_deck)
        per = v["per_deck"]
        parts.append(
            "no max per deck" if per is None else f"max {_int(per, f'{p}.per_deck')} per deck"
        )
    return " ".join(parts)


def _melds(v: dict[str, Any], p: str) -> list[str]:
    _unknown(v, {"set", "run", "patterns", "wild", "joker_sets"}, p)
    out = []
    for key, word in (("set", "set"), ("run", "run")):
        if key not in v:
            continue
        value = v[key]
        if value is False:
            out.append(said(f"{p}.{key}", value))
            continue
        sub = _mapping(value, f"{p}.{key}")
        known = {"min", "max", "suits", "per_deck"} if key == "set" else {"min", "max", "suits"}
        body = _range(sub, f"{p}.{key}", known)
        out.append(f"{_replace(sub)}{word} {body}".rstrip())
    if "patterns" in v:
        replace, patterns = _list(v["patterns"], f"{p}.patterns")
        if not patterns:
            out.append(("replace " if replace else "") + "patterns none")
    if "joker_sets" in v:
        out.append(said(f"{p}.joker_sets", v["joker_sets"]))
    return out


def _pattern(entry: Any, p: str) -> str:
    if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
        raise _fail(p, "a pattern needs a name")
    _unknown(entry, {"name", "suit", "ranks", "run"}, p)
    if "replace" in entry:
        raise _fail(f"{p}.replace", "is not a rule the DSL knows")
    parts = []
    for key, value in entry.items():
        if key == "suit":
            _word(value, {"same": "same"}, f"{p}.suit")
            parts.append("same suit")
        elif key == "ranks":
            parts.append("ranks " + _ranks(value, f"{p}.ranks"))
        elif key == "run":
            parts.append("run" if _bool(value, f"{p}.run") else "no run")
    head = f"{quote(entry['name'])}"
    return head + (": " + ", ".join(parts) if parts else "")


def _ranks(value: Any, p: str) -> str:
    if not isinstance(value, list) or not value:
        raise _fail(p, "expected a non-empty list of ranks")
    words = []
    for i, rank in enumerate(value):
        if not isinstance(rank, str):
            raise _fail(f"{p}.{i}", f"a rank is written as text, got {rank!r}")
        words.append(rank if rank in _BARE_RANKS or rank in _PIPS else quote(rank))
    return " ".join(words)


def _wild(v: dict[str, Any], p: str) -> list[str]:
    def cards(path: str, value: Any, _: dict[str, Any]) -> list[str]:
        replace, cards = _list(value, path)
        text = _ranks(cards, path) if cards else "none"
        return [("replace " if replace else "") + "cards " + text]

    return items(v, p, {"cards": cards})

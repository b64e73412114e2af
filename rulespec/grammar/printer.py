"""Rule document -> canonical `.rules` text (pipeline stage: convert; inverse of the transformer).

`dump_rules(doc)` writes one statement per section in a fixed order, items in
the document's key order, so that `parse_rules(dump_rules(d))[0] == d` for
every document the schema accepts (sub-documents and the `replace` forms of
docs/document.md included). Anything the DSL cannot say raises `PrintError`
rather than being dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulespec.grammar.printbase import (
    _VNAME,
    WIDTH,
    PrintError,
    _deal,
    _dealer,
    _deck,
    _fail,
    _int,
    _list,
    _mapping,
    _melds,
    _pattern,
    _players,
    _replace,
    _str,
    _unknown,
    _values,
    _wild,
    _word,
    expression_text,
    items,
    quote,
    said,
)
from rulespec.model.names import REASONS, ROLES

__all__ = ["PrintError", "dump_rules"]


def _pile_opts(v: dict[str, Any], p: str) -> str:
    return " ".join(items(v, p, part="pile_opt"))


def _draw(v: dict[str, Any], p: str) -> list[str]:
    def pile(path: str, value: Any, _: dict[str, Any]) -> list[str]:
        key = path.rpartition(".")[2]
        if type(value) is bool and (value is False or key == "discard"):
            return [key if value else said(path, value)]
        sub = _mapping(value, path)
        opts = _pile_opts(sub, path)
        if key == "discard" and not opts and not _replace(sub):
            opts = "{}"
        return [f"{_replace(sub)}{key} {opts}".rstrip()]

    return items(v, p, {"discard": pile, "depth": pile})


def _play(v: dict[str, Any], p: str) -> list[str]:
    return items(v, p)


def _discard(v: dict[str, Any], p: str) -> list[str]:
    return items(v, p)


def _ints(values: list[Any], p: str, sep: str) -> str:
    if not values:
        raise _fail(p, "an empty list cannot be written here")
    return sep.join(_int(n, f"{p}.{i}") for i, n in enumerate(values))


def _going_out(v: dict[str, Any], p: str) -> list[str]:
    def by(path: str, value: Any, _: dict[str, Any]) -> list[str]:
        replace, ways = _list(value, path)
        if not ways:
            raise _fail(path, "an empty list cannot be written here")
        for i, way in enumerate(ways):
            _word(way, {"meld": "", "layoff": "", "discard": ""}, f"{path}.{i}")
        return [("replace " if replace else "") + "by " + " or ".join(ways)]

    return items(v, p, {"by": by, "partition": lambda path, value, _: _partition(value, path)})


def _partition(value: Any, p: str) -> list[str]:
    if value is None:
        return [said(p, value)]
    if not isinstance(value, dict):
        raise _fail(p, f"expected null or a mapping of melds/sizes, got {value!r}")
    _unknown(_mapping(value, p), {"melds", "sizes"}, p)
    if not value:
        return ["partition {}"]
    items = ["replace partition"] if _replace(value) else []
    if "melds" in value:
        replace, counts = _list(value["melds"], f"{p}.melds")
        text = _ints(counts, f"{p}.melds", " or ")
        items.append(("replace " if replace else "") + f"in {text} melds")
    if "sizes" in value:
        replace, ways = _list(value["sizes"], f"{p}.sizes")
        if not ways:
            raise _fail(f"{p}.sizes", "an empty list cannot be written here")
        texts = []
        for i, way in enumerate(ways):
            if not isinstance(way, list):
                raise _fail(f"{p}.sizes.{i}", "expected a list of meld sizes")
            texts.append(_ints(way, f"{p}.sizes.{i}", "+"))
        items.append(("replace " if replace else "") + "as " + " or ".join(texts))
    return items


def _knock(v: dict[str, Any], p: str) -> list[str]:
    return items(v, p)


def _stock(v: dict[str, Any], p: str) -> list[str]:
    return items(v, p)


def _scoring(v: dict[str, Any], p: str) -> list[str]:
    return items(v, p, {reason: lambda path, value, _: [] for reason in REASONS})


def _score(v: dict[str, Any], p: str) -> list[str]:
    _unknown(v, set(ROLES), p)
    return [
        f"{role} = {expression_text(value, f'{p}.{role}')}"
        for role, value in v.items()
        if role != "replace"
    ]


def _match(v: dict[str, Any], p: str) -> list[str]:
    return items(v, p, {"bonus": lambda path, value, _: _bonus(value, path)})


def _bonus(value: Any, p: str) -> list[str]:
    if not isinstance(value, dict):
        raise _fail(p, f"expected a mapping of game/box/shutout, got {value!r}")
    _unknown(_mapping(value, p), {"game", "box", "shutout"}, p)
    if not value:
        return ["bonus {}"]
    return (["replace bonus"] if _replace(value) else []) + items(value, p)


def _buy(v: dict[str, Any], p: str) -> list[str]:
    return items(v, p)


def _deal_item(key: str, n: str, entry: dict[str, Any]) -> str:
    """One item of a `schedule deal N:` statement (`2 sets`, `1 run of 4`, `10 cards`)."""
    if key == "cards":
        return f"{n} cards"
    one = n == "1"
    if key == "pure":
        return f"{n} pure {'run' if one else 'runs'}"
    noun = key[:-1] if one else key
    length = f"{key[:-1]}_min"
    return f"{n} {noun}" + (f" of {_int(entry[length], length)}" if length in entry else "")


def _schedule(out: list[str], value: Any) -> None:
    """One `schedule deal N: …` statement per entry (a length needs its count to be said)."""
    replace, entries = _list(value, "schedule")
    if replace:
        raise _fail("schedule", "a schedule replaces the base's whole: write the list itself")
    if not entries:
        out.append("  schedule none")
    for i, entry in enumerate(entries):
        p = f"schedule.{i}"
        sub = _mapping(entry, p)
        _unknown(sub, {"cards", "sets", "set_min", "runs", "run_min", "pure"}, p)
        for length, count in (("set_min", "sets"), ("run_min", "runs")):
            if length in sub and count not in sub:
                raise _fail(f"{p}.{length}", f"is written with its count: say {count} too")
        said_items = [
            _deal_item(key, _int(sub[key], f"{p}.{key}"), sub)
            for key in ("cards", "sets", "runs", "pure")
            if key in sub
        ]
        if not said_items:
            raise _fail(p, "an empty deal cannot be written: say its cards or its contract")
        out.append(_statement(f"schedule deal {i + 1}:", said_items))


Section = Callable[[dict[str, Any], str], list[str]]
_SECTIONS: list[tuple[str, str, Section]] = [
    ("players", "players", _players),
    ("deck", "deck", _deck),
    ("dealer", "dealer", _dealer),
    ("deal", "deal", _deal),
    ("values", "values", _values),
    ("melds", "melds", _melds),
    ("draw", "draw", _draw),
    ("play", "play", _play),
    ("discard", "discard", _discard),
    ("going_out", "going out", _going_out),
    ("knock", "knock", _knock),
    ("stock", "stock", _stock),
    ("scoring", "scoring", _scoring),
    ("match", "match", _match),
    ("buy", "buy", _buy),
]
_TOP = {"name", "title", "description", "source", "extends", "ace", "schedule"} | {
    s[0] for s in _SECTIONS
}


def _statement(keyword: str, items: list[str], prefix: str = "") -> str:
    head = f"  {prefix}{keyword:<7} "
    lines = [head]
    for i, item in enumerate(items):
        piece = item + ("," if i < len(items) - 1 else "")
        if len(lines[-1]) + len(piece) > WIDTH and lines[-1].strip() != head.strip():
            lines[-1] = lines[-1].rstrip()
            lines.append(" " * len(head))
        lines[-1] += piece + " "
    return "\n".join(line.rstrip() for line in lines)


def _section(out: list[str], key: str, keyword: str, emit: Section, value: Any) -> None:
    if key in ("knock", "buy") and value is False:
        out.append(_statement(key, [said(key, value)]))
        return
    sub = _mapping(value, key)
    items = emit(sub, key)
    prefix = _replace(sub)
    if key == "melds":
        _melds_extra(out, sub, items, prefix)
        return
    if key == "scoring":
        reasons = [r for r in REASONS if r in sub]
        if items or prefix or not reasons:
            out.append(_statement(keyword, items or ["{}"], prefix))
        for reason in reasons:
            score = _mapping(sub[reason], f"scoring.{reason}")
            roles = _score(score, f"scoring.{reason}")
            out.append(_statement(f"score {reason}", roles or ["{}"], _replace(score)))
        return
    out.append(_statement(keyword, items or ["{}"], prefix))


def _melds_extra(out: list[str], melds: dict[str, Any], items: list[str], prefix: str) -> None:
    patterns: list[Any] = []
    replace = False
    if "patterns" in melds:
        replace, patterns = _list(melds["patterns"], "melds.patterns")
    wild = melds.get("wild")
    if items or prefix or not (patterns or "wild" in melds):
        out.append(_statement("melds", items or ["{}"], prefix))
    for i, entry in enumerate(patterns):
        base = "melds.patterns.replace" if replace else "melds.patterns"
        text = _pattern(entry, f"{base}.{i}")
        out.append(_statement("pattern", [text], "replace " if replace and i == 0 else ""))
    if "wild" in melds:
        sub = _mapping(wild, "melds.wild")
        out.append(_statement("wild", _wild(sub, "melds.wild") or ["{}"], _replace(sub)))


def dump_rules(doc: dict[str, Any]) -> str:
    """Canonical DSL text of a rule document (PrintError if it holds what the DSL cannot say)."""
    if not isinstance(doc, dict):
        raise PrintError(f"a rule document is a mapping, got {type(doc).__name__}")
    for key in doc:
        if key not in _TOP:
            raise _fail(str(key), "is not a rule the DSL knows")
    name = doc.get("name")
    if not isinstance(name, str):
        raise _fail("name", "every rule file needs a name")
    head = f"variant {name if _VNAME.match(name) else quote(name)}"
    if "extends" in doc:
        base = doc["extends"]
        if base is None:
            head += " extends none"
        elif isinstance(base, str):
            head += f" extends {base if _VNAME.match(base) and base != 'none' else quote(base)}"
        else:
            raise _fail("extends", f"expected a variant name or a path, got {base!r}")
    out = [head + " {"]
    for key in ("title", "description", "source"):
        if key in doc:
            out.append(f"  {key:<7} {_str(doc[key], key)}")
    for key, keyword, emit in _SECTIONS:
        if key in doc:
            _section(out, key, keyword, emit, doc[key])
        if key == "deal" and "ace" in doc:
            out.append(f"  ace     {said('ace', doc['ace'])}")
    if "schedule" in doc:
        _schedule(out, doc["schedule"])
    out.append("}")
    return "\n".join(out) + "\n"

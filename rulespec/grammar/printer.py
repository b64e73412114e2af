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
    _ACE,
    _VNAME,
    WIDTH,
    PrintError,
    _bool,
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
    quote,
)
from rulespec.model.names import REASONS, ROLES

__all__ = ["PrintError", "dump_rules"]

_USE = {"none": "none", "meld": "meld", "any": "any"}


def _pile_opts(v: dict[str, Any], p: str) -> str:
    _unknown(v, {"when", "use", "hand_cards", "min"}, p)
    parts = []
    for key, value in v.items():
        if key == "when":
            parts.append("when " + expression_text(value, f"{p}.when"))
        elif key == "use":
            parts.append("use " + _word(value, _USE, f"{p}.use"))
        elif key == "hand_cards":
            parts.append(f"with {_int(value, f'{p}.hand_cards')} from hand")
        elif key == "min":
            parts.append(f"min {_int(value, f'{p}.min')}")
    return " ".join(parts)


def _draw(v: dict[str, Any], p: str) -> list[str]:
    flags = {
        "stock": ("stock", "no stock"),
        "discard_then_stock": ("discard then stock", "no discard then stock"),
        "discard_then_discard": ("discard then discard", "no discard then discard"),
        "pile": ("pile", "no pile"),
        "upcard_offer": ("upcard offer", "no upcard offer"),
    }
    _unknown(v, {*flags, "discard", "depth"}, p)
    items = []
    for key, value in v.items():
        if key in flags:
            items.append(flags[key][0] if _bool(value, f"{p}.{key}") else flags[key][1])
        elif key == "discard" and type(value) is bool:
            items.append("discard" if value else "no discard")
        elif key == "depth" and value is False:
            items.append("no depth")
        elif key in ("discard", "depth"):
            sub = _mapping(value, f"{p}.{key}")
            opts = _pile_opts(sub, f"{p}.{key}")
            if key == "discard" and not opts and not _replace(sub):
                opts = "{}"
            items.append(f"{_replace(sub)}{key} {opts}".rstrip())
    return items


def _play(v: dict[str, Any], p: str) -> list[str]:
    known = {"melding", "melds_per_turn", "layoff", "layoff_onto", "first_laydown_min"}
    _unknown(v, known, p)
    melding = {"anytime": "anytime", "never": "never", "going_out": "only when going out"}
    items = []
    for key, value in v.items():
        if key == "melding":
            items.append("melding " + _word(value, melding, f"{p}.melding"))
        elif key == "melds_per_turn":
            count = "any" if value is None else _int(value, f"{p}.melds_per_turn")
            items.append(f"melds per turn {count}")
        elif key == "layoff":
            if value is True or value is False:
                items.append("layoff" if value else "no layoff")
            else:
                items.append("layoff when " + expression_text(value, f"{p}.layoff"))
        elif key == "layoff_onto":
            items.append("layoff onto " + _word(value, {"any": "any", "own": "own"}, p))
        elif key == "first_laydown_min":
            items.append("first laydown at least " + expression_text(value, f"{p}.{key}"))
    return items


def _discard(v: dict[str, Any], p: str) -> list[str]:
    _unknown(v, {"required", "forbid_taken", "pile"}, p)
    required = {"always": "always", "unless_out": "unless going out"}
    items = []
    for key, value in v.items():
        if key == "required":
            items.append(_word(value, required, f"{p}.required"))
        elif key == "forbid_taken":
            forbid = _bool(value, f"{p}.forbid_taken")
            items.append("taken card forbidden" if forbid else "taken card allowed")
        elif key == "pile":
            items.append("pile " + _word(value, {"squared": "squared", "spread": "spread"}, p))
    return items


def _ints(values: list[Any], p: str, sep: str) -> str:
    if not values:
        raise _fail(p, "an empty list cannot be written here")
    return sep.join(_int(n, f"{p}.{i}") for i, n in enumerate(values))


def _going_out(v: dict[str, Any], p: str) -> list[str]:
    _unknown(v, {"by", "partition"}, p)
    items = []
    for key, value in v.items():
        if key == "by":
            replace, ways = _list(value, f"{p}.by")
            if not ways:
                raise _fail(f"{p}.by", "an empty list cannot be written here")
            for i, way in enumerate(ways):
                _word(way, {"meld": "", "layoff": "", "discard": ""}, f"{p}.by.{i}")
            items.append(("replace " if replace else "") + "by " + " or ".join(ways))
        elif key == "partition":
            items += _partition(value, f"{p}.partition")
    return items


def _partition(value: Any, p: str) -> list[str]:
    if value is None:
        return ["partition none"]
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
    _unknown(v, {"limit", "layoff", "show"}, p)
    items = []
    for key, value in v.items():
        if key == "limit":
            items.append("when deadwood <= " + expression_text(value, f"{p}.limit"))
        elif key == "layoff":
            items.append("layoff" if _bool(value, f"{p}.layoff") else "no layoff")
        elif key == "show":
            items.append("show " + _word(value, {"all": "all"}, f"{p}.show"))
    return items


def _stock(v: dict[str, Any], p: str) -> list[str]:
    _unknown(v, {"exhausted", "reserve", "recycles"}, p)
    words = {"recycle": "recycle", "end": "end", "void": "void"}
    items = []
    for key, value in v.items():
        if key == "exhausted":
            items.append(_word(value, words, f"{p}.exhausted"))
        elif key == "reserve":
            items.append(f"reserve {_int(value, f'{p}.reserve')}")
        elif key == "recycles":
            if value is None:
                items.append("recycles unlimited")
            else:
                items.append(f"at most {_int(value, f'{p}.recycles')} recycles")
    return items


def _scoring(v: dict[str, Any], p: str) -> list[str]:
    _unknown(v, {"penalty", "ranks_once", "meld_credit", "multiplier", *REASONS}, p)
    items = []
    for key, value in v.items():
        if key == "penalty":
            items.append("penalty " + _word(value, {"hand": "hand", "deadwood": "deadwood"}, p))
        elif key == "ranks_once":
            items.append("ranks once" if _bool(value, f"{p}.{key}") else "no ranks once")
        elif key == "meld_credit":
            items.append("meld credit" if _bool(value, f"{p}.{key}") else "no meld credit")
        elif key == "multiplier":
            items.append("multiplier " + expression_text(value, f"{p}.multiplier"))
    return items


def _score(v: dict[str, Any], p: str) -> list[str]:
    _unknown(v, set(ROLES), p)
    return [
        f"{role} = {expression_text(value, f'{p}.{role}')}"
        for role, value in v.items()
        if role != "replace"
    ]


def _match(v: dict[str, Any], p: str) -> list[str]:
    _unknown(v, {"target", "tie", "eliminate", "rounds", "bonus"}, p)
    items = []
    for key, value in v.items():
        if key == "target":
            items.append("no target" if value is None else f"to {_int(value, f'{p}.target')}")
        elif key == "tie":
            items.append("tie " + _word(value, {"highest": "highest", "play_on": "plays on"}, p))
        elif key == "eliminate":
            items.append(
                "no elimination" if value is None else f"eliminate at {_int(value, f'{p}.{key}')}"
            )
        elif key == "rounds":
            items.append(
                "no rounds" if value is None else "rounds " + expression_text(value, f"{p}.rounds")
            )
        elif key == "bonus":
            items += _bonus(value, f"{p}.bonus")
    return items


def _bonus(value: Any, p: str) -> list[str]:
    if not isinstance(value, dict):
        raise _fail(p, f"expected a mapping of game/box/shutout, got {value!r}")
    _unknown(_mapping(value, p), {"game", "box", "shutout"}, p)
    if not value:
        return ["bonus {}"]
    items = ["replace bonus"] if _replace(value) else []
    for key, amount in value.items():
        if key == "replace":
            continue
        number = _int(amount, f"{p}.{key}")
        if key == "game":
            items.append(f"game bonus {number}")
        elif key == "box":
            items.append(f"box {number}")
        else:
            items.append("shutout doubles" if amount == 2 else f"shutout times {number}")
    return items


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
]
_TOP = {"name", "title", "description", "source", "extends", "ace"} | {s[0] for s in _SECTIONS}


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
    if key == "knock" and value is False:
        out.append(_statement("knock", ["never"]))
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
            out.append(f"  ace     {_word(doc['ace'], _ACE, 'ace')}")
    out.append("}")
    return "\n".join(out) + "\n"

"""The JSON Schema of the rule document, generated from the axis declarations (compiler).

`build_schema()` walks `rulespec.model.axes.AXES` and writes one property per
axis (type, enum, bounds, default, description and the `x-` wording the
schema checker uses) under one object per group, with the shared `$defs`
(expressions, count tables, ranks). `rulespec schema` prints it and
`compiler/schema.py` validates with it; there is no hand-written copy.
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from rulespec.model.axes import AXES, NO_DEFAULT, Axis, Group, Node
from rulespec.model.variant import RANK_KEYS

_TABLE_KEY = "^[1-9][0-9]?(-[1-9][0-9]?)?$"
_EXPR_BOUND = 1_000_000
_HEAD = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://rulespec.invalid/schema.json",
    "title": "rulespec rule document",
    "description": "A rummy-family variant, resolved (see docs/document.md)."
    " Every key is optional except name and title.",
}
_REQUIRED_HINTS = {
    "name": "a variant names itself, e.g. name: my-gin (a base's name is not inherited)"
}


def _defs() -> dict[str, Any]:
    defs: dict[str, Any] = {
        "int_expression": {
            "description": "an expression of type int, or an int",
            "type": ["string", "integer"],
            "x-error": "must be a number or an expression",
            "minimum": -_EXPR_BOUND,
            "maximum": _EXPR_BOUND,
        },
        "bool_expression": {
            "description": "an expression of type bool, or true/false",
            "type": ["string", "boolean"],
            "x-error": "must be true, false or an expression",
        },
    }
    for low, high in _count_bounds():
        defs[f"table_{low}_{high}"] = {
            "type": "object",
            "description": 'a table by player count: keys "N" or "N-M"',
            "minProperties": 1,
            "patternProperties": {_TABLE_KEY: {"type": "integer", "minimum": low, "maximum": high}},
            "additionalProperties": False,
            "x-error-key": 'is not a player count; keys are "N" or "N-M" such as "3-4"',
        }
    defs["rank"] = {"enum": list(RANK_KEYS), "description": "a rank: A 2..9 T J Q K"}
    defs["obligation"] = {
        "enum": ["none", "meld", "any"],
        "description": "what the (deepest) card taken must do this turn: none | meld (in a new"
        " meld) | any (melded or laid off)",
        "default": "none",
    }
    return defs


def _count_bounds() -> list[tuple[int, int]]:
    found: list[tuple[int, int]] = []
    for n in AXES:
        if isinstance(n, Axis) and n.kind == "count":
            bounds = (int(n.low or 0), int(n.high or 0))
            if bounds not in found:
                found.append(bounds)
    return found


def _bounds(axis: Axis) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if axis.low is not None:
        out["minimum"] = axis.low
    if axis.high is not None:
        out["maximum"] = axis.high
    return out


def _axis(axis: Axis) -> dict[str, Any]:
    """The schema of one leaf axis."""
    prop: dict[str, Any] = {}
    extra = dict(axis.schema)
    if axis.kind == "bool":
        prop["type"] = "boolean"
    elif axis.kind == "int":
        prop["type"] = ["integer", "null"] if axis.nullable else "integer"
        prop.update(_bounds(axis))
    elif axis.kind == "text":
        prop["type"] = ["string", "null"] if axis.nullable else "string"
    elif axis.kind == "enum":
        if "$ref" not in extra:
            prop["enum"] = list(axis.values)
    elif axis.kind == "expr":
        ref = {"$ref": f"#/$defs/{axis.expects}_expression"}
        if axis.nullable:
            prop["anyOf"] = [{"type": "null"}, ref]
        else:
            prop.update(ref)
    elif axis.kind == "count":
        prop["x-error"] = "must be a number or a table by player count"
        prop["anyOf"] = [
            {"type": "integer", **_bounds(axis)},
            {"$ref": f"#/$defs/table_{axis.low}_{axis.high}"},
        ]
    elif axis.kind == "list":
        prop["type"] = ["array", "null"] if axis.nullable else "array"
    prop["description"] = axis.description
    if axis.default is not NO_DEFAULT and not (axis.kind == "enum" and "$ref" in extra):
        prop["default"] = copy.deepcopy(axis.default)
    prop.update(copy.deepcopy(extra))
    return prop


def _object(group: Group, children: dict[str, Any]) -> dict[str, Any]:
    table: dict[str, Any] = {"type": "object"}
    table["description"] = group.branch if group.off else group.description
    table["properties"] = children
    table["additionalProperties"] = False
    if group.required:
        table["required"] = list(group.required)
    return table


def _group(group: Group, children: dict[str, Any]) -> dict[str, Any]:
    """The schema of a group: its table, or `false`/a bool or its table when it can be off."""
    if group.off:
        off = {"const": False} if group.off == "false" else {"type": "boolean"}
        prop: dict[str, Any] = {"description": group.description}
        prop["default"] = copy.deepcopy(group.default)
        prop["anyOf"] = [off, _object(group, children)]
        return prop
    prop = _object(group, children)
    if group.title:
        prop["title"] = group.key
    if group.default is not NO_DEFAULT:
        prop["default"] = copy.deepcopy(group.default)
    prop.update(copy.deepcopy(dict(group.schema)))
    return prop


def _children(parent: str) -> list[Node]:
    prefix = parent + "." if parent else ""
    return [
        n
        for n in AXES
        if n.path.startswith(prefix) and "." not in n.path[len(prefix) :] and n.path != parent
    ]


def _property(n: Node) -> dict[str, Any]:
    if isinstance(n, Axis):
        return _axis(n)
    return _group(n, {c.key: _property(c) for c in _children(n.path)})


@cache
def _built() -> dict[str, Any]:
    schema: dict[str, Any] = dict(_HEAD)
    schema["type"] = "object"
    schema["additionalProperties"] = False
    schema["required"] = [
        n.path
        for n in _children("")
        if isinstance(n, Axis) and n.kind == "text" and not n.nullable and n.default is NO_DEFAULT
    ]
    schema["$defs"] = _defs()
    schema["properties"] = {n.key: _property(n) for n in _children("")}
    schema["x-required"] = dict(_REQUIRED_HINTS)
    return schema


def build_schema() -> dict[str, Any]:
    """A fresh copy of the generated JSON Schema (draft 2020-12) of the resolved document."""
    return copy.deepcopy(_built())

"""The axis declarations against the model: every Variant field declared, every axis reaching it.

The model's dataclasses carry no defaults (the declarations are the one table
of defaults); a Variant built from a document that says nothing holds each
simple axis's declared default in the field the axis names.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any

import pytest

from rulespec.compiler.build import build_variant
from rulespec.model import variant as model
from rulespec.model.axes import AXES, NO_DEFAULT, Axis, Group
from rulespec.model.variant import CountTable, Variant

# Variant fields no axis becomes: the document itself, the names its expressions
# read (both derived), and two fields of PileDraw, which draw.discard and
# draw.depth share: only depth draws declare `min`, only discard draws `when`.
NOT_AXES = {"document", "names_read", "draw.discard.min", "draw.depth.when"}
# `extends` is removed by resolution: it never reaches the model.
RESOLVED_AWAY = {"extends"}


def _dataclass_of(hint: Any) -> type | None:
    """The model dataclass a field holds (unwrapping `X | None`), None for a plain value."""
    options = typing.get_args(hint) if isinstance(hint, types.UnionType) else (hint,)
    for option in options:
        if dataclasses.is_dataclass(option) and option is not CountTable:
            return option  # type: ignore[return-value]
    return None


def _fields(cls: type, prefix: str = "") -> dict[str, bool]:
    """Every field path of the model under `cls` -> whether it is a leaf."""
    found: dict[str, bool] = {}
    hints = typing.get_type_hints(cls, vars(model))
    for field in dataclasses.fields(cls):
        path = f"{prefix}{field.name}"
        inner = _dataclass_of(hints[field.name])
        found[path] = inner is None
        if inner is not None:
            found.update(_fields(inner, path + "."))
    return found


MODEL = _fields(Variant)


def test_every_model_field_is_declared_by_an_axis() -> None:
    declared = {path for decl in AXES for path in decl.model}
    leaves = {path for path, leaf in MODEL.items() if leaf}
    assert leaves - declared - NOT_AXES == set()


@pytest.mark.parametrize("decl", AXES, ids=lambda d: d.path)
def test_every_axis_reaches_the_model(decl: Axis | Group) -> None:
    if decl.path in RESOLVED_AWAY:
        assert decl.model == ()
        return
    assert decl.model, f"{decl.path} names no Variant field"
    for path in decl.model:
        assert path in MODEL, f"{decl.path}: the model has no field {path}"


def _model_classes(cls: type) -> set[type]:
    found = {cls}
    hints = typing.get_type_hints(cls, vars(model))
    for field in dataclasses.fields(cls):
        inner = _dataclass_of(hints[field.name])
        if inner is not None:
            found |= _model_classes(inner)
    return found


def test_the_model_carries_no_defaults() -> None:
    carrying = [
        f"{cls.__name__}.{field.name}"
        for cls in _model_classes(Variant)
        for field in dataclasses.fields(cls)
        if (
            field.default is not dataclasses.MISSING
            or field.default_factory is not dataclasses.MISSING
        )
        and field.name not in NOT_AXES
    ]
    assert carrying == []


def _value(variant: Variant, path: str) -> Any:
    node: Any = variant
    for key in path.split("."):
        node = getattr(node, key)
    return node


# a document that says nothing but what a knock's axes need to exist at all
SILENT = {"name": "silent", "title": "Silent", "knock": {"limit": 10}}
SIMPLE = [
    decl
    for decl in AXES
    if isinstance(decl, Axis)
    and decl.kind in ("bool", "int", "enum", "text", "list")
    and decl.default is not NO_DEFAULT
    and len(decl.model) == 1
    and not any(  # a table that is off unless asked for (draw.depth) has no values to build
        isinstance(up, Group) and up.default is False and decl.path.startswith(up.path + ".")
        for up in AXES
    )
]


# list axes whose null default stands for a full list in the model
NULL_MEANS = {"deck.ranks": list(range(1, 14))}


@pytest.mark.parametrize("decl", SIMPLE, ids=lambda d: d.path)
def test_a_silent_document_builds_the_declared_defaults(decl: Axis) -> None:
    got = _value(build_variant(dict(SILENT)), decl.model[0])
    if decl.default is None and decl.path in NULL_MEANS:
        assert list(got) == NULL_MEANS[decl.path]
        return
    if isinstance(got, (frozenset, tuple)):
        got = sorted(got)
        want = sorted(decl.default)
    else:
        want = decl.default
    assert got == want

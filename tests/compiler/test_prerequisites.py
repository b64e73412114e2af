"""Declared prerequisites are checked: an axis set without the value it needs is refused.

Data-driven from the axis declarations (`requires="path: value or value"`):
for each, a document that sets the axis away from its default while the
required key holds another value must draw "X applies only with Y", and the
same document with the required value must not.
"""

from __future__ import annotations

from typing import Any

import pytest

from rulespec.compiler.checks import check_document
from rulespec.grammar.located import Locator, SourceInfo
from rulespec.model.axes import AXES, Axis, node

REQUIRING = [d for d in AXES if isinstance(d, Axis) and ": " in d.requires]


def _put(doc: dict[str, Any], path: str, value: Any) -> None:
    *parents, last = path.split(".")
    for key in parents:
        doc = doc.setdefault(key, {})
    doc[last] = value


def _problems(decl: Axis, required: Any) -> list[str]:
    doc: dict[str, Any] = {"name": "t", "title": "T"}
    boolean = decl.kind == "expr" and decl.expects == "bool"
    _put(doc, decl.path, "me.turn > 1" if boolean else decl.low if decl.low else 1)
    _put(doc, decl.requires.partition(": ")[0], required)
    locator = Locator(SourceInfo("t.yaml", [], {}))
    return [p.message for p in check_document(doc, locator) if p.path == decl.path]


def test_some_axes_declare_a_checked_prerequisite() -> None:
    assert {d.path for d in REQUIRING} >= {"stock.reserve", "stock.recycles"}


@pytest.mark.parametrize("decl", REQUIRING, ids=lambda d: d.path)
def test_a_prerequisite_that_does_not_hold_is_refused(decl: Axis) -> None:
    path, _, wanted = decl.requires.partition(": ")
    needed = node(path)
    assert isinstance(needed, Axis)
    values = needed.values or ((True, False) if needed.kind == "bool" else ())
    ok = [
        v for v in values if (str(v).lower() if isinstance(v, bool) else v) in wanted.split(" or ")
    ]
    others = [v for v in values if v not in ok]
    assert f"{decl.path} applies only with {decl.requires}" in _problems(decl, others[0])
    assert not any("applies only" in m for m in _problems(decl, ok[0]))

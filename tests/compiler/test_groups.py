"""Groups of the bundled variants: the games of the sources apart from the family at large."""

from __future__ import annotations

from typing import Any

import pytest

from rulespec.compiler.groups import FAMILY, GROUPS, SOURCES, group_of, group_order
from rulespec.compiler.load import bundled_names, load_document

CASES: list[tuple[dict[str, Any], str]] = [
    ({"source": "004 (Ремик джин)"}, SOURCES),
    ({"source": "001 (РАММИ); 004 (Рамми)"}, SOURCES),
    ({"source": "  003 (Мичиганский ром)"}, SOURCES),
    ({"source": "Pagat: Knock Rummy (https://www.pagat.com/rummy/knock.html)"}, FAMILY),
    ({"source": "Hoyle's Rules of Games, 1946 edition"}, FAMILY),  # a year is no source number
    ({"source": "0042 (four digits)"}, FAMILY),
    ({"source": ""}, FAMILY),
    ({}, FAMILY),
    ({"source": 4}, FAMILY),
]


@pytest.mark.parametrize(("doc", "group"), CASES)
def test_group_of_reads_the_source(doc: dict[str, Any], group: str) -> None:
    assert group_of(doc) == group


def test_the_sources_thirteen_are_one_group() -> None:
    sources = {n for n in bundled_names() if group_of(load_document(n)) == SOURCES}
    assert len(sources) == 13
    assert {"gin", "oklahoma", "rummy", "remik", "michigan", "continental"} <= sources
    assert "knock-rummy" not in sources


def test_groups_come_in_order_with_headings() -> None:
    assert list(GROUPS) == [SOURCES, FAMILY]
    assert group_order(SOURCES) < group_order(FAMILY) < group_order("other")
    assert all(GROUPS.values())

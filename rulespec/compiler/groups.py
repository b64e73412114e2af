"""Which group a bundled variant belongs to: the sources' games or the family at large (compiler).

The project started from a set of source texts, numbered (`001`, `003`,
`004`, ...); a bundled file encoding one of them cites it in `source` by its
number (`"004 (Ремик джин)"`). Every other bundled game cites Pagat or a
published rule book. `rulespec list` and the web lobby show the two groups
apart, in this order, so the games the sources describe are not lost among the
wider family.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

SOURCES = "sources"
FAMILY = "family"
GROUPS: dict[str, str] = {
    SOURCES: "The games of the sources",
    FAMILY: "The rummy family at large (Pagat, rule books)",
}
"""Group id -> its heading, in the order the groups are shown."""

_CITES_A_SOURCE = re.compile(r"\s*\d{3}\b")


def group_of(doc: Mapping[str, Any]) -> str:
    """The group of a resolved rule document: `sources` when its `source` starts with a
    source text's three-digit number, `family` otherwise (Pagat, a book, or none)."""
    source = doc.get("source")
    if isinstance(source, str) and _CITES_A_SOURCE.match(source):
        return SOURCES
    return FAMILY


def group_order(group: str) -> int:
    """Where a group stands among the groups (unknown ids last)."""
    order = list(GROUPS)
    return order.index(group) if group in order else len(order)

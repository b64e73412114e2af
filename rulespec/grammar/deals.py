"""The `schedule deal N: …` statements read into the document's `schedule` (stage: parse).

Each statement is one deal's entry (`N cards`, `N sets [of L]`, `N runs [of L]`,
`N pure runs`); they are collected while the file is read and put in the
document once all are seen, numbered 1, 2, 3 … in order (a gap or a repeat is
a located problem at its statement). Called by `grammar/items.DocBuilder`.
"""

from __future__ import annotations

from typing import Any, Protocol

Where = tuple[int, int]
Deal = tuple[int, dict[str, Any], dict[str, Where], Where]
"""One statement read: (its deal number, its entry, where each key stands, where it stands)."""

_KEYS = {
    "sched_cards": ("cards", ""),
    "sched_sets": ("sets", "set_min"),
    "sched_runs": ("runs", "run_min"),
    "sched_pure": ("pure", ""),
}


class Builder(Protocol):
    """What these readers need of the document builder."""

    deals: list[Deal]
    sourcemap: dict[str, Where]

    def at(self, node: Any) -> Where: ...

    def problem(self, message: str, where: Where) -> None: ...

    def put(self, path: tuple[str, ...], value: Any, where: Where) -> None: ...


def read_deal(builder: Builder, body: Any, where: Where) -> None:
    """`schedule deal N: items`: one deal's entry (numbers checked once all are read)."""
    number = int(str(body.children[0]))
    entry: dict[str, Any] = {}
    spots: dict[str, Where] = {}
    for item in body.children[1:]:
        count, length = _KEYS[item.data]
        kids = item.children
        pairs = [(count, kids[0])] + ([(length, kids[1])] if length and len(kids) > 1 else [])
        for key, token in pairs:
            if key in entry:
                builder.problem(f"schedule deal {number}: '{key}' is said twice", builder.at(item))
            entry[key] = int(str(token))
            spots[key] = builder.at(token) if key.endswith("_min") else builder.at(item)
    builder.deals.append((number, entry, spots, where))


def put_schedule(builder: Builder) -> None:
    """The schedule's entries in deal order: deal 1 first, each number once, none skipped."""
    deals = builder.deals
    for i, (number, _, _, where) in enumerate(deals):
        if number != i + 1:
            seen = "" if i == 0 else f" after deal {deals[i - 1][0]}"
            builder.problem(
                f"schedule: deal {number}{seen}: the deals are numbered 1, 2, 3 ... in"
                f" order, one statement each, so deal {i + 1} comes next",
                where,
            )
            return
    builder.put(("schedule",), [entry for _, entry, _, _ in deals], deals[0][3])
    for i, (_, entry, spots, where) in enumerate(deals):
        builder.sourcemap[f"schedule.{i}"] = where
        for key in entry:
            builder.sourcemap[f"schedule.{i}.{key}"] = spots[key]

"""Simulation parts: one shard's records as JSON lines, and merging the shards (stage: sim).

``rulespec simulate … --shard i/N --out part.jsonl`` writes a header line (the
run's settings, which shard, which indices) and one record per line;
``rulespec merge part*.jsonl`` reads the parts back, checks they are the N
shards of one run, each once, covering every index, and hands the records in
index order to the same summary a single run makes, so the merged report is the
single run's. Every problem names the file and line.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from rulespec.core.errors import RulespecError
from rulespec.sim.runner import HandRecord

KIND = "rulespec-simulate-part"
VERSION = 1
_FIELDS = [f.name for f in fields(HandRecord)]
_TUPLES = {"scores", "bots", "totals", "hand_turns", "hand_reasons"}


@dataclass(frozen=True)
class Part:
    """One part file: where it was read from, its header and its records."""

    path: str
    header: dict[str, Any]
    records: list[HandRecord]


def header(
    variant: str, spec: str, settings: dict[str, Any], shard: tuple[int, int], span: tuple[int, int]
) -> dict[str, Any]:
    """The first line of a part: enough to check that parts belong together."""
    return {
        "kind": KIND,
        "version": VERSION,
        "variant": variant,
        "spec": spec,
        "settings": settings,
        "shard": list(shard),
        "span": list(span),
    }


def write_part(path: str | Path, head: dict[str, Any], records: Iterable[HandRecord]) -> int:
    """Write a part file; returns the records written."""
    written = 0
    with open(path, "w", encoding="utf-8") as out:
        out.write(json.dumps(head, sort_keys=True) + "\n")
        for record in records:
            out.write(json.dumps(asdict(record), sort_keys=True) + "\n")
            written += 1
    return written


def _record(raw: Any, where: str) -> HandRecord:
    if not isinstance(raw, dict) or set(raw) != set(_FIELDS):
        raise RulespecError(f"{where}: not a simulation record (keys {', '.join(_FIELDS)})")
    if isinstance(raw["index"], bool) or not isinstance(raw["index"], int):
        raise RulespecError(f"{where}: index: a whole number, not {raw['index']!r}")
    if not all(isinstance(raw[k], list) for k in _TUPLES):
        raise RulespecError(f"{where}: {', '.join(sorted(_TUPLES))} must be lists")
    values: dict[str, Any] = {k: tuple(v) if k in _TUPLES else v for k, v in raw.items()}
    return HandRecord(**values)


def read_part(path: str | Path) -> Part:
    """One part file, its header checked; RulespecError naming the file and line."""
    name = str(path)
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except UnicodeDecodeError:
        raise RulespecError(f"{name}: not a text file (a part is JSON lines)") from None
    rows: list[Any] = []
    for number, line in enumerate(lines, start=1):
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise RulespecError(f"{name}:{number}: not JSON ({exc.msg})") from None
    if not rows or not isinstance(rows[0], dict) or rows[0].get("kind") != KIND:
        raise RulespecError(f"{name}:1: not a part of `rulespec simulate --shard` (no header)")
    head = rows[0]
    if head.get("version") != VERSION:
        raise RulespecError(f"{name}:1: part format version {head.get('version')!r}, not {VERSION}")
    records = [_record(r, f"{name}:{n}") for n, r in enumerate(rows[1:], start=2)]
    return Part(name, head, records)


def merge(parts: Sequence[Part]) -> tuple[dict[str, Any], list[HandRecord]]:
    """The shards of one run, checked and joined: (the first header, records by index)."""
    if not parts:
        raise RulespecError("merge: name at least one part file")
    first = parts[0]
    same = ("variant", "spec", "settings")
    n = first.header["shard"][1]
    seen: dict[int, str] = {}
    for part in parts:
        for key in same:
            if part.header.get(key) != first.header.get(key):
                raise RulespecError(
                    f"{part.path}:1: {key} differs from {first.path}'s: parts of different runs"
                )
        i, m = part.header["shard"]
        if m != n:
            raise RulespecError(f"{part.path}:1: shard {i}/{m}, but {first.path} is of {n} shards")
        if i in seen:
            raise RulespecError(f"{part.path}:1: shard {i}/{n} again (also {seen[i]})")
        seen[i] = part.path
    missing = [f"{i}/{n}" for i in range(1, n + 1) if i not in seen]
    if missing:
        raise RulespecError(f"merge: missing shard(s) {', '.join(missing)}")
    records = sorted((r for p in parts for r in p.records), key=lambda r: r.index)
    count = first.header["settings"]["count"]
    if [r.index for r in records] != list(range(count)):
        raise RulespecError(
            f"merge: the parts hold {len(records)} records, not indices 0..{count - 1} once each"
        )
    return first.header, records

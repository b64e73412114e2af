"""A position's plain fields read with located errors: cards, integers, the log, the history (run).

The small readers `state.from_position` builds a position from; each raises a
`PositionError` naming the key (`hands.1.3: ...`), never a bare exception.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulespec.core.cards import parse_card
from rulespec.core.errors import InvalidMove, PositionError
from rulespec.model.variant import Variant


def card_list(variant: Variant, raw: Any, key: str) -> list[int]:
    if not isinstance(raw, list):
        raise PositionError(f"{key}: expected a list of cards, got {type(raw).__name__}")
    out = []
    for i, text in enumerate(raw):
        out.append(card(text, f"{key}.{i}"))
    return out


def card(text: Any, key: str) -> int:
    if not isinstance(text, str):
        raise PositionError(f"{key}: expected a card text such as '7H', got {text!r}")
    try:
        return parse_card(text)
    except InvalidMove as exc:
        raise PositionError(f"{key}: {exc}") from None


def read_int(pos: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = pos.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise PositionError(f"{key}: expected an integer from {low} to {high}, got {value!r}")
    return value


def int_list(
    pos: Mapping[str, Any], key: str, n: int, default: Any, nullable: bool = False
) -> list[Any]:
    raw = pos.get(key)
    if raw is None:
        return [default] * n
    if not isinstance(raw, list) or len(raw) != n:
        raise PositionError(f"{key}: expected a list of {n} values, one per seat")
    for i, v in enumerate(raw):
        if v is None and nullable:
            continue
        if isinstance(v, bool) or not isinstance(v, int):
            raise PositionError(f"{key}.{i}: expected an integer, got {v!r}")
    return list(raw)


def read_log(raw: Any) -> list[str]:
    if raw is None:
        return []
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise PositionError("log: expected a list of move texts")
    return list(raw)


def read_history(raw: Any) -> list[dict[str, Any]]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise PositionError("history: expected a list of {seat, move} entries")
    for i, entry in enumerate(raw):
        if not isinstance(entry, Mapping) or not (
            isinstance(entry.get("move"), str) or isinstance(entry.get("event"), str)
        ):
            raise PositionError(f"history.{i}: expected {{seat, move}} or {{event}}, got {entry!r}")
        if "move" in entry and (
            isinstance(entry.get("seat"), bool) or not isinstance(entry.get("seat"), int)
        ):
            raise PositionError(f"history.{i}.seat: expected a seat number")
    return [dict(e) for e in raw]

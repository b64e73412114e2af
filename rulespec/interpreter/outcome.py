"""A hand's outcome as the API gives it: a read-only view of the result (stage: run, output)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any


class HandResult(Mapping[str, Any]):
    """A read-only view of a hand's result: `result.reason` and `result["reason"]` alike.

    The underlying dict is what positions store, so it stays JSON; attribute
    access is the documented API (reason, winner, scores, lines, ...).
    """

    __slots__ = ("_data",)

    def __init__(self, data: Mapping[str, Any]) -> None:
        self._data = data

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __getattr__(self, name: str) -> Any:
        try:
            return self._data[name]
        except KeyError:
            raise AttributeError(name) from None

    def __repr__(self) -> str:
        return f"HandResult({dict(self._data)!r})"

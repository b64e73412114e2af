"""What is derived from one Variant, made once and dropped with it (model).

Rules are frozen, so anything worked out from them (the rules of a deal, of a hand
with its wild rank, without its patterns) can be kept by the variant's identity
for as long as the variant lives: `Derived.get` makes it on first use and a
finaliser forgets it when the variant goes, so a reused `id` never sees it.
The hottest caches (meldrules.tables, runtable.kernel_of) keep their own inlined
copy of this pattern: a call there must not build an argument tuple.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class Derived(Generic[T]):
    """A cache of values derived from objects kept by identity (a variant, its rules)."""

    def __init__(self) -> None:
        self._made: dict[Hashable, tuple[weakref.ref[Any], T]] = {}

    def get(self, owner: object, extra: Hashable, build: Callable[..., T], *args: Any) -> T:
        """`build(*args)` for `owner` (and `extra`, what else the value depends on), made once."""
        key = (id(owner), extra)
        hit = self._made.get(key)
        if hit is not None and hit[0]() is owner:
            return hit[1]
        made = build(*args)
        self._made[key] = (weakref.ref(owner), made)
        weakref.finalize(owner, self._made.pop, key, None)
        return made

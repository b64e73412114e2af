"""The score context's names of a finished hand, worked out lazily (interpreter, under scoring).

`scoring.score_hand` reads each seat's facts (`deadwood`, `penalty`, `cards`,
`jokers`, `melded`, ...) through the names of docs/document.md's `score` context:
`me.*`, `winner.*`, `knocker.*`, `losers.*`, `others.*`, `partners.*`. Each name is
a thunk (`Facts.get` of a fact and a seat, or `Facts.total` over seats), computed
on first read by a `LazyEnv`, so a fact no expression reads is never solved. The
thunk tables are built per hand from key names written once per prefix.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Mapping
from itertools import repeat
from typing import Any

from rulespec.core.cards import JOKER
from rulespec.interpreter import showdown as SD
from rulespec.interpreter import solver as S
from rulespec.interpreter.arrange import holds_contract, plain
from rulespec.interpreter.cards import hand_value, is_wild
from rulespec.interpreter.state import HandState
from rulespec.model.names import SEAT_FACTS, SEAT_ONLY
from rulespec.model.variant import Variant

# the seat facts counted per seat and summed over seats (`won`, `turn` are per seat only)
FACTS = tuple(name for name in SEAT_FACTS if name not in SEAT_ONLY)


class LazyEnv(Mapping[str, Any]):
    """A read-only name -> value mapping whose values are computed on first read."""

    def __init__(self, values: dict[str, Any], thunks: dict[str, Callable[[], Any]]) -> None:
        self._values = values
        self._thunks = thunks

    def __getitem__(self, key: str) -> Any:
        if key in self._values:
            return self._values[key]
        thunk = self._thunks[key]
        value = thunk()
        self._values[key] = value
        return value

    def __iter__(self) -> Iterator[str]:
        yield from self._values
        yield from (k for k in self._thunks if k not in self._values)

    def __len__(self) -> int:
        return len(set(self._values) | set(self._thunks))

    def __contains__(self, key: object) -> bool:
        return key in self._values or key in self._thunks


class Facts:
    """Per-seat facts of a finished hand, each computed once on demand."""

    def __init__(
        self,
        variant: Variant,
        hs: HandState,
        final: list[list[int]],
        winner: int | None,
        shown: tuple[int, SD.Showing] | None = None,
        laid_off: frozenset[int] = frozenset(),
    ) -> None:
        self.variant = variant
        self.hs = hs
        self.final = final
        self.winner = winner
        self.shown = shown  # (knocker, what it showed): its deadwood and penalty
        self.laid_off = laid_off  # defenders who laid off: no whole-hand pattern for the rest
        self._cache: dict[tuple[str, int], int] = {}
        self.drops: dict[int, int] = {}  # dropped seats (play.drop) -> their drop penalty

    def get(self, name: str, seat: int) -> int:
        key = (name, seat)
        if key not in self._cache:
            self._cache[key] = self._compute(name, seat)
        return self._cache[key]

    def peek(self, name: str, seat: int) -> int | None:
        """A fact already worked out (read by some expression), else None."""
        return self._cache.get((name, seat))

    def total(self, name: str, seats: list[int]) -> int:
        return sum(self.get(name, s) for s in seats)

    def _compute(self, name: str, seat: int) -> int:
        v, cards = self.variant, self.final[seat]
        if seat in self.drops and name in ("penalty", "deadwood"):
            return self.drops[seat]
        if self.shown is not None and self.shown[0] == seat:
            if name == "deadwood":
                return self.shown[1].deadwood
            if name == "penalty":
                got = SD.shown_penalty(v, self.shown[1])
                if got is not None:
                    return got
        if seat in self.laid_off:
            v = plain(v)
        if name == "penalty":
            return S.penalty(v, cards) if cards else 0
        if name == "deadwood":
            return S.deadwood(v, cards) if cards else 0
        if name == "cards":
            return len(cards)
        if name == "jokers":
            return sum(1 for c in cards if is_wild(v, c))
        if name == "melded":
            return self.hs.melded[seat]
        if name == "melded_jokers":
            return self.hs.melded_jokers[seat]
        if name == "naturals":
            return len(cards) - self.get("jokers", seat)
        if name == "melded_naturals":  # natural cards in the table melds the seat owns
            return sum(
                1
                for owner, meld in self.hs.melds
                if owner == seat
                for p in meld
                if not is_wild(v, p[0])
            )
        if name == "turn":
            return self.hs.turns[seat]
        raise KeyError(name)


SEAT_NAMES = (*FACTS, "turn")


@functools.lru_cache(maxsize=64)
def _keys(prefix: str, names: tuple[str, ...]) -> tuple[str, ...]:
    """`prefix.name` of each name (the bare names for prefix ""), written once."""
    return tuple(f"{prefix}.{n}" if prefix else n for n in names)


def seat_thunks(prefix: str, facts: Facts, seat: int) -> dict[str, Callable[[], Any]]:
    """`prefix.fact` of one seat (prefix "" for the bare facts of a seat function)."""
    dot = f"{prefix}." if prefix else ""
    out: dict[str, Callable[[], Any]] = dict(  # {key: partial(facts.get, name, seat)}
        zip(
            _keys(prefix, SEAT_NAMES),
            map(functools.partial, repeat(facts.get), SEAT_NAMES, repeat(seat)),
            strict=True,
        )
    )
    out[f"{dot}won"] = lambda: facts.winner == seat
    out[f"{dot}contract"] = lambda: holds_contract(facts.variant, facts.final[seat])
    return out


def sum_thunks(prefix: str, facts: Facts, seats: list[int]) -> dict[str, Callable[[], Any]]:
    """`prefix.fact` summed over seats, `prefix.count`, and `prefix` itself: the seats'
    own facts, one mapping each, for `sum|min|max(prefix, EXPR)`."""
    out: dict[str, Callable[[], Any]] = dict(  # {key: partial(facts.total, name, seats)}
        zip(
            _keys(prefix, FACTS),
            map(functools.partial, repeat(facts.total), FACTS, repeat(seats)),
            strict=True,
        )
    )
    out[f"{prefix}.count"] = lambda: len(seats)
    out[prefix] = lambda: tuple(LazyEnv({}, seat_thunks("", facts, s)) for s in seats)
    return out


_WILD_VALUE: dict[int, tuple[Variant, int]] = {}


def wild_value(variant: Variant) -> int:
    """`wild.value`: what a wild card scores as a card of its own (its value in hand, not
    the card it stands for in a meld); the highest of the variant's wild kinds, 0 if none.
    Kept by the variant (held with it, so an id is never read for another)."""
    hit = _WILD_VALUE.get(id(variant))
    if hit is not None and hit[0] is variant:
        return hit[1]
    got = _wild_value(variant)
    if len(_WILD_VALUE) > 256:
        _WILD_VALUE.clear()
    _WILD_VALUE[id(variant)] = (variant, got)
    return got


def _wild_value(variant: Variant) -> int:
    kinds = [JOKER] if is_wild(variant, JOKER) else []
    kinds += [code for code in range(13) if is_wild(variant, code)]
    return max((hand_value(variant, code, "hand") for code in kinds), default=0)

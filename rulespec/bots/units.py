"""The bots' units: their point, and which ranks lie near one another (bots layer, at the bottom).

The heuristics count in points of ordinary card values and filter the cards
that can meld with a hand by rank distance along the pack's run order; both
depend on the Variant only and are computed once per rules. `bots/base.py`
re-exports them.
"""

from __future__ import annotations

import functools

from rulespec.model.derived import Derived
from rulespec.model.variant import Variant


def near_ranks(variant: Variant) -> dict[int, frozenset[int]]:
    """For each rank of the pack: the ranks one or two steps from it along the pack's run
    order (``deck.ranks``), round the corner. A card of no held rank and of no rank near a
    held card of its suit melds with nothing: the bots' cheap filter before the solver. In
    a pack without 8, 9 and 10, J is one step from 7."""
    return _near(variant.ranks)


@functools.lru_cache(maxsize=64)
def _near(order: tuple[int, ...]) -> dict[int, frozenset[int]]:
    n = len(order)
    return {
        rank: frozenset(order[(i + d) % n] for d in (-2, -1, 1, 2)) for i, rank in enumerate(order)
    }


POINTS_AS_THEY_ARE = 100  # card values up to this are the bots' points unchanged
_UNITS: Derived[int] = Derived()  # made once per variant, dropped with it


def point_unit(variant: Variant) -> int:
    """The bots' point: 1 for ordinary card values (up to ``POINTS_AS_THEY_ARE``), else a
    tenth of the highest card value. The heuristics' constants (the hope of a stock draw,
    a knock bonus, a wild's hold value) are tuned in points of ordinary cards; counting
    in this unit keeps their weight when a variant values cards at 10**9 each, and keeps
    every float in range however large the language's integers get (``points``)."""
    return _UNITS.get(variant, None, _unit, variant)


def _unit(variant: Variant) -> int:
    values = [abs(v) for places in variant.values.values() for v in places.values()]
    values += [abs(v) for v in variant.joker_values.values()]
    top = max(values, default=0)
    return 1 if top <= POINTS_AS_THEY_ARE else top // 10


def points(variant: Variant, value: int) -> float:
    """A card-value sum in the bots' unit, as a float: exact integer division first, so
    no value is ever converted to a float that could overflow."""
    return value / point_unit(variant)

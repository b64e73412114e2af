"""The discard dangers of one decision in one C call, any pool (bots layer, under danger).

`danger.discard_danger` is asked card by card (each discard candidate of a decision,
and again by the deep scores); in the two-deck games, and wherever table melds take
lay-offs, every card ran the next hand's model and its feed sums in Python (about a
tenth of a smart hand in Scala 40, Kalooki, Contract Rummy, Carioca, Continental).
`_deadwood.c`'s `Feed` holds one variant's danger tables (`danger`'s constants, the
meld mates and run windows of `bots/mates.py`, the 52 hand values) and answers every
hand card of one view at once, each float by `discard_danger`'s operations in its
order (the tests hold them equal float for float). None wherever the extension is
absent (`RULESPEC_NATIVE=0`), refuses a table, or a value could not be divided
exactly as Python divides it: the caller then stays in Python.
"""

from __future__ import annotations

from typing import Any

from rulespec.bots import mates
from rulespec.bots.base import hand_value
from rulespec.bots.units import point_unit
from rulespec.interpreter import native
from rulespec.model.variant import Variant

Constants = tuple[float, float, float, float]
"""(DECLINED, THROWN, FEED_WEIGHT, DEAD_BONUS) of `bots/danger.py`."""

EXACT = 1 << 53  # integers below this convert to doubles exactly (so `v / unit` is Python's)

_BY_VARIANT: dict[int, tuple[Variant, Constants, Any]] = {}  # held with the variant


def feed_of(variant: Variant, constants: Constants) -> Any:
    """The variant's C `Feed` under these constants, made once (None: stay in Python)."""
    hit = _BY_VARIANT.get(id(variant))
    if hit is not None and hit[0] is variant and hit[1] == constants:
        return hit[2]
    made = _make(variant, constants)
    if len(_BY_VARIANT) > 256:
        _BY_VARIANT.clear()
    _BY_VARIANT[id(variant)] = (variant, constants, made)
    return made


def _make(variant: Variant, constants: Constants) -> Any:
    """A `Feed` of the variant's tables, or None (see the module's text)."""
    make = getattr(native.MODULE, "Feed", None)
    if make is None:
        return None
    unit = point_unit(variant)
    values = [hand_value(variant, c) for c in range(52)]
    if not 0 < unit < EXACT or any(not -EXACT < v < EXACT for v in values):
        return None  # (a quotient C would round twice)
    rule, run = variant.melds.set, variant.melds.run
    windows = [mates.run_windows(variant, rank) if run is not None else [] for rank in range(1, 14)]
    try:
        return make(
            [sum(1 << c for c in m) for m in mates._mates(variant)[:52]],
            windows,
            0 if rule is None else max(rule.min - 1, 1),
            rule is not None and rule.suits == "any",
            (*constants, float(unit)),
            values,
        )
    except (ValueError, TypeError, OverflowError):
        return None

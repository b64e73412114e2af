"""A sets-only contract's hand as its shortfall reads it, counted in one pass (bots layer,
under contracts).

Without runs, `contracts.from_state` reads of a hand only its wild cards and, per rank,
the cards held (suits any) or the suits held (distinct suits): `contracts.hand_state`
builds those with the per-code counts and the mask that only runs read. The smart bot
asks the shortfall of every candidate hand of a contract deal (Contract Rummy's and
Carioca's first deals are two or three sets), so here each card is one table read and
one count: a code's slot is its rank, 13 for a wild card, 14 for a joker that is not
wild (it counts nowhere). Under distinct suits a second copy of a code adds no suit:
a hand holding a duplicate is counted again by its distinct codes. The same counts as
`hand_state`'s (tests/bots/test_bot_contracts.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from rulespec.bots.base import JOKER

WILD, NONE = 13, 14  # the slots of a wild card and of a joker that is not wild

_SLOTS: dict[frozenset[int], tuple[int, ...]] = {}  # by the wild codes: few keys


def slots(wild: frozenset[int]) -> tuple[int, ...]:
    """Per code 0..52 its slot: the rank (0..12), `WILD` or `NONE`."""
    got = _SLOTS.get(wild)
    if got is None:
        got = tuple(WILD if c in wild else c % 13 if c < JOKER else NONE for c in range(JOKER + 1))
        if len(_SLOTS) > 64:
            _SLOTS.clear()
        _SLOTS[wild] = got
    return got


def sets_state(wild: frozenset[int], distinct: bool, hand: Sequence[int]) -> tuple[int, list[int]]:
    """(wild cards, per rank the cards held, or under ``distinct`` suits the codes held) of
    the hand: `contracts.hand_state`'s first and last parts."""
    at = slots(wild)
    counts = [0] * 15
    for c in hand:
        counts[at[c]] += 1
    if distinct and len(set(hand)) < len(hand):  # a duplicate: count each code once
        once = [0] * 15
        for c in set(hand):
            once[at[c]] += 1
        return counts[WILD], once[:13]
    return counts[WILD], counts[:13]

"""A hand's candidate melds, remembered per hand, assembled from its groups' (interpreter).

The judge lists the melds of the mover's hand (meldgen.candidate_listing) for the
legal moves, again for the whole-hand contract test (contractfit.py), for each
hand the way-on search reaches, and at a hand's end for a loser's going-out
contract (arrange.holds_contract): so it sits beside meldgen, not among the phases.
The listing depends on the variant and the hand's cards alone, so it is made once
per (variant, cards) and shared; callers only read it.

Between two listings of one seat the hand changes by a few cards (a draw, a meld, a
discard, a pile taken), and most of its ranks and suits hold the same cards as before.
When the listing holds every meld of the hand (few wild cards, within meldgen's
budget), it is the union of each rank's and each suit's named melds, which are kept
per (group, wild cards) across hands (meldgroups.py): the same sorted list as listing
the hand whole (tests/interpreter/test_meldlist.py compares them). A hand with many
wild cards gets meldgen's canonical listing, made whole.
"""

from __future__ import annotations

from collections.abc import Sequence

from rulespec.interpreter.meldgen import candidate_listing
from rulespec.interpreter.meldgroups import GroupNames, every_meld
from rulespec.interpreter.meldrules import tables
from rulespec.interpreter.melds import Meld
from rulespec.model.variant import Variant

Listing = tuple[tuple[Meld, ...], bool]
"""(the candidate melds, sorted; whether that is every meld of the hand)."""

LIMIT = 4096
"""Hands remembered per variant before the memo starts over."""


class _Memo:
    """One variant's listings by hand, and its groups' named melds."""

    __slots__ = ("variant", "by_hand", "groups")

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.by_hand: dict[tuple[int, ...], Listing] = {}
        self.groups = GroupNames(variant, tables(variant))


_MEMO: dict[int, _Memo] = {}


def hand_listing(variant: Variant, hand: Sequence[int]) -> Listing:
    """`candidate_listing(variant, hand)` as a tuple, made once per variant and cards."""
    memo = _MEMO.get(id(variant))
    if memo is None or memo.variant is not variant:
        if len(_MEMO) > 32:
            _MEMO.clear()
        memo = _MEMO[id(variant)] = _Memo(variant)
    key = tuple(sorted(hand))
    got = memo.by_hand.get(key)
    if got is not None:
        return got
    if len(memo.by_hand) >= LIMIT:
        memo.by_hand.clear()
    every = every_meld(memo.groups, key)
    if every is not None:
        got = (every, True)
    else:
        melds, whole = candidate_listing(variant, key)
        got = (tuple(melds), whole)
    memo.by_hand[key] = got
    return got

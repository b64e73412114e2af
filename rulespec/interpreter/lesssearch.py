"""A hand's summaries less each of some of its cards, in one C call (interpreter, over solver).

The smart bot prices every discard of a hand by the cost of the hand left, and the
draw prices a pile take by the best discard after it: a `solver.dead_summary` per
card, each a dozen Python frames (tables, masks, the shared layout, the C call's
arguments) around a small search. `dead_summaries_less` answers them all at once
where every one of them would take the counted search's C path
(`roomsearch.summary`): the C layout reads the hand once and, for each card, makes
the rest's parts and runs `summary`'s own steps on them (`Layout.summaries_less`,
_gensearch_less.h), so the answers are the per-card ones (tests/interpreter/
test_lesssearch.py compares them). Elsewhere it answers None and the caller asks per
card as before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rulespec.core.cards import JOKER
from rulespec.interpreter import gensearch
from rulespec.interpreter.jokersets import holds_joker_sets
from rulespec.interpreter.meldrules import tables
from rulespec.interpreter.patternmask import fits_pattern
from rulespec.interpreter.search import native_layout
from rulespec.interpreter.solver import dead_summary, pure_summary
from rulespec.model.variant import Variant

Summary = tuple[int, int, int]
"""(deadwood, deadwood cards, highest hand value among them not wild-capable or 0)."""


def plan(variant: Variant, hand: Sequence[int]) -> int | None:
    """Whether the rests of ``hand`` less one card take the C path together: None where not
    (a hand of jokers as sets, or on the one-deck mask path, or no C search), else the one
    code whose rest takes the mask path (-1: none). A hand takes the mask path
    (solver.fast_mask) when it holds no duplicate and no wild-capable card; removing one
    card lowers the hand's duplicates plus its distinct wild-capable codes ("bad") by one
    at most: at two or more no rest takes it; at one, only the rest less the bad code may."""
    t = tables(variant)
    if holds_joker_sets(t, hand) or gensearch.MODULE is None:
        return None
    distinct = set(hand)
    spread = sum(1 << c for c in distinct)
    bad = len(hand) - len(distinct) + (spread & t.not_fast).bit_count()
    if not bad:
        return None
    if bad > 1:
        return -1
    return next(c for c in distinct if hand.count(c) > 1 or t.not_fast >> c & 1)


def dead_summaries_less(
    variant: Variant, hand: Sequence[int], cards: Sequence[int], fast: int | None = -2
) -> list[Summary] | None:
    """`solver.dead_summary` of ``hand`` less one copy of each of ``cards`` (natural codes the
    hand holds), in order, in one C call; None where `plan` says no, a joker is asked, or
    the C search does not take the hand. ``fast``: `plan`'s answer when known."""
    return _each_less(variant, hand, cards, "summaries_less", dead_summary, fast)


def pure_summaries_less(
    variant: Variant, hand: Sequence[int], cards: Sequence[int], fast: int | None = -2
) -> list[Summary] | None:
    """`solver.pure_summary` (deadwood, deadwood cards, pure runs) of ``hand`` less one copy of
    each of ``cards``, in order, in one C call; None as `dead_summaries_less`."""
    return _each_less(variant, hand, cards, "pure_summaries_less", pure_summary, fast)


def _each_less(
    variant: Variant,
    hand: Sequence[int],
    cards: Sequence[int],
    method: str,
    solve: Callable[[Variant, Sequence[int]], Summary],
    fast: int | None,
) -> list[Summary] | None:
    """``solve`` (`solver.dead_summary` or `pure_summary`) of each rest, by the C layout's
    ``method`` (its one-call answer per rest) where every rest but one takes the C path."""
    if fast == -2:
        fast = plan(variant, hand)
    if fast is None or not cards or max(cards) >= JOKER or min(cards) < 0:
        return None
    t = tables(variant)
    native = native_layout(t, hand)
    if native is None:
        return None
    asked = [c for c in cards if c != fast]
    solved = getattr(native[0], method)(hand, asked, native[1], t.hand_values[JOKER])
    if not solved:
        return None
    answers = iter(solved)  # (the one rest on the mask path asked of the solver itself)
    got = [solve(variant, _less(hand, c)) if c == fast else next(answers) for c in cards]
    if not variant.melds.patterns:
        return got
    for i, card in enumerate(cards):
        if got[i][0] and card != fast and fits_pattern(variant, t, _less(hand, card)):
            got[i] = (0, 0, 0)  # (the solver's last test)
    return got


def _less(hand: Sequence[int], card: int) -> list[int]:
    """The hand less one ``card``."""
    rest = list(hand)
    rest.remove(card)
    return rest

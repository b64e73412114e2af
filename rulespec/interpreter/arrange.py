"""Whole-hand partitions and the defender's best lay-offs (interpreter, beside the solver).

`partition` splits ALL the given cards into melds, optionally with a number
of melds or exact meld sizes (Continental's 1, 3 or 5 melds; 3+3+3+3+3).
`best_layoff` finds the lay-offs onto a knocker's melds, chaining allowed,
that leave the defender the least deadwood, counted by `plain(variant)` (the
variant without its whole-hand patterns) once the defender lays off.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Collection, Sequence
from functools import cache
from itertools import combinations

from rulespec.core.cards import Placed
from rulespec.interpreter.layfits import layoffs
from rulespec.interpreter.meldlist import hand_listing
from rulespec.interpreter.meldrules import tables, window_by_mask
from rulespec.interpreter.melds import (
    extend,
    meld_kind,
    normalize,
    pattern_of,
)
from rulespec.interpreter.partsearch import find_partition
from rulespec.interpreter.parttally import Contract
from rulespec.interpreter.solver import deadwood, remember
from rulespec.model.derived import Derived
from rulespec.model.variant import Variant

Meld = tuple[Placed, ...]
Layoffs = tuple[int, list[tuple[Placed, int]]]  # deadwood left, the lay-offs in order


_PLAIN: Derived[Variant] = Derived()


def plain(variant: Variant) -> Variant:
    """The variant without whole-hand patterns (itself when it has none), cached by identity."""
    if not variant.melds.patterns:
        return variant
    return _PLAIN.get(variant, None, _without_patterns, variant)


def _without_patterns(variant: Variant) -> Variant:
    return dataclasses.replace(variant, melds=dataclasses.replace(variant.melds, patterns=()))


def partition(
    variant: Variant,
    hand: Sequence[int],
    melds_counts: Sequence[int] | None = None,
    sizes: Sequence[Sequence[int]] | None = None,
    within: Sequence[int] | None = None,
    leave_one: Collection[int] | None = None,
    contract: Contract | None = None,
    made: tuple[int, ...] = (),
) -> list[Meld] | None:
    """An exact partition of ALL the cards into melds, or None.

    `melds_counts`: the number of melds must be one of these; `sizes`: the
    meld sizes sorted descending must equal one of these lists. Deterministic.
    `within`: a hand these cards are part of (the going-out checks ask about
    many parts of one hand): one search, and what it learns, serves them all.
    `leave_one`: exactly one card, of these codes, is left out (the discard
    that goes out): one search instead of one per card.
    `contract`: (sets, set length, runs, run length, pure runs) the melds must hold
    at least (a going-out contract: `play.contract_*` with `play.melding: going_out`).
    `made`: sizes of melds made before these cards, which the count and sizes include.
    """
    # the engine asks some questions again within a turn (about half, in a two-deck going-out
    # game): the answer is a fact of the cards (as multisets), the constraints and `within`
    key = (
        "partition",
        tuple(sorted(hand)),
        None if melds_counts is None else tuple(melds_counts),
        None if sizes is None else tuple(tuple(s) for s in sizes),
        None if within is None else tuple(sorted(within)),
        None if leave_one is None else frozenset(leave_one),
        contract,
        made,
    )
    t = tables(variant)
    known = t.memo.get(key, False)
    if known is not False:
        return None if known is None else list(known)
    found = find_partition(variant, hand, melds_counts, sizes, within, leave_one, contract, made)
    remember(t, key, None if found is None else tuple(found))
    return found


def best_layoff(
    variant: Variant, hand: Sequence[int], table_melds: Sequence[Sequence[Placed]]
) -> tuple[int, list[tuple[Placed, int]]]:
    """(least deadwood left, the lay-offs in order) for a defender laying off onto these melds.

    Lay-offs may chain (a card laid off on a run makes room for the next).
    Ties go to fewer lay-offs, then to the first found in sorted order. A
    whole-hand pattern counts only for the whole hand: a hand that fits one
    lays off nothing, and what is left after lay-offs is counted without them.
    """
    if variant.melds.patterns:
        if pattern_of(variant, hand) is not None:
            return 0, []
        variant = plain(variant)

    start = tuple(normalize(variant, m) for m in table_melds)
    any_suit_sets = variant.melds.set is not None and variant.melds.set.suits == "any"
    memo: dict[tuple[tuple[int, ...], tuple[Meld | None, ...]], Layoffs] = {}

    def rec(cards: tuple[int, ...], melds: tuple[Meld | None, ...]) -> Layoffs:
        key = (cards, melds)
        got = memo.get(key)
        if got is not None:
            return got
        best: Layoffs = (deadwood(variant, cards), [])
        if best[0] == 0:  # nothing to gain, and fewer lay-offs win ties
            memo[key] = best
            return best
        live = [m if m is not None else () for m in melds]
        seen: set[tuple[int, int]] = set()
        for placed, index in layoffs(variant, cards, live):
            if (
                placed[0] != placed[1]
                and any_suit_sets
                and meld_kind(variant, live[index]) == "set"
            ):
                # with suits: any, the suit a wild names in a set changes nothing later
                if (placed[0], index) in seen:
                    continue
                seen.add((placed[0], index))
            grown = extend(variant, live[index], placed)
            if grown is None:
                continue
            rest = list(cards)
            rest.remove(placed[0])
            sub = rec(tuple(rest), melds[:index] + (grown,) + melds[index + 1 :])
            trial = (sub[0], [(placed, index)] + sub[1])
            if (trial[0], len(trial[1])) < (best[0], len(best[1])):
                best = trial
        memo[key] = best
        return best

    return rec(tuple(sorted(hand)), start)


def holds_contract(variant: Variant, hand: Sequence[int]) -> bool:
    """Do these cards hold the contract's sets and runs (`play.contract_*`) as melds of their
    own, disjoint, the rest of the hand left aside? True when there is no contract.

    The seat fact `contract` of score expressions (Indian rummy: a loser without the two
    runs, one pure, pays for every card). The melds tried are the hand's candidate melds
    (meldgen: every meld, or with many wild cards its canonical ones)."""
    play = variant.play
    if not (play.contract_sets or play.contract_runs):
        return True
    if play.contract_pure and not _pure_run_possible(variant, hand):
        return False  # no candidate meld can be a pure run: the listing would say no too
    return _holds_by_listing(variant, hand)


def _holds_by_listing(variant: Variant, hand: Sequence[int]) -> bool:
    """`holds_contract` from the hand's candidate melds (a contract is set): meldlist's
    listing of the hand, the same list as meldgen.candidate_melds, remembered per hand and
    derived from a recent hand's (a loser's last hand was often listed a card away)."""
    play = variant.play
    sets: set[tuple[int, ...]] = set()
    runs: set[tuple[tuple[int, ...], bool]] = set()
    for meld in hand_listing(variant, hand)[0]:
        kind = _kind(variant, meld)
        cards = tuple(sorted(p[0] for p in meld))
        if kind == "set" and len(meld) >= play.contract_set_min:
            sets.add(cards)
        elif kind == "run" and len(meld) >= play.contract_run_min:
            runs.add((cards, all(p[0] == p[1] for p in meld)))
    have = Counter(hand)
    for chosen_sets in combinations(sorted(sets), play.contract_sets):
        left = have - Counter(c for cards in chosen_sets for c in cards)
        if sum(len(cards) for cards in chosen_sets) != sum(have.values()) - sum(left.values()):
            continue  # two sets share a card
        for chosen in combinations(sorted(runs), play.contract_runs):
            if sum(pure for _, pure in chosen) < play.contract_pure:
                continue
            need = Counter(c for cards, _ in chosen for c in cards)
            if not need - left:
                return True
    return False


def _kind(variant: Variant, meld: Meld) -> str | None:
    """`meld_kind` of a listed meld (valid: meldgen names only melds `analyze` accepts): of
    two cards or more, natural names, a set when they name one rank (a run's ranks differ),
    else a run; any other meld is analysed."""
    if len(meld) >= 2 and all(p[1] < 52 for p in meld):
        first = meld[0][1] % 13
        return "set" if all(p[1] % 13 == first for p in meld) else "run"
    return meld_kind(variant, meld)


def _pure_run_possible(variant: Variant, hand: Sequence[int]) -> bool:
    """Could some run of the hand's natural cards, each standing for itself, be long enough
    for the contract (`play.contract_run_min`)? A pure run meld (`melds.analyze`: one suit,
    distinct ranks, a legal window of `run_min..run_max` ranks) needs one, so False means
    `holds_contract` is False without listing any meld (a loser's hand at hand end, in
    a game whose contract wants a pure run)."""
    t = tables(variant)
    if not t.has_runs:
        return False
    windows = _long_windows(t.line, max(variant.play.contract_run_min, t.run_min), t.run_max)
    present = [0, 0, 0, 0]
    for code in hand:
        if 0 <= code < 52:
            present[code // 13] |= 1 << (code % 13)
    return any(w & have == w for have in present if have for w in windows)


@cache
def _long_windows(line: str, shortest: int, longest: int) -> tuple[int, ...]:
    """The rank masks (bit r-1 for rank r) of the legal run windows of `shortest..longest`
    ranks in a line key."""
    return tuple(m for m, w in window_by_mask(line).items() if shortest <= len(w) <= longest)

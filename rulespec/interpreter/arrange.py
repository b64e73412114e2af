"""Whole-hand partitions and the defender's best lay-offs (interpreter, beside the solver).

`partition` splits ALL the given cards into melds, optionally with a number
of melds or exact meld sizes (Continental's 1, 3 or 5 melds; 3+3+3+3+3).
`best_layoff` finds the lay-offs onto a knocker's melds, chaining allowed,
that leave the defender the least deadwood.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rulespec.interpreter.cards import JOKER, Placed
from rulespec.interpreter.meldrules import tables
from rulespec.interpreter.melds import (
    extend,
    layoffs,
    meld_kind,
    name_wilds,
    normalize,
    pattern_of,
)
from rulespec.interpreter.search import GeneralSearch, Step
from rulespec.spec.model import Variant

Meld = tuple[Placed, ...]


def _fits_sizes(partial: tuple[int, ...], targets: list[Counter[int]]) -> bool:
    have = Counter(partial)
    return any(all(target[s] >= n for s, n in have.items()) for target in targets)


def partition(
    variant: Variant,
    hand: Sequence[int],
    melds_counts: Sequence[int] | None = None,
    sizes: Sequence[Sequence[int]] | None = None,
) -> list[Meld] | None:
    """An exact partition of ALL the cards into melds, or None.

    `melds_counts`: the number of melds must be one of these; `sizes`: the
    meld sizes sorted descending must equal one of these lists. Deterministic.
    """
    t = tables(variant)
    if not hand or (JOKER in hand and not t.wild_joker):
        return None
    counts_ok = set(melds_counts) if melds_counts is not None else None
    size_targets = [tuple(sorted(s, reverse=True)) for s in sizes] if sizes is not None else None
    target_counters = [Counter(s) for s in size_targets] if size_targets is not None else []
    most = max(counts_ok) if counts_ok else len(hand)
    search = GeneralSearch(t, hand)
    wild_sizes = sorted(t.all_wild_sizes)

    def complete(used: tuple[int, ...]) -> bool:
        if counts_ok is not None and len(used) not in counts_ok:
            return False
        return size_targets is None or tuple(sorted(used, reverse=True)) in size_targets

    def absorb(w: int, used: tuple[int, ...]) -> list[int] | None:
        if w == 0:
            return [] if complete(used) else None
        for size in wild_sizes:
            if size <= w and len(used) < most:
                rest = absorb(w - size, used + (size,))
                if rest is not None:
                    return [size] + rest
        return None

    failed: set[tuple[int, int, tuple[int, ...]]] = set()

    def dfs(mask: int, w: int, used: tuple[int, ...]) -> tuple[list[Step], list[int]] | None:
        if not mask:
            groups = absorb(w, used)
            return None if groups is None else ([], groups)
        key = (mask, w, tuple(sorted(used)))
        if key in failed or len(used) >= most:
            return None
        low = mask & -mask
        i = (low.bit_length() - 1) // search.width
        guard = search.guard
        for m, kmin, kmax, codes in search.by_low[i]:
            if kmin > w or ((mask | guard) - m) & guard != guard:
                continue
            for k in range(kmin, min(kmax, w) + 1):
                now = used + (len(codes) + k,)
                if size_targets is not None and not _fits_sizes(now, target_counters):
                    continue
                found = dfs(mask - m, w - k, now)
                if found is not None:
                    return [(codes, k)] + found[0], found[1]
        failed.add(key)
        return None

    for mask, tokens in search.splits():
        result = dfs(mask, len(tokens), ())
        if result is not None:
            steps, groups = result
            pool = sorted(tokens)
            melds: list[Meld] = []
            for codes, k in steps:
                melds.append(name_wilds(variant, list(codes) + pool[:k])[0])
                pool = pool[k:]
            for size in groups:
                melds.append(name_wilds(variant, pool[:size])[0])
                pool = pool[size:]
            return melds
    return None


def best_layoff(
    variant: Variant, hand: Sequence[int], table_melds: Sequence[Sequence[Placed]]
) -> tuple[int, list[tuple[Placed, int]]]:
    """(least deadwood left, the lay-offs in order) for a defender laying off onto these melds.

    Lay-offs may chain (a card laid off on a run makes room for the next).
    Ties go to fewer lay-offs, then to the first found in sorted order. A
    whole-hand pattern counts only for the whole hand: a hand that fits one
    lays off nothing, and what is left after lay-offs is counted without them.
    """
    from rulespec.interpreter.showdown import plain
    from rulespec.interpreter.solver import deadwood

    if variant.melds.patterns:
        if pattern_of(variant, hand) is not None:
            return 0, []
        variant = plain(variant)

    start = tuple(normalize(variant, m) for m in table_melds)
    any_suit_sets = variant.melds.set is not None and variant.melds.set.suits == "any"
    memo: dict[tuple[tuple[int, ...], tuple[Meld | None, ...]], tuple[int, list]] = {}

    def rec(cards: tuple[int, ...], melds: tuple[Meld | None, ...]) -> tuple[int, list]:
        key = (cards, melds)
        got = memo.get(key)
        if got is not None:
            return got
        best: tuple[int, list] = (deadwood(variant, cards), [])
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

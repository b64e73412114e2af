"""Which unseen cards make a meld of three with two cards of a hand (bots layer, under masklook).

The partial-meld potential (`partials.potential`) counts, for each pair of deadwood
cards, the unseen cards that would complete a shortest meld of three with them:
a set's other suits, a run's gap ranks. The table is built once per variant here,
below `masklook`, so the compiled lookahead (`_deadwood.c`'s Look) can be given it.
"""

from __future__ import annotations

from typing import Any

from rulespec.bots.mates import run_windows
from rulespec.model.derived import Derived
from rulespec.model.variant import Variant

_GAPS: Derived[dict[tuple[int, int], list[int]]] = Derived()


def run_gaps(variant: Variant) -> dict[tuple[int, int], list[int]]:
    """For two ranks (low first) of one suit: the ranks that make a shortest run of three
    with them (empty unless the variant's runs start at three); made once per variant."""
    return _GAPS.get(variant, None, _make_gaps, variant)


def _make_gaps(variant: Variant) -> dict[tuple[int, int], list[int]]:
    gaps: dict[tuple[int, int], list[int]] = {}
    run = variant.melds.run
    if run is not None and run.min == 3:
        for r in variant.ranks:
            for window in run_windows(variant, r):
                lo, hi = sorted(window)
                gaps.setdefault((lo, hi), []).append(r)
    return gaps


_PAIRS: dict[int, tuple[Variant, list[tuple[int, ...]], list[int]]] = {}


def pair_outs(variant: Variant) -> tuple[list[tuple[int, ...]], list[int]]:
    """For two natural codes a < b (at a * 52 + b): the unseen codes that would make a
    shortest meld of three with them (a set's other suits, a run's gap ranks); built once
    per variant (held with it, so an id never names another object)."""
    hit = _PAIRS.get(id(variant))
    if hit is not None and hit[0] is variant:
        return hit[1], hit[2]
    sets = variant.melds.set is not None and variant.melds.set.min == 3
    run = variant.melds.run  # the table reads the rules only through these facts
    facts = (sets, run is not None and run.min == 3, variant.ace, variant.ranks)
    if facts not in _BY_FACTS:  # (a variant whose wild card changes each hand: one build)
        _BY_FACTS[facts] = _build(variant, sets)
    table, partners = _BY_FACTS[facts]
    if len(_PAIRS) > 256:
        _PAIRS.clear()
    _PAIRS[id(variant)] = (variant, table, partners)
    return table, partners


Pairs = tuple[list[tuple[int, ...]], list[int]]
_BY_FACTS: dict[tuple[bool, bool, str, tuple[int, ...]], Pairs] = {}  # the tables by their facts


def _build(variant: Variant, sets: bool) -> Pairs:
    """pair_outs' table and partner masks, made (sets of three or not, the run gaps)."""
    gaps = run_gaps(variant)
    table: list[tuple[int, ...]] = [()] * (52 * 52)
    for a in range(52):
        rank_a, suit_a = a % 13, a // 13
        for b in range(a + 1, 52):
            if sets and rank_a == b % 13:
                suit_b = b // 13
                table[a * 52 + b] = tuple(
                    rank_a + 13 * s for s in range(4) if s not in (suit_a, suit_b)
                )
            elif suit_a == b // 13:
                table[a * 52 + b] = tuple(
                    (r - 1) + 13 * suit_a for r in gaps.get((rank_a + 1, b % 13 + 1), ())
                )
    partners = [0] * 52  # code a -> mask of the codes b > a with outs
    for a in range(52):
        for b in range(a + 1, 52):
            if table[a * 52 + b]:
                partners[a] |= 1 << b
    return table, partners


_OUTS: list[Any] = [None, None]  # the last pair table and its masks


def out_masks(table: list[tuple[int, ...]]) -> list[int] | None:
    """Each pair's outs as a card mask, as the C Look takes them (None: a card listed
    twice, which the Python sums count twice), kept for the last table (`pair_outs` hands
    out one table for all the variants of the same facts)."""
    if _OUTS[0] is not table:
        outs: list[int] | None = [sum(1 << c for c in codes) for codes in table]
        if any(m.bit_count() != len(codes) for m, codes in zip(outs or (), table, strict=True)):
            outs = None
        _OUTS[:] = [table, outs]
    got: list[int] | None = _OUTS[1]
    return got

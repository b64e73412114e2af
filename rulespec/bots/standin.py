"""The bots' stand-in deadwood solver, for when the real one is missing (bots layer, under hands).

`hands.arrangement` asks `rulespec.interpreter.solver` whenever it imports (always,
in a whole install); this small exact search over plain sets and runs along the
pack's order (no wild cards) only keeps the bots usable without it. Kept apart
from hands.py, which it would push past the module size.
"""

from __future__ import annotations

from typing import Any

from rulespec.bots.base import JOKER, hand_value, rank_of, suit_of
from rulespec.model.variant import Variant


def stand_in(variant: Variant, cards: list[int]) -> tuple[int, list[tuple[int, ...]], list[int]]:
    """A small exact search over plain sets and low-ace runs (no wilds): a stand-in only."""
    melds: list[tuple[int, ...]] = []
    by_rank: dict[int, list[int]] = {}
    for c in cards:
        if c < JOKER:
            by_rank.setdefault(rank_of(c), []).append(c)
    set_rule, run_rule = variant.melds.set, variant.melds.run
    if set_rule is not None:
        for group in by_rank.values():
            distinct = sorted(set(group), key=suit_of)
            if len(distinct) >= set_rule.min:
                melds.append(tuple(distinct[: set_rule.max or 4]))
                if len(distinct) == 4 and set_rule.min <= 3:
                    for skip in distinct:
                        melds.append(tuple(c for c in distinct if c != skip))
    if run_rule is not None:
        present = set(cards)
        order = variant.ranks  # the pack's run order (7 then J in a pack without 8-10)
        for suit in range(4):
            for start in range(len(order)):
                run: list[int] = []
                for r in order[start:]:
                    code = (r - 1) + 13 * suit
                    if code not in present:
                        break
                    run.append(code)
                    if len(run) >= run_rule.min and (
                        run_rule.max is None or len(run) <= run_rule.max
                    ):
                        melds.append(tuple(run))

    best: list[Any] = [None]

    def search(rest: list[int], chosen: list[tuple[int, ...]], dead: list[int]) -> None:
        if not rest:
            value = sum(hand_value(variant, c) for c in dead)
            if best[0] is None or value < best[0][0]:
                best[0] = (value, list(chosen), list(dead))
            return
        first, tail = rest[0], rest[1:]
        search(tail, chosen, dead + [first])
        for meld in melds:
            if first in meld and all(c in rest for c in meld):
                left = list(rest)
                for c in meld:
                    left.remove(c)
                search(left, chosen + [meld], dead)

    search(sorted(cards), [], [])
    result: tuple[int, list[tuple[int, ...]], list[int]] = best[0]
    return result

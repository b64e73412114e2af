"""What the table shows the danger model, read once while it lies unchanged (bots layer,
under danger).

`danger.discard_danger` reads, per decision, the ranks in sight (the pile's and the
table melds') and each table meld's lay-off test. The table's melds change only when a
seat melds or lays off, and `bots/view.py` hands back the same `TableMeld` object for a
meld that lies as it was, so the melds' part is kept for the last melds read (held, and
compared object by object): in the four-player and contract games, with many melds on
the table, it was read afresh for every decision. The same lists, so the same counts.
"""

from __future__ import annotations

from operator import is_
from typing import Any

from rulespec.bots.base import JOKER, rank_of, suit_of
from rulespec.bots.mates import rank_positions
from rulespec.bots.view import TableMeld

Target = tuple[int | None, int | None, tuple[int, ...]]
"""A table meld's lay-off test: its naturals' one rank or None, their one suit or None,
the run places just past its ends (if any)."""

_RANKS: list[Any] = [(), []]  # the last melds read (held) and their natural ranks
_PLACES: list[Any] = [None, {}]  # the last run order read (held) and its places
_TARGETS: dict[tuple[tuple[int, ...], tuple[int, ...]], Target | None] = {}  # by ranks, meld
_LAYOFFS: list[Any] = [None, (), []]  # the last run order and melds read, their targets


def _same(held: tuple[TableMeld, ...], melds: tuple[TableMeld, ...]) -> bool:
    """The same melds, object by object (a TableMeld is frozen: the same object, the same
    meld)."""
    return len(held) == len(melds) and all(map(is_, held, melds))


def meld_ranks(melds: tuple[TableMeld, ...]) -> list[int]:
    """The ranks of the melds' natural placed cards, meld by meld, in order (the list
    `danger.seen_counts` counts); kept for the last melds read. Read, never changed."""
    if not _same(_RANKS[0], melds):
        _RANKS[:] = [melds, [c % 13 + 1 for m in melds for c in m.placed if c < JOKER]]
    ranks: list[int] = _RANKS[1]
    return ranks


def places(order: tuple[int, ...]) -> dict[int, int]:
    """`mates.rank_positions` of the run order, kept for the last order read (the same
    object: the variant's). Read, never changed."""
    if _PLACES[0] is not order:
        _PLACES[:] = [order, rank_positions(order)]
    at: dict[int, int] = _PLACES[1]
    return at


def layoff_targets(order: tuple[int, ...], melds: tuple[TableMeld, ...]) -> list[Target]:
    """Each table meld's lay-off test (`Target`), the melds of no natural card left out, in
    table order; kept for the last order and melds read. Read, never changed."""
    if _LAYOFFS[0] is not order or not _same(_LAYOFFS[1], melds):
        at = places(order)
        found = []
        for meld in melds:
            key = (order, meld.placed)
            target = _TARGETS.get(key, False)
            if target is False:  # (the same melds lie on the table decision after decision)
                if len(_TARGETS) > 4096:
                    _TARGETS.clear()
                target = _TARGETS[key] = _layoff_target(at, meld.placed)
            if target is not None:
                found.append(target)
        _LAYOFFS[:] = [order, melds, found]
    targets: list[Target] = _LAYOFFS[2]
    return targets


def _layoff_target(at: dict[int, int], placed: tuple[int, ...]) -> Target | None:
    """A table meld's lay-off test (see `Target`), None for a meld of no natural card."""
    naturals = [c for c in placed if c < JOKER]
    if not naturals:
        return None
    ranks, suits = {rank_of(c) for c in naturals}, {suit_of(c) for c in naturals}
    spots = [at[rank_of(c)] for c in placed if rank_of(c) in at]
    ends = (min(spots) - 1, max(spots) + 1) if spots else ()
    one_rank, one_suit = ranks.pop() if len(ranks) == 1 else None, suits.pop()
    return one_rank, one_suit if not suits else None, ends

"""Run windows and meld mates of card codes, by the rules they read (bots layer, under danger).

The shortest runs through a rank along the pack's run order (`deck.ranks`, the
ace rule), and for each card code the codes that could sit in one shortest meld
with it, and the reverse: read by the discard dangers (`bots/danger.py`), the
pairs' outs (`bots/pairouts.py`) and the C lookahead's tables (`bots/maskc.py`).
Each table is made once per rules.
"""

from __future__ import annotations

from functools import lru_cache

from rulespec.bots.base import JOKER, rank_of, suit_of
from rulespec.model.variant import Variant

FULL = tuple(range(1, 14))  # the ranks of a standard deck in run order (A 2 .. K)


@lru_cache(maxsize=64)
def rank_positions(order: tuple[int, ...]) -> dict[int, int]:
    """Each rank's place (1..n) in the pack's run order: the rank itself for a full deck."""
    return {rank: i + 1 for i, rank in enumerate(order)}


def _rank_at(ace: str, pos: int, order: tuple[int, ...] = FULL) -> int | None:
    """The rank at a run position under the ace rule: position p (1..n) is the p-th rank of
    the pack's run order, n + 1 the ace again when it may sit high (13 + 1 for a full deck)."""
    n = len(order)
    if ace == "wrap":
        return order[(pos - 1) % n]
    has_ace = order[0] == 1
    if pos == n + 1 and ace in ("high", "high_or_low") and has_ace:
        return 1
    if pos == 1 and ace == "high" and has_ace:
        return None
    return order[pos - 1] if 1 <= pos <= n else None


def run_windows(variant: Variant, rank: int) -> list[list[int]]:
    """The other ranks of each shortest run through ``rank`` (same suit), along the pack's
    run order (``deck.ranks``: in a pack without 8, 9 and 10, 7 and J are neighbours)."""
    run = variant.melds.run
    if run is None:
        return []
    return [list(w) for w in rank_windows(variant.ace, max(run.min, 2), rank, variant.ranks)]


@lru_cache(maxsize=1024)
def rank_windows(
    ace: str, size: int, rank: int, order: tuple[int, ...] = FULL
) -> tuple[tuple[int, ...], ...]:
    """run_windows by what it depends on: the ace rule, the shortest run, the rank, the
    pack's run order."""
    windows = _windows_of(ace, size, rank, order)
    return tuple(tuple(w) for w in windows)


def _windows_of(ace: str, size: int, rank: int, order: tuple[int, ...]) -> list[list[int]]:
    """The windows of `size` ranks holding `rank`, as the other ranks of each, in order
    (none for a rank the pack leaves out)."""
    if rank not in order:
        return []
    n = len(order)
    pos_of = order.index(rank) + 1
    positions = [pos_of, n + 1] if rank == 1 and pos_of == 1 else [pos_of]
    windows: list[list[int]] = []
    for pos in positions:
        for start in range(pos - size + 1, pos + 1):
            ranks = [_rank_at(ace, p, order) for p in range(start, start + size) if p != pos]
            if all(r is not None for r in ranks) and rank not in ranks:
                window = [r for r in ranks if r is not None]
                if window not in windows:
                    windows.append(window)
    return windows


def _mates(variant: Variant) -> tuple[frozenset[int], ...]:
    """For each card code 0..52: the codes that could sit in one shortest meld with it
    (same rank when there are sets, else a run window of its suit); built once per rules."""
    return mates_table(*_table_key(variant))


def _table_key(variant: Variant) -> tuple[bool, str, int | None, tuple[int, ...]]:
    """What the mates tables depend on: sets or not, the ace rule, the shortest run
    (None: no runs), the pack's run order."""
    run = variant.melds.run
    size = None if run is None else max(run.min, 2)
    return variant.melds.set is not None, variant.ace, size, variant.ranks


@lru_cache(maxsize=64)
def mates_table(
    sets: bool, ace: str, size: int | None, order: tuple[int, ...] = FULL
) -> tuple[frozenset[int], ...]:
    """_mates by what it depends on: sets or not, the ace rule, the shortest run, the
    pack's run order."""
    out = []
    for a in range(JOKER + 1):
        mates = set()
        for b in range(JOKER):
            if a >= JOKER:
                break
            if (
                sets
                and rank_of(a) == rank_of(b)
                or (
                    size is not None
                    and suit_of(a) == suit_of(b)
                    and any(rank_of(b) in w for w in rank_windows(ace, size, rank_of(a), order))
                )
            ):
                mates.add(b)
        out.append(frozenset(mates))
    return tuple(out)


def mates_of(variant: Variant) -> tuple[tuple[int, ...], ...]:
    """For each card code 0..52: the codes whose `_mates` hold it (the codes it weighs in
    `danger.holding` when it was passed over or thrown), lowest first."""
    return _mates_of_table(*_table_key(variant))


@lru_cache(maxsize=64)
def _mates_of_table(
    sets: bool, ace: str, size: int | None, order: tuple[int, ...] = FULL
) -> tuple[tuple[int, ...], ...]:
    """mates_of by what it depends on (as mates_table)."""
    table = mates_table(sets, ace, size, order)
    return tuple(tuple(a for a in range(JOKER + 1) if b in table[a]) for b in range(JOKER + 1))

"""The going-out partition's tallies: a contract's melds counted, meld sizes against targets
(interpreter, under partsearch).

`partsearch._Partitioner` carries, per state, how the melds placed so far count toward a
going-out contract (`Got`, each kind capped at its need) and, under size targets, checks
the sizes so far against every target. Both are small pure facts of the melds placed,
written here once for the Python search (the C route, `_gensearch_partition.h`, counts
the same way: `pz_counted`).
"""

from __future__ import annotations

from collections import Counter

Contract = tuple[int, int, int, int, int]
"""What a going out must hold: (sets, their length, runs, their length, runs of them pure)."""

Got = tuple[int, int, int]
"""A contract's tally so far: sets, runs and pure runs counted (each capped at its need)."""

NONE_GOT: Got = (0, 0, 0)


def fits_sizes(partial: tuple[int, ...], targets: list[Counter[int]]) -> bool:
    """Could meld sizes `partial` still grow into one of the size targets?"""
    have = Counter(partial)
    return any(all(target[s] >= n for s, n in have.items()) for target in targets)


def counted(c: Contract | None, got: Got, codes: tuple[int, ...], k: int) -> Got:
    """The contract's tally with one more meld of these natural codes and k wild cards
    (capped at what the contract asks). A meld of one natural card counts for neither
    kind: which it is, the naming decides."""
    if c is None or len(codes) < 2:
        return got
    size = len(codes) + k
    if codes[0] % 13 == codes[1] % 13:
        return (min(got[0] + (size >= c[1]), c[0]), got[1], got[2]) if c[0] else got
    if size < c[3]:
        return got
    return (got[0], min(got[1] + 1, c[2]), min(got[2] + (k == 0), c[4]))

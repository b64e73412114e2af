"""The cyclic garbage collector paced for a run of bot hands (stage: sim).

A simulated hand allocates container objects by the hundred thousand (move texts,
hand tuples, cache keys) and frees nearly all of them by reference counting at once.
CPython's collector still counts them: every 700 net allocations it examines the
young objects, every tenth of those the middle generation, and every tenth of those
the whole heap, which in a long run holds the bots' and the engine's caches (tens of
thousands of entries). In smart self-play that was 5-8% of a run's time, about half
of it the whole-heap passes, which find nothing: the few reference cycles a hand makes
die young (30 smart hands of continental: about 9,000 objects freed by the young and
middle passes, none by the whole-heap ones).

While bots play a hand (`runner.run_hand` and `run_match`, whoever calls them: a
simulation in this process, a forked worker or a Ray task, the benchmarks, the tests)
the young generation's threshold is raised to
`YOUNG`, so the collector runs about fourteen times less often and the whole-heap
pass about as rarely; every cycle is still found, only later, and the extra garbage
this holds is a few megabytes at most. The thresholds are put back when the hand
ends, also on an error. Nothing of a record depends on when the collector runs (the
tests and `bench/smart_same.py` compare records and every bot move).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

YOUNG = 10_000
"""Net container allocations between two collections of the young generation (CPython's
default is 700)."""


@contextmanager
def paced() -> Iterator[None]:
    """Within the block the young generation is collected after `YOUNG` net allocations
    (or the caller's own threshold, if higher); the thresholds are restored after it."""
    before = gc.get_threshold()
    gc.set_threshold(max(before[0], YOUNG), *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)

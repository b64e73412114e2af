"""The going-out partition search's C route: its arguments, made once per search (interpreter,
under partsearch).

`partsearch._Partitioner` asks `Parts.partition` (`_gensearch_partition.h`) in place of
its Python `_dfs` when the hand's counted search is the C one: the same steps in the same
order, so the same partition (tests/interpreter/test_partition_native.py compares them).
`NativeRules.of` says whether the C route can take a search's constraints (not with size
targets, nor counts, contracts or all-wild sizes past the C tables' widths: then the Python
search, whose answers are the same); the variant's share table and run windows are packed
once per tables (`t.memo`).
"""

from __future__ import annotations

import struct
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from rulespec.core.cards import JOKER
from rulespec.interpreter.meldrules import BIG, Tables, rank_mask, run_windows
from rulespec.interpreter.partshare import share_table

Step = tuple[tuple[int, ...], int]
Start = tuple[int, int, int, int, int, int]

ENABLED = True
"""The C route is taken where it can be (tests turn it off to compare the Python search)."""

_NEEDS, _OUTNUMBER, _EXCHANGE, _WILD_IN_DROP, _DROP = 1, 2, 4, 8, 16


def _packed(t: Tables) -> tuple[bytes, bytes]:
    """(the share table as 52 64-bit masks, the run windows as `mask | length << 13`)."""
    got = t.memo.get(("pz-native",))
    if not isinstance(got, tuple):
        share = struct.pack("<52Q", *share_table(t))
        wins = [rank_mask(w) | len(w) << 13 for w in run_windows(t.line)] if t.has_runs else []
        got = t.memo[("pz-native",)] = (share, struct.pack(f"<{len(wins)}I", *wins))
    return got


@dataclass(frozen=True)
class NativeRules:
    """One partition search's constraints as the C call reads them."""

    parts: Any  # the hand's C Parts (GeneralSearch.native)
    most: int
    counts: int  # bit n: n melds may make the partition
    flags: int  # _NEEDS, _OUTNUMBER, _EXCHANGE
    wild_sizes: int  # bit n: an all-wild meld of n cards
    per_meld: int  # -1: no limit
    contract: tuple[int, int, int, int, int] | None
    wild_codes: frozenset[int]
    share: bytes
    windows: bytes

    @staticmethod
    def of(
        t: Tables,
        parts: Any,
        most: int,
        counts: Collection[int] | None,
        needs: bool,
        exchange: bool,
        contract: tuple[int, int, int, int, int] | None,
        wild_codes: frozenset[int],
    ) -> NativeRules | None:
        """The C route's arguments for a search without size targets, or None when it
        cannot take them (no C search, or numbers past its fields)."""
        if not ENABLED or parts is None or most > 63:
            return None
        if counts is not None and not all(0 <= n <= 62 for n in counts):
            return None
        if not all(1 <= n <= 63 for n in t.all_wild_sizes):
            return None
        if contract is not None and not all(0 <= n <= 15 for n in contract):
            return None
        share, windows = _packed(t)
        return NativeRules(
            parts,
            most,
            (1 << 64) - 1 if counts is None else sum(1 << n for n in set(counts)),
            (_NEEDS if needs else 0) | (_OUTNUMBER if t.outnumber else 0) | _EXCHANGE * exchange,
            sum(1 << n for n in t.all_wild_sizes),
            -1 if t.per_meld >= BIG else t.per_meld,
            contract,
            wild_codes,
            share,
            windows,
        )

    @staticmethod
    def takes(b: int, used: int) -> bool:
        """Can the C call take a state with b wild cards spare and `used` melds made?"""
        return used <= 63 and -256 <= b < 256

    def start(self, mask: int, b: int, fl: int, used: int, drop: frozenset[int] | None) -> Start:
        """The C call's state for `_dfs` from this state (`takes` it): (mask, b, fl, used, the
        codes that may be left out as a mask, the flags with the drop's two bits)."""
        flags = self.flags
        dropped = 0
        if drop is not None:
            flags |= _DROP
            dropped = sum(1 << c for c in drop if 0 <= c < JOKER)
        if drop is None or self.wild_codes <= drop:
            flags |= _WILD_IN_DROP
        return mask, b, fl, used, dropped, flags

    def each(self, starts: list[list[Start]]) -> list[bool]:
        """For each list of states (`start`'s), is there a partition from one of them? One C
        call with one memo for all (the search's answer is a fact of the state: the same
        answers as `search` from each)."""
        got: list[bool] = self.parts.partition_each(
            starts,
            self.most,
            self.counts,
            self.flags,
            self.wild_sizes,
            self.per_meld,
            self.contract,
            self.share,
            self.windows,
        )
        return got

    def search(
        self, mask: int, b: int, fl: int, used: int, drop: frozenset[int] | None
    ) -> tuple[Step, ...] | None:
        """`_Partitioner._dfs` from this state (`takes` it), in C: its steps, or None when
        there is no partition."""
        mask, b, fl, used, dropped, flags = self.start(mask, b, fl, used, drop)
        steps = self.parts.partition(
            mask,
            b,
            fl,
            used,
            self.most,
            dropped,
            self.counts,
            flags,
            self.wild_sizes,
            self.per_meld,
            self.contract,
            self.share,
            self.windows,
        )
        return None if steps is None else tuple(steps)

"""A going-out moment's candidate rests asked in one C call (phases/outeach.py,
`_gensearch_partcalls.h`) answer as each rest's own search, and the listing is the same.

- `NativeRules.each` (one memo for many starts, a drop mask's class in the key) equals
  `NativeRules.search` from each start alone, over hands built from melds in shaped and
  bundled variants, meld counts, cards left out by any mask, melds made before.
- Continental's listing with the one call equals the listing that asks each candidate
  (`_meld_refusal`, itself checked against a fresh `can_finish` in
  test_laying_shortcuts.py), at every played position of seeded smart hands (2 and 3
  players: cards taken from the pile held back too), every answer written equals a fresh
  `wayon.can_finish`, and the call answers most rests.
- The moment kept for the next one (`outmemo.keep_moment`) answers the whole-hand gate
  after a meld without a search, as a fresh search does.

Without the C extension (RULESPEC_NATIVE=0) there is no call: the listing asks one by one,
and the tests that the call fires say so instead of passing.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from test_laying_shortcuts import _positions
from test_partition_native import BUNDLED, COUNTS, SHAPES, meld_hand, variant_of

from rulespec.core.cards import JOKER
from rulespec.interpreter import gensearch
from rulespec.interpreter.meldrules import tables
from rulespec.interpreter.partnative import NativeRules, Start
from rulespec.interpreter.partsearch import partitioner
from rulespec.interpreter.phases import judge as J
from rulespec.interpreter.phases import lay as L
from rulespec.interpreter.phases import outeach
from rulespec.interpreter.phases import outmemo as O
from rulespec.interpreter.phases import wayon as W
from rulespec.interpreter.phases.context import Ctx

NATIVE = gensearch.MODULE is not None
"""With the C extension (else no call is made: the listing asks one by one)."""


@pytest.mark.parametrize("name", [*SHAPES, *BUNDLED])
def test_each_start_answers_as_its_own_search(name: str) -> None:
    if not NATIVE:
        pytest.skip("no C extension: no C call to compare")
    variant = variant_of(name)
    t = tables(variant)
    rng = random.Random(name)
    asked = Counter()
    for _ in range(30):
        hand = meld_hand(variant, rng)
        for counts in COUNTS:
            solver = partitioner(t, variant, hand, counts, None, None)
            native, s = solver.native, solver.search
            if native is None:
                continue
            starts: list[list[Start]] = []
            expect: list[bool] = []
            for _ in range(8):
                rest = sorted(rng.sample(hand, rng.randint(max(1, len(hand) - 5), len(hand))))
                mask = sum(s.units[solver.index[c]] for c in rest if c != JOKER)
                jokers, used = rest.count(JOKER), rng.randint(0, 2)
                tries: list[Start] = []
                found = False
                for _ in range(rng.randint(1, 2)):
                    b = jokers - rng.randint(0, min(1, jokers))
                    some = frozenset(rng.sample(rest, min(2, len(rest))))
                    drop = rng.choice([None, frozenset(rest), some])
                    if not native.takes(b, used):
                        continue
                    fl = s.flex_in(mask)
                    tries.append(native.start(mask, b, fl, used, drop))
                    found = found or native.search(mask, b, fl, used, drop) is not None
                starts.append(tries)
                expect.append(found)
            assert native.each(starts) == expect, (hand, counts)
            asked[True] += sum(expect)
            asked[False] += len(expect) - sum(expect)
    assert asked[True] and asked[False]  # both answers were asked of the one call


@pytest.mark.parametrize("players", [2, 3])
def test_the_going_out_listing_is_the_one_by_one_listing(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    fired = Counter()
    each = NativeRules.each

    def counted(self: NativeRules, starts: list[list[Start]]) -> list[bool]:
        fired["rests in one call"] += len(starts)
        return each(self, starts)

    monkeypatch.setattr(NativeRules, "each", counted)
    for variant, hs in _positions("continental", 3, players):
        assert outeach.takes(variant)
        c = Ctx(variant, hs, explain=False)
        fast = list(L._laying(c, True, False))
        known = c.answers("finish")
        monkeypatch.setattr(outeach, "ENABLED", False)
        assert fast == list(L._laying(Ctx(variant, hs, explain=False), True, False)), hs
        assert J.legal_moves(variant, hs)[: len(fast)] == fast
        monkeypatch.setattr(outeach, "ENABLED", True)
        made = [len(m) for m in O.turn_melds(c)]
        for (rest, _, _), got in known.items():
            if got is not None:
                cards = Counter(c.hand) - Counter(rest)
                meld = tuple((x, x) for x in cards.elements())
                sizes = [*made, len(meld)]
                assert got == W.can_finish(variant, hs, c.seat, list(rest), sizes, meld), hs
                fired["answered"] += 1
                fired["held back"] += bool(hs.taken)
    assert fired["answered"] > 100 and fired["held back"] > 0
    if NATIVE:
        assert fired["rests in one call"] > fired["answered"] / 2
    else:
        assert not fired["rests in one call"]  # (no C route: each candidate asked alone)


def test_the_kept_moment_answers_the_next_gate(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(O, "_CARRIED", {})  # (only the kept moments may answer)
    kept = 0
    for variant, hs in _positions("continental", 4):
        c = Ctx(variant, hs, explain=False)
        made = O.turn_melds(c)
        if not made:
            L.laying(c)  # (keeps this moment for the next, as the play did)
            continue
        fresh = W.can_finish(variant, hs, c.seat, list(c.hand), [len(m) for m in made])
        before = [*c.hand, *(p[0] for p in made[-1])]
        if O._sorted_key(c, tuple(sorted(before)), made[:-1]) in O._MOMENTS:
            with monkeypatch.context() as m:
                m.setattr(W, "finish", lambda *a: pytest.fail("asked again"))
                assert O.whole_hand_finishes(c) is fresh
            kept += 1
        L.laying(c)
    assert kept > 0 if NATIVE else kept == 0

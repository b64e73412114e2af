"""Going out: every candidate's rest of one moment asked in one C call (phases, lay).

Under `play.melding: going_out` the listing asks, for each candidate meld, whether the
rest of the hand can still go out (`outmemo.rest_finishes` -> `wayon.finish`): some thirty
candidates a moment, each a Python walk of `wayon._finish` (its lone-card test, the
compiled deadwood bound, the partition search's setup) around a C search of a few
microseconds. `going_out_melds` answers all of them at once: the same partition
search (the whole hand's partitioner, as `_finish` takes it: `partsearch.partitioner` of
the hand with the whole laydown's meld counts), from each rest's state, in one C call with
one memo (`_gensearch_partcalls.h`), written into the moment's table that `rest_finishes`
reads first (`Ctx.answers("finish")`, keyed as it keys them); a rest the call does not
take is asked of `rest_finishes` as before.

Why the answers are the same: `_finish`'s answer for such a rest is whether a partition
exists, which the search decides exactly; its lone-card test and `partshare.too_dead`
are sure "no"s before it (each says "no" only where the search would), so leaving them out
changes no answer. Taken only where `_finish` is that search alone: no going-out contract,
no size targets, no `unique` (the way found is named against the table there), going out
only by a discard (a card left out: `allowed`, from the cards taken this turn as `_finish`
reads them), the C route, jokers wild, no jokers of their own rank; a rest of one card or
none, or a state the C call does not take, is left to `rest_finishes`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from rulespec.core.cards import JOKER
from rulespec.interpreter.meldrules import tables
from rulespec.interpreter.melds import Meld
from rulespec.interpreter.partnative import NativeRules, Start
from rulespec.interpreter.partsearch import partitioner
from rulespec.interpreter.phases.context import Ctx
from rulespec.interpreter.phases.outmemo import keep_moment, rest_finishes
from rulespec.interpreter.phases.wayon import counts_left
from rulespec.interpreter.search import GeneralSearch
from rulespec.model.variant import Variant

ENABLED = True
"""Answer a moment's rests in one call where it can (tests turn it off to compare)."""


def takes(variant: Variant) -> bool:
    """Is `wayon._finish` of this variant's rests the partition search alone (see above)?"""
    play, go = variant.play, variant.going_out
    return (
        ENABLED
        and play.melding == "going_out"
        and not variant.melds.wild.unique
        and not (play.contract_sets or play.contract_runs)
        and go.partition_sizes is None
        and "discard" in go.by
        and ("meld" not in go.by or variant.discard.required == "always")
    )


def _copies(meld: Meld, code: int) -> int:
    """How many of the meld's cards are this code."""
    return sum(1 for p in meld if p[0] == code)


def going_out_melds(c: Ctx, candidates: Iterable[Meld]) -> Iterator[Meld] | None:
    """The candidates `_meld_refusal` accepts at this going-out moment (`takes` the variant; no
    draw obligation, no minimum), in order, their rests asked in one C call; None where the
    C route cannot take the moment (the caller asks one by one then)."""
    variant, hs = c.variant, c.hs
    t = tables(variant)
    if t.joker_sets or (JOKER in c.hand and not t.wild_joker):
        return None
    made = hs.melds_this_turn + 1  # the turn's melds with the candidate
    counts = counts_left(variant, made)
    if counts is not None and not counts:
        return None  # (`_finish` says no at once: nothing to share)
    full = None if counts is None else tuple(sorted({n + made for n in counts}))
    solver = partitioner(t, variant, c.hand, full, None, None)
    native = solver.native
    if native is None:
        return None
    s = solver.search
    unit = {x: s.units[solver.index[x]] for x in c.hand if x != JOKER}
    return _accepted(c, native, s, unit, counts, list(candidates))


def _accepted(
    c: Ctx,
    native: NativeRules,
    s: GeneralSearch,
    unit: dict[int, int],
    counts: list[int] | None,
    melds: list[Meld],
) -> Iterator[Meld]:
    variant, hs = c.variant, c.hs
    used = 0 if counts is None else hs.melds_this_turn + 1
    held = c.taken() if variant.discard.forbid_taken else None
    known = c.answers("finish")
    hand = sorted(c.hand)
    rests: list[tuple[int, ...]] = []
    keys: list[tuple[tuple[int, ...], None, None]] = []
    starts: list[list[Start]] = []
    for meld in melds:
        rest = hand[:]
        for p in meld:
            rest.remove(p[0])  # (the hand sorted: so is the rest)
        ordered = tuple(rest)
        rests.append(ordered)
        key = (ordered, None, None)
        if len(ordered) < 2 or key in known:
            continue
        drop = frozenset(ordered)
        if held:  # `held_taken(hs, meld)`: the turn's taken cards less the meld's copies
            drop = drop.difference(
                x for x, k in held.items() if ordered.count(x) <= k - _copies(meld, x)
            )
        if not drop or counts == [0]:
            known[key] = False
            continue
        jokers = ordered.count(JOKER)  # (the highest code: last in the sorted rest)
        mask = sum(map(unit.__getitem__, ordered[: len(ordered) - jokers]))
        fl = s.flex_in(mask)
        tries: list[Start] = []
        if mask and any(x != JOKER for x in drop):
            if not native.takes(jokers, used):
                continue
            tries.append(native.start(mask, jokers, fl, used, drop))
        if JOKER in drop and jokers:
            if not native.takes(jokers - 1, used):
                continue
            tries.append(native.start(mask, jokers - 1, fl, used, None))
        known[key] = None  # (a placeholder: the answer follows)
        keys.append(key)
        starts.append(tries)
    if starts:
        for key, got in zip(keys, native.each(starts), strict=True):
            known[key] = got
    keep_moment(c, known)  # (the next moment's whole-hand answer, should a meld be laid)
    for meld, ordered in zip(melds, rests, strict=True):
        if not ordered:
            continue  # (a meld may not empty the hand: a discard must end it)
        answer = known.get((ordered, None, None))
        if answer is None:
            answer = rest_finishes(c, list(ordered), meld)
        if answer:
            yield meld

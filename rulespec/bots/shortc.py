"""A contract's shortfall with runs in one C call (bots layer, under contracts).

`contracts.from_state` is asked of every candidate hand of a contract game until the
contract is down (Indian rummy: two runs, one pure; Contract Rummy's and Carioca's deals
with one to three runs), and with runs its Python (`_held_windows`, `pair_search` or
`_best_choice`, `_set_needs`, `_fill`) was a tenth of Indian rummy's time. The C search's
module (`_gensearch_short.h`, `shortfall_runs`) does the same integer steps in one call:
the windows holding the most cards first, the choices of runs in the same order with the
same bound, the needs filled smallest first, so the same least. The plan's windows and
rules are packed once per plan. Without the extension (or a plan or state it refuses:
more than four runs or 12 sets, a count past 255) the Python answers, the same
(tests/bots/test_shortc.py). Sets alone stay in Python (kept by their counts there).
"""

from __future__ import annotations

from typing import Any

from rulespec.interpreter import gensearch

Packed = tuple[bytes, int, tuple[int, ...]]
"""(the windows as 8-byte masks, how many are kept, the rules `shortfall_runs` reads)."""

_PACKED: dict[int, tuple[Any, Packed]] = {}  # by plan id, the plan held: no id reused


def runs_shortfall(
    plan: Any, wilds: int, counts: list[int], mask: int, by_rank: list[int]
) -> int | None:
    """`contracts.from_state` of a plan with runs (`contracts.Plan`) and a hand's state, or
    None where the C call does not answer (no extension, a plan or state it does not take)."""
    module = gensearch.MODULE
    if module is None:
        return None
    hit = _PACKED.get(id(plan))
    if hit is None or hit[0] is not plan:
        if len(_PACKED) > 64:
            _PACKED.clear()
        hit = _PACKED[id(plan)] = (plan, _pack(plan))
    windows, keep, rules = hit[1]
    try:
        got: int | None = module.shortfall_runs(
            windows, keep, rules, wilds, bytes(counts), mask, bytes(by_rank)
        )
    except ValueError:  # a count past a byte
        return None
    return got


def _pack(plan: Any) -> Packed:
    windows = b"".join(w.to_bytes(8, "little") for w in plan.windows)
    per_meld = -1 if plan.per_meld is None else plan.per_meld
    rules = (
        plan.run_min,
        plan.pure,
        plan.sets,
        plan.set_min,
        int(plan.distinct),
        per_meld,
        int(plan.outnumber),
        plan.runs,
    )
    return windows, plan.keep, rules

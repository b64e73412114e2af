"""The solver's walk of a one-deck natural mask, in C (interpreter, under solver).

`solver.dead_cards` and `solver.dead_summary` want of a one-deck natural hand only the
deadwood and the deadwood cards (or their count and top hand value) of
`solver.fast_arrangement`'s walk, not its melds named. `_deadwood.c`'s Look holds that
walk (`stats`, `dead_mask`: the smart bot's mask lookahead reads it for the variants it
takes), so the solver asks a Look too, built over the variant's C kernel with the
lookahead's own tables left empty (no near ranks, no pairs' outs: the walk reads
neither). Every variant gets one, whole-hand patterns included: the walk knows no
pattern, and the solver tests the patterns after it, as it does after
`fast_arrangement`. None without the C kernel (``RULESPEC_NATIVE=0``, no build): the
solver then walks in Python, with the same answers (tests/interpreter/test_maskwalk.py).

`look_over` gathers a Look's tables over a kernel for every Look made: the walk here, the
smart bot's mask lookahead (`bots/maskc.py`) and the partial melds' potential
(`bots/potc.py`), each with its own values, near ranks and pairs' outs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulespec.interpreter.meldrules import Tables
from rulespec.interpreter.native import compiled_look
from rulespec.interpreter.runtable import Kernel

KEEP = 4
"""Walkers kept (each holds ~2 MB of tables and walk slots; a deal series makes a new
variant, so a new kernel, per deal): past this many, all are dropped and rebuilt on need."""

_WALKERS: dict[int, tuple[Kernel, Any]] = {}  # by the kernel's id, the kernel held: no reuse
_NO_NEAR = [0] * 13
_NO_OUTS = [0] * (52 * 52)


def walker(k: Kernel, t: Tables) -> Any:
    """The C walk of kernel ``k`` over its tables ``t`` (a `_deadwood.Look`), or None."""
    hit = _WALKERS.get(id(k))
    if hit is not None and hit[0] is k:
        return hit[1]
    made = look_over(k, t, t.hand_values[:52], _NO_NEAR, _NO_OUTS)
    if len(_WALKERS) >= KEEP:
        _WALKERS.clear()
    _WALKERS[id(k)] = (k, made)
    return made


def look_over(
    k: Kernel,
    t: Tables,
    values: Sequence[int],
    near: list[int],
    outs: list[int],
    sets: bool | None = None,
) -> Any:
    """A `_deadwood.Look` over kernel ``k`` and its meld tables ``t`` (run cover, value
    sums, natural melds by lowest card) with these 52 hand values, near ranks (13 masks)
    and pairs' outs (52 * 52 masks); ``sets``: the kernel's own when None. The one place a
    Look's tables are gathered: the solver's walk here, the smart bot's lookahead
    (`bots/maskc.py`), the partial melds' potential (`bots/potc.py`). None without the C
    kernel, or where C refuses the tables."""
    if k.native is None:
        return None
    tables = {
        "values": values,
        "cover": t.run_cover,
        "sums": t.rank_value_sum,
        "melds": t.natural_by_low,
        "near": near,
        "outs": outs,
    }
    return compiled_look(k.native, k.has_sets if sets is None else sets, t.set_min, tables)
